import { SourceMap, type SourceMapPayload } from "node:module";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import {
  FUNCTION_BUNDLING,
  functionEntry,
  PacerFunction,
  REPO_ROOT,
} from "../src/constructs/pacer-function.ts";
import { synthesize } from "./synth.ts";

/** Words of the local runtime that no deployed code may contain (`sandbox` in any case). */
const LOCAL_WORDS = /sandbox|PACER_LOCAL/gi;

/** Modules of the local runtime and the sandbox platforms, by path: never part of a deployed bundle. */
const LOCAL_MODULE = /(^|\/)packages\/(local|sandbox)\/|sandbox/i;

/** One occurrence of a local word in a bundle, attributed to the module it comes from. */
interface Occurrence {
  group: string;
  /** The module's path relative to the repository (from the bundle's source map). */
  source: string;
  excerpt: string;
}

interface Bundle {
  group: string;
  code: string;
  map: SourceMapPayload;
}

/** The function groups the app deploys: one per PacerFunction of the synthesized app. */
function deployedGroups(): string[] {
  const { app } = synthesize();
  const groups = app.node
    .findAll()
    .filter((c): c is PacerFunction => c instanceof PacerFunction)
    .map((fn) => fn.group);
  return [...new Set(groups)].sort();
}

/**
 * Bundles every deployed group's entry with the options the stack gives the local esbuild
 * (`FUNCTION_BUNDLING`), as `NodejsFunction` does (`--bundle --platform=node`), in memory.
 */
async function bundleAll(groups: readonly string[]): Promise<Bundle[]> {
  const result = await build({
    entryPoints: Object.fromEntries(groups.map((g) => [g, functionEntry(g)])),
    bundle: true,
    platform: "node",
    format: "esm",
    target: FUNCTION_BUNDLING.target,
    minify: FUNCTION_BUNDLING.minify,
    sourcemap: FUNCTION_BUNDLING.sourceMap,
    mainFields: [...FUNCTION_BUNDLING.mainFields],
    external: [...FUNCTION_BUNDLING.externalModules],
    banner: { js: FUNCTION_BUNDLING.banner },
    outdir: `${REPO_ROOT}infra/cdk.out/deployed-bundles`,
    outExtension: { ".js": ".mjs" },
    write: false,
    logLevel: "error",
  });
  const files = new Map(result.outputFiles.map((f) => [f.path, f.text]));
  return groups.map((group) => {
    const path = `${REPO_ROOT}infra/cdk.out/deployed-bundles/${group}.mjs`;
    const code = files.get(path);
    const map = files.get(`${path}.map`);
    if (code === undefined || map === undefined) throw new Error(`esbuild wrote no bundle for ${group}`);
    return { group, code, map: JSON.parse(map) as SourceMapPayload };
  });
}

/** Every local word in a bundle's code, with the module it was bundled from. */
function occurrences(bundle: Bundle): Occurrence[] {
  const map = new SourceMap(bundle.map);
  const lineStarts = [0];
  for (let i = bundle.code.indexOf("\n"); i !== -1; i = bundle.code.indexOf("\n", i + 1))
    lineStarts.push(i + 1);
  return [...bundle.code.matchAll(LOCAL_WORDS)].map((m) => {
    const offset = m.index;
    let line = lineStarts.length - 1;
    while ((lineStarts[line] as number) > offset) line--;
    const entry = map.findEntry(line, offset - (lineStarts[line] as number)) as { originalSource?: string };
    const source = (entry.originalSource ?? "?").replace(/^.*?(?=(functions|packages|node_modules)\/)/, "");
    return { group: bundle.group, source, excerpt: bundle.code.slice(Math.max(0, offset - 40), offset + 40) };
  });
}

const isOurs = (o: Occurrence) => !o.source.startsWith("node_modules/");

describe("deployed bundles carry nothing of the local runtime", () => {
  let bundles: Bundle[];

  beforeAll(async () => {
    bundles = await bundleAll(deployedGroups());
  }, 120_000);

  it("bundles every deployed function group (the HTTP groups, the authorizer, consumers, schedules, WebSocket)", () => {
    const groups = bundles.map((b) => b.group);
    expect(groups).toEqual(
      expect.arrayContaining(["authorizer", "billing", "connections", "refresh-worker"]),
    );
    for (const b of bundles) expect(b.code.length).toBeGreaterThan(1000);
  });

  it("no bundle's own code contains the words sandbox or PACER_LOCAL", () => {
    const found = bundles.flatMap(occurrences);
    expect(found.filter(isOurs)).toEqual([]);
    // Third-party code may speak of its own sandboxes (Stripe's test mode), never of our runtime.
    expect(found.filter((o) => /PACER_LOCAL/.test(o.excerpt))).toEqual([]);
  });

  it("no bundle includes a module of the local runtime, the sandbox platforms or the sandbox configuration", () => {
    const included = bundles.flatMap((b) =>
      b.map.sources
        .map((s) => s.replace(/^(\.\.\/)+/, ""))
        .filter((s) => !s.startsWith("node_modules/") && LOCAL_MODULE.test(s))
        .map((s) => `${b.group}: ${s}`),
    );
    expect(included).toEqual([]);
  });
});
