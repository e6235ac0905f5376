import { randomUUID } from "node:crypto";
import { BatchGetCommand, BatchWriteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { documentClientFor } from "./client.ts";
import { isConditionFailure } from "./errors.ts";
import { TABLE, tableName } from "./table.ts";

/**
 * The per-account snapshot of the tracker list (functions/README.md, "The list snapshot").
 *
 * Two kinds of item under the account's partition, outside every entity (raw items, written and read
 * here only):
 * - the marker `ACCOUNT#<accountId>` / `TRACKERLIST`: `changed` (a counter every tracker write adds 1
 *   to, after the write: {@link markTrackersChanged}; or before a series of writes, announced:
 *   {@link TrackerListWrites}), `changedAt` (ISO time of the last bump), `changesUntil` (ISO time
 *   until which announced writes may still land) and, once a snapshot is stored, `snapshot` =
 *   `{ buildId, shards, builtFrom, builtAt, bytes }`;
 * - the shards of a snapshot or an answer `ACCOUNT#<accountId>` / `TRACKERLIST#<buildId>#<n>`: `body` (binary, at
 *   most {@link SHARD_BYTES}), immutable, removed by TTL a day after they were written (TTL deletes
 *   cost no write capacity; deleting a 380 KB item would cost 380 WCU). A reader never uses a
 *   snapshot older than {@link SNAPSHOT_MAX_AGE_MS}, so it never meets a shard TTL has removed;
 * - beside a snapshot's shards, its head `ACCOUNT#<accountId>` / `TRACKERLIST#<buildId>#head`: `body`
 *   (binary, at most {@link SHARD_BYTES}), the opaque bytes of the list's first page, written with
 *   the shards before the marker points at them (so it is never staler than its snapshot) and
 *   removed by TTL with them; the marker's `snapshot.head` is its size in bytes.
 *
 * A snapshot is valid while the marker's `changed` equals its `builtFrom`. The builder reads the
 * marker before its full read of the trackers and stores the snapshot only on the condition that
 * `changed` is still that value, so a tracker written during a rebuild never leaves a stale snapshot
 * valid; and (the list's rule) only once the marker's last change and its `changesUntil` are in the
 * past, so a snapshot is never stored while announced writes may still land. The payload is opaque
 * here (the functions' list module encodes and compresses it).
 */

const MARKER_SK = "TRACKERLIST";
/** Bytes of snapshot per shard item: under DynamoDB's 400 KB item limit with its keys and names. */
export const SHARD_BYTES = 380_000;
/** How long a shard stays in the table (TTL) after it was written: one day. */
const SHARD_TTL_SECONDS = 24 * 60 * 60;
/** The oldest snapshot a reader uses (then it rebuilds): half the shards' time to live. */
export const SNAPSHOT_MAX_AGE_MS = (SHARD_TTL_SECONDS * 1000) / 2;

const pk = (accountId: string) => `ACCOUNT#${accountId}`;
const shardKey = (accountId: string, buildId: string, n: number) => ({
  [TABLE.partitionKey]: pk(accountId),
  [TABLE.sortKey]: `${MARKER_SK}#${buildId}#${n}`,
});
const headKey = (accountId: string, buildId: string) => ({
  [TABLE.partitionKey]: pk(accountId),
  [TABLE.sortKey]: `${MARKER_SK}#${buildId}#head`,
});
const markerKey = (accountId: string) => ({
  [TABLE.partitionKey]: pk(accountId),
  [TABLE.sortKey]: MARKER_SK,
});

/** Where a stored snapshot's bytes are and which marker value it was built from. */
export interface TrackerListSnapshotRef {
  buildId: string;
  shards: number;
  /** The marker's `changed` when the build read the trackers. */
  builtFrom: number;
  /** ISO time of the build. */
  builtAt: string;
  bytes: number;
  /** Bytes of the snapshot's head item when one was stored with it (see {@link readTrackerListSnapshotHead}). */
  head?: number;
}

/** The account's marker: its `changed` counter, the time of its last bump, and the stored snapshot. */
export interface TrackerListMarker {
  /** 0 for an account whose trackers were never written through the repository functions. */
  changed: number;
  /** ISO time of the last bump, undefined when never bumped. */
  changedAt?: string;
  /** ISO time until which writes announced by {@link TrackerListWrites} may land, if any. */
  changesUntil?: string;
  snapshot?: TrackerListSnapshotRef;
  /** The stored whole answer, if any (see {@link storeTrackerListAnswer}). */
  answer?: TrackerListAnswerRef;
}

/** A stored whole list answer: its shards, the marker value it was built from, and what it was cut for. */
export interface TrackerListAnswerRef extends TrackerListSnapshotRef {
  /** What the answer depends on beyond the trackers (the caller's digest of the joins it holds). */
  key: string;
}

/**
 * The latest time (epoch ms) a tracker write known to the marker happened or may still happen: its
 * last bump or the end of its announced writes, whichever is later; 0 when never written.
 */
export function trackersChangedUntil(marker: TrackerListMarker): number {
  return Math.max(
    marker.changedAt ? Date.parse(marker.changedAt) : 0,
    marker.changesUntil ? Date.parse(marker.changesUntil) : 0,
  );
}

/**
 * Records that one or more trackers of the account changed (created, edited, refreshed, deleted):
 * one small UpdateItem (`ADD changed 1`, 1 WCU). Called by every tracker write of this package
 * AFTER its own write succeeded, so a list built before the bump is never taken as current.
 */
export async function markTrackersChanged(accountId: string, now: Date = new Date()): Promise<void> {
  await documentClientFor().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: markerKey(accountId),
      UpdateExpression: "ADD #changed :one SET #changedAt = :now",
      ExpressionAttributeNames: { "#changed": "changed", "#changedAt": "changedAt" },
      ExpressionAttributeValues: { ":one": 1, ":now": now.toISOString() },
    }),
  );
}

/** How long one announcement of tracker writes covers the writes that follow it: 10 seconds. */
export const TRACKER_WRITES_WINDOW_MS = 10_000;
/**
 * A write is covered by an announcement only when it starts at least this long before the
 * announcement's end (the write's own request time), else it announces again.
 */
const TRACKER_WRITES_MARGIN_MS = 2_000;

/**
 * Announces tracker writes of the account that will land before `until`, before they are made: one
 * small UpdateItem (1 WCU) that adds 1 to `changed` (the stored snapshot is no longer valid) and
 * sets `changesUntil` (no snapshot is stored until it has passed, see {@link trackersChangedUntil}).
 * When another announcement already reaches further, nothing is written: that one covers these
 * writes too (its bump came first, and no snapshot can be stored before its end).
 */
export async function announceTrackerWrites(accountId: string, now: Date, until: Date): Promise<void> {
  try {
    await documentClientFor().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: markerKey(accountId),
        UpdateExpression: "ADD #changed :one SET #changedAt = :now, #until = :until",
        ConditionExpression: "attribute_not_exists(#until) OR #until < :until",
        ExpressionAttributeNames: {
          "#changed": "changed",
          "#changedAt": "changedAt",
          "#until": "changesUntil",
        },
        ExpressionAttributeValues: { ":one": 1, ":now": now.toISOString(), ":until": until.toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The tracker writes of one actor (a refresh job, a scheduler run) announced on the marker ahead of
 * them, instead of one bump after each write: the first write announces a window of
 * {@link TRACKER_WRITES_WINDOW_MS}, and the writes inside it make no marker write; a write too close
 * to the window's end announces a new one. Because the bump comes before the write, a process that
 * dies right after a write never leaves a stale snapshot valid: the snapshot was invalidated by the
 * announcement, and a new one is stored only after the window (with what was written).
 * Pass it to the tracker writes of this package that take it (`putTrackerData`, the refresh flags).
 */
export class TrackerListWrites {
  /** Epoch ms until which the last announcement covers writes (0: none yet). */
  private until = 0;

  constructor(
    readonly accountId: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Called before each covered write: announces when no live announcement covers it. */
  async cover(): Promise<void> {
    const now = this.clock();
    if (now.getTime() + TRACKER_WRITES_MARGIN_MS < this.until) return;
    const until = now.getTime() + TRACKER_WRITES_WINDOW_MS;
    await announceTrackerWrites(this.accountId, now, new Date(until));
    this.until = until;
  }
}

/**
 * Runs one tracker write of `accountId` and keeps the marker true to it: announced before the write
 * when `writes` is given ({@link TrackerListWrites}), else bumped after it ({@link markTrackersChanged}).
 * A write that throws bumps nothing.
 */
export async function trackerWrite<T>(
  accountId: string,
  writes: TrackerListWrites | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (writes && writes.accountId === accountId) {
    await writes.cover();
    return write();
  }
  const result = await write();
  await markTrackersChanged(accountId);
  return result;
}

/** The account's marker (one strongly consistent GetItem of a small item: 1 RCU). */
export async function readTrackerListMarker(accountId: string): Promise<TrackerListMarker> {
  const { Item } = await documentClientFor().send(
    new GetCommand({ TableName: tableName(), Key: markerKey(accountId), ConsistentRead: true }),
  );
  return {
    changed: typeof Item?.changed === "number" ? Item.changed : 0,
    ...(typeof Item?.changedAt === "string" ? { changedAt: Item.changedAt } : {}),
    ...(typeof Item?.changesUntil === "string" ? { changesUntil: Item.changesUntil } : {}),
    ...(Item?.snapshot ? { snapshot: Item.snapshot as TrackerListSnapshotRef } : {}),
    ...(Item?.answer ? { answer: Item.answer as TrackerListAnswerRef } : {}),
  };
}

/**
 * The bytes of a stored snapshot (one BatchGetItem of its shards, eventually consistent: shards
 * never change once written), or undefined when a shard is gone (replaced by a newer build meanwhile).
 */
export async function readTrackerListSnapshot(
  accountId: string,
  ref: TrackerListSnapshotRef,
): Promise<Buffer | undefined> {
  const table = tableName();
  let keys = Array.from({ length: ref.shards }, (_, n) => shardKey(accountId, ref.buildId, n));
  const bodies = new Map<string, Uint8Array>();
  for (let attempt = 0; keys.length > 0 && attempt < 5; attempt++) {
    const { Responses, UnprocessedKeys } = await documentClientFor().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: keys } } }),
    );
    for (const item of Responses?.[table] ?? []) {
      bodies.set(item[TABLE.sortKey] as string, item.body as Uint8Array);
    }
    keys = (UnprocessedKeys?.[table]?.Keys ?? []) as typeof keys;
  }
  const parts: Uint8Array[] = [];
  for (let n = 0; n < ref.shards; n++) {
    const body = bodies.get(shardKey(accountId, ref.buildId, n)[TABLE.sortKey] as string);
    if (!body) return undefined;
    parts.push(body);
  }
  return Buffer.concat(parts);
}

/**
 * The bytes of a stored snapshot's head (one GetItem, eventually consistent: the head never changes
 * once written; about 0.5 RCU per 4 KB), or undefined when the snapshot has none or it is gone.
 */
export async function readTrackerListSnapshotHead(
  accountId: string,
  ref: TrackerListSnapshotRef,
): Promise<Buffer | undefined> {
  if (ref.head === undefined) return undefined;
  const { Item } = await documentClientFor().send(
    new GetCommand({ TableName: tableName(), Key: headKey(accountId, ref.buildId) }),
  );
  const body = Item?.body as Uint8Array | undefined;
  return body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined;
}

/**
 * Stores a snapshot built from the marker value `builtFrom`: writes its shards under a new build id,
 * then points the marker at them on the condition that `changed` is still `builtFrom` (a tracker
 * written meanwhile leaves the marker as it is; the unused shards are left to TTL, as are the
 * shards of the build it replaces).
 * Checks the marker first (1 RCU) and writes nothing when it moved already.
 * Write cost: 1 WCU per KB of `payload` (rounded up per shard) and of `head`, plus 1 for the marker.
 * @param now the build's time (`builtAt`; the shards' TTL counts from it)
 * @param head opaque bytes stored beside the shards as the snapshot's head item (the list's first
 *   page, read alone by {@link readTrackerListSnapshotHead}); left out when larger than
 *   {@link SHARD_BYTES}
 * @returns whether the snapshot is now the account's.
 */
export async function storeTrackerListSnapshot(
  accountId: string,
  builtFrom: number,
  payload: Buffer,
  now: Date = new Date(),
  head?: Buffer,
): Promise<boolean> {
  return storeBuild(accountId, builtFrom, payload, now, "snapshot", {}, head);
}

/**
 * Stores a whole list answer (opaque bytes, e.g. its gzipped JSON) built from the marker value
 * `builtFrom` and cut for `key` (what it depends on beyond the trackers), as
 * {@link storeTrackerListSnapshot} stores a snapshot: shards, then the marker's `answer` on the
 * condition that `changed` is still `builtFrom`. One answer per account (the last stored).
 * @returns whether the answer is now the account's.
 */
export async function storeTrackerListAnswer(
  accountId: string,
  builtFrom: number,
  key: string,
  payload: Buffer,
  now: Date = new Date(),
): Promise<boolean> {
  return storeBuild(accountId, builtFrom, payload, now, "answer", { key });
}

async function storeBuild(
  accountId: string,
  builtFrom: number,
  payload: Buffer,
  now: Date,
  field: "snapshot" | "answer",
  extra: Record<string, string>,
  head?: Buffer,
): Promise<boolean> {
  // A tracker written during the build: nothing to store (saves the shards' writes).
  if ((await readTrackerListMarker(accountId)).changed !== builtFrom) return false;
  const buildId = randomUUID();
  const shards = Math.max(1, Math.ceil(payload.byteLength / SHARD_BYTES));
  const expiresAt = Math.floor(now.getTime() / 1000) + SHARD_TTL_SECONDS;
  const items = Array.from({ length: shards }, (_, n) => ({
    ...shardKey(accountId, buildId, n),
    body: payload.subarray(n * SHARD_BYTES, (n + 1) * SHARD_BYTES),
    [TABLE.timeToLiveAttribute]: expiresAt,
  }));
  const withHead = head !== undefined && head.byteLength <= SHARD_BYTES;
  if (withHead) {
    items.push({ ...headKey(accountId, buildId), body: head, [TABLE.timeToLiveAttribute]: expiresAt });
  }
  await writeAll(items.map((Item) => ({ PutRequest: { Item } })));
  const ref = {
    buildId,
    shards,
    builtFrom,
    builtAt: now.toISOString(),
    bytes: payload.byteLength,
    ...(withHead ? { head: head.byteLength } : {}),
    ...extra,
  };
  try {
    await documentClientFor().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: markerKey(accountId),
        UpdateExpression: "SET #field = :ref",
        ConditionExpression:
          builtFrom === 0 ? "attribute_not_exists(#changed) OR #changed = :from" : "#changed = :from",
        ExpressionAttributeNames: { "#field": field, "#changed": "changed" },
        ExpressionAttributeValues: { ":ref": ref, ":from": builtFrom },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** BatchWriteItem in groups of 25 puts, sending unprocessed requests again. */
async function writeAll(requests: Record<string, unknown>[]): Promise<void> {
  const table = tableName();
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === 8) throw new Error("Tracker list snapshot: writes left unprocessed");
      const { UnprocessedItems } = await documentClientFor().send(
        new BatchWriteCommand({ RequestItems: { [table]: pending as never } }),
      );
      pending = (UnprocessedItems?.[table] ?? []) as Record<string, unknown>[];
    }
  }
}
