import { randomUUID } from "node:crypto";
import { budgetCalendar, storedTrackerData } from "@pacer/core";
import { findTracker, getRefreshRun, type Tracker } from "@pacer/db";
import { accountDays, demoAccount } from "@pacer/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { connectThroughApi } from "../../testing/connections.ts";
import { connectPlatform, viewsOf } from "../../testing/refresh-connections.ts";
import { type RefreshPipeline, startRefreshPipeline } from "../../testing/refresh-pipeline.ts";

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

describe("create-trackers takes the views and connections exactly as the API answers them", () => {
  type IntegrationAnswer = { slug: string; email: string; [field: string]: unknown };
  type ViewAnswer = { id: string; name: string; currency: string; timeZone: string; metaData?: unknown };
  type Detail = {
    _id: string;
    currency: string;
    timeZone: string;
    dataSource: { integration: Record<string, unknown>; view: Record<string, unknown> };
  };

  it("a CSV import's accounts[0] and integrationObj: the view is kept whole, its currency and time zone are the tracker's", async () => {
    const { account, token } = await anAccountWithAdmin();
    const today = budgetCalendar(new Date(), "America/New_York").today;
    const imported = await callApi<{ accounts: ViewAnswer[]; integrationObj: IntegrationAnswer }>(
      "POST",
      "/api/csv/import",
      {
        token,
        body: {
          csv: [
            "date,account_id,account_name,currency,time_zone,spend,impressions,clicks,conversions,revenue",
            `${today},tv-1,TV Spots,USD,America/New_York,250.00,1000,10,1,300`,
          ].join("\n"),
        },
      },
    );
    expect(imported.status).toBe(200);
    const [view] = imported.body.accounts;
    const integration = imported.body.integrationObj;
    expect(view).toMatchObject({ currency: "USD", timeZone: "America/New_York" });
    expect(integration).toMatchObject({ type: "file", status: "ok", budgetFromPlatform: false });

    const created = await callApi<{ trackers: Detail[] }>("POST", "/api/trackers/create-trackers", {
      token,
      body: {
        trackers: [{ name: "TV", manualBudgetValue: 1_000_000_000, dataSource: { integration, view } }],
      },
    });
    expect(created.status).toBe(201);
    const [tracker] = created.body.trackers;
    expect(tracker).toMatchObject({ currency: "USD", timeZone: "America/New_York" });
    expect(tracker?.dataSource.view).toEqual(view);
    // The connection is stored by what names it; its health is the server's, read afresh.
    expect(tracker?.dataSource.integration).toEqual({
      name: integration.name,
      slug: "csv",
      email: integration.email,
      metaData: integration.metaData,
    });

    // The listing call answers the same view, and the account's integrations the same connection.
    const listed = await callApi<{ views: ViewAnswer[] }>("POST", "/api/csv/get-account", {
      token,
      body: { integration: { slug: "csv", email: integration.email } },
    });
    const integrations = await callApi<{ integrations: IntegrationAnswer[] }>(
      "GET",
      "/api/account/get-account-integrations",
      { token },
    );
    const again = await callApi("POST", "/api/trackers/create-trackers", {
      token,
      body: {
        trackers: [
          {
            name: "TV again",
            manualBudgetValue: 1_000_000_000,
            dataSource: { integration: integrations.body.integrations[0], view: listed.body.views[0] },
          },
        ],
      },
    });
    expect(again.status).toBe(201);
    expect((await findTracker(account.accountId, tracker?._id as string))?.dataSource).toEqual(
      tracker?.dataSource,
    );
  });

  it("a platform's connect answer and listed view: created, and its refresh reads the view's metaData", async () => {
    const { account, token } = await anAccountWithAdmin();
    const connected = await connectThroughApi(token, "googleads", { email: `g-${randomUUID()}@pacer.test` });
    expect(connected.status).toBe(200);
    const integration = Object.values(connected.body).find(
      (v): v is IntegrationAnswer =>
        typeof v === "object" && v !== null && (v as IntegrationAnswer).slug === "googleads",
    ) as IntegrationAnswer;
    expect(integration).toMatchObject({ connectedAt: expect.any(String), status: "ok" });
    const listed = await callApi<{ views: ViewAnswer[] }>("POST", "/api/google-ads/get-user-accounts", {
      token,
      body: { integration: { slug: "googleads", email: integration.email } },
    });
    // The client account reached through its manager: its metaData names the manager.
    const view = listed.body.views.find((v) => v.id === "4445556666") as ViewAnswer;
    expect(view.metaData).toBeDefined();

    const created = await callApi<{ trackers: Detail[] }>("POST", "/api/trackers/create-trackers", {
      token,
      body: { trackers: [{ name: view.name, dataSource: { integration, view } }] },
    });
    expect(created.status).toBe(201);
    const [tracker] = created.body.trackers;
    expect(tracker).toMatchObject({ currency: view.currency, timeZone: view.timeZone });
    expect(tracker?.dataSource.view).toEqual(view);

    pipeline.startWorker();
    await pipeline.drained();
    const stored = (await findTracker(account.accountId, tracker?._id as string)) as Tracker;
    expect(stored).toMatchObject({ dataLoadFail: false, requiresUpdate: false });
    expect(storedTrackerData(stored)?.actualSpend).toBe(monthSpend("googleads", view.id));
  });
});
