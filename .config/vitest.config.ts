import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * One test run for the whole repository, split into projects by what a test needs:
 * - unit: pure code, no servers (`*.test.ts`);
 * - integration: against a real DynamoDB Local started once for the run (`*.int.test.ts`);
 * - infra: CDK synth and assertions (`infra/**\/*.test.ts`);
 * - web: React components in jsdom (`frontend/**\/*.test.tsx`);
 * - browser: Debian Chromium driven by playwright-core against a real local runtime (`*.browser.test.ts`).
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const slow = ["**/node_modules/**", "**/dist/**", "**/*.int.test.ts", "**/*.browser.test.ts"];

export default defineConfig({
  root,
  test: {
    maxWorkers: 2,
    // The browser project's global set-up starts the local runtime in vitest's main process, which
    // sets the functions' environment there, metrics off (no EMF lines in the local console) among
    // it; the workers inherit that environment. Tests that read the functions' EMF lines need
    // metrics on whatever project ran its set-up first.
    env: { POWERTOOLS_METRICS_DISABLED: "false" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: [
            "packages/*/src/**/*.test.ts",
            "packages/*/testing/**/*.test.ts",
            "functions/src/**/*.test.ts",
            "functions/testing/**/*.test.ts",
            ".config/*.test.ts",
          ],
          exclude: slow,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["packages/*/src/**/*.int.test.ts", "functions/src/**/*.int.test.ts"],
          globalSetup: ["packages/local/testing/dynamodb-global-setup.ts"],
          setupFiles: ["packages/local/testing/dynamodb-env.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "infra",
          environment: "node",
          include: ["infra/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/cdk.out/**"],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["frontend/src/**/*.test.{ts,tsx}"],
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          environment: "node",
          include: ["**/*.browser.test.ts"],
          exclude: ["**/node_modules/**"],
          globalSetup: ["packages/local/testing/runtime-global-setup.ts"],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
