import type { GroupData, SharedBudgetTrackerRow, TrackerRow } from "@pacer/core/aggregate";
import {
  aggregateTrackers,
  groupByClient,
  groupByPod,
  sharedBudgetTable,
  sharedBudgetTotals,
} from "@pacer/core/aggregate";
import type { SharedBudgetSettings } from "@pacer/core/budget";
import type { BudgetCalendar } from "@pacer/core/calendar";
import { DEFAULT_CURRENCY } from "@pacer/core/format";
import type { Staleness, TrackerRowState } from "@pacer/core/row-state";
import { isTrackerErrored, trackerRowState, trackerStaleness } from "@pacer/core/row-state";
import type { TrackerData } from "@pacer/core/tracker-data";
import type { TrackerView } from "../../../lib/tracker-types";

/**
 * The rows of the dashboard tables. A tracker row pairs the tracker as the server answers it with
 * the engine's `TrackerRow` (the stored figures; the browser computes none). Group rows (client, pod,
 * shared budget) are aggregated here with the engine's functions.
 */

export interface TrackerTableRow {
  kind: "tracker";
  id: string;
  tracker: TrackerView;
  /** The engine row; null before the server computed the tracker's figures. */
  row: TrackerRow | null;
  state: TrackerRowState;
  /** Why the tracker is stale (its last success is older than two refresh cycles); null when fresh. */
  staleness: Staleness | null;
  /** The name, lower-cased, for the search. */
  searchName: string;
  /** Shared budgets: the tracker's allocation (percent, or null in money mode) and budget. */
  allocation?: { percent: number | null; budget: number };
}

export type GroupType = "client" | "pod" | "sharedBudget";

export interface GroupTableRow {
  kind: "group";
  id: string;
  groupType: GroupType;
  /** Client name, pod name or shared budget name. */
  label: string;
  /** The pod or shared budget id (client groups: the client name). */
  key: string;
  data: GroupData;
  /** A tracker in the group failed to load: the row is red (spec section 2.3). */
  errored: boolean;
  requiresUpdate: boolean;
  subRows: TrackerTableRow[];
}

export type DashboardRow = TrackerTableRow | GroupTableRow;

const cache = new WeakMap<TrackerView, TrackerTableRow>();

/** What a tracker's freshness is judged against: the account's refresh cycle (hours) and the time. */
export interface FreshnessClock {
  hourlyCycle: number;
  /** Epoch ms. */
  now: number;
}

/**
 * The table row of a tracker, cached per tracker object: a list re-fetch or a push that leaves a
 * tracker unchanged keeps its row (and its rendered cells) while it stays as fresh or stale as it
 * was. Without a `clock` no tracker is judged stale.
 */
export function trackerTableRow(tracker: TrackerView, clock?: FreshnessClock): TrackerTableRow {
  const staleness = clock ? trackerStaleness(tracker, clock.hourlyCycle, clock.now) : null;
  const cached = cache.get(tracker);
  if (cached && (cached.staleness === null) === (staleness === null)) return cached;
  const row: TrackerRow | null = tracker.data
    ? {
        id: tracker._id,
        name: tracker.name,
        client: tracker.client ?? "",
        channel: tracker.dataSource?.integration?.slug ?? "",
        currency: tracker.currency || DEFAULT_CURRENCY,
        errored: isTrackerErrored(tracker),
        data: tracker.data as TrackerData,
      }
    : null;
  const state = trackerRowState(tracker, staleness !== null);
  const made: TrackerTableRow = {
    kind: "tracker",
    id: tracker._id,
    tracker,
    row,
    // Figures not computed yet: shown like a tracker whose data is loading.
    state: row === null && state === "normal" ? "loading" : state,
    staleness,
    searchName: tracker.name.toLowerCase(),
  };
  cache.set(tracker, made);
  return made;
}

/** Tracker rows whose name contains `search`, case-insensitively (spec: 'Search Trackers'). */
export function searchRows(rows: readonly TrackerTableRow[], search: string): TrackerTableRow[] {
  const q = search.trim().toLowerCase();
  return q ? rows.filter((r) => r.searchName.includes(q)) : (rows as TrackerTableRow[]);
}

function engineRows(rows: readonly TrackerTableRow[]): TrackerRow[] {
  const out: TrackerRow[] = [];
  for (const r of rows) if (r.row) out.push(r.row);
  return out;
}

/**
 * The Totals footer of a table (spec pods-budgets-alerts-users-connections.md 2.9 'Show Totals'),
 * from the engine: the trackers of the table summed; in the shared-budget table, the shared budgets'
 * group rows summed (`sharedBudgetTotals`: each shared budget is paced on its own total), so that
 * the footer agrees with the group rows shown.
 */
export function tableTotals(rows: readonly DashboardRow[]): GroupData {
  const trackers: TrackerTableRow[] = [];
  const sharedBudgets: GroupTableRow[] = [];
  for (const r of rows) {
    if (r.kind === "tracker") trackers.push(r);
    else if (r.groupType === "sharedBudget") sharedBudgets.push(r);
    else trackers.push(...r.subRows);
  }
  if (sharedBudgets.length === 0) return aggregateTrackers(engineRows(trackers));
  return sharedBudgetTotals(sharedBudgets.map((g) => ({ group: g.data, trackers: engineRows(g.subRows) })));
}

/** Client groups (spec section 2, Client-grouped table): trackers with a non-empty client. */
export function clientGroups(rows: readonly TrackerTableRow[]): GroupTableRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const withoutFigures = rows.filter((r) => !r.row && r.tracker.client);
  const groups = groupByClient(engineRows(rows));
  const result: GroupTableRow[] = groups.map((g) => {
    const subRows = g.rows.map((r) => byId.get(r.id) as TrackerTableRow);
    return groupRow("client", g.key, g.key, g.data, subRows);
  });
  // Trackers without figures yet still appear under their client.
  for (const r of withoutFigures) {
    let group = result.find((g) => g.key === r.tracker.client);
    if (!group) {
      group = groupRow("client", r.tracker.client, r.tracker.client, aggregateTrackers([]), []);
      result.push(group);
    }
    group.subRows.push(r);
  }
  return result;
}

/** A pod as the pod calls answer it (spec section 3). */
export interface PodLike {
  _id: string;
  name: string;
  trackers: readonly string[];
}

/** Pod groups (spec section 2.3), in the pods' order, each with its loaded trackers. */
export function podGroups(pods: readonly PodLike[], rows: readonly TrackerTableRow[]): GroupTableRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return groupByPod(pods, engineRows(rows)).map((g) => {
    const subRows: TrackerTableRow[] = [];
    for (const id of g.key.trackers) {
      const r = byId.get(typeof id === "string" ? id : (id as { _id: string })._id);
      if (r) subRows.push(r);
    }
    return groupRow("pod", g.key._id, g.key.name, g.data, subRows);
  });
}

/** A shared budget as the shared-budget calls answer it (spec section 3). */
export interface SharedBudgetLike extends SharedBudgetSettings {
  _id: string;
  name: string;
}

/**
 * Shared-budget groups (spec section 2.6): each shared budget's trackers merged with the loaded
 * tracker data and re-paced on their allocations by the engine (`sharedBudgetTable`).
 */
export function sharedBudgetGroups(
  budgets: readonly SharedBudgetLike[],
  rows: readonly TrackerTableRow[],
  calendar: BudgetCalendar,
): GroupTableRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const all = engineRows(rows);
  return budgets.map((b) => {
    const table = sharedBudgetTable(b, all, calendar);
    const subRows = table.trackers.map((t: SharedBudgetTrackerRow) => {
      const base = byId.get(t.id) as TrackerTableRow;
      return {
        ...base,
        row: t,
        allocation: { percent: t.allocationPercent, budget: t.allocation },
      } satisfies TrackerTableRow;
    });
    return groupRow("sharedBudget", b._id, b.name, table.group, subRows);
  });
}

function groupRow(
  groupType: GroupType,
  key: string,
  label: string,
  data: GroupData,
  subRows: TrackerTableRow[],
): GroupTableRow {
  return {
    kind: "group",
    id: `${groupType}:${key}`,
    groupType,
    key,
    label,
    data,
    errored: data.erroredCount > 0,
    requiresUpdate: subRows.some((r) => r.tracker.requiresUpdate),
    subRows,
  };
}

/** While searching, groups left without a matching tracker are not shown. */
export function withoutEmptyGroups(groups: readonly GroupTableRow[], search: string): GroupTableRow[] {
  return search.trim() ? groups.filter((g) => g.subRows.length > 0) : (groups as GroupTableRow[]);
}
