// X-Ray tracing first, so every client and handler of the group is traced (lib/tracer.ts).
import "../lib/xray-tracing.ts";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";
import { connectors } from "../lib/connectors.ts";
import { observedHandler } from "../lib/observed-handler.ts";
import { pushIntegrationChange } from "../lib/realtime.ts";
import { sqsClient } from "../lib/refresh-queue.ts";
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
    sqs: sqsClient,
    now: () => new Date(),
    retryBaseSeconds: Number.isFinite(base) && base >= 0 ? base : 30,
    pushTracker: pushTrackerChange,
    pushIntegration: (integration, now) => pushIntegrationChange(integration, now),
    evaluateAlerts: evaluateAlertsForAccount,
  };
}

export const handler = observedHandler(createRefreshWorker(defaultRefreshWorkerDeps()));
