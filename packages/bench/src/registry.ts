import type { Bench } from "./bench.ts";

/**
 * Every benchmark `npm run bench` runs, in order. Add one line per benchmark module; each module's
 * default export is a {@link Bench}.
 */
export const benches: Record<string, () => Promise<{ default: Bench }>> = {
  "core-tracker-data": () => import("./core/tracker-data.bench.ts"),
  "core-forecast-backtest": () => import("./forecast-backtest.bench.ts"),
  "core-anomaly-rates": () => import("./anomaly-rates.bench.ts"),
  "core-autopilot-simulation": () => import("./autopilot.bench.ts"),
  "connectors-fetch": () => import("./connectors/connector-fetch.bench.ts"),
  "functions-trackers-list": () => import("./functions/trackers-list.bench.ts"),
  "functions-pods-shared-budgets": () => import("./functions/pods-shared-budgets.bench.ts"),
  "functions-refresh-pipeline": () => import("./functions/refresh-pipeline.bench.ts"),
  "infra-bundles": () => import("./bundles.bench.ts"),
  "web-dashboard-load": () => import("./web/dashboard-load.bench.ts"),
};
