import type { BudgetCalendar, LifetimeBudgetDates } from "./calendar.ts";
import { dayNumber, weekdayOf } from "./calendar.ts";
import type { DailyRow } from "./tracker-data.ts";

/**
 * The spend forecast: where a tracker's month (or lifetime flight) will land, with a P10-P90 range,
 * from its daily rows. A feature beyond the spec: the spec's "EOM est. Spend" (trackers.md "Metric
 * formulas") stays as it is; these figures feed the separate forecast columns.
 *
 * The model, per daily series (spend, or conversions):
 *
 * 1. **History.** The complete days of the last {@link FORECAST_PARAMETERS}.lookbackDays, from the
 *    first day with a value (days before it are not the account's history yet); a day without a
 *    row is 0. Today is a day in progress (the tracker's case) unless the caller says it is complete.
 * 2. **Too few days.** With fewer than `minModelDays` complete days the forecast is the linear
 *    run-rate (period spend so far / days of the period elapsed x days in the period) and says so:
 *    `method: "run-rate"`.
 * 3. **Day-of-week indices** (multiplicative seasonal indices, the classical decomposition's ratio
 *    to the week's mean: Hyndman & Athanasopoulos, *Forecasting: Principles and Practice*, 3rd ed.,
 *    section 3.4) over the last `weekdayWeeks` full weeks, each shrunk towards 1 by empirical Bayes
 *    (James-Stein) in proportion to its own week-to-week noise (Miller & Williams 2003, "Shrinkage
 *    estimators of time series seasonal factors and their effect on forecasting accuracy",
 *    International Journal of Forecasting 19(4) 669-684). A weekday that never spends (a
 *    weekdays-only account) keeps an index of 0; a noisy one stays near 1.
 * 4. **Level, recent days weighted.** Three ratio estimators of the deseasonalised daily level
 *    (spend / sum of the days' indices): exponentially weighted with half-lives of 3.5 and 7 days
 *    (simple exponential smoothing, FPP3 section 8.1, with weights 2^(-age / half-life)) and the
 *    trailing 28-day mean. The one kept is the one with the smallest mean absolute error of its
 *    7-day-ahead forecasts over the series' last 56 days (rolling-origin evaluation: Tashman 2000,
 *    "Out-of-sample tests of forecasting accuracy", IJF 16(4) 437-450; FPP3 section 5.10).
 * 5. **The forecast** of a day is level x its weekday index. Today, when in progress, counts as
 *    max(spent so far, its expected day). A period's forecast is its actual so far plus the days ahead.
 * 6. **P10-P90 range: empirical quantiles of the model's own errors** (Williams & Goodman 1971, "A
 *    simple method for the construction of empirical confidence limits for economic forecasts",
 *    JASA 66(336) 752-754): at every past day of the history, the same level's forecast of the next
 *    h days is compared with what was spent, as a log ratio; h is the days ahead, or, when the
 *    history is too short for `minErrorOrigins` such windows, the longest horizon down to 7 days
 *    that has them, the quantiles then widened about their median by sqrt(days ahead / h) (a
 *    random-walk level's error growth). The 10th and 90th percentiles (Hyndman & Fan 1996 type 7,
 *    linear interpolation) scale the forecast of the days ahead.
 *    Without that many windows (short histories, the run-rate case) the range is the prediction
 *    interval of a log-normal day: Student t(0.9, n-1) x sd of the log daily values x
 *    sqrt(1/n + 1/days ahead) (Hahn, Meeker & Escobar, *Statistical Intervals*, 2nd ed., ch. 4);
 *    with fewer than two days with a value there is no range (`rangeMethod: "none"`).
 *
 * Units: money in integer micros (rounded at the end), conversions as plain numbers, like the rows.
 * The backtest that measures this model against the run-rate is `packages/bench` (forecast-backtest).
 */

/** How a forecast was made: the weekday-aware, recency-weighted model, or the run-rate fallback. */
export type ForecastMethod = "weekday-weighted" | "run-rate";

/**
 * How the P10-P90 range was made: the model's own past errors ("empirical"), the log-normal day
 * interval ("iid"), the period is over so its total is known ("exact"), or none (fewer than two
 * days with a value).
 */
export type ForecastRangeMethod = "empirical" | "iid" | "exact" | "none";

/**
 * The model's fixed settings. They are calendar choices made before any backtest (half a week, a
 * week, four weeks, eight weeks, half a year); `packages/bench` reports how the model does with them.
 */
export const FORECAST_PARAMETERS = {
  /** Days of history the model reads (26 weeks). */
  lookbackDays: 182,
  /** Below this many complete days of history: run-rate. */
  minModelDays: 14,
  /** Full weeks the weekday indices are estimated from. */
  weekdayWeeks: 8,
  /** Half-lives (days) of the exponentially weighted levels. */
  halfLivesDays: [3.5, 7] as readonly number[],
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
  /** Shortest horizon (days) the empirical range takes errors from (or the days ahead, if fewer). */
  minErrorHorizonDays: 7,
  /** Smallest actual/forecast ratio counted (a window with no spend at all counts as 1/20). */
  ratioFloor: 0.05,
  /** Days of the run-rate case's log-normal interval. */
  iidWindowDays: 28,
} as const;

/** One period's forecast, in the series' unit (micros for spend). */
export interface PeriodForecast {
  /** Actual so far plus the expected days ahead. */
  point: number;
  /** P10 of the period total (never below the actual so far). */
  low: number;
  /** P90 of the period total. */
  high: number;
  /** Actual so far in the period, today's spend included. */
  actual: number;
  /** Days of the period still to come (today included when in progress). */
  daysAhead: number;
  rangeMethod: ForecastRangeMethod;
}

/** A fitted daily model (see the module doc); build with {@link fitDailyModel}. */
export interface DailyModel {
  method: ForecastMethod;
  /** Which level was chosen ("ew3.5", "ew7", "trailing28"); null for the run-rate. */
  level: string | null;
  /** The daily level at the last complete day (deseasonalised, per day). */
  dailyLevel: number;
  /** Weekday indices, Sunday (0) to Saturday (6), mean 1. All 1 when there are too few weeks. */
  weekdayIndex: readonly number[];
  /** Complete days of history the model used (from the first day with a value). */
  historyDays: number;
  /** @internal the series and the chosen level at every day, for the range. */
  readonly fit: Fit;
}

/** The internal state of a fitted series. */
interface Fit {
  firstDay: number;
  /** Prefix sums of the values: p[i] = sum of values[0..i-1]. */
  prefix: Float64Array;
  values: Float64Array;
  /** Index of the first day with a value; values.length when none. */
  start: number;
  /** Level estimate at each day (model case), else null. */
  levels: Float64Array | null;
  index: Float64Array;
  indexWeekSum: number;
}

/** A daily series of complete days, oldest first; a day without a row is 0. */
export interface DailySeries {
  /** Day number (days since 1970-01-01) of `values[0]`. */
  firstDay: number;
  values: Float64Array;
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

/** Sum of the weekday indices of days `from..to` (day numbers, inclusive): whole weeks at once. */
function sumIndex(fit: Fit, from: number, to: number): number {
  const total = to - from + 1;
  if (total <= 0) return 0;
  const weeks = Math.floor(total / 7);
  let sum = weeks * fit.indexWeekSum;
  for (let day = from + weeks * 7; day <= to; day++) sum += fit.index[weekdayOf(day)] as number;
  return sum;
}

/**
 * Day-of-week indices with empirical Bayes shrinkage (module doc, step 3). Each of the last
 * `weeks` full weeks with a value gives every weekday a ratio to the week's mean; a weekday's index
 * is the mean ratio shrunk towards 1 by tau^2 / (tau^2 + v), v being the variance of its mean and
 * tau^2 the spread of the true indices (observed spread less the mean noise).
 */
function weekdayIndices(values: Float64Array, firstDay: number, start: number, last: number): Float64Array {
  const index = new Float64Array(7).fill(1);
  const weeks = Math.min(FORECAST_PARAMETERS.weekdayWeeks, Math.floor((last - start + 1) / 7));
  if (weeks < 2) return index;
  const sum = new Float64Array(7);
  const sumSq = new Float64Array(7);
  let used = 0;
  for (let j = 0; j < weeks; j++) {
    const end = last - 7 * j;
    let mean = 0;
    for (let k = 0; k < 7; k++) mean += values[end - k] as number;
    mean /= 7;
    if (!(mean > 0)) continue;
    used++;
    for (let k = 0; k < 7; k++) {
      const w = weekdayOf(firstDay + end - k);
      const r = (values[end - k] as number) / mean;
      sum[w] = (sum[w] as number) + r;
      sumSq[w] = (sumSq[w] as number) + r * r;
    }
  }
  if (used < 2) return index;
  const raw = new Float64Array(7);
  const noise = new Float64Array(7);
  let spread = 0;
  let meanNoise = 0;
  for (let w = 0; w < 7; w++) {
    const m = (sum[w] as number) / used;
    raw[w] = m;
    noise[w] = Math.max(0, ((sumSq[w] as number) - used * m * m) / (used - 1)) / used;
    spread += (m - 1) * (m - 1);
    meanNoise += noise[w] as number;
  }
  const tau2 = Math.max(0, spread / 7 - meanNoise / 7);
  let total = 0;
  for (let w = 0; w < 7; w++) {
    const v = noise[w] as number;
    const keep = v === 0 ? 1 : tau2 / (tau2 + v);
    index[w] = 1 + ((raw[w] as number) - 1) * keep;
    total += index[w] as number;
  }
  if (total > 0) for (let w = 0; w < 7; w++) index[w] = ((index[w] as number) * 7) / total;
  return index;
}

/** Level estimates at every day from `start`, for each candidate (module doc, step 4). */
function candidateLevels(fit: Fit, last: number): { name: string; levels: Float64Array }[] {
  const { values, firstDay, start, index } = fit;
  const out: { name: string; levels: Float64Array }[] = [];
  for (const halfLife of FORECAST_PARAMETERS.halfLivesDays) {
    const decay = 2 ** (-1 / halfLife);
    const levels = new Float64Array(last + 1);
    let num = 0;
    let den = 0;
    for (let t = start; t <= last; t++) {
      num = num * decay + (values[t] as number);
      den = den * decay + (index[weekdayOf(firstDay + t)] as number);
      levels[t] = den > 0 ? num / den : 0;
    }
    out.push({ name: `ew${halfLife}`, levels });
  }
  const window = FORECAST_PARAMETERS.trailingDays;
  const trailing = new Float64Array(last + 1);
  for (let t = start; t <= last; t++) {
    const from = Math.max(start, t - window + 1);
    const num = (fit.prefix[t + 1] as number) - (fit.prefix[from] as number);
    const den = sumIndex(fit, firstDay + from, firstDay + t);
    trailing[t] = den > 0 ? num / den : 0;
  }
  out.push({ name: `trailing${window}`, levels: trailing });
  return out;
}

/**
 * Fits the model of the module doc to a daily series of complete days (the last value is the last
 * complete day). Pure; O(days).
 */
export function fitDailyModel(series: DailySeries): DailyModel {
  const { values, firstDay } = series;
  const n = values.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] as number) + (values[i] as number);
  let start = Math.max(0, n - FORECAST_PARAMETERS.lookbackDays);
  while (start < n && !((values[start] as number) > 0)) start++;
  const last = n - 1;
  const historyDays = n - start;
  const fit: Fit = {
    firstDay,
    prefix,
    values,
    start,
    levels: null,
    index: new Float64Array(7).fill(1),
    indexWeekSum: 7,
  };
  if (historyDays < FORECAST_PARAMETERS.minModelDays) {
    return { method: "run-rate", level: null, dailyLevel: 0, weekdayIndex: [...fit.index], historyDays, fit };
  }
  fit.index = weekdayIndices(values, firstDay, start, last);
  fit.indexWeekSum = fit.index.reduce((a, b) => a + b, 0);
  const h = FORECAST_PARAMETERS.selectionHorizonDays;
  const from = Math.max(
    start + FORECAST_PARAMETERS.warmUpDays - 1,
    last - FORECAST_PARAMETERS.selectionOrigins,
  );
  let best: { name: string; levels: Float64Array } | null = null;
  let bestError = Number.POSITIVE_INFINITY;
  // Candidates in order of recency weight: ew3.5, ew7, trailing28.
  for (const candidate of candidateLevels(fit, last)) {
    let error = 0;
    for (let t = from; t <= last - h; t++) {
      const actual = (prefix[t + h + 1] as number) - (prefix[t + 1] as number);
      const forecast = (candidate.levels[t] as number) * sumIndex(fit, firstDay + t + 1, firstDay + t + h);
      error += Math.abs(actual - forecast);
    }
    // A tie (to rounding) keeps the earlier, more recent-weighted candidate: with no evidence
    // either way (e.g. a change within the last week, after every judged window) recency leads.
    if (error < bestError * (1 - 1e-9)) {
      bestError = error;
      best = candidate;
    }
  }
  const chosen = best as { name: string; levels: Float64Array };
  fit.levels = chosen.levels;
  return {
    method: "weekday-weighted",
    level: chosen.name,
    dailyLevel: chosen.levels[last] as number,
    weekdayIndex: [...fit.index],
    historyDays,
    fit,
  };
}

/** The p-quantile (0..1) of sorted values, linear interpolation (Hyndman & Fan type 7). */
function quantile(sorted: readonly number[], p: number): number {
  const x = p * (sorted.length - 1);
  const i = Math.floor(x);
  const lo = sorted[i] as number;
  const hi = sorted[Math.min(i + 1, sorted.length - 1)] as number;
  return lo + (hi - lo) * (x - i);
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
    const floor = Math.min(ahead, P.minErrorHorizonDays);
    let h = ahead;
    while (h > floor && last - h - earliest + 1 < P.minErrorOrigins) h--;
    const errors: number[] = [];
    for (let t = earliest; t <= last - h; t++) {
      const forecast = (levels[t] as number) * sumIndex(fit, fit.firstDay + t + 1, fit.firstDay + t + h);
      if (!(forecast > 0)) continue;
      const actual = (fit.prefix[t + h + 1] as number) - (fit.prefix[t + 1] as number);
      errors.push(Math.log(Math.max(actual / forecast, P.ratioFloor)));
    }
    if (errors.length >= P.minErrorOrigins) {
      errors.sort((a, b) => a - b);
      const median = quantile(errors, 0.5);
      const widen = Math.sqrt(ahead / h);
      return {
        low: median + (quantile(errors, 0.1) - median) * widen,
        high: median + (quantile(errors, 0.9) - median) * widen,
        method: "empirical",
      };
    }
  }
  const from = Math.max(fit.start, last - P.iidWindowDays + 1);
  let count = 0;
  let sum = 0;
  let sumSq = 0;
  for (let t = from; t <= last; t++) {
    const v = fit.values[t] as number;
    if (!(v > 0)) continue;
    const l = Math.log(v);
    count++;
    sum += l;
    sumSq += l * l;
  }
  if (count < 2) return null;
  const sd = Math.sqrt(Math.max(0, (sumSq - (sum * sum) / count) / (count - 1)));
  const q = t90(count - 1) * sd * Math.sqrt(1 / count + 1 / ahead);
  return { low: -q, high: q, method: "iid" };
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
  /** Today's figure so far (0 when today is outside the period). */
  todaySoFar: number;
}

/**
 * The forecast of one period from a fitted model (module doc, steps 2, 5 and 6).
 * `withRange: false` skips the range (low = high = point, rangeMethod "none").
 */
export function forecastPeriod(model: DailyModel, input: PeriodInput, withRange = true): PeriodForecast {
  const { periodStart, periodEnd, today, todayInProgress, actual } = input;
  const fit = model.fit;
  const todayInPeriod = today >= periodStart && today <= periodEnd;
  const todaySoFar = todayInPeriod && todayInProgress ? input.todaySoFar : 0;
  const afterFrom = Math.max(periodStart, today + 1);
  const daysAfter = Math.max(0, periodEnd - afterFrom + 1);
  const daysAhead = daysAfter + (todayInPeriod && todayInProgress ? 1 : 0);
  if (daysAhead === 0) {
    return { point: actual, low: actual, high: actual, actual, daysAhead, rangeMethod: "exact" };
  }
  let point: number;
  let expectedAhead: number;
  let floorAhead = 0;
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
    const level = model.dailyLevel;
    const expectedToday =
      todayInPeriod && todayInProgress ? level * (fit.index[weekdayOf(today)] as number) : 0;
    const expectedAfter = level * sumIndex(fit, afterFrom, periodEnd);
    expectedAhead = expectedToday + expectedAfter;
    floorAhead = todaySoFar;
    point = actual - todaySoFar + Math.max(todaySoFar, expectedToday) + expectedAfter;
  }
  const range = withRange
    ? rangeLogs(model, model.method === "run-rate" ? Math.max(1, daysAfter) : daysAhead)
    : null;
  if (!range) return { point, low: point, high: point, actual, daysAhead, rangeMethod: "none" };
  const base = actual - floorAhead;
  const low = base + Math.max(floorAhead, expectedAhead * Math.exp(range.low));
  const high = base + Math.max(floorAhead, expectedAhead * Math.exp(range.high));
  return {
    point,
    low: Math.min(low, point),
    high: Math.max(high, point),
    actual,
    daysAhead,
    rangeMethod: range.method,
  };
}

/** A tracker's forecasts (money in integer micros; conversions a plain number). */
export interface TrackerForecast {
  /** How the spend forecast was made. */
  method: ForecastMethod;
  /** Month-end spend (P50 point, P10 low, P90 high), rounded to micros. */
  month: PeriodForecast;
  /** Month-end conversions (point only). */
  monthConversions: number;
  /** Spend at the lifetime flight's end (trackers with lifetime dates), else null. */
  lifetime: PeriodForecast | null;
}

/** The inputs of {@link forecastTracker}. */
export interface TrackerForecastInput {
  /** Daily rows in any order (the tracker's rows: six months back to today). Rows after today are ignored. */
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

/** Day number of a row's `yyyy-MM-dd` date, by character codes (no Date per row). */
function rowDay(d: string): number {
  if (d.length !== 10) badDate(d);
  const y =
    (d.charCodeAt(0) - 48) * 1000 +
    (d.charCodeAt(1) - 48) * 100 +
    (d.charCodeAt(2) - 48) * 10 +
    (d.charCodeAt(3) - 48);
  const m = (d.charCodeAt(5) - 48) * 10 + (d.charCodeAt(6) - 48);
  const day = (d.charCodeAt(8) - 48) * 10 + (d.charCodeAt(9) - 48);
  if (!(y >= 0 && m >= 1 && m <= 12 && day >= 1 && day <= 31)) badDate(d);
  // Days from civil (H. Hinnant, "chrono-compatible low-level date algorithms").
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + day - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

function rounded(f: PeriodForecast): PeriodForecast {
  return { ...f, point: Math.round(f.point), low: Math.round(f.low), high: Math.round(f.high) };
}

/**
 * A tracker's month-end spend and conversions forecasts and its lifetime flight's forecast, on the
 * budget calendar (its today and month), from its daily rows. See the module doc for the model.
 * @throws RangeError if a row's date is not `yyyy-MM-dd`.
 */
export function forecastTracker(input: TrackerForecastInput, calendar: BudgetCalendar): TrackerForecast {
  const today = dayNumber(calendar.today);
  const monthStart = dayNumber(calendar.monthStart);
  const monthEnd = dayNumber(calendar.monthEnd);
  const inProgress = input.todayComplete !== true;
  const lastComplete = inProgress ? today - 1 : today;
  const firstDay = lastComplete - FORECAST_PARAMETERS.lookbackDays + 1;
  const spend = new Float64Array(lastComplete - firstDay + 1);
  const conversions = new Float64Array(spend.length);
  const range = input.lifetimeBudgetDates ?? null;
  const flightStart = range ? dayNumber(range.startDate) : 0;
  const flightEnd = range ? dayNumber(range.endDate ?? calendar.monthEnd) : -1;
  let monthSpend = 0;
  let monthConversions = 0;
  let todaySpend = 0;
  let todayConversions = 0;
  let flightSpend = 0;
  for (const row of input.rows) {
    const day = rowDay(row.date);
    if (day > today) continue;
    if (day >= firstDay && day <= lastComplete) {
      spend[day - firstDay] = (spend[day - firstDay] as number) + row.spendMicros;
      conversions[day - firstDay] = (conversions[day - firstDay] as number) + row.conversions;
    }
    if (day >= monthStart) {
      monthSpend += row.spendMicros;
      monthConversions += row.conversions;
    }
    if (day === today) {
      todaySpend += row.spendMicros;
      todayConversions += row.conversions;
    }
    if (day >= flightStart && day <= flightEnd) flightSpend += row.spendMicros;
  }
  const spendModel = fitDailyModel({ firstDay, values: spend });
  const conversionsModel = fitDailyModel({ firstDay, values: conversions });
  const month = { periodStart: monthStart, periodEnd: monthEnd, today, todayInProgress: inProgress };
  return {
    method: spendModel.method,
    month: rounded(forecastPeriod(spendModel, { ...month, actual: monthSpend, todaySoFar: todaySpend })),
    monthConversions: forecastPeriod(
      conversionsModel,
      { ...month, actual: monthConversions, todaySoFar: todayConversions },
      false,
    ).point,
    lifetime: range
      ? rounded(
          forecastPeriod(spendModel, {
            periodStart: flightStart,
            periodEnd: flightEnd,
            today,
            todayInProgress: inProgress,
            actual: flightSpend,
            todaySoFar: today >= flightStart && today <= flightEnd ? todaySpend : 0,
          }),
        )
      : null,
  };
}
