/**
 * The tracker list's wire encoding (the answer of `get-trackers-by-account` and
 * `get-trackers-without-load-by-account`): a table instead of an array of objects, so 10,000
 * trackers stay far inside Lambda's 6 MB answer limit. Field names are written once (`columns`,
 * `dataColumns`), each tracker is one array of values, and what many trackers share is written once
 * and referenced by index: the attached users (`users`) and the connections (`integrations`).
 *
 * `decodeTrackerList(encodeTrackerList(views))` gives the views back field for field (values that
 * were `undefined` come back `null`, as JSON has no `undefined` in an array), so the web app works on
 * the same tracker objects as before. Shapes (spec trackers.md section 3):
 * - a row's `associatedUsers` value: indexes into `users`;
 * - a row's `dataSource` value: `[integration index, view id, view name]`;
 * - a row's `data` value: null (never computed) or the figures in `dataColumns` order.
 */

/** A tracker of the list as the server builds it and the web app reads it (the fields the codec touches). */
export interface ListedTracker {
  associatedUsers: readonly ListedUser[];
  dataSource: {
    integration: { name?: string; slug?: string; email?: string; avatar?: string };
    view: { id?: string; name?: string };
  };
  data: Readonly<Record<string, unknown>> | null;
  [field: string]: unknown;
}

/** A user attached to trackers (spec: _id, name, userType, email, avatar). */
export interface ListedUser {
  _id: string;
  [field: string]: unknown;
}

/** The list answer on the wire. */
export interface EncodedTrackerList {
  /** Tracker field of each value of a row, in order. */
  columns: string[];
  /** Figure of each value of a row's `data` array, in order. */
  dataColumns: string[];
  /** One array of values per tracker, in list order. */
  rows: unknown[][];
  /** Every user attached to a listed tracker, once. */
  users: ListedUser[];
  /** Every connection a listed tracker reads, once (name, slug, email, avatar). */
  integrations: ListedTracker["dataSource"]["integration"][];
  /**
   * Only in an answer cut to the list's first rows (`trackerListAnswerText`'s `first`): how many
   * trackers the whole list has (the caller may see), so a reader knows whether rows are missing.
   */
  total?: number;
}

const USERS = "associatedUsers";
const SOURCE = "dataSource";
const DATA = "data";

/** Index of `value` in `list` under `key`, adding it when new. */
function indexIn<T>(index: Map<string, number>, list: T[], key: string, value: T): number {
  let i = index.get(key);
  if (i === undefined) {
    i = list.length;
    list.push(value);
    index.set(key, i);
  }
  return i;
}

/**
 * Encodes tracker views for the wire. Columns are the first view's fields (every view of a list has
 * the same fields); figures' columns are the first computed `data`'s fields.
 */
export function encodeTrackerList(views: readonly ListedTracker[]): EncodedTrackerList {
  const first = views[0];
  const columns = first ? Object.keys(first) : [];
  const dataColumns = Object.keys(views.find((v) => v.data)?.data ?? {});
  const users: ListedUser[] = [];
  const userIndex = new Map<string, number>();
  const integrations: EncodedTrackerList["integrations"] = [];
  const integrationIndex = new Map<string, number>();
  const rows = views.map((view) => {
    const row = new Array<unknown>(columns.length);
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c] as string;
      const value = view[column];
      if (column === USERS) {
        row[c] = view.associatedUsers.map((u) => indexIn(userIndex, users, u._id, u));
      } else if (column === SOURCE) {
        const { integration, view: account } = view.dataSource;
        const key = `${integration.slug}\n${integration.email}\n${integration.name}\n${integration.avatar}`;
        row[c] = [indexIn(integrationIndex, integrations, key, integration), account.id, account.name];
      } else if (column === DATA) {
        const data = view.data;
        row[c] = data ? dataColumns.map((d) => data[d] ?? null) : null;
      } else {
        row[c] = value === undefined ? null : value;
      }
    }
    return row;
  });
  return { columns, dataColumns, rows, users, integrations };
}

/** Whether an answer is the encoded table (and not, say, a plain `{ trackers }` array). */
export function isEncodedTrackerList(answer: unknown): answer is EncodedTrackerList {
  const a = answer as Partial<EncodedTrackerList> | null;
  return Boolean(a && Array.isArray(a.columns) && Array.isArray(a.rows));
}

/**
 * The tracker views of an encoded list, in order.
 * @throws TypeError when a row's user or connection index points at nothing.
 */
export function decodeTrackerList<T extends ListedTracker = ListedTracker>(list: EncodedTrackerList): T[] {
  const { columns, dataColumns, users, integrations } = list;
  const viewShape = objectShape(columns);
  const dataShape = objectShape(dataColumns);
  return list.rows.map((row) => {
    const view: Record<string, unknown> = { ...viewShape };
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c] as string;
      const value = row[c];
      if (column === USERS) {
        view[column] = (value as number[]).map((i) => at(users, i, "user"));
      } else if (column === SOURCE) {
        const [i, id, name] = value as [number, string | undefined, string | undefined];
        view[column] = { integration: at(integrations, i, "connection"), view: { id, name } };
      } else if (column === DATA) {
        const values = value as unknown[] | null;
        if (values === null) view[column] = null;
        else {
          const data: Record<string, unknown> = { ...dataShape };
          for (let d = 0; d < dataColumns.length; d++) data[dataColumns[d] as string] = values[d];
          view[column] = data;
        }
      } else {
        view[column] = value;
      }
    }
    return view as T;
  });
}

/**
 * An object with `keys` (values null, in order) that the decoder copies for each row and then fills:
 * filling an empty object by computed keys makes the engine keep objects of more than a few
 * fields as hash tables (V8 leaves fast properties after 12 added out-of-object by a computed
 * key), so every later read of a tracker field (sorting, filtering, rendering) would be a hash
 * lookup. An object made by `JSON.parse` has fast properties and its copies share its layout;
 * writing existing fields keeps it. Keys and order are those of the encoded columns, as before.
 */
function objectShape(keys: readonly string[]): Record<string, unknown> {
  return JSON.parse(JSON.stringify(Object.fromEntries(keys.map((key) => [key, null])))) as Record<
    string,
    unknown
  >;
}

function at<T>(list: readonly T[], i: number, what: string): T {
  const item = list[i];
  if (item === undefined)
    throw new TypeError(`Tracker list row refers to ${what} ${i}, which is not in the list`);
  return item;
}

/**
 * The trackers of a list answer: the encoded table decoded, or a plain array (`[...]` or
 * `{ trackers: [...] }`, the shape of tracker arrays elsewhere) as it is; `[]` for anything else.
 */
export function listedTrackers<T = ListedTracker>(answer: unknown): T[] {
  if (isEncodedTrackerList(answer)) return decodeTrackerList(answer) as T[];
  if (Array.isArray(answer)) return answer as T[];
  const trackers = (answer as { trackers?: unknown } | null)?.trackers;
  return Array.isArray(trackers) ? (trackers as T[]) : [];
}

// ---------------------------------------------------------------------------------------------
// The list snapshot: the same table, its per-tracker part encoded once and stored
// ---------------------------------------------------------------------------------------------

/**
 * Columns a list answer fills per request from the account's other items and the caller: the pod
 * and shared budget joins, the attached users, and the connection (its index depends on which
 * trackers the caller sees). In an answer built from a snapshot they come after the stored columns
 * (the decoder reads columns by name, so the order is free).
 */
export const PER_REQUEST_COLUMNS = ["podId", "podName", "sharedBudgetId", USERS, SOURCE] as const;
const PER_REQUEST = new Set<string>(PER_REQUEST_COLUMNS);

/** What the per-request columns of one snapshot row are built from. */
export interface TrackerListSnapshotMeta {
  trackerId: string;
  /** The tracker's `associatedUserIds` (the visibility rule and the attached users). */
  associatedUserIds: string[];
  /** Index of the tracker's connection in the snapshot's `integrations`. */
  integration: number;
  /** The data source's view (the ad account): id and name. */
  viewId: string | undefined;
  viewName: string | undefined;
}

/**
 * The per-tracker part of a list, encoded once: stored columns and figure columns, each tracker's
 * stored values as the JSON text of a row without its brackets (`text`), and what its per-request
 * columns are built from (`meta`), in list order.
 */
export interface TrackerListSnapshot {
  columns: string[];
  dataColumns: string[];
  integrations: EncodedTrackerList["integrations"];
  meta: TrackerListSnapshotMeta[];
  text: string[];
  /**
   * Only in a snapshot's head ({@link trackerListSnapshotHead}): how many rows the whole snapshot
   * holds (the head holds its first rows).
   */
  total?: number;
}

/**
 * The head of a snapshot: its first `rows` rows (with the connections they name, renumbered) and
 * `total`, the whole snapshot's row count. Stored beside the snapshot so the list's first page is
 * one small read; it answers only a caller who sees every row (see {@link trackerListAnswerText}).
 */
export function trackerListSnapshotHead(snapshot: TrackerListSnapshot, rows: number): TrackerListSnapshot {
  const integrations: EncodedTrackerList["integrations"] = [];
  const integrationIndex = new Map<number, number>();
  const meta = snapshot.meta.slice(0, rows).map((m) => {
    let integration = integrationIndex.get(m.integration);
    if (integration === undefined) {
      integration = integrations.length;
      integrations.push(at(snapshot.integrations, m.integration, "connection"));
      integrationIndex.set(m.integration, integration);
    }
    return { ...m, integration };
  });
  return {
    columns: snapshot.columns,
    dataColumns: snapshot.dataColumns,
    integrations,
    meta,
    text: snapshot.text.slice(0, rows),
    total: snapshot.meta.length,
  };
}

/**
 * Encodes the list's tracker views (built without joins) into a snapshot; `associatedUserIds` gives
 * each view's attached user ids, in the same order.
 */
export function snapshotTrackerList(
  views: readonly ListedTracker[],
  associatedUserIds: readonly string[][],
): TrackerListSnapshot {
  const first = views[0];
  const columns = first ? Object.keys(first).filter((c) => !PER_REQUEST.has(c)) : [];
  const dataColumns = Object.keys(views.find((v) => v.data)?.data ?? {});
  const integrations: EncodedTrackerList["integrations"] = [];
  const integrationIndex = new Map<string, number>();
  const meta: TrackerListSnapshotMeta[] = [];
  const text: string[] = [];
  views.forEach((view, i) => {
    const row = new Array<unknown>(columns.length);
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c] as string;
      const value = view[column];
      if (column === DATA) {
        const data = view.data;
        row[c] = data ? dataColumns.map((d) => data[d] ?? null) : null;
      } else row[c] = value === undefined ? null : value;
    }
    text.push(JSON.stringify(row).slice(1, -1));
    const { integration, view: account } = view.dataSource;
    const key = `${integration.slug}\n${integration.email}\n${integration.name}\n${integration.avatar}`;
    meta.push({
      trackerId: String(view._id),
      associatedUserIds: associatedUserIds[i] ?? [],
      integration: indexIn(integrationIndex, integrations, key, integration),
      viewId: account.id,
      viewName: account.name,
    });
  });
  return { columns, dataColumns, integrations, meta, text };
}

/**
 * A snapshot as one string to store: a JSON header line (columns, figure columns, connections and
 * the rows' meta), then one line per row with its text (JSON text never holds a raw line break).
 */
export function serializeTrackerListSnapshot(snapshot: TrackerListSnapshot): string {
  const { text, ...header } = snapshot;
  return text.length ? `${JSON.stringify(header)}\n${text.join("\n")}` : JSON.stringify(header);
}

/**
 * The snapshot of {@link serializeTrackerListSnapshot}'s string.
 * @throws SyntaxError / TypeError when the string is not one (the caller rebuilds).
 */
export function parseTrackerListSnapshot(serialized: string): TrackerListSnapshot {
  const end = serialized.indexOf("\n");
  const header = JSON.parse(end < 0 ? serialized : serialized.slice(0, end)) as Omit<
    TrackerListSnapshot,
    "text"
  >;
  const text = end < 0 ? [] : serialized.slice(end + 1).split("\n");
  if (!Array.isArray(header.meta) || header.meta.length !== text.length) {
    throw new TypeError("Tracker list snapshot: rows and meta differ");
  }
  return { ...header, text };
}

/** The per-request columns of a row the caller may see. */
export interface TrackerListRowJoins {
  podId: string | null;
  podName: string | null;
  sharedBudgetId: string | null;
  /** The attached users that still exist, in the tracker's order. */
  associatedUsers: readonly ListedUser[];
}

/**
 * The list answer's JSON text from a snapshot: `joinsOf` answers each row's per-request columns, or
 * undefined for a tracker the caller may not see (its row, users and connection are left out).
 * Decodes (`decodeTrackerList`) to the same views as `encodeTrackerList` of the joined views.
 * With `first`, the answer holds only the first `first` rows the caller may see, in list order
 * (the users and connections those rows name), and `total`: how many the whole answer would hold.
 * From a snapshot's head (`snapshot.total` set), `total` is the head's stored count, so a head
 * answers only a caller who sees every row.
 * @throws TypeError when `snapshot` is a head and `joinsOf` refuses one of its rows.
 */
export function trackerListAnswerText(
  snapshot: TrackerListSnapshot,
  joinsOf: (meta: TrackerListSnapshotMeta) => TrackerListRowJoins | undefined,
  options: { first?: number } = {},
): string {
  const { first } = options;
  const users: ListedUser[] = [];
  const userIndex = new Map<string, number>();
  const integrations: EncodedTrackerList["integrations"] = [];
  const integrationIndex = new Map<number, number>();
  const rows: string[] = [];
  let total = 0;
  snapshot.meta.forEach((meta, i) => {
    const joins = joinsOf(meta);
    if (!joins && snapshot.total !== undefined) {
      throw new TypeError("A tracker list snapshot's head answers only a caller who sees every row");
    }
    if (!joins) return;
    total++;
    if (first !== undefined && rows.length >= first) return;
    const userIndexes = joins.associatedUsers.map((u) => indexIn(userIndex, users, u._id, u));
    let integration = integrationIndex.get(meta.integration);
    if (integration === undefined) {
      integration = integrations.length;
      integrations.push(at(snapshot.integrations, meta.integration, "connection"));
      integrationIndex.set(meta.integration, integration);
    }
    const values = JSON.stringify([
      joins.podId,
      joins.podName,
      joins.sharedBudgetId,
      userIndexes,
      [integration, meta.viewId ?? null, meta.viewName ?? null],
    ]).slice(1, -1);
    const text = snapshot.text[i] as string;
    rows.push(text ? `[${text},${values}]` : `[${values}]`);
  });
  const columns = rows.length ? [...snapshot.columns, ...PER_REQUEST_COLUMNS] : [];
  const dataColumns = rows.length ? snapshot.dataColumns : [];
  return (
    `{"columns":${JSON.stringify(columns)},"dataColumns":${JSON.stringify(dataColumns)},` +
    `"rows":[${rows.join(",")}],"users":${JSON.stringify(users)},"integrations":${JSON.stringify(integrations)}` +
    `${first === undefined ? "" : `,"total":${snapshot.total ?? total}`}}`
  );
}
