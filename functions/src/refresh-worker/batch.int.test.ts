import type { FetchLike } from "@pacer/connectors";
import {
  findTracker,
  getRefreshRun,
  listRefreshJobs,
  openRefreshRun,
  saveConnection,
  type Tracker,
} from "@pacer/db";
import { lambdaContext } from "@pacer/local/lambda-context";
import type { SQSBatchResponse } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REFRESH_CALLS_PER_INVOCATION,
  REFRESH_CONCURRENCY_PER_PLATFORM,
  REFRESH_INVOCATIONS_PER_PLATFORM,
  REFRESH_QUEUES,
} from "../../resources.ts";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { watchTableRequests } from "../../testing/table-requests.ts";
import { pushIntegrationChange } from "../lib/realtime.ts";
import { refreshMessageFor } from "../lib/refresh-queue.ts";
import { sqsClient } from "../lib/sqs-client.ts";
import { pushTrackerChange } from "../lib/tracker-push.ts";
import { createRefreshWorker, refreshJobContext } from "./worker.ts";

/**
 * A refresh batch in one invocation: its jobs run concurrently, with at most the invocation's call
 * limit in flight, the platform's cap held across invocations, and each record succeeding or
 * failing on its own. Sandbox platforms (100 ms a call), the local SQS endpoint, DynamoDB Local.
 */
const QUEUE = "refresh-googleads";
const DEF = REFRESH_QUEUES.find((q) => q.name === QUEUE);
if (!DEF) throw new Error(`no ${QUEUE} queue`);

let pipeline: RefreshPipeline;
let world: Awaited<ReturnType<typeof anAccountWithAdmin>>;
/** Google Ads calls in flight as the connectors see them (request to answer). */
const google = { now: 0, max: 0 };
/** The tracker whose platform calls answer 503 (set by a test). */
let failing: string | undefined;

const countingFetch: FetchLike = async (input, init) => {
  if (failing && refreshJobContext.getStore()?.trackerId === failing && input.includes("googleAds")) {
    return new Response('{"error":{"code":503,"status":"UNAVAILABLE"}}', { status: 503 });
  }
  const counted = new URL(input).pathname.startsWith("/googleads");
  if (counted) {
    google.now++;
    google.max = Math.max(google.max, google.now);
  }
  try {
    return await fetch(input, init);
  } finally {
    if (counted) google.now--;
  }
};

beforeAll(async () => {
  pipeline = await startRefreshPipeline({
    sandbox: { latencyMs: 100 },
    queueDefs: [DEF],
    http: { fetch: countingFetch, retry: { maxAttempts: 1 } },
  });
  world = await anAccountWithAdmin();
});

afterAll(async () => {
  await pipeline?.stop();
});

async function googleTrackers(email: string, count: number): Promise<Tracker[]> {
  const integration = await connectPlatform(world.token, world.account.accountId, "googleads", email);
  const view = (await viewsOf(world.token, "googleads", integration.email)).find(
    (v) => v.id === "1112223333",
  );
  if (!view) throw new Error("no sandbox view 1112223333");
  return trackersOn(world.account.accountId, integration, view, count, { refreshedAt: new Date() });
}

/** Queues one refresh message per tracker, all in one turn (as one SendMessageBatch would). */
function queueRefreshes(trackers: Tracker[], runId: string) {
  const queue = pipeline.queues.get(QUEUE);
  if (!queue) throw new Error(`no ${QUEUE}`);
  const now = new Date();
  for (const t of trackers) {
    queue.send(JSON.stringify(refreshMessageFor(t, { runId, reason: "schedule", now })));
  }
  return queue;
}

const succeeded = async (trackers: Tracker[]) => {
  const jobs = await Promise.all(trackers.map((t) => listRefreshJobs(world.account.accountId, t.trackerId)));
  return jobs.filter((list) => list.some((j) => j.status === "succeeded")).length;
};

const aWorker = () =>
  createRefreshWorker({
    registry: async () => pipeline.registry,
    sqs: sqsClient,
    now: () => new Date(),
    retryBaseSeconds: 1,
    pushTracker: pushTrackerChange,
    pushIntegration: pushIntegrationChange,
    evaluateAlerts: async () => undefined,
  });

describe("a refresh batch", () => {
  it("reports only the failing record as a batch item failure; the batch's other jobs finish", async () => {
    const trackers = await googleTrackers("batch-partial@pacer.test", 10);
    failing = trackers[3]?.trackerId;
    const queue = queueRefreshes(trackers, new Date().toISOString());
    const records = queue.receive(10);
    expect(records).toHaveLength(10);
    const worker = aWorker();
    const answer = (await worker(
      { Records: records },
      lambdaContext("refresh-worker", DEF.consumerTimeoutSeconds * 1000),
    )) as SQSBatchResponse;
    failing = undefined;

    const failingRecord = records.find((r) => r.body.includes(trackers[3]?.trackerId as string));
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: failingRecord?.messageId }]);
    expect(await succeeded(trackers)).toBe(9);
    const failed = await findTracker(world.account.accountId, trackers[3]?.trackerId as string);
    expect(failed?.lastFailedAt).toBeDefined();
    const jobs = await listRefreshJobs(world.account.accountId, trackers[3]?.trackerId as string);
    expect(jobs.map((j) => j.status)).toEqual(["retrying"]);
    // The failed message would come back after its backoff: out of the next tests' counts.
    for (const r of records) queue.delete(r.receiptHandle);
  }, 60_000);

  it("reads the trackers' platform connection and the account's open connections once for the batch, and pushes every job's tracker to each open connection", async () => {
    const trackers = await googleTrackers("batch-push@pacer.test", 10);
    const tabs = ["batch-push-tab-1", "batch-push-tab-2"];
    for (const connectionId of tabs) {
      await saveConnection({ accountId: world.account.accountId, userId: world.admin.userId, connectionId });
      pipeline.openConnections.add(connectionId);
    }
    const reads = { connections: 0, integration: 0 };
    const unwatch = watchTableRequests(({ command, input }) => {
      const json = JSON.stringify(input);
      if (command === "QueryCommand" && /"ws#/i.test(json)) reads.connections++;
      if (/^Get(Item)?Command$/.test(command) && /"INTEGRATION#/.test(json)) reads.integration++;
    });
    const queue = queueRefreshes(trackers, new Date().toISOString());
    const records = queue.receive(10);
    expect(records).toHaveLength(10);
    try {
      const answer = (await aWorker()(
        { Records: records },
        lambdaContext("refresh-worker", DEF.consumerTimeoutSeconds * 1000),
      )) as SQSBatchResponse;
      expect(answer.batchItemFailures).toEqual([]);
    } finally {
      unwatch();
      for (const r of records) queue.delete(r.receiptHandle);
      for (const connectionId of tabs) pipeline.openConnections.delete(connectionId);
    }

    expect(reads).toEqual({ connections: 1, integration: 1 });
    const ids = trackers.map((t) => t.trackerId).sort();
    for (const connectionId of tabs) {
      const pushed = pipeline.pushes
        .filter((p) => p.connectionId === connectionId && p.message.type === "tracker")
        .map((p) => (p.message.tracker as { _id: string })._id);
      expect(pushed.sort()).toEqual(ids);
    }
  }, 60_000);

  it("counts the batch's jobs on their run in one write, and the write that finishes the run evaluates the alerts once", async () => {
    const trackers = await googleTrackers("batch-run@pacer.test", 10);
    const accountId = world.account.accountId;
    const runId = new Date().toISOString();
    await openRefreshRun(accountId, runId, 10, "schedule");
    let runWrites = 0;
    const unwatch = watchTableRequests(({ command, input }) => {
      if (command === "UpdateItemCommand" && JSON.stringify(input).includes("REFRESHRUN#")) runWrites++;
    });
    const evaluated: string[] = [];
    const queue = queueRefreshes(trackers, runId);
    const records = queue.receive(10);
    try {
      const answer = (await createRefreshWorker({
        registry: async () => pipeline.registry,
        sqs: sqsClient,
        now: () => new Date(),
        retryBaseSeconds: 1,
        pushTracker: pushTrackerChange,
        pushIntegration: pushIntegrationChange,
        evaluateAlerts: async (id) => {
          evaluated.push(id);
        },
      })(
        { Records: records },
        lambdaContext("refresh-worker", DEF.consumerTimeoutSeconds * 1000),
      )) as SQSBatchResponse;
      expect(answer.batchItemFailures).toEqual([]);
    } finally {
      unwatch();
      for (const r of records) queue.delete(r.receiptHandle);
    }

    expect(runWrites).toBe(1);
    expect(await getRefreshRun(accountId, runId)).toMatchObject({ total: 10, succeeded: 10, failed: 0 });
    expect(evaluated).toEqual([accountId]);
  }, 60_000);

  it("runs a batch's jobs concurrently in one invocation, never more calls in flight than the invocation's limit", async () => {
    const trackers = await googleTrackers("batch-one@pacer.test", 10);
    const queue = pipeline.queues.get(QUEUE);
    pipeline.startWorker();
    const before = queue?.stats.invocations ?? 0;
    google.max = 0;
    queueRefreshes(trackers, new Date().toISOString());
    await pipeline.drained();

    expect((queue?.stats.invocations ?? 0) - before).toBe(1);
    expect(await succeeded(trackers)).toBe(10);
    // One job at a time would have one call in flight.
    expect(google.max).toBeGreaterThan(1);
    expect(google.max).toBeLessThanOrEqual(REFRESH_CALLS_PER_INVOCATION);
  }, 60_000);

  it("holds the platform's cap across the invocations running at once", async () => {
    const trackers = await googleTrackers("batch-many@pacer.test", 30);
    const queue = pipeline.queues.get(QUEUE);
    const before = queue?.stats.invocations ?? 0;
    google.max = 0;
    queueRefreshes(trackers, new Date().toISOString());
    await pipeline.drained();

    expect((queue?.stats.invocations ?? 0) - before).toBe(3);
    expect(queue?.stats.maxInFlight).toBeLessThanOrEqual(REFRESH_INVOCATIONS_PER_PLATFORM);
    expect(await succeeded(trackers)).toBe(30);
    expect(google.max).toBeGreaterThan(REFRESH_CALLS_PER_INVOCATION);
    expect(google.max).toBeLessThanOrEqual(REFRESH_CONCURRENCY_PER_PLATFORM);
  }, 60_000);
});
