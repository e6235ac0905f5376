import { findTracker, getIntegration, settleTrackerRefresh, type Tracker } from "@pacer/db";
import type { TrackerFilterInput } from "../../contract/refresh.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { logger } from "../lib/logger.ts";
import { type RefreshReason, requestTrackerRefresh } from "../lib/refresh-queue.ts";
import type { Session } from "../lib/session.ts";
import { requireWriter, visibleTracker } from "../lib/tracker-access.ts";
import { pushTrackerChange } from "../lib/tracker-push.ts";
import { REFRESH_ERROR_TEXTS } from "../refresh-worker/failures.ts";
import { changeTracker } from "../trackers/use-cases.ts";
import { trackerView } from "../trackers/views.ts";

/**
 * The on-demand refresh calls (trackers.md sections 4 and 7): both go through the refresh pipeline
 * (one message on the tracker's platform queue, run by the same worker as the scheduled refresh).
 * The answer is the tracker at once, 'Currently Updating'; the worker pushes it again with its new
 * figures when the refresh lands (realtime `tracker` message), and the dashboard's 30-second
 * re-fetch sees it too.
 */

/** Texts of these calls. */
export const REFRESH_TEXTS = {
  notQueued: "The refresh could not be started, please try again in a moment",
} as const;

/**
 * Queues the tracker's refresh, unless its connection is gone or was refused by the platform: then
 * no job is queued (it could only fail) and the tracker carries the `err` saying so.
 * @returns the tracker as stored after the flags were set.
 */
async function refreshOrExplain(tracker: Tracker, reason: RefreshReason, now: Date, full = false) {
  const source = tracker.dataSource as { integration?: { slug?: string; email?: string } };
  const integration = await getIntegration(
    tracker.accountId,
    source.integration?.slug ?? "",
    source.integration?.email ?? "",
  );
  if (!integration || integration.authFailedAt) {
    const err = integration
      ? { title: REFRESH_ERROR_TEXTS.authTitle, msg: REFRESH_ERROR_TEXTS.auth }
      : { title: REFRESH_ERROR_TEXTS.removedTitle, msg: REFRESH_ERROR_TEXTS.removed };
    return settleTrackerRefresh(tracker.accountId, tracker.trackerId, { ok: false, err });
  }
  try {
    return await requestTrackerRefresh(tracker, { reason, now, full });
  } catch (error) {
    logger.error("On-demand refresh not queued", {
      trackerId: tracker.trackerId,
      errorName: error instanceof Error ? error.name : "Error",
      message: error instanceof Error ? error.message : undefined,
    });
    throw new AppError("SERVICE_UNAVAILABLE", REFRESH_TEXTS.notQueued);
  }
}

/**
 * `refresh-single-tracker-data`: refreshes a tracker the caller may see and edit.
 * @throws AppError 403 (Viewer), 404 (not visible), 503 (could not be queued)
 */
export async function refreshTrackerFor(session: Session, trackerId: string, now: Date) {
  requireWriter(session);
  const { tracker, joins } = await visibleTracker(session.accountId, session, trackerId);
  const flagged = await refreshOrExplain(tracker, "on-demand", now);
  if (!flagged) throw notFound("Tracker");
  await pushTrackerChange(flagged);
  return trackerView(flagged, joins, "detail");
}

/** The filter settings that are stored (no values list, no loading or error state). */
function storedFilter(f: TrackerFilterInput) {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    ...(f.integration !== undefined ? { integration: f.integration } : {}),
    selection: f.selection,
    ...(f.maxSelection !== undefined && f.maxSelection !== null ? { maxSelection: f.maxSelection } : {}),
    ...(f.disabled !== undefined ? { disabled: f.disabled } : {}),
    ...(f.descriptionText !== undefined ? { descriptionText: f.descriptionText } : {}),
  };
}

/**
 * `update-single-tracker` (the Update Tracker button of pending filter changes): stores the filters
 * (optimistic locking as every tracker change: `if-match`), marks the tracker awaiting a refresh,
 * and refreshes its whole history, since filters change every day's figures. The change is kept
 * when the refresh cannot be queued (the next scheduled run refreshes it).
 * @throws AppError 403, 404, 409 (stale `if-match`)
 */
export async function updateTrackerFiltersFor(
  session: Session,
  trackerId: string,
  filters: TrackerFilterInput[],
  expectedVersion: number | undefined,
  now: Date,
) {
  const view = await changeTracker(
    session,
    trackerId,
    expectedVersion,
    () => ({ filters: filters.map(storedFilter), requiresUpdate: true }),
    now,
  );
  const tracker = await findTracker(session.accountId, trackerId);
  if (!tracker) throw notFound("Tracker");
  let flagged: Tracker | undefined;
  try {
    flagged = await refreshOrExplain(tracker, "filters-changed", now, true);
  } catch {
    flagged = undefined;
  }
  if (flagged) await pushTrackerChange(flagged);
  const state = flagged ?? tracker;
  return {
    ...view,
    isUpdating: state.isUpdating ?? false,
    dataLoading: state.dataLoading ?? false,
    dataLoadFail: state.dataLoadFail ?? false,
    err: state.err ?? null,
  };
}
