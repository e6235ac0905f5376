import { ALERT_METRICS, ALERT_OPERATORS } from "@pacer/core";
import {
  type AlertChannel,
  type AlertEventInput,
  getAlertChannel,
  listUsers,
  NotFoundError,
  recordAlertChannelOutcome,
  recordAlertEvents,
} from "@pacer/db";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import * as z from "zod";
import { ALERT_DELIVERY_QUEUE } from "../../resources.ts";
import { retryDelaySeconds } from "../refresh-worker/failures.ts";
import {
  type AlertNotice,
  ChannelDeliveryError,
  channelRequest,
  isProposalsNotice,
  postToChannel,
} from "./alert-channels.ts";
import { appOrigin } from "./links.ts";
import { logger } from "./logger.ts";
import { escapeHtml, sendMail } from "./mailer.ts";
import { recordMetric } from "./metrics.ts";
import { delayRedelivery, type SqsClientSource, sendToDeadLetter } from "./queue-records.ts";

/**
 * The alert delivery queue (`alert-delivery` in functions/resources.ts): THE one place that queues
 * a channel delivery and the consumer that sends it. One message names one channel and one alert
 * run's notice; the consumer renders it in the channel's format at send time (a webhook's signature
 * and timestamp are fresh on every attempt) and records every attempt in the alert history:
 * `sent`, `failed` (it will be retried, with the attempt and reason) or `dead-lettered` (given up:
 * after the queue's fifth receive, or at once for a URL the SSRF guard refuses). A failed attempt
 * comes back after an exponential backoff (base `ALERT_DELIVERY_RETRY_BASE_SECONDS`, default 30:
 * 30 s, 60 s, 120 s, 240 s, jittered). A channel with {@link ALERT_CHANNEL_FAILING_AFTER} deliveries
 * dead-lettered in a row is marked failing and its account's Admins are e-mailed once.
 */

const breachSchema = z.object({
  key: z.string().max(200),
  name: z.string().max(500),
  value: z.number(),
  threshold: z.number(),
  currency: z.string().max(10).nullable(),
});

const noticeSchema = z.object({
  alertId: z.string().max(100),
  alertName: z.string().max(500),
  level: z.enum(["tracker", "client", "pod"]),
  metric: z.enum(ALERT_METRICS.map((m) => m.id) as [AlertNotice["metric"], ...AlertNotice["metric"][]]),
  operator: z.enum(ALERT_OPERATORS),
  fired: z.array(breachSchema),
  resolved: z.array(z.object({ key: z.string().max(200), name: z.string().max(500) })),
  dashboardUrl: z.string().max(2000),
  at: z.string().max(40),
  test: z.boolean().optional(),
});

const proposalsNoticeSchema = z.object({
  kind: z.literal("autopilot-proposals"),
  trackerId: z.string().max(100),
  trackerName: z.string().max(500),
  count: z.number().int().positive(),
  url: z.string().max(2000),
  at: z.string().max(40),
});

/** The body of a delivery message (version 1). */
export const alertDeliveryMessageSchema = z.object({
  v: z.literal(1),
  accountId: z.string().min(1).max(100),
  channelId: z.string().min(1).max(100),
  /** Stable across retries: the webhook's `id` and `X-Pacer-Delivery` (receivers de-duplicate by it). */
  deliveryId: z.string().min(1).max(100),
  /** An alert run's notice, or a tracker's new AutoPilot proposals (autopilot-proposals.ts). */
  notice: z.union([proposalsNoticeSchema, noticeSchema]),
});
export type AlertDeliveryMessage = z.output<typeof alertDeliveryMessageSchema>;

/** What the consumer needs from outside (tests change the clock, the backoff and the transport). */
export interface AlertDeliveryDeps {
  /** SQS, for backoff and the dead-letter queue only (the entry's: `sqsClientAtFirstUse`). */
  sqs: SqsClientSource;
  now: () => Date;
  /** Backoff base, seconds: attempt n waits about base * 2^(n-1), jittered. */
  retryBaseSeconds: number;
  /** Sends a request to a channel URL (default `postToChannel`). */
  post?: typeof postToChannel;
  random?: () => number;
}

/** The alert history entry of one delivery attempt (none for AutoPilot proposals: they are no alert's). */
function deliveryEvent(
  message: AlertDeliveryMessage,
  channel: Pick<AlertChannel, "kind" | "name" | "channelId">,
  at: string,
): Omit<AlertEventInput, "outcome"> | undefined {
  const { notice } = message;
  if (isProposalsNotice(notice)) return undefined;
  return {
    at,
    alertId: notice.alertId,
    alertName: notice.alertName,
    level: notice.level,
    channel: channel.kind,
    recipientId: channel.channelId,
    recipient: channel.name,
    targetKeys: [...notice.fired.map((b) => b.key), ...notice.resolved.map((r) => r.key)],
  };
}

/** E-mails every Admin of the account that a channel was marked failing. */
async function tellAdminsChannelFailing(channel: AlertChannel, reason: string): Promise<void> {
  const admins = (await listUsers(channel.accountId)).filter(
    (u) => u.userType === "Admin" && u.notificationPreferences?.unsubscribedAll !== true,
  );
  const url = `${appOrigin()}/alerts`;
  const text = [
    `The alert channel "${channel.name}" (${channel.kind}) keeps failing: its last deliveries could not be made (${reason}).`,
    "Pacer keeps trying it with every alert; check its URL, or remove it and add it again, on the Alerts page:",
    url,
  ].join("\n\n");
  const html = `<p>The alert channel <strong>${escapeHtml(channel.name)}</strong> (${escapeHtml(channel.kind)}) keeps failing: its last deliveries could not be made (${escapeHtml(reason)}).</p><p>Pacer keeps trying it with every alert; check its URL, or remove it and add it again, on the <a href="${escapeHtml(url)}">Alerts page</a>.</p>`;
  for (const admin of admins) {
    try {
      await sendMail({
        to: admin.email,
        subject: `Pacer: alert channel "${channel.name}" is failing`,
        text,
        html,
      });
    } catch (error) {
      logger.error("Channel failing e-mail not sent", {
        accountId: channel.accountId,
        errorName: error instanceof Error ? error.name : "Error",
      });
    }
  }
}

/** Builds the `alert-delivery` consumer (partial batch failures). */
export function createAlertDeliveryConsumer(deps: AlertDeliveryDeps) {
  const post = deps.post ?? postToChannel;
  const random = deps.random ?? Math.random;

  const deadLetter = (record: SQSRecord, reason: string, attempts: number) =>
    sendToDeadLetter(deps.sqs, ALERT_DELIVERY_QUEUE.name, record, { ErrorReason: reason }, attempts);

  // The refresh worker's backoff: base * 2^(attempt-1), jittered in its upper half, capped.
  const backoff = (record: SQSRecord, attempt: number, retryAfterMs: number | undefined) =>
    delayRedelivery(
      deps.sqs,
      ALERT_DELIVERY_QUEUE.name,
      record,
      retryDelaySeconds(
        retryAfterMs === undefined ? {} : { retryAfterMs },
        attempt,
        deps.retryBaseSeconds,
        random,
      ),
    );

  const handleRecord = async (record: SQSRecord): Promise<"done" | "retry"> => {
    const attempt = Number(record.attributes.ApproximateReceiveCount ?? "1");
    let message: AlertDeliveryMessage;
    try {
      message = alertDeliveryMessageSchema.parse(JSON.parse(record.body));
    } catch {
      logger.error("Alert delivery message refused", { messageId: record.messageId });
      await deadLetter(record, "Not an alert delivery message", attempt);
      return "done";
    }
    let channel: AlertChannel;
    try {
      channel = await getAlertChannel(message.accountId, message.channelId);
    } catch (error) {
      if (error instanceof NotFoundError) return "done"; // the channel was removed: nothing to send
      throw error;
    }
    const now = deps.now();
    const event = deliveryEvent(message, channel, now.toISOString());
    try {
      await post(channel.url, channelRequest(channel, message.notice, message.deliveryId, now));
      if (event) await recordAlertEvents(message.accountId, [{ ...event, outcome: "sent" }], now);
      await recordAlertChannelOutcome(message.accountId, channel.channelId, "sent", undefined, now);
      recordMetric("alertDeliverySent", { channel: channel.kind });
      return "done";
    } catch (error) {
      const failure =
        error instanceof ChannelDeliveryError ? error : new ChannelDeliveryError("Delivery failed", true);
      const last = !failure.retryable || attempt >= ALERT_DELIVERY_QUEUE.maxReceiveCount;
      const reason = `Attempt ${attempt}: ${failure.message}`;
      if (!last) {
        if (event) await recordAlertEvents(message.accountId, [{ ...event, outcome: "failed", reason }], now);
        await backoff(record, attempt, failure.retryAfterMs);
        recordMetric("alertDeliveryFailed", { channel: channel.kind });
        return "retry";
      }
      await deadLetter(record, failure.message, attempt);
      if (event)
        await recordAlertEvents(message.accountId, [{ ...event, outcome: "dead-lettered", reason }], now);
      const marked = await recordAlertChannelOutcome(
        message.accountId,
        channel.channelId,
        "dead-lettered",
        failure.message,
        now,
      );
      recordMetric("alertDeliveryDeadLettered", { channel: channel.kind });
      if (marked?.becameFailing) await tellAdminsChannelFailing(channel, failure.message);
      logger.warn("Alert delivery dead-lettered", {
        accountId: message.accountId,
        channelId: channel.channelId,
        attempts: attempt,
        reason: failure.message,
      });
      return "done";
    }
  };

  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      try {
        if ((await handleRecord(record)) === "retry")
          batchItemFailures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        logger.error("Alert delivery failed", {
          messageId: record.messageId,
          errorName: error instanceof Error ? error.name : "Error",
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
