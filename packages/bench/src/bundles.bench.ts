import { fileURLToPath } from "node:url";
import { bundleGroups, type GroupBundle, writeLoadableBundles } from "@pacer/infra/bundles";
import { functionEntry } from "@pacer/infra/constructs/pacer-function";
import { deployedGroups } from "@pacer/infra/test/synth";
import { type BenchResult, loadNote } from "./bench.ts";

/**
 * `npm run bench -- bundles`: the cold start of every deployed function group (issue 20, target 1).
 * Bundles each group the app deploys as the stack does (`functionAsset`: the group's own esbuild
 * run with `FUNCTION_BUNDLING`, code split into chunks), and the minimal handler
 * (`bundles/minimal-handler.ts`: middy + zod + lib-dynamodb) with the same options; writes them to a
 * temporary directory whose only `node_modules` entry is `@aws-sdk` (what the Lambda Node.js
 * runtime provides), then loads each in a fresh Node process, `RUNS` rounds interleaved, timing the
 * `import()` of the entry (module load and top-level code, no invocation). In every round each
 * group's load comes right after a load of the minimal handler, and the group's load ratio is the
 * median of its loads over that paired reference: on this shared machine the same bundle's load
 * drifts by a third within minutes, which a reference measured elsewhere in the round (a round
 * takes about 20 s) would fold into the ratio.
 * Size at load: the bytes of the asset's files that this import reads (recorded by a module hook in
 * a run of its own, not timed): the entry, its static chunks and what its top-level code imports;
 * the chunks of lazy paths are counted in the whole asset only.
 * Targets: size at load under 500 KB (500,000 B) and load within 1.2x the minimal handler's (the
 * median of the paired ratios).
 *
 * With `PACER_BENCH_BUNDLES_BASELINE=<checkout>` (e.g. `/work/main`), the groups are also bundled by
 * that checkout's own `infra/src/bundles.ts` and loaded in the same rounds, interleaved, so each
 * group's ratio has the baseline's beside it from the same run.
 */

const RUNS = 9;
const MAX_BYTES = 500_000;
const MAX_RATIO = 1.2;
const MINIMAL = "minimal-handler";
const BASELINE = process.env.PACER_BENCH_BUNDLES_BASELINE;
/** Folder prefix of the baseline's bundles in the loadable directory. */
const BASE = "baseline--";

/**
 * Environment of a loaded bundle: what the stack and the Lambda runtime set on every function, with
 * placeholder values. `AWS_EXECUTION_ENV` makes a group load what it would load only inside Lambda
 * (none now: the X-Ray SDK is imported at a sampled invocation's first platform connector,
 * `functions/src/lib/xray-tracing.ts`, not at load).
 */
const LOAD_ENV = {
  PATH: process.env.PATH ?? "",
  AWS_REGION: "eu-west-2",
  AWS_EXECUTION_ENV: "AWS_Lambda_nodejs24.x",
  AWS_LAMBDA_FUNCTION_NAME: "pacer-bench",
  TABLE_NAME: "pacer",
  NODE_OPTIONS: "",
};

const median = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** A group bundled by the baseline checkout's `bundleGroups` (one file before code splitting). */
type BaselineBundle = Pick<GroupBundle, "group"> & Partial<Pick<GroupBundle, "files">> & { code?: string };

/** The baseline checkout's bundles of `groups`, as files to load, each with its size at load. */
async function baselineBundles(
  root: string,
  groups: readonly string[],
): Promise<Pick<GroupBundle, "group" | "files">[]> {
  const { bundleGroups: bundleBaseline } = (await import(
    `${root.replace(/\/$/, "")}/infra/src/bundles.ts`
  )) as {
    bundleGroups: (groups: readonly string[]) => Promise<BaselineBundle[]>;
  };
  const built = await bundleBaseline(groups);
  return built.map((b) => ({
    group: `${BASE}${b.group}`,
    files: b.files ?? [
      {
        path: "index.mjs",
        code: b.code ?? "",
        map: "",
        bytes: Buffer.byteLength(b.code ?? ""),
        atLoad: true,
        inputs: [],
      },
    ],
  }));
}

export default async function bench(): Promise<BenchResult> {
  const groups = deployedGroups();
  const minimalEntry = fileURLToPath(new URL("./bundles/minimal-handler.ts", import.meta.url));
  const bundles = await bundleGroups([...groups, MINIMAL], {
    ...Object.fromEntries(groups.map((g) => [g, functionEntry(g)])),
    [MINIMAL]: minimalEntry,
  });
  const baseline = BASELINE ? await baselineBundles(BASELINE, groups) : [];
  const all = [...bundles, ...baseline];
  const groupsLoaded = bundles.map((b) => b.group).filter((g) => g !== MINIMAL);

  const loadable = writeLoadableBundles(all);
  try {
    /** Bytes of the files importing a bundle's entry reads in Lambda's environment. */
    const sizeAtLoad = new Map(
      all.map((b) => {
        const read = new Set(loadable.filesRead(b.group, LOAD_ENV));
        return [b.group, b.files.filter((f) => read.has(f.path)).reduce((sum, f) => sum + f.bytes, 0)];
      }),
    );
    // Per round and group: the minimal handler, the group, then the group's baseline, so a change of
    // the machine's speed mid-round hits a group, its baseline and their reference alike.
    const times = new Map<string, number[]>();
    const ratios = new Map<string, number[]>();
    const push = (map: Map<string, number[]>, key: string, value: number) => {
      const list = map.get(key);
      if (list) list.push(value);
      else map.set(key, [value]);
    };
    for (let run = 0; run < RUNS; run++) {
      for (const group of groupsLoaded) {
        const reference = loadable.load(MINIMAL, LOAD_ENV);
        push(times, MINIMAL, reference);
        for (const name of BASELINE ? [group, `${BASE}${group}`] : [group]) {
          const load = loadable.load(name, LOAD_ENV);
          push(times, name, load);
          push(ratios, name, load / reference);
        }
      }
    }

    const minimal = median(times.get(MINIMAL) ?? []);
    const minimalBytes = bundles.find((b) => b.group === MINIMAL)?.bytes ?? 0;
    const n = (bytes: number) => `${bytes.toLocaleString("en")} B`;
    const rows: BenchResult["rows"] = [
      {
        metric: `${MINIMAL} (reference): size, median load`,
        value: `${n(minimalBytes)}, ${minimal.toFixed(1)} ms`,
      },
    ];
    let met = 0;
    for (const b of bundles.filter((x) => x.group !== MINIMAL)) {
      const load = median(times.get(b.group) ?? []);
      const ratio = median(ratios.get(b.group) ?? []);
      const atLoad = sizeAtLoad.get(b.group) ?? 0;
      const ok = atLoad < MAX_BYTES && ratio <= MAX_RATIO;
      if (ok) met++;
      const base = BASELINE ? sizeAtLoad.get(`${BASE}${b.group}`) : undefined;
      const baseRatio = median(ratios.get(`${BASE}${b.group}`) ?? []);
      rows.push({
        metric: `${b.group}: size at load, whole asset, median load, load ratio${base === undefined ? "" : " (baseline: size, ratio)"}`,
        value: `${n(atLoad)}, ${n(b.assetBytes)}, ${load.toFixed(1)} ms, ${ratio.toFixed(2)}x${base === undefined ? "" : ` (${n(base)}, ${baseRatio.toFixed(2)}x)`}`,
        target: `< ${MAX_BYTES.toLocaleString("en")} B, <= ${MAX_RATIO}x`,
        met: ok,
      });
    }
    const largest = Math.max(
      ...bundles.filter((x) => x.group !== MINIMAL).map((b) => sizeAtLoad.get(b.group) ?? 0),
    );
    return {
      title: `Cold start: ${groups.length} function bundles against a minimal handler`,
      setup: `Every deployed function group bundled as the stack bundles it (its own esbuild run: ESM, minified, node24, @aws-sdk/* external, code split into chunks) and the minimal handler (middy + zod + lib-dynamodb) with the same options; each entry loaded by import() in a fresh Node process where only @aws-sdk/* resolves, with Lambda's environment set, ${RUNS} rounds interleaved, each group's load right after a load of the minimal handler; median load per bundle, and a group's load ratio the median of its loads over that paired reference load. Size at load: the files that import reads (entry, static chunks, what its top-level code imports); whole asset: every chunk${BASELINE ? `; baseline: ${BASELINE} bundled by its own infra/src/bundles.ts and loaded in the same rounds` : ""}.`,
      rows,
      notes: [
        `${met} of ${groups.length} groups meet both targets; largest size at load ${n(largest)}.`,
        loadNote("at the end"),
      ],
    };
  } finally {
    loadable.remove();
  }
}
