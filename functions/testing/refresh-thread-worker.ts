import { createConnectors } from "@pacer/connectors";
import { sandboxConnectorConfig } from "@pacer/connectors/sandbox-config";
import type { Context, SQSEvent } from "aws-lambda";
import { evaluateAlertsForAccount } from "../src/lib/alert-evaluation.ts";
import { platformCallSlot } from "../src/lib/platform-call-slots.ts";
import { pushIntegrationChange } from "../src/lib/realtime.ts";
import { sqsClient } from "../src/lib/sqs-client.ts";
import { pushTrackerChange } from "../src/lib/tracker-push.ts";
import { createRefreshWorker } from "../src/refresh-worker/worker.ts";
import { watchTableRequests } from "./table-requests.ts";

/**
 * The refresh worker as a thread of the refresh pipeline runs it (`startRefreshPipeline` with
 * `threads` and `threadedWorker` pointing here; the benchmark's path): the real worker over the
 * sandbox connectors of `PACER_SANDBOX_URL`, each call held to its invocation's call limit, with the
 * account's alert evaluation. `PACER_PIPELINE_POLL_MS`, when set, makes the connectors poll their
 * asynchronous reports (Amazon Ads, DV360) and sleep between retries at most that many ms: the
 * sandbox's reports are ready after a number of polls, not after time. `REFRESH_RETRY_BASE_SECONDS`
 * is the retries' backoff base (default 1). Also counts this thread's table requests for the
 * benchmark ({@link tableRequests}).
 */
const sandboxUrl = process.env.PACER_SANDBOX_URL;
if (!sandboxUrl) throw new Error("PACER_SANDBOX_URL is not set");
const pollMs = Number(process.env.PACER_PIPELINE_POLL_MS ?? 0);
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const config = sandboxConnectorConfig(sandboxUrl, {
  callSlot: platformCallSlot,
  ...(pollMs > 0 ? { sleep: (ms: number) => sleep(Math.min(ms, pollMs)) } : {}),
});
if (pollMs > 0) {
  const poll = { initialDelayMs: pollMs, maxDelayMs: pollMs, maxWaitMs: 120_000 };
  if (config.amazonads) config.amazonads.reportPoll = poll;
  if (config.googledv360) config.googledv360.reportPoll = poll;
}
const registry = createConnectors(config);
const base = Number(process.env.REFRESH_RETRY_BASE_SECONDS ?? 1);

/** The worker's Lambda handler. */
export const handler: (event: SQSEvent, context?: Context) => Promise<unknown> = createRefreshWorker({
  registry: async () => registry,
  sqs: sqsClient,
  now: () => new Date(),
  retryBaseSeconds: Number.isFinite(base) && base >= 0 ? base : 1,
  pushTracker: pushTrackerChange,
  pushIntegration: (integration, now) => pushIntegrationChange(integration, now),
  evaluateAlerts: evaluateAlertsForAccount,
});

/** Table requests of this thread since the last {@link tableRequests}, by command name. */
let requests: Record<string, number> = {};
/** Items written by this thread's write requests since the last {@link tableRequests}. */
let itemsWritten = 0;
const WRITES = new Set([
  "PutItemCommand",
  "UpdateItemCommand",
  "DeleteItemCommand",
  "BatchWriteItemCommand",
  "TransactWriteItemsCommand",
]);
watchTableRequests(({ command, input }) => {
  requests[command] = (requests[command] ?? 0) + 1;
  if (WRITES.has(command)) {
    const { RequestItems, TransactItems } = input as {
      RequestItems?: Record<string, unknown[]>;
      TransactItems?: unknown[];
    };
    itemsWritten += RequestItems
      ? Object.values(RequestItems).reduce((s, l) => s + l.length, 0)
      : (TransactItems?.length ?? 1);
  }
});

/**
 * This thread's table requests since the last call (by command name) and the items its writes
 * carried, then starts counting again. Invoked on each thread by the benchmark.
 */
export async function tableRequests(): Promise<{ requests: Record<string, number>; itemsWritten: number }> {
  const out = { requests, itemsWritten };
  requests = {};
  itemsWritten = 0;
  return out;
}
