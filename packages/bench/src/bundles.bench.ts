import { fileURLToPath } from "node:url";
import { bundleGroups, writeLoadableBundles } from "@pacer/infra/bundles";
import { REPO_ROOT } from "@pacer/infra/constructs/pacer-function";
import { deployedGroups } from "@pacer/infra/test/synth";
import { type BenchResult, loadNote } from "./bench.ts";

/**
 * `npm run bench -- bundles`: the cold start of every deployed function group (issue 20, target 1).
 * Bundles each group the app deploys with the stack's esbuild options (`FUNCTION_BUNDLING`), and the
 * minimal handler (`bundles/minimal-handler.ts`: middy + zod + lib-dynamodb) with the same options;
 * writes them to a temporary directory whose only `node_modules` entry is `@aws-sdk` (what the
 * Lambda Node.js runtime provides), then loads each in a fresh Node process, `RUNS` rounds
 * interleaved, timing the `import()` of the bundle (module load and top-level code, no invocation).
 * Targets: bundle under 500 KB minified (500,000 B) and median load within 1.2x the minimal handler's.
 */

const RUNS = 5;
const MAX_BYTES = 500_000;
const MAX_RATIO = 1.2;
const MINIMAL = "minimal-handler";

/**
 * Environment of a loaded bundle: what the stack and the Lambda runtime set on every function, with
 * placeholder values. `AWS_EXECUTION_ENV` makes a group load what it loads only inside Lambda (the
 * X-Ray SDK of the groups that trace platform calls: `functions/src/lib/xray-tracing.ts`).
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

export default async function bench(): Promise<BenchResult> {
  const groups = deployedGroups();
  const minimalEntry = fileURLToPath(new URL("./bundles/minimal-handler.ts", import.meta.url));
  const names = [...groups, MINIMAL];
  const bundles = await bundleGroups(names, {
    ...Object.fromEntries(groups.map((g) => [g, `${REPO_ROOT}functions/src/${g}/index.ts`])),
    [MINIMAL]: minimalEntry,
  });

  const loadable = writeLoadableBundles(bundles);
  try {
    const times = new Map<string, number[]>(names.map((n) => [n, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const name of names) times.get(name)?.push(loadable.load(name, LOAD_ENV));
    }

    const minimal = median(times.get(MINIMAL) ?? []);
    const minimalBytes = bundles.find((b) => b.group === MINIMAL)?.bytes ?? 0;
    const rows: BenchResult["rows"] = [
      {
        metric: `${MINIMAL} (reference): size, median load`,
        value: `${minimalBytes.toLocaleString("en")} B, ${minimal.toFixed(1)} ms`,
      },
    ];
    let met = 0;
    for (const b of bundles.filter((x) => x.group !== MINIMAL)) {
      const load = median(times.get(b.group) ?? []);
      const ratio = load / minimal;
      const ok = b.bytes < MAX_BYTES && ratio <= MAX_RATIO;
      if (ok) met++;
      rows.push({
        metric: `${b.group}: size, median load, load ratio`,
        value: `${b.bytes.toLocaleString("en")} B, ${load.toFixed(1)} ms, ${ratio.toFixed(2)}x`,
        target: `< ${MAX_BYTES.toLocaleString("en")} B, <= ${MAX_RATIO}x`,
        met: ok,
      });
    }
    const largest = Math.max(...bundles.filter((x) => x.group !== MINIMAL).map((b) => b.bytes));
    return {
      title: `Cold start: ${groups.length} function bundles against a minimal handler`,
      setup: `Every deployed function group bundled with the stack's esbuild options (ESM, minified, node24, @aws-sdk/* external) and the minimal handler (middy + zod + lib-dynamodb) with the same; each loaded by import() in a fresh Node process where only @aws-sdk/* resolves, ${RUNS} rounds interleaved; median per bundle.`,
      rows,
      notes: [
        `${met} of ${groups.length} groups meet both targets; largest bundle ${largest.toLocaleString("en")} B.`,
        loadNote("at the end"),
      ],
    };
  } finally {
    loadable.remove();
  }
}
