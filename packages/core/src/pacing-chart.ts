import { lifetimeBudgetOf } from "./budget.ts";
import type { BudgetCalendar } from "./calendar.ts";
import { dayNumber, fromDayNumber, weekdayOf } from "./calendar.ts";
import type { ForecastMethod } from "./forecast.ts";
import { FORECAST_PARAMETERS, fitDailyModel, forecastPeriod } from "./forecast.ts";
import type { DailyRow, TrackerDataInput } from "./tracker-data.ts";
import { trackerData } from "./tracker-data.ts";
import type { IsoDate, Micros } from "./types.ts";

/**
 * The pacing chart's series (a feature beyond the spec): a budget period day by day, the cumulative
 * spend against the ideal line, the forecast to the period's end with its P10-P90 range, the daily
 * spend against the daily budget, and the period's events. The web app only draws them.
 *
 * - **Period**: the current month, or a lifetime budget's flight (start date to end date; a flight
 *   with no end runs to the end of the current month, as in `lifetimeDayCounts`, trackers.md
 *   "Metric formulas").
 * - **Ideal line**: the budget spread evenly over the period's counting days (Monday to Friday when
 *   the tracker is set to weekdays only, every day otherwise): at the end of a day it is
 *   budget x counting days so far / counting days of the period, so it stays flat over a weekend of
 *   a weekdays-only tracker and reaches the budget on the period's last day.
 * - **Daily budget**: budget / counting days on a counting day, 0 on the others.
 * - **Forecast**: the spend forecast of `forecast.ts` (`fitDailyModel` + `forecastPeriod`, its P50
 *   and its P10-P90 range), cumulative, from the last complete day (where it meets the actual line)
 *   to the period's end: the value at day d is the forecast of the period's spend through d.
 * - **Group** ({@link sumPacingSeries}): the members' series added day by day.
 *
 * Money in integer micros of the tracker currency (rounded), dates `yyyy-MM-dd` in the ad account's
 * time zone.
 */

/** What a chart marker stands for. */
export type PacingEventKind = "tracker-created" | "note" | "refresh-failure";

/** An event of the period, drawn as a marker on its day. */
export interface PacingEvent {
  date: IsoDate;
  kind: PacingEventKind;
  /** What the readout says, e.g. "Refresh failed: token expired". */
  label: string;
  /** In a group's series: the name of the tracker it belongs to. */
  tracker?: string;
}

/** One day of a pacing series (money in integer micros). */
export interface PacingDay {
  date: IsoDate;
  /** The day counts towards the budget (weekdays only: Monday to Friday). */
  counting: boolean;
  /** The day's spend; null after today. */
  spend: Micros | null;
  /** Spend from the period's start through this day; null after today. */
  cumulativeSpend: Micros | null;
  /** The ideal cumulative spend at the end of the day (see the module doc). */
  ideal: Micros;
  /** The day's share of the budget: budget / counting days on a counting day, else 0. */
  dailyBudget: Micros;
  /** Forecast of the period's spend through this day (P50); null before the last complete day. */
  forecast: Micros | null;
  /** P10 and P90 of that forecast; equal to it where there is no range. */
  forecastLow: Micros | null;
  forecastHigh: Micros | null;
}

/** A budget period as the chart draws it. */
export interface PacingSeries {
  period: "month" | "lifetime";
  /** First and last day of the period. */
  start: IsoDate;
  end: IsoDate;
  /** The calendar's today (the last day with spend, in progress). */
  today: IsoDate;
  /** The budget the ideal line reaches at the period's end (micros). */
  budget: Micros;
  weekdaysOnly: boolean;
  /** Counting days of the period. */
  countingDays: number;
  /** How the forecast was made (null: the period is over, nothing to forecast). */
  forecastMethod: ForecastMethod | null;
  days: PacingDay[];
  /** Events within the period, oldest first. */
  events: PacingEvent[];
}

/** The inputs of {@link pacingSeries}. */
export interface PacingSeriesInput {
  /** Daily rows in any order; they should cover the forecast's history (`FORECAST_PARAMETERS.lookbackDays` days before today) and the period. */
  rows: readonly DailyRow[];
  period: "month" | "lifetime";
  start: IsoDate;
  end: IsoDate;
  /** Budget of the period (micros). */
  budget: Micros;
  weekdaysOnly: boolean;
  /** Events of any date; those outside the period are left out. */
  events?: readonly PacingEvent[];
}

/** Whether a day number counts towards the budget. */
function counts(day: number, weekdaysOnly: boolean): boolean {
  if (!weekdaysOnly) return true;
  const w = weekdayOf(day);
  return w !== 0 && w !== 6;
}

/**
 * One period's pacing series on the budget calendar (today in progress, as on the dashboard).
 * Pure; O(history + period days x forecast range).
 * @throws RangeError if a date is not `yyyy-MM-dd`, or if `end` is before `start`.
 */
export function pacingSeries(input: PacingSeriesInput, calendar: BudgetCalendar): PacingSeries {
  const start = dayNumber(input.start);
  const end = dayNumber(input.end);
  if (end < start) throw new RangeError(`The period ends (${input.end}) before it starts (${input.start})`);
  const today = dayNumber(calendar.today);
  const lastComplete = today - 1;
  const historyFrom = lastComplete - FORECAST_PARAMETERS.lookbackDays + 1;
  const history = new Float64Array(FORECAST_PARAMETERS.lookbackDays);
  const length = end - start + 1;
  const daySpend = new Float64Array(length);
  for (const row of input.rows) {
    const day = dayNumber(row.date);
    if (day > today) continue;
    if (day >= historyFrom && day <= lastComplete)
      history[day - historyFrom] = (history[day - historyFrom] as number) + row.spendMicros;
    if (day >= start && day <= end)
      daySpend[day - start] = (daySpend[day - start] as number) + row.spendMicros;
  }

  let countingDays = 0;
  for (let day = start; day <= end; day++) if (counts(day, input.weekdaysOnly)) countingDays++;
  const perDay = countingDays > 0 ? input.budget / countingDays : 0;

  const days: PacingDay[] = [];
  let cumulative = 0;
  let counted = 0;
  for (let day = start; day <= end; day++) {
    const i = day - start;
    const counting = counts(day, input.weekdaysOnly);
    if (counting) counted++;
    const past = day <= today;
    if (past) cumulative += daySpend[i] as number;
    days.push({
      date: fromDayNumber(day),
      counting,
      spend: past ? (daySpend[i] as number) : null,
      cumulativeSpend: past ? cumulative : null,
      ideal: Math.round(countingDays > 0 ? (input.budget * counted) / countingDays : 0),
      dailyBudget: counting ? Math.round(perDay) : 0,
      forecast: null,
      forecastLow: null,
      forecastHigh: null,
    });
  }

  let forecastMethod: ForecastMethod | null = null;
  if (end >= today) {
    const model = fitDailyModel({ firstDay: historyFrom, values: history });
    forecastMethod = model.method;
    // Spend of the period so far (today included) and today's spend so far.
    let actual = 0;
    for (let day = start; day <= Math.min(today, end); day++) actual += daySpend[day - start] as number;
    const todaySoFar = today >= start ? (daySpend[today - start] as number) : 0;
    // The forecast meets the actual line at the last complete day.
    const joinAt = lastComplete - start;
    if (joinAt >= 0) {
      const d = days[joinAt] as PacingDay;
      d.forecast = d.forecastLow = d.forecastHigh = d.cumulativeSpend;
    }
    for (let day = Math.max(start, today); day <= end; day++) {
      const f = forecastPeriod(model, {
        periodStart: start,
        periodEnd: day,
        today,
        todayInProgress: true,
        actual,
        todaySoFar,
      });
      const d = days[day - start] as PacingDay;
      d.forecast = Math.round(f.point);
      d.forecastLow = Math.round(f.low);
      d.forecastHigh = Math.round(f.high);
    }
  }

  const events = (input.events ?? [])
    .filter((e) => e.date >= input.start && e.date <= input.end)
    .sort((a, b) => a.date.localeCompare(b.date));
  return {
    period: input.period,
    start: input.start,
    end: input.end,
    today: calendar.today,
    budget: input.budget,
    weekdaysOnly: input.weekdaysOnly,
    countingDays,
    forecastMethod,
    days,
    events,
  };
}

/** A tracker's pacing series: its month, and its lifetime flight when it has lifetime dates. */
export interface TrackerPacing {
  /** Which budget the tracker's row leads with (TrackerData.primary). */
  primary: "monthly" | "lifetime";
  month: PacingSeries;
  lifetime: PacingSeries | null;
}

/**
 * A tracker's pacing series from its budget settings and daily rows: the month against the budget
 * its row shows (TrackerData.budget, adjustments and future budgets applied), and the lifetime
 * flight against its lifetime budget. Spec: trackers.md section 3 and "Metric formulas" for the
 * budgets and day counts.
 * @throws RangeError as `trackerData` and {@link pacingSeries}.
 */
export function trackerPacing(
  input: TrackerDataInput & { events?: readonly PacingEvent[] },
  calendar: BudgetCalendar,
): TrackerPacing {
  const data = trackerData(input, calendar);
  const weekdaysOnly = input.settings.weekdaysOnly === true;
  const month = pacingSeries(
    {
      rows: input.rows,
      period: "month",
      start: calendar.monthStart,
      end: calendar.monthEnd,
      budget: data.budget,
      weekdaysOnly,
      events: input.events ?? [],
    },
    calendar,
  );
  const { lifetimeBudget, lifetimeBudgetDates: range } = lifetimeBudgetOf(input.settings);
  const lifetime =
    range && (range.endDate ?? calendar.monthEnd) >= range.startDate
      ? pacingSeries(
          {
            rows: input.rows,
            period: "lifetime",
            start: range.startDate,
            end: range.endDate ?? calendar.monthEnd,
            budget: lifetimeBudget,
            weekdaysOnly,
            events: input.events ?? [],
          },
          calendar,
        )
      : null;
  return { primary: data.primary, month, lifetime };
}

/** Adds two nullable amounts: null when either is null. */
function addNullable(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}

/**
 * A group's series (client, pod or shared budget): its members' series of the same period added
 * day by day, events tagged with the member's name. The group's range is the sum of the members'
 * P10s and P90s: the range the group would have if its members ran high or low together (wider than
 * for independent members). With `budget` (a shared budget's own total) the ideal line and daily
 * budgets are scaled to it; when the members have no budget it is spread over every day.
 * @throws RangeError when there is no member, or the members' periods differ.
 */
export function sumPacingSeries(
  members: readonly { name: string; series: PacingSeries }[],
  budget?: Micros,
): PacingSeries {
  const first = members[0]?.series;
  if (!first) throw new RangeError("A group's pacing needs at least one tracker");
  for (const { series } of members)
    if (series.start !== first.start || series.end !== first.end || series.today !== first.today)
      throw new RangeError("A group's trackers must share one period");
  const days: PacingDay[] = first.days.map((d) => ({ ...d, counting: false }));
  let memberBudget = 0;
  for (const { series } of members) {
    memberBudget += series.budget;
    series.days.forEach((d, i) => {
      const g = days[i] as PacingDay;
      if (series !== first) {
        g.spend = addNullable(g.spend, d.spend);
        g.cumulativeSpend = addNullable(g.cumulativeSpend, d.cumulativeSpend);
        g.ideal += d.ideal;
        g.dailyBudget += d.dailyBudget;
        g.forecast = addNullable(g.forecast, d.forecast);
        g.forecastLow = addNullable(g.forecastLow, d.forecastLow);
        g.forecastHigh = addNullable(g.forecastHigh, d.forecastHigh);
      }
      g.counting ||= d.counting;
    });
  }
  const total = budget ?? memberBudget;
  if (budget !== undefined) {
    const n = days.length;
    days.forEach((g, i) => {
      g.ideal = Math.round(memberBudget > 0 ? (g.ideal * budget) / memberBudget : (budget * (i + 1)) / n);
      g.dailyBudget = Math.round(memberBudget > 0 ? (g.dailyBudget * budget) / memberBudget : budget / n);
    });
  }
  const events = members
    .flatMap(({ name, series }) => series.events.map((e) => ({ ...e, tracker: name })))
    .sort((a, b) => a.date.localeCompare(b.date));
  const methods = new Set(members.map((m) => m.series.forecastMethod));
  return {
    period: first.period,
    start: first.start,
    end: first.end,
    today: first.today,
    budget: total,
    weekdaysOnly: members.every((m) => m.series.weekdaysOnly),
    countingDays: days.filter((d) => d.counting).length,
    // A group whose members were forecast differently says run-rate when any member was.
    forecastMethod: methods.has("run-rate") ? "run-rate" : first.forecastMethod,
    days,
    events,
  };
}
