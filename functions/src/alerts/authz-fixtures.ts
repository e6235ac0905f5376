import { createAlert, createAlertChannel } from "@pacer/db";
import { aTrackerSeenBy } from "../../testing/tracker-builders.ts";
import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";
import { slackInstallState } from "./slack-install.ts";

/** An alert form on one tracker every member of the world sees (Viewers may not target all). */
const form = (trackerId: string) => ({
  name: "Matrix alert",
  level: "tracker" as const,
  target: { all: false as const, ids: [trackerId] },
  data: {
    metric: "actualSpend" as const,
    metricName: "Actual Spend",
    operator: "isGreaterThan" as const,
    valueSet: "manual" as const,
    value: 0,
    valueBudget: "budget" as const,
  },
  fireWhen: "everyday" as const,
  fireOn: null,
  additionalRecipients: [],
});

/** The caller's own alert in the target world (only the creator or an Admin may change one). */
async function alertOf(ctx: FixtureContext) {
  const tracker = await aTrackerSeenBy(ctx.target);
  const creator = ctx.kind === "own" && ctx.caller ? ctx.caller.user : ctx.target.Admin.user;
  const alert = await createAlert(ctx.target.account.accountId, creator.userId, {
    ...form(tracker.trackerId),
    additionalRecipientIds: [],
  });
  return { alert, tracker };
}

/** A channel of the target world (the reserved local host: no request leaves the machine). */
function channelOf(ctx: FixtureContext) {
  return createAlertChannel(ctx.target.account.accountId, ctx.target.Admin.user.userId, {
    kind: "slack",
    name: "Matrix channel",
    url: "https://hooks.sandbox.pacer.test/matrix",
  });
}

export const fixtures = defineFixtures({
  "POST /api/alerts/create-alert": {
    crossAccount: false,
    request: async ({ own }) => ({ body: form((await aTrackerSeenBy(own)).trackerId) }),
  },
  "POST /api/alerts/edit-alert": {
    request: async (ctx) => {
      const { alert, tracker } = await alertOf(ctx);
      return { body: { ...form(tracker.trackerId), _id: alert.alertId, name: "Edited" } };
    },
  },
  "GET /api/alerts/get-alerts/{userId}/{accountId}": {
    request: ({ target, caller, kind }) => ({
      params: {
        accountId: target.account.accountId,
        userId: kind === "own" && caller ? caller.user.userId : target.Admin.user.userId,
      },
    }),
  },
  "POST /api/alerts/remove-alert/{alertId}": {
    request: async (ctx) => ({ params: { alertId: (await alertOf(ctx)).alert.alertId } }),
  },
  "POST /api/alerts/snooze-alert/{alertId}": {
    request: async (ctx) => {
      const { alert, tracker } = await alertOf(ctx);
      return { params: { alertId: alert.alertId }, body: { duration: "week", target: tracker.trackerId } };
    },
  },
  // the history names no account item: the caller's account only
  "GET /api/alerts/alert-history": { crossAccount: false, request: () => ({ query: { outcome: "fired" } }) },
  "GET /api/alerts/alert-channels": { crossAccount: false, request: () => ({}) },
  "POST /api/alerts/create-alert-channel": {
    crossAccount: false,
    request: () => ({
      body: { kind: "webhook", name: "Matrix hook", url: "https://hooks.example.com/pacer" },
    }),
  },
  "POST /api/alerts/remove-alert-channel/{channelId}": {
    request: async (ctx) => ({ params: { channelId: (await channelOf(ctx)).channelId } }),
  },
  "POST /api/alerts/test-alert-channel/{channelId}": {
    request: async (ctx) => ({ params: { channelId: (await channelOf(ctx)).channelId } }),
  },
  "GET /api/alerts/slack-install": { crossAccount: false, request: () => ({}) },
  // Slack's redirect when the user cancelled on Slack's page: a valid state, no code, no network
  // call; the page says so (400) and nothing is stored.
  "GET /api/alerts/slack-callback": {
    ownStatus: 400,
    request: async ({ target }) => ({
      query: {
        error: "access_denied",
        state: await slackInstallState(target.Admin.user, new Date()),
      },
    }),
  },
});
