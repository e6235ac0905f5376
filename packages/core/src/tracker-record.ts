import type { TrackerRow } from "./aggregate.ts";
import type { FutureBudget, HistoricDataInput, TrackerBudgetSettings } from "./budget.ts";
import type { BudgetCalendar } from "./calendar.ts";
import { addDays, localDate } from "./calendar.ts";
import type { Tracker } from "./domain.ts";
import type { TrackerForecastFields } from "./forecast.ts";
import { FORECAST_PARAMETERS, NO_FORECAST } from "./forecast.ts";
import type { PacingEvent } from "./pacing-chart.ts";
import type { TrackerData } from "./tracker-data.ts";

/**
 * The pure rules between a stored tracker record (domain.ts `Tracker`) and the engine: the engine's
 * budget settings of a tracker, the days of daily metrics its figures need, its pacing chart's
 * events, the compact stored form of its figures and the table row the dashboard, the alerts and the
 * digest evaluate. No I/O: `@pacer/functions` reads and writes the records.
 */

/**
 * A note of Notes & Activity as the pacing chart marks it: the day it is dated (ISO 8601 timestamp),
 * its text and its optional title.
 */
export interface TrackerNote {
  date: string;
  text: string;
  title?: string | undefined;
}

/** The settings the engine reads, as stored on a tracker. */
export type TrackerBudgetFields = Pick<
  Tracker,
  | "automatedBudget"
  | "platformBudget"
  | "manualBudgetValue"
  | "budgetPeriod"
  | "weekdaysOnly"
  | "lifetimeBudget"
  | "lifetimeBudgetDates"
  | "useLifetimeBudgetAsPrimary"
  | "lastMonthOverUnderSpendIncludedInBudgetCalc"
  | "lastSixMonthsOverUnderSpendIncludedInBudgetCalc"
  | "previousOverUnderSpend"
  | "historicData"
  | "futureBudgets"
  | "timeZone"
>;

/** The engine's budget settings of a stored tracker (money in micros, as stored). */
export function budgetSettings(t: Partial<TrackerBudgetFields>): TrackerBudgetSettings {
  return {
    automatedBudget: t.automatedBudget ?? false,
    platformBudget: t.platformBudget ?? null,
    manualBudgetValue: t.manualBudgetValue ?? null,
    budgetPeriod: t.budgetPeriod ?? "month",
    weekdaysOnly: t.weekdaysOnly ?? false,
    lifetimeBudget: t.lifetimeBudget ?? null,
    lifetimeBudgetDates: t.lifetimeBudgetDates
      ? { startDate: t.lifetimeBudgetDates.startDate, endDate: t.lifetimeBudgetDates.endDate ?? null }
      : null,
    useLifetimeBudgetAsPrimary: t.useLifetimeBudgetAsPrimary ?? false,
    lastMonthOverUnderSpendIncludedInBudgetCalc: t.lastMonthOverUnderSpendIncludedInBudgetCalc ?? false,
    lastSixMonthsOverUnderSpendIncludedInBudgetCalc:
      t.lastSixMonthsOverUnderSpendIncludedInBudgetCalc ?? false,
    previousOverUnderSpend: t.previousOverUnderSpend ?? null,
    historicData: (t.historicData as HistoricDataInput[] | undefined) ?? null,
    futureBudgets: (t.futureBudgets as FutureBudget[] | undefined) ?? null,
  };
}

/**
 * The days of daily metrics the figures need: from the first of the sixth month back (historic
 * data), the forecast's history (`FORECAST_PARAMETERS.lookbackDays` complete days before today:
 * one day more than six months on 1 March) or the lifetime start, whichever is earliest, to today
 * in the ad account's time zone.
 */
export function metricsWindow(
  t: Pick<Tracker, "lifetimeBudgetDates">,
  calendar: BudgetCalendar,
): { from: string; to: string } {
  const historicStart = calendar.previousMonths[0] ?? calendar.monthStart;
  const forecastStart = addDays(calendar.today, -FORECAST_PARAMETERS.lookbackDays);
  let from = forecastStart < historicStart ? forecastStart : historicStart;
  const lifetimeStart = t.lifetimeBudgetDates?.startDate;
  if (lifetimeStart && lifetimeStart < from) from = lifetimeStart;
  return { from, to: calendar.today };
}

/**
 * The events a tracker's pacing chart marks (dates in the tracker's time zone): its creation, its
 * notes (Notes & Activity) and its last failed refresh (`lastFailedAt`, with the failure's text).
 * Budget and filter changes are not recorded with a date, so they cannot be marked.
 */
export function pacingEvents(
  tracker: Pick<Tracker, "createdAt" | "lastFailedAt" | "lastFailure" | "timeZone">,
  messages: readonly TrackerNote[],
): PacingEvent[] {
  const day = (iso: string) => localDate(new Date(iso), tracker.timeZone);
  const events: PacingEvent[] = [
    { date: day(tracker.createdAt), kind: "tracker-created", label: "Tracker created" },
  ];
  if (tracker.lastFailedAt) {
    const why = tracker.lastFailure?.msg || tracker.lastFailure?.title;
    events.push({
      date: day(tracker.lastFailedAt),
      kind: "refresh-failure",
      label: why ? `Refresh failed: ${why}` : "Refresh failed",
    });
  }
  for (const m of messages)
    events.push({ date: day(m.date), kind: "note", label: m.title ? `${m.title}: ${m.text}` : m.text });
  return events;
}

/**
 * The scalar fields of TrackerData in the order the stored form lists them. The type checks below
 * fail the build if the engine adds a field this list lacks.
 */
const SCALAR_FIELDS = [
  "budget",
  "dailyBudget",
  "percentageThroughBudget",
  "proRatedBudget",
  "adjustedPercentageThroughBudget",
  "spendRemaining",
  "todaySpendRemaining",
  "requiredDailySpend",
  "endOfMonthEstSpend",
  "primary",
  "budgetSource",
  "budgetPeriod",
  "weekdaysOnly",
  "baseBudget",
  "baseDailyBudget",
  "previousOverUnderSpend",
  "lastMonthBudget",
  "percentageThroughMonth",
  "daysGone",
  "daysInMonth",
  "lifetimeBudget",
  "lifetimeSpend",
  "percentageThroughLifetimeBudget",
  "proRatedLifetimeBudget",
  "adjustedPercentageThroughLifetimeBudget",
  "actualSpend",
  "lastMonthSpend",
  "lastMonthOverUnderSpend",
  "lastMonthOverUnderSpendPositive",
  "yesterdaySpend",
  "todaySpend",
  "actualClicks",
  "cpc",
  "actualImpressions",
  "ctr",
  "actualConversions",
  "cvr",
  "endOfMonthEstConversions",
  "costPerConversion",
  "actualRevenue",
  "roas",
] as const satisfies readonly (keyof TrackerData)[];

/**
 * The forecast fields (beyond the spec; @pacer/core forecast.ts), stored after the historic data so
 * figures stored before forecasts existed still read: they get {@link NO_FORECAST} (N/A cells) until
 * the tracker's next computation.
 */
const FORECAST_FIELDS = [
  "forecastMethod",
  "forecastRangeMethod",
  "forecastEomSpend",
  "forecastEomSpendLow",
  "forecastEomSpendHigh",
  "forecastVsBudgetPercentage",
  "forecastEomConversions",
  "forecastLifetimeSpend",
  "forecastLifetimeSpendLow",
  "forecastLifetimeSpendHigh",
  "forecastVsLifetimeBudgetPercentage",
] as const satisfies readonly (keyof TrackerForecastFields)[];
const everyForecastField: Exclude<keyof TrackerForecastFields, (typeof FORECAST_FIELDS)[number]> extends never
  ? true
  : never = true;
void everyForecastField;

type Listed =
  | (typeof SCALAR_FIELDS)[number]
  | (typeof FORECAST_FIELDS)[number]
  | "budgetAdjustment"
  | "historicData";
const everyFieldListed: Exclude<keyof TrackerData, Listed> extends never ? true : never = true;
void everyFieldListed;

/** Version of the stored form; a change of {@link SCALAR_FIELDS} needs a new one. */
const STORED_FORMAT = 1;

/**
 * The stored form of a tracker's figures: a JSON array, `[format, ...scalars in SCALAR_FIELDS order,
 * budgetAdjustment as [kind, overUnderSpend] or null, historicData as [month, budget, actualSpend]
 * x 6, the forecast fields in FORECAST_FIELDS order]`. Values are the engine's, unrounded; only the
 * field names are left out, which halves the tracker item (the list query reads 2,000 of them).
 */
export function encodeTrackerData(data: TrackerData): string {
  const out: unknown[] = [STORED_FORMAT];
  for (const field of SCALAR_FIELDS) out.push(data[field]);
  out.push(data.budgetAdjustment ? [data.budgetAdjustment.kind, data.budgetAdjustment.overUnderSpend] : null);
  out.push(data.historicData.flatMap((h) => [h.month, h.budget, h.actualSpend]));
  out.push(FORECAST_FIELDS.map((field) => data[field]));
  return JSON.stringify(out);
}

/** Reads figures written by {@link encodeTrackerData} (or a plain TrackerData object). */
export function decodeTrackerData(stored: string): TrackerData {
  const parsed = JSON.parse(stored) as unknown;
  if (!Array.isArray(parsed)) return parsed as TrackerData;
  if (parsed[0] !== STORED_FORMAT) throw new Error(`Unknown stored tracker data format ${String(parsed[0])}`);
  const data: Record<string, unknown> = {};
  SCALAR_FIELDS.forEach((field, i) => {
    data[field] = parsed[i + 1];
  });
  const adjustment = parsed[SCALAR_FIELDS.length + 1] as [string, number] | null;
  data.budgetAdjustment = adjustment ? { kind: adjustment[0], overUnderSpend: adjustment[1] } : null;
  const flat = parsed[SCALAR_FIELDS.length + 2] as (string | number)[];
  const historicData = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    historicData.push({ month: flat[i], budget: flat[i + 1], actualSpend: flat[i + 2] });
  }
  data.historicData = historicData;
  const forecast = parsed[SCALAR_FIELDS.length + 3] as unknown[] | undefined;
  FORECAST_FIELDS.forEach((field, i) => {
    data[field] = forecast ? forecast[i] : NO_FORECAST[field];
  });
  return data as unknown as TrackerData;
}

/** The stored figures of a tracker, or null when none were computed yet. */
export function storedTrackerData(tracker: Pick<Tracker, "data">): TrackerData | null {
  return tracker.data ? decodeTrackerData(tracker.data) : null;
}

/**
 * A tracker as a table row of the engine (core `TrackerRow`: what the dashboard, the alerts and the
 * digest evaluate): identity, client, channel, currency, error state and stored figures; undefined
 * when its figures were never computed.
 */
export function trackerRowOf(t: Tracker): TrackerRow | undefined {
  const data = storedTrackerData(t);
  if (!data) return undefined;
  const dataSource = t.dataSource as { integration?: { slug?: string } } | undefined;
  return {
    id: t.trackerId,
    name: t.name,
    client: t.client,
    channel: dataSource?.integration?.slug ?? "",
    currency: t.currency,
    errored: Boolean(t.dataLoadFail || t.budgetLoadFail),
    data,
  };
}
