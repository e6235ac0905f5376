import { randomUUID } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createAccountWithUser, getAccount } from "./accounts.ts";
import { documentClientFor } from "./client.ts";
import { consumeRealtimeTicket, issueRealtimeTicket } from "./realtime-tickets.ts";
import {
  accountsDueForRefresh,
  claimRefreshAuthNotice,
  claimRefreshJob,
  finishRefreshJob,
  getRefreshJob,
  getRefreshRun,
  lowerRefreshRunTotal,
  markTrackerRefreshQueued,
  openRefreshRun,
  recordRefreshRunOutcome,
  settleTrackerRefresh,
  stampTrackerRefreshFailure,
  startAccountRefreshRun,
} from "./refresh.ts";
import { tableName } from "./table.ts";
import { createTrackers, getTracker, setTrackerRefreshState } from "./trackers.ts";

const anAccount = (now = new Date()) =>
  createAccountWithUser(
    { name: "Refresh Co", freeTrial: false },
    { name: "Ada", email: `ada-${randomUUID()}@example.test`, userType: "Admin" },
    now,
  );

const aKey = (accountId = randomUUID()) => ({
  accountId,
  trackerId: randomUUID(),
  from: "2026-11-01",
  to: "2026-11-21",
  runId: "2026-11-21T10:00:00.000Z",
});

describe("refresh data layer", () => {
  it("finds the accounts due with the byRefreshDue index and starts each run once", async () => {
    const registered = new Date(Date.now() - 60_000);
    const { account } = await anAccount(registered);
    const now = new Date();
    const due: string[] = [];
    for await (const page of accountsDueForRefresh(now)) due.push(...page.map((a) => a.accountId));
    expect(due).toContain(account.accountId);

    const [first, second] = await Promise.all([
      startAccountRefreshRun(account, now),
      startAccountRefreshRun(account, now),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const stored = await getAccount(account.accountId);
    expect(stored.lastDashboardRunDate).toBe(now.toISOString());
    expect(stored.nextRunAt).toBe(new Date(now.getTime() + 3_600_000).toISOString());
    expect(stored.version).toBe(account.version);

    const raw = await documentClientFor().send(
      new GetCommand({ TableName: tableName(), Key: { pk: `ACCOUNT#${account.accountId}`, sk: "ACCOUNT" } }),
    );
    expect(raw.Item?.gsi1sk).toBe(`${stored.nextRunAt}#${account.accountId}`);
    const later: string[] = [];
    for await (const page of accountsDueForRefresh(now)) later.push(...page.map((a) => a.accountId));
    expect(later).not.toContain(account.accountId);
  });

  it("claims a job once, lets a duplicate see it finished, and takes over an expired lease", async () => {
    const key = aKey();
    const now = new Date();
    const claim = await claimRefreshJob(key, { slug: "googleads", leaseMs: 60_000 }, now);
    expect(claim).toMatchObject({ kind: "claimed", attempts: 1 });
    const stored = await getRefreshJob(key);
    expect(stored).toMatchObject({ status: "running", slug: "googleads", attempts: 1 });
    expect(stored?.expiresAt).toBeGreaterThan(now.getTime() / 1000);

    const busy = await claimRefreshJob(key, { slug: "googleads", leaseMs: 60_000 }, now);
    expect(busy.kind).toBe("leased");

    const takeover = await claimRefreshJob(
      key,
      { slug: "googleads", leaseMs: 60_000 },
      new Date(now.getTime() + 61_000),
    );
    expect(takeover).toMatchObject({ kind: "claimed", attempts: 2 });
    if (claim.kind !== "claimed" || takeover.kind !== "claimed") throw new Error("unreachable");
    expect(await finishRefreshJob(key, claim.leaseId, { status: "succeeded", days: 3 })).toBe(false);
    expect(await finishRefreshJob(key, takeover.leaseId, { status: "succeeded", days: 3 })).toBe(true);

    const dup = await claimRefreshJob(key, { slug: "googleads", leaseMs: 60_000 }, now);
    expect(dup.kind).toBe("finished");
  });

  it("reclaims a job waiting for a retry", async () => {
    const key = aKey();
    const claim = await claimRefreshJob(key, { slug: "bingads", leaseMs: 60_000 });
    if (claim.kind !== "claimed") throw new Error("not claimed");
    await finishRefreshJob(key, claim.leaseId, {
      status: "retrying",
      error: { errorClass: "PlatformDownError", code: "platform_down", retryable: true },
    });
    expect(await claimRefreshJob(key, { slug: "bingads", leaseMs: 60_000 })).toMatchObject({
      kind: "claimed",
      attempts: 2,
    });
  });

  it("reports the finishing job of a run exactly once, also when the total is lowered", async () => {
    const accountId = randomUUID();
    await openRefreshRun(accountId, "run-1", 3, "schedule");
    const outcomes = await Promise.all([
      recordRefreshRunOutcome(accountId, "run-1", "succeeded"),
      recordRefreshRunOutcome(accountId, "run-1", "failed"),
      recordRefreshRunOutcome(accountId, "run-1", "succeeded"),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);

    await openRefreshRun(accountId, "run-2", 3, "schedule");
    expect(await recordRefreshRunOutcome(accountId, "run-2", "succeeded")).toBe(false);
    expect(await lowerRefreshRunTotal(accountId, "run-2", 2)).toBe(true);
  });

  it("counts a batch's jobs of a run in one write, and reports the write that finishes it", async () => {
    const accountId = randomUUID();
    await openRefreshRun(accountId, "run-3", 12, "schedule");
    expect(await recordRefreshRunOutcome(accountId, "run-3", { succeeded: 9, failed: 1 })).toBe(false);
    expect(await recordRefreshRunOutcome(accountId, "run-3", { succeeded: 1, failed: 1 })).toBe(true);
    expect(await getRefreshRun(accountId, "run-3")).toMatchObject({ total: 12, succeeded: 10, failed: 2 });
  });

  it("claims one reconnect warning per connection and connection time", async () => {
    const notice = {
      accountId: randomUUID(),
      slug: "googleads",
      email: "ads@example.test",
      connectedAt: "2026-11-01T00:00:00.000Z",
      reason: "invalid_grant",
    };
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimRefreshAuthNotice(notice)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRefreshAuthNotice({ ...notice, connectedAt: "2026-11-02T00:00:00.000Z" })).toBe(true);
  });

  it("moves the tracker's refresh flags and clears the load error on success", async () => {
    const { account } = await anAccount();
    const [tracker] = await createTrackers(
      account.accountId,
      [
        {
          name: "T",
          timeZone: "Europe/London",
          createdBy: "test",
          dataSource: { integration: { slug: "googleads" }, view: { id: "1" } },
        },
      ],
      10,
    );
    const id = tracker?.trackerId as string;
    const queued = await markTrackerRefreshQueued(account.accountId, id, {
      isUpdating: true,
      dataLoading: true,
    });
    expect(queued).toMatchObject({ isUpdating: true, dataLoading: true, version: tracker?.version });
    const failed = await settleTrackerRefresh(account.accountId, id, {
      ok: false,
      err: { title: "Data load failed", msg: "Please refresh this connection" },
    });
    expect(failed).toMatchObject({
      isUpdating: false,
      dataLoadFail: true,
      err: { title: "Data load failed" },
    });
    const ok = await settleTrackerRefresh(account.accountId, id, { ok: true });
    expect(ok?.dataLoadFail).toBe(false);
    expect(ok?.err).toBeUndefined();
    expect(await settleTrackerRefresh(account.accountId, randomUUID(), { ok: true })).toBeUndefined();

    // An automated budget: stored, then removed when the platform has none; a budget that did not
    // load keeps the figures' flags clear and sets budgetLoadFail with its err until a refresh ends it.
    await setTrackerRefreshState(account.accountId, id, {
      platformBudget: { amount: 50_000_000, period: "day" },
    });
    expect((await getTracker(account.accountId, id)).platformBudget).toEqual({
      amount: 50_000_000,
      period: "day",
    });
    // A lifetime (flight) budget keeps its flight dates.
    const flight = {
      amount: 6_100_000_000,
      period: "lifetime",
      startDate: "2026-03-01",
      endDate: "2026-04-30",
    } as const;
    await setTrackerRefreshState(account.accountId, id, { platformBudget: flight });
    expect((await getTracker(account.accountId, id)).platformBudget).toEqual(flight);
    await setTrackerRefreshState(account.accountId, id, { platformBudget: null, isUpdating: false });
    expect((await getTracker(account.accountId, id)).platformBudget).toBeUndefined();
    await markTrackerRefreshQueued(account.accountId, id, {
      isUpdating: true,
      dataLoading: false,
      isBudgetUpdating: true,
    });
    const budgetFailed = await settleTrackerRefresh(account.accountId, id, {
      ok: true,
      budgetErr: { title: "Budget load failed", msg: "Set the budget manually" },
    });
    expect(budgetFailed).toMatchObject({
      isUpdating: false,
      isBudgetUpdating: false,
      dataLoadFail: false,
      budgetLoadFail: true,
      err: { title: "Budget load failed" },
    });
    const cleared = await settleTrackerRefresh(account.accountId, id, { ok: true });
    expect(cleared).toMatchObject({ budgetLoadFail: false, dataLoadFail: false });
    expect(cleared?.err).toBeUndefined();
    expect(cleared?.version).toBe(tracker?.version);
  });

  it("keeps the last success through failed refreshes, stamps each failure (the stale warning's cause)", async () => {
    const { account } = await anAccount();
    const [tracker] = await createTrackers(
      account.accountId,
      [
        {
          name: "Stale soon",
          timeZone: "Europe/London",
          createdBy: "test",
          dataSource: { integration: { slug: "googleads" }, view: { id: "1" } },
        },
      ],
      10,
    );
    const id = tracker?.trackerId as string;
    const success = "2026-11-20T08:00:00.000Z";
    await setTrackerRefreshState(account.accountId, id, { lastRefreshedAt: success, platformBudget: null });

    // A retried attempt: stamped, the refresh still under way.
    await markTrackerRefreshQueued(account.accountId, id, { isUpdating: true, dataLoading: true });
    const retryErr = { title: "Data load failed", msg: "Google Ads is busy, retrying" };
    await stampTrackerRefreshFailure(account.accountId, id, retryErr, new Date("2026-11-20T09:05:00.000Z"));
    const retrying = await getTracker(account.accountId, id);
    expect(retrying).toMatchObject({
      isUpdating: true,
      lastRefreshedAt: success,
      lastFailedAt: "2026-11-20T09:05:00.000Z",
      lastFailure: retryErr,
    });

    // The final failure: flags settled, the last success untouched.
    const finalErr = { title: "Data load failed", msg: "Please refresh this connection" };
    const failedAt = new Date("2026-11-20T10:05:00.000Z");
    const failed = await settleTrackerRefresh(account.accountId, id, { ok: false, err: finalErr, failedAt });
    expect(failed).toMatchObject({
      isUpdating: false,
      dataLoadFail: true,
      lastRefreshedAt: success,
      lastFailedAt: failedAt.toISOString(),
      lastFailure: finalErr,
    });

    // A tracker that is gone is left alone (no item is created).
    await stampTrackerRefreshFailure(account.accountId, randomUUID(), finalErr);
  });

  it("spends a realtime ticket once and only while valid", async () => {
    const now = new Date();
    const { ticket } = await issueRealtimeTicket("acc-1", "user-1", now);
    expect(await consumeRealtimeTicket(ticket, now)).toEqual({ accountId: "acc-1", userId: "user-1" });
    expect(await consumeRealtimeTicket(ticket, now)).toBeUndefined();

    const late = await issueRealtimeTicket("acc-1", "user-1", now);
    expect(await consumeRealtimeTicket(late.ticket, new Date(now.getTime() + 61_000))).toBeUndefined();
    expect(await consumeRealtimeTicket("not-a-ticket", now)).toBeUndefined();
  });
});
