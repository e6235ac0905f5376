import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layer rules of `.config/dependency-cruiser.cjs` (run on the repository by `npm run boundaries`
 * inside `npm test`), proven on small trees laid out like the repository: an allowed graph passes,
 * and each forbidden import is reported under its rule and makes the run fail.
 */
const CONFIG = fileURLToPath(new URL("./dependency-cruiser.cjs", import.meta.url));
const DEPCRUISE = fileURLToPath(
  new URL("../node_modules/dependency-cruiser/bin/dependency-cruise.mjs", import.meta.url),
);
const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

interface Cruise {
  /** Exit code of depcruise: the number of error-level violations. */
  status: number | null;
  /** "rule: from -> to" per violation. */
  violations: string[];
}

/** Writes `files` (path -> source) to a fresh tree and cruises it with the repository's rules. */
function cruise(files: Record<string, string>): Cruise {
  const root = mkdtempSync(join(tmpdir(), "pacer-boundaries-"));
  trees.push(root);
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "pacer-probe", private: true }));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const roots = [
    ...new Set(
      Object.keys(files).map((p) => (p.startsWith("packages/") ? "packages" : (p.split("/")[0] as string))),
    ),
  ];
  // The same reporter and exit code as `npm run boundaries`.
  const run = spawnSync(process.execPath, [DEPCRUISE, "--config", CONFIG, "--output-type", "err", ...roots], {
    cwd: root,
    encoding: "utf8",
  });
  if (!/dependency violations|no dependency violations found/.test(run.stdout)) {
    throw new Error(`depcruise gave no report: ${run.stdout} ${run.stderr}`);
  }
  const violations = [...run.stdout.matchAll(/^\s+error ([a-z-]+): (\S+) → (\S+)$/gm)].map(
    ([, rule, from, to]) => `${rule}: ${from} -> ${to}`,
  );
  return { status: run.status, violations: violations.sort() };
}

const CORE = { "packages/core/src/budget.ts": "export const budget = 1;\nexport type Money = number;\n" };

/** Each case starts dependency-cruiser once (a couple of seconds; more on a busy machine). */
const CRUISE_TIMEOUT_MS = 60_000;

describe("the repository's layer rules", { timeout: CRUISE_TIMEOUT_MS }, () => {
  it("pass a graph that keeps every layer rule (tests may reach the local runtime)", () => {
    const result = cruise({
      ...CORE,
      "packages/db/src/trackers.ts":
        'import { budget } from "../../core/src/budget.ts";\nexport const t = budget;\n',
      "packages/connectors/src/meta.ts":
        'import { budget } from "../../core/src/budget.ts";\nexport const m = budget;\n',
      "packages/local/src/runtime.ts": "export const runtime = 1;\n",
      "functions/src/trackers/index.ts":
        'import { t } from "../../../packages/db/src/trackers.ts";\nimport { m } from "../../../packages/connectors/src/meta.ts";\nexport const h = t + m;\n',
      "functions/src/trackers/trackers.int.test.ts":
        'import { runtime } from "../../../packages/local/src/runtime.ts";\nimport { kit } from "../../testing/kit.ts";\nexport const x = runtime + kit;\n',
      "functions/testing/kit.ts": "export const kit = 1;\n",
      "frontend/src/lib/format.ts":
        'import { budget } from "../../../packages/core/src/budget.ts";\nexport const f = budget;\n',
      "frontend/src/features/pods/pods.tsx":
        'import { f } from "../../lib/format.ts";\nexport const Pods = () => <p>{f}</p>;\n',
      "frontend/src/app/dashboard-page.tsx":
        'import { Pods } from "../features/pods/pods.tsx";\nexport const Page = () => <Pods />;\n',
    });
    expect(result).toEqual({ status: 0, violations: [] });
  });

  it("report each forbidden import under its rule, and fail the run with one error per import", () => {
    const forbidden: Array<[from: string, importLine: string, rule: string]> = [
      ["packages/core/src/pacing.ts", 'import "../../db/src/trackers.ts";', "core-imports-nothing-of-ours"],
      ["packages/db/src/pods.ts", 'import "../../connectors/src/meta.ts";', "db-imports-only-core"],
      [
        "packages/connectors/src/google.ts",
        'import "../../db/src/trackers.ts";',
        "connectors-import-only-core",
      ],
      [
        "functions/src/trackers/index.ts",
        'import "../../../packages/local/src/runtime.ts";',
        "functions-never-local-sandbox-infra",
      ],
      [
        "functions/src/lib/connectors.ts",
        'import "../../../packages/sandbox/src/index.ts";',
        "functions-never-local-sandbox-infra",
      ],
      [
        "functions/src/lib/config.ts",
        'import "../../../infra/src/services.ts";',
        "functions-never-local-sandbox-infra",
      ],
      [
        "frontend/src/lib/trackers.ts",
        'import "../../../packages/db/src/trackers.ts";',
        "frontend-imports-only-core-and-contract",
      ],
      ["functions/src/lib/http.ts", 'import "../../testing/kit.ts";', "production-imports-test-code"],
    ];
    const result = cruise({
      ...CORE,
      "packages/db/src/trackers.ts": "export const t = 1;\n",
      "packages/connectors/src/meta.ts": "export const m = 1;\n",
      "packages/local/src/runtime.ts": "export const runtime = 1;\n",
      "packages/sandbox/src/index.ts": "export const sandbox = 1;\n",
      "infra/src/services.ts": "export const services = 1;\n",
      "functions/testing/kit.ts": "export const kit = 1;\n",
      ...Object.fromEntries(forbidden.map(([from, line]) => [from, `${line}\nexport const probe = 1;\n`])),
    });
    expect(result.status).toBe(forbidden.length);
    expect(result.violations.map((v) => v.replace(/ -> .*/, ""))).toEqual(
      forbidden.map(([from, , rule]) => `${rule}: ${from}`).sort(),
    );
  });

  it("report a type-only import across layers like any other", () => {
    const result = cruise({
      ...CORE,
      "packages/db/src/trackers.ts": "export type TrackerItem = { id: string };\n",
      "packages/core/src/tracker.ts":
        'import type { TrackerItem } from "../../db/src/trackers.ts";\nexport type T = TrackerItem;\n',
    });
    expect(result.violations).toEqual([
      "core-imports-nothing-of-ours: packages/core/src/tracker.ts -> packages/db/src/trackers.ts",
    ]);
  });

  it("report one web app feature importing another, and not the app layer composing them", () => {
    const result = cruise({
      ...CORE,
      "frontend/src/features/pods/pods.tsx": "export const Pods = () => <p />;\n",
      "frontend/src/features/dashboard/dashboard.tsx":
        'import { Pods } from "../pods/pods.tsx";\nexport const Dashboard = () => <Pods />;\n',
      "frontend/src/app/page.tsx":
        'import { Pods } from "../features/pods/pods.tsx";\nexport const Page = () => <Pods />;\n',
    });
    expect(result.violations).toEqual([
      "features-do-not-import-each-other: frontend/src/features/dashboard/dashboard.tsx -> frontend/src/features/pods/pods.tsx",
    ]);
  });
});
