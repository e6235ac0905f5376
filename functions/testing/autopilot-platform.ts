import { DEFAULT_AUTOPILOT_SETTINGS, storedTrackerData } from "@pacer/core";
import { findTracker, type Tracker, updateTrackerAt } from "@pacer/db";
import type { DemoAccount } from "@pacer/sandbox";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { requestTrackerRefresh } from "../src/lib/refresh-queue.ts";
import { callApi } from "./api.ts";
import { aWorld, type World } from "./builders.ts";
import type { OAuthPlatform } from "./connections.ts";
import { connectPlatform, viewsOf } from "./refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "./refresh-pipeline.ts";

/** An AutoPilot action as the tracker routes answer it. */
export interface ActionView {
  _id: string;
  campaignId: string;
  kind: string;
  before: number;
  after: number;
  status: string;
  error: { code: string } | null;
}

/** The AutoPilot routes of one sandbox ad account, driven as the Admin (see {@link useAutopilotOn}). */
export interface AutopilotHarness {
  pipeline: () => RefreshPipeline;
  /** The account's Admin, who drives every call. */
  admin: () => { token: string; accountId: string };
  /**
   * A refreshed tracker on the account, its budget set to spend so far + `extra` (micros; null: twice
   * the spend), on a connection made with the campaign write scopes (`access` "write", as
   * AutoPilot's Reconnect asks them) or with the read scopes only ("read").
   */
  aRefreshedTracker: (email: string, extra: number | null, access?: "read" | "write") => Promise<Tracker>;
  /** Turns AutoPilot on with the default settings and `patch`. */
  setAutopilot: (tracker: Tracker, patch: Record<string, unknown>) => Promise<unknown>;
  /** One AutoPilot run of the tracker: the actions it recorded. */
  run: (tracker: Tracker) => Promise<ActionView[]>;
  /** Applies or undoes an action: the action as recorded after. */
  act: (verb: "apply" | "undo", tracker: Tracker, actionId: string) => Promise<ActionView>;
  /** The tracker's last AutoPilot failure as its AutoPilot view shows it. */
  lastFailure: (tracker: Tracker) => Promise<{ code: string; campaignId: string } | null>;
  /** Calls of a sandbox route of the platform since the last test. */
  calls: (route: string) => number;
  /** A demo campaign's status now, as the writes leave it. */
  statusOf: (campaignId: string) => string;
}

/**
 * AutoPilot end to end on one platform's sandbox ad account: starts the refresh pipeline (no
 * waiting between report polls or retries) and a world before the file's tests, stops it after,
 * forgets the sandbox's writes and call counts after each test. Connections go through the
 * product's own calls; the account's views are listed through its own route (`viewsOf`, or the
 * platform's own listing given as `listViews`).
 */
export function useAutopilotOn(
  slug: OAuthPlatform,
  account: DemoAccount,
  /** The connection's ad accounts, for platforms that list them otherwise (default: `viewsOf`). */
  listViews: (token: string, email: string) => ReturnType<typeof viewsOf> = (token, email) =>
    viewsOf(token, slug, email),
): AutopilotHarness {
  let pipeline: RefreshPipeline;
  let world: World;
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
  const token = () => world.Admin.token;
  return {
    pipeline: () => pipeline,
    admin: () => ({ token: token(), accountId: world.account.accountId }),
    async aRefreshedTracker(email, extra, access = "write") {
      const integration = await connectPlatform(
        token(),
        world.account.accountId,
        slug,
        email,
        access === "write" ? "write" : undefined,
      );
      // The connection as stored: platforms without an e-mail keep the name they report (X the screen
      // name, Pinterest the user name).
      const view = (await listViews(token(), integration.email)).find((v) => v.id === account.id);
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
    },
    setAutopilot: (tracker, patch) =>
      callApi("POST", `/api/tracker/update-autopilot/${tracker.trackerId}`, {
        token: token(),
        body: { ...DEFAULT_AUTOPILOT_SETTINGS, enabled: true, ...patch },
      }),
    run: async (tracker) =>
      (
        await callApi<{ actions: ActionView[] }>("POST", `/api/tracker/run-autopilot/${tracker.trackerId}`, {
          token: token(),
        })
      ).body.actions,
    act: async (verb, tracker, actionId) =>
      (
        await callApi<{ action: ActionView }>(
          "POST",
          `/api/tracker/${verb}-autopilot-action/${tracker.trackerId}/${actionId}`,
          { token: token() },
        )
      ).body.action,
    lastFailure: async (tracker) =>
      (
        await callApi<{ autopilot: { lastFailure: { code: string; campaignId: string } | null } }>(
          "GET",
          `/api/tracker/get-autopilot/${tracker.trackerId}`,
          { token: token() },
        )
      ).body.autopilot.lastFailure,
    calls: (route) => pipeline.sandbox.stats()[slug]?.byRoute[route] ?? 0,
    statusOf: (campaignId) =>
      pipeline.sandbox.writes.status(
        account,
        account.campaigns.find((c) => c.id === campaignId) as DemoAccount["campaigns"][number],
        Date.now(),
      ),
  };
}
