import {
  addMonths,
  budgetCalendar,
  CATCH_UP_DAYS,
  DEFAULT_AUTOPILOT_SETTINGS,
  storedTrackerData,
} from "@pacer/core";
import {
  findTracker,
  getAutopilotRecord,
  getIntegration,
  saveAutopilotSettings,
  type Tracker,
  updateTrackerAt,
} from "@pacer/db";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type World } from "../../testing/builders.ts";
import { useMailCapture } from "../../testing/mail.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { evaluateTrackerAutopilot } from "../lib/autopilot.ts";
import { requestTrackerRefresh } from "../lib/refresh-queue.ts";

/**
 * AutoPilot end to end: the tracker routes and the refresh worker over DynamoDB Local and the
 * sandbox Google Ads platform (account 1112223333: google_hot 89459845 and google_wide 127823,
 * sharing one daily budget).
 */
let pipeline: RefreshPipeline;
let world: World;
const mail = useMailCapture();
const SEARCH = demoAccount("googleads", "1112223333") as DemoAccount;
const HOT = "89459845";
const WIDE = "127823";
const MUTATE_STATUS = "POST /api/{version}/customers/{customerId}/campaigns:mutate";
const MUTATE_BUDGET = "POST /api/{version}/customers/{customerId}/campaignBudgets:mutate";

interface ActionView {
  _id: string;
  trackerId: string;
  campaignId: string;
  kind: string;
  before: number;
  after: number;
  rule: string;
  status: string;
  figures: Record<string, unknown>;
  answer: string | null;
  error: { code: string } | null;
  actor: { type: string; userId?: string } | null;
}

beforeAll(async () => {
  pipeline = await startRefreshPipeline({
    http: { timeoutMs: 2_000, retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 0 } },
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

const calls = (route: string) => pipeline.sandbox.stats().googleads?.byRoute[route] ?? 0;
const statusOf = (campaignId: string) =>
  pipeline.sandbox.writes.status(
    SEARCH,
    SEARCH.campaigns.find((c) => c.id === campaignId) as DemoAccount["campaigns"][number],
    Date.now(),
  );
const as = (member: keyof Omit<World, "account" | "subject">) => world[member].token;

/** A refreshed tracker on the sandbox's Search account; its budget is the spend so far plus `extra` (null: twice the spend); seen by the Manager. */
async function aRefreshedTracker(email: string, extra: number | null): Promise<Tracker> {
  const integration = await connectPlatform(world.Admin.token, world.account.accountId, "googleads", email);
  const view = (await viewsOf(world.Admin.token, "googleads", email)).find((v) => v.id === SEARCH.id);
  if (!view) throw new Error("no sandbox view");
  const [created] = (await trackersOn(world.account.accountId, integration, view, 1, {
    overrides: { associatedUserIds: [world.Manager.user.userId, world.Viewer.user.userId] },
  })) as [Tracker];
  await requestTrackerRefresh(created, { reason: "on-demand", now: new Date() });
  await pipeline.drained();
  const refreshed = (await findTracker(world.account.accountId, created.trackerId)) as Tracker;
  const spend = storedTrackerData(refreshed)?.actualSpend ?? 0;
  expect(spend).toBeGreaterThan(0);
  return updateTrackerAt(world.account.accountId, created.trackerId, refreshed.version, {
    manualBudgetValue: spend + (extra ?? spend),
  });
}

async function setAutopilot(tracker: Tracker, patch: Record<string, unknown>, token = as("Admin")) {
  const body = {
    ...DEFAULT_AUTOPILOT_SETTINGS,
    enabled: true,
    ...patch,
  };
  return callApi<{ autopilot: { settings: unknown; supported: boolean } }>(
    "POST",
    `/api/tracker/update-autopilot/${tracker.trackerId}`,
    { token, body },
  );
}

const run = (tracker: Tracker, token = as("Admin")) =>
  callApi<{ actions: ActionView[]; skipped: string | null }>(
    "POST",
    `/api/tracker/run-autopilot/${tracker.trackerId}`,
    {
      token,
    },
  );
const act = (verb: "apply" | "dismiss" | "undo", tracker: Tracker, actionId: string, token = as("Admin")) =>
  callApi<{ action: ActionView }>(
    "POST",
    `/api/tracker/${verb}-autopilot-action/${tracker.trackerId}/${actionId}`,
    {
      token,
    },
  );
const actions = async (tracker: Tracker) =>
  (
    await callApi<{ actions: ActionView[] }>(
      "GET",
      `/api/tracker/get-autopilot-actions/${tracker.trackerId}`,
      {
        token: as("Admin"),
      },
    )
  ).body.actions;

describe("AutoPilot", () => {
  it("off by default: a refresh over budget writes nothing and proposes nothing", async () => {
    const tracker = await aRefreshedTracker("off@pacer.test", 0);

    await requestTrackerRefresh(tracker, { reason: "on-demand", now: new Date() });
    await pipeline.drained();
    const ran = await run(tracker);

    expect(ran.body).toEqual({ actions: [], skipped: "off" });
    expect(calls(MUTATE_STATUS) + calls(MUTATE_BUDGET)).toBe(0);
    expect(await actions(tracker)).toEqual([]);
    expect(await getAutopilotRecord(world.account.accountId, tracker.trackerId)).toBeNull();
  });

  it("Suggest: proposes pausing at budget, a Manager applies one (paused at the platform), dismisses the other, and undoes", async () => {
    const tracker = await aRefreshedTracker("suggest@pacer.test", 0);
    const saved = await setAutopilot(
      tracker,
      { pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true } },
      as("Manager"),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.autopilot.supported).toBe(true);

    const proposed = await run(tracker, as("Manager"));
    expect(proposed.status).toBe(200);
    expect(proposed.body.actions.map((a) => [a.campaignId, a.kind, a.status, a.rule]).sort()).toEqual(
      [
        [WIDE, "pause", "proposed", "pauseAtBudget"],
        [HOT, "pause", "proposed", "pauseAtBudget"],
      ].sort(),
    );
    expect(proposed.body.actions[0]?.figures).toMatchObject({ remaining: 0, trigger: "remainingShare" });
    expect(calls(MUTATE_STATUS)).toBe(0);

    const hot = proposed.body.actions.find((a) => a.campaignId === HOT) as ActionView;
    const wide = proposed.body.actions.find((a) => a.campaignId === WIDE) as ActionView;
    const applied = await act("apply", tracker, hot._id, as("Manager"));
    expect(applied.body.action).toMatchObject({
      status: "applied",
      answer: `customers/${SEARCH.id}/campaigns/${HOT}`,
      actor: { type: "user", userId: world.Manager.user.userId },
    });
    expect(statusOf(HOT)).toBe("PAUSED");
    expect((await act("apply", tracker, hot._id)).status).toBe(409);
    const dismissed = await act("dismiss", tracker, wide._id);
    expect(dismissed.body.action.status).toBe("dismissed");
    expect(statusOf(WIDE)).toBe("ENABLED");

    const undone = await act("undo", tracker, hot._id);
    expect(undone.body.action).toMatchObject({
      kind: "enable",
      rule: "undo",
      status: "applied",
      before: 0,
      after: 1,
    });
    expect(statusOf(HOT)).toBe("ENABLED");
    const trail = await actions(tracker);
    expect(trail.find((a) => a._id === hot._id)?.status).toBe("undone");
    expect(calls(MUTATE_STATUS)).toBe(2);
    // The export's list: decided actions of the trackers the caller sees, with the tracker's name.
    const exported = await callApi<{ actions: Array<ActionView & { trackerName: string }> }>(
      "GET",
      "/api/trackers/get-autopilot-actions",
      { token: as("Manager") },
    );
    const mine = exported.body.actions.filter((a) => a.trackerId === tracker.trackerId);
    expect(new Set(mine.map((a) => a.trackerName))).toEqual(new Set([tracker.name]));
    expect(mine.map((a) => [a.kind, a.status]).sort()).toEqual([
      ["enable", "applied"],
      ["pause", "dismissed"],
      ["pause", "undone"],
    ]);
  });

  it("Apply: pauses the running campaigns once (a re-run writes nothing), never the one a person paused, and re-enables its own next month", async () => {
    const tracker = await aRefreshedTracker("apply@pacer.test", 0);
    // A person paused google_wide at the platform.
    pipeline.sandbox.writes.record(SEARCH, WIDE, { at: Date.now(), status: "PAUSED" });
    await setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await run(tracker);
    const again = await run(tracker);

    expect(first.body.actions.map((a) => [a.campaignId, a.kind, a.status, a.actor?.type])).toEqual([
      [HOT, "pause", "applied", "autopilot"],
    ]);
    expect(again.body.actions).toEqual([]);
    expect(calls(MUTATE_STATUS)).toBe(1);
    expect(statusOf(HOT)).toBe("PAUSED");
    expect((await getAutopilotRecord(world.account.accountId, tracker.trackerId))?.pausedCampaigns).toEqual({
      [HOT]: budgetCalendar(new Date(), SEARCH.timeZone).monthStart,
    });

    // The first days of next month: AutoPilot enables what it paused; the person's pause stays.
    const nextMonth = new Date(
      `${addMonths(budgetCalendar(new Date(), SEARCH.timeZone).monthStart, 1)}T12:00:00Z`,
    );
    const next = await evaluateTrackerAutopilot(world.account.accountId, tracker.trackerId, {
      registry: pipeline.registry,
      now: nextMonth,
    });
    expect(next.actions.map((a) => [a.campaignId, a.kind, a.status])).toEqual([[HOT, "enable", "applied"]]);
    expect(statusOf(HOT)).toBe("ENABLED");
    expect(statusOf(WIDE)).toBe("PAUSED");
    expect(calls(MUTATE_STATUS)).toBe(2);
  });

  it("Cruise: behind, proposes raising the shared daily budget within its cap, applied at the platform once", async () => {
    // Budget twice the month's spend so far: far behind, no ceiling reaches the target.
    const tracker = await aRefreshedTracker("cruise@pacer.test", null);
    await setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });

    const proposed = (await run(tracker)).body.actions;
    expect(proposed).toHaveLength(1);
    const change = proposed[0] as ActionView;
    expect(change).toMatchObject({
      campaignId: HOT,
      kind: "set-daily-budget",
      rule: "cruise",
      status: "proposed",
    });
    // A raise held by the cap: 30%, widened in the last week to 30% x 7 / counting days left.
    const daysLeft = Number(change.figures.countingDaysLeft);
    const raiseCap = 0.3 * Math.max(1, CATCH_UP_DAYS / daysLeft);
    expect(change.after).toBeGreaterThan(change.before);
    expect(change.after).toBeLessThanOrEqual(Math.round((change.before * (1 + raiseCap)) / 10_000) * 10_000);
    expect(change.figures).toMatchObject({ budgetId: `customers/${SEARCH.id}/campaignBudgets/9${HOT}` });

    const applied = await act("apply", tracker, change._id);
    expect(applied.body.action.status).toBe("applied");
    expect(pipeline.sandbox.writes.dailyBudget(SEARCH, WIDE, Date.now(), undefined)).toBe(change.after);
    expect(calls(MUTATE_BUDGET)).toBe(1);
  });

  it("Cruise with the budget spent pauses the campaigns (its pause-at-budget guard), kept as AutoPilot's own pauses", async () => {
    const tracker = await aRefreshedTracker("cruise-spent@pacer.test", 0);
    await setAutopilot(tracker, {
      mode: "apply",
      cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true },
    });

    const first = await run(tracker);

    expect(first.body.actions.map((a) => [a.campaignId, a.kind, a.rule, a.status]).sort()).toEqual(
      [
        [HOT, "pause", "cruise", "applied"],
        [WIDE, "pause", "cruise", "applied"],
      ].sort(),
    );
    expect(calls(MUTATE_BUDGET)).toBe(0);
    const monthStart = budgetCalendar(new Date(), SEARCH.timeZone).monthStart;
    expect((await getAutopilotRecord(world.account.accountId, tracker.trackerId))?.pausedCampaigns).toEqual({
      [HOT]: monthStart,
      [WIDE]: monthStart,
    });
  });

  it("Suggest sends each new proposal once, by e-mail, only to chosen users who may see the tracker's AutoPilot", async () => {
    const tracker = await aRefreshedTracker("proposals@pacer.test", 0);
    const pause = { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true };
    const { Manager, Viewer, subject } = world;
    // The set-up refuses a user who cannot see the tracker's AutoPilot (a Viewer without access).
    const refused = await setAutopilot(tracker, {
      pauseAtBudget: pause,
      sendProposalsTo: { userIds: [subject.user.userId], channelIds: [] },
    });
    expect(refused.status).toBe(400);
    const saved = await setAutopilot(tracker, {
      pauseAtBudget: pause,
      sendProposalsTo: { userIds: [Manager.user.userId], channelIds: [] },
    });
    expect(saved.status).toBe(200);
    // Stored behind the set-up's back (or a user's access changed since): the send checks again.
    await saveAutopilotSettings(
      world.account.accountId,
      tracker.trackerId,
      {
        ...DEFAULT_AUTOPILOT_SETTINGS,
        enabled: true,
        pauseAtBudget: pause,
        sendProposalsTo: {
          userIds: [Manager.user.userId, subject.user.userId, Viewer.user.userId],
          channelIds: [],
        },
      },
      world.Admin.user.userId,
    );

    const proposed = (await run(tracker)).body.actions;
    const again = await run(tracker);

    expect(proposed.map((a) => a.campaignId).sort()).toEqual([WIDE, HOT].sort());
    expect(again.body.actions.map((a) => a._id).sort()).toEqual(proposed.map((a) => a._id).sort());
    const [sent, ...more] = mail.to(Manager.email);
    expect(more).toEqual([]); // the re-run found the same open proposals: nothing re-sent
    expect(sent?.subject).toBe(`Pacer AutoPilot: 2 proposed changes on ${tracker.name}`);
    expect(sent?.text).toContain("Pause google_hot (Pause at budget: budget ");
    expect(sent?.text).toContain("Pause google_wide");
    expect(sent?.links).toContain(
      `${process.env.APP_ORIGIN}/dashboard?tracker=${encodeURIComponent(tracker.trackerId)}&tab=autopilot`,
    );
    expect(mail.to(subject.email)).toEqual([]); // a Viewer without access to the tracker
    expect(mail.to(Viewer.email)).toEqual([]); // a Viewer with access: AutoPilot is not theirs to see
  });

  it("a write the platform refuses (no write permission) is recorded failed and shown on the tracker", async () => {
    const tracker = await aRefreshedTracker("refused@pacer.test", 0);
    await setAutopilot(tracker, {
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });
    const [first] = (await run(tracker)).body.actions as [ActionView];
    pipeline.sandbox.writes.refuse("googleads");

    const refused = await act("apply", tracker, first._id);
    const shown = await callApi<{ autopilot: { lastFailure: { code: string; campaignId: string } | null } }>(
      "GET",
      `/api/tracker/get-autopilot/${tracker.trackerId}`,
      { token: as("Manager") },
    );

    expect(refused.status).toBe(200);
    expect(refused.body.action).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(shown.body.autopilot.lastFailure).toMatchObject({
      code: "insufficient_scope",
      campaignId: first.campaignId,
    });
    expect(statusOf(first.campaignId)).toBe("ENABLED");
    // A missing permission is not a broken connection.
    const integration = await getIntegration(world.account.accountId, "googleads", "refused@pacer.test");
    expect(integration?.authFailedAt).toBeUndefined();
  });

  it("after a refresh in Apply mode the worker acts; a Viewer is refused every AutoPilot call", async () => {
    const tracker = await aRefreshedTracker("worker@pacer.test", 0);
    await setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    await requestTrackerRefresh(tracker, { reason: "on-demand", now: new Date() });
    await pipeline.drained();

    expect(statusOf(HOT)).toBe("PAUSED");
    expect(statusOf(WIDE)).toBe("PAUSED");
    const viewer = as("Viewer");
    expect(
      (await callApi("GET", `/api/tracker/get-autopilot/${tracker.trackerId}`, { token: viewer })).status,
    ).toBe(403);
    expect((await setAutopilot(tracker, {}, viewer)).status).toBe(403);
    expect((await run(tracker, viewer)).status).toBe(403);
    expect((await callApi("GET", "/api/trackers/get-autopilot-actions", { token: viewer })).status).toBe(403);
    const [one] = await actions(tracker);
    expect((await act("undo", tracker, one?._id ?? "x", viewer)).status).toBe(403);
  });

  it("the account switch (Admin only) turns every AutoPilot off", async () => {
    const tracker = await aRefreshedTracker("switch@pacer.test", 0);
    await setAutopilot(tracker, {
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });
    const byManager = await callApi("POST", "/api/account/update-autopilot-switch", {
      token: as("Manager"),
      body: { enabled: false },
    });
    const byAdmin = await callApi("POST", "/api/account/update-autopilot-switch", {
      token: as("Admin"),
      body: { enabled: false },
    });

    const ran = await run(tracker);
    await callApi("POST", "/api/account/update-autopilot-switch", {
      token: as("Admin"),
      body: { enabled: true },
    });

    expect(byManager.status).toBe(403);
    expect(byAdmin.status).toBe(200);
    expect(ran.body).toEqual({ actions: [], skipped: "switched_off" });
  });
});
