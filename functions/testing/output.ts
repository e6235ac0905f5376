import { vi } from "vitest";

/** One JSON line written to stdout (a Powertools log line or an EMF metric blob). */
export type JsonLine = Record<string, unknown>;

/**
 * Captures what the process writes to stdout and stderr until `restore()`: Powertools' logger
 * writes its lines there (INFO and below to stdout, WARN and above to stderr) and its metrics their
 * EMF blobs to stdout, as on Lambda, where both reach CloudWatch Logs. `json()` answers the lines
 * that parse as JSON objects, in the order written.
 */
export function captureOutput(): { json: () => JsonLine[]; restore: () => void } {
  const chunks: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, "write").mockImplementation(capture),
    vi.spyOn(process.stderr, "write").mockImplementation(capture),
  ];
  return {
    json: () =>
      chunks
        .join("")
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as JsonLine),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

/** A data point of a CloudWatch embedded-metric-format blob: name, value, unit and dimensions. */
export interface EmfPoint {
  namespace: string;
  name: string;
  unit: string;
  value: unknown;
  /** Dimension names of the blob's (one) dimension set. */
  dimensionNames: string[];
  /** The blob's dimension values by name. */
  dimensions: Record<string, unknown>;
  /** The blob's other properties (EMF metadata: the platforms, channel kinds or routes it counted), by name. */
  context: Record<string, unknown>;
}

/**
 * The metric data points of the EMF blobs among `lines` (the `_aws.CloudWatchMetrics` directive),
 * one per metric of each blob.
 * @see https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
 */
export function emfPoints(lines: readonly JsonLine[]): EmfPoint[] {
  const points: EmfPoint[] = [];
  for (const line of lines) {
    const aws = line._aws as
      | {
          CloudWatchMetrics: {
            Namespace: string;
            Dimensions: string[][];
            Metrics: { Name: string; Unit: string }[];
          }[];
        }
      | undefined;
    if (!aws) continue;
    for (const directive of aws.CloudWatchMetrics) {
      const dimensionNames = directive.Dimensions[0] ?? [];
      const dimensions = Object.fromEntries(dimensionNames.map((d) => [d, line[d]]));
      const names = new Set(aws.CloudWatchMetrics.flatMap((d) => d.Metrics.map((m) => m.Name)));
      const context = Object.fromEntries(
        Object.entries(line).filter(([k]) => k !== "_aws" && !(k in dimensions) && !names.has(k)),
      );
      for (const metric of directive.Metrics) {
        points.push({
          namespace: directive.Namespace,
          name: metric.Name,
          unit: metric.Unit,
          value: line[metric.Name],
          dimensionNames,
          dimensions,
          context,
        });
      }
    }
  }
  return points;
}

/**
 * The sum of each metric's values over `points` (a buffered metric's line holds an array of them:
 * `functions/src/lib/metrics.ts` recordMetric), by metric name, in order of first appearance.
 */
export function emfSums(points: readonly EmfPoint[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const p of points) {
    const values = (Array.isArray(p.value) ? p.value : [p.value]) as number[];
    sums[p.name] = (sums[p.name] ?? 0) + values.reduce((a, b) => a + b, 0);
  }
  return sums;
}
