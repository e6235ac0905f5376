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
 * AutoPilot on TikTok end to end: the tracker routes over DynamoDB Local and the sandbox's
 * campaign endpoints (advertiser 7000000000000000101: tiktok_creators 374754 and tiktok_in_feed
 * 983498, each with a daily campaign budget).
 */
let pipeline: RefreshPipeline;
let world: World;
const ADVERTISER = demoAccount("tiktokads", "7000000000000000101") as DemoAccount;
const CREATORS = "374754";
const IN_FEED = "983498";
const STATUS_UPDATE = "POST /open_api/{version}/campaign/status/update/";

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

const updates = () => pipeline.sandbox.stats().tiktokads?.byRoute[STATUS_UPDATE] ?? 0;
const statusOf = (campaignId: string) =>
  pipeline.sandbox.writes.status(
    ADVERTISER,
    ADVERTISER.campaigns.find((c) => c.id === campaignId) as DemoAccount["campaigns"][number],
    Date.now(),
  );
const admin = () => world.Admin.token;

/** A refreshed tracker on the advertiser, its budget set to spend so far + `extra`. */
async function aRefreshedTracker(email: string, extra: number): Promise<Tracker> {
  const integration = await connectPlatform(admin(), world.account.accountId, "tiktokads", email);
  const view = (await viewsOf(admin(), "tiktokads", email)).find((v) => v.id === ADVERTISER.id);
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
describe("AutoPilot on TikTok", { timeout: 60_000 }, () => {
  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaign alone, and undoes", async () => {
    const tracker = await aRefreshedTracker("tiktok-apply@pacer.test", 0);
    pipeline.sandbox.writes.record(ADVERTISER, IN_FEED, { at: Date.now(), status: "PAUSED" });
    await setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await run(tracker);
    const again = await run(tracker);

    expect(first.body.actions.map((a) => [a.campaignId, a.kind, a.status])).toEqual([
      [CREATORS, "pause", "applied"],
    ]);
    expect(again.body.actions).toEqual([]);
    expect(updates()).toBe(1);
    expect([statusOf(CREATORS), statusOf(IN_FEED)]).toEqual(["PAUSED", "PAUSED"]);

    const undone = await act("undo", tracker, first.body.actions[0]?._id ?? "");
    expect(undone.body.action).toMatchObject({ kind: "enable", status: "applied" });
    expect(statusOf(CREATORS)).toBe("ENABLED");
    expect(updates()).toBe(2);
  });

  it("Cruise changes a daily budget at TikTok; a refused write is recorded failed with insufficient_scope and shown on the tracker", async () => {
    const tracker = await aRefreshedTracker("tiktok-cruise@pacer.test", 1_000_000);
    await setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposed = (await run(tracker)).body.actions;
    const [creators, inFeed] = [CREATORS, IN_FEED].map((id) => proposed.find((a) => a.campaignId === id)) as [
      ActionView,
      ActionView,
    ];
    expect(creators).toMatchObject({ kind: "set-daily-budget", status: "proposed" });
    expect(inFeed).toMatchObject({ kind: "set-daily-budget", status: "proposed" });

    const applied = await act("apply", tracker, creators._id);
    pipeline.sandbox.writes.refuse("tiktokads");
    const refused = await act("apply", tracker, inFeed._id);

    expect(applied.body.action.status).toBe("applied");
    expect(pipeline.sandbox.writes.dailyBudget(ADVERTISER, CREATORS, Date.now(), undefined)).toBe(
      creators.after,
    );
    expect(refused.body.action).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(pipeline.sandbox.writes.of(ADVERTISER, IN_FEED)).toEqual([]);
    const shown = await callApi<{ autopilot: { lastFailure: { code: string; campaignId: string } | null } }>(
      "GET",
      `/api/tracker/get-autopilot/${tracker.trackerId}`,
      { token: admin() },
    );
    expect(shown.body.autopilot.lastFailure).toMatchObject({
      code: "insufficient_scope",
      campaignId: IN_FEED,
    });
  });
});
