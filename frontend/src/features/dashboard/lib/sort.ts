import { cellValue } from "@pacer/core/cells";
import { isMetricColumnId } from "@pacer/core/columns";
import type { DashboardRow, GroupTableRow, TrackerTableRow } from "./rows";

/**
 * Sorting of the dashboard tables by a column header. The tables page their rows before TanStack
 * builds them (see `DashboardTable`), so the order is applied here, to the whole list, and the page
 * then shows the first rows of the sorted list.
 *
 * Sort keys: metric columns sort by the engine's cell value (`cellValue`: micros, percent, counts or
 * ratios as the column's unit; money is compared as the figure shown, whatever its currency); N/A
 * cells (errored trackers, the other budget type, mixed-currency groups) and rows without figures
 * go last in both directions. Text columns compare with the browser's locale collation, ignoring
 * case. In grouped tables the groups sort by their own figures and each group's trackers sort
 * inside it by theirs.
 */
export interface DashboardSort {
  /** A column id of the dashboard tables (`name`, `client`, `channel`, `group`, `allocation` or a metric). */
  id: string;
  desc: boolean;
}

type SortKey = number | string | null;

/** The order of texts, made at the first sort (a page's first collator loads collation data: the first rows do not wait for it). */
let collator: Intl.Collator | undefined;
function textOrder(): Intl.Collator {
  collator ??= new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
  return collator;
}

/** The value a row sorts by in a column; null sorts last. */
export function sortKey(row: DashboardRow, columnId: string): SortKey {
  if (isMetricColumnId(columnId)) {
    const data = row.kind === "group" ? row.data : row.row;
    if (!data) return null;
    const cell = cellValue(data, columnId);
    return cell.kind === "value" ? cell.value : null;
  }
  if (row.kind === "group") {
    switch (columnId) {
      case "group":
        return row.label;
      case "name":
        return row.data.trackerCount || row.subRows.length;
      case "channel":
        return row.data.channelCount;
      default:
        return null;
    }
  }
  switch (columnId) {
    case "name":
    case "group":
      return row.tracker.name;
    case "client":
      return row.tracker.client || null;
    case "channel":
      return row.tracker.dataSource?.integration?.slug || null;
    case "allocation":
      return row.allocation ? (row.allocation.percent ?? row.allocation.budget) : null;
    default:
      return null;
  }
}

function compareKeys(a: SortKey, b: SortKey, desc: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order =
    typeof a === "number" && typeof b === "number" ? a - b : textOrder().compare(String(a), String(b));
  return desc ? -order : order;
}

function sortLevel<T extends DashboardRow>(rows: readonly T[], sort: DashboardSort): T[] {
  // Keys once per row, then a stable sort: equal keys keep the list's own order.
  const keyed = rows.map((row, index) => ({ row, index, key: sortKey(row, sort.id) }));
  keyed.sort((x, y) => compareKeys(x.key, y.key, sort.desc) || x.index - y.index);
  return keyed.map((k) => k.row);
}

const sortedGroups = new WeakMap<GroupTableRow, Map<string, GroupTableRow>>();

/** A group with its trackers in the given order; one object per group and order, so rows stay memoised. */
function withSortedSubRows(group: GroupTableRow, sort: DashboardSort): GroupTableRow {
  const cacheKey = `${sort.id}:${sort.desc ? "desc" : "asc"}`;
  let byOrder = sortedGroups.get(group);
  if (!byOrder) {
    byOrder = new Map();
    sortedGroups.set(group, byOrder);
  }
  const cached = byOrder.get(cacheKey);
  if (cached) return cached;
  const made: GroupTableRow = { ...group, subRows: sortLevel<TrackerTableRow>(group.subRows, sort) };
  byOrder.set(cacheKey, made);
  return made;
}

/**
 * The rows in the order of `sort` (a new array; the input is not changed), or the rows as given when
 * `sort` is null. Group rows come back with their trackers sorted the same way.
 */
export function sortDashboardRows(
  rows: readonly DashboardRow[],
  sort: DashboardSort | null,
): readonly DashboardRow[] {
  if (!sort) return rows;
  return sortLevel(rows, sort).map((row) => (row.kind === "group" ? withSortedSubRows(row, sort) : row));
}
