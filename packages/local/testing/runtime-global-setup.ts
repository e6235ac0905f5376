import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import "./browser.ts";
import { startLocalRuntime } from "../src/runtime.ts";
import { DEMO_LOGIN, seedDemoAccount } from "../src/seed.ts";

/**
 * Vitest global set-up of the browser project: one real local runtime (fresh data folder, in-memory
 * DynamoDB Local, demo account seeded) for the run; tests get its URL with `inject("baseUrl")`.
 * Each test file creates its own accounts or uses the demo account read-only, so files can share it.
 */
export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  const dataDir = mkdtempSync(join(tmpdir(), "pacer-browser-"));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    inMemoryDb: true,
    runSchedulesAtStart: false,
    log: () => undefined,
    beforeServe: async () => {
      await seedDemoAccount();
    },
  });
  project.provide("baseUrl", runtime.url);
  project.provide("demoLogin", { ...DEMO_LOGIN });
  return async () => {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
