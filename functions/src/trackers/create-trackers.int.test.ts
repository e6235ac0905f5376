import { randomUUID } from "node:crypto";
import { budgetCalendar } from "@pacer/core";
import { findTracker, getRefreshRun, type Tracker } from "@pacer/db";
import { accountDays, demoAccount } from "@pacer/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedTrackerData } from "../lib/tracker-data.ts";
import { callApi } from "../testing/api.ts";
import { anAccountWithAdmin } from "../testing/builders.ts";
import { connectPlatform, viewsOf } from "../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline } from "../testing/refresh-pipeline.ts";

/**
 * create-trackers over the real refresh queues and worker (the sandbox platforms): a new tracker's
 * first refresh is queued at once through the pipeline (trackers.md 2, Create Tracker wizard; 4).
 */
let pipeline: RefreshPipeline;

beforeAll(async () => {
  pipeline = await startRefreshPipeline();
});

afterAll(async () => {
  await pipeline?.stop();
});

type Created = {
  _id: string;
  isUpdating: boolean;
  dataLoading: boolean;
  requiresUpdate: boolean;
};

/** The messages waiting on a platform's refresh queue for a tracker. */
const queued = (slug: string, trackerId: string) =>
  (pipeline.queues.get(`refresh-${slug}`)?.peek() ?? [])
    .map((m) => JSON.parse(m.body))
    .filter((m) => m.trackerId === trackerId);

/** This month's spend of a sandbox account, from the sandbox's own replay of the real rows. */
function monthSpend(slug: string, viewId: string): number {
  const account = demoAccount(slug, viewId);
  if (!account) throw new Error(`no demo account ${viewId}`);
  const now = pipeline.sandbox.now();
  const calendar = budgetCalendar(now, account.timeZone);
  return accountDays(pipeline.sandbox.source, account, calendar.monthStart, calendar.today, now).reduce(
    (sum, d) => sum + d.spendMicros,
    0,
  );
}

describe("create-trackers queues each new tracker's first refresh", () => {
  it("answers the trackers loading, queues one run of full refreshes, and the worker lands their spend", async () => {
    const { account, token } = await anAccountWithAdmin();
    const integration = await connectPlatform(
      token,
      account.accountId,
      "googleads",
      `g-${randomUUID()}@pacer.test`,
    );
    const views = await viewsOf(token, "googleads", integration.email);
    const chosen = views.filter((v) => v.id === "1112223333" || v.id === "4445556666");
    expect(chosen).toHaveLength(2);

    const answer = await callApi<{ trackers: Created[] }>("POST", "/api/trackers/create-trackers", {
      token,
      body: {
        trackers: chosen.map((v) => ({
          name: v.name,
          manualBudgetValue: 5_000_000_000,
          currency: v.currency,
          timeZone: v.timeZone,
          dataSource: {
            integration: { name: integration.name, slug: integration.slug, email: integration.email },
            view: { id: v.id, name: v.name, ...(v.metaData ? { metaData: v.metaData } : {}) },
          },
        })),
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.trackers).toHaveLength(2);
    for (const t of answer.body.trackers) {
      expect(t).toMatchObject({ isUpdating: true, dataLoading: true, requiresUpdate: true });
    }

    // One message per tracker on the platform's queue, one run for the creation.
    const messages = answer.body.trackers.map((t) => queued("googleads", t._id));
    for (const list of messages) expect(list).toMatchObject([{ full: true, reason: "created" }]);
    const runIds = new Set(messages.map((list) => list[0].runId));
    expect(runIds.size).toBe(1);
    expect(await getRefreshRun(account.accountId, [...runIds][0] as string)).toMatchObject({ total: 2 });

    // The worker lands each tracker's spend: no 'Awaiting data refresh' any more.
    pipeline.startWorker();
    await pipeline.drained();
    for (const [i, created] of answer.body.trackers.entries()) {
      const stored = (await findTracker(account.accountId, created._id)) as Tracker;
      expect(stored).toMatchObject({ requiresUpdate: false, isUpdating: false, dataLoading: false });
      expect(stored.lastRefreshedAt).toBeTruthy();
      const expected = monthSpend("googleads", chosen[i]?.id as string);
      expect(expected).toBeGreaterThan(0);
      expect(storedTrackerData(stored)?.actualSpend).toBe(expected);
    }
  });
});
