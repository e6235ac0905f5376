import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listTrackers, type Tracker } from "@pacer/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRuntime, startLocalRuntime } from "./runtime.ts";
import { DEMO_TRACKERS, seedDemoAccount } from "./seed.ts";

/**
 * The local runtime with its queue consumers on worker threads (`functionThreads`, as
 * `FUNCTION_THREADS=2 npm start` runs it): the demo account's first refresh goes from the schedule
 * through the refresh queues to the refresh-worker group on the threads, and lands in the table.
 */
let runtime: LocalRuntime;
let dataDir: string;
let accountId = "";

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "pacer-runtime-threads-"));
  runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    inMemoryDb: true,
    webRoot: dataDir,
    functionThreads: 2,
    log: () => undefined,
    beforeServe: async () => {
      accountId = (await seedDemoAccount()).accountId;
    },
  });
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the local runtime with its queue consumers on worker threads", () => {
  it("refreshes every demo tracker through the threads", async () => {
    let trackers: Tracker[] = [];
    await expect
      .poll(
        async () => {
          trackers = await listTrackers(accountId);
          return trackers.filter((t) => t.lastRefreshedAt || t.dataLoadFail).length;
        },
        { timeout: 240_000, interval: 2_000 },
      )
      .toBe(DEMO_TRACKERS.length);

    expect(trackers.filter((t) => t.dataLoadFail).map((t) => [t.name, t.err])).toEqual([]);
    for (const t of trackers) expect(t, t.name).toMatchObject({ requiresUpdate: false, dataLoading: false });
    // Every refresh batch went to the threads: the runtime's thread ran none of them.
    const batches = [...runtime.queues.values()]
      .filter((q) => q.name.startsWith("refresh-") && !q.name.endsWith("-dlq"))
      .reduce((n, q) => n + q.stats.invocations, 0);
    expect(runtime.threads?.size).toBe(2);
    expect(batches).toBeGreaterThan(0);
    expect(runtime.threads?.stats.invocations).toBeGreaterThanOrEqual(batches);
  }, 300_000);
});
