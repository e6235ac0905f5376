import { Metrics } from "@aws-lambda-powertools/metrics";
import {
  type DimensionsOf,
  METRIC_DIMENSIONS,
  METRIC_NAMESPACE,
  METRICS,
  type MetricDef,
  type MetricKey,
  SERVICE_NAME,
} from "../../metric-names.ts";
import { logger } from "./logger.ts";

/**
 * The functions' one Powertools Metrics instance (CloudWatch embedded metric format: a JSON line on
 * stdout that CloudWatch Logs turns into metrics), namespace {@link METRIC_NAMESPACE}, built once per
 * cold start. {@link recordMetric} buffers the product metrics on it; every handler runs
 * `logMetrics` (`observed-handler.ts`), which writes the invocation's buffer as one line when the
 * handler returns or throws (and Powertools' `ColdStart` metric when captured).
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

/** The context values (platforms, channel kinds, routes) of the data points buffered since the last flush. */
const bufferedContext = new Map<string, Set<string>>();

/**
 * Records one data point of a product metric (`metric-names.ts`) with its dimension and context
 * values (`{ platform }`, `{ channel }`, `{ route }`); `value` is in the metric's unit (a count, or
 * milliseconds).
 * - A metric without dimensions (all of them now) is buffered on {@link metrics}: Powertools keeps
 *   every value of a name in one array, so an invocation writes ONE EMF line however many points it
 *   records (a refresh worker's batch: a latency per platform call and an outcome per job), at the
 *   invocation's end. The point's context (`MetricDef.context`: platform, channel kind, route) goes
 *   on that line as a property (EMF metadata, not a dimension, so no custom metric of its own); where
 *   one invocation saw several values (an alert batch over channel kinds) the property lists them,
 *   comma-separated. Points recorded outside an observed handler stay buffered until the next flush.
 * - A metric with dimensions is written at once as a Powertools single metric with its own
 *   dimension values (the local runtime runs invocations side by side in one process).
 */
export function recordMetric<K extends MetricKey>(key: K, context: DimensionsOf<K>, value = 1): void {
  const def: MetricDef = METRICS[key];
  const values = context as Record<string, string>;
  if (def.dimensions.length > 0) {
    const single = metrics.singleMetric();
    for (const dimension of def.dimensions) {
      single.addDimension(METRIC_DIMENSIONS[dimension], values[dimension] ?? "");
    }
    for (const name of def.context) single.addMetadata(METRIC_DIMENSIONS[name], values[name] ?? "");
    single.addMetric(def.name, def.unit, value);
    return;
  }
  // Powertools clears its metadata with each flush (the invocation's end, or a full buffer).
  if (!metrics.hasStoredMetrics()) bufferedContext.clear();
  for (const name of def.context) {
    const property = METRIC_DIMENSIONS[name];
    const seen = bufferedContext.get(property) ?? new Set<string>();
    seen.add(values[name] ?? "");
    bufferedContext.set(property, seen);
    metrics.addMetadata(property, [...seen].join(","));
  }
  metrics.addMetric(def.name, def.unit, value);
}
