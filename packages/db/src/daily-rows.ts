/**
 * What the daily-row items share (a tracker's daily metrics and the CSV source's imported days):
 * the figures of one day and their attribute definitions.
 */

/**
 * One day of an ad account's performance, as the connectors deliver it (connectors' DailyMetricsRow,
 * core's DailyRow): money in integer micros, the date `yyyy-MM-dd` in the ad account's time zone.
 */
export interface DailyMetricsRow {
  date: string;
  spendMicros: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenueMicros: number;
}

/** The ElectroDB attributes of one day's figures (the item's keys are the entity's own). */
export const DAILY_FIGURE_ATTRIBUTES = {
  date: { type: "string", required: true, readOnly: true },
  spendMicros: { type: "number", required: true },
  impressions: { type: "number", required: true },
  clicks: { type: "number", required: true },
  conversions: { type: "number", required: true },
  revenueMicros: { type: "number", required: true },
} as const;

/** The date and figures of a row or stored item, nothing else. */
export function dailyFigures(row: DailyMetricsRow): DailyMetricsRow {
  return {
    date: row.date,
    spendMicros: row.spendMicros,
    impressions: row.impressions,
    clicks: row.clicks,
    conversions: row.conversions,
    revenueMicros: row.revenueMicros,
  };
}
