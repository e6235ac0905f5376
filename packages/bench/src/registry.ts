import type { Bench } from "./bench.ts";

/**
 * Every benchmark `npm run bench` runs, in order. Add one line per benchmark module; each module's
 * default export is a {@link Bench}.
 */
export const benches: Record<string, () => Promise<{ default: Bench }>> = {
  "core-tracker-data": () => import("@pacer/core/bench/tracker-data.bench"),
  "core-forecast-backtest": () => import("./forecast-backtest.bench.ts"),
  "core-anomaly-rates": () => import("./anomaly-rates.bench.ts"),
  "core-autopilot-simulation": () => import("./autopilot.bench.ts"),
  "connectors-fetch": () => import("@pacer/connectors/bench/connector-fetch.bench"),
  "functions-trackers-list": () => import("@pacer/functions/bench/trackers-list.bench"),
  "functions-refresh-pipeline": () => import("@pacer/functions/bench/refresh-pipeline.bench"),
  "infra-bundles": () => import("./bundles.bench.ts"),
  "web-dashboard-load": () => import("@pacer/frontend/test/bench/dashboard-load.bench"),
};
