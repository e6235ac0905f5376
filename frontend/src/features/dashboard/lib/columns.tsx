import type { GroupData } from "@pacer/core/aggregate";
import { MULTI_CURRENCY_TOOLTIP } from "@pacer/core/aggregate";
import { budgetAdjustmentTooltip } from "@pacer/core/budget";
import type { CellValue, TableRow } from "@pacer/core/cells";
import { cellTone, cellValue } from "@pacer/core/cells";
import { COLUMNS, METRIC_COLUMNS, type MetricColumnId } from "@pacer/core/columns";
import { countLabel, formatCell, formatMoney, formatPercent } from "@pacer/core/format";
import { ROW_STATE_TEXTS } from "@pacer/core/row-state";
import type { CellContext, ColumnDef, HeaderContext, Table } from "@tanstack/react-table";
import { ChannelIcon } from "../../../components/ui/channel-icon";
import { DayBasisMarker } from "../../../components/ui/day-basis-note";
import {
  AdjustedIcon,
  ChartIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  CurrenciesIcon,
  StarIcon,
} from "../../../components/ui/icons";
import { Tooltip } from "../../../components/ui/tooltip";
import type { DashboardRow, GroupTableRow, TrackerTableRow } from "./rows";
import { sortKey } from "./sort";

/**
 * The column definitions of the dashboard tables, built once at module load from the engine's
 * column catalogue (`COLUMNS`): the tables read their cells through `cellValue` / `formatCell` /
 * `cellTone`, so every figure, N/A and over-budget style comes from `@pacer/core`.
 *
 * Callbacks and per-render facts reach the cells through the table's `meta` ({@link DashboardMeta}).
 * A column with an accessor is sortable by its header; the accessor is the sort key of lib/sort.ts
 * (the table sorts the whole list itself, so TanStack's sorting is manual).
 */

/** The accessor of a sortable column: its sort key. */
const sortable = (id: string) => ({ id, accessorFn: (row: DashboardRow) => sortKey(row, id) });

export interface DashboardMeta {
  /** Whether a tracker is in the user's favourites. */
  isFavourite: (trackerId: string) => boolean;
  toggleFavourite: (row: TrackerTableRow) => void;
  /** Opens the manage modal of a pod or shared budget (the Manage cell). */
  manageGroup: (row: GroupTableRow) => void;
  /** Opens the pacing chart of a client, pod or shared budget (the chart button by its name). */
  showPacing?: (row: GroupTableRow) => void;
  /** The footer's figures when the account's showTableTotals is on; null hides the footer. */
  totals: GroupData | null;
  /** The tracker table's footer shows actual and lifetime spend only (spec section 2). */
  totalsColumns: "spend" | "all";
  /** Trackers in a grouped table (the '# Trackers / Name' header count). */
  trackerCount: number;
}

type Ctx = CellContext<DashboardRow, unknown>;
type HeaderCtx = HeaderContext<DashboardRow, unknown>;

function metaOf(table: Table<DashboardRow>): DashboardMeta {
  return table.options.meta as DashboardMeta;
}

function stop(event: { stopPropagation: () => void }) {
  event.stopPropagation();
}

/** The engine row of a table row (a tracker's row or a group's aggregate), and its currency. */
function figures(r: DashboardRow): { data: TableRow; currency: string | null } | null {
  if (r.kind === "group") return { data: r.data, currency: r.data.currency };
  return r.row ? { data: r.row, currency: r.row.currency } : null;
}

/** The value of one metric of a row (N/A with its reason), or null before its figures exist. */
export function metricCell(r: DashboardRow, id: MetricColumnId): CellValue | null {
  const f = figures(r);
  return f ? cellValue(f.data, id) : null;
}

/** The text and tone of one metric cell. */
export function metricText(r: DashboardRow, id: MetricColumnId): { text: string; negative: boolean } {
  const f = figures(r);
  if (!f) return { text: "", negative: false };
  return {
    text: formatCell(cellValue(f.data, id), id, f.currency),
    negative: cellTone(f.data, id) === "negative",
  };
}

function MetricCell({ row, column }: Ctx) {
  const { text, negative } = metricText(row.original, column.id as MetricColumnId);
  return negative ? <span className="cell-negative">{text}</span> : text;
}

function totalsFooter({ table, column }: HeaderCtx) {
  const meta = metaOf(table);
  if (!meta.totals) return null;
  const id = column.id as MetricColumnId;
  if (meta.totalsColumns === "spend" && id !== "actualSpend" && id !== "lifetimeSpend") return null;
  const currency = meta.totals.currency;
  return formatCell(cellValue(meta.totals, id), id, currency);
}

/**
 * A tracker's state beside its name (spec trackers.md section 2, Tracker row states, by priority):
 * the load error's message (also as its tooltip), the data-loading spinner, 'Currently Updating',
 * 'Awaiting data refresh' or 'Budget Updating', else the adjusted-budget icon with its tooltip when
 * the budget includes past over/under spend ('6' marks six months). Nothing for a plain normal row.
 */
export function TrackerStatus({ r }: { r: TrackerTableRow }) {
  const { tracker, state } = r;
  switch (state) {
    case "loadError": {
      const msg = tracker.err?.msg ?? tracker.err?.title ?? "";
      return msg ? (
        <Tooltip content={msg}>
          <span className="row-error-message">{msg}</span>
        </Tooltip>
      ) : null;
    }
    case "loading":
      return (
        <>
          <span className="spinner spinner-sm" aria-hidden="true" />
          <span className="sr-only">Loading data</span>
        </>
      );
    case "stale":
    case "updating":
    case "awaitingRefresh":
    case "budgetUpdating":
      return <span className={`row-state row-state-${state}`}>{ROW_STATE_TEXTS[state]}</span>;
    default: {
      const adjustment = r.row?.data.budgetAdjustment;
      if (!adjustment) return null;
      const text = budgetAdjustmentTooltip(adjustment.kind);
      return (
        <Tooltip content={text} focusable>
          <span className="adjusted-icon" role="img" aria-label={text}>
            <AdjustedIcon size={14} />
            {adjustment.kind === "lastSixMonths" && <span className="adjusted-six">6</span>}
          </span>
        </Tooltip>
      );
    }
  }
}

/**
 * The name cell of a tracker: its name, its state ({@link TrackerStatus}) and, on a platform that
 * reports UTC days, the 'UTC days' marker with its note.
 */
export function TrackerNameCell({ r }: { r: TrackerTableRow }) {
  return (
    <span className={r.state === "loadError" ? "tracker-name tracker-name-error" : "tracker-name"}>
      <span>{r.tracker.name}</span>
      <TrackerStatus r={r} />
      <DayBasisMarker tracker={r.tracker} />
    </span>
  );
}

function NameCell({ row }: Ctx) {
  const r = row.original;
  if (r.kind === "group") return countLabel(r.data.trackerCount || r.subRows.length, "tracker");
  return <TrackerNameCell r={r} />;
}

function ChannelCell({ row }: Ctx) {
  const r = row.original;
  if (r.kind === "group") return countLabel(r.data.channelCount, "channel");
  const slug = r.tracker.dataSource?.integration?.slug ?? "";
  return slug ? <ChannelIcon slug={slug} size={24} /> : null;
}

/** The star that adds a tracker to the user's favourites or removes it (not for Viewers). */
export function FavouriteButton({ r, meta }: { r: TrackerTableRow; meta: DashboardMeta }) {
  const on = meta.isFavourite(r.id);
  return (
    <button
      type="button"
      className={`star-button ${on ? "star-on" : ""}`}
      aria-pressed={on}
      aria-label={on ? `Remove ${r.tracker.name} from favourites` : `Add ${r.tracker.name} to favourites`}
      onClick={(event) => {
        stop(event);
        meta.toggleFavourite(r);
      }}
    >
      <StarIcon fill={on ? "currentColor" : "none"} />
    </button>
  );
}

function FavouriteCell({ row, table }: Ctx) {
  const r = row.original;
  return r.kind === "tracker" ? <FavouriteButton r={r} meta={metaOf(table)} /> : null;
}

/**
 * A group's name as an expand/collapse button, and the multi-currency icon with its tooltip
 * ('Multiple currencies used for this client') when the group mixes currencies; with `onPacing`, a
 * chart button that opens the group's pacing chart (beyond the spec).
 */
export function GroupLabel({
  r,
  expanded,
  onToggle,
  labelId,
  onPacing,
}: {
  r: GroupTableRow;
  expanded: boolean;
  onToggle: () => void;
  labelId?: string;
  onPacing?: (row: GroupTableRow) => void;
}) {
  return (
    <span className="group-cell">
      <button
        type="button"
        className="group-toggle"
        aria-expanded={expanded}
        onClick={(event) => {
          stop(event);
          onToggle();
        }}
      >
        {expanded ? <ChevronDownIcon size={16} /> : <ChevronRightIcon size={16} />}
        <span id={labelId}>{r.label}</span>
      </button>
      {r.data.multiCurrency && (
        <Tooltip content={MULTI_CURRENCY_TOOLTIP} focusable>
          <span className="multi-currency" role="img" aria-label={MULTI_CURRENCY_TOOLTIP}>
            <CurrenciesIcon size={16} />
          </span>
        </Tooltip>
      )}
      {onPacing && (
        <button
          type="button"
          className="icon-button pacing-button"
          aria-label={`Pacing chart of ${r.label}`}
          title="Pacing chart"
          onClick={(event) => {
            stop(event);
            onPacing(r);
          }}
        >
          <ChartIcon size={16} />
        </button>
      )}
    </span>
  );
}

function GroupCell({ row, table }: Ctx) {
  const r = row.original;
  if (r.kind !== "group") return null;
  return (
    <GroupLabel
      r={r}
      expanded={row.getIsExpanded()}
      onToggle={() => row.toggleExpanded()}
      onPacing={metaOf(table).showPacing}
    />
  );
}

/** A pod's or shared budget's Manage button (opens its manage modal). */
export function ManageGroupButton({ r, meta }: { r: GroupTableRow; meta: DashboardMeta }) {
  return (
    <button
      type="button"
      className="btn btn-link btn-sm"
      aria-label={`Manage ${r.label}`}
      onClick={(event) => {
        stop(event);
        meta.manageGroup(r);
      }}
    >
      Manage
    </button>
  );
}

function ManageCell({ row, table }: Ctx) {
  const r = row.original;
  return r.kind === "group" ? <ManageGroupButton r={r} meta={metaOf(table)} /> : null;
}

/** A shared budget tracker's allocation: a percent, or its budget in money mode ('' for others). */
export function allocationText(r: TrackerTableRow): string {
  if (!r.allocation) return "";
  return r.allocation.percent === null
    ? formatMoney(r.allocation.budget, r.row?.currency ?? null)
    : formatPercent(r.allocation.percent);
}

function AllocationCell({ row }: Ctx) {
  const r = row.original;
  return r.kind === "tracker" ? allocationText(r) || null : null;
}

const favouriteColumn: ColumnDef<DashboardRow> = {
  id: "favourite",
  enableSorting: false,
  header: () => <span className="sr-only">Favourite</span>,
  cell: FavouriteCell,
  size: 44,
};

const nameColumn = (header: ColumnDef<DashboardRow>["header"]): ColumnDef<DashboardRow> => ({
  ...sortable("name"),
  header,
  cell: NameCell,
  footer: ({ table }) => (metaOf(table).totals ? "Totals" : null),
});

const clientColumn: ColumnDef<DashboardRow> = {
  ...sortable("client"),
  header: "Client",
  cell: ({ row }) => (row.original.kind === "tracker" ? row.original.tracker.client : null),
};

const channelColumn: ColumnDef<DashboardRow> = {
  ...sortable("channel"),
  header: "Channel",
  cell: ChannelCell,
};

/** One column per metric of the catalogue, in catalogue order (the account's order is applied later). */
const metricColumns: ColumnDef<DashboardRow>[] = METRIC_COLUMNS.map((def) => ({
  ...sortable(def.id),
  header: def.name,
  cell: MetricCell,
  footer: totalsFooter,
}));

const groupColumn = (header: string): ColumnDef<DashboardRow> => ({
  ...sortable("group"),
  header,
  cell: GroupCell,
  footer: ({ table }) => (metaOf(table).totals ? "Totals" : null),
});

const groupNameColumn = nameColumn(
  ({ table }: HeaderCtx) => `# Trackers / Name (${metaOf(table).trackerCount})`,
);
groupNameColumn.footer = undefined;

const manageColumn: ColumnDef<DashboardRow> = {
  id: "manage",
  enableSorting: false,
  header: () => <span className="sr-only">Manage</span>,
  cell: ManageCell,
};

const allocationColumn: ColumnDef<DashboardRow> = {
  ...sortable("allocation"),
  header: "Allocation",
  cell: AllocationCell,
};

/** Tracker and Favourites views: star, Name, Client, Channel and the metrics. */
export const TRACKER_COLUMNS: ColumnDef<DashboardRow>[] = [
  favouriteColumn,
  nameColumn("Name"),
  clientColumn,
  channelColumn,
  ...metricColumns,
];

/** Client view: Client (group), '# Trackers / Name', Channel and the metrics. */
export const CLIENT_COLUMNS: ColumnDef<DashboardRow>[] = [
  groupColumn("Client"),
  groupNameColumn,
  channelColumn,
  ...metricColumns,
];

/** Pod view (spec section 2.3): Pod, '# Trackers / Name', Channel, the metrics, Manage. */
export const POD_COLUMNS: ColumnDef<DashboardRow>[] = [
  groupColumn("Pod"),
  groupNameColumn,
  channelColumn,
  ...metricColumns,
  manageColumn,
];

/** Shared Budgets view (spec section 2.6): Budget Name, '#Trackers/Name', Channel, Allocation, metrics, Manage. */
export const SHARED_BUDGET_COLUMNS: ColumnDef<DashboardRow>[] = [
  groupColumn("Budget Name"),
  groupNameColumn,
  channelColumn,
  allocationColumn,
  ...metricColumns,
  manageColumn,
];

/** Columns before the catalogue's own order in each table. */
const LEADING: Record<"tracker" | "grouped", readonly string[]> = {
  tracker: ["favourite"],
  grouped: ["group"],
};

/**
 * The column order of a table: its leading control columns, then the catalogue in the account's
 * columnsOrder (`orderedIds`, from the engine's `orderColumns`), with the shared budgets'
 * Allocation right after Budget, and Manage last.
 */
export function columnOrderFor(kind: "tracker" | "grouped", orderedIds: readonly string[]): string[] {
  const order = [...LEADING[kind]];
  for (const id of orderedIds) {
    if (kind === "grouped" && id === "client") continue;
    order.push(id);
    if (id === "budget") order.push("allocation");
  }
  order.push("manage");
  return order;
}

/** Every catalogue column id, for places that need the default order. */
export const CATALOGUE_IDS: readonly string[] = COLUMNS.map((c) => c.id);
