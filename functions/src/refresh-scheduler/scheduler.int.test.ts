import { randomUUID } from "node:crypto";
import { reportingLagHours } from "@pacer/connectors/reporting-lag";
import { budgetCalendar, localDate } from "@pacer/core";
import {
  createAccountWithUser,
  db,
  findTracker,
  getAccount,
  getRefreshRun,
  markIntegrationAuthFailed,
  putIntegration,
  type Tracker,
} from "@pacer/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPasswordHash } from "../../testing/builders.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { signSession } from "../lib/jwt.ts";
import { sqsClient } from "../lib/sqs-client.ts";
import { REFRESH_ERROR_TEXTS } from "../refresh-worker/failures.ts";
import { runRefreshScheduler } from "./scheduler.ts";

/**
 * The scheduler over the real refresh queues (no worker: the tests read what was queued). Its
 * accounts are registered in 2001, and it runs at 2001 times, so the other test files' accounts
 * (registered now, hence due now) are never part of these runs.
 */
let pipeline: RefreshPipeline;
let batchCalls = 0;
const T0 = new Date("2001-03-15T09:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const deps = { evaluateAlerts: async () => undefined };

beforeAll(async () => {
  pipeline = await startRefreshPipeline();
  sqsClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === "SendMessageBatchCommand") batchCalls++;
      return next(args);
    },
    { step: "initialize", name: "countBatches" },
  );
});

afterAll(async () => {
  await pipeline?.stop();
});

/** An account registered at `registered`, with its Admin's token. */
async function anOldAccount(
  registered: Date,
  account: { freeTrial?: boolean; freeTrialEndDate?: string } = {},
) {
  const made = await createAccountWithUser(
    { name: "Scheduled Agency", freeTrial: false, ...account },
    {
      name: "Old Admin",
      email: `old-${randomUUID()}@example.test`,
      userType: "Admin",
      passwordHash: await testPasswordHash(),
    },
    registered,
  );
  return { ...made, token: await signSession(made.user.userId, made.account.accountId) };
}

const queued = (slug: string, accountId: string) =>
  (pipeline.queues.get(`refresh-${slug}`)?.peek() ?? [])
    .map((m) => JSON.parse(m.body))
    .filter((m) => m.accountId === accountId);

async function trackersFor(
  token: string,
  accountId: string,
  slug: "googleads" | "facebookads",
  viewId: string,
) {
  const integration = await connectPlatform(token, accountId, slug, `${slug}-${randomUUID()}@pacer.test`);
  const view = (await viewsOf(token, slug, integration.email)).find((v) => v.id === viewId);
  if (!view) throw new Error("no view");
  return { integration, view };
}

describe("refresh scheduler", () => {
  it("queues one message per due tracker (10 per SendMessageBatch) and sets the account's last run and next update", async () => {
    const { account, token } = await anOldAccount(at(-120));
    const id = account.accountId;
    const google = await trackersFor(token, id, "googleads", "1112223333");
    const meta = await trackersFor(token, id, "facebookads", "101000000000001");
    const firstRuns = await trackersOn(id, google.integration, google.view, 23);
    const refreshed = await trackersOn(id, meta.integration, meta.view, 12, { refreshedAt: at(-60) });
    batchCalls = 0;

    const summary = await runRefreshScheduler(at(0), deps);
    expect(summary).toMatchObject({ accounts: 1, trackers: 35, queued: 35, failed: 0, skipped: 0 });
    expect(batchCalls).toBe(3 + 2);

    const google0 = budgetCalendar(at(0), google.view.timeZone);
    const googleMessages = queued("googleads", id);
    expect(googleMessages.map((m) => m.trackerId).sort()).toEqual(firstRuns.map((t) => t.trackerId).sort());
    for (const m of googleMessages) {
      expect(m).toMatchObject({
        v: 1,
        accountId: id,
        slug: "googleads",
        from: google0.previousMonths[0],
        to: google0.today,
        full: true,
        runId: at(0).toISOString(),
        reason: "schedule",
      });
    }
    const metaMessages = queued("facebookads", id);
    expect(metaMessages.map((m) => m.trackerId).sort()).toEqual(refreshed.map((t) => t.trackerId).sort());
    const meta0 = budgetCalendar(at(0), meta.view.timeZone);
    // Refreshed an hour earlier the same day: only the days still within Meta's reporting lag.
    const lagMs = (reportingLagHours("facebookads") ?? 0) * 3_600_000;
    const open = localDate(at(-60).getTime() - lagMs, meta.view.timeZone);
    expect([meta0.yesterday, meta0.today]).toContain(open);
    for (const m of metaMessages) expect(m).toMatchObject({ from: open, to: meta0.today, full: false });

    const stored = await getAccount(id);
    expect(stored.lastDashboardRunDate).toBe(at(0).toISOString());
    expect(stored.nextRunAt).toBe(at(60).toISOString());
    expect(await getRefreshRun(id, at(0).toISOString())).toMatchObject({
      total: 35,
      succeeded: 0,
      failed: 0,
    });
    expect((await findTracker(id, firstRuns[0]?.trackerId as string))?.dataLoading).toBe(true);
    expect((await findTracker(id, refreshed[0]?.trackerId as string))?.dataLoading).toBeUndefined();

    // Not due again before its hourly cycle has passed; due after.
    expect((await runRefreshScheduler(at(0), deps)).accounts).toBe(0);
    expect((await runRefreshScheduler(at(59), deps)).accounts).toBe(0);
    expect(queued("googleads", id)).toHaveLength(23);
    expect((await runRefreshScheduler(at(60), deps)).queued).toBe(35);
    expect(queued("googleads", id)).toHaveLength(46);
  });

  it("uses the account's hourly cycle for the next update", async () => {
    const { account } = await anOldAccount(at(-240));
    await (await db()).entities.account.patch({ accountId: account.accountId }).set({ hourlyCycle: 3 }).go();
    await runRefreshScheduler(at(-180), deps);
    expect((await getAccount(account.accountId)).nextRunAt).toBe(at(0).toISOString());
  });

  it("queues nothing for trackers whose connection is gone or refused, and gives them the err saying so", async () => {
    const { account, token } = await anOldAccount(at(-300));
    const id = account.accountId;
    const google = await trackersFor(token, id, "googleads", "1112223333");
    const [refusedTracker] = (await trackersOn(id, google.integration, google.view, 1)) as [Tracker];
    await markIntegrationAuthFailed(id, "googleads", google.integration.email, "invalid_grant");
    const [orphan] = (await trackersOn(
      id,
      { ...google.integration, email: "removed@pacer.test" },
      google.view,
      1,
    )) as [Tracker];

    const summary = await runRefreshScheduler(at(-299), deps);
    expect(summary).toMatchObject({ accounts: 1, trackers: 2, queued: 0, skipped: 2 });
    expect(queued("googleads", id)).toEqual([]);
    expect(await findTracker(id, refusedTracker.trackerId)).toMatchObject({
      dataLoadFail: true,
      err: { title: REFRESH_ERROR_TEXTS.authTitle, msg: REFRESH_ERROR_TEXTS.auth },
    });
    expect(await findTracker(id, orphan.trackerId)).toMatchObject({
      dataLoadFail: true,
      err: { msg: REFRESH_ERROR_TEXTS.removed },
    });
  });

  it("leaves accounts past their free trial out, moving their next run on", async () => {
    const { account } = await anOldAccount(at(-400), {
      freeTrial: true,
      freeTrialEndDate: at(-399).toISOString(),
    });
    const integration = await putIntegration({
      accountId: account.accountId,
      slug: "googleads",
      email: "expired@pacer.test",
      name: "Google Ads",
      connectedAt: at(-400).toISOString(),
    });
    await trackersOn(
      account.accountId,
      integration,
      { id: "1112223333", name: "Search", currency: "GBP", timeZone: "Europe/London" },
      2,
    );
    const summary = await runRefreshScheduler(at(-398), deps);
    expect(summary.accounts).toBe(0);
    expect(queued("googleads", account.accountId)).toEqual([]);
    expect((await getAccount(account.accountId)).lastDashboardRunDate).toBe(at(-398).toISOString());
  });
});
