import { createHmac, randomBytes } from "node:crypto";
import { BlockedHostError } from "@pacer/connectors";
import {
  type AlertChannelKind,
  type AlertLevel,
  type AlertMetricId,
  type AlertOperator,
  alertMetricFormat,
  alertMetricName,
  formatByKind,
} from "@pacer/core";
import { LEVEL_LABEL, OPERATOR_TEXT } from "./alert-email.ts";
import { runtimeAdapters } from "./runtime-adapters.ts";
import { sharedPromise } from "./shared-promise.ts";

/**
 * Alert channels besides e-mail: Slack incoming webhooks, Microsoft Teams Workflows webhooks and
 * generic signed webhooks. This file renders a firing/resolution ({@link AlertNotice}) in each
 * channel's format, signs generic webhooks, and POSTs to the channel's user-given URL through the
 * SSRF guard of `@pacer/connectors` (https, port 443, public addresses only, the address pinned
 * after the check, no redirects, bounded time and size), the same guard as the Cake domain. The
 * guard (with ipaddr.js) is imported at the first URL check or delivery of a cold start, not when
 * this module loads (in a deployed bundle it is a chunk of its own, as in `connect.ts`).
 *
 * The runtime's `channelTarget` adapter (the local runtime's, never installed on AWS) may receive
 * one reserved host itself, as the local runtime does for the Cake demo domain; the user's URL is
 * only compared with that name, so it can never choose another local address.
 */

/** The `version` of the generic webhook body (see functions/README.md "Alert webhooks"). */
export const WEBHOOK_SCHEMA_VERSION = 1;

/** How old a signed delivery may be when the receiver checks it (replay window), seconds. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

/** Timeout of one channel delivery, ms. */
export const CHANNEL_TIMEOUT_MS = 10_000;

/** Largest answer read from a channel, bytes. */
const CHANNEL_MAX_RESPONSE_BYTES = 64 * 1024;

/** One target that crossed: name, and value and threshold in the metric's unit (micros for money). */
export interface NoticeBreach {
  key: string;
  name: string;
  value: number;
  threshold: number;
  currency: string | null;
}

/**
 * What a channel is told of one alert run: the targets that fired and those that resolved, as the
 * alert's creator may see them (decision: a channel is account-wide, so it is told what the alert's
 * creator sees, never more; the Admin who attaches a channel to an alert publishes that).
 */
export interface AlertNotice {
  alertId: string;
  alertName: string;
  level: AlertLevel;
  metric: AlertMetricId;
  operator: AlertOperator;
  fired: NoticeBreach[];
  resolved: Array<{ key: string; name: string }>;
  dashboardUrl: string;
  /** When the evaluation ran (ISO). */
  at: string;
  /** A 'Send test' delivery rather than a real alert. */
  test?: boolean;
}

/**
 * What a channel is told of a tracker's new AutoPilot proposals (autopilot-proposals.ts): the
 * tracker's name, how many changes wait and the link to them, never a campaign, a budget or a
 * figure (a channel is account-wide; the link asks the reader to sign in and shows only what they
 * may see).
 */
export interface ProposalsNotice {
  kind: "autopilot-proposals";
  trackerId: string;
  trackerName: string;
  /** New proposals, one or more. */
  count: number;
  /** The tracker's AutoPilot proposals in the web app. */
  url: string;
  /** When they were proposed (ISO). */
  at: string;
}

/** Either kind of channel notice. */
export type ChannelNotice = AlertNotice | ProposalsNotice;

/** Narrows a channel notice to AutoPilot proposals. */
export const isProposalsNotice = (notice: ChannelNotice): notice is ProposalsNotice =>
  "kind" in notice && notice.kind === "autopilot-proposals";

/** A proposals notice's one line: "Pacer AutoPilot proposes 2 changes on the tracker "X"". */
function proposalsHeadline(notice: ProposalsNotice): string {
  const s = notice.count === 1 ? "" : "s";
  return `Pacer AutoPilot proposes ${notice.count} change${s} on the tracker "${notice.trackerName}": review them in Pacer`;
}

/** The notice's lines in plain words: a headline and one line per target. */
function noticeLines(notice: AlertNotice) {
  const metricName = alertMetricName(notice.metric);
  const format = alertMetricFormat(notice.metric);
  const fmt = (v: number, currency: string | null) => formatByKind(v, format, currency);
  const label = LEVEL_LABEL[notice.level];
  const headline = notice.test
    ? `Test from Pacer: this channel receives alerts of "${notice.alertName}"`
    : notice.fired.length > 0
      ? `Pacer alert "${notice.alertName}" fired: ${metricName} ${OPERATOR_TEXT[notice.operator]} its threshold`
      : `Pacer alert "${notice.alertName}" resolved`;
  const fired = notice.fired.map(
    (b) =>
      `${label} ${b.name}: ${metricName} ${fmt(b.value, b.currency)} (threshold ${fmt(b.threshold, b.currency)})`,
  );
  const resolved = notice.resolved.map((r) => `${label} ${r.name}: resolved`);
  return { headline, fired, resolved };
}

/**
 * Slack incoming-webhook body: `text` (the notification's fallback) and Block Kit `blocks`: a
 * header, a section per fired and resolved target list, a link to the dashboard.
 * https://api.slack.com/messaging/webhooks
 */
export function slackPayload(notice: ChannelNotice): Record<string, unknown> {
  if (isProposalsNotice(notice)) {
    const headline = proposalsHeadline(notice);
    return {
      text: headline,
      blocks: [
        { type: "section", text: { type: "plain_text", text: headline.slice(0, 3000) } },
        {
          type: "actions",
          elements: [
            { type: "button", text: { type: "plain_text", text: "Review in Pacer" }, url: notice.url },
          ],
        },
      ],
    };
  }
  const { headline, fired, resolved } = noticeLines(notice);
  const section = (lines: string[]) => ({
    type: "section",
    text: {
      type: "mrkdwn",
      text: lines
        .map((l) => `• ${l}`)
        .join("\n")
        .slice(0, 3000),
    },
  });
  return {
    text: headline,
    blocks: [
      { type: "header", text: { type: "plain_text", text: headline.slice(0, 150) } },
      ...(fired.length > 0 ? [section(fired)] : []),
      ...(resolved.length > 0 ? [section(resolved)] : []),
      {
        type: "actions",
        elements: [
          { type: "button", text: { type: "plain_text", text: "Open Pacer" }, url: notice.dashboardUrl },
        ],
      },
    ],
  };
}

/**
 * Microsoft Teams Workflows webhook body ("Post to a channel when a webhook request is received"):
 * a message with one Adaptive Card (1.4) attachment.
 * https://learn.microsoft.com/en-us/connectors/teams/?tabs=text1#microsoft-teams-webhook
 */
export function teamsPayload(notice: ChannelNotice): Record<string, unknown> {
  const proposals = isProposalsNotice(notice);
  const { headline, fired, resolved } = proposals
    ? { headline: proposalsHeadline(notice), fired: [], resolved: [] }
    : noticeLines(notice);
  const url = proposals ? notice.url : notice.dashboardUrl;
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: headline, weight: "Bolder", size: "Medium", wrap: true },
            ...[...fired, ...resolved].map((line) => ({ type: "TextBlock", text: line, wrap: true })),
          ],
          actions: [{ type: "Action.OpenUrl", title: proposals ? "Review in Pacer" : "Open Pacer", url }],
        },
      },
    ],
  };
}

/**
 * The generic webhook body (schema `version` 1, functions/README.md "Alert webhooks"): the alert,
 * the metric, and the targets that fired (value and threshold in the metric's unit: integer micros
 * for money, percent for rates) and resolved; for AutoPilot proposals (`type`
 * `autopilot-proposals`) the tracker, how many changes wait and their link.
 */
export function webhookPayload(notice: ChannelNotice, deliveryId: string): Record<string, unknown> {
  if (isProposalsNotice(notice)) {
    return {
      version: WEBHOOK_SCHEMA_VERSION,
      id: deliveryId,
      type: "autopilot-proposals",
      at: notice.at,
      tracker: { id: notice.trackerId, name: notice.trackerName },
      proposals: notice.count,
      url: notice.url,
    };
  }
  return {
    version: WEBHOOK_SCHEMA_VERSION,
    id: deliveryId,
    type: notice.test ? "test" : "alert",
    at: notice.at,
    alert: { id: notice.alertId, name: notice.alertName, level: notice.level },
    metric: { id: notice.metric, name: alertMetricName(notice.metric), operator: notice.operator },
    fired: notice.fired.map((b) => ({
      key: b.key,
      name: b.name,
      value: b.value,
      threshold: b.threshold,
      currency: b.currency,
    })),
    resolved: notice.resolved.map((r) => ({ key: r.key, name: r.name })),
    dashboardUrl: notice.dashboardUrl,
  };
}

/**
 * `X-Pacer-Signature` of a generic webhook delivery: `sha256=` and the lowercase hex HMAC-SHA256,
 * keyed with the channel's secret, of `${timestamp}.${body}` (timestamp: the `X-Pacer-Timestamp`
 * header, Unix seconds; body: the exact bytes sent).
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** A new webhook signing secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** A channel as delivery needs it. */
export interface ChannelTarget {
  kind: AlertChannelKind;
  url: string;
  secret?: string | undefined;
}

/** The request one delivery sends: body bytes and headers (signed for webhooks). */
export function channelRequest(
  channel: ChannelTarget,
  notice: ChannelNotice,
  deliveryId: string,
  now: Date,
): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "Pacer-Alerts/1",
  };
  if (channel.kind === "slack") return { body: JSON.stringify(slackPayload(notice)), headers };
  if (channel.kind === "teams") return { body: JSON.stringify(teamsPayload(notice)), headers };
  const body = JSON.stringify(webhookPayload(notice, deliveryId));
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    body,
    headers: {
      ...headers,
      "x-pacer-delivery": deliveryId,
      "x-pacer-timestamp": String(timestamp),
      "x-pacer-signature": webhookSignature(channel.secret ?? "", timestamp, body),
    },
  };
}

/**
 * The SSRF guard of `@pacer/connectors` (with ipaddr.js), imported at its first use in a cold start.
 */
const ssrfGuard = sharedPromise(() => import("@pacer/connectors/ssrf-guard"));

/**
 * Checks a channel URL a user typed: https, port 443, no user info, a public host (SSRF guard's
 * `checkUserUrl`; the DNS answer is checked again at every delivery).
 * @returns the normalised URL.
 * @throws BlockedHostError naming the reason (the promise rejects with it)
 */
export async function checkChannelUrl(raw: string): Promise<string> {
  const { checkUserUrl } = await ssrfGuard();
  return checkUserUrl(raw.trim()).toString();
}

/** A delivery that did not succeed: why, and whether another attempt may succeed. */
export class ChannelDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The channel's `Retry-After`, ms (a 429 or 503 that says when to come back). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ChannelDeliveryError";
  }
}

/** The guarded fetch of every channel delivery, built at the first delivery of a cold start. */
const channelGuard = sharedPromise(async () => {
  const { checkUserUrl, createSsrfSafeFetch } = await ssrfGuard();
  const guardedFetch = createSsrfSafeFetch({
    timeoutMs: CHANNEL_TIMEOUT_MS,
    maxResponseBytes: CHANNEL_MAX_RESPONSE_BYTES,
  });
  return { checkUserUrl, guardedFetch };
});

/**
 * POSTs one delivery to a channel. A 2xx answer is success; 3xx (redirects are refused), 4xx but
 * 408 and 429 are not retried; 408, 429, 5xx, timeouts and network errors are (not before the
 * answer's `Retry-After` in seconds, when it gives one).
 * @throws ChannelDeliveryError with a reason fit for the alert history (no URL, no secret)
 */
export async function postToChannel(
  url: string,
  request: { body: string; headers: Record<string, string> },
  env: Record<string, string | undefined> = process.env,
): Promise<{ status: number }> {
  const { checkUserUrl, guardedFetch } = await channelGuard();
  let response: Response;
  try {
    const parsed = checkUserUrl(url);
    const direct = runtimeAdapters().channelTarget?.(parsed, env);
    if (direct) {
      response = await fetch(direct, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        redirect: "manual",
        signal: AbortSignal.timeout(CHANNEL_TIMEOUT_MS),
      });
    } else {
      response = await guardedFetch(url, { method: "POST", headers: request.headers, body: request.body });
    }
  } catch (error) {
    if (error instanceof BlockedHostError) {
      const reason = error.reason ?? "blocked";
      throw new ChannelDeliveryError(`URL refused (${reason})`, reason === "dns_failed");
    }
    const name = error instanceof Error ? error.name : "Error";
    const timeout = name === "TimeoutError" || (error instanceof Error && /timeout/i.test(error.message));
    throw new ChannelDeliveryError(timeout ? "No answer in time" : `Network error (${name})`, true);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { status: response.status };
  const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
  const retryAfter = Number(response.headers.get("retry-after"));
  throw new ChannelDeliveryError(
    `HTTP ${response.status}`,
    retryable,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  );
}
