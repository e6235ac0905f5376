import type { BudgetCalendar, LifetimeBudgetDates } from "./calendar.ts";
import { dayNumber, isoDateKey, weekdayOf } from "./calendar.ts";
import type { DailyRow } from "./tracker-data.ts";
import type { Micros } from "./types.ts";
import { finiteOr0 } from "./types.ts";

/**
 * The spend forecast: where a tracker's month (or lifetime flight) will land, with a P10-P90 range,
 * from its daily rows. A feature beyond the spec: the spec's "EOM est. Spend" (trackers.md "Metric
 * formulas") stays as it is; these figures feed the separate forecast columns.
 *
 * The model of a daily spend series:
 *
 * 1. **History.** The complete days of the last {@link FORECAST_PARAMETERS}.lookbackDays, from the
 *    first day with spend (days before it are not the account's history yet); a day without a row
 *    is 0. Today is a day in progress (the dashboard's case) unless the caller says it is complete.
 * 2. **Too few days.** With fewer than `minModelDays` complete days the forecast is the linear
 *    run-rate (period spend so far / days of the period elapsed, today included, x days in the
 *    period) and says so: `method: "run-rate"`.
 * 3. **Day-of-week indices** (multiplicative seasonal indices, the classical decomposition's ratio
 *    to the week's mean: Hyndman & Athanasopoulos, *Forecasting: Principles and Practice*, 3rd ed.,
 *    "FPP3", section 3.4) over the last `weekdayWeeks` full weeks, each shrunk towards 1 by empirical
 *    Bayes (James-Stein) in proportion to its own week-to-week noise (Miller & Williams 2003,
 *    "Shrinkage estimators of time series seasonal factors and their effect on forecasting
 *    accuracy", International Journal of Forecasting 19(4) 669-684). A weekday that never spends
 *    (a weekdays-only account) keeps an index of 0; a noisy one stays near 1.
 * 4. **Level, recent days weighted.** Three ratio estimators of the deseasonalised daily level
 *    (spend / sum of the days' indices): exponentially weighted with half-lives of 3.5 and 7 days
 *    (simple exponential smoothing, FPP3 section 8.1, weights 2^(-age / half-life)) and the
 *    trailing 28-day mean. The one kept has the smallest mean absolute error of its 7-day-ahead
 *    forecasts over the series' last 56 days (rolling-origin evaluation: Tashman 2000,
 *    "Out-of-sample tests of forecasting accuracy", IJF 16(4) 437-450; FPP3 section 5.10).
 *    **No history before the period** (the series' first day with spend falls inside the period,
 *    after days without any): the level is the deseasonalised mean of all its days, the run-rate's
 *    level with the weekday pattern. Every day the model has is then a day of the period, the
 *    run-rate's own evidence; the recency-weighted levels would be chosen by a handful of
 *    overlapping windows inside it and, on a series that swings day to day, follow its last few
 *    days (their equal-weight mean is the lowest-variance level while nothing shows the level moved).
 * 5. **The forecast** of a day is level x its weekday index. Today, when in progress, counts as
 *    max(spent so far, its expected day). A period's forecast is its actual so far plus the days ahead.
 * 6. **P10-P90 range: empirical quantiles of the model's own errors** (Williams & Goodman 1971, "A
 *    simple method for the construction of empirical confidence limits for economic forecasts",
 *    JASA 66(336) 752-754): at past days of the history (after a week of warm-up; at most 64, evenly
 *    spaced back from the latest), the chosen
 *    level's forecast of the next h days is compared with what was spent, as a ratio (kept within
 *    1/20..20, and so is the range); h is the days ahead, or, when the history is too short for `minErrorOrigins` such
 *    windows, the longest horizon down to 7 days that has them, the log quantiles then widened about
 *    their median by sqrt(days ahead / h) (a random-walk level's error growth). The 10th and 90th
 *    percentiles (Hyndman & Fan 1996 type 7 on the log ratios) scale the forecast of the days ahead.
 *    **The dispersion range** (short histories, the run-rate case: `rangeMethod: "iid"`) reads the
 *    series itself: its last `iidWindowDays` days with spend, over their weekday indices, as a
 *    local level model on the log scale (a random-walk level plus day noise, the state-space form of
 *    exponential smoothing, FPP3 section 8.7), the two variances from the days' variogram (method of
 *    moments); P10/P90 = -+ Student t(0.9, n-1) x the sd of the mean of the days ahead against the
 *    mean of the n days seen (see `dispersionLogs`). A steady level with day noise gives the old
 *    log-normal day interval, sd x sqrt(1/n + 1/days ahead) (Hahn, Meeker & Escobar, *Statistical
 *    Intervals*, 2nd ed., ch. 4); a level that drifts widens it with the days ahead, as the real
 *    accounts' months do (ramps, flights winding down). With fewer than two days with spend there
 *    is no range (`rangeMethod: "none"`). **Few past errors**: windows a stride apart overlap, so
 *    the empirical quantiles rest on count x stride / h independent errors; below
 *    `minErrorOrigins` of them the model knows too little of its own error, and each side of the
 *    range is at least the dispersion range's.
 * 7. **Conversions** ahead = the spend forecast of the days ahead x conversions per unit of spend
 *    over the last `conversionRateDays` complete days (the recent cost per conversion); with no
 *    spend in those days, or on the run-rate, the conversions' own run-rate.
 *
 * Units: money in integer micros (rounded at the end), conversions as plain numbers, like the rows.
 * The backtest that measures the model against the run-rate is `packages/bench`
 * (`npm run bench -- forecast`). The hot loops reuse buffers and avoid per-day logs and Dates: the
 * forecast runs for every tracker whenever its figures are computed.
 */

/** How a forecast was made: the weekday-aware, recency-weighted model, or the run-rate fallback. */
export type ForecastMethod = "weekday-weighted" | "run-rate";

/**
 * How the P10-P90 range was made: the model's own past errors ("empirical", at least as wide as the
 * dispersion range while they are few), the series' day-to-day dispersion ("iid", module doc step
 * 6; the name is kept for stored figures), the period is over so its total is known ("exact"), or
 * none (fewer than two days with spend).
 */
export type ForecastRangeMethod = "empirical" | "iid" | "exact" | "none";

/**
 * The model's fixed settings: calendar choices made before any backtest (half a week, a week, four
 * weeks, eight weeks, half a year); `packages/bench` reports how the model does with them.
 */
export const FORECAST_PARAMETERS = {
  /** Days of history the model reads (26 weeks). */
  lookbackDays: 182,
  /** Below this many complete days of history: run-rate. */
  minModelDays: 14,
  /** Full weeks the weekday indices are estimated from. */
  weekdayWeeks: 8,
  /** Window (days) of the trailing-mean level. */
  trailingDays: 28,
  /** Days of history a past forecast needs before its error counts (selection and range). */
  warmUpDays: 7,
  /** Horizon (days) of the errors the level is chosen by. */
  selectionHorizonDays: 7,
  /** Past days whose forecasts the level is chosen by. */
  selectionOrigins: 56,
  /** Fewest past windows the empirical range needs. */
  minErrorOrigins: 8,
  /** Most past windows the empirical range reads (evenly spaced over the history). */
  maxErrorOrigins: 64,
  /** Shortest horizon (days) the empirical range takes errors from (or the days ahead, if fewer). */
  minErrorHorizonDays: 7,
  /**
   * Actual/forecast ratios are counted within 1/ratioBound..ratioBound (a window with no spend at
   * all counts as 1/20), and the range stays within the same factors of the forecast of the days
   * ahead: one freak window, or a long horizon's widening, cannot make the range meaningless.
   */
  ratioBound: 20,
  /** Days of the dispersion range (short histories, or few past errors). */
  iidWindowDays: 28,
  /** Longest lag (days) of the dispersion range's variogram: a week, so weekday effects left over cancel at its end. */
  variogramLags: 7,
  /** Days of the recent cost per conversion. */
  conversionRateDays: 28,
} as const;

/** The level estimators, in order of recency weight (module doc, step 4). */
export const FORECAST_LEVELS = ["ew3.5", "ew7", "trailing28"] as const;
/** One of {@link FORECAST_LEVELS}: exponentially weighted (half-life in days) or a trailing mean. */
export type ForecastLevel = (typeof FORECAST_LEVELS)[number];

/** One period's forecast, in the series' unit (micros for spend). */
export interface PeriodForecast {
  /** Actual so far plus the expected days ahead. */
  point: number;
  /** P10 of the period total (never below the actual so far, nor above the point). */
  low: number;
  /** P90 of the period total (never below the point). */
  high: number;
  /** Actual so far in the period, today's spend included. */
  actual: number;
  /** Days of the period still to come (today included when in progress). */
  daysAhead: number;
  rangeMethod: ForecastRangeMethod;
}

/** A daily series of complete days, oldest first; a day without a row is 0. */
export interface DailySeries {
  /** Day number (days since 1970-01-01) of `values[0]`. */
  firstDay: number;
  values: Float64Array;
}

/** A fitted daily model (see the module doc); build with {@link fitDailyModel}. */
export interface DailyModel {
  method: ForecastMethod;
  /** Which level was chosen; null for the run-rate. */
  level: ForecastLevel | null;
  /** The daily level at the last complete day (deseasonalised, per day). */
  dailyLevel: number;
  /** Weekday indices, Sunday (0) to Saturday (6), mean 1. All 1 when there are too few weeks. */
  weekdayIndex: ArrayLike<number>;
  /** Complete days of history the model used (from the first day with a value). */
  historyDays: number;
  /** @internal the series and the chosen level at every day, for the range. */
  readonly fit: Fit;
}

/** Reusable arrays of one fit; a model reads them until the next fit into the same workspace. */
interface Workspace {
  prefix: Float64Array;
  /** Three level series (one per {@link FORECAST_LEVELS}), `days` each. */
  levels: Float64Array[];
  index: Float64Array;
  cum: Float64Array;
  acc: Float64Array;
  ratios: Float64Array;
  sums: Float64Array;
  logs: Float64Array;
}

/** A workspace for series of up to `days` days. */
function workspace(days: number): Workspace {
  return {
    prefix: new Float64Array(days + 1),
    levels: FORECAST_LEVELS.map(() => new Float64Array(days)),
    index: new Float64Array(7),
    cum: new Float64Array(56),
    acc: new Float64Array(28),
    ratios: new Float64Array(days),
    sums: new Float64Array(7),
    logs: new Float64Array(FORECAST_PARAMETERS.iidWindowDays),
  };
}

/** The internal state of a fitted series. */
interface Fit {
  firstDay: number;
  values: Float64Array;
  /** Prefix sums: prefix[i] = sum of values[0..i-1]. */
  prefix: Float64Array;
  /** Index of the first day of the history (the first with a value); values.length when none. */
  start: number;
  /** The chosen level at each day from `start` (model case), else null. */
  levels: Float64Array | null;
  index: Float64Array;
  indexWeekSum: number;
  /** cum[w * 8 + k]: sum of the indices of k consecutive days from weekday w (k = 0..7). */
  cum: Float64Array;
  /** Room for the range's ratios (one per day). */
  ratios: Float64Array;
  /** Room for the index sums of a horizon by starting weekday. */
  sums: Float64Array;
  /** Room for the dispersion range's deseasonalised log days (`iidWindowDays`). */
  logs: Float64Array;
}

const T90 = [
  3.0777, 1.8856, 1.6377, 1.5332, 1.4759, 1.4398, 1.4149, 1.3968, 1.383, 1.3722, 1.3634, 1.3562, 1.3502,
  1.345, 1.3406, 1.3368, 1.3334, 1.3304, 1.3277, 1.3253, 1.3232, 1.3212, 1.3195, 1.3178, 1.3163, 1.315,
  1.3137, 1.3125, 1.3114, 1.3104,
];

/** The 0.9 quantile of Student's t with `df` degrees of freedom (normal beyond 30). */
function t90(df: number): number {
  return df >= 1 && df <= 30 ? (T90[df - 1] as number) : 1.2815516;
}

const FLAT_INDEX = new Float64Array(7).fill(1);

/** Fills (or makes) the cumulative table of {@link Fit}.cum for weekday indices. */
function cumulativeIndex(index: Float64Array, cum: Float64Array = new Float64Array(56)): Float64Array {
  for (let w = 0; w < 7; w++) {
    cum[w * 8] = 0;
    for (let k = 1; k <= 7; k++) {
      cum[w * 8 + k] = (cum[w * 8 + k - 1] as number) + (index[(w + k - 1) % 7] as number);
    }
  }
  return cum;
}

const FLAT_CUM = cumulativeIndex(FLAT_INDEX);

/** Sum of the weekday indices of `days` consecutive days from day number `from`, in O(1). */
function sumIndex(fit: Fit, from: number, days: number): number {
  if (days <= 0) return 0;
  const weeks = Math.floor(days / 7);
  return weeks * fit.indexWeekSum + (fit.cum[weekdayOf(from) * 8 + days - weeks * 7] as number);
}

/**
 * The deseasonalised mean daily level of the whole history (module doc, step 4): its spend / the sum
 * of its days' weekday indices; the model's own level when that sum is 0.
 */
function historyMeanLevel(model: DailyModel): number {
  const fit = model.fit;
  const n = fit.values.length;
  const indexSum = sumIndex(fit, fit.firstDay + fit.start, n - fit.start);
  const spend = (fit.prefix[n] as number) - (fit.prefix[fit.start] as number);
  return indexSum > 0 ? spend / indexSum : model.dailyLevel;
}

/**
 * Day-of-week indices with empirical Bayes shrinkage (module doc, step 3), into `ws.index`, or
 * FLAT_INDEX with fewer than two full weeks with spend. Each full week gives every weekday a ratio
 * to the week's mean; a weekday's index is its mean ratio shrunk towards 1 by tau^2 / (tau^2 + v),
 * v being the variance of that mean and tau^2 the spread of the true indices (the observed spread
 * less the mean noise). Normalised to mean 1.
 */
function weekdayIndices(fit: Fit, last: number, ws: Workspace): Float64Array {
  const { values, firstDay, start } = fit;
  const weeks = Math.min(FORECAST_PARAMETERS.weekdayWeeks, Math.floor((last - start + 1) / 7));
  if (weeks < 2) return FLAT_INDEX;
  // sum of ratios [0..6], sum of squares [7..13], raw means [14..20], noise [21..27]
  const acc = ws.acc.fill(0);
  let used = 0;
  for (let j = 0; j < weeks; j++) {
    const end = last - 7 * j;
    let mean = 0;
    for (let k = 0; k < 7; k++) mean += values[end - k] as number;
    mean /= 7;
    if (!(mean > 0)) continue;
    used++;
    let w = weekdayOf(firstDay + end - 6);
    for (let k = 6; k >= 0; k--) {
      const r = (values[end - k] as number) / mean;
      acc[w] = (acc[w] as number) + r;
      acc[7 + w] = (acc[7 + w] as number) + r * r;
      w = w === 6 ? 0 : w + 1;
    }
  }
  if (used < 2) return FLAT_INDEX;
  let spread = 0;
  let meanNoise = 0;
  for (let w = 0; w < 7; w++) {
    const m = (acc[w] as number) / used;
    const noise = Math.max(0, ((acc[7 + w] as number) - used * m * m) / (used - 1)) / used;
    acc[14 + w] = m;
    acc[21 + w] = noise;
    spread += (m - 1) * (m - 1);
    meanNoise += noise;
  }
  const tau2 = Math.max(0, (spread - meanNoise) / 7);
  const index = ws.index;
  let total = 0;
  for (let w = 0; w < 7; w++) {
    const v = acc[21 + w] as number;
    const keep = v === 0 ? 1 : tau2 / (tau2 + v);
    index[w] = 1 + ((acc[14 + w] as number) - 1) * keep;
    total += index[w] as number;
  }
  if (!(total > 0)) return FLAT_INDEX;
  for (let w = 0; w < 7; w++) index[w] = ((index[w] as number) * 7) / total;
  return index;
}

/**
 * The three levels of the module doc (step 4) at every day from `start`, in one pass: the ratio of
 * the (weighted) spend to the (weighted) sum of the days' indices.
 */
function fillLevels(fit: Fit, last: number, out: Float64Array[]): void {
  const { values, firstDay, start, index } = fit;
  const [ew35, ew7, trailing] = out as [Float64Array, Float64Array, Float64Array];
  const d35 = 2 ** (-1 / 3.5);
  const d7 = 2 ** (-1 / 7);
  const window = FORECAST_PARAMETERS.trailingDays;
  const back = (7 - (window % 7)) % 7;
  let n35 = 0;
  let s35 = 0;
  let n7 = 0;
  let s7 = 0;
  let nT = 0;
  let sT = 0;
  let w = weekdayOf(firstDay + start);
  for (let t = start; t <= last; t++) {
    const x = values[t] as number;
    const s = index[w] as number;
    n35 = n35 * d35 + x;
    s35 = s35 * d35 + s;
    n7 = n7 * d7 + x;
    s7 = s7 * d7 + s;
    nT += x;
    sT += s;
    if (t - window >= start) {
      nT -= values[t - window] as number;
      sT -= index[(w + back) % 7] as number;
    }
    ew35[t] = s35 > 0 ? n35 / s35 : 0;
    ew7[t] = s7 > 0 ? n7 / s7 : 0;
    trailing[t] = sT > 1e-12 ? nT / sT : 0;
    w = w === 6 ? 0 : w + 1;
  }
}

/**
 * Fits the model of the module doc (steps 1-4) to a daily series of complete days (the last value
 * is the last complete day). Pure; O(days).
 */
export function fitDailyModel(series: DailySeries): DailyModel {
  return fitInto(series, workspace(series.values.length));
}

/** {@link fitDailyModel} into a workspace (the model is valid until the workspace's next fit). */
function fitInto(series: DailySeries, ws: Workspace): DailyModel {
  const { values, firstDay } = series;
  const P = FORECAST_PARAMETERS;
  const n = values.length;
  const prefix = ws.prefix;
  prefix[0] = 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] as number) + (values[i] as number);
  let start = Math.max(0, n - P.lookbackDays);
  while (start < n && !((values[start] as number) > 0)) start++;
  const last = n - 1;
  const historyDays = n - start;
  const fit: Fit = {
    firstDay,
    values,
    prefix,
    start,
    levels: null,
    index: FLAT_INDEX,
    indexWeekSum: 7,
    cum: FLAT_CUM,
    ratios: ws.ratios,
    sums: ws.sums,
    logs: ws.logs,
  };
  if (historyDays < P.minModelDays) {
    return { method: "run-rate", level: null, dailyLevel: 0, weekdayIndex: FLAT_INDEX, historyDays, fit };
  }
  const index = weekdayIndices(fit, last, ws);
  if (index !== FLAT_INDEX) {
    fit.index = index;
    fit.indexWeekSum = index.reduce((a, b) => a + b, 0);
    fit.cum = cumulativeIndex(index, ws.cum);
  }
  fillLevels(fit, last, ws.levels);
  // Every 7-day window holds each weekday once, so its forecast is level x the week's index sum.
  const h = P.selectionHorizonDays;
  const from = Math.max(start + P.warmUpDays - 1, last - P.selectionOrigins);
  let best = 0;
  let bestError = Number.POSITIVE_INFINITY;
  for (let c = 0; c < FORECAST_LEVELS.length; c++) {
    const levels = ws.levels[c] as Float64Array;
    let error = 0;
    for (let t = from; t <= last - h; t++) {
      const actual = (prefix[t + h + 1] as number) - (prefix[t + 1] as number);
      error += Math.abs(actual - (levels[t] as number) * fit.indexWeekSum);
    }
    // A tie (to rounding) keeps the earlier, more recent-weighted level: with no evidence either
    // way (e.g. a change within the last week, after every judged window) recency leads.
    if (error < bestError * (1 - 1e-9)) {
      bestError = error;
      best = c;
    }
  }
  const levels = ws.levels[best] as Float64Array;
  fit.levels = levels;
  return {
    method: "weekday-weighted",
    level: FORECAST_LEVELS[best] as ForecastLevel,
    dailyLevel: levels[last] as number,
    weekdayIndex: fit.index,
    historyDays,
    fit,
  };
}

/**
 * Within `a[from..to]`, moves the element of rank k (counted from index 0 of `a`, so from <= k <=
 * to) to `a[k]`, smaller ones before it and larger ones after (quickselect, Hoare 1961, "Algorithm
 * 65: FIND"); O(to - from) on average.
 */
function selectKth(a: Float64Array, from: number, to: number, k: number): void {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const x = a[i] as number;
        a[i] = a[j] as number;
        a[j] = x;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * The p-quantile (0..1) of the logs of the n positive values `a[0..n-1]`: Hyndman & Fan 1996 type 7
 * (R's default) on the log scale, from the order statistics of rank floor(p (n - 1)) and the next.
 * When a median selection has already split the values, `from..to` names the side that holds both
 * ranks, so only it is searched. Only the two order statistics are logged. Reorders `a[from..to]`.
 */
function logQuantile(a: Float64Array, n: number, p: number, from = 0, to = n - 1): number {
  const x = p * (n - 1);
  const i = Math.floor(x);
  selectKth(a, from, to, i);
  const lo = Math.log(a[i] as number);
  if (i + 1 >= n || x === i) return lo;
  let next = Number.POSITIVE_INFINITY;
  for (let j = i + 1; j <= to; j++) if ((a[j] as number) < next) next = a[j] as number;
  return lo + (Math.log(next) - lo) * (x - i);
}

/**
 * The log-scale P10 and P90 multipliers of the forecast of the next `ahead` days (module doc, step
 * 6), and how they were made; null when there is no range.
 */
function rangeLogs(
  model: DailyModel,
  ahead: number,
): { low: number; high: number; method: ForecastRangeMethod } | null {
  const fit = model.fit;
  const last = fit.values.length - 1;
  const P = FORECAST_PARAMETERS;
  if (fit.levels) {
    const levels = fit.levels;
    const earliest = Math.max(fit.start + P.warmUpDays - 1, last - P.lookbackDays);
    const shortest = Math.min(ahead, P.minErrorHorizonDays);
    let h = ahead;
    while (h > shortest && last - h - earliest + 1 < P.minErrorOrigins) h--;
    // The index sum of h days depends only on the weekday they start on.
    const sums = fit.sums;
    for (let d = 0; d < 7; d++) sums[d] = sumIndex(fit, d + 3, h); // day 3 (1970-01-04) was a Sunday
    const ratios = fit.ratios;
    let count = 0;
    // At most maxErrorOrigins windows, evenly spaced back from the latest (overlapping windows
    // a day apart carry little more than every other one, and this runs for every tracker).
    const stride = Math.ceil((last - h - earliest + 1) / P.maxErrorOrigins);
    for (let t = last - h; t >= earliest; t -= stride) {
      const forecast = (levels[t] as number) * (sums[weekdayOf(fit.firstDay + t + 1)] as number);
      if (!(forecast > 0)) continue;
      const actual = (fit.prefix[t + h + 1] as number) - (fit.prefix[t + 1] as number);
      ratios[count++] = Math.min(Math.max(actual / forecast, 1 / P.ratioBound), P.ratioBound);
    }
    if (count >= P.minErrorOrigins) {
      // The median first: then the P10 is among the values below it and the P90 among those above.
      const median = logQuantile(ratios, count, 0.5);
      const mid = Math.floor(0.5 * (count - 1));
      const widen = Math.sqrt(ahead / h);
      const low = bounded(median + (logQuantile(ratios, count, 0.1, 0, mid) - median) * widen);
      const high = bounded(median + (logQuantile(ratios, count, 0.9, mid, count - 1) - median) * widen);
      // Windows `stride` days apart share all but `stride` of their h days: these errors are worth
      // count x stride / h independent ones. With fewer than minErrorOrigins the model has seen too
      // little of its own error to be believed alone: the range is at least the days' dispersion.
      const independent = (count * Math.min(stride, h)) / h;
      const d = independent < P.minErrorOrigins ? dispersionLogs(fit, ahead) : null;
      return d
        ? { low: Math.min(low, d.low), high: Math.max(high, d.high), method: "empirical" }
        : { low, high, method: "empirical" };
    }
  }
  const d = dispersionLogs(fit, ahead);
  return d ? { ...d, method: "iid" } : null;
}

/**
 * The dispersion range (module doc, step 6): log-scale P10/P90 multipliers of the forecast of the
 * next `ahead` days from the last `iidWindowDays` days with spend themselves, each divided by its
 * weekday index, read as a local level model (a random-walk level plus day noise: the state-space
 * model behind exponential smoothing, FPP3 section 8.7, ETS(A,N,N), on the log scale). Its noise
 * variance r and level variance q per day come from the days' variogram, gamma(k) = half the mean
 * squared difference of days k apart = r + k q / 2 (least squares over k = 1..`variogramLags`, or
 * q = 0 and r = the days' variance when there are too few days or gamma falls with k). The mean of
 * the h days ahead then differs from the mean of the n days seen by a variance of
 * r (1/n + 1/h) + q ((h+1)(2h+1)/(6h) + (n-1)(2n-1)/(6n)) (the level's steps after the last day,
 * each weighing on the days ahead it precedes, and those within the days seen). The multipliers
 * are -+ t(0.9, n-1) x its square root. Null with fewer than two days with spend. As the floor of
 * an empirical range the level is taken as the window's mean too, which errs wide for the
 * recency-weighted levels: on purpose, while the model has seen few of its own errors.
 */
function dispersionLogs(fit: Fit, ahead: number): { low: number; high: number } | null {
  const P = FORECAST_PARAMETERS;
  const last = fit.values.length - 1;
  const from = Math.max(fit.start, last - P.iidWindowDays + 1);
  // logs[i]: log(spend / weekday index) of day from + i; NaN for a day without spend or index.
  const logs = fit.logs;
  const days = last - from + 1;
  let n = 0;
  let sum = 0;
  for (let i = 0; i < days; i++) {
    const v = fit.values[from + i] as number;
    const s = fit.index[weekdayOf(fit.firstDay + from + i)] as number;
    const x = v > 0 && s > 0 ? Math.log(v / s) : Number.NaN;
    logs[i] = x;
    if (Number.isNaN(x)) continue;
    n++;
    sum += x;
  }
  if (n < 2) return null;
  // Deviations from the mean in a second pass: a flat series has a variance of exactly 0.
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < days; i++) {
    const x = (logs[i] as number) - mean;
    if (!Number.isNaN(x)) squares += x * x;
  }
  let r = squares / (n - 1);
  let q = 0;
  // The variogram's line through lags 1..K (K <= n - 2: at least two pairs at the longest lag).
  const lags = Math.min(P.variogramLags, n - 2);
  let sk = 0;
  let sg = 0;
  let skk = 0;
  let skg = 0;
  let points = 0;
  for (let k = 1; k <= lags; k++) {
    let g = 0;
    let pairs = 0;
    for (let i = k; i < days; i++) {
      const d = (logs[i] as number) - (logs[i - k] as number);
      if (Number.isNaN(d)) continue;
      g += d * d;
      pairs++;
    }
    if (pairs === 0) continue;
    g /= 2 * pairs;
    sk += k;
    sg += g;
    skk += k * k;
    skg += k * g;
    points++;
  }
  if (points >= 2) {
    const slope = (points * skg - sk * sg) / (points * skk - sk * sk);
    if (slope > 0) {
      q = 2 * slope;
      r = Math.max(0, (sg - slope * sk) / points);
    } else {
      r = sg / points;
    }
  }
  const h = ahead;
  const variance =
    r * (1 / n + 1 / h) + q * (((h + 1) * (2 * h + 1)) / (6 * h) + ((n - 1) * (2 * n - 1)) / (6 * n));
  const half = bounded(t90(n - 1) * Math.sqrt(variance));
  return { low: -half, high: half };
}

const LOG_BOUND = Math.log(FORECAST_PARAMETERS.ratioBound);

/** A log multiplier within +-log(ratioBound). */
function bounded(log: number): number {
  return Math.min(Math.max(log, -LOG_BOUND), LOG_BOUND);
}

/** What a period's forecast needs to know about the calendar and the actuals. */
export interface PeriodInput {
  /** First and last day (day numbers) of the period: a month, or a lifetime flight. */
  periodStart: number;
  periodEnd: number;
  /** Today's day number. */
  today: number;
  /** Today is still in progress (its figure will grow); false when today's figure is final. */
  todayInProgress: boolean;
  /** The period's actual so far, today included. */
  actual: number;
  /** Today's figure so far (ignored when today is outside the period or final). */
  todaySoFar: number;
}

/**
 * The forecast of one period from a fitted model (module doc, steps 2, 5 and 6).
 * `withRange: false` skips the range (low = high = point, rangeMethod "none").
 */
export function forecastPeriod(model: DailyModel, input: PeriodInput, withRange = true): PeriodForecast {
  const { periodStart, periodEnd, today, todayInProgress, actual } = input;
  const fit = model.fit;
  const todayAhead = todayInProgress && today >= periodStart && today <= periodEnd;
  const todaySoFar = todayAhead ? input.todaySoFar : 0;
  const afterFrom = Math.max(periodStart, today + 1);
  const daysAfter = Math.max(0, periodEnd - afterFrom + 1);
  const daysAhead = daysAfter + (todayAhead ? 1 : 0);
  if (daysAhead === 0) {
    return { point: actual, low: actual, high: actual, actual, daysAhead, rangeMethod: "exact" };
  }
  let point: number;
  let expectedAhead: number;
  if (model.method === "run-rate") {
    const elapsed = Math.max(0, Math.min(periodEnd, today) - periodStart + 1);
    const n = fit.values.length;
    const rate =
      elapsed > 0
        ? actual / elapsed
        : n > fit.start
          ? ((fit.prefix[n] as number) - (fit.prefix[fit.start] as number)) / (n - fit.start)
          : 0;
    expectedAhead = rate * daysAfter;
    point = actual + expectedAhead;
  } else {
    const level =
      fit.start > 0 && fit.firstDay + fit.start >= periodStart ? historyMeanLevel(model) : model.dailyLevel;
    const expectedToday = todayAhead ? level * (fit.index[weekdayOf(today)] as number) : 0;
    const expectedAfter = level * sumIndex(fit, afterFrom, daysAfter);
    expectedAhead = expectedToday + expectedAfter;
    point = actual - todaySoFar + Math.max(todaySoFar, expectedToday) + expectedAfter;
  }
  const range = withRange
    ? rangeLogs(model, model.method === "run-rate" ? Math.max(1, daysAfter) : daysAhead)
    : null;
  if (!range) return { point, low: point, high: point, actual, daysAhead, rangeMethod: "none" };
  // Today's spend so far is spent whatever the range says.
  const floor = model.method === "run-rate" ? 0 : todaySoFar;
  const base = actual - floor;
  const low = base + Math.max(floor, expectedAhead * Math.exp(range.low));
  const high = base + Math.max(floor, expectedAhead * Math.exp(range.high));
  return {
    point,
    low: Math.min(low, point),
    high: Math.max(high, point),
    actual,
    daysAhead,
    rangeMethod: range.method,
  };
}

/**
 * Buffers {@link forecastTracker} reuses from call to call: it runs for thousands of trackers in a
 * row, and allocating typed arrays would cost more than the model. Safe: each call uses them
 * synchronously and returns plain numbers.
 */
const SHARED = {
  spend: new Float64Array(FORECAST_PARAMETERS.lookbackDays),
  workspace: workspace(FORECAST_PARAMETERS.lookbackDays),
};

/** A tracker's forecasts (money in integer micros; conversions a plain number). */
export interface TrackerForecast {
  /** How the spend forecast was made. */
  method: ForecastMethod;
  /** Month-end spend (P50 point, P10 low, P90 high), rounded to micros. */
  month: PeriodForecast;
  /** Month-end conversions (module doc, step 7). */
  monthConversions: number;
  /** Spend at the lifetime flight's end (trackers with lifetime dates), else null. */
  lifetime: PeriodForecast | null;
}

/** The inputs of {@link forecastTracker}. */
export interface TrackerForecastInput {
  /** Daily rows in any order (the tracker's: six months back to today). Rows after today are ignored. */
  rows: readonly DailyRow[];
  /**
   * The lifetime flight; a range with no end runs to the end of the current month, as in
   * `lifetimeDayCounts` (trackers.md "Metric formulas").
   */
  lifetimeBudgetDates?: LifetimeBudgetDates | null;
  /** Today's row is final (backtests); by default today is in progress, as on the dashboard. */
  todayComplete?: boolean;
}

function badDate(date: string): never {
  throw new RangeError(`Daily row has a bad date: ${JSON.stringify(date)}`);
}

/** The last month {@link rowDay} converted (year x 12 + month) and the day number of its first day. */
let cachedMonth = -1;
let cachedMonthStart = 0;

/**
 * Day number of a row's `yyyy-MM-dd` date, by character codes (no Date per row); the month's first
 * day is converted once per run of rows in the same month (rows come in date order, mostly).
 */
function rowDay(d: string): number {
  const key = isoDateKey(d);
  if (key < 0) badDate(d);
  const y = Math.floor(key / 10000);
  const m = Math.floor(key / 100) % 100;
  const day = key % 100;
  const month = y * 12 + m;
  if (month !== cachedMonth) {
    // Days from civil (H. Hinnant, "chrono-compatible low-level date algorithms"), for the 1st.
    const yy = m <= 2 ? y - 1 : y;
    const era = Math.floor(yy / 400);
    const yoe = yy - era * 400;
    const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5);
    cachedMonth = month;
    cachedMonthStart = era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
  }
  return cachedMonthStart + day - 1;
}

const calendarCache = new WeakMap<BudgetCalendar, { today: number; monthStart: number; monthEnd: number }>();

/** The day numbers of a calendar's today and month, computed once per calendar. */
function calendarDays(calendar: BudgetCalendar): { today: number; monthStart: number; monthEnd: number } {
  let days = calendarCache.get(calendar);
  if (!days) {
    days = {
      today: dayNumber(calendar.today),
      monthStart: dayNumber(calendar.monthStart),
      monthEnd: dayNumber(calendar.monthEnd),
    };
    calendarCache.set(calendar, days);
  }
  return days;
}

/** Rounds a money forecast to whole micros (in place). */
function rounded(f: PeriodForecast): PeriodForecast {
  f.point = Math.round(f.point);
  f.low = Math.round(f.low);
  f.high = Math.round(f.high);
  return f;
}

/**
 * A tracker's month-end spend and conversions forecasts and its lifetime flight's forecast, on the
 * budget calendar (its today and month), from its daily rows. See the module doc for the model.
 * @throws RangeError if a row's or a lifetime date is not `yyyy-MM-dd`.
 */
export function forecastTracker(input: TrackerForecastInput, calendar: BudgetCalendar): TrackerForecast {
  const P = FORECAST_PARAMETERS;
  const { today, monthStart, monthEnd } = calendarDays(calendar);
  const inProgress = input.todayComplete !== true;
  const lastComplete = inProgress ? today - 1 : today;
  const firstDay = lastComplete - P.lookbackDays + 1;
  const rateFrom = lastComplete - P.conversionRateDays + 1;
  const spend = SHARED.spend.fill(0);
  const range = input.lifetimeBudgetDates ?? null;
  const flightStart = range ? rowDay(range.startDate) : 0;
  const flightEnd = range ? (range.endDate ? rowDay(range.endDate) : monthEnd) : -1;
  let monthSpend = 0;
  let monthConversions = 0;
  let todaySpend = 0;
  let flightSpend = 0;
  let recentSpend = 0;
  let recentConversions = 0;
  for (const row of input.rows) {
    const day = rowDay(row.date);
    if (day > today) continue;
    if (day >= firstDay && day <= lastComplete) {
      spend[day - firstDay] = (spend[day - firstDay] as number) + row.spendMicros;
      if (day >= rateFrom) {
        recentSpend += row.spendMicros;
        recentConversions += row.conversions;
      }
    }
    if (day >= monthStart) {
      monthSpend += row.spendMicros;
      monthConversions += row.conversions;
    }
    if (day === today) todaySpend += row.spendMicros;
    if (day >= flightStart && day <= flightEnd) flightSpend += row.spendMicros;
  }
  const model = fitInto({ firstDay, values: spend }, SHARED.workspace);
  const month = forecastPeriod(model, {
    periodStart: monthStart,
    periodEnd: monthEnd,
    today,
    todayInProgress: inProgress,
    actual: monthSpend,
    todaySoFar: todaySpend,
  });
  const lifetime = range
    ? forecastPeriod(model, {
        periodStart: flightStart,
        periodEnd: flightEnd,
        today,
        todayInProgress: inProgress,
        actual: flightSpend,
        todaySoFar: todaySpend,
      })
    : null;
  // Conversions (step 7): at the recent cost per conversion, else their own run-rate.
  const elapsed = today - monthStart + 1;
  const conversionsAhead =
    model.method === "weekday-weighted" && recentSpend > 0
      ? ((month.point - monthSpend) * recentConversions) / recentSpend
      : (monthConversions / elapsed) * (monthEnd - today);
  return {
    method: model.method,
    month: rounded(month),
    monthConversions: monthConversions + conversionsAhead,
    lifetime: lifetime ? rounded(lifetime) : null,
  };
}

/**
 * The forecast figures of a tracker row (fields of TrackerData; columns 'Forecast EOM Spend',
 * 'Forecast Range', 'Forecast vs Budget %', 'Forecast Lifetime Spend', 'Forecast vs Lifetime
 * Budget %'). Money in integer micros; percentages are percents (100 = on budget).
 */
export interface TrackerForecastFields {
  /** How the spend forecast was made; "none" for figures stored before forecasts existed. */
  forecastMethod: ForecastMethod | "none";
  /** How the month-end range was made ("none": no range, see {@link ForecastRangeMethod}). */
  forecastRangeMethod: ForecastRangeMethod;
  /** This month's spend forecast to the month end (P50 point), every tracker. */
  forecastEomSpend: Micros;
  /** P10 of the month-end spend (never below the spend so far). */
  forecastEomSpendLow: Micros;
  /** P90 of the month-end spend. */
  forecastEomSpendHigh: Micros;
  /** forecastEomSpend / budget x 100, a percent (0 if not finite). */
  forecastVsBudgetPercentage: number;
  /** This month's conversions forecast to the month end (the same model on the conversions). */
  forecastEomConversions: number;
  /** Lifetime spend forecast to the flight's end date (0 without lifetime dates). */
  forecastLifetimeSpend: Micros;
  /** P10 of the flight-end lifetime spend. */
  forecastLifetimeSpendLow: Micros;
  /** P90 of the flight-end lifetime spend. */
  forecastLifetimeSpendHigh: Micros;
  /** forecastLifetimeSpend / lifetimeBudget x 100, a percent (0 if not finite). */
  forecastVsLifetimeBudgetPercentage: number;
}

/** A forecast against a budget: forecast / budget x 100, a percent; 0 if not finite (budget 0). */
export function forecastVsBudget(forecast: Micros, budget: Micros): number {
  return finiteOr0((forecast / budget) * 100);
}

/**
 * The forecast fields of figures stored before forecasts existed: every forecast cell shows N/A
 * (reason "noForecast") until the tracker's next computation.
 */
export const NO_FORECAST: Readonly<TrackerForecastFields> = {
  forecastMethod: "none",
  forecastRangeMethod: "none",
  forecastEomSpend: 0,
  forecastEomSpendLow: 0,
  forecastEomSpendHigh: 0,
  forecastVsBudgetPercentage: 0,
  forecastEomConversions: 0,
  forecastLifetimeSpend: 0,
  forecastLifetimeSpendLow: 0,
  forecastLifetimeSpendHigh: 0,
  forecastVsLifetimeBudgetPercentage: 0,
};

/**
 * A tracker's forecast fields from its daily rows, against its (adjusted) monthly budget and its
 * lifetime budget, both in micros. See {@link forecastTracker}.
 * @throws RangeError if a row's date is not `yyyy-MM-dd`.
 */
export function trackerForecastFields(
  input: TrackerForecastInput,
  calendar: BudgetCalendar,
  budget: Micros,
  lifetimeBudget: Micros,
): TrackerForecastFields {
  const f = forecastTracker(input, calendar);
  const lifetime = f.lifetime;
  return {
    forecastMethod: f.method,
    forecastRangeMethod: f.month.rangeMethod,
    forecastEomSpend: f.month.point,
    forecastEomSpendLow: f.month.low,
    forecastEomSpendHigh: f.month.high,
    forecastVsBudgetPercentage: forecastVsBudget(f.month.point, budget),
    forecastEomConversions: f.monthConversions,
    forecastLifetimeSpend: lifetime ? lifetime.point : 0,
    forecastLifetimeSpendLow: lifetime ? lifetime.low : 0,
    forecastLifetimeSpendHigh: lifetime ? lifetime.high : 0,
    forecastVsLifetimeBudgetPercentage: lifetime ? forecastVsBudget(lifetime.point, lifetimeBudget) : 0,
  };
}
