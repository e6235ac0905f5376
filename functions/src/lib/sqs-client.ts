import { SQSClient } from "@aws-sdk/client-sqs";
import { traced } from "./tracer.ts";

/**
 * The process's SQS client (`@aws-sdk/client-sqs`), in a module of its own: the queue consumers
 * (the refresh worker, alert delivery), which answer every batch through SQS, import it at load;
 * the groups that only sometimes queue (the refresh and tracker calls, alerts) import it at their
 * first send (`refresh-queue.ts`, `alert-delivery.ts`), so their cold start does not load the SQS
 * SDK. Either way the process has one client.
 */

let sqs: SQSClient | undefined;

/** The SQS client, built once per cold start (traced where the group installed tracing). */
export function sqsClient(): SQSClient {
  sqs ??= traced(new SQSClient({}));
  return sqs;
}

/** Forgets the client (tests that point SQS elsewhere). */
export function resetSqsClient(): void {
  sqs?.destroy();
  sqs = undefined;
}
