import {
  CAPTURE_COLD_START_METRIC,
  COLD_START_METRIC,
  METRIC_DIMENSIONS,
  METRIC_NAMESPACE,
  METRICS,
  type MetricDef,
  SERVICE_DIMENSION,
} from "@pacer/functions/metric-names";
import { Duration } from "aws-cdk-lib";
import { Dashboard, GraphWidget, type IWidget, MathExpression } from "aws-cdk-lib/aws-cloudwatch";
import { Construct } from "constructs";

/** The period of every graph of the dashboard. */
export const DASHBOARD_PERIOD = Duration.minutes(5);

/**
 * A CloudWatch metric-math `SEARCH` over one metric of the functions' namespace, one line per value
 * of its dimensions (per platform, per channel kind, per route), labelled with that value. Counts
 * are summed per period; durations show their 90th percentile.
 * @see https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/search-expression-syntax.html
 */
export function searchExpression(
  name: string,
  dimensions: readonly string[],
  statistic: "Sum" | "p90",
): MathExpression {
  const schema = [METRIC_NAMESPACE, ...dimensions, SERVICE_DIMENSION].join(",");
  const [labelBy] = dimensions;
  return new MathExpression({
    expression: `SEARCH('{${schema}} MetricName="${name}"', '${statistic}', ${DASHBOARD_PERIOD.toSeconds()})`,
    usingMetrics: {},
    label: labelBy ? `\${PROP('Dim.${labelBy}')}` : name,
    period: DASHBOARD_PERIOD,
  });
}

const graphOf = (metric: MetricDef): GraphWidget =>
  new GraphWidget({
    title: `${metric.name} (${[
      metric.unit === "Milliseconds" ? "p90, ms" : "sum",
      ...(metric.dimensions.length > 0 ? [`by ${metric.dimensions.join(", ")}`] : []),
    ].join(", ")})`,
    left: [
      searchExpression(
        metric.name,
        metric.dimensions.map((d) => METRIC_DIMENSIONS[d]),
        metric.unit === "Milliseconds" ? "p90" : "Sum",
      ),
    ],
    width: 8,
    height: 6,
  });

/**
 * The operations dashboard: one graph per product metric of `functions/metric-names.ts` (refresh
 * outcomes, platform call latency and errors, alert deliveries, API errors; split by a dimension
 * only where the metric has one: none now, the platform, channel kind or route is on each EMF line
 * for Logs Insights), in that list's order, three to a row, and the functions' cold starts when
 * they emit that metric (`CAPTURE_COLD_START_METRIC`; off: Logs Insights on `cold_start`). Built
 * from the same constants the functions emit with, so a renamed metric cannot leave a blank graph.
 */
export class OpsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const widgets: IWidget[] = [
      ...Object.values(METRICS).map(graphOf),
      // Only when the functions emit it (off: a custom metric per function for what the logs say).
      ...(CAPTURE_COLD_START_METRIC
        ? [
            new GraphWidget({
              title: `${COLD_START_METRIC.name} (sum, by function)`,
              left: [searchExpression(COLD_START_METRIC.name, [COLD_START_METRIC.dimension], "Sum")],
              width: 8,
              height: 6,
            }),
          ]
        : []),
    ];
    this.dashboard = new Dashboard(this, "Dashboard", {
      dashboardName: "Pacer",
      defaultInterval: Duration.days(1),
    });
    for (let i = 0; i < widgets.length; i += 3) this.dashboard.addWidgets(...widgets.slice(i, i + 3));
  }
}
