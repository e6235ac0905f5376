import { randomUUID } from "node:crypto";
import {
  createAccountWithUser,
  findTracker,
  getRefreshRun,
  removeIntegration,
  type Tracker,
} from "@pacer/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, testPasswordHash } from "../../testing/builders.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline, trackersOn } from "../../testing/refresh-pipeline.ts";
import { signSession } from "../lib/jwt.ts";
import { REFRESH_ERROR_TEXTS } from "../refresh-worker/failures.ts";

/**
 * The on-demand refresh calls and the 12-hour rule, over the real refresh queues (no worker: the
 * tests read what was queued).
 */
let pipeline: RefreshPipeline;

beforeAll(async () => {
  pipeline = await startRefreshPipeline();
});

afterAll(async () => {
  await pipeline?.stop();
});

/** The messages waiting on a platform's refresh queue for a tracker. */
const queued = (slug: string, trackerId: string) =>
  (pipeline.queues.get(`refresh-${slug}`)?.peek() ?? [])
    .map((m) => JSON.parse(m.body))
    .filter((m) => m.trackerId === trackerId);

async function aWorldWithTracker(registeredHoursAgo = 0) {
  const email = `refresh-${randomUUID()}@example.test`;
  const registered = new Date(Date.now() - registeredHoursAgo * 3_600_000);
  const { account, user } = await createAccountWithUser(
    { name: "Refresh Agency", freeTrial: false },
    { name: "Ada Admin", email, userType: "Admin", passwordHash: await testPasswordHash() },
    registered,
  );
  const token = await signSession(user.userId, account.accountId);
  const integration = await connectPlatform(
    token,
    account.accountId,
    "googleads",
    `g-${randomUUID()}@pacer.test`,
  );
  const view = (await viewsOf(token, "googleads", integration.email)).find((v) => v.id === "1112223333");
  if (!view) throw new Error("no view");
  const [tracker] = (await trackersOn(account.accountId, integration, view, 1)) as [Tracker];
  return { account, user, token, integration, tracker };
}

describe("POST /api/tracker/refresh-single-tracker-data", () => {
  it("queues the tracker's refresh on its platform's queue and answers it 'Currently Updating'", async () => {
    const { token, tracker, account } = await aWorldWithTracker();
    const answer = await callApi<{ tracker: Record<string, unknown> }>(
      "POST",
      "/api/tracker/refresh-single-tracker-data",
      { token, body: { tracker: tracker.trackerId } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.tracker).toMatchObject({
      _id: tracker.trackerId,
      isUpdating: true,
      dataLoading: true,
    });
    expect(answer.headers.etag).toBe(`"${tracker.version}"`);
    const [message, ...more] = queued("googleads", tracker.trackerId);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      v: 1,
      accountId: account.accountId,
      slug: "googleads",
      full: true,
      reason: "on-demand",
    });
    expect(await getRefreshRun(account.accountId, message.runId)).toMatchObject({ total: 1 });
  });

  it("takes the tracker as `{ _id }` too, and answers 404 for another account's tracker", async () => {
    const mine = await aWorldWithTracker();
    const other = await aWorldWithTracker();
    const ok = await callApi("POST", "/api/tracker/refresh-single-tracker-data", {
      token: mine.token,
      body: { tracker: { _id: mine.tracker.trackerId } },
    });
    expect(ok.status).toBe(200);
    const foreign = await callApi("POST", "/api/tracker/refresh-single-tracker-data", {
      token: mine.token,
      body: { tracker: other.tracker.trackerId },
    });
    expect(foreign.status).toBe(404);
    expect(queued("googleads", other.tracker.trackerId)).toEqual([]);
  });

  it("queues nothing for a tracker whose connection was removed: the tracker says so", async () => {
    const { token, tracker, account, integration } = await aWorldWithTracker();
    await removeIntegration(account.accountId, "googleads", integration.email);
    const answer = await callApi<{ tracker: Record<string, unknown> }>(
      "POST",
      "/api/tracker/refresh-single-tracker-data",
      { token, body: { tracker: tracker.trackerId } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.tracker).toMatchObject({
      isUpdating: false,
      dataLoadFail: true,
      err: { title: REFRESH_ERROR_TEXTS.removedTitle, msg: REFRESH_ERROR_TEXTS.removed },
    });
    expect(queued("googleads", tracker.trackerId)).toEqual([]);
  });
});

describe("POST /api/tracker/update-single-tracker", () => {
  const filters = [
    {
      id: "campaigns",
      name: "Campaigns",
      type: "multipleChoice",
      selection: [{ id: "89459845", name: "google_hot" }],
      possibleValues: [
        { id: "89459845", name: "google_hot" },
        { id: "127823", name: "google_wide" },
      ],
      maxSelection: null,
      filterValuesLoading: false,
    },
  ];

  it("stores the filters without their values, marks the tracker awaiting a refresh and refreshes its whole history", async () => {
    const { token, tracker, account } = await aWorldWithTracker();
    const answer = await callApi<{ tracker: Record<string, unknown> }>(
      "POST",
      "/api/tracker/update-single-tracker",
      {
        token,
        body: { tracker: { _id: tracker.trackerId, filters } },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.tracker).toMatchObject({
      requiresUpdate: true,
      isUpdating: true,
      version: tracker.version + 1,
    });
    const stored = await findTracker(account.accountId, tracker.trackerId);
    expect(stored?.filters).toEqual([
      {
        id: "campaigns",
        name: "Campaigns",
        type: "multipleChoice",
        selection: [{ id: "89459845", name: "google_hot" }],
      },
    ]);
    expect(queued("googleads", tracker.trackerId)).toMatchObject([{ full: true, reason: "filters-changed" }]);
  });

  it("answers 409 for a stale if-match and changes nothing", async () => {
    const { token, tracker, account } = await aWorldWithTracker();
    const answer = await callApi("POST", "/api/tracker/update-single-tracker", {
      token,
      headers: { "if-match": String(tracker.version + 5) },
      body: { tracker: { _id: tracker.trackerId, filters } },
    });
    expect(answer.status).toBe(409);
    expect((await findTracker(account.accountId, tracker.trackerId))?.filters).toBeUndefined();
    expect(queued("googleads", tracker.trackerId)).toEqual([]);
  });

  it("refuses an unknown filter field with a 400 naming it", async () => {
    const { token, tracker } = await aWorldWithTracker();
    const answer = await callApi<{ field: string }>("POST", "/api/tracker/update-single-tracker", {
      token,
      body: { tracker: { _id: tracker.trackerId, filters: [{ ...filters[0], tokens: "x" }] } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe("body.tracker.filters.0");
  });
});

describe("the 12-hour rule (trackers.md section 4)", () => {
  it("refreshes after budget and lifetime changes by a user registered less than 12 hours ago", async () => {
    const { token, tracker } = await aWorldWithTracker(1);
    const budget = await callApi<{ tracker: Record<string, unknown> }>(
      "POST",
      `/api/tracker/update-budget/${tracker.trackerId}`,
      { token, body: { budget: 5_000_000_000, budgetPeriod: "month" } },
    );
    expect(budget.status).toBe(200);
    expect(budget.body.tracker).toMatchObject({ isUpdating: true, requiresUpdate: true });
    expect(queued("googleads", tracker.trackerId)).toMatchObject([{ reason: "settings-change" }]);

    const lifetime = await callApi("POST", "/api/tracker/update-tracker-use-lifetime-budget", {
      token,
      body: { tracker: tracker.trackerId },
    });
    expect(lifetime.status).toBe(200);
    expect(queued("googleads", tracker.trackerId)).toHaveLength(2);

    const renamed = await callApi("POST", `/api/tracker/update-name/${tracker.trackerId}`, {
      token,
      body: { name: "Renamed" },
    });
    expect(renamed.status).toBe(200);
    expect(queued("googleads", tracker.trackerId)).toHaveLength(2);
  });

  it("does not refresh for a user registered 12 hours ago or more", async () => {
    const { token, tracker } = await aWorldWithTracker(13);
    const budget = await callApi<{ tracker: Record<string, unknown> }>(
      "POST",
      `/api/tracker/update-daily-budget/${tracker.trackerId}`,
      { token, body: { dailyBudget: 100_000_000 } },
    );
    expect(budget.status).toBe(200);
    expect(budget.body.tracker).toMatchObject({ isUpdating: false, requiresUpdate: true });
    expect(queued("googleads", tracker.trackerId)).toEqual([]);
  });
});

describe("POST /api/realtime/ticket", () => {
  it("issues a single-use ticket to a signed-in user, and none without a session", async () => {
    const { token } = await anAccountWithAdmin();
    const answer = await callApi<{ ticket: string; expiresAt: string }>("POST", "/api/realtime/ticket", {
      token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(answer.body.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    expect((await callApi("POST", "/api/realtime/ticket")).status).toBe(401);
  });
});
