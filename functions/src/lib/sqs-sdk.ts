import type { SQSClient } from "@aws-sdk/client-sqs";
import { sharedPromise } from "./shared-promise.ts";

/** The SQS SDK module (`@aws-sdk/client-sqs`): its client and commands. */
export type SqsSdk = typeof import("@aws-sdk/client-sqs");

/**
 * The SQS SDK module, imported at its first use in a process rather than at module load (the
 * pattern of the Secrets Manager client, `secrets-manager.ts`): the HTTP groups queue a refresh or
 * an alert delivery now and then, and the queue consumers use SQS only for a failed record (backoff,
 * dead-lettering), so no cold start loads it at init. `aws-sdk-client-mock` still applies: the
 * dynamic import resolves the same module. A failed import is tried again at the next call.
 */
export const sqsSdk: () => Promise<SqsSdk> = sharedPromise(() => import("@aws-sdk/client-sqs"));

/**
 * The SQS SDK module and the process's one client (`sqsClient` of `sqs-client.ts`), both imported
 * at the first send of a cold start.
 */
export const sqsForSend: () => Promise<{ sdk: SqsSdk; sqsClient: () => SQSClient }> = sharedPromise(
  async () => {
    const [sdk, { sqsClient }] = await Promise.all([sqsSdk(), import("./sqs-client.ts")]);
    return { sdk, sqsClient };
  },
);
