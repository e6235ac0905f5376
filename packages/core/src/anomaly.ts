import type { DailySeries } from "./forecast.ts";

/**
 * Spend anomaly rule (issue "alerts that follow pace", anomaly kind): is one day's spend unusual
 * for its weekday?
 *
 * Method (documented for users in the alert form's explanation):
 * 1. Baseline: the same weekday in each of the previous {@link ANOMALY_PARAMETERS.maxWeeks} weeks
 *    (7, 14, ... days before the tested day) that lie inside the series. Ad spend has a strong
 *    weekly shape, so a Monday is compared with Mondays only.
 * 2. At least {@link ANOMALY_PARAMETERS.minWeeks} such days are needed (four weeks of history);
 *    with fewer the rule is silent (`insufficientHistory`), never a guess.
 * 3. Score: z = (spend - mean) / sd, with the sample standard deviation of the baseline, floored at
 *    {@link ANOMALY_PARAMETERS.minRelativeSd} of the mean (and 1 micro) so that a perfectly flat
 *    history does not turn a cent's change into infinitely many deviations.
 * 4. The alert compares z with its value: `isGreaterThan 3` catches spikes, `isLessThan -3` drops.
 */

/** The anomaly rule's parameters. */
export const ANOMALY_PARAMETERS = {
  /** The fewest same-weekday days the baseline needs (four weeks of history). */
  minWeeks: 4,
  /** The most same-weekday days the baseline uses (recent behaviour only). */
  maxWeeks: 8,
  /** The standard deviation's floor, as a ratio of the baseline mean. */
  minRelativeSd: 0.1,
} as const;

/** The anomaly score of one day, or why there is none. Money in micros; z in standard deviations. */
export type AnomalyScore =
  | { kind: "score"; z: number; spend: number; mean: number; sd: number; weeks: number }
  | { kind: "insufficientHistory"; weeks: number };

/**
 * Scores the spend of day `day` (a day number, days since 1970-01-01) of `series` against the same
 * weekday of the previous weeks (method above).
 * @throws RangeError when `day` is outside the series.
 */
export function spendAnomaly(series: DailySeries, day: number): AnomalyScore {
  const index = day - series.firstDay;
  if (index < 0 || index >= series.values.length) throw new RangeError(`Day ${day} is outside the series`);
  const baseline: number[] = [];
  for (let w = 1; w <= ANOMALY_PARAMETERS.maxWeeks && index - 7 * w >= 0; w++) {
    baseline.push(series.values[index - 7 * w] as number);
  }
  if (baseline.length < ANOMALY_PARAMETERS.minWeeks) {
    return { kind: "insufficientHistory", weeks: baseline.length };
  }
  const mean = baseline.reduce((a, b) => a + b, 0) / baseline.length;
  const variance = baseline.reduce((a, b) => a + (b - mean) ** 2, 0) / (baseline.length - 1);
  const sd = Math.max(Math.sqrt(variance), ANOMALY_PARAMETERS.minRelativeSd * mean, 1);
  const spend = series.values[index] as number;
  return { kind: "score", z: (spend - mean) / sd, spend, mean, sd, weeks: baseline.length };
}
