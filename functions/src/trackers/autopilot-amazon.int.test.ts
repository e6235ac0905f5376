import { DEFAULT_AUTOPILOT_SETTINGS, storedTrackerData } from "@pacer/core";
import { findTracker, type Tracker, updateTrackerAt } from "@pacer/db";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type World } from "../../testing/builders.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { requestTrackerRefresh } from "../lib/refresh-queue.ts";

/**
 * AutoPilot on Amazon Ads end to end: the tracker routes over DynamoDB Local and the sandbox's
 * campaign management (profile 3810822089931808, US: sp_auto_bestsellers 89459845 (Sponsored
 * Products) and sb_brand_video 10934 (Sponsored Brands) enabled, each with a daily budget;
 * sd_retargeting 4387490 (Sponsored Display) paused by a person).
 */
let pipeline: RefreshPipeline;
let world: World;
const STORE = demoAccount("amazonads", "3810822089931808") as DemoAccount;
const SP = "89459845";
const SB = "10934";
const SD = "4387490";
const ROUTES = {
  sp: "PUT /{host}/sp/campaigns",
  sb: "PUT /{host}/sb/v4/campaigns",
  sd: "PUT /{host}/sd/campaigns",
} as const;

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
    // No waiting between report polls (the sandbox's reports answer pending twice).
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

const updates = (route: keyof typeof ROUTES) =>
  pipeline.sandbox.stats().amazonads?.byRoute[ROUTES[route]] ?? 0;
const statusOf = (campaignId: string) =>
  pipeline.sandbox.writes.status(
    STORE,
    STORE.campaigns.find((c) => c.id === campaignId) as DemoAccount["campaigns"][number],
    Date.now(),
  );
const admin = () => world.Admin.token;

/** A refreshed tracker on the US store, its budget set to spend so far + `extra`. */
async function aRefreshedTracker(email: string, extra: number): Promise<Tracker> {
  const integration = await connectPlatform(admin(), world.account.accountId, "amazonads", email);
  const view = (await viewsOf(admin(), "amazonads", email)).find((v) => v.id === STORE.id);
  if (!view) throw new Error("no sandbox view");
  const [created] = (await trackersOn(world.account.accountId, integration, view, 1)) as [Tracker];
  await requestTrackerRefresh(created, { reason: "on-demand", now: new Date() });
  await pipeline.drained();
  const refreshed = (await findTracker(world.account.accountId, created.trackerId)) as Tracker;
  const spend = storedTrackerData(refreshed)?.actualSpend ?? 0;
  expect(spend).toBeGreaterThan(0);
  return updateTrackerAt(world.account.accountId, created.trackerId, refreshed.version, {
    manualBudgetValue: spend + extra,
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
    { token: admin() },
  );

// Two refreshes and several report-backed listings each: slower than one call on a shared machine.
describe("AutoPilot on Amazon Ads", { timeout: 60_000 }, () => {
  it("Apply pauses the Sponsored Products and Brands campaigns once (a re-run writes nothing), leaves the person-paused Display campaign alone, and undoes", async () => {
    const tracker = await aRefreshedTracker("amazon-apply@pacer.test", 0);
    await setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await run(tracker);
    const again = await run(tracker);

    const byCampaign = first.body.actions.map((a) => [a.campaignId, a.kind, a.status]).sort();
    expect(byCampaign).toEqual([
      [SB, "pause", "applied"],
      [SP, "pause", "applied"],
    ]);
    expect(again.body.actions).toEqual([]);
    expect([updates("sp"), updates("sb"), updates("sd")]).toEqual([1, 1, 0]);
    expect([statusOf(SP), statusOf(SB), statusOf(SD)]).toEqual(["PAUSED", "PAUSED", "PAUSED"]);

    const sp = first.body.actions.find((a) => a.campaignId === SP) as ActionView;
    const undone = await act("undo", tracker, sp._id);
    expect(undone.body.action).toMatchObject({ kind: "enable", status: "applied" });
    expect([statusOf(SP), statusOf(SB)]).toEqual(["ENABLED", "PAUSED"]);
    expect(updates("sp")).toBe(2);
  });

  it("Cruise changes a daily budget at Amazon; a refused write is recorded failed with insufficient_scope and shown on the tracker", async () => {
    const tracker = await aRefreshedTracker("amazon-cruise@pacer.test", 1_000_000);
    await setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposed = (await run(tracker)).body.actions;
    const [sp, sb] = [SP, SB].map((id) => proposed.find((a) => a.campaignId === id)) as [
      ActionView,
      ActionView,
    ];
    expect(sp).toMatchObject({ kind: "set-daily-budget", status: "proposed" });
    expect(sb).toMatchObject({ kind: "set-daily-budget", status: "proposed" });
    expect(proposed.some((a) => a.campaignId === SD)).toBe(false);
    expect(updates("sp") + updates("sb")).toBe(0);

    const applied = await act("apply", tracker, sp._id);
    pipeline.sandbox.writes.refuse("amazonads");
    const refused = await act("apply", tracker, sb._id);

    expect(applied.body.action.status).toBe("applied");
    expect(pipeline.sandbox.writes.dailyBudget(STORE, SP, Date.now(), undefined)).toBe(sp.after);
    expect(refused.body.action).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(pipeline.sandbox.writes.of(STORE, SB)).toEqual([]);
    const shown = await callApi<{ autopilot: { lastFailure: { code: string; campaignId: string } | null } }>(
      "GET",
      `/api/tracker/get-autopilot/${tracker.trackerId}`,
      { token: admin() },
    );
    expect(shown.body.autopilot.lastFailure).toMatchObject({ code: "insufficient_scope", campaignId: SB });
  });
});
