import {
  addDays,
  type BudgetCalendar,
  budgetCalendar,
  FORECAST_PARAMETERS,
  type FutureBudget,
  type HistoricDataInput,
  localDate,
  NO_FORECAST,
  nextSpendProgress,
  type PacingEvent,
  retry,
  type TrackerBudgetSettings,
  type TrackerData,
  type TrackerForecastFields,
  type TrackerPacing,
  type TrackerRow,
  trackerData,
  trackerPacing,
} from "@pacer/core";
import {
  findTracker,
  listDailyMetrics,
  type Message,
  putTrackerData,
  type Tracker,
  type TrackerDataWrite,
  type TrackerSettings,
  VersionConflictError,
} from "@pacer/db";

/**
 * The tracker figures use-case: every figure of a tracker comes from the engine (`@pacer/core`
 * trackerData) over the tracker's settings and its stored daily metrics, and is stored on the
 * tracker, so listing trackers is a read. Called by every settings change (in the same conditional
 * write as the change), and by the refresh pipeline after it upserts daily metrics.
 */

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
 * Computes a tracker's figures at `now` from its settings (with `changes` applied, `null` meaning
 * removed) and its stored daily metrics.
 * @returns the figures, what to store (`data` as JSON, the computation time) and today's date and
 *   spend in micros (the tracker's time zone).
 */
export async function computeTrackerFigures(
  tracker: Pick<Tracker, "accountId" | "trackerId"> & TrackerBudgetFields,
  now: Date,
  changes: { [K in keyof TrackerSettings]?: TrackerSettings[K] | null } = {},
): Promise<{ data: TrackerData; write: TrackerDataWrite; today: { date: string; spendMicros: number } }> {
  const merged: Partial<TrackerBudgetFields> = { ...tracker };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    (merged as Record<string, unknown>)[key] = value === null ? undefined : value;
  }
  const calendar = budgetCalendar(now, tracker.timeZone);
  const window = metricsWindow(merged as Pick<Tracker, "lifetimeBudgetDates">, calendar);
  const rows = await listDailyMetrics(tracker.accountId, tracker.trackerId, window.from, window.to);
  const data = trackerData({ settings: budgetSettings(merged), rows }, calendar);
  const todaySpendMicros = rows.find((r) => r.date === calendar.today)?.spendMicros ?? 0;
  return {
    data,
    write: { data: encodeTrackerData(data), dataComputedAt: now.toISOString() },
    today: { date: calendar.today, spendMicros: todaySpendMicros },
  };
}

/**
 * The events a tracker's pacing chart marks (dates in the tracker's time zone): its creation, its
 * notes (Notes & Activity) and its last failed refresh (`lastFailedAt`, with the failure's text).
 * Budget and filter changes are not recorded with a date, so they cannot be marked.
 */
export function pacingEvents(
  tracker: Pick<Tracker, "createdAt" | "lastFailedAt" | "lastFailure" | "timeZone">,
  messages: readonly Pick<Message, "date" | "text" | "title">[],
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
 * A tracker's pacing chart series at `now` (@pacer/core `trackerPacing`) from its settings, its
 * stored daily metrics (the figures' window, which holds the forecast's history) and its events.
 */
export async function computeTrackerPacing(
  tracker: Pick<Tracker, "accountId" | "trackerId" | "createdAt" | "lastFailedAt" | "lastFailure"> &
    TrackerBudgetFields,
  messages: readonly Pick<Message, "date" | "text" | "title">[],
  now: Date,
): Promise<TrackerPacing> {
  const calendar = budgetCalendar(now, tracker.timeZone);
  const window = metricsWindow(tracker, calendar);
  const rows = await listDailyMetrics(tracker.accountId, tracker.trackerId, window.from, window.to);
  return trackerPacing(
    { settings: budgetSettings(tracker), rows, events: pacingEvents(tracker, messages) },
    calendar,
  );
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

/** How many times a recomputation starts again when the settings changed under it. */
const RECOMPUTE_ATTEMPTS = 5;

/**
 * Recomputes a tracker's figures from its current settings and stored daily metrics and stores
 * them on the tracker (the refresh pipeline calls this after `putDailyMetrics`). The figures are
 * written only if the settings are still those they were computed from; otherwise it starts again.
 * The settings version does not change, so a user's `if-match` stays valid.
 *
 * @param options.refreshed a data refresh has just landed: also clears `requiresUpdate` ("Awaiting
 *   data refresh") and stamps `lastRefreshedAt`. A predicate decides on the tracker each attempt
 *   writes over (e.g. "its filters are still those the refresh fetched with"), so the verdict holds
 *   for exactly the settings the figures are stored with. A refresh also records today's spend as
 *   fetched (`spendProgress`, core `nextSpendProgress`) for the stalled-spend alert.
 * @returns the tracker with its new figures, or undefined when the tracker does not exist (deleted).
 * @throws Error when the settings kept changing during every attempt.
 */
export async function recomputeTrackerData(
  accountId: string,
  trackerId: string,
  now: Date = new Date(),
  options: { refreshed?: boolean | ((tracker: Tracker) => boolean) } = {},
): Promise<Tracker | undefined> {
  try {
    return await retry(
      async () => {
        const tracker = await findTracker(accountId, trackerId);
        if (!tracker) return undefined;
        const { write, today } = await computeTrackerFigures(tracker, now);
        const refreshed =
          typeof options.refreshed === "function" ? options.refreshed(tracker) : options.refreshed;
        // A refresh records today's spend as fetched, for the stalled-spend alert.
        const progress = refreshed
          ? { spendProgress: nextSpendProgress(tracker.spendProgress, today.date, today.spendMicros, now) }
          : {};
        const stored = await putTrackerData(
          accountId,
          trackerId,
          tracker.version,
          { ...write, ...progress },
          refreshed,
        );
        if (!stored) throw new VersionConflictError("Tracker");
        return stored;
      },
      { attempts: RECOMPUTE_ATTEMPTS, retryIf: (error) => error instanceof VersionConflictError },
    );
  } catch (error) {
    if (!(error instanceof VersionConflictError)) throw error;
    throw new Error(`Tracker ${trackerId} kept changing while its figures were recomputed`);
  }
}
