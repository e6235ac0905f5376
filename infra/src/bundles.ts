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
