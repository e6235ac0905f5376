import { type AlertSchedule, alertMetricValue, alertSchedule, PACE_METRIC } from "./alerts.ts";
import { cellValue, type TableRow } from "./cells.ts";
import type { DigestFrequency } from "./validation.ts";

/**
 * The pacing digest (a product extension of the notification preferences): which trackers it lists
 * and when it is due. The pace is the alerts' {@link PACE_METRIC} ('% Through Budget' /
 * '% Through Month' x 100, core `alertMetricValue`), never computed again here.
 */

/**
 * Off pace: '% Pace' below 90% (spending too slowly to use the budget) or above 110% (spending too
 * fast, the budget runs out before the month ends). Between the two, inclusive, a tracker is on pace.
 * Percent values.
 */
export const OFF_PACE_BAND = { belowPercent: 90, abovePercent: 110 } as const;

/** The band in words, for the digest e-mail. */
export const OFF_PACE_RULE = `'${PACE_METRIC.name}' ('% Through Budget' / '% Through Month') below ${OFF_PACE_BAND.belowPercent}% or above ${OFF_PACE_BAND.abovePercent}%`;

/** A tracker (or group) row that is off pace, with the figures its pacing bar shows. All percents. */
export interface OffPace {
  /** '% Pace' (percent; 100 = on pace). */
  pacePercent: number;
  /** '% Through Budget': spend so far as a percent of the budget (may exceed 100). */
  spentPercent: number;
  /** '% Through Month': the part of the month gone (0..100). */
  monthPercent: number;
  /** `ahead`: above the band (overspending); `behind`: below it (underspending). */
  direction: "ahead" | "behind";
}

/**
 * Whether a row is off pace ({@link OFF_PACE_BAND}) and by how much. Undefined when it is on pace or
 * has no pace: an errored tracker, a lifetime budget, no budget recorded, or a month not yet begun
 * (the pace metric is N/A or has no value there), so such rows are never listed.
 */
export function offPace(row: TableRow): OffPace | undefined {
  const pace = alertMetricValue(row, PACE_METRIC.id);
  if (pace.kind !== "value") return undefined;
  const spent = cellValue(row, "percentageThroughBudget");
  const month = cellValue(row, "percentageThroughMonth");
  if (spent.kind !== "value" || month.kind !== "value") return undefined;
  const base = { pacePercent: pace.value, spentPercent: spent.value, monthPercent: month.value };
  if (pace.value > OFF_PACE_BAND.abovePercent) return { ...base, direction: "ahead" };
  if (pace.value < OFF_PACE_BAND.belowPercent) return { ...base, direction: "behind" };
  return undefined;
}

/**
 * Whether a digest of this frequency is due on the local day of `now` in `timeZone`, and the period
 * it covers (the key its last-sent marker stores): daily every day (`day:<yyyy-MM-dd>`), weekly on
 * Mondays (`week:<Monday's yyyy-MM-dd>`), the alerts' own calendar (core `alertSchedule`). `off` is
 * never due.
 * @throws RangeError for an unknown time zone.
 */
export function digestSchedule(
  frequency: DigestFrequency,
  now: Date | number,
  timeZone: string,
): AlertSchedule {
  if (frequency === "off") return { due: false, periodKey: "" };
  return frequency === "daily"
    ? alertSchedule("everyday", null, now, timeZone)
    : alertSchedule("weekly", 1, now, timeZone);
}
