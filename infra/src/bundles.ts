import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join, relative } from "node:path";
import { build, type Metafile } from "esbuild";
import { functionBuildOptions, functionEntry, REPO_ROOT } from "./constructs/pacer-function.ts";

/** One JavaScript file of a function group's asset (`index.mjs` or a chunk), with its source map. */
export interface BundleFile {
  /** Path inside the asset folder: `index.mjs` or `chunks/<name>-<hash>.mjs`. */
  path: string;
  /** The minified code. */
  code: string;
  /** Its source map (JSON text). */
  map: string;
  /** Bytes of the code, UTF-8. */
  bytes: number;
  /**
   * Whether importing `index.mjs` reads this file: the entry and the chunks it imports statically,
   * transitively. The other chunks are read at a dynamic `import()` (a lazy path's first use).
   */
  atLoad: boolean;
  /** The modules bundled into this file, relative to the repository (`node_modules/zod/...`). */
  inputs: string[];
}

/** One function group bundled as the stack bundles it: the files of its Lambda asset. */
export interface GroupBundle {
  group: string;
  /** `index.mjs` first, then its chunks. */
  files: BundleFile[];
  /**
   * Bytes of the files that importing the entry reads whatever the environment (the entry and its
   * static chunks, {@link BundleFile.atLoad}): what the 500 KB target counts.
   */
  bytes: number;
  /** Bytes of every JavaScript file of the asset (without source maps). */
  assetBytes: number;
  /** esbuild's metafile of the group's build (which inputs landed in which output). */
  metafile: Metafile;
}

/** The output files an output imports statically (`import ... from`), transitively, with itself. */
function staticClosure(metafile: Metafile, start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const i of metafile.outputs[path]?.imports ?? [])
      if (i.kind === "import-statement" && !i.external) pending.push(i.path);
  }
  return seen;
}

/**
 * Bundles function groups as the stack does (`functionAsset`: one esbuild run per group with
 * `FUNCTION_BUNDLING`, code split into chunks), in memory. `entries` maps a name (a function group)
 * to its entry file; by default each group's Lambda entry (`functions/src/<group>/index.ts`).
 * Throws when esbuild fails or writes no `index.mjs` for an entry.
 */
export async function bundleGroups(
  groups: readonly string[],
  entries: Record<string, string> = Object.fromEntries(groups.map((g) => [g, functionEntry(g)])),
): Promise<GroupBundle[]> {
  return Promise.all(
    groups.map(async (group) => {
      const entry = entries[group];
      if (entry === undefined) throw new Error(`No entry for ${group}`);
      const outdir = `${REPO_ROOT}infra/cdk.out/deployed-bundles/${group}`;
      const result = await build({
        ...functionBuildOptions({ index: entry }, outdir),
        metafile: true,
        write: false,
      });
      const texts = new Map(result.outputFiles.map((f) => [f.path, f.text]));
      const metafile = result.metafile;
      const outPath = (p: string) => relative(outdir, join(REPO_ROOT, p));
      const entryKey = Object.keys(metafile.outputs).find((k) => outPath(k) === "index.mjs");
      if (entryKey === undefined) throw new Error(`esbuild wrote no index.mjs for ${group}`);
      const atLoad = staticClosure(metafile, entryKey);
      const files = Object.entries(metafile.outputs)
        .filter(([key]) => key.endsWith(".mjs"))
        .map(([key, output]): BundleFile => {
          const code = texts.get(join(REPO_ROOT, key));
          const map = texts.get(`${join(REPO_ROOT, key)}.map`);
          if (code === undefined || map === undefined)
            throw new Error(`esbuild wrote no ${key} for ${group}`);
          return {
            path: outPath(key),
            code,
            map,
            bytes: Buffer.byteLength(code),
            atLoad: atLoad.has(key),
            inputs: Object.keys(output.inputs),
          };
        })
        .sort((a, b) => Number(b.path === "index.mjs") - Number(a.path === "index.mjs"));
      const sum = (fs: BundleFile[]) => fs.reduce((total, f) => total + f.bytes, 0);
      return { group, files, bytes: sum(files.filter((f) => f.atLoad)), assetBytes: sum(files), metafile };
    }),
  );
}

/** Bundles written where Lambda's Node.js runtime would see them: see {@link writeLoadableBundles}. */
export interface LoadableBundles {
  /** The directory: `<group>/index.mjs` with its chunks per bundle, and `node_modules/@aws-sdk` only. */
  dir: string;
  /**
   * Imports `<group>/index.mjs` in a fresh Node process with `env` only (module load and top-level
   * code, no invocation).
   * @returns the milliseconds the `import()` took
   * @throws the child's error (with its stderr) when the bundle fails to load
   */
  load(group: string, env: Record<string, string>): number;
  /**
   * Imports every JavaScript file of the group's asset (the entry, then each chunk, lazy ones too)
   * in one fresh Node process with `env` only, proving each resolves where only `@aws-sdk` does.
   * @throws the child's error (with its stderr) when a file fails to load
   */
  loadEvery(group: string, env: Record<string, string>): void;
  /**
   * The files of the group's asset that importing `index.mjs` with `env` reads (paths inside the
   * asset, e.g. `index.mjs`, `chunks/xray-tracer-<hash>.mjs`): its static chunks and those the
   * entry's top-level code imports (the X-Ray SDK where tracing is on). Recorded by a module hook in
   * a process of its own, not timed.
   */
  filesRead(group: string, env: Record<string, string>): string[];
  /** Removes the directory. */
  remove(): void;
}

/** The script each fresh process runs: import the bundle, print the milliseconds it took. */
const LOADER =
  "const t0 = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t0));";

/** The script that imports every file named after it, in order. */
const EVERY_LOADER = "for (const file of process.argv.slice(1)) await import(file);";

/** A module hook that appends the path of every file module loaded to the file `process.argv[2]` names. */
const RECORDING_HOOK = `
import { appendFileSync } from "node:fs";
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) {
  if (url.startsWith("file:")) appendFileSync(log, new URL(url).pathname + "\\n");
  return next(url, context);
}
`;

/** Registers {@link RECORDING_HOOK}, then imports the bundle. */
const RECORDING_LOADER = `
import { register } from "node:module";
register(process.argv[3], import.meta.url, { data: { log: process.argv[2] } });
await import(process.argv[1]);
`;

/**
 * Writes bundles to a new temporary directory whose only `node_modules` entry is `@aws-sdk` (what
 * the Lambda Node.js runtime provides besides Node itself), each group's asset in a folder of its
 * own, so that loading one proves it needs nothing else; used by the cold-start bench and the
 * deployed-bundle test.
 */
export function writeLoadableBundles(
  bundles: readonly Pick<GroupBundle, "group" | "files">[],
): LoadableBundles {
  const dir = mkdtempSync(join(os.tmpdir(), "pacer-bundles-"));
  const paths = new Map(bundles.map((b) => [b.group, b.files.map((f) => join(dir, b.group, f.path))]));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(join(REPO_ROOT, "node_modules/@aws-sdk"), join(dir, "node_modules/@aws-sdk"), "dir");
  for (const b of bundles)
    for (const f of b.files) {
      const path = join(dir, b.group, f.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, f.code);
    }
  const hook = join(dir, "record-loads.mjs");
  writeFileSync(hook, RECORDING_HOOK);
  return {
    dir,
    load: (group, env) =>
      Number(
        execFileSync(process.execPath, ["--input-type=module", "-e", LOADER, join(dir, group, "index.mjs")], {
          cwd: dir,
          env,
          encoding: "utf8",
        }),
      ),
    loadEvery: (group, env) => {
      execFileSync(
        process.execPath,
        ["--input-type=module", "-e", EVERY_LOADER, ...(paths.get(group) ?? [])],
        {
          cwd: dir,
          env,
          encoding: "utf8",
        },
      );
    },
    filesRead: (group, env) => {
      const log = join(dir, `${group}.loads`);
      writeFileSync(log, "");
      execFileSync(
        process.execPath,
        ["--input-type=module", "-e", RECORDING_LOADER, join(dir, group, "index.mjs"), log, `file://${hook}`],
        { cwd: dir, env, encoding: "utf8" },
      );
      const root = join(dir, group);
      return [
        ...new Set(
          readFileSync(log, "utf8")
            .split("\n")
            .filter((p) => p.startsWith(`${root}/`))
            .map((p) => relative(root, p)),
        ),
      ].sort();
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
