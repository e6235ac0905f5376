import { TRACKER_ALLOWANCE_TEXTS } from "@pacer/core";
import { listedTrackers } from "@pacer/core/tracker-list";
import { getTracker } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aWorld } from "../../testing/builders.ts";
import {
  aConnectionIn,
  aDataSource,
  aDay,
  aPodIn,
  aSharedBudgetIn,
  aTrackerIn,
} from "../../testing/tracker-builders.ts";

type TrackerAnswer = {
  tracker: {
    _id: string;
    version: number;
    requiresUpdate: boolean;
    automatedBudget: boolean;
    useLifetimeBudgetAsPrimary: boolean;
    manualBudgetValue: number | null;
    budgetPeriod: string;
    data: { budget: number; dailyBudget: number; actualSpend: number; budgetSource: string } | null;
    [key: string]: unknown;
  };
};
type Listed = {
  _id: string;
  name: string;
  podId: string | null;
  podName: string | null;
  [k: string]: unknown;
};
/** The trackers of a list answer (the encoded table, decoded as the web app does). */
const listed = (answer: { body: unknown }) => listedTrackers<Listed>(answer.body);

describe("budgets from a platform that gives none", () => {
  it("a tracker on the CSV source needs a manual budget: created without one or switched to automated, 400 and nothing changes", async () => {
    const { account, token } = await anAccountWithAdmin();
    const csv = { ...(await aConnectionIn(account.accountId, "csv")), name: "Manual / CSV" };
    const refused = await callApi<{ msg: string; field: string }>("POST", "/api/trackers/create-trackers", {
      token,
      body: { trackers: [{ name: "Radio", client: "Acme", dataSource: aDataSource(csv) }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      msg: "Manual / CSV does not provide a budget, please set the budget of this Tracker manually",
      field: "body.trackers.0.manualBudgetValue",
    });
    const none = await callApi("GET", `/api/trackers/get-trackers-by-account/${account.accountId}`, {
      token,
    });
    expect(listed(none)).toEqual([]);

    const created = await callApi<{ trackers: TrackerAnswer["tracker"][] }>(
      "POST",
      "/api/trackers/create-trackers",
      {
        token,
        body: {
          trackers: [
            { name: "Radio", client: "Acme", manualBudgetValue: 900_000_000, dataSource: aDataSource(csv) },
          ],
        },
      },
    );
    expect(created.status).toBe(201);
    const [radio] = created.body.trackers;
    const automate = await callApi<{ msg: string }>("POST", "/api/tracker/update-automated-budget", {
      token,
      body: { tracker: radio?._id, automatedBudget: true },
    });
    expect(automate.status).toBe(400);
    expect(automate.body.msg).toBe(
      "Manual / CSV does not provide a budget, please set the budget of this Tracker manually",
    );
    const stored = await getTracker(account.accountId, radio?._id as string);
    expect(stored).toMatchObject({
      automatedBudget: false,
      manualBudgetValue: 900_000_000,
      version: radio?.version,
    });
  });
});

describe("create-trackers", () => {
  it("creates trackers on the account's connection, automated without a manual budget, with figures", async () => {
    const { account, token } = await anAccountWithAdmin();
    const connection = await aConnectionIn(account.accountId);

    const answer = await callApi<{ trackers: TrackerAnswer["tracker"][] }>(
      "POST",
      "/api/trackers/create-trackers",
      {
        token,
        body: {
          trackers: [
            { name: "Brand", client: "Acme", dataSource: aDataSource(connection) },
            {
              name: "Search",
              client: "Acme",
              manualBudgetValue: 100_000_000,
              budgetPeriod: "day",
              currency: "usd",
              timeZone: "America/New_York",
              dataSource: aDataSource(connection),
            },
          ],
        },
      },
    );

    expect(answer.status).toBe(201);
    const [brand, search] = answer.body.trackers;
    expect(brand).toMatchObject({
      name: "Brand",
      automatedBudget: true,
      requiresUpdate: true,
      currency: "GBP",
    });
    expect(search).toMatchObject({
      automatedBudget: false,
      manualBudgetValue: 100_000_000,
      budgetPeriod: "day",
      currency: "USD",
      timeZone: "America/New_York",
    });
    expect(search?.data?.dailyBudget).toBe(100_000_000);
    expect(search?.data?.budgetSource).toBe("manual");
  });

  it("refuses trackers beyond the allowance with the spec's message and creates none", async () => {
    const { account, token } = await anAccountWithAdmin({ trackerAllowance: 2 });
    const connection = await aConnectionIn(account.accountId);
    const one = { name: "T", dataSource: aDataSource(connection) };
    expect(
      (await callApi("POST", "/api/trackers/create-trackers", { token, body: { trackers: [one] } })).status,
    ).toBe(201);

    const many = await callApi("POST", "/api/trackers/create-trackers", {
      token,
      body: { trackers: [one, one] },
    });
    const single = await callApi("POST", "/api/trackers/create-trackers", {
      token,
      body: { trackers: [one] },
    });
    const again = await callApi("POST", "/api/trackers/create-trackers", {
      token,
      body: { trackers: [one] },
    });

    expect(many.status).toBe(403);
    expect(many.body).toMatchObject({ message: TRACKER_ALLOWANCE_TEXTS.selectAll });
    expect(single.status).toBe(201);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ message: TRACKER_ALLOWANCE_TEXTS.select });
    const list = await callApi("GET", `/api/trackers/get-trackers-by-account/${account.accountId}`, {
      token,
    });
    expect(listed(list)).toHaveLength(2);
  });

  it("holds the allowance under concurrent creates", async () => {
    const { account, token } = await anAccountWithAdmin({ trackerAllowance: 3 });
    const connection = await aConnectionIn(account.accountId);
    const body = { trackers: [{ name: "T", dataSource: aDataSource(connection) }] };

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => callApi("POST", "/api/trackers/create-trackers", { token, body })),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
  });

  it("refuses a connection the account does not have, and names an unknown field", async () => {
    const { token } = await anAccountWithAdmin();
    const foreign = aDataSource({ name: "Google Ads", slug: "googleads", email: "someone@example.test" });

    const unknown = await callApi("POST", "/api/trackers/create-trackers", {
      token,
      body: { trackers: [{ name: "T", dataSource: foreign }] },
    });
    const extra = await callApi("POST", "/api/trackers/create-trackers", {
      token,
      body: { trackers: [{ name: "T", dataSource: foreign, requiresUpdate: false }] },
    });

    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: "body.trackers.0.dataSource.integration" });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ field: "body.trackers.0" });
    expect(String((extra.body as { message: string }).message)).toContain("requiresUpdate");
  });

  it("attaches a Manager to the trackers they create; Viewers cannot create", async () => {
    const world = await aWorld();
    const connection = await aConnectionIn(world.account.accountId);
    const body = { trackers: [{ name: "Mine", dataSource: aDataSource(connection) }] };

    const manager = await callApi<{ trackers: TrackerAnswer["tracker"][] }>(
      "POST",
      "/api/trackers/create-trackers",
      {
        token: world.Manager.token,
        body,
      },
    );
    const viewer = await callApi("POST", "/api/trackers/create-trackers", {
      token: world.Viewer.token,
      body,
    });

    expect(manager.status).toBe(201);
    expect(manager.body.trackers[0]?.associatedUsers).toEqual([
      expect.objectContaining({ _id: world.Manager.user.userId, userType: "Manager" }),
    ]);
    expect(viewer.status).toBe(403);
  });
});

describe("visibility", () => {
  it("shows Admins every tracker, Managers and Viewers only theirs, pod trackers only when the pod lists them", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const managerId = world.Manager.user.userId;
    const viewerId = world.Viewer.user.userId;
    const open = await aTrackerIn(id, { name: "Open", associatedUserIds: [managerId, viewerId] });
    const hidden = await aTrackerIn(id, { name: "Hidden" });
    const inPodWithout = await aTrackerIn(id, {
      name: "Pod without them",
      associatedUserIds: [managerId, viewerId],
    });
    const inPodWith = await aTrackerIn(id, {
      name: "Pod with them",
      associatedUserIds: [managerId, viewerId],
    });
    await aPodIn(id, { name: "Closed pod", trackers: [inPodWithout.trackerId] });
    await aPodIn(id, { name: "Open pod", trackers: [inPodWith.trackerId], users: [managerId, viewerId] });

    const names = async (token: string) =>
      listed(await callApi("GET", `/api/trackers/get-trackers-by-account/${id}`, { token }))
        .map((t) => t.name)
        .sort();

    expect(await names(world.Admin.token)).toEqual(["Hidden", "Open", "Pod with them", "Pod without them"]);
    expect(await names(world.Manager.token)).toEqual(["Open", "Pod with them"]);
    expect(await names(world.Viewer.token)).toEqual(["Open", "Pod with them"]);
    for (const t of [hidden, inPodWithout]) {
      const single = await callApi("GET", `/api/tracker/get-tracker/${t.trackerId}`, {
        token: world.Manager.token,
      });
      expect(single.status).toBe(404);
      const write = await callApi("POST", `/api/tracker/update-name/${t.trackerId}`, {
        token: world.Manager.token,
        body: { name: "Mine now" },
      });
      expect(write.status).toBe(404);
    }
    const visible = await callApi<TrackerAnswer>("GET", `/api/tracker/get-tracker/${open.trackerId}`, {
      token: world.Viewer.token,
    });
    expect(visible.status).toBe(200);
    expect(visible.body.tracker).toMatchObject({ name: "Open", messages: [] });
  });

  it("answers 404 for another account's tracker and account id", async () => {
    const mine = await anAccountWithAdmin();
    const theirs = await anAccountWithAdmin();
    const tracker = await aTrackerIn(theirs.account.accountId);

    const get = await callApi("GET", `/api/tracker/get-tracker/${tracker.trackerId}`, { token: mine.token });
    const list = await callApi("GET", `/api/trackers/get-trackers-by-account/${theirs.account.accountId}`, {
      token: mine.token,
    });
    const update = await callApi("POST", "/api/tracker/update-currency", {
      token: mine.token,
      body: { tracker: tracker.trackerId, currency: "EUR" },
    });

    expect([get.status, list.status, update.status]).toEqual([404, 404, 404]);
    expect((await getTracker(theirs.account.accountId, tracker.trackerId)).currency).toBe("GBP");
  });

  it("joins podId, podName and sharedBudgetId and keeps them right when the pod changes or goes", async () => {
    const { account, token } = await anAccountWithAdmin();
    const id = account.accountId;
    const t = await aTrackerIn(id);
    const pod = await aPodIn(id, { name: "North", trackers: [t.trackerId] });
    const budget = await aSharedBudgetIn(id, { trackers: [{ _id: t.trackerId }] });
    const one = async () =>
      listed(await callApi("GET", `/api/trackers/get-trackers-by-account/${id}`, { token }))[0];

    expect(await one()).toMatchObject({
      podId: pod.podId,
      podName: "North",
      sharedBudgetId: budget.sharedBudgetId,
    });
    await callApi("POST", `/api/pod/update-single-pod/${pod.podId}`, {
      token,
      body: { name: "South", description: "", trackers: [t.trackerId], users: [] },
    });
    expect(await one()).toMatchObject({ podName: "South" });
    await callApi("GET", `/api/pod/delete-pod/${pod.podId}`, { token });
    await callApi("GET", `/api/shared-budget/delete-shared-budget/${budget.sharedBudgetId}`, { token });
    expect(await one()).toMatchObject({ podId: null, podName: null, sharedBudgetId: null });
  });
});

describe("tracker settings and the requiresUpdate transitions", () => {
  const setUp = async () => {
    const { account, token } = await anAccountWithAdmin();
    const tracker = await aTrackerIn(account.accountId, { requiresUpdate: false }, [
      aDay(new Date().toISOString().slice(0, 10), 120),
    ]);
    const post = (path: string, body: unknown) => callApi<TrackerAnswer>("POST", path, { token, body });
    return { account, token, tracker, post, id: tracker.trackerId };
  };

  it("a budget update sets requiresUpdate, turns automation off and recomputes the figures", async () => {
    const { post, id } = await setUp();
    await post("/api/tracker/update-automated-budget", { tracker: id, automatedBudget: true });

    const answer = await post(`/api/tracker/update-budget/${id}`, {
      budget: 6_000_000_000,
      budgetPeriod: "month",
    });

    expect(answer.status).toBe(200);
    expect(answer.body.tracker).toMatchObject({
      requiresUpdate: true,
      automatedBudget: false,
      manualBudgetValue: 6_000_000_000,
    });
    expect(answer.body.tracker.data?.budget).toBe(6_000_000_000);
    expect(answer.body.tracker.data?.actualSpend).toBe(120_000_000);
    expect(answer.headers.etag).toBe(`"${answer.body.tracker.version}"`);
  });

  it("a daily budget sets the period to day and turns automation off", async () => {
    const { post, id } = await setUp();
    await post("/api/tracker/update-automated-budget", { tracker: id });

    const answer = await post(`/api/tracker/update-daily-budget/${id}`, { dailyBudget: 50_000_000 });

    expect(answer.body.tracker).toMatchObject({
      automatedBudget: false,
      budgetPeriod: "day",
      requiresUpdate: true,
    });
    expect(answer.body.tracker.data?.dailyBudget).toBe(50_000_000);
  });

  it("automation on turns lifetime off; the lifetime toggle flips and turns automation off", async () => {
    const { post, id } = await setUp();
    const lifetimeOn = await post("/api/tracker/update-tracker-use-lifetime-budget", {
      tracker: { _id: id },
    });
    expect(lifetimeOn.body.tracker).toMatchObject({ useLifetimeBudgetAsPrimary: true, requiresUpdate: true });

    const automated = await post("/api/tracker/update-automated-budget", {
      tracker: id,
      automatedBudget: true,
    });
    expect(automated.body.tracker).toMatchObject({
      automatedBudget: true,
      useLifetimeBudgetAsPrimary: false,
    });

    const lifetimeAgain = await post("/api/tracker/update-tracker-use-lifetime-budget", { tracker: id });
    expect(lifetimeAgain.body.tracker).toMatchObject({
      useLifetimeBudgetAsPrimary: true,
      automatedBudget: false,
    });
  });

  it("name, client, currency and weekdays change without awaiting a refresh", async () => {
    const { post, id } = await setUp();
    const name = await post(`/api/tracker/update-name/${id}`, { name: "  Renamed  " });
    const client = await post(`/api/tracker/update-client/${id}`, { client: "Globex" });
    const currency = await post("/api/tracker/update-currency", { tracker: id, currency: "eur" });
    const weekdays = await post("/api/tracker/update-weekday-budget-only", { tracker: id });

    expect(name.body.tracker).toMatchObject({ name: "Renamed", requiresUpdate: false });
    expect(client.body.tracker).toMatchObject({ client: "Globex", requiresUpdate: false });
    expect(currency.body.tracker).toMatchObject({
      currency: "EUR",
      currencySet: true,
      requiresUpdate: false,
    });
    expect(weekdays.body.tracker).toMatchObject({ weekdaysOnly: true, requiresUpdate: false });
  });

  it("over/under spend options are mutually exclusive and await a refresh", async () => {
    const { post, id } = await setUp();
    const lastMonth = await post("/api/tracker/update-include-last-month-over-under-spend-in-budget-calc", {
      tracker: id,
    });
    expect(lastMonth.body.tracker).toMatchObject({
      lastMonthOverUnderSpendIncludedInBudgetCalc: true,
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: false,
      requiresUpdate: true,
    });

    const six = await post("/api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc", {
      tracker: id,
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: true,
    });
    expect(six.body.tracker).toMatchObject({
      lastMonthOverUnderSpendIncludedInBudgetCalc: false,
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: true,
    });
  });

  it("previous over/under spend, historic data and future budgets await a refresh and feed the figures", async () => {
    const { post, id } = await setUp();
    const overUnder = await post(`/api/tracker/update-previous-over-under-spend/${id}`, {
      previousOverUnderSpend: -250_000_000,
    });
    expect(overUnder.body.tracker).toMatchObject({
      previousOverUnderSpend: -250_000_000,
      requiresUpdate: true,
    });

    const months = overUnder.body.tracker.data as unknown as { historicData: Array<{ month: string }> };
    const lastMonth = months.historicData[5]?.month as string;
    const historic = await post("/api/tracker/update-tracker-historic-data", {
      tracker: id,
      historicData: [{ month: lastMonth, budget: 1_000_000_000, actualSpend: 900_000_000 }],
    });
    expect(historic.body.tracker.historicData).toEqual([
      { month: lastMonth, budget: 1_000_000_000, actualSpend: 900_000_000 },
    ]);
    expect((historic.body.tracker.data as unknown as { lastMonthBudget: number }).lastMonthBudget).toBe(
      1_000_000_000,
    );

    const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
    const future = await post("/api/tracker/update-tracker-future-budgets", {
      tracker: id,
      futureBudgets: [{ month: thisMonth, budget: 4_500_000_000, budgetPeriod: "month" }],
    });
    expect(future.status).toBe(200);
    expect(future.body.tracker.data?.budgetSource).toBe("futureBudget");

    const cleared = await post(`/api/tracker/update-previous-over-under-spend/${id}`, {
      previousOverUnderSpend: null,
    });
    expect(cleared.body.tracker.previousOverUnderSpend).toBeNull();
  });

  it("refuses future budgets on an automated tracker with the spec's message", async () => {
    const { post, id } = await setUp();
    await post("/api/tracker/update-automated-budget", { tracker: id, automatedBudget: true });

    const answer = await post("/api/tracker/update-tracker-future-budgets", {
      tracker: id,
      futureBudgets: [{ month: "2030-01-01", budget: false, budgetPeriod: false }],
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: "Future budgets cannot be edited for Trackers with an automated budget",
    });
  });

  it("enforces the lifetime date rules and stores an open-ended range", async () => {
    const { post, id } = await setUp();
    const tooEarly = await post(`/api/tracker/update-lifetime-budget/${id}`, {
      lifetimeBudget: 5_000_000_000,
      lifetimeBudgetDates: { startDate: "2020-01-01", endDate: "2020-02-01" },
    });
    const backwards = await post(`/api/tracker/update-lifetime-budget/${id}`, {
      lifetimeBudget: 5_000_000_000,
      lifetimeBudgetDates: { startDate: "2099-02-01", endDate: "2099-01-01" },
    });
    const open = await post(`/api/tracker/update-lifetime-budget/${id}`, {
      tracker: id,
      lifetimeBudget: 5_000_000_000,
      lifetimeBudgetDates: { startDate: "2024-01-01", endDate: null },
    });
    const negative = await post(`/api/tracker/update-lifetime-budget/${id}`, {
      lifetimeBudget: -1,
      lifetimeBudgetDates: { startDate: "2024-01-01", endDate: null },
    });

    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body).toMatchObject({
      message: "The end date cannot be earlier than the start of the previous month",
      field: "body.lifetimeBudgetDates.endDate",
    });
    expect(backwards.body).toMatchObject({ message: "The end date cannot be earlier than the start date" });
    expect(open.status).toBe(200);
    expect(open.body.tracker).toMatchObject({
      lifetimeBudget: 5_000_000_000,
      lifetimeBudgetDates: { startDate: "2024-01-01", endDate: null },
      requiresUpdate: true,
    });
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ field: "body.lifetimeBudget" });
  });

  it("names the field of bad input", async () => {
    const { post, id } = await setUp();
    const badBudget = await post(`/api/tracker/update-budget/${id}`, { budget: 12.5, budgetPeriod: "month" });
    const extra = await post(`/api/tracker/update-name/${id}`, { name: "X", version: 3 });
    const badRef = await post("/api/tracker/update-currency", {
      tracker: { _id: id, name: "x" },
      currency: "GBP",
    });
    const badCurrency = await post("/api/tracker/update-currency", { tracker: id, currency: "ZZZ" });

    expect(badBudget.status).toBe(400);
    expect(badBudget.body).toMatchObject({ field: "body.budget" });
    expect(extra.body).toMatchObject({ message: "Unknown field in body: version" });
    expect(badRef.status).toBe(400);
    expect(badCurrency.body).toMatchObject({ field: "body.currency" });
  });
});
