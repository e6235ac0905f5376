import type { Context, SQSEvent } from "aws-lambda";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";
import { connectors, connectorsOf } from "../lib/connectors.ts";
import { observedHandler } from "../lib/observed-handler.ts";
import { sqsClientAtFirstUse } from "../lib/queue-records.ts";
import { pushIntegrationChange } from "../lib/realtime.ts";
import { pushTrackerChange } from "../lib/tracker-push.ts";
import { createRefreshWorker, type RefreshWorkerDeps } from "./worker.ts";

/**
 * The `refresh-worker` group: the Lambda consuming every `refresh-<platform>` queue
 * (functions/resources.ts). See `worker.ts` for the algorithm.
 *
 * Environment: `QUEUE_URL_REFRESH_<PLATFORM>` and `..._DLQ` (visibility changes, dead-lettering),
 * the connectors' configuration (`PLATFORM_SECRETS_ARN` on AWS, the runtime's adapter locally), the
 * token store's, `WS_MANAGEMENT_ENDPOINT` (pushes), `REFRESH_RETRY_BASE_SECONDS` (backoff base,
 * default 30).
 */
export function defaultRefreshWorkerDeps(
  env: Record<string, string | undefined> = process.env,
): RefreshWorkerDeps {
  const base = Number(env.REFRESH_RETRY_BASE_SECONDS ?? 30);
  return {
    registry: async () => (await connectors()).registry,
    sqs: sqsClientAtFirstUse,
    now: () => new Date(),
    retryBaseSeconds: Number.isFinite(base) && base >= 0 ? base : 30,
    pushTracker: pushTrackerChange,
    pushIntegration: (integration, now) => pushIntegrationChange(integration, now),
    evaluateAlerts: evaluateAlertsForAccount,
  };
}

/** The platforms of a batch's messages (their `slug`); a body that is not JSON names none. */
export function platformsOf(event: SQSEvent): string[] {
  const slugs = new Set<string>();
  for (const record of event.Records) {
    try {
      const slug = (JSON.parse(record.body) as { slug?: unknown }).slug;
      if (typeof slug === "string") slugs.add(slug);
    } catch {
      // not a refresh message: the worker dead-letters it
    }
  }
  return [...slugs];
}

/** Every platform a batch of this process has named so far. */
const batchPlatforms = new Set<string>();

/**
 * The Lambda's worker reads the connectors of the platforms its batches name, each loaded at the
 * first message that needs it (`connectorsOf`; a failure to load fails that message, as reading
 * the connectors always did): a consumer of a `refresh-<platform>` queue so loads its own platform's
 * connector only (in the deployed bundle a chunk of its own: Google's official client only in the
 * Google Ads and DV360 consumers).
 */
const worker = createRefreshWorker({
  ...defaultRefreshWorkerDeps(),
  registry: async () => (await connectorsOf([...batchPlatforms])).registry,
});

export const handler = observedHandler(async (event: SQSEvent, context: Context) => {
  for (const slug of platformsOf(event)) batchPlatforms.add(slug);
  return worker(event, context);
});
