/**
 * @pacer/core: the pacing and performance engine and the rules shared by the server, the pipeline
 * and the browser. Pure TypeScript, no I/O. Money is integer micros; dates are `yyyy-MM-dd` in the ad
 * account's time zone; "now" is always a parameter. See README.md.
 */
export * from "./aggregate.ts";
export * from "./alert-targets.ts";
export * from "./alerts.ts";
export * from "./anomaly.ts";
export * from "./autopilot.ts";
export * from "./autopilot-rate-limit.ts";
export * from "./budget.ts";
export * from "./calendar.ts";
export * from "./cells.ts";
export * from "./columns.ts";
export * from "./day-basis.ts";
export * from "./digest.ts";
export * from "./domain.ts";
export * from "./forecast.ts";
export * from "./format.ts";
export * from "./integration-health.ts";
export * from "./new-user.ts";
export * from "./pacing-chart.ts";
export * from "./platforms.ts";
export * from "./retry.ts";
export * from "./row-state.ts";
export * from "./text.ts";
export * from "./tracker-data.ts";
export * from "./tracker-record.ts";
export * from "./types.ts";
export * from "./validation.ts";
export * from "./visibility.ts";
