/**
 * The repository's layer rules, checked by dependency-cruiser on every `npm test` (`npm run
 * boundaries`; a violation fails the run). `.config/boundaries.test.ts` proves each rule fires.
 *
 * Production code is a package's `src/` (and `functions/`'s route, policy and resource tables) except
 * tests and the authorization matrix's per-group fixtures. Test code (`*.test.ts(x)`, `testing/`,
 * `test/`, the fixtures) may reach further down (a connector test drives the sandbox, an integration
 * test the local runtime), but production code never imports test code or benchmarks.
 *
 * Layers, from the bottom:
 * - `packages/core`: the domain (types and pure rules); imports nothing of ours.
 * - `packages/db` (data layer) and `packages/connectors` (ad platforms): only core.
 * - `functions` (Lambda handlers): never `packages/local`, `packages/sandbox` or `infra`.
 * - `frontend` (web app): only core and the API contract (`functions/contract/`); one feature
 *   (`src/features/<name>/`) never imports another; shared pieces live in `src/lib`, `src/components`.
 * - `packages/local`, `packages/sandbox`, `packages/bench`, `infra`: tools around the product;
 *   nothing in the product imports them.
 * Every npm package a package imports is declared in that package's own `package.json`, and
 * production code imports no devDependency.
 */

const TOP_LEVEL = new Set(["functions", "frontend", "infra"]);

/**
 * Where the files of our packages (`core`, `functions`...) are: their own folder, or the workspace
 * link under node_modules/@pacer that `@pacer/<name>` imports resolve to (symlinks are kept, so that
 * dependency-cruiser checks each `@pacer/*` import against the importing package's package.json).
 */
function within(...names) {
  const dirs = names.map((n) => (TOP_LEVEL.has(n) ? n : `packages/${n}`));
  return `^(${dirs.join("|")}|node_modules/@pacer/(${names.join("|")}))/`;
}
/** Any file of ours. */
const OURS = "^(packages/|functions/|frontend/|infra/|node_modules/@pacer/)";

/** A test file, a test kit, a benchmark or a tool's config file (anywhere): not shipped. */
const TEST_CODE = [
  "\\.(test|browser\\.test|int\\.test)\\.tsx?$",
  "^(packages/[a-z]+|functions|frontend|infra|node_modules/@pacer/[a-z]+)/(testing|test)/",
  "^functions/src/[a-z-]+/authz-fixtures\\.ts$",
  "^functions/src/authz/fixture\\.ts$",
  within("bench"),
  "^(frontend|infra|functions|packages/[a-z]+)/[a-z.-]+\\.config\\.[cm]?[jt]s$",
];

/** Production code of a folder: its files that are not test code. */
const production = (path) => ({ path, pathNot: TEST_CODE });

module.exports = {
  forbidden: [
    {
      name: "production-imports-test-code",
      comment: "Production code never imports test kits, tests or benchmarks (they live outside src/).",
      severity: "error",
      from: production(OURS),
      to: { path: TEST_CODE },
    },
    {
      name: "core-imports-nothing-of-ours",
      comment: "packages/core is the domain: plain types and pure rules, no other package of ours.",
      severity: "error",
      from: production(within("core")),
      to: { path: OURS, pathNot: within("core") },
    },
    {
      name: "db-imports-only-core",
      comment: "packages/db maps DynamoDB items to core's domain types; it imports only core.",
      severity: "error",
      from: production(within("db")),
      to: { path: OURS, pathNot: within("core", "db") },
    },
    {
      name: "connectors-import-only-core",
      comment: "packages/connectors talks to the ad platforms; it imports only core.",
      severity: "error",
      from: production(within("connectors")),
      to: { path: OURS, pathNot: within("core", "connectors") },
    },
    {
      name: "functions-never-local-sandbox-infra",
      comment: "What ships (functions) never imports the local runtime, the sandbox, infra or the web app.",
      severity: "error",
      from: production(within("functions")),
      to: { path: within("local", "sandbox", "bench", "infra", "frontend") },
    },
    {
      name: "frontend-imports-only-core-and-contract",
      comment: "The web app imports only core and the API contract of ours.",
      severity: "error",
      from: production(within("frontend")),
      to: {
        path: OURS,
        pathNot: [within("frontend", "core"), "^(functions|node_modules/@pacer/functions)/contract/"],
      },
    },
    {
      name: "features-do-not-import-each-other",
      comment: "A web app feature never imports another; shared pieces go to src/lib or src/components.",
      severity: "error",
      from: production("^frontend/src/features/([^/]+)/"),
      to: { path: "^frontend/src/features/", pathNot: "^frontend/src/features/$1/" },
    },
    {
      name: "product-never-imports-tools",
      comment: "core, db and connectors never import the local runtime, sandbox, bench or infra.",
      severity: "error",
      from: production(within("core", "db", "connectors")),
      to: { path: within("local", "sandbox", "bench", "infra") },
    },
    {
      name: "undeclared-dependency",
      comment:
        "Every package imported (npm or @pacer/*) is declared in the importing package's package.json (or the root's).",
      severity: "error",
      from: { path: OURS },
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "production-imports-dev-dependency",
      comment: "Production code imports only its package's dependencies, never a devDependency.",
      severity: "error",
      from: production(OURS),
      // Type packages (@types/*) vanish at build time.
      to: { dependencyTypes: ["npm-dev"], pathNot: "^node_modules/@types/" },
    },
    {
      name: "unresolvable",
      comment: "Every import resolves (a package subpath must be in that package's exports list).",
      severity: "error",
      from: { path: OURS },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // A package's own package.json plus the root's (the shared test tools: vitest, playwright-core...).
    combinedDependencies: true,
    babelConfig: { fileName: require("node:path").join(__dirname, "dependency-cruiser.babel.cjs") },
    doNotFollow: { path: "node_modules" },
    preserveSymlinks: true,
    exclude: { path: ["^(frontend/)?dist/", "^cdk\\.out/"] },
    moduleSystems: ["es6", "cjs"],
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
