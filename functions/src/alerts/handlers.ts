import { alertsContracts as api } from "../../contract/alerts.ts";
import { htmlPage, httpRoute, reply, sessionRoute } from "../lib/http.ts";
import { assertOwnAccount, assertSelf } from "../lib/ownership.ts";
import {
  CHANNEL_TEXTS,
  createChannelFor,
  listChannelsFor,
  removeChannelFor,
  testChannelFor,
} from "./channels.ts";
import { completeSlackInstall, slackInstallErrorPage, slackInstallUrlFor } from "./slack-install.ts";
import {
  ALERT_TEXTS,
  alertHistoryFor,
  createAlertFor,
  editAlertFor,
  listAlertsFor,
  removeAlertFor,
  snoozeAlertFor,
} from "./use-cases.ts";

/**
 * The alert calls (spec pods-budgets-alerts-users-connections.md section 7.4). The form is core's
 * `alertFormSchema`: name, level, target `{ all: true }` or `{ all: false, ids }`, data { metric,
 * metricName, operator, valueSet, value (in the metric's unit: micros for money), valueBudget },
 * fireWhen, fireOn, additionalRecipients [{ _id, name, email }].
 */

/** `POST /api/alerts/create-alert`: 201 `{ alert, msg: 'Alert Created' }`. */
export const createAlert = sessionRoute(
  api["POST /api/alerts/create-alert"],
  async ({ body: { type: _type, ...form }, session, now }) =>
    reply(201, { alert: await createAlertFor(session, form, now), msg: ALERT_TEXTS.created }),
);

/** `POST /api/alerts/edit-alert`: the form with the alert's `_id`; `{ alert, msg: 'Alert Edited' }`. */
export const editAlert = sessionRoute(api["POST /api/alerts/edit-alert"], async ({ body, session, now }) => {
  const { _id, type: _type, ...form } = body;
  return { alert: await editAlertFor(session, _id, form, now), msg: ALERT_TEXTS.edited };
});

/** `GET /api/alerts/get-alerts/{userId}/{accountId}`: `{ alerts }`; both ids must be the caller's. */
export const getAlerts = sessionRoute(
  api["GET /api/alerts/get-alerts/{userId}/{accountId}"],
  async ({ params, session }) => {
    assertOwnAccount(session, params.accountId);
    assertSelf(session, params.userId);
    return { alerts: await listAlertsFor(session) };
  },
);

/** `POST /api/alerts/remove-alert/{alertId}`: `{ msg: '<name> removed' }`. */
export const removeAlert = sessionRoute(
  api["POST /api/alerts/remove-alert/{alertId}"],
  async ({ params, session }) => {
    const alert = await removeAlertFor(session, params.alertId);
    return { msg: `${alert.name} ${ALERT_TEXTS.removed}`, _id: alert.alertId };
  },
);

/**
 * `POST /api/alerts/snooze-alert/{alertId}`: body `{ duration: 'day' | 'week' | 'monthEnd' | null,
 * target?: <tracker id, client name or pod id> }`; `{ msg, snoozedUntil, target }`. Admin or creator.
 */
export const snoozeAlert = sessionRoute(
  api["POST /api/alerts/snooze-alert/{alertId}"],
  async ({ params, body, session, now }) => {
    const result = await snoozeAlertFor(session, params.alertId, body, now);
    return { ...result, msg: result.snoozedUntil ? ALERT_TEXTS.snoozed : ALERT_TEXTS.unsnoozed };
  },
);

/**
 * `GET /api/alerts/alert-history?alertId&target&channel&outcome`: `{ events, targets }`, the
 * history newest first (firings, resolutions, deliveries) and the targets currently firing or
 * snoozed, as the caller may see them.
 */
export const alertHistory = sessionRoute(
  api["GET /api/alerts/alert-history"],
  async ({ query, session, now }) => alertHistoryFor(session, query, now),
);

/**
 * `GET /api/alerts/alert-channels`: `{ channels: [{ _id, kind, name, url (masked), createdAt,
 * failingSince, lastFailure }] }`. Admin only.
 */
export const getAlertChannels = sessionRoute(api["GET /api/alerts/alert-channels"], async ({ session }) => ({
  channels: await listChannelsFor(session),
}));

/**
 * `POST /api/alerts/create-alert-channel`: body `{ kind: 'slack' | 'teams' | 'webhook', name, url }`;
 * 201 `{ channel, secret, msg }`, `secret` (webhooks) shown this once. Admin only; 400 for a URL the
 * SSRF guard refuses.
 */
export const createAlertChannel = sessionRoute(
  api["POST /api/alerts/create-alert-channel"],
  async ({ body, session, now }) =>
    reply(201, { ...(await createChannelFor(session, body, now)), msg: CHANNEL_TEXTS.created }),
);

/** `POST /api/alerts/remove-alert-channel/{channelId}`: `{ msg: '<name> removed', _id }`. Admin only. */
export const removeAlertChannel = sessionRoute(
  api["POST /api/alerts/remove-alert-channel/{channelId}"],
  async ({ params, session }) => {
    const channel = await removeChannelFor(session, params.channelId);
    return { msg: `${channel.name} ${CHANNEL_TEXTS.removed}`, _id: channel.channelId };
  },
);

/**
 * `POST /api/alerts/test-alert-channel/{channelId}`: sends a test message now; `{ ok, reason, msg }`
 * (`ok` false with the reason when the channel did not answer 2xx). Admin only.
 */
export const testAlertChannel = sessionRoute(
  api["POST /api/alerts/test-alert-channel/{channelId}"],
  async ({ params, session, now }) => {
    const result = await testChannelFor(session, params.channelId, now);
    return {
      ...result,
      msg: result.ok ? CHANNEL_TEXTS.testSent : `${CHANNEL_TEXTS.testFailed}: ${result.reason}`,
    };
  },
);

/**
 * `GET /api/alerts/slack-install`: `{ url }`, Slack's authorize page for 'Add to Slack' (scope
 * `incoming-webhook`, redirect to the callback, a state naming the caller). Admin only; 503 'The
 * Slack app is not configured' without a Slack client.
 */
export const slackInstall = sessionRoute(api["GET /api/alerts/slack-install"], async ({ session, now }) =>
  slackInstallUrlFor(session, now),
);

/**
 * `GET /api/alerts/slack-callback?code&state` (public; Slack's redirect, authenticated by the signed
 * state): stores the Slack channel and answers 303 to the Alerts page, or an HTML page saying why
 * nothing was stored (400 bad or expired state, cancelled or refused; 403 no longer an Admin; 502
 * Slack unreachable).
 */
export const slackCallback = httpRoute(api["GET /api/alerts/slack-callback"], async ({ query, now }) => {
  const outcome = await completeSlackInstall(query, now);
  return outcome.ok
    ? reply(303, undefined, { location: outcome.location, "cache-control": "no-store" })
    : htmlPage(outcome.status, slackInstallErrorPage(outcome.message));
});
