import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { addMessage, createAutopilotActions, type NewAutopilotAction } from "@pacer/db";
import { aConnectionIn, aDataSource, aTrackerSeenBy } from "../../testing/tracker-builders.ts";
import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";

/** A tracker of the target world that every member of it can see. */
const trackerOf = async ({ target }: FixtureContext) => (await aTrackerSeenBy(target)).trackerId;
const byId =
  (body: unknown = undefined) =>
  async (ctx: FixtureContext) => ({
    params: { id: await trackerOf(ctx) },
    ...(body === undefined ? {} : { body }),
  });
const byBody =
  (fields: Record<string, unknown> = {}) =>
  async (ctx: FixtureContext) => ({
    body: { tracker: await trackerOf(ctx), ...fields },
  });
/** A tracker of the target world with one AutoPilot action in `status`: its route parameters. */
const withAction = (status: NewAutopilotAction["status"]) => async (ctx: FixtureContext) => {
  const id = await trackerOf(ctx);
  const [action] = await createAutopilotActions(ctx.target.account.accountId, id, [
    {
      campaignId: "89459845",
      campaignName: "google_hot",
      kind: "pause",
      before: 1,
      after: 0,
      rule: "pauseAtBudget",
      figures: {},
      periodStart: monthStart(),
      status,
    },
  ]);
  return { params: { id, actionId: action?.actionId ?? "" } };
};
const monthStart = () => `${new Date().toISOString().slice(0, 7)}-01`;

export const fixtures = defineFixtures({
  "GET /api/trackers/get-trackers-by-account/{accountId}": {
    request: ({ target }) => ({ params: { accountId: target.account.accountId } }),
  },
  "GET /api/trackers/get-trackers-without-load-by-account/{accountId}": {
    request: ({ target }) => ({ params: { accountId: target.account.accountId } }),
  },
  "POST /api/trackers/create-trackers": {
    crossAccount: false,
    request: async ({ own }) => ({
      body: {
        trackers: [{ name: "Matrix", dataSource: aDataSource(await aConnectionIn(own.account.accountId)) }],
      },
    }),
  },
  "GET /api/tracker/get-tracker/{id}": { request: byId() },
  "GET /api/tracker/get-pacing/{id}": { request: byId() },
  "POST /api/tracker/update-name/{id}": { request: byId({ name: "Renamed" }) },
  "POST /api/tracker/update-client/{id}": { request: byId({ client: "Globex" }) },
  "POST /api/tracker/update-budget/{id}": { request: byId({ budget: 1_000_000_000, budgetPeriod: "month" }) },
  "POST /api/tracker/update-daily-budget/{id}": { request: byId({ dailyBudget: 10_000_000 }) },
  "POST /api/tracker/update-previous-over-under-spend/{id}": { request: byId({ previousOverUnderSpend: 5 }) },
  "POST /api/tracker/update-tracker-historic-data": { request: byBody({ historicData: [] }) },
  "POST /api/tracker/update-tracker-future-budgets": {
    request: byBody({ futureBudgets: [{ month: monthStart(), budget: 1_000_000, budgetPeriod: "month" }] }),
  },
  "POST /api/tracker/update-tracker-use-lifetime-budget": { request: byBody() },
  "POST /api/tracker/update-lifetime-budget/{id}": {
    request: byId({
      lifetimeBudget: 1_000_000,
      lifetimeBudgetDates: { startDate: "2026-01-01", endDate: null },
    }),
  },
  "POST /api/tracker/update-currency": { request: byBody({ currency: "EUR" }) },
  "POST /api/tracker/update-automated-budget": { request: byBody() },
  "POST /api/tracker/update-include-last-month-over-under-spend-in-budget-calc": { request: byBody() },
  "POST /api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc": { request: byBody() },
  "POST /api/tracker/update-weekday-budget-only": { request: byBody() },
  "POST /api/tracker/update-associated-users/{trackerId}": {
    request: async (ctx) => ({
      params: { trackerId: await trackerOf(ctx) },
      body: { associatedUsers: [{ _id: ctx.target.subject.user.userId }] },
    }),
  },
  "POST /api/tracker/add-message/{trackerId}": {
    request: async (ctx) => ({ params: { trackerId: await trackerOf(ctx) }, body: { text: "Matrix note" } }),
  },
  "POST /api/tracker/delete-message/{trackerId}/{messageId}": {
    // The caller's own message (only the author may delete one).
    request: async (ctx) => {
      const trackerId = await trackerOf(ctx);
      const sender = ctx.caller?.user ?? ctx.target.Admin.user;
      await addMessage({
        accountId: ctx.target.account.accountId,
        trackerId,
        messageId: "matrix-note",
        senderId: sender.userId,
        date: new Date().toISOString(),
        type: "text",
        text: "Matrix note",
        title: sender.name,
      });
      return { params: { trackerId, messageId: "matrix-note" } };
    },
  },
  "GET /api/tracker/delete-tracker/{id}": { request: byId() },
  "GET /api/tracker/get-autopilot/{id}": { request: byId() },
  "POST /api/tracker/update-autopilot/{id}": { request: byId(DEFAULT_AUTOPILOT_SETTINGS) },
  "GET /api/tracker/get-autopilot-actions/{id}": { request: byId() },
  "POST /api/tracker/run-autopilot/{id}": { request: byId() },
  "GET /api/trackers/get-autopilot-actions": { crossAccount: false, request: () => ({}) },
  // Apply and undo act through the tracker's connection, which the matrix's trackers do not have:
  // past the access checks this matrix tests, an allowed caller gets 400 'no connection to act through'.
  "POST /api/tracker/apply-autopilot-action/{id}/{actionId}": {
    request: withAction("proposed"),
    ownStatus: 400,
  },
  "POST /api/tracker/dismiss-autopilot-action/{id}/{actionId}": { request: withAction("proposed") },
  "POST /api/tracker/undo-autopilot-action/{id}/{actionId}": {
    request: withAction("applied"),
    ownStatus: 400,
  },
  "POST /api/account/update-autopilot-switch": {
    crossAccount: false,
    request: () => ({ body: { enabled: true } }),
  },
});
