import { gunzipSync, gzipSync } from "node:zlib";
import {
  parseTrackerListSnapshot,
  serializeTrackerListSnapshot,
  snapshotTrackerList,
  type TrackerListRowJoins,
  type TrackerListSnapshot,
  type TrackerListSnapshotMeta,
  trackerListAnswerText,
} from "@pacer/core/tracker-list";
import { canSeeTracker, type Viewer } from "@pacer/core/visibility";
import {
  listTrackers,
  readTrackerListMarker,
  readTrackerListSnapshot,
  SNAPSHOT_MAX_AGE_MS,
  storeTrackerListSnapshot,
  type TrackerListMarker,
  trackersChangedUntil,
} from "@pacer/db";
import { logger } from "../lib/logger.ts";
import type { Session } from "../lib/session.ts";
import { loadAccountJoins } from "../lib/tracker-access.ts";
import { type TrackerJoins, trackerJoinValues, trackerView } from "./views.ts";

/**
 * The tracker list (get-trackers-by-account) from the account's list snapshot (functions/README.md,
 * "The list snapshot"): the per-tracker part of the answer is encoded once, stored compressed in
 * the table, and reused while no tracker of the account changed; the joins (pods, shared budgets,
 * users) and the visibility rule are applied to it per request.
 */

/**
 * A rebuilt snapshot is stored only when the account's trackers last changed at least this long ago:
 * while a refresh is writing trackers (every few hundred milliseconds in a large account) a snapshot
 * would be stale before it is read, and storing it costs a write capacity unit per kilobyte.
 */
export const SNAPSHOT_QUIET_MS = 5_000;

/** Where an answer's tracker rows came from (for the log and the benchmark). */
export type ListSource = "snapshot" | "rebuilt" | "rebuilt-and-stored";

/**
 * The list answer's JSON text (the table of `@pacer/core/tracker-list`) with the trackers the caller
 * may see (trackers.md section 1), oldest first, each with its stored figures.
 * Reads: the marker (1 RCU, strongly consistent) and the pods, shared budgets and users, then either
 * the snapshot's shards (one BatchGetItem, about 1 RCU per 8 KB compressed) or, when the snapshot is
 * missing or stale, every tracker item (about 0.18 RCU a tracker) and, when the trackers have been
 * quiet for {@link SNAPSHOT_QUIET_MS}, the rebuilt snapshot is stored (1 WCU per KB compressed + 1).
 */
export async function trackerListTextFor(
  session: Session,
  now: Date,
): Promise<{ text: string; source: ListSource }> {
  const accountId = session.accountId;
  // The marker is read before the trackers, so a snapshot built now is stored only if no tracker
  // was written since (storeTrackerListSnapshot's condition).
  const [marker, joins] = await Promise.all([readTrackerListMarker(accountId), loadAccountJoins(accountId)]);
  let snapshot = await storedSnapshot(accountId, marker, now);
  let source: ListSource = "snapshot";
  if (!snapshot) {
    snapshot = await buildSnapshot(accountId);
    source = "rebuilt";
    if (quietSince(marker, now)) {
      try {
        const payload = gzipSync(serializeTrackerListSnapshot(snapshot));
        if (await storeTrackerListSnapshot(accountId, marker.changed, payload, now))
          source = "rebuilt-and-stored";
      } catch (error) {
        // The answer does not depend on the store: the next call rebuilds.
        logger.warn("Tracker list snapshot not stored", {
          errorName: error instanceof Error ? error.name : "Error",
          message: error instanceof Error ? error.message : undefined,
        });
      }
    }
  }
  const text = trackerListAnswerText(snapshot, (meta) => visibleRowJoins(session, meta, joins));
  return { text, source };
}

/** The per-request columns of a row, or undefined when the viewer may not see the tracker. */
function visibleRowJoins(
  viewer: Viewer,
  meta: TrackerListSnapshotMeta,
  joins: TrackerJoins,
): TrackerListRowJoins | undefined {
  if (!canSeeTracker(viewer, meta, joins.podOf.get(meta.trackerId))) return undefined;
  return trackerJoinValues(meta.trackerId, meta.associatedUserIds, joins);
}

/** No tracker written for the quiet time, and no announced tracker write still to land. */
function quietSince(marker: TrackerListMarker, now: Date): boolean {
  return now.getTime() - trackersChangedUntil(marker) >= SNAPSHOT_QUIET_MS;
}

/**
 * The stored snapshot when it is current (built from the marker's value, younger than
 * SNAPSHOT_MAX_AGE_MS, so its shards are not yet due for TTL) and readable.
 */
async function storedSnapshot(
  accountId: string,
  marker: TrackerListMarker,
  now: Date,
): Promise<TrackerListSnapshot | undefined> {
  const ref = marker.snapshot;
  if (!ref || ref.builtFrom !== marker.changed) return undefined;
  if (now.getTime() - Date.parse(ref.builtAt) > SNAPSHOT_MAX_AGE_MS) return undefined;
  const payload = await readTrackerListSnapshot(accountId, ref);
  if (!payload) return undefined;
  try {
    return parseTrackerListSnapshot(gunzipSync(payload).toString("utf8"));
  } catch (error) {
    logger.warn("Tracker list snapshot unreadable; rebuilt", {
      errorName: error instanceof Error ? error.name : "Error",
    });
    return undefined;
  }
}

/** Every tracker of the account, oldest first, encoded without the per-request columns. */
async function buildSnapshot(accountId: string): Promise<TrackerListSnapshot> {
  const trackers = await listTrackers(accountId);
  trackers.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.trackerId.localeCompare(b.trackerId));
  const none: TrackerJoins = { podOf: new Map(), budgetOf: new Map(), users: new Map() };
  return snapshotTrackerList(
    trackers.map((t) => trackerView(t, none, "list")),
    trackers.map((t) => t.associatedUserIds),
  );
}
