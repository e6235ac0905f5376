import { DEFAULT_AUTOPILOT_SETTINGS, storedTrackerData } from "@pacer/core";
import { findTracker, type Tracker, updateTrackerAt } from "@pacer/db";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type World } from "../../testing/builders.ts";
import { connectPlatform, type viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { requestTrackerRefresh } from "../lib/refresh-queue.ts";

/**
 * AutoPilot on Microsoft Advertising end to end: the tracker routes over DynamoDB Local and the
 * sandbox's Campaign Management (account 180000101: bing_search_hot 89459845 and bing_search_wide
 * 127823, each with a daily budget of its own).
 */
let pipeline: RefreshPipeline;
let world: World;
const SEARCH = demoAccount("bingads", "180000101") as DemoAccount;
const HOT = "89459845";
const WIDE = "127823";
const UPDATE = "PUT /campaign/CampaignManagement/{version}/Campaigns";

interface ActionView {
  _id: string;
  campaignId: string;
  kind: string;
  before: number;
  after: number;
  status: string;
  error: { code: string } | null;
}

beforeAll(async () => {
  pipeline = await startRefreshPipeline({
    // No waiting between report polls (Microsoft reports answer Pending once).
    http: {
      timeoutMs: 2_000,
      retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 0 },
      sleep: () => Promise.resolve(),
    },
  });
  pipeline.startWorker();
  world = await aWorld();
});

afterAll(async () => {
  await pipeline?.stop();
});

afterEach(() => {
  pipeline.sandbox.writes.reset();
  pipeline.sandbox.resetStats();
});

const updates = () => pipeline.sandbox.stats().bingads?.byRoute[UPDATE] ?? 0;
const statusOf = (campaignId: string) =>
  pipeline.sandbox.writes.status(
    SEARCH,
    SEARCH.campaigns.find((c) => c.id === campaignId) as DemoAccount["campaigns"][number],
    Date.now(),
  );
const admin = () => world.Admin.token;

/** The ad accounts a Microsoft connection reaches: get-user, then get-accounts (its two-step listing). */
async function microsoftViews(email: string): Promise<Awaited<ReturnType<typeof viewsOf>>> {
  const integration = { slug: "bingads", email };
  const user = await callApi<{ user: Record<string, unknown> }>("POST", "/api/bing-ads/get-user", {
    token: admin(),
    body: { integration },
  });
  const { bingAdsUserId, bingAdsCustomerId, bingAdsCustomerRoles } = user.body.user;
  const accounts = await callApi<{ views?: Awaited<ReturnType<typeof viewsOf>> }>(
    "POST",
    "/api/bing-ads/get-accounts",
    { token: admin(), body: { bingAdsUserId, bingAdsCustomerId, bingAdsCustomerRoles, integration } },
  );
  return accounts.body.views ?? [];
}

/** A refreshed tracker on the Search account; its budget is the spend so far plus `extra` (null: twice the spend). */
async function aRefreshedTracker(email: string, extra: number | null): Promise<Tracker> {
  const integration = await connectPlatform(admin(), world.account.accountId, "bingads", email);
  const view = (await microsoftViews(email)).find((v) => v.id === SEARCH.id);
  if (!view) throw new Error("no sandbox view");
  const [created] = (await trackersOn(world.account.accountId, integration, view, 1)) as [Tracker];
  await requestTrackerRefresh(created, { reason: "on-demand", now: new Date() });
  await pipeline.drained();
  const refreshed = (await findTracker(world.account.accountId, created.trackerId)) as Tracker;
  const spend = storedTrackerData(refreshed)?.actualSpend ?? 0;
  expect(spend).toBeGreaterThan(0);
  return updateTrackerAt(world.account.accountId, created.trackerId, refreshed.version, {
    manualBudgetValue: spend + (extra ?? spend),
  });
}

const setAutopilot = (tracker: Tracker, patch: Record<string, unknown>) =>
  callApi("POST", `/api/tracker/update-autopilot/${tracker.trackerId}`, {
    token: admin(),
    body: { ...DEFAULT_AUTOPILOT_SETTINGS, enabled: true, ...patch },
  });
const run = (tracker: Tracker) =>
  callApi<{ actions: ActionView[] }>("POST", `/api/tracker/run-autopilot/${tracker.trackerId}`, {
    token: admin(),
  });
const act = (verb: "apply" | "undo", tracker: Tracker, actionId: string) =>
  callApi<{ action: ActionView }>(
    "POST",
    `/api/tracker/${verb}-autopilot-action/${tracker.trackerId}/${actionId}`,
    {
      token: admin(),
    },
  );

// Two refreshes and several report-backed listings each: slower than one call on a shared machine.
describe("AutoPilot on Microsoft Advertising", { timeout: 60_000 }, () => {
  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaign alone, and undoes", async () => {
    const tracker = await aRefreshedTracker("ms-apply@pacer.test", 0);
    pipeline.sandbox.writes.record(SEARCH, WIDE, { at: Date.now(), status: "PAUSED" });
    await setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await run(tracker);
    const again = await run(tracker);

    expect(first.body.actions.map((a) => [a.campaignId, a.kind, a.status])).toEqual([
      [HOT, "pause", "applied"],
    ]);
    expect(again.body.actions).toEqual([]);
    expect(updates()).toBe(1);
    expect(statusOf(HOT)).toBe("PAUSED");
    expect(statusOf(WIDE)).toBe("PAUSED");

    const undone = await act("undo", tracker, first.body.actions[0]?._id ?? "");
    expect(undone.body.action).toMatchObject({ kind: "enable", status: "applied" });
    expect(statusOf(HOT)).toBe("ENABLED");
    expect(updates()).toBe(2);
  });

  it("Cruise changes a daily budget at the platform; a refused write is recorded failed with insufficient_scope", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budgets (with $1 left it would pause).
    const tracker = await aRefreshedTracker("ms-cruise@pacer.test", null);
    await setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposed = (await run(tracker)).body.actions;
    const [hot, wide] = [HOT, WIDE].map((id) => proposed.find((a) => a.campaignId === id)) as [
      ActionView,
      ActionView,
    ];
    expect(hot).toMatchObject({ kind: "set-daily-budget", status: "proposed" });

    const applied = await act("apply", tracker, hot._id);
    pipeline.sandbox.writes.refuse("bingads");
    const refused = await act("apply", tracker, wide._id);

    expect(applied.body.action.status).toBe("applied");
    expect(pipeline.sandbox.writes.dailyBudget(SEARCH, HOT, Date.now(), undefined)).toBe(hot.after);
    expect(refused.body.action).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    const shown = await callApi<{ autopilot: { lastFailure: { code: string; campaignId: string } | null } }>(
      "GET",
      `/api/tracker/get-autopilot/${tracker.trackerId}`,
      { token: admin() },
    );
    expect(shown.body.autopilot.lastFailure).toMatchObject({ code: "insufficient_scope", campaignId: WIDE });
  });
});
