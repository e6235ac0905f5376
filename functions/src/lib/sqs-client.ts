import { SQSClient } from "@aws-sdk/client-sqs";
import { traced } from "./tracer.ts";

/**
 * The process's SQS client (`@aws-sdk/client-sqs`), in a module of its own, imported at a cold
 * start's first send (`sqsForSend` of `sqs-sdk.ts`): the groups that only sometimes queue (the
 * refresh and tracker calls, alerts) at their first queued message, the queue consumers (the refresh
 * worker, alert delivery) at their first failed record (`sqsClientAtFirstUse` of
 * `queue-records.ts`: SQS's partial batch response acknowledges the others), so no cold start
 * loads the SQS SDK at init. The process has one client.
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
