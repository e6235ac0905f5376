import type { BudgetAdjustment, BudgetSource, HistoricDataEntry, TrackerBudgetSettings } from "./budget.ts";
import { lifetimeBudgetOf, monthOverUnderSpend, resolveTrackerBudget } from "./budget.ts";
import type { BudgetCalendar, MonthDayCounts } from "./calendar.ts";
import { budgetCalendar, isoDateKey, lifetimeDayCounts, monthDayCounts } from "./calendar.ts";
import type { TrackerForecastFields } from "./forecast.ts";
import { trackerForecastFields } from "./forecast.ts";
import type { BudgetPeriod, IsoDate, Micros } from "./types.ts";
import { finiteOr0 } from "./types.ts";

/**
 * Tracker data: every figure of a tracker row, computed from its budget settings and its daily
 * performance rows. Spec: trackers.md sections 3 ("Tracker data") and "Metric formulas".
 */

/**
 * One day of an ad account's performance, as the connectors deliver it.
 * Money in integer micros of the tracker currency; counts are plain numbers (conversions may be
 * fractional, as some platforms attribute them fractionally).
 */
export interface DailyRow {
  /** The day, `yyyy-MM-dd`, in the ad account's time zone. */
  date: IsoDate;
  spendMicros: Micros;
  impressions: number;
  clicks: number;
  conversions: number;
  revenueMicros: Micros;
}

/**
 * The monthly pacing figures of one budget: what the budget columns of a tracker (or of a tracker
 * inside a shared budget) show. Money in micros; percentages are percents (100 = on budget).
 */
export interface MonthlyPacing {
  /** Monthly budget the figures use (adjusted when an over/under adjustment applies). */
  budget: Micros;
  /** Daily budget the figures use. */
  dailyBudget: Micros;
  /** actualSpend / budget x 100, a percent (0 if not finite). */
  percentageThroughBudget: number;
  /** The budget pro-rated through tomorrow: dailyBudget x daysGone, in micros. */
  proRatedBudget: Micros;
  /** actualSpend / proRatedBudget x 100, a percent (0 if not finite). */
  adjustedPercentageThroughBudget: number;
  /** max(0, budget - actualSpend). */
  spendRemaining: Micros;
  /** dailyBudget - todaySpend; negative when today's spend is over the daily budget. */
  todaySpendRemaining: Micros;
  /** spendRemaining / daysLeft (today to month end inclusive), rounded to micros; 0 if not finite. */
  requiredDailySpend: Micros;
  /** actualSpend + dailyBudget x days after today. */
  endOfMonthEstSpend: Micros;
}

/**
 * The pacing of a monthly budget for a given spend, on one set of month day counts.
 * Spec: trackers.md "Metric formulas" and pods-budgets-alerts-users-connections.md section 9
 * (the same arithmetic serves trackers and trackers inside shared budgets).
 *
 * Decision (spec silent): the end-of-month estimate adds the daily budget for each day **after**
 * today, because actualSpend already holds today's spend so far; so a tracker exactly on pace never
 * shows an estimate over its budget. requiredDailySpend divides by the days left **including**
 * today, because today's budget can still be spent.
 */
export function monthlyPacing(
  budget: Micros,
  dailyBudget: Micros,
  actualSpend: Micros,
  todaySpend: Micros,
  counts: MonthDayCounts,
): MonthlyPacing {
  const proRatedBudget = dailyBudget * counts.daysGone;
  const spendRemaining = Math.max(0, budget - actualSpend);
  return {
    budget,
    dailyBudget,
    percentageThroughBudget: finiteOr0((actualSpend / budget) * 100),
    proRatedBudget,
    // Same expression as the group rule, so a group of one truncates exactly this value.
    adjustedPercentageThroughBudget: finiteOr0((actualSpend * 100) / proRatedBudget),
    spendRemaining,
    todaySpendRemaining: dailyBudget - todaySpend,
    requiredDailySpend: Math.round(finiteOr0(spendRemaining / counts.daysLeft)),
    endOfMonthEstSpend: actualSpend + dailyBudget * counts.daysAfterToday,
  };
}

/**
 * Every figure of a tracker row (trackers.md section 3, "Tracker data"), plus the pacing inputs the
 * group aggregates need. Money in integer micros of the tracker currency; `percentage*`, `ctr` and
 * `cvr` are percents; `roas` is a ratio (revenue per unit of spend). No field is ever NaN or Infinity.
 *
 * Which figures a table shows as N/A (lifetime vs monthly, errored trackers) is decided by
 * `cellValue` in cells.ts, not here: this object carries numbers, except `null` for the figures of
 * a month without a recorded budget (lastMonthBudget, lastMonthOverUnderSpend, historic budgets).
 *
 * The `forecast*` fields (forecast.ts) are beyond the spec: a forecast of where the month and the
 * lifetime flight land, with a P10-P90 range.
 */
export interface TrackerData extends MonthlyPacing, TrackerForecastFields {
  /** "lifetime" when useLifetimeBudgetAsPrimary is on, else "monthly". */
  primary: "monthly" | "lifetime";
  budgetSource: BudgetSource;
  budgetPeriod: BudgetPeriod;
  weekdaysOnly: boolean;
  /** Monthly budget before any over/under spend adjustment. */
  baseBudget: Micros;
  /** Daily budget before any adjustment. */
  baseDailyBudget: Micros;
  /** The applied over/under spend adjustment, or null (drives the row's adjustment tooltip). */
  budgetAdjustment: BudgetAdjustment | null;
  /**
   * The over/under spend figure of Advanced Settings: the stored override when set, else the amount
   * of the active adjustment, else last month's over/under spend, else 0 (last month has no
   * budget). Micros.
   */
  previousOverUnderSpend: Micros;
  /**
   * The six months before this one, oldest first; the sixth is last month. A month without a
   * recorded budget has `budget: null`.
   */
  historicData: HistoricDataEntry[];
  /** Last month's recorded budget, or null when it has none (shown '-'). */
  lastMonthBudget: Micros | null;
  /** daysGone / daysInMonth x 100 (weekdays only with weekdaysOnly), a percent. */
  percentageThroughMonth: number;
  /** Days gone (first of month to tomorrow inclusive) on this tracker's calendar. */
  daysGone: number;
  /** Days in this month on this tracker's calendar. */
  daysInMonth: number;

  lifetimeBudget: Micros;
  /** Spend from the lifetime start date to the end date or today, whichever is earlier. */
  lifetimeSpend: Micros;
  /** lifetimeSpend / lifetimeBudget x 100, a percent. */
  percentageThroughLifetimeBudget: number;
  /** The lifetime budget pro-rated over the range through tomorrow, rounded to micros. */
  proRatedLifetimeBudget: Micros;
  /** lifetimeSpend / proRatedLifetimeBudget x 100, a percent. */
  adjustedPercentageThroughLifetimeBudget: number;

  /** Spend this month, first of the month to today inclusive. */
  actualSpend: Micros;
  /** Last month's spend (the sixth historicData entry's actualSpend). */
  lastMonthSpend: Micros;
  /**
   * lastMonthSpend - lastMonthBudget (positive = overspent); null when last month has no recorded
   * budget (shown N/A).
   */
  lastMonthOverUnderSpend: Micros | null;
  /** lastMonthOverUnderSpend > 0 (false when it is null). */
  lastMonthOverUnderSpendPositive: boolean;
  yesterdaySpend: Micros;
  todaySpend: Micros;

  /** Clicks this month. */
  actualClicks: number;
  /** Cost per click: actualSpend / actualClicks, micros (0 if not finite). */
  cpc: Micros;
  actualImpressions: number;
  /** Click-through rate: clicks / impressions x 100, a percent. */
  ctr: number;
  actualConversions: number;
  /** Conversion rate: conversions / clicks x 100, a percent. */
  cvr: number;
  /**
   * actualConversions + average daily conversions x days after today, where the average is over
   * the days elapsed this month (first to today inclusive).
   */
  endOfMonthEstConversions: number;
  /** actualSpend / actualConversions, micros (0 if not finite). */
  costPerConversion: Micros;
  /** Revenue this month, micros. */
  actualRevenue: Micros;
  /** Return on ad spend: actualRevenue / actualSpend, a ratio (0 if not finite). */
  roas: number;
}

/** Integer keys of a calendar's days, so the row loop compares numbers, not strings or Dates. */
interface CalendarKeys {
  today: number;
  yesterday: number;
  monthStart: number;
  /** year x 12 + month index of the current month. */
  month: number;
}

const keysCache = new WeakMap<BudgetCalendar, CalendarKeys>();

/** `yyyy-MM-dd` -> yyyymmdd as an integer (chronological order preserved). */
function dateKey(date: IsoDate): number {
  return Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
}

function calendarKeys(calendar: BudgetCalendar): CalendarKeys {
  let keys = keysCache.get(calendar);
  if (!keys) {
    const today = dateKey(calendar.today);
    keys = {
      today,
      yesterday: dateKey(calendar.yesterday),
      monthStart: dateKey(calendar.monthStart),
      month: Math.floor(today / 10000) * 12 + (Math.floor(today / 100) % 100) - 1,
    };
    keysCache.set(calendar, keys);
  }
  return keys;
}

/** The inputs of one tracker's computation. */
export interface TrackerDataInput {
  /** The tracker's budget settings (trackers.md section 3). */
  settings: TrackerBudgetSettings;
  /**
   * Daily rows in any order; they should cover the six previous months, the current month and the
   * lifetime range. Rows dated after today are ignored; two rows on one day add up.
   */
  rows: readonly DailyRow[];
}

function badRow(row: DailyRow): never {
  throw new RangeError(`Daily row has a bad date: ${JSON.stringify(row.date)}`);
}

/**
 * Computes a tracker's data on a budget calendar (build the calendar once per time zone with
 * `budgetCalendar(now, timeZone)` and share it). One pass over the rows; no Date objects per row.
 *
 * Spec: trackers.md section 3 ("Tracker data") and "Metric formulas".
 * @throws RangeError if a row's date is not `yyyy-MM-dd`, if money sums are not integer micros within
 *   2^53 (e.g. a fractional or missing spendMicros), or if a count is not finite.
 */
export function trackerData(input: TrackerDataInput, calendar: BudgetCalendar): TrackerData {
  const { settings, rows } = input;
  const keys = calendarKeys(calendar);
  const weekdaysOnly = settings.weekdaysOnly === true;
  const counts = monthDayCounts(calendar, weekdaysOnly);

  const range = lifetimeBudgetOf(settings).lifetimeBudgetDates;
  const lifetime = range ? lifetimeDayCounts(range, calendar, weekdaysOnly) : null;
  const lifetimeFrom = lifetime ? dateKey(lifetime.spendFrom) : 1;
  const lifetimeTo = lifetime ? dateKey(lifetime.spendTo) : 0;

  let actualSpend = 0;
  let todaySpend = 0;
  let yesterdaySpend = 0;
  let lifetimeSpend = 0;
  let clicks = 0;
  let impressions = 0;
  let conversions = 0;
  let revenue = 0;
  const history = [0, 0, 0, 0, 0, 0];

  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as DailyRow;
    const d = row.date;
    const key = isoDateKey(d);
    if (key < 0) badRow(row);
    if (key > keys.today) continue;
    const spend = row.spendMicros;
    if (key >= keys.monthStart) {
      actualSpend += spend;
      clicks += row.clicks;
      impressions += row.impressions;
      conversions += row.conversions;
      revenue += row.revenueMicros;
      if (key === keys.today) todaySpend += spend;
    } else {
      // yyyyMMdd -> months since year 0 (yyyy x 12 + MM - 1).
      const back = keys.month - (Math.floor(key / 10000) * 12 + (Math.floor(key / 100) % 100) - 1);
      if (back >= 1 && back <= 6) history[6 - back] = (history[6 - back] as number) + spend;
    }
    if (key === keys.yesterday) yesterdaySpend += spend;
    if (key >= lifetimeFrom && key <= lifetimeTo) lifetimeSpend += spend;
  }

  for (const micros of [actualSpend, revenue, lifetimeSpend, yesterdaySpend, ...history]) {
    if (!Number.isSafeInteger(micros)) {
      throw new RangeError("Daily rows must carry integer micros (spendMicros, revenueMicros) below 2^53");
    }
  }
  if (!Number.isFinite(clicks + impressions + conversions)) {
    throw new RangeError("Daily rows must carry finite impressions, clicks and conversions");
  }

  const budget = resolveTrackerBudget(settings, calendar, history);
  const pacing = monthlyPacing(budget.budget, budget.dailyBudget, actualSpend, todaySpend, counts);
  const lastMonth = budget.historicData[5] as HistoricDataEntry;
  const lastMonthOverUnderSpend = monthOverUnderSpend(lastMonth);
  const proRatedLifetimeBudget = lifetime
    ? Math.round(finiteOr0((budget.lifetimeBudget * lifetime.daysGone) / lifetime.daysInRange))
    : 0;
  const forecast = trackerForecastFields(
    { rows, lifetimeBudgetDates: range },
    calendar,
    pacing.budget,
    budget.lifetimeBudget,
  );

  // One object literal with every field (no spread): V8 keeps it a fast, fixed-shape object.
  return {
    budget: pacing.budget,
    dailyBudget: pacing.dailyBudget,
    percentageThroughBudget: pacing.percentageThroughBudget,
    proRatedBudget: pacing.proRatedBudget,
    adjustedPercentageThroughBudget: pacing.adjustedPercentageThroughBudget,
    spendRemaining: pacing.spendRemaining,
    todaySpendRemaining: pacing.todaySpendRemaining,
    requiredDailySpend: pacing.requiredDailySpend,
    endOfMonthEstSpend: pacing.endOfMonthEstSpend,
    primary: budget.primary,
    budgetSource: budget.source,
    budgetPeriod: budget.budgetPeriod,
    weekdaysOnly,
    baseBudget: budget.baseBudget,
    baseDailyBudget: budget.baseDailyBudget,
    budgetAdjustment: budget.adjustment,
    previousOverUnderSpend:
      settings.previousOverUnderSpend ?? budget.adjustment?.overUnderSpend ?? lastMonthOverUnderSpend ?? 0,
    historicData: budget.historicData,
    lastMonthBudget: budget.lastMonthBudget,
    percentageThroughMonth: counts.percentageThroughMonth,
    daysGone: counts.daysGone,
    daysInMonth: counts.daysInMonth,

    lifetimeBudget: budget.lifetimeBudget,
    lifetimeSpend,
    percentageThroughLifetimeBudget: finiteOr0((lifetimeSpend / budget.lifetimeBudget) * 100),
    proRatedLifetimeBudget,
    adjustedPercentageThroughLifetimeBudget: finiteOr0((lifetimeSpend / proRatedLifetimeBudget) * 100),

    actualSpend,
    lastMonthSpend: lastMonth.actualSpend,
    lastMonthOverUnderSpend,
    lastMonthOverUnderSpendPositive: lastMonthOverUnderSpend !== null && lastMonthOverUnderSpend > 0,
    yesterdaySpend,
    todaySpend,

    actualClicks: clicks,
    cpc: Math.round(finiteOr0(actualSpend / clicks)),
    actualImpressions: impressions,
    ctr: finiteOr0((clicks / impressions) * 100),
    actualConversions: conversions,
    cvr: finiteOr0((conversions / clicks) * 100),
    endOfMonthEstConversions:
      conversions + finiteOr0(conversions / counts.daysElapsed) * counts.daysAfterToday,
    costPerConversion: Math.round(finiteOr0(actualSpend / conversions)),
    actualRevenue: revenue,
    roas: finiteOr0(revenue / actualSpend),

    forecastMethod: forecast.forecastMethod,
    forecastRangeMethod: forecast.forecastRangeMethod,
    forecastEomSpend: forecast.forecastEomSpend,
    forecastEomSpendLow: forecast.forecastEomSpendLow,
    forecastEomSpendHigh: forecast.forecastEomSpendHigh,
    forecastVsBudgetPercentage: forecast.forecastVsBudgetPercentage,
    forecastEomConversions: forecast.forecastEomConversions,
    forecastLifetimeSpend: forecast.forecastLifetimeSpend,
    forecastLifetimeSpendLow: forecast.forecastLifetimeSpendLow,
    forecastLifetimeSpendHigh: forecast.forecastLifetimeSpendHigh,
    forecastVsLifetimeBudgetPercentage: forecast.forecastVsLifetimeBudgetPercentage,
  };
}

/**
 * Convenience form of {@link trackerData}: builds the calendar for `now` (an instant) in the ad
 * account's `timeZone` (IANA name) and computes the tracker's data.
 * @throws RangeError as trackerData, or for an unknown time zone.
 */
export function computeTrackerData(
  input: TrackerDataInput & { now: Date | number; timeZone: string },
): TrackerData {
  return trackerData(input, budgetCalendar(input.now, input.timeZone));
}

/**
 * A calendar per time zone for one instant, built on first use: for computing many trackers at
 * once (`const calendarFor = calendarsAt(now); trackerData(t, calendarFor(t.timeZone))`).
 */
export function calendarsAt(now: Date | number): (timeZone: string) => BudgetCalendar {
  const cache = new Map<string, BudgetCalendar>();
  return (timeZone) => {
    let calendar = cache.get(timeZone);
    if (!calendar) {
      calendar = budgetCalendar(now, timeZone);
      cache.set(timeZone, calendar);
    }
    return calendar;
  };
}
