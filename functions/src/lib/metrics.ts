import { Metrics } from "@aws-lambda-powertools/metrics";
import {
  type DimensionsOf,
  METRIC_DIMENSIONS,
  METRIC_NAMESPACE,
  METRICS,
  type MetricKey,
  SERVICE_NAME,
} from "../../metric-names.ts";
import { logger } from "./logger.ts";

/**
 * The functions' one Powertools Metrics instance (CloudWatch embedded metric format: a JSON line on
 * stdout that CloudWatch Logs turns into metrics), namespace {@link METRIC_NAMESPACE}, built once per
 * cold start. The product metrics are written at once by {@link recordMetric}; every handler also
 * runs `logMetrics` (`observed-handler.ts`), which emits Powertools' `ColdStart` metric and flushes
 * whatever was buffered on the instance itself.
 *
 * Its own warnings go to the logger at ERROR level only: Powertools warns on every flush without
 * metrics ("No application metrics to publish"), which is most invocations here (the Powertools
 * maintainers' answer is a quieter logger, issue powertools-lambda-typescript#2036).
 * `POWERTOOLS_METRICS_DISABLED=true` (set by the local runtime) turns emission off.
 */
export const metrics = new Metrics({
  namespace: METRIC_NAMESPACE,
  serviceName: SERVICE_NAME,
  logger: logger.createChild({ logLevel: "ERROR" }),
});

/**
 * Emits one data point of a product metric (`metric-names.ts`) at once, with its own dimensions:
 * a Powertools single metric, because one invocation of a queue consumer counts outcomes of
 * several platforms or channels, and the local runtime runs invocations side by side in one
 * process. `value` is in the metric's unit (a count, or milliseconds).
 */
export function recordMetric<K extends MetricKey>(key: K, dimensions: DimensionsOf<K>, value = 1): void {
  const def = METRICS[key];
  const single = metrics.singleMetric();
  for (const dimension of def.dimensions) {
    single.addDimension(
      METRIC_DIMENSIONS[dimension],
      (dimensions as Record<string, string>)[dimension] ?? "",
    );
  }
  single.addMetric(def.name, def.unit, value);
}
