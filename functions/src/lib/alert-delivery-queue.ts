import { randomUUID } from "node:crypto";
import { ALERT_DELIVERY_QUEUE, queueUrlEnv } from "../../resources.ts";
import type { ChannelNotice } from "./alert-channels.ts";
import type { AlertDeliveryMessage } from "./alert-delivery.ts";
import { sqsForSend } from "./sqs-sdk.ts";

// The producer side of the `alert-delivery` queue, apart from its consumer (`alert-delivery.ts`,
// with the message schemas and the channel requests): the alert evaluation and AutoPilot's
// proposals queue deliveries now and then, and the groups that run them (the refresh worker,
// alerts-daily, trackers) do not load the consumer at init.

/**
 * Queues one delivery per channel of an alert run, or of a tracker's new AutoPilot proposals (SQS
 * `SendMessageBatch`, 10 per call).
 * @throws when the queue refuses a message (the caller logs it; e-mail was already sent)
 */
export async function enqueueChannelDeliveries(
  accountId: string,
  channelIds: readonly string[],
  notice: ChannelNotice,
): Promise<void> {
  const url = process.env[queueUrlEnv(ALERT_DELIVERY_QUEUE.name)];
  if (!url) throw new Error(`No queue URL for ${ALERT_DELIVERY_QUEUE.name}`);
  const {
    sdk: { SendMessageBatchCommand },
    sqsClient,
  } = await sqsForSend();
  const client = sqsClient();
  const messages = channelIds.map(
    (channelId): AlertDeliveryMessage => ({ v: 1, accountId, channelId, deliveryId: randomUUID(), notice }),
  );
  for (let i = 0; i < messages.length; i += 10) {
    const batch = messages.slice(i, i + 10);
    const out = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: batch.map((m, j) => ({ Id: String(j), MessageBody: JSON.stringify(m) })),
      }),
    );
    if ((out.Failed ?? []).length > 0) throw new Error(`${out.Failed?.length} alert deliveries not queued`);
  }
}
