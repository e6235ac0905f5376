import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import {
  encodeTrackerList,
  parseTrackerListSnapshot,
  serializeTrackerListSnapshot,
  snapshotTrackerList,
  type TrackerListRowJoins,
  type TrackerListSnapshot,
  type TrackerListSnapshotMeta,
  trackerListAnswerText,
  trackerListSnapshotHead,
} from "@pacer/core/tracker-list";
import { canSeeTracker, type Viewer } from "@pacer/core/visibility";
import {
  listTrackers,
  readTrackerListMarker,
  readTrackerListSnapshot,
  readTrackerListSnapshotHead,
  SNAPSHOT_MAX_AGE_MS,
  storeTrackerListAnswer,
  storeTrackerListSnapshot,
  type TrackerListAnswerRef,
  type TrackerListMarker,
  trackersChangedUntil,
} from "@pacer/db";
import { logger } from "../lib/logger.ts";
import type { Session } from "../lib/session.ts";
import { loadAccountJoins } from "../lib/tracker-access.ts";
import { associatedUserView, type TrackerJoins, trackerJoinValues, trackerView } from "./views.ts";

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

/**
 * Rows in a snapshot's head, the small item stored beside it (`@pacer/db`'s snapshot head): the
 * dashboard's first page (`?first=100`, the spec's 100-row page), so an all-seeing caller's first
 * page is one small read instead of the whole snapshot's.
 */
export const SNAPSHOT_HEAD_ROWS = 100;

/**
 * Where an answer's tracker rows came from (for the log and the benchmark): `answer` is the stored
 * whole answer, sent as stored (no JSON built); `snapshot` the rows' stored part with the
 * per-request columns written for the caller; `head` a first page from the snapshot's head alone;
 * `no-snapshot` a first page asked while no current snapshot is stored (no rows, no `total`).
 */
export type ListSource = "answer" | "snapshot" | "head" | "rebuilt" | "rebuilt-and-stored" | "no-snapshot";

/** A list answer: its JSON text, or the same JSON gzipped (for a client that accepts gzip). */
export type ListAnswer = ({ text: string } | { gzip: Buffer }) & { source: ListSource };

/**
 * The gzip level of a stored whole answer: compressed once per change and sent many times, so the
 * smallest (level 6: 373 KB for the 1.5 MB answer of 2,000 trackers, where level 1 gives 419 KB).
 */
const STORED_ANSWER_GZIP_LEVEL = 6;

/**
 * The list answer (the table of `@pacer/core/tracker-list`) with the trackers the caller may see
 * (trackers.md section 1), oldest first, each with its stored figures; gzipped when `gzip` is set
 * (the client accepts it) and the answer is a stored one, else as text.
 * Reads: the marker (1 RCU, strongly consistent) and the pods, shared budgets and users. A caller
 * who sees every tracker (an Admin) then gets the account's stored whole answer when it was built
 * from the current marker value with the same joins (one BatchGetItem of its gzipped shards; no
 * JSON built, no compression). Otherwise the snapshot's shards (one BatchGetItem, about 1 RCU per
 * 8 KB compressed) or, when the snapshot is missing or stale, every tracker item (about 0.18 RCU a
 * tracker); when the trackers have been quiet for {@link SNAPSHOT_QUIET_MS}, the rebuilt snapshot
 * is stored (1 WCU per KB compressed + 1), and an all-seeing caller's answer from a current snapshot
 * is stored gzipped for the next such call (the same cost). Managers and Viewers always get their
 * answer cut per request from the snapshot, so they never get a row they may not see.
 * With `first` (the dashboard's first page, asked beside the whole list): only the first `first`
 * trackers the caller may see, in list order, and `total` (how many the whole answer holds); never
 * the stored whole answer, and nothing is stored. A caller who sees every tracker gets it from the
 * current snapshot's head when the head holds it (one GetItem of about 16 KB gzipped at
 * {@link SNAPSHOT_HEAD_ROWS} rows: 2.5 RCU, against about 180 RCU for the shards at 10,000); any other caller
 * (a Manager or Viewer, who may not see every row, and whose `total` is their own count) gets it
 * cut from the stored snapshot, as does any caller when the head is missing. When no current
 * snapshot is stored the answer holds no rows and no `total` (the caller waits for the whole list,
 * whose request rebuilds it: two requests never rebuild it side by side).
 */
export async function trackerListAnswerFor(
  session: Session,
  now: Date,
  options: { gzip: boolean; first?: number | undefined },
): Promise<ListAnswer> {
  const { first } = options;
  const accountId = session.accountId;
  // The marker is read before the trackers, so a snapshot built now is stored only if no tracker
  // was written since (storeTrackerListSnapshot's condition).
  const [marker, joins] = await Promise.all([readTrackerListMarker(accountId), loadAccountJoins(accountId)]);
  // The shared rule: only a caller who sees a tracker no one is attached to sees every tracker.
  const seesAll = canSeeTracker(session, { associatedUserIds: [] }, undefined);
  const key = seesAll && first === undefined ? joinsKey(joins) : undefined;
  if (key && current(marker.answer, marker, now) && marker.answer?.key === key) {
    const stored = await readTrackerListSnapshot(accountId, marker.answer);
    if (stored) {
      return options.gzip
        ? { gzip: stored, source: "answer" }
        : { text: gunzipSync(stored).toString("utf8"), source: "answer" };
    }
  }
  if (first !== undefined && seesAll) {
    const head = await storedHead(accountId, marker, now);
    if (head && (first <= head.meta.length || head.meta.length === head.total)) {
      try {
        const text = trackerListAnswerText(head, (meta) => visibleRowJoins(session, meta, joins), { first });
        return { text, source: "head" };
      } catch (error) {
        // A head row the caller may not see (the head's total would be wrong): the snapshot answers.
        logger.warn("Tracker list snapshot head refused for the caller; the snapshot answers", {
          errorName: error instanceof Error ? error.name : "Error",
        });
      }
    }
  }
  let snapshot = await storedSnapshot(accountId, marker, now);
  let source: ListSource = "snapshot";
  if (!snapshot && first !== undefined) return { text: NO_FIRST_PAGE, source: "no-snapshot" };
  if (!snapshot) {
    snapshot = await buildSnapshot(accountId);
    source = "rebuilt";
    if (quietSince(marker, now)) {
      try {
        const payload = gzipSync(serializeTrackerListSnapshot(snapshot));
        const head = gzipSync(
          serializeTrackerListSnapshot(trackerListSnapshotHead(snapshot, SNAPSHOT_HEAD_ROWS)),
        );
        if (await storeTrackerListSnapshot(accountId, marker.changed, payload, now, head))
          source = "rebuilt-and-stored";
      } catch (error) {
        // The answer does not depend on the store: the next call rebuilds.
        logNotStored("snapshot", error);
      }
    }
  }
  const text = trackerListAnswerText(snapshot, (meta) => visibleRowJoins(session, meta, joins), { first });
  if (key && source !== "rebuilt") {
    // The snapshot is current at marker.changed: so is this answer, with the joins read now.
    try {
      const gzip = gzipSync(text, { level: STORED_ANSWER_GZIP_LEVEL });
      await storeTrackerListAnswer(accountId, marker.changed, key, gzip, now);
      if (options.gzip) return { gzip, source };
    } catch (error) {
      logNotStored("answer", error);
    }
  }
  return { text, source };
}

/** A first page asked while no current snapshot is stored: an empty table without `total`. */
const NO_FIRST_PAGE = JSON.stringify(encodeTrackerList([]));

/** The list answer's JSON text (see {@link trackerListAnswerFor}). */
export async function trackerListTextFor(
  session: Session,
  now: Date,
): Promise<{ text: string; source: ListSource }> {
  const answer = await trackerListAnswerFor(session, now, { gzip: false });
  return {
    text: "text" in answer ? answer.text : gunzipSync(answer.gzip).toString("utf8"),
    source: answer.source,
  };
}

function logNotStored(what: "snapshot" | "answer", error: unknown): void {
  logger.warn(`Tracker list ${what} not stored`, {
    errorName: error instanceof Error ? error.name : "Error",
    message: error instanceof Error ? error.message : undefined,
  });
}

/**
 * What a whole answer depends on beyond the trackers (a SHA-256 digest): each pod's id, name and
 * trackers, each shared budget's id and trackers, and each user as a tracker's attached users show
 * them. A change to any of these gives another key, so a stored answer with the old one is not used.
 */
function joinsKey(joins: TrackerJoins): string {
  const pods = [...new Set(joins.podOf.values())].map((p) => [p.podId, p.name, p.trackers]);
  const budgets = [...new Set(joins.budgetOf.values())].map((b) => [
    b.sharedBudgetId,
    b.trackers.map((t) => t._id),
  ]);
  const users = [...joins.users.values()].map(associatedUserView);
  return createHash("sha256")
    .update(JSON.stringify([pods, budgets, users]))
    .digest("base64url");
}

/** A stored build that is current: built from the marker's value and younger than its maximum age. */
function current(
  ref: TrackerListAnswerRef | TrackerListMarker["snapshot"] | undefined,
  marker: TrackerListMarker,
  now: Date,
): ref is NonNullable<typeof ref> {
  return (
    ref !== undefined &&
    ref.builtFrom === marker.changed &&
    now.getTime() - Date.parse(ref.builtAt) <= SNAPSHOT_MAX_AGE_MS
  );
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
  if (!current(ref, marker, now)) return undefined;
  return parseStored(
    await readTrackerListSnapshot(accountId, ref),
    "Tracker list snapshot unreadable; rebuilt",
  );
}

/** The current stored snapshot's head (see {@link storedSnapshot}), when it has one and it is readable. */
async function storedHead(
  accountId: string,
  marker: TrackerListMarker,
  now: Date,
): Promise<TrackerListSnapshot | undefined> {
  const ref = marker.snapshot;
  if (!current(ref, marker, now) || ref.head === undefined) return undefined;
  const head = parseStored(
    await readTrackerListSnapshotHead(accountId, ref),
    "Tracker list snapshot head unreadable; the snapshot answers",
  );
  return head?.total === undefined ? undefined : head;
}

/**
 * A stored snapshot or head (gzipped JSON) parsed, or `undefined` when none was read or it is
 * unreadable (then `warning` is logged with the error's name only).
 */
function parseStored(payload: Uint8Array | undefined, warning: string): TrackerListSnapshot | undefined {
  if (!payload) return undefined;
  try {
    return parseTrackerListSnapshot(gunzipSync(payload).toString("utf8"));
  } catch (error) {
    logger.warn(warning, { errorName: error instanceof Error ? error.name : "Error" });
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
