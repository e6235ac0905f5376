import { randomUUID } from "node:crypto";
import { BatchGetCommand, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { MAX_TRACKERS_PER_CREATE, type Pod, type SharedBudget, type Tracker } from "@pacer/core";
import { batchWriteRetrying } from "./batch-write.ts";
import { documentClientFor } from "./client.ts";
import { nowIso } from "./entities/common.ts";
import { TRACKER_INDEXES } from "./entities/constants.ts";
import { isConditionFailure, NotFoundError, VersionConflictError } from "./errors.ts";
import { db } from "./service.ts";
import { tableName } from "./table.ts";
import { markTrackersChanged, type TrackerListWrites, trackerWrite } from "./tracker-list-snapshot.ts";
import { TransactionCollision, transactRetrying } from "./transaction-retry.ts";

/** A tracker as stored: core's domain record (see domain-items.ts). */
export type { Tracker };

/** What a new tracker is made of; ids, dates, version, figures and flags are set by the repository. */
export type NewTracker = Pick<Tracker, "name" | "dataSource" | "timeZone" | "createdBy"> &
  Partial<
    Pick<
      Tracker,
      | "client"
      | "currency"
      | "automatedBudget"
      | "manualBudgetValue"
      | "budgetPeriod"
      | "associatedUserIds"
      | "data"
      | "dataComputedAt"
      | "requiresUpdate"
    >
  >;

/** The user-editable settings of a tracker; every change of them increments `version`. */
export type TrackerSettings = Pick<
  Tracker,
  | "name"
  | "client"
  | "currency"
  | "currencySet"
  | "automatedBudget"
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
  | "requiresUpdate"
  | "associatedUserIds"
  | "filters"
>;

/** A settings change: a field set to `null` is removed (e.g. clearing the previous over/under spend). */
export type TrackerSettingsChanges = { [K in keyof TrackerSettings]?: TrackerSettings[K] | null };

/**
 * Fields the data refresh owns; written without touching `version`. `platformBudget: null` removes
 * the stored platform budget (the platform has none).
 */
export type TrackerRefreshState = Partial<
  Pick<
    Tracker,
    | "dataLoading"
    | "isUpdating"
    | "isBudgetUpdating"
    | "dataLoadFail"
    | "budgetLoadFail"
    | "err"
    | "lastRefreshedAt"
    | "lastFailedAt"
    | "lastFailure"
  > & { platformBudget: Tracker["platformBudget"] | null }
>;

/** Computed figures to store with a settings change or a recomputation. */
export interface TrackerDataWrite {
  /** The engine's TrackerData as JSON. */
  data: string;
  /** ISO timestamp of the computation. */
  dataComputedAt: string;
  /** Today's spend as this refresh saw it (written with a refresh only; core `nextSpendProgress`). */
  spendProgress?: Tracker["spendProgress"];
}

/** A create that would take the account over its tracker allowance (nothing was written). */
export class TrackerAllowanceError extends Error {
  constructor(
    readonly existing: number,
    readonly requested: number,
    readonly allowance: number,
  ) {
    super(`${existing} trackers + ${requested} new exceeds the allowance of ${allowance}`);
    this.name = "TrackerAllowanceError";
  }
}

export { MAX_TRACKERS_PER_CREATE };

/** One tracker of an account, or undefined (a tracker id of another account is simply not there). */
export async function findTracker(accountId: string, trackerId: string): Promise<Tracker | undefined> {
  const { data } = await (await db()).entities.tracker.get({ accountId, trackerId }).go();
  return data ?? undefined;
}

/**
 * A tracker's settings version alone (a projection: the item's figures are not read), or undefined
 * when the tracker does not exist. The refresh worker checks with it that the settings it fetched
 * with are still the tracker's.
 */
export async function findTrackerVersion(
  accountId: string,
  trackerId: string,
): Promise<{ version: number | undefined } | undefined> {
  const { data } = await (await db()).entities.tracker
    .get({ accountId, trackerId })
    .go({ attributes: ["version"] });
  return data ? { version: data.version } : undefined;
}

/**
 * One tracker of an account.
 * @throws NotFoundError
 */
export async function getTracker(accountId: string, trackerId: string): Promise<Tracker> {
  const tracker = await findTracker(accountId, trackerId);
  if (!tracker) throw new NotFoundError("Tracker");
  return tracker;
}

/**
 * The tracker ids' key space (lower-case hex UUIDs) cut in four ranges of first characters: the
 * list reads them in parallel, so an account's 1 MB pages are fetched four at a time.
 */
const ID_RANGES = [
  ["0", "3"],
  ["4", "7"],
  ["8", "b"],
  ["c", "f"],
] as const;

/**
 * Every tracker item of an account, each mapped by `map` as it is read: four parallel range queries
 * over `TRACKER#<trackerId>` (see ID_RANGES), each read page by page. Requests grow with 1 MB pages
 * (plus at most four partial ones), never with the number of trackers. Order: by tracker id within
 * each range.
 *
 * The queries are ElectroDB's own (`.params()`, so the keys and the projection are built in one
 * place), run page by page on the document client, and the items are taken as stored instead of
 * through ElectroDB's per-attribute formatting, which cost a quarter of the list's CPU.
 * @param attributes read only these attributes (a projection: less to send and parse; DynamoDB
 *   still charges each item's whole size), or every attribute when undefined.
 */
async function queryTrackerItems<T>(
  accountId: string,
  map: (raw: Record<string, unknown>) => T,
  attributes?: readonly (keyof Tracker & string)[],
): Promise<T[]> {
  const parts = await Promise.all(
    ID_RANGES.map(async ([from, to]) => {
      const params = (await db()).entities.tracker.query
        .byAccount({ accountId })
        .between({ trackerId: from }, { trackerId: `${to}~` })
        .params(attributes ? { attributes } : {}) as QueryCommandInput;
      const items: T[] = [];
      let startKey: QueryCommandInput["ExclusiveStartKey"];
      do {
        const page = await documentClientFor().send(
          new QueryCommand({ ...params, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
        );
        for (const raw of page.Items ?? []) items.push(map(raw));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return items;
    }),
  );
  return parts.flat();
}

/**
 * Every tracker of an account ({@link queryTrackerItems}: four parallel range queries, items as
 * stored). The hot read of the dashboard (2,000 trackers per call): only the key and entity
 * attributes are dropped and the data source parsed (the entity's `get` hook).
 */
export async function listTrackers(accountId: string): Promise<Tracker[]> {
  return queryTrackerItems(accountId, asStoredTracker);
}

/** Attributes of a stored item that are keys or ElectroDB's bookkeeping, not tracker fields. */
const NOT_FIELDS = new Set([
  "pk",
  "sk",
  "gsi1pk",
  "gsi1sk",
  "gsi2pk",
  "gsi2sk",
  "gsi3pk",
  "gsi3sk",
  "__edb_e__",
  "__edb_v__",
]);

/** A tracker item as read from the table, in the entity's shape. */
function asStoredTracker(raw: Record<string, unknown>): Tracker {
  const tracker: Record<string, unknown> = {};
  for (const key in raw) if (!NOT_FIELDS.has(key)) tracker[key] = raw[key];
  if (typeof tracker.dataSource === "string") tracker.dataSource = JSON.parse(tracker.dataSource);
  return tracker as unknown as Tracker;
}

/**
 * What decides who sees a tracker (core `canSeeTracker`, with the tracker's pod): its id and
 * associated users; with its name and client, which the alert views show.
 */
export type TrackerAccess = Pick<Tracker, "trackerId" | "name" | "client" | "associatedUserIds">;

/** The attributes of {@link TrackerAccess}, read as a projection by both of its reads. */
const ACCESS_ATTRIBUTES = ["trackerId", "name", "client", "associatedUserIds"] as const;

/** A projected tracker item as {@link TrackerAccess}: no client is "", no associated users none. */
function asAccess(raw: Record<string, unknown>): TrackerAccess {
  return {
    trackerId: raw.trackerId as string,
    name: raw.name as string,
    client: (raw.client as string | undefined) ?? "",
    associatedUserIds: (raw.associatedUserIds as string[] | undefined) ?? [],
  };
}

/**
 * Every tracker of an account, only the fields that decide who sees it and its name and client (the
 * alert views): the list's read ({@link queryTrackerItems}, four parallel range queries) projected
 * to those fields. DynamoDB charges the whole items (about 0.19 read unit per tracker, eventually
 * consistent), and it grows with the account; to judge the trackers a pod, shared budget or form
 * names, read only those with {@link getTrackerAccess}.
 */
export async function listTrackerAccess(accountId: string): Promise<TrackerAccess[]> {
  return queryTrackerItems(accountId, asAccess, ACCESS_ATTRIBUTES);
}

/** DynamoDB's limit of keys in one BatchGetItem. */
const BATCH_GET_KEYS = 100;
/** BatchGetItem requests in flight at once for one {@link getTrackerAccess} call. */
const BATCH_GET_CONCURRENCY = 4;
/** How many times the unprocessed keys of one BatchGetItem are asked for again. */
const BATCH_GET_ATTEMPTS = 6;

/**
 * The share of an account's trackers above which {@link getTrackerAccess} reads the whole account
 * ({@link listTrackerAccess}) instead of the named trackers. BatchGetItem charges 0.5 read unit per
 * named tracker (each item's size rounded up to 4 KB), the account's query about 0.19 per tracker
 * (the 1.5 KB items of stored figures summed: 1,921 units at 10,000), so the query costs less once
 * the names pass about 38% of the account; it was also as fast at half (10,000 trackers on
 * DynamoDB Local: 417 ms for the whole account against 448 ms for 5,000 named, p50), though the
 * local engine's stalls while it reads the whole account make its p95 worse there (BENCHMARKS.md,
 * "Pods and shared budgets").
 */
export const TRACKER_ACCESS_LIST_SHARE = 0.4;

/**
 * The access fields of the named trackers of an account, by tracker id: a pod's, a shared budget's
 * or a form's (docs: BENCHMARKS.md, "Pods and shared budgets at 2,000 and 10,000 trackers"). Ids
 * with no tracker of this account (deleted, or another account's) are simply absent from the map;
 * duplicates are read once.
 *
 * Up to 100 names, or names of up to {@link TRACKER_ACCESS_LIST_SHARE} of the account's trackers
 * (its counter, one GetItem), are read by BatchGetItem of 100 keys, {@link BATCH_GET_CONCURRENCY}
 * at a time, projected to `trackerId`, `name`, `client` and `associatedUserIds` (less to send and
 * parse; DynamoDB still charges each item's whole size, rounded up to 4 KB: 0.5 read unit per
 * tracker, eventually consistent); more names read the whole account ({@link listTrackerAccess},
 * the same projection) and keep the named.
 * @throws Error when keys are still unprocessed after the retries (never an incomplete map: a
 *   tracker left out would be taken as deleted).
 */
export async function getTrackerAccess(
  accountId: string,
  trackerIds: Iterable<string>,
): Promise<Map<string, TrackerAccess>> {
  const ids = [...new Set(trackerIds)];
  const found = new Map<string, TrackerAccess>();
  // One BatchGetItem's worth is read as it is, without the counter's read first.
  if (
    ids.length > BATCH_GET_KEYS &&
    ids.length > TRACKER_ACCESS_LIST_SHARE * (await countTrackers(accountId))
  ) {
    const named = new Set(ids);
    for (const t of await listTrackerAccess(accountId)) if (named.has(t.trackerId)) found.set(t.trackerId, t);
    return found;
  }
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += BATCH_GET_KEYS) batches.push(ids.slice(i, i + BATCH_GET_KEYS));
  let next = 0;
  const worker = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      for (const item of await batchGetAccess(accountId, batch)) found.set(item.trackerId, item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_GET_CONCURRENCY, batches.length) }, worker));
  return found;
}

/** A stand-in tracker id: the key ElectroDB builds for it shows where a tracker id goes in the key. */
const ID_MARK = "\u0000tracker\u0000";

/**
 * The table keys of an account's trackers. ElectroDB builds one key (for {@link ID_MARK}) and each
 * id is put in its place: building every key through ElectroDB cost 50-85 µs each, a quarter of a
 * second for 5,000 trackers (the keys are the same: the entity's casing is "none").
 */
async function trackerKeys(
  accountId: string,
  trackerIds: readonly string[],
): Promise<Record<string, string>[]> {
  const probe = (await db()).entities.tracker.get({ accountId, trackerId: ID_MARK }).params().Key as Record<
    string,
    string
  >;
  return trackerIds.map((trackerId) => {
    const key: Record<string, string> = {};
    for (const [name, value] of Object.entries(probe)) key[name] = value.replace(ID_MARK, trackerId);
    return key;
  });
}

/** One BatchGetItem of at most 100 trackers' access fields, asking again for unprocessed keys. */
async function batchGetAccess(accountId: string, trackerIds: readonly string[]): Promise<TrackerAccess[]> {
  const table = tableName();
  let keys: Record<string, unknown>[] = await trackerKeys(accountId, trackerIds);
  const items: TrackerAccess[] = [];
  for (let attempt = 0; keys.length > 0; attempt++) {
    if (attempt === BATCH_GET_ATTEMPTS) throw new Error("Tracker access: keys left unprocessed");
    if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt * Math.random()));
    const { Responses, UnprocessedKeys } = await documentClientFor().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: keys,
            ProjectionExpression: ACCESS_ATTRIBUTES.map((_, i) => `#a${i}`).join(", "),
            ExpressionAttributeNames: Object.fromEntries(
              ACCESS_ATTRIBUTES.map((name, i) => [`#a${i}`, name]),
            ),
          },
        },
      }),
    );
    for (const raw of Responses?.[table] ?? []) items.push(asAccess(raw));
    keys = (UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
  }
  return items;
}

/** How many trackers the account has (the counter kept with every create and delete). */
export async function countTrackers(accountId: string): Promise<number> {
  const { data } = await (await db()).entities.trackerCount.get({ accountId }).go();
  return data?.count ?? 0;
}

/**
 * How many copies of a tracker item each write of it makes: one per index of the tracker entity
 * (the table's own key, and one per secondary index that projects it). A write's capacity is
 * charged once per copy (the cost model, infra/src/cost-model.ts). Counted from the tracker entity's
 * index names as listed beside the models (`TRACKER_INDEXES`, entities/constants.ts; a test checks
 * them against the entity), so it stays synchronous and builds no entity.
 */
export function trackerItemCopies(): number {
  return TRACKER_INDEXES.length;
}

/**
 * Creates trackers in one transaction together with the account's tracker counter, on the condition
 * that the count stays within `allowance`: either all are created or none is.
 * @throws TrackerAllowanceError when existing plus new trackers would exceed the allowance (also when
 *   a concurrent create took the room meanwhile).
 * @throws RangeError for more than {@link MAX_TRACKERS_PER_CREATE} trackers.
 */
export async function createTrackers(
  accountId: string,
  trackers: readonly NewTracker[],
  allowance: number,
  now: Date = new Date(),
): Promise<Tracker[]> {
  if (trackers.length === 0) return [];
  if (trackers.length > MAX_TRACKERS_PER_CREATE) {
    throw new RangeError(`At most ${MAX_TRACKERS_PER_CREATE} trackers can be created at once`);
  }
  const existing = await countTrackers(accountId);
  const n = trackers.length;
  if (existing + n > allowance) throw new TrackerAllowanceError(existing, n, allowance);
  const createdAt = nowIso(now);
  const items = trackers.map((t) => ({ ...t, accountId, trackerId: randomUUID(), createdAt }));
  const result = await (await db()).transaction
    .write(({ tracker, trackerCount }) => [
      trackerCount
        .update({ accountId })
        .add({ count: n })
        .where(({ count }, { notExists, lte }) => `${notExists(count)} OR ${lte(count, allowance - n)}`)
        .commit(),
      ...items.map((item) => tracker.create(item).commit()),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.code === "ConditionalCheckFailed") {
      throw new TrackerAllowanceError(await countTrackers(accountId), n, allowance);
    }
    throw new Error("Tracker creation transaction was cancelled");
  }
  await markTrackersChanged(accountId);
  const { data } = await (await db()).entities.tracker
    .get(items.map(({ trackerId }) => ({ accountId, trackerId })))
    .go();
  const byId = new Map(data.map((t) => [t.trackerId, t]));
  return items.map((i) => byId.get(i.trackerId)).filter((t): t is Tracker => t !== undefined);
}

function splitChanges(changes: TrackerSettingsChanges): { set: Partial<Tracker>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  return { set: set as Partial<Tracker>, remove };
}

/**
 * Writes a settings change (and the figures computed for the new settings) only if the stored
 * `version` is still `expectedVersion`, incrementing it (optimistic locking).
 * @throws VersionConflictError when another writer changed the tracker meanwhile, or it was deleted.
 */
export async function updateTrackerAt(
  accountId: string,
  trackerId: string,
  expectedVersion: number,
  changes: TrackerSettingsChanges,
  computed?: TrackerDataWrite,
): Promise<Tracker> {
  const { set, remove } = splitChanges(changes);
  try {
    let op = (await db()).entities.tracker
      .patch({ accountId, trackerId })
      .set({ ...set, ...(computed ?? {}) });
    if (remove.length) op = op.remove(remove as never[]);
    const { data } = await op
      .add({ version: 1 })
      .where(({ version }, { eq }) => eq(version, expectedVersion))
      .go({ response: "all_new" });
    await markTrackersChanged(accountId);
    return data as Tracker;
  } catch (error) {
    if (isConditionFailure(error)) throw new VersionConflictError("Tracker");
    throw error;
  }
}

/**
 * What a refresh that landed writes with the figures (`putTrackerData`), in the same write: the
 * flags settled as `settleTrackerRefresh` settles a success (`isUpdating`, `isBudgetUpdating`,
 * `dataLoading`, `dataLoadFail` off; `budgetLoadFail` and `err` from `budgetErr`) and the platform's
 * budget it read.
 */
export interface RefreshLanding {
  /** The budget at the platform (automated trackers); null: none there (removed); absent: not read. */
  platformBudget?: Tracker["platformBudget"] | null;
  /** The platform budget did not load: `budgetLoadFail` with this `err`; absent: both cleared. */
  budgetErr?: { title: string; msg: string };
}

/**
 * Stores recomputed figures if the settings are still those of `computedFromVersion` (the version
 * the computation read), without changing the version. With `refreshed`, also clears
 * `requiresUpdate` and stamps `lastRefreshedAt` (a data refresh has just landed); with a
 * {@link RefreshLanding}, also settles the refresh flags and stores the platform budget: a refresh
 * writes the tracker item once.
 * @param writes the caller's announced tracker writes (a refresh job): the list marker is bumped
 *   before the write by the announcement instead of after it (tracker-list-snapshot.ts).
 * @returns the updated tracker, or undefined when the settings changed meanwhile (or the tracker is
 *   gone): the caller recomputes from a fresh read.
 */
export async function putTrackerData(
  accountId: string,
  trackerId: string,
  computedFromVersion: number,
  computed: TrackerDataWrite,
  refreshed: boolean | RefreshLanding = false,
  writes?: TrackerListWrites,
): Promise<Tracker | undefined> {
  const landing = typeof refreshed === "object" ? refreshed : undefined;
  const remove = landing
    ? [...(landing.budgetErr ? [] : ["err"]), ...(landing.platformBudget === null ? ["platformBudget"] : [])]
    : [];
  try {
    return await trackerWrite(accountId, writes, async () => {
      let op = (await db()).entities.tracker.patch({ accountId, trackerId }).set({
        ...computed,
        ...(refreshed ? { requiresUpdate: false, lastRefreshedAt: computed.dataComputedAt } : {}),
        ...(landing
          ? {
              isUpdating: false,
              isBudgetUpdating: false,
              dataLoading: false,
              dataLoadFail: false,
              budgetLoadFail: landing.budgetErr !== undefined,
              ...(landing.budgetErr ? { err: landing.budgetErr } : {}),
              ...(landing.platformBudget ? { platformBudget: landing.platformBudget } : {}),
            }
          : {}),
      });
      if (remove.length) op = op.remove(remove as never[]);
      const { data } = await op
        .where(({ version }, { eq }) => eq(version, computedFromVersion))
        .go({ response: "all_new" });
      return data as Tracker;
    });
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Sets the refresh flags of a tracker (data loading, updating, load failures and their error, the
 * platform budget) without touching its settings version. `writes`: as for {@link putTrackerData}.
 * @throws NotFoundError when the tracker does not exist.
 */
export async function setTrackerRefreshState(
  accountId: string,
  trackerId: string,
  state: TrackerRefreshState,
  writes?: TrackerListWrites,
): Promise<void> {
  const entries = Object.entries(state).filter(([, v]) => v !== undefined && v !== null);
  const removed = Object.entries(state)
    .filter(([, v]) => v === null)
    .map(([k]) => k as "platformBudget");
  if (entries.length === 0 && removed.length === 0) return;
  try {
    await trackerWrite(accountId, writes, async () => {
      const patch = (await db()).entities.tracker.patch({ accountId, trackerId });
      if (entries.length === 0) await patch.remove(removed).go();
      else {
        const set = patch.set(Object.fromEntries(entries) as Partial<Tracker>);
        await (removed.length ? set.remove(removed) : set).go();
      }
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("Tracker");
    throw error;
  }
}

/** How many times a write over several items is retried when one of the other items changed. */
const TRANSACTION_ATTEMPTS = 4;

/**
 * Deletes a tracker in one transaction with everything that lists it: it leaves its pod and its
 * shared budget (each written only if unchanged since read) and the account's tracker counter goes
 * down. Then removes its messages and daily metrics (a re-run finishes an interrupted clean-up).
 * @param expectedVersion delete only if the tracker is still at this version (undefined: any).
 * @throws NotFoundError, or VersionConflictError when the tracker changed from expectedVersion.
 */
export async function deleteTracker(
  accountId: string,
  trackerId: string,
  expectedVersion?: number,
): Promise<Tracker> {
  return transactRetrying("Tracker", TRANSACTION_ATTEMPTS, async () => {
    const tracker = await getTracker(accountId, trackerId);
    if (expectedVersion !== undefined && tracker.version !== expectedVersion) {
      throw new VersionConflictError("Tracker");
    }
    const [pods, budgets] = await Promise.all([
      (await db()).entities.pod.query.byAccount({ accountId }).go({ pages: "all" }),
      (await db()).entities.sharedBudget.query.byAccount({ accountId }).go({ pages: "all" }),
    ]);
    const inPods: Pod[] = pods.data.filter((p) => p.trackers.includes(trackerId));
    const inBudgets: SharedBudget[] = budgets.data.filter((b) => b.trackers.some((t) => t._id === trackerId));
    const result = await (await db()).transaction
      .write(({ tracker: t, trackerCount, pod, sharedBudget }) => [
        t
          .delete({ accountId, trackerId })
          .where(({ version }, { eq }) => eq(version, tracker.version))
          .commit(),
        trackerCount.update({ accountId }).add({ count: -1 }).commit(),
        ...inPods.map((p) =>
          pod
            .patch({ accountId, podId: p.podId })
            .set({ trackers: p.trackers.filter((id) => id !== trackerId) })
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, p.version))
            .commit(),
        ),
        ...inBudgets.map((b) =>
          sharedBudget
            .patch({ accountId, sharedBudgetId: b.sharedBudgetId })
            .set({ trackers: b.trackers.filter((x) => x._id !== trackerId) })
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, b.version))
            .commit(),
        ),
      ])
      .go();
    if (!result.canceled) {
      await markTrackersChanged(accountId);
      await deleteTrackerChildren(accountId, trackerId);
      return tracker;
    }
    const trackerChanged = result.data[0]?.code === "ConditionalCheckFailed";
    if (trackerChanged && expectedVersion !== undefined) throw new VersionConflictError("Tracker");
    throw new TransactionCollision();
  });
}

/**
 * Removes a deleted tracker's messages, daily metrics and AutoPilot items (settings and actions);
 * idempotent; unprocessed deletes are sent again.
 */
export async function deleteTrackerChildren(accountId: string, trackerId: string): Promise<void> {
  const [messages, days, actions] = await Promise.all([
    (await db()).entities.message.query
      .byTracker({ accountId, trackerId })
      .go({ pages: "all", attributes: ["accountId", "trackerId", "messageId"] }),
    (await db()).entities.dailyMetric.query
      .byTracker({ accountId, trackerId })
      .go({ pages: "all", attributes: ["accountId", "trackerId", "date"] }),
    (await db()).entities.autopilotAction.query
      .byTracker({ accountId, trackerId })
      .go({ pages: "all", attributes: ["accountId", "trackerId", "actionId"] }),
  ]);
  await (await db()).entities.autopilotSettings.delete({ accountId, trackerId }).go();
  await batchWriteRetrying(
    actions.data.map((a) => ({ accountId, trackerId, actionId: a.actionId as string })),
    async (batch) => (await db()).entities.autopilotAction.delete(batch).go(),
    (key) => key.actionId,
    "AutoPilot actions",
  );
  await batchWriteRetrying(
    messages.data.map((m) => ({ accountId, trackerId, messageId: m.messageId as string })),
    async (batch) => (await db()).entities.message.delete(batch).go(),
    (key) => key.messageId,
    "messages",
  );
  await batchWriteRetrying(
    days.data.map((d) => ({ accountId, trackerId, date: d.date as string })),
    async (batch) => (await db()).entities.dailyMetric.delete(batch).go(),
    (key) => key.date,
    "daily metrics",
  );
}
