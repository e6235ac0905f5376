import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import {
  FUNCTION_ALIASES,
  FUNCTION_BUNDLING,
  functionEntry,
  REPO_ROOT,
} from "./constructs/pacer-function.ts";

/** One function group bundled as the stack bundles it: the minified ESM code, its source map and esbuild's metafile. */
export interface GroupBundle {
  group: string;
  /** The minified bundle (`index.mjs` of the Lambda asset). */
  code: string;
  /** Its source map (JSON text). */
  map: string;
  /** Bytes of the minified code, UTF-8 (what the 500 KB target counts). */
  bytes: number;
  /** esbuild's metafile of the whole build (which inputs landed in which output). */
  metafile: Metafile;
}

/**
 * Bundles entries with the options the stack gives the local esbuild (`FUNCTION_BUNDLING`), as
 * `NodejsFunction` does (`--bundle --platform=node`), in memory. `entries` maps a name (a function
 * group) to its entry file; by default each group's Lambda entry (`functions/src/<group>/index.ts`).
 * Throws when esbuild fails or writes no bundle for an entry.
 */
export async function bundleGroups(
  groups: readonly string[],
  entries: Record<string, string> = Object.fromEntries(groups.map((g) => [g, functionEntry(g)])),
): Promise<GroupBundle[]> {
  const outdir = `${REPO_ROOT}infra/cdk.out/deployed-bundles`;
  const result = await build({
    entryPoints: entries,
    bundle: true,
    platform: "node",
    format: "esm",
    target: FUNCTION_BUNDLING.target,
    minify: FUNCTION_BUNDLING.minify,
    sourcemap: FUNCTION_BUNDLING.sourceMap,
    mainFields: [...FUNCTION_BUNDLING.mainFields],
    external: [...FUNCTION_BUNDLING.externalModules],
    alias: { ...FUNCTION_ALIASES },
    banner: { js: FUNCTION_BUNDLING.banner },
    outdir,
    outExtension: { ".js": ".mjs" },
    metafile: true,
    write: false,
    logLevel: "error",
  });
  const files = new Map(result.outputFiles.map((f) => [f.path, f.text]));
  return groups.map((group) => {
    const path = `${outdir}/${group}.mjs`;
    const code = files.get(path);
    const map = files.get(`${path}.map`);
    if (code === undefined || map === undefined) throw new Error(`esbuild wrote no bundle for ${group}`);
    return { group, code, map, bytes: Buffer.byteLength(code), metafile: result.metafile };
  });
}

/** Bundles written where Lambda's Node.js runtime would see them: see {@link writeLoadableBundles}. */
export interface LoadableBundles {
  /** The directory: `<group>.mjs` per bundle and `node_modules/@aws-sdk` only. */
  dir: string;
  /**
   * Imports `<group>.mjs` in a fresh Node process with `env` only (module load and top-level code,
   * no invocation).
   * @returns the milliseconds the `import()` took
   * @throws the child's error (with its stderr) when the bundle fails to load
   */
  load(group: string, env: Record<string, string>): number;
  /** Removes the directory. */
  remove(): void;
}

/** The script each fresh process runs: import the bundle, print the milliseconds it took. */
const LOADER =
  "const t0 = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t0));";

/**
 * Writes bundles to a new temporary directory whose only `node_modules` entry is `@aws-sdk` (what
 * the Lambda Node.js runtime provides besides Node itself), so that loading one proves it needs
 * nothing else; used by the cold-start bench and the deployed-bundle test.
 */
export function writeLoadableBundles(
  bundles: readonly Pick<GroupBundle, "group" | "code">[],
): LoadableBundles {
  const dir = mkdtempSync(join(os.tmpdir(), "pacer-bundles-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(join(REPO_ROOT, "node_modules/@aws-sdk"), join(dir, "node_modules/@aws-sdk"), "dir");
  for (const b of bundles) writeFileSync(join(dir, `${b.group}.mjs`), b.code);
  return {
    dir,
    load: (group, env) =>
      Number(
        execFileSync(process.execPath, ["--input-type=module", "-e", LOADER, join(dir, `${group}.mjs`)], {
          cwd: dir,
          env,
          encoding: "utf8",
        }),
      ),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
