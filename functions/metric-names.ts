/**
 * THE one list of the product's CloudWatch metrics: the functions emit them (Powertools Metrics,
 * embedded metric format, `src/lib/metrics.ts`) and the ops stack's dashboard draws them
 * (`infra/src/stacks/ops-stack.ts`), both from these constants, so a name is written once. Facts
 * only: no I/O, no Powertools import (the CDK app reads this file).
 */

/** The CloudWatch namespace of every product metric. */
export const METRIC_NAMESPACE = "Pacer";

/**
 * The Powertools service name: the `service` key of every log line and the `service` dimension
 * Powertools adds to every metric.
 */
export const SERVICE_NAME = "pacer";

/** The dimension Powertools adds to every metric (its value is {@link SERVICE_NAME}). */
export const SERVICE_DIMENSION = "service";

/** The dimensions our metrics may be split by, or whose value their log lines carry (`context`). */
export const METRIC_DIMENSIONS = {
  /** An ad platform's slug (`googleads`, `facebookads`, ...; the catalogue's). */
  platform: "platform",
  /** An alert channel kind: `email`, or a channel's kind (`slack`, `teams`, `webhook`). */
  channel: "channel",
  /** An API route key as the route table writes it (`GET /api/trackers`). */
  route: "route",
} as const;
export type MetricDimension = keyof typeof METRIC_DIMENSIONS;

/**
 * One metric: its name, its unit (CloudWatch / Powertools unit name), the dimensions CloudWatch splits
 * it by and the context its log line carries.
 */
export interface MetricDef {
  name: string;
  unit: "Count" | "Milliseconds";
  /**
   * The dimensions CloudWatch splits the metric by: each value is a custom metric of its own, billed
   * by the month ($0.30, infra/COST-MODEL.md). Only where an alarm or a graph needs the split; none
   * does now (the alarms watch Lambda's, SQS's and API Gateway's own metrics, infra/src), and each
   * refresh platform has its own consumer function, whose AWS/Lambda metrics are per platform.
   */
  dimensions: readonly MetricDimension[];
  /**
   * What the data point's EMF line carries besides, as a property and not a dimension (no custom
   * metric): the platform, channel kind or route, readable in CloudWatch Logs Insights
   * (`stats sum(RefreshSucceeded) by platform`). An invocation's line lists each value it saw.
   */
  context: readonly MetricDimension[];
  /** What one data point means. */
  description: string;
}

/** Every product metric, once. */
export const METRICS = {
  refreshSucceeded: {
    name: "RefreshSucceeded",
    unit: "Count",
    dimensions: [],
    context: ["platform"],
    description: "A refresh job fetched and stored a tracker's days",
  },
  refreshRetried: {
    name: "RefreshRetried",
    unit: "Count",
    dimensions: [],
    context: ["platform"],
    description: "A refresh job failed and its message comes back after a backoff",
  },
  refreshFailed: {
    name: "RefreshFailed",
    unit: "Count",
    dimensions: [],
    context: ["platform"],
    description: "A refresh job failed for good (not retryable, or its last delivery): dead-lettered",
  },
  platformCallLatency: {
    name: "PlatformCallLatency",
    unit: "Milliseconds",
    dimensions: [],
    context: ["platform"],
    description: "The duration of one HTTP attempt to an ad platform's API",
  },
  platformCallErrors: {
    name: "PlatformCallErrors",
    unit: "Count",
    dimensions: [],
    context: ["platform"],
    description: "An HTTP attempt to an ad platform's API that failed (retried or given up)",
  },
  alertDeliverySent: {
    name: "AlertDeliverySent",
    unit: "Count",
    dimensions: [],
    context: ["channel"],
    description: "An alert e-mail or channel message was delivered",
  },
  alertDeliveryFailed: {
    name: "AlertDeliveryFailed",
    unit: "Count",
    dimensions: [],
    context: ["channel"],
    description: "An alert delivery attempt failed (an e-mail is not retried; a channel message is)",
  },
  alertDeliveryDeadLettered: {
    name: "AlertDeliveryDeadLettered",
    unit: "Count",
    dimensions: [],
    context: ["channel"],
    description: "A channel message was given up (after its last attempt, or refused at once)",
  },
  apiClientErrors: {
    name: "ApiClientErrors",
    unit: "Count",
    dimensions: [],
    context: ["route"],
    description: "An API answer with a 4xx status",
  },
  apiServerErrors: {
    name: "ApiServerErrors",
    unit: "Count",
    dimensions: [],
    context: ["route"],
    description: "An API answer with a 5xx status",
  },
} as const satisfies Record<string, MetricDef>;
export type MetricKey = keyof typeof METRICS;

/** The dimension and context values a data point of a metric needs, by key. */
export type DimensionsOf<K extends MetricKey> = {
  [D in (typeof METRICS)[K]["dimensions"][number] | (typeof METRICS)[K]["context"][number]]: string;
};

/**
 * The metric Powertools emits on a function's cold start (`logMetrics` with
 * `captureColdStartMetric`), split by `function_name`; named by Powertools, not by us.
 * Not captured ({@link CAPTURE_COLD_START_METRIC}): it would be a custom metric per function, about
 * a third of the custom metrics and their fixed monthly cost (infra/COST-MODEL.md), for what every
 * log line already says (`cold_start`, Powertools logger) and Lambda's REPORT line measures
 * (`Init Duration`), both queryable in CloudWatch Logs Insights.
 */
export const COLD_START_METRIC = { name: "ColdStart", dimension: "function_name" } as const;

/** Whether the functions emit {@link COLD_START_METRIC} (functions/src/lib/observed-handler.ts). */
export const CAPTURE_COLD_START_METRIC = false;

/**
 * The EMF lines an invocation that records product metrics writes: one, whatever the number of data
 * points (`src/lib/metrics.ts` recordMetric buffers them for the invocation's flush; a metric with
 * dimensions would add a line per point). The cost model charges log bytes by it
 * (infra/src/cost-model.ts); `observed-handler.test.ts` counts the lines.
 */
export const EMF_LINES_PER_INVOCATION = 1;
