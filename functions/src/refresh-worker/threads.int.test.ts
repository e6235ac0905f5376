import { findTracker, listRefreshJobs, saveConnection, type Tracker } from "@pacer/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFRESH_CONCURRENCY_PER_PLATFORM, REFRESH_QUEUES } from "../../resources.ts";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import {
  dataSourceFor,
  type RefreshPipeline,
  startRefreshPipeline,
  trackersOn,
} from "../../testing/refresh-pipeline.ts";
import { refreshMessageFor } from "../lib/refresh-queue.ts";

/**
 * The refresh worker on the local runtime's worker threads (`FunctionThreads`, as `npm start` runs
 * the queue consumers): the threads load the group's own Lambda entry (`index.ts`) and the queue
 * posts its batches to them, with the queue's SQS semantics kept on this side. Sandbox platforms
 * (20 ms a call), the local SQS endpoint and Management API, DynamoDB Local.
 */
const QUEUE = "refresh-googleads";
const DEF = REFRESH_QUEUES.find((q) => q.name === QUEUE);
if (!DEF) throw new Error(`no ${QUEUE} queue`);

let pipeline: RefreshPipeline;
let world: Awaited<ReturnType<typeof anAccountWithAdmin>>;

beforeAll(async () => {
  pipeline = await startRefreshPipeline({ sandbox: { latencyMs: 20 }, queueDefs: [DEF], threads: 2 });
  world = await anAccountWithAdmin();
  await pipeline.startThreadedWorker();
});

afterAll(async () => {
  await pipeline?.stop();
});

describe("the refresh worker on worker threads", () => {
  it("refreshes every tracker end to end, pushes each to the open dashboard, dead-letters a job without its connection, and holds the platform's cap", async () => {
    const accountId = world.account.accountId;
    const integration = await connectPlatform(world.token, accountId, "googleads", "threads@pacer.test");
    const view = (await viewsOf(world.token, "googleads", integration.email)).find(
      (v) => v.id === "1112223333",
    );
    if (!view) throw new Error("no sandbox view 1112223333");
    const hourAgo = new Date(Date.now() - 3_600_000);
    const trackers = await trackersOn(accountId, integration, view, 30, { refreshedAt: hourAgo });
    // A tracker whose connection does not exist: the job fails for good and goes to the DLQ.
    const [orphan] = await trackersOn(accountId, integration, view, 1, {
      refreshedAt: hourAgo,
      overrides: { dataSource: dataSourceFor({ ...integration, email: "removed@pacer.test" }, view) },
    });
    if (!orphan) throw new Error("no orphan tracker");
    await saveConnection({ accountId, userId: world.admin.userId, connectionId: "threads-tab" });
    pipeline.openConnections.add("threads-tab");
    pipeline.sandbox.resetStats();

    const queue = pipeline.queues.get(QUEUE);
    if (!queue) throw new Error(`no ${QUEUE}`);
    const runId = new Date().toISOString();
    for (const t of [...trackers, orphan] as Tracker[]) {
      queue.send(JSON.stringify(refreshMessageFor(t, { runId, reason: "schedule", now: new Date() })));
    }
    await pipeline.drained();

    // Every job ran in a thread and landed in the table: figures stored, refresh stamped.
    for (const t of trackers) {
      const jobs = await listRefreshJobs(accountId, t.trackerId);
      expect(jobs.map((j) => j.status)).toEqual(["succeeded"]);
      const stored = await findTracker(accountId, t.trackerId);
      expect(stored?.lastRefreshedAt && stored.lastRefreshedAt > hourAgo.toISOString()).toBe(true);
      expect(stored?.requiresUpdate).toBe(false);
    }
    // A push per tracker (the orphan's with its error) through the Management API, from the threads.
    const pushed = pipeline.pushes.filter(
      (p) => p.connectionId === "threads-tab" && p.message.type === "tracker",
    );
    expect(new Set(pushed.map((p) => (p.message.tracker as { _id: string })._id))).toEqual(
      new Set([...trackers, orphan].map((t) => t.trackerId)),
    );
    // The orphan's record was dead-lettered with its reason, and its job recorded failed.
    const dead = pipeline.deadLetters("googleads");
    expect(dead.map((r) => JSON.parse(r.body).trackerId)).toEqual([orphan.trackerId]);
    expect(dead[0]?.messageAttributes.ErrorCode?.stringValue).toBe("connection_removed");
    expect((await listRefreshJobs(accountId, orphan.trackerId)).map((j) => j.status)).toEqual(["failed"]);
    // The queue invoked its consumer in batches, never more at once than its maxConcurrency, and
    // the platform never saw more calls in flight than its cap.
    expect(queue.stats.invocations).toBeGreaterThanOrEqual(4);
    expect(queue.stats.maxInFlight).toBeLessThanOrEqual(DEF.maxConcurrency);
    const calls = pipeline.sandbox.stats().googleads;
    expect(calls?.apiCalls).toBeGreaterThanOrEqual(30);
    expect(calls?.maxInFlight).toBeLessThanOrEqual(REFRESH_CONCURRENCY_PER_PLATFORM);
  });
});
