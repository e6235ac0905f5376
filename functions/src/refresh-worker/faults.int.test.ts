import type { AttemptEvent, FetchLike } from "@pacer/connectors";
import {
  type Integration,
  listIntegrations,
  listRefreshJobs,
  openRefreshRun,
  saveConnection,
  type Tracker,
} from "@pacer/db";
import type { SQSRecord } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFRESH_CONCURRENCY_PER_PLATFORM } from "../../resources.ts";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { enqueueRefreshes, refreshMessageFor } from "../lib/refresh-queue.ts";
import { tokenStore } from "../lib/token-store.ts";
import { refreshJobContext } from "./worker.ts";

/**
 * Fault injection: 1,000 refresh jobs over six sandbox platforms (two connections each, one of them
 * revoked at the platform beforehand; 100 ms per call) with about 30% of platform calls failing: 500, 429, timeouts,
 * malformed JSON, and `invalid_grant` on Reddit. Nothing may be lost: every job either succeeded or
 * sits in its dead-letter queue with its error class and attempts; a non-retryable answer is never
 * followed by another call of its job; no platform ever sees more calls at once than its cap; every
 * refused connection is warned about exactly once.
 */
const JOBS = 1_000;
const PLATFORMS = [
  ["googleads", "1112223333"],
  ["facebookads", "101000000000001"],
  ["linkedinads", "508000101"],
  ["tiktokads", "7000000000000000101"],
  ["pinterestads", "549000000101"],
  ["redditads", "a2_pacerdemo01"],
] as const;
const TRANSIENT = [
  { kind: "500", rate: 0.1, on: "api" },
  { kind: "429", rate: 0.1, on: "api" },
  { kind: "timeout", rate: 0.08, on: "api" },
  { kind: "malformed", rate: 0.07, on: "api" },
] as const;

let pipeline: RefreshPipeline;
/** Connector attempts by job (tracker id), in order. */
const attempts = new Map<string, AttemptEvent[]>();

/**
 * Platform calls in flight as the connectors see them (from the request until its answer or its
 * abort), by sandbox platform prefix. The sandbox's own count would also include a request whose
 * client has already timed out and retried, until the server notices the dropped socket.
 */
const inFlight = new Map<string, { now: number; max: number }>();
const countingFetch: FetchLike = async (input, init) => {
  const url = new URL(input);
  const platform = url.pathname.split("/")[1] ?? "";
  const counter = inFlight.get(platform) ?? { now: 0, max: 0 };
  inFlight.set(platform, counter);
  counter.now++;
  counter.max = Math.max(counter.max, counter.now);
  try {
    return await fetch(input, init);
  } finally {
    counter.now--;
  }
};

beforeAll(async () => {
  pipeline = await startRefreshPipeline({
    // Calls take a while, so up to the cap of them are in flight per platform at once.
    sandbox: { latencyMs: 100 },
    http: {
      fetch: countingFetch,
      timeoutMs: 400,
      retry: { baseDelayMs: 10, maxDelayMs: 100, maxRetryAfterMs: 0 },
      onAttempt: (event) => {
        const job = refreshJobContext.getStore();
        if (!job) return;
        attempts.set(job.trackerId, [...(attempts.get(job.trackerId) ?? []), event]);
      },
    },
  });
});

afterAll(async () => {
  await pipeline?.stop();
});

describe("fault injection", () => {
  it("1,000 jobs with 30% of platform calls failing: none lost, no retried refusal, caps held, one warning per refused connection", async () => {
    const world = await anAccountWithAdmin();
    const accountId = world.account.accountId;
    const trackers: Tracker[] = [];
    const perConnection = Math.ceil(JOBS / (PLATFORMS.length * 2));
    for (const [slug, viewId] of PLATFORMS) {
      for (const who of ["a", "b"]) {
        const email = `faults-${who}-${slug}@pacer.test`;
        const integration = await connectPlatform(world.token, accountId, slug, email);
        const view = (await viewsOf(world.token, slug, integration.email)).find((v) => v.id === viewId);
        if (!view) throw new Error(`no view ${viewId}`);
        const count = Math.min(perConnection, JOBS - trackers.length);
        trackers.push(
          ...(await trackersOn(accountId, integration, view, count, { refreshedAt: new Date() })),
        );
      }
    }
    expect(trackers).toHaveLength(JOBS);
    // The user removed the app at Google for one connection.
    const revokedRef = { accountId, slug: "googleads", email: "faults-b-googleads@pacer.test" };
    await pipeline.registry.googleads.revoke((await tokenStore().get(revokedRef)) as never);

    await saveConnection({ accountId, userId: world.admin.userId, connectionId: "faults-admin" });
    pipeline.openConnections.add("faults-admin");
    for (const [slug] of PLATFORMS) {
      pipeline.sandbox.setControls(slug, {
        faults: [
          ...TRANSIENT,
          ...(slug === "redditads" ? [{ kind: "invalid_grant", rate: 0.015, on: "api" } as const] : []),
        ],
        hangMs: 2_000,
      });
    }
    pipeline.sandbox.resetStats();
    pipeline.startWorker({ retryBaseSeconds: 1 });

    const now = new Date();
    const runId = now.toISOString();
    const messages = trackers.map((t) => refreshMessageFor(t, { runId, reason: "schedule", now }));
    await openRefreshRun(accountId, runId, messages.length, "schedule", now);
    const { failed } = await enqueueRefreshes(messages);
    expect(failed).toEqual([]);
    await pipeline.drained();

    // 0 lost: every job succeeded or is dead-lettered with its error class and attempts.
    const dead = new Map<string, SQSRecord>();
    for (const [slug] of PLATFORMS) {
      for (const record of pipeline.deadLetters(slug)) {
        const trackerId = JSON.parse(record.body).trackerId as string;
        expect(dead.has(trackerId), `one dead letter per job (${trackerId})`).toBe(false);
        dead.set(trackerId, record);
      }
    }
    const outcomes = { succeeded: 0, deadLettered: 0, byClass: {} as Record<string, number> };
    for (const t of trackers) {
      const [job] = await listRefreshJobs(accountId, t.trackerId);
      const letter = dead.get(t.trackerId);
      if (job?.status === "succeeded") {
        outcomes.succeeded++;
        expect(letter).toBeUndefined();
        continue;
      }
      expect(job?.status, `job of ${t.name}`).toBe("failed");
      expect(letter, `dead letter of ${t.name}`).toBeDefined();
      const errorClass = letter?.messageAttributes.ErrorClass?.stringValue as string;
      expect(errorClass).toBe(job?.lastError?.errorClass);
      expect(Number(letter?.messageAttributes.Attempts?.stringValue)).toBe(job?.attempts);
      outcomes.deadLettered++;
      outcomes.byClass[errorClass] = (outcomes.byClass[errorClass] ?? 0) + 1;

      // A non-retryable answer ends its job: its call was the job's last, made once, not retried.
      if (job?.lastError?.retryable === false) {
        const events = attempts.get(t.trackerId) ?? [];
        const refusals = events.filter((e) => e.outcome === "error" && e.errorCode === "auth_failed");
        expect(refusals.length).toBeLessThanOrEqual(1);
        if (refusals.length === 1) expect(events.at(-1)).toBe(refusals[0]);
      }
    }
    expect(outcomes.succeeded + outcomes.deadLettered).toBe(JOBS);
    expect(outcomes.succeeded).toBeGreaterThan(JOBS / 2);
    for (const [slug] of PLATFORMS) expect(pipeline.queues.get(`refresh-${slug}`)?.size).toBe(0);

    // No non-retryable error was retried, by the connector or by the queue.
    for (const events of attempts.values()) {
      for (const [i, e] of events.entries()) {
        if (e.outcome === "retry")
          expect(e.errorCode === "auth_failed" || e.errorCode === "bad_request").toBe(false);
        if (e.errorCode === "auth_failed") expect(i).toBe(events.length - 1);
      }
    }

    // Concurrency per platform never above its cap: the platform's queue never ran more consumers at
    // once, and the connectors never had more calls in flight.
    for (const [slug] of PLATFORMS) {
      expect(pipeline.queues.get(`refresh-${slug}`)?.stats.maxInFlight, slug).toBeLessThanOrEqual(
        REFRESH_CONCURRENCY_PER_PLATFORM,
      );
      expect(inFlight.get(slug)?.max, slug).toBeGreaterThan(1);
      expect(inFlight.get(slug)?.max, slug).toBeLessThanOrEqual(REFRESH_CONCURRENCY_PER_PLATFORM);
    }

    // Exactly one reconnect warning per refused connection, none for the others.
    const integrations: Integration[] = await listIntegrations(accountId);
    const refused = integrations.filter((i) => i.authFailedAt);
    expect(refused.map((i) => i.email)).toContain(revokedRef.email);
    for (const integration of integrations) {
      const warnings = pipeline.pushes.filter(
        (p) =>
          p.message.type === "integration" &&
          (p.message.integration as { email: string; slug: string }).email === integration.email &&
          (p.message.integration as { slug: string }).slug === integration.slug,
      );
      expect(warnings, `${integration.slug} ${integration.email}`).toHaveLength(
        integration.authFailedAt ? 1 : 0,
      );
    }

    const stats = pipeline.sandbox.stats();
    const calls = Object.values(stats).reduce((s, p) => s + p.apiCalls, 0);
    const faults = Object.values(stats).reduce(
      (s, p) => s + Object.values(p.faultsInjected).reduce((a, b) => a + b, 0),
      0,
    );
    console.info(
      `fault injection: ${JOBS} jobs, ${outcomes.succeeded} succeeded, ${outcomes.deadLettered} dead-lettered ${JSON.stringify(outcomes.byClass)}; ` +
        `${calls} platform calls, ${faults} faulted (${((100 * faults) / calls).toFixed(1)}%); refused connections ${refused.length}; ` +
        `max in flight ${JSON.stringify(Object.fromEntries(PLATFORMS.map(([s]) => [s, inFlight.get(s)?.max])))}`,
    );
    expect(faults / calls).toBeGreaterThan(0.27);
  }, 600_000);
});
