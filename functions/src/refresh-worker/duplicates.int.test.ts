import type { ConnectorRegistry } from "@pacer/connectors";
import { storedTrackerData } from "@pacer/core";
import {
  findTracker,
  listDailyMetrics,
  listRefreshJobs,
  openRefreshRun,
  saveConnection,
  type Tracker,
} from "@pacer/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { enqueueRefreshes, type RefreshMessage, refreshMessageFor } from "../lib/refresh-queue.ts";
import { refreshJobContext } from "./worker.ts";

/**
 * Duplicate deliveries (SQS is at least once): every message is delivered 2 to 5 times, copies sent
 * in waves so that many run at the same time as the first copy. Each job must leave one set of
 * daily items, one platform fetch and tracker update, one push, and its run one alert evaluation.
 */
let pipeline: RefreshPipeline;

beforeAll(async () => {
  pipeline = await startRefreshPipeline({
    http: { timeoutMs: 5_000, retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  });
});

afterAll(async () => {
  await pipeline?.stop();
});

/** The registry with every connector's fetch counted per tracker (the job running it). */
function counted(registry: ConnectorRegistry, fetches: Map<string, number>): ConnectorRegistry {
  const out: Record<string, unknown> = {};
  for (const [slug, connector] of Object.entries(registry)) {
    out[slug] = {
      ...connector,
      fetchDailyMetrics: async (...args: Parameters<typeof connector.fetchDailyMetrics>) => {
        const trackerId = refreshJobContext.getStore()?.trackerId ?? "?";
        fetches.set(trackerId, (fetches.get(trackerId) ?? 0) + 1);
        // A platform answers in tens of milliseconds at best: the job stays running while the copies
        // sent with it arrive (a job of a day's later refresh is otherwise over before they do).
        await new Promise((resolve) => setTimeout(resolve, 100));
        return connector.fetchDailyMetrics(...args);
      },
    };
  }
  return out as unknown as ConnectorRegistry;
}

describe("duplicate deliveries", () => {
  it("write once per job: one set of daily items, one fetch and tracker update, one push, one alert evaluation", async () => {
    const world = await anAccountWithAdmin();
    const accountId = world.account.accountId;
    const trackers: Tracker[] = [];
    for (const [slug, viewId] of [
      ["googleads", "1112223333"],
      ["facebookads", "101000000000001"],
    ] as const) {
      const email = `dup-${slug}@pacer.test`;
      const integration = await connectPlatform(world.token, accountId, slug, email);
      const view = (await viewsOf(world.token, slug, email)).find((v) => v.id === viewId);
      if (!view) throw new Error(`no view ${viewId}`);
      trackers.push(...(await trackersOn(accountId, integration, view, 20, { refreshedAt: new Date() })));
    }
    await saveConnection({ accountId, userId: world.admin.userId, connectionId: "dup-admin" });
    pipeline.openConnections.add("dup-admin");

    const fetches = new Map<string, number>();
    const evaluations: string[] = [];
    const duplicates = { finished: 0, leased: 0 };
    pipeline.startWorker({
      onDuplicate: (_key, found) => {
        duplicates[found]++;
      },
      registry: async () => counted(pipeline.registry, fetches),
      evaluateAlerts: async (id) => {
        evaluations.push(id);
      },
    });

    const now = new Date();
    const runId = now.toISOString();
    const messages = trackers.map((t) => refreshMessageFor(t, { runId, reason: "schedule", now }));
    await openRefreshRun(accountId, runId, messages.length, "schedule", now);
    // 2..5 copies each; waves: copy n of every message is sent together, right after copy n-1.
    const copies = messages.map((_m, i) => 2 + ((i * 7) % 4));
    const sent = copies.reduce((a, b) => a + b, 0);
    const waves: RefreshMessage[][] = [];
    for (let wave = 0; wave < 5; wave++) waves.push(messages.filter((_m, i) => (copies[i] as number) > wave));
    // First, one message twice in one SendMessageBatch: the queue hands out messages in the order
    // they came, so both copies are in the worker's first batch, whose jobs run at once, and one of
    // them meets the job still running (leased). Then the waves, all at once.
    await enqueueRefreshes([messages[0] as RefreshMessage, messages[0] as RefreshMessage]);
    await Promise.all(waves.map((w) => enqueueRefreshes(w)));
    await pipeline.drained();

    const received = ["refresh-googleads", "refresh-facebookads"].reduce(
      (s, q) => s + (pipeline.queues.get(q)?.stats.received ?? 0),
      0,
    );
    expect(received).toBeGreaterThanOrEqual(sent + 2);
    // Every delivery but one per job was a duplicate; some met their job still running.
    expect(duplicates.finished + duplicates.leased).toBe(received - trackers.length);
    expect(duplicates.leased).toBeGreaterThan(0);
    for (const [i, t] of trackers.entries()) {
      const m = messages[i] as RefreshMessage;
      expect(fetches.get(t.trackerId), `fetches of ${t.name}`).toBe(1);
      const days = await listDailyMetrics(accountId, t.trackerId, "2000-01-01", "2100-01-01");
      const windowDays = Math.round((Date.parse(m.to) - Date.parse(m.from)) / 86_400_000) + 1;
      expect(days).toHaveLength(windowDays);
      expect(new Set(days.map((d) => d.date)).size).toBe(windowDays);
      const jobs = await listRefreshJobs(accountId, t.trackerId);
      expect(jobs.map((j) => [j.status, j.attempts])).toEqual([["succeeded", 1]]);
      const after = await findTracker(accountId, t.trackerId);
      expect(storedTrackerData(after as Tracker)?.actualSpend).toBeGreaterThan(0);
      const pushes = pipeline.pushes.filter(
        (p) => p.message.type === "tracker" && (p.message.tracker as { _id: string })._id === t.trackerId,
      );
      expect(pushes).toHaveLength(1);
    }
    expect(evaluations).toEqual([accountId]);
    expect(pipeline.deadLetters("googleads")).toEqual([]);
    expect(pipeline.deadLetters("facebookads")).toEqual([]);
  });
});
