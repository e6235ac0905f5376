import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { expectedSeries } from "@pacer/connectors/testing/sandbox-expectations";
import { budgetCalendar, DEFAULT_AUTOPILOT_SETTINGS, storedTrackerData } from "@pacer/core";
import { decodeTrackerList } from "@pacer/core/tracker-list";
import {
  db,
  findTracker,
  getIntegration,
  listDailyMetrics,
  listRefreshJobs,
  type NewTracker,
  saveAutopilotSettings,
  saveConnection,
  TRACKER_WRITES_WINDOW_MS,
  type Tracker,
  updateTrackerAt,
} from "@pacer/db";
import { demoAccount } from "@pacer/sandbox/data/demo-accounts";
import { demoBudgets } from "@pacer/sandbox/platforms/demo-budgets";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { METRICS } from "../../metric-names.ts";
import { queueUrlEnv } from "../../resources.ts";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { captureOutput, emfPoints, emfSums } from "../../testing/output.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { watchTableRequests } from "../../testing/table-requests.ts";
import { metrics } from "../lib/metrics.ts";
import { refreshMessageFor, requestTrackerRefresh } from "../lib/refresh-queue.ts";
import type { Session } from "../lib/session.ts";
import { sqsClient } from "../lib/sqs-client.ts";
import { tokenStore } from "../lib/token-store.ts";
import { REFRESH_LIST_MARKER_WRITES, REFRESH_TRACKER_WRITES } from "../lib/tracker-data.ts";
import { SNAPSHOT_QUIET_MS, trackerListTextFor } from "../trackers/list.ts";
import { REFRESH_ERROR_TEXTS } from "./failures.ts";
import { runRefreshJob } from "./job.ts";

/**
 * The refresh worker over the sandbox platforms, the local SQS endpoint (real queue semantics:
 * visibility, receive counts, dead-letter queues) and DynamoDB Local.
 */
let pipeline: RefreshPipeline;
let world: Awaited<ReturnType<typeof anAccountWithAdmin>>;

beforeAll(async () => {
  pipeline = await startRefreshPipeline({
    http: { timeoutMs: 2_000, retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 0 } },
  });
  pipeline.startWorker();
  world = await anAccountWithAdmin();
});

afterAll(async () => {
  await pipeline?.stop();
});

const googleView = async (email: string) => {
  const integration = await connectPlatform(world.token, world.account.accountId, "googleads", email);
  const view = (await viewsOf(world.token, "googleads", email)).find((v) => v.id === "1112223333");
  if (!view) throw new Error("no sandbox view 1112223333");
  return { integration, view };
};

/** Imports CSV rows (without the header) through the API and creates one GBP tracker on their account. */
async function csvTracker(
  account: { id: string; name: string },
  rows: string[],
  overrides: Partial<NewTracker> = {},
): Promise<Tracker> {
  const csv = [
    "date,account_id,account_name,currency,time_zone,spend,impressions,clicks,conversions,revenue",
    ...rows,
  ].join("\n");
  const imported = await callApi<{ integrationObj: { email: string } }>("POST", "/api/csv/import", {
    token: world.token,
    body: { csv },
  });
  expect(imported.status).toBe(200);
  const integration = await getIntegration(
    world.account.accountId,
    "csv",
    imported.body.integrationObj.email,
  );
  if (!integration) throw new Error("no csv connection");
  const [tracker] = await trackersOn(
    world.account.accountId,
    integration,
    { ...account, currency: "GBP", timeZone: "Europe/London" },
    1,
    { overrides },
  );
  return tracker as Tracker;
}

const sum = (rows: { spendMicros: number }[]) => rows.reduce((s, r) => s + r.spendMicros, 0);

describe("refresh worker", () => {
  it("fetches the whole history on a first run, stores one item per day and the figures, settles the flags and pushes once", async () => {
    const { integration, view } = await googleView("first-run@pacer.test");
    const [tracker] = (await trackersOn(world.account.accountId, integration, view, 1)) as [Tracker];
    await saveConnection({
      accountId: world.account.accountId,
      userId: world.admin.userId,
      connectionId: "admin-1",
    });
    pipeline.openConnections.add("admin-1");

    const now = new Date();
    const flagged = await requestTrackerRefresh(tracker, { reason: "on-demand", now });
    expect(flagged).toMatchObject({ isUpdating: true, dataLoading: true });
    await pipeline.drained();

    const calendar = budgetCalendar(now, view.timeZone);
    const from = calendar.previousMonths[0] as string;
    const expected = expectedSeries(pipeline.sandbox, "googleads", view.id, from, calendar.today);
    const stored = await listDailyMetrics(world.account.accountId, tracker.trackerId, from, calendar.today);
    expect(stored).toEqual(expected);

    const after = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    const data = storedTrackerData(after);
    expect(data?.actualSpend).toBe(sum(expected.filter((r) => r.date >= calendar.monthStart)));
    expect(data?.actualSpend).toBeGreaterThan(0);
    expect(after).toMatchObject({
      isUpdating: false,
      dataLoading: false,
      dataLoadFail: false,
      requiresUpdate: false,
    });
    expect(after.lastRefreshedAt).toBeDefined();

    const [job] = await listRefreshJobs(world.account.accountId, tracker.trackerId);
    expect(job).toMatchObject({ status: "succeeded", attempts: 1, from, to: calendar.today });
    const pushes = pipeline.pushes.filter(
      (p) => p.message.type === "tracker" && (p.message.tracker as { _id: string })._id === tracker.trackerId,
    );
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.message.tracker).toMatchObject({
      isUpdating: false,
      data: { actualSpend: data?.actualSpend },
    });
  });

  it("fetches the current month and the 7-day restatement window on a day's first refresh, then only the days within the reporting lag", async () => {
    const { integration, view } = await googleView("recent@pacer.test");
    const [tracker] = (await trackersOn(world.account.accountId, integration, view, 1, {
      refreshedAt: new Date(Date.now() - 2 * 86_400_000),
    })) as [Tracker];
    const now = new Date();
    const message = refreshMessageFor(tracker, { runId: "run-recent", reason: "schedule", now });
    const calendar = budgetCalendar(now, view.timeZone);
    const restated = new Date(`${calendar.today}T00:00:00Z`);
    restated.setUTCDate(restated.getUTCDate() - 7);
    const earliest = [calendar.monthStart, restated.toISOString().slice(0, 10)].sort()[0];
    expect(message).toMatchObject({ from: earliest, to: calendar.today, full: false });
    // Refreshed earlier today: Google's lag is 3 hours, so today and at most yesterday.
    const later = { ...tracker, lastRefreshedAt: now.toISOString() };
    const hourly = refreshMessageFor(later, { runId: "run-later", reason: "schedule", now });
    const yesterday = new Date(`${calendar.today}T00:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    expect(hourly).toMatchObject({ to: calendar.today, full: false });
    expect([calendar.today, yesterday.toISOString().slice(0, 10)]).toContain(hourly.from);
  });

  it("stores nothing fetched with filters that changed meanwhile: the figures follow the new filters", async () => {
    const { integration, view } = await googleView("filters-race@pacer.test");
    const campaigns = (id: string, name: string) => [
      { id: "campaigns", name: "Campaigns", type: "multipleChoice", selection: [{ id, name }] },
    ];
    const [created] = (await trackersOn(world.account.accountId, integration, view, 1)) as [Tracker];
    const tracker = await updateTrackerAt(world.account.accountId, created.trackerId, created.version, {
      filters: campaigns("89459845", "google_hot"),
    });
    const now = new Date();
    const calendar = budgetCalendar(now, view.timeZone);
    // The user saves other filters while the refresh of the first ones is fetching.
    const google = pipeline.registry.googleads;
    const racing = {
      ...pipeline.registry,
      googleads: {
        ...google,
        fetchDailyMetrics: async (...args: Parameters<typeof google.fetchDailyMetrics>) => {
          const fetched = await google.fetchDailyMetrics(...args);
          await updateTrackerAt(world.account.accountId, tracker.trackerId, tracker.version, {
            filters: campaigns("127823", "google_wide"),
            requiresUpdate: true,
          });
          return fetched;
        },
      },
    } as typeof pipeline.registry;
    const message = refreshMessageFor(tracker, {
      runId: "run-old-filters",
      reason: "filters-changed",
      now,
      full: true,
    });
    const stale = await runRefreshJob(message, { platform: "" }, { registry: racing, now: () => now });
    expect(stale.days).toBe(0);
    expect(
      await listDailyMetrics(world.account.accountId, tracker.trackerId, message.from, message.to),
    ).toEqual([]);
    // Still 'Awaiting data refresh': the change's own refresh ends it.
    expect(stale.tracker.requiresUpdate).toBe(true);
    expect(stale.tracker.lastRefreshedAt).toBeUndefined();

    // The refresh the change queued stores the rows of the new filters.
    const changed = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    await requestTrackerRefresh(changed, { reason: "filters-changed", now, full: true });
    await pipeline.drained();
    const wide = expectedSeries(pipeline.sandbox, "googleads", view.id, message.from, calendar.today, {
      campaignIds: ["127823"],
    });
    const after = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    expect(storedTrackerData(after)?.actualSpend).toBe(
      sum(wide.filter((r) => r.date >= calendar.monthStart)),
    );
    expect(after.requiresUpdate).toBe(false);
  });

  it("refreshes a tracker of the Manual / CSV source from its imported rows", async () => {
    const today = budgetCalendar(new Date(), "Europe/London");
    const days = [today.monthStart, today.today].filter((d, i, all) => all.indexOf(d) === i);
    const tracker = await csvTracker(
      { id: "offline-1", name: "Offline Radio" },
      days.map((d) => `${d},offline-1,Offline Radio,GBP,Europe/London,123.45,100,10,1,300`),
    );
    await requestTrackerRefresh(tracker, { reason: "on-demand", now: new Date() });
    await pipeline.drained();
    const after = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    expect(storedTrackerData(after)?.actualSpend).toBe(days.length * 123_450_000);
    expect(after).toMatchObject({ dataLoadFail: false, requiresUpdate: false });
  });

  it("a tracker with an automated budget gets the platform's budget: the running campaigns' daily budgets, stored and paced on", async () => {
    const { integration, view } = await googleView("automated@pacer.test");
    const [tracker] = (await trackersOn(world.account.accountId, integration, view, 1, {
      overrides: { automatedBudget: true, manualBudgetValue: undefined },
    })) as [Tracker];
    const account = demoAccount("googleads", view.id);
    if (!account) throw new Error("no demo account");
    const running = new Set(account.campaigns.filter((c) => c.status === "ENABLED").map((c) => c.id));
    const expected = demoBudgets(pipeline.sandbox.source, account)
      .filter((b) => b.campaignIds.some((id) => running.has(id)))
      .reduce((sum, b) => sum + b.amountMicros, 0);
    expect(expected).toBeGreaterThan(0);

    const flagged = await requestTrackerRefresh(tracker, { reason: "on-demand", now: new Date() });
    expect(flagged).toMatchObject({ isBudgetUpdating: true });
    await pipeline.drained();
    const after = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    expect(after.platformBudget).toEqual({ amount: expected, period: "day" });
    expect(after).toMatchObject({ isBudgetUpdating: false, budgetLoadFail: false, dataLoadFail: false });
    expect(after.err).toBeUndefined();
    const data = storedTrackerData(after);
    expect(data?.dailyBudget).toBe(expected);
    expect(data?.budget).toBe(expected * budgetCalendar(new Date(), view.timeZone).allDays.daysInMonth);
  });

  it("a tracker with an automated budget on a source without platform budgets: spend loads, the budget is in error saying to set it manually", async () => {
    const today = budgetCalendar(new Date(), "Europe/London");
    const tracker = await csvTracker(
      { id: "offline-auto", name: "Offline Print" },
      [`${today.today},offline-auto,Offline Print,GBP,Europe/London,50.00,100,10,1,300`],
      { automatedBudget: true, manualBudgetValue: undefined },
    );
    const flagged = await requestTrackerRefresh(tracker, { reason: "on-demand", now: new Date() });
    expect(flagged).toMatchObject({ isUpdating: true, isBudgetUpdating: true });
    await pipeline.drained();
    const after = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    expect(storedTrackerData(after)?.actualSpend).toBe(50_000_000);
    expect(after).toMatchObject({
      isUpdating: false,
      isBudgetUpdating: false,
      dataLoadFail: false,
      budgetLoadFail: true,
      err: {
        title: REFRESH_ERROR_TEXTS.budgetFailedTitle,
        msg: REFRESH_ERROR_TEXTS.budgetNotProvided("Manual / CSV"),
      },
    });
    expect(after.platformBudget).toBeUndefined();
    // Setting the budget by hand and refreshing clears the budget error.
    const manual = await callApi("POST", `/api/tracker/update-budget/${tracker.trackerId}`, {
      token: world.token,
      body: { budget: 1_000_000_000, budgetPeriod: "month" },
    });
    expect(manual.status).toBe(200);
    const current = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    await requestTrackerRefresh(current, { reason: "on-demand", now: new Date() });
    await pipeline.drained();
    const fixed = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    expect(fixed).toMatchObject({ automatedBudget: false, budgetLoadFail: false, dataLoadFail: false });
    expect(fixed.err).toBeUndefined();
    expect(storedTrackerData(fixed)?.budget).toBe(1_000_000_000);
  });

  it("retries a rate-limited job later, after the platform's Retry-After (a visibility change), and succeeds", async () => {
    const { integration, view } = await googleView("rate-limited@pacer.test");
    const [tracker] = (await trackersOn(world.account.accountId, integration, view, 1, {
      refreshedAt: new Date(),
    })) as [Tracker];
    pipeline.sandbox.setControls("googleads", { faults: [{ kind: "429", times: 1, on: "api" }] });
    const started = Date.now();
    await requestTrackerRefresh(tracker, { reason: "on-demand", now: new Date() });
    await pipeline.drained();
    pipeline.sandbox.setControls("googleads", { faults: [] });

    const [job] = await listRefreshJobs(world.account.accountId, tracker.trackerId);
    expect(job).toMatchObject({
      status: "succeeded",
      attempts: 2,
      lastError: { errorClass: "RateLimitedError" },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    const after = await findTracker(world.account.accountId, tracker.trackerId);
    expect(after?.isUpdating).toBe(false);
    // The retried attempt was stamped (a stale warning's cause), then the success came after it.
    expect(after?.lastFailure?.title).toBe(REFRESH_ERROR_TEXTS.failedTitle);
    expect(Date.parse(after?.lastFailedAt ?? "")).toBeGreaterThanOrEqual(started);
    expect(Date.parse(after?.lastRefreshedAt ?? "")).toBeGreaterThan(Date.parse(after?.lastFailedAt ?? ""));
  });

  it("counts each refresh outcome as an EMF metric with the platform on the line: retried, succeeded, failed for good", async () => {
    const retried = await googleView("outcome-retried@pacer.test");
    const [first] = (await trackersOn(world.account.accountId, retried.integration, retried.view, 1, {
      refreshedAt: new Date(),
    })) as [Tracker];
    const refused = await googleView("outcome-refused@pacer.test");
    const credentials = await tokenStore().get({
      accountId: world.account.accountId,
      slug: "googleads",
      email: "outcome-refused@pacer.test",
    });
    await pipeline.registry.googleads.revoke(credentials as never);
    const [second] = (await trackersOn(world.account.accountId, refused.integration, refused.view, 1, {
      refreshedAt: new Date(),
    })) as [Tracker];
    vi.stubEnv("POWERTOOLS_METRICS_DISABLED", "false");
    const output = captureOutput();
    try {
      pipeline.sandbox.setControls("googleads", { faults: [{ kind: "429", times: 1, on: "api" }] });
      await requestTrackerRefresh(first, { reason: "on-demand", now: new Date() });
      await pipeline.drained();
      pipeline.sandbox.setControls("googleads", { faults: [] });
      await requestTrackerRefresh(second, { reason: "on-demand", now: new Date() });
      await pipeline.drained();
    } finally {
      // Whatever an unwrapped call left buffered (a wrapped invocation writes its own at its end).
      metrics.publishStoredMetrics();
      output.restore();
      vi.unstubAllEnvs();
    }

    // One line per invocation (functions/src/lib/metrics.ts), the platform on it, not a dimension.
    const outcomes = emfPoints(output.json()).filter((p) => p.name.startsWith("Refresh"));
    expect(emfSums(outcomes)).toEqual({
      [METRICS.refreshRetried.name]: 1,
      [METRICS.refreshSucceeded.name]: 1,
      [METRICS.refreshFailed.name]: 1,
    });
    for (const p of outcomes) {
      expect(p.dimensions).toEqual({ service: "pacer" });
      expect(p.context).toEqual({ platform: "googleads" });
    }
  });

  it("moves a poison message to the dead-letter queue after maxReceiveCount deliveries, with its reason", async () => {
    const { integration, view } = await googleView("poison@pacer.test");
    const [tracker] = (await trackersOn(world.account.accountId, integration, view, 1, {
      refreshedAt: new Date(),
    })) as [Tracker];
    const broken = {
      ...pipeline.registry,
      googleads: {
        ...pipeline.registry.googleads,
        fetchDailyMetrics: async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'rows')");
        },
      },
    };
    pipeline.startWorker({ registry: async () => broken, retryBaseSeconds: 0 });
    try {
      await requestTrackerRefresh(tracker, { reason: "on-demand", now: new Date() });
      await pipeline.drained();
    } finally {
      pipeline.startWorker();
    }
    const dead = pipeline.deadLetters("googleads");
    const mine = dead.filter((r) => JSON.parse(r.body).trackerId === tracker.trackerId);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.messageAttributes.ErrorClass?.stringValue).toBe("TypeError");
    expect(mine[0]?.messageAttributes.Attempts?.stringValue).toBe("5");
    const [job] = await listRefreshJobs(world.account.accountId, tracker.trackerId);
    expect(job).toMatchObject({ status: "failed", attempts: 5, lastError: { errorClass: "TypeError" } });
    const after = await findTracker(world.account.accountId, tracker.trackerId);
    expect(after).toMatchObject({
      dataLoadFail: true,
      isUpdating: false,
      err: { title: REFRESH_ERROR_TEXTS.failedTitle },
      // The last success stays as it was; the final failure is stamped with its message.
      lastRefreshedAt: tracker.lastRefreshedAt,
      lastFailure: { title: REFRESH_ERROR_TEXTS.failedTitle },
    });
    expect(after?.lastFailedAt).toBeDefined();
  });

  it("sends a message that is not a refresh message straight to the dead-letter queue", async () => {
    await sqsClient().send(
      new SendMessageCommand({
        QueueUrl: process.env[queueUrlEnv("refresh-facebookads")],
        MessageBody: '{"hello":"world"}',
      }),
    );
    await pipeline.drained();
    const dead = pipeline.deadLetters("facebookads");
    expect(dead.map((r) => [r.body, r.messageAttributes.ErrorClass?.stringValue])).toEqual([
      ['{"hello":"world"}', "InvalidMessage"],
    ]);
  });

  it("on refused credentials: marks the connection danger and the trackers' err, warns once, calls once, never retries", async () => {
    const email = "revoked@pacer.test";
    const { integration, view } = await googleView(email);
    const credentials = await tokenStore().get({
      accountId: world.account.accountId,
      slug: "googleads",
      email,
    });
    await pipeline.registry.googleads.revoke(credentials as never);
    const trackers = await trackersOn(world.account.accountId, integration, view, 6, {
      refreshedAt: new Date(),
    });
    await saveConnection({
      accountId: world.account.accountId,
      userId: world.admin.userId,
      connectionId: "admin-2",
    });
    pipeline.openConnections.add("admin-2");
    pipeline.sandbox.resetStats();

    for (const t of trackers) await requestTrackerRefresh(t, { reason: "on-demand", now: new Date() });
    await pipeline.drained();

    const marked = await getIntegration(world.account.accountId, "googleads", email);
    expect(marked?.authFailedAt).toBeDefined();
    for (const t of trackers) {
      const after = await findTracker(world.account.accountId, t.trackerId);
      expect(after).toMatchObject({
        dataLoadFail: true,
        err: { msg: REFRESH_ERROR_TEXTS.auth },
        isUpdating: false,
      });
      const [job] = await listRefreshJobs(world.account.accountId, t.trackerId);
      expect(job).toMatchObject({ status: "failed", attempts: 1, lastError: { errorClass: "AuthError" } });
    }
    const dead = pipeline
      .deadLetters("googleads")
      .filter((r) => trackers.some((t) => t.trackerId === JSON.parse(r.body).trackerId));
    expect(dead).toHaveLength(6);
    expect(new Set(dead.map((r) => r.messageAttributes.Attempts?.stringValue))).toEqual(new Set(["1"]));
    // The revoked grant answered once per job at most; jobs after the mark made no call.
    expect(pipeline.sandbox.stats().googleads?.apiCalls ?? 0).toBeLessThanOrEqual(trackers.length);
    expect(pipeline.sandbox.stats().googleads?.apiCalls ?? 0).toBeGreaterThanOrEqual(1);
    const warnings = pipeline.pushes.filter(
      (p) =>
        p.connectionId === "admin-2" &&
        p.message.type === "integration" &&
        (p.message.integration as { email: string }).email === email,
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message.integration).toMatchObject({ status: "danger" });
  });
});

describe("a refresh job's writes of the tracker item and of the tracker list's marker", () => {
  let unwatch = () => {};
  afterEach(() => {
    unwatch();
  });

  const isWrite = (command: string) => /^(Update|Put)(Item)?Command$/.test(command);

  /**
   * Watches the single-item writes of one tracker and of its account's list marker; with `dieAfter`,
   * any marker write after the tracker's first write fails, as if the process died in between.
   */
  function watchWrites(trackerId: string, options: { dieAfter?: boolean } = {}) {
    const seen = { tracker: 0, marker: 0 };
    unwatch = watchTableRequests(({ command, sortKey }) => {
      const sk = isWrite(command) ? sortKey : undefined;
      if (sk === "TRACKERLIST") {
        if (options.dieAfter && seen.tracker > 0) throw new Error("The process died");
        seen.marker += 1;
      }
      if (sk === `TRACKER#${trackerId}`) seen.tracker += 1;
    });
    return seen;
  }

  const adminSession = (owner: Awaited<ReturnType<typeof anAccountWithAdmin>>): Session => ({
    userId: owner.admin.userId,
    accountId: owner.account.accountId,
    userType: "Admin",
    user: owner.admin,
    account: owner.account,
    issuedAt: 0,
    expiresAt: 0,
  });
  const listAt = async (session: Session, now: Date) => {
    const { text, source } = await trackerListTextFor(session, now);
    return { trackers: decodeTrackerList(JSON.parse(text)), source };
  };

  it("writes the tracker item once (figures, platform budget, settled flags) and the list marker once per job", async () => {
    const { integration, view } = await googleView("marker-once@pacer.test");
    const [tracker] = (await trackersOn(world.account.accountId, integration, view, 1, {
      overrides: { automatedBudget: true, manualBudgetValue: undefined },
    })) as [Tracker];
    const now = new Date();
    const message = refreshMessageFor(tracker, { runId: "run-marker-once", reason: "on-demand", now });
    const seen = watchWrites(tracker.trackerId);

    await runRefreshJob(message, { platform: "" }, { registry: pipeline.registry, now: () => now });

    expect(seen.marker).toBe(REFRESH_LIST_MARKER_WRITES);
    expect(seen.tracker).toBe(REFRESH_TRACKER_WRITES);
    const after = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    expect(after).toMatchObject({ isUpdating: false, isBudgetUpdating: false, budgetLoadFail: false });
    expect(after.platformBudget?.amount).toBeGreaterThan(0);
    expect(storedTrackerData(after)?.dailyBudget).toBe(after.platformBudget?.amount);
    expect(storedTrackerData(after)?.actualSpend).toBeGreaterThan(0);
  });

  it("reads the whole tracker once per job: the check after the fetch reads its settings version alone", async () => {
    const { integration, view } = await googleView("version-read@pacer.test");
    const [tracker] = (await trackersOn(world.account.accountId, integration, view, 1)) as [Tracker];
    const now = new Date();
    const message = refreshMessageFor(tracker, { runId: "run-version-read", reason: "on-demand", now });
    const reads = { whole: 0, projected: [] as string[] };
    unwatch = watchTableRequests(({ command, input, sortKey }) => {
      if (command !== "GetItemCommand" || sortKey !== `TRACKER#${tracker.trackerId}`) return;
      const projection = input.ProjectionExpression as string | undefined;
      if (projection) {
        const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
        reads.projected.push(
          projection
            .split(",")
            .map((n) => names[n.trim()] ?? n.trim())
            .join(","),
        );
      } else reads.whole += 1;
    });

    await runRefreshJob(message, { platform: "" }, { registry: pipeline.registry, now: () => now });

    expect(reads.whole).toBe(1);
    expect(reads.projected).toHaveLength(1);
    expect(reads.projected[0]?.split(",")).toContain("version");
    expect(reads.projected[0]).not.toMatch(/\bdata\b/);
    const after = (await findTracker(world.account.accountId, tracker.trackerId)) as Tracker;
    expect(after.requiresUpdate).toBe(false);
    expect(storedTrackerData(after)?.actualSpend).toBeGreaterThan(0);
  });

  it("leaves no stale list snapshot when the process dies right after a tracker write of the job", async () => {
    const owner = await anAccountWithAdmin();
    const session = adminSession(owner);
    const integration = await connectPlatform(
      owner.token,
      owner.account.accountId,
      "googleads",
      "crash@pacer.test",
    );
    const view = (await viewsOf(owner.token, "googleads", "crash@pacer.test")).find(
      (v) => v.id === "1112223333",
    );
    if (!view) throw new Error("no sandbox view 1112223333");
    const [tracker] = (await trackersOn(owner.account.accountId, integration, view, 1)) as [Tracker];
    const quiet = () => new Date(Date.now() + TRACKER_WRITES_WINDOW_MS + SNAPSHOT_QUIET_MS + 1_000);
    const before = await listAt(session, quiet());
    expect(before.source).toBe("rebuilt-and-stored");
    expect(before.trackers[0]?.data).toBeNull();

    const seen = watchWrites(tracker.trackerId, { dieAfter: true });
    const now = new Date();
    const message = refreshMessageFor(tracker, { runId: "run-crash", reason: "on-demand", now });
    await runRefreshJob(message, { platform: "" }, { registry: pipeline.registry, now: () => now }).catch(
      () => undefined,
    );
    unwatch();
    expect(seen.tracker).toBeGreaterThan(0);

    // Right away (the job's writes may still land: every call reads the trackers) and after the
    // job's window (the snapshot stored again, with what the job wrote).
    const during = await listAt(session, new Date());
    // Nothing stored answers it (neither the snapshot nor the Admin's stored whole answer).
    expect(["snapshot", "answer"]).not.toContain(during.source);
    expect((during.trackers[0]?.data as { actualSpend?: number } | null)?.actualSpend).toBeGreaterThan(0);
    const stored = await listAt(session, quiet());
    const hit = await listAt(session, quiet());
    expect(stored.source).toBe("rebuilt-and-stored");
    // The Admin's hit: the whole answer stored from that snapshot (trackers/list.ts).
    expect(hit.source).toBe("answer");
    expect(hit.trackers).toEqual(during.trackers);
  });
});

describe("a refresh job's read of the tracker's AutoPilot item", () => {
  let unwatch = () => {};
  afterEach(() => {
    unwatch();
  });

  /** Counts the reads of a tracker's AutoPilot item (a GetItem of sort key `AUTOPILOT#<trackerId>`). */
  function watchAutopilotReads(trackerId: string) {
    const seen = { reads: 0 };
    unwatch = watchTableRequests(({ command, sortKey }) => {
      if (/^Get(Item)?Command$/.test(command) && sortKey === `AUTOPILOT#${trackerId}`) seen.reads += 1;
    });
    return seen;
  }

  it("is left out for a tracker without AutoPilot on, made while it is on, and made for a tracker stored before the flag", async () => {
    const { integration, view } = await googleView("autopilot-reads@pacer.test");
    const [tracker] = (await trackersOn(world.account.accountId, integration, view, 1)) as [Tracker];
    const seen = watchAutopilotReads(tracker.trackerId);
    let runs = 0;
    /** Runs a job of the tracker: its tracker flag and its reads of the AutoPilot item. */
    const job = async () => {
      const now = new Date();
      const message = refreshMessageFor(tracker, {
        runId: `run-autopilot-${runs++}`,
        reason: "on-demand",
        now,
      });
      const before = seen.reads;
      const result = await runRefreshJob(
        message,
        { platform: "" },
        { registry: pipeline.registry, now: () => now },
      );
      return { autopilotOn: result.tracker.autopilotOn, reads: seen.reads - before };
    };
    const save = (enabled: boolean) =>
      saveAutopilotSettings(
        world.account.accountId,
        tracker.trackerId,
        { ...DEFAULT_AUTOPILOT_SETTINGS, enabled },
        world.admin.userId,
      );

    expect(await job()).toEqual({ autopilotOn: false, reads: 0 });

    await save(true);
    const on = await job();
    expect(on.autopilotOn).toBe(true);
    expect(on.reads).toBeGreaterThan(0);

    // A tracker stored before the flag existed carries none: its AutoPilot item is read, as before.
    await (await db()).entities.tracker
      .patch({ accountId: world.account.accountId, trackerId: tracker.trackerId })
      .remove(["autopilotOn"])
      .go();
    const unflagged = await job();
    expect(unflagged.autopilotOn).toBeUndefined();
    expect(unflagged.reads).toBeGreaterThan(0);

    await save(false);
    expect(await job()).toEqual({ autopilotOn: false, reads: 0 });
  });
});
