import { Entity, type EntityConfiguration } from "electrodb";
import { DAILY_FIGURE_ATTRIBUTES } from "../daily-rows.ts";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * One day of one tracker's ad account performance (connectors' DailyMetricsRow): money in integer
 * micros of the tracker currency, the date in the ad account's time zone. The refresh pipeline
 * upserts these (a put per day: writing a day twice leaves one item), and the tracker's figures are
 * computed from them. In their own partition per tracker so the account partition stays small.
 *
 * Access patterns:
 * - `byTracker`: pk `METRICS#<accountId>#<trackerId>`, sk `DAY#<yyyy-MM-dd>` (a date range with
 *   `between`; every day of a tracker for its deletion).
 */
export const buildDailyMetricEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "dailyMetric", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        trackerId: { type: "string", required: true, readOnly: true },
        ...DAILY_FIGURE_ATTRIBUTES,
      },
      indexes: {
        byTracker: {
          pk: {
            field: KEYS.pk,
            composite: ["accountId", "trackerId"],
            template: "METRICS#${accountId}#${trackerId}",
            casing: CASE,
          },
          sk: { field: KEYS.sk, composite: ["date"], template: "DAY#${date}", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildDailyMetricEntity} builds (its items' type: `EntityItem<DailyMetricEntity>`). */
export type DailyMetricEntity = ReturnType<typeof buildDailyMetricEntity>;
