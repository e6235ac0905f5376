import { randomUUID } from "node:crypto";
import { BlockedHostError } from "@pacer/connectors";
import { type AlertChannelForm, MAX_ALERT_CHANNELS } from "@pacer/core";
import {
  type AlertChannel,
  createAlertChannel,
  deleteAlertChannel,
  getAlertChannel,
  listAlertChannels,
  NotFoundError,
  recordAlertChannelOutcome,
} from "@pacer/db";
import {
  type AlertNotice,
  ChannelDeliveryError,
  channelRequest,
  checkChannelUrl,
  newWebhookSecret,
  postToChannel,
} from "../lib/alert-channels.ts";
import { badRequest, forbidden, notFound } from "../lib/errors.ts";
import { appOrigin } from "../lib/links.ts";
import type { Session } from "../lib/session.ts";

/**
 * The account's alert channels (issue "channels"): Slack, Teams and signed webhooks, managed by
 * Admins only on the Alerts page's 'Alert channels' section. A webhook's signing secret is answered
 * once, by the create call; afterwards only the channel's kind, name and a masked URL are shown (a
 * Slack or Teams webhook URL is itself a credential: whoever holds it can post).
 */

export const CHANNEL_TEXTS = {
  created: "Alert channel created",
  removed: "removed",
  adminOnly: "Only Admins can manage alert channels",
  tooMany: `An account can have at most ${MAX_ALERT_CHANNELS} alert channels`,
  testSent: "Test sent",
  testFailed: "Test not delivered",
  urlRefused: "The URL must be https on port 443 and point to a public address",
} as const;

/** @throws AppError 403 unless the caller is an Admin (the policy says so too; this is defence in depth). */
function assertAdmin(session: Session): void {
  if (session.userType !== "Admin") throw forbidden(CHANNEL_TEXTS.adminOnly);
}

/** `https://hooks.slack.com/services/T0/B0/xyz` -> `https://hooks.slack.com/services/…`. */
export function maskChannelUrl(url: string): string {
  try {
    const u = new URL(url);
    const first = u.pathname.split("/").filter(Boolean)[0];
    return `${u.origin}/${first ? `${first}/` : ""}…`;
  } catch {
    return "…";
  }
}

/** A channel as the web app sees it (never its secret nor its whole URL). */
export function channelView(c: AlertChannel) {
  return {
    _id: c.channelId,
    kind: c.kind,
    name: c.name,
    url: maskChannelUrl(c.url),
    createdAt: c.createdAt,
    failingSince: c.failingSince ?? null,
    lastFailure: c.lastFailure ?? null,
  };
}

/** The account's channels, oldest first. Admin only. */
export async function listChannelsFor(session: Session) {
  assertAdmin(session);
  const channels = await listAlertChannels(session.accountId);
  return channels.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(channelView);
}

/**
 * Creates a channel: the URL must pass the SSRF guard's check (https, port 443, a public host, no
 * user info). A webhook gets a new signing secret, answered here once.
 * @throws AppError 400 (URL refused, too many channels), 403
 */
export async function createChannelFor(session: Session, form: AlertChannelForm, now: Date) {
  assertAdmin(session);
  return storeChannel({ accountId: session.accountId, userId: session.userId }, form, now);
}

/**
 * Stores a channel the Admin `by.userId` of `by.accountId` created, from the form or from the
 * Slack app's install (`slack-install.ts`): the same URL check, limit and signing secret either way.
 * @returns `{ channel (the web app's view), secret (webhooks, else null) }`
 * @throws AppError 400 (URL refused, too many channels)
 */
export async function storeChannel(
  by: { accountId: string; userId: string },
  form: AlertChannelForm,
  now: Date,
) {
  let url: string;
  try {
    url = await checkChannelUrl(form.url);
  } catch (error) {
    if (error instanceof BlockedHostError) throw badRequest(CHANNEL_TEXTS.urlRefused, "body.url");
    throw error;
  }
  if ((await listAlertChannels(by.accountId)).length >= MAX_ALERT_CHANNELS) {
    throw badRequest(CHANNEL_TEXTS.tooMany);
  }
  const secret = form.kind === "webhook" ? newWebhookSecret() : undefined;
  const channel = await createAlertChannel(
    by.accountId,
    by.userId,
    { kind: form.kind, name: form.name, url, secret },
    now,
  );
  return { channel: channelView(channel), secret: secret ?? null };
}

/** Removes a channel. @throws AppError 404, 403 */
export async function removeChannelFor(session: Session, channelId: string): Promise<AlertChannel> {
  assertAdmin(session);
  try {
    return await deleteAlertChannel(session.accountId, channelId);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound("Alert channel");
    throw error;
  }
}

/**
 * 'Send test': one delivery of a test notice, sent now (not queued, so the Admin sees the answer);
 * a success clears the channel's failing mark.
 * @returns `{ ok, reason }`: reason null when the channel answered 2xx.
 * @throws AppError 404, 403
 */
export async function testChannelFor(session: Session, channelId: string, now: Date) {
  assertAdmin(session);
  let channel: AlertChannel;
  try {
    channel = await getAlertChannel(session.accountId, channelId);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound("Alert channel");
    throw error;
  }
  const notice: AlertNotice = {
    alertId: "test",
    alertName: channel.name,
    level: "tracker",
    metric: "pace",
    operator: "isGreaterThan",
    fired: [],
    resolved: [],
    dashboardUrl: `${appOrigin()}/dashboard`,
    at: now.toISOString(),
    test: true,
  };
  try {
    await postToChannel(channel.url, channelRequest(channel, notice, randomUUID(), now));
    // A channel that answers again is no longer failing.
    await recordAlertChannelOutcome(session.accountId, channelId, "sent", undefined, now);
    return { ok: true, reason: null };
  } catch (error) {
    if (error instanceof ChannelDeliveryError) return { ok: false, reason: error.message };
    throw error;
  }
}
