import type { SQSClient } from "@aws-sdk/client-sqs";
import type { SQSRecord } from "aws-lambda";
import { logger } from "./logger.ts";
import { queueUrlOf } from "./refresh-queue.ts";
import { sqsForSend, sqsSdk } from "./sqs-sdk.ts";

/**
 * What the queue consumers (the refresh worker, the alert delivery) do with a record beyond
 * acknowledging it: move it to the dead-letter queue with its failure, or delay its redelivery.
 * Both happen only on a failure path, so the consumers' entries hand in {@link sqsClientAtFirstUse}
 * and a batch that succeeds never loads the SQS SDK.
 */

/**
 * The SQS client a consumer's failure path uses: the client itself (tests), or a promise of it
 * ({@link sqsClientAtFirstUse}: the SDK imported at the first failure of a cold start).
 */
export type SqsClientSource = () => SQSClient | Promise<SQSClient>;

/**
 * The process's one SQS client (`sqs-client.ts`), with the SQS SDK imported at the first call of a
 * cold start (`sqsForSend`); what the queue consumers' entries hand in as their `sqs`.
 */
export const sqsClientAtFirstUse = async (): Promise<SQSClient> => (await sqsForSend()).sqsClient();

/**
 * Sends `record` to `<queueName>-dlq` with `failure` as string message attributes (each cut to 256
 * characters, '-' when empty), plus `Attempts` (number) and `SourceMessageId`; the caller then
 * acknowledges the record.
 * @throws Error when the dead-letter queue has no URL (`QUEUE_URL_<NAME>`) or SQS refuses the send, so
 *   the record stays on its queue and is retried.
 */
export async function sendToDeadLetter(
  sqs: SqsClientSource,
  queueName: string,
  record: SQSRecord,
  failure: Record<string, string>,
  attempts: number,
): Promise<void> {
  const url = queueUrlOf(`${queueName}-dlq`);
  if (!url) throw new Error(`No dead-letter queue URL for ${queueName}`);
  const text = (value: string) => ({ DataType: "String", StringValue: value.slice(0, 256) || "-" });
  const attributes = Object.fromEntries(Object.entries(failure).map(([name, value]) => [name, text(value)]));
  const [{ SendMessageCommand }, client] = await Promise.all([sqsSdk(), sqs()]);
  await client.send(
    new SendMessageCommand({
      QueueUrl: url,
      MessageBody: record.body,
      MessageAttributes: {
        ...attributes,
        Attempts: { DataType: "Number", StringValue: String(attempts) },
        SourceMessageId: text(record.messageId),
      },
    }),
  );
}

/**
 * Makes `record` visible on `queueName` again after `seconds` (rounded, at least 0): a retry with
 * backoff, or at once with 0. Never throws: when SQS refuses, a warning is logged and the record comes
 * back after the queue's own visibility timeout.
 */
export async function delayRedelivery(
  sqs: SqsClientSource,
  queueName: string,
  record: SQSRecord,
  seconds: number,
): Promise<void> {
  const url = queueUrlOf(queueName);
  if (!url) return;
  try {
    const [{ ChangeMessageVisibilityCommand }, client] = await Promise.all([sqsSdk(), sqs()]);
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: url,
        ReceiptHandle: record.receiptHandle,
        VisibilityTimeout: Math.max(0, Math.round(seconds)),
      }),
    );
  } catch (error) {
    logger.warn("Visibility change failed", {
      queue: queueName,
      errorName: error instanceof Error ? error.name : "Error",
    });
  }
}
