import {
  budgetCalendar,
  budgetSettings,
  encodeTrackerData,
  metricsWindow,
  nextSpendProgress,
  pacingEvents,
  retry,
  type TrackerBudgetFields,
  type TrackerData,
  type TrackerPacing,
  trackerData,
  trackerPacing,
} from "@pacer/core";
import {
  findTracker,
  listDailyMetrics,
  type Message,
  putTrackerData,
  type RefreshLanding,
  type Tracker,
  type TrackerDataWrite,
  type TrackerListWrites,
  type TrackerSettings,
  VersionConflictError,
} from "@pacer/db";

/**
 * The tracker figures use-case: every figure of a tracker comes from the engine (`@pacer/core`
 * trackerData) over the tracker's settings and its stored daily metrics, and is stored on the
 * tracker, so listing trackers is a read. Called by every settings change (in the same conditional
 * write as the change), and by the refresh pipeline after it upserts daily metrics.
 */

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
 * Writes of the account's tracker list marker per refresh job: one, the job's announcement of its
 * tracker writes before the first of them (`TrackerListWrites` of `@pacer/db`, made in
 * refresh-worker/job.ts), instead of one after each tracker write. Proven by
 * refresh-worker.int.test.ts; the cost model charges it (infra/src/cost-model.ts).
 */
export const REFRESH_LIST_MARKER_WRITES = 1;

/**
 * Writes of the tracker item per successful refresh job: one, the figures with the refresh stamp,
 * today's spend progress, the settled flags and the platform budget (`recomputeTrackerData` with a
 * `landing`, one conditional write), where it was two (figures, then the settled flags) and three
 * with an automated budget. Proven by refresh-worker.int.test.ts; the cost model charges it.
 */
export const REFRESH_TRACKER_WRITES = 1;

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
 * @param options.landing with a refresh verdict of true, the refresh's flags and platform budget go
 *   in the same write (`RefreshLanding` of `@pacer/db`): the figures are computed with that budget.
 * @param options.writes the caller's announced tracker writes (`TrackerListWrites` of `@pacer/db`).
 * @param options.current the tracker as the caller has just read it: the first attempt computes from
 *   it instead of reading it again (one read less per refresh job). The write is conditional on its
 *   settings version, so a change made since makes the next attempt read the tracker afresh.
 * @returns the tracker with its new figures, or undefined when the tracker does not exist (deleted).
 * @throws Error when the settings kept changing during every attempt.
 */
export async function recomputeTrackerData(
  accountId: string,
  trackerId: string,
  now: Date = new Date(),
  options: {
    refreshed?: boolean | ((tracker: Tracker) => boolean);
    landing?: RefreshLanding;
    writes?: TrackerListWrites;
    current?: Tracker;
  } = {},
): Promise<Tracker | undefined> {
  let given = options.current;
  try {
    return await retry(
      async () => {
        const tracker = given ?? (await findTracker(accountId, trackerId));
        given = undefined;
        if (!tracker) return undefined;
        const refreshed =
          typeof options.refreshed === "function" ? options.refreshed(tracker) : options.refreshed;
        // The platform budget the refresh read is what the figures are computed with.
        const budget = refreshed ? options.landing?.platformBudget : undefined;
        const { write, today } = await computeTrackerFigures(
          budget === undefined ? tracker : { ...tracker, platformBudget: budget ?? undefined },
          now,
        );
        // A refresh records today's spend as fetched, for the stalled-spend alert.
        const progress = refreshed
          ? { spendProgress: nextSpendProgress(tracker.spendProgress, today.date, today.spendMicros, now) }
          : {};
        const stored = await putTrackerData(
          accountId,
          trackerId,
          tracker.version,
          { ...write, ...progress },
          refreshed && options.landing ? options.landing : refreshed === true,
          options.writes,
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
