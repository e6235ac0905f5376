import { tablePageSize } from "@pacer/core/columns";
import {
  type CellContext,
  type Column,
  type ColumnDef,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  type PaginationState,
  type Row,
  type SortingState,
  type Table,
  type Updater,
  useReactTable,
  type VisibilityState,
} from "@tanstack/react-table";
import { elementScroll, type Rect, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { memo, useMemo, useRef, useState } from "react";
import { NARROW_QUERY, useMediaQuery } from "../../../components/layout/breakpoints";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { TableHead, TablePager } from "../../../components/ui/table-parts";
import type { DashboardMeta } from "../lib/columns";
import type { DashboardRow, TrackerTableRow } from "../lib/rows";
import { sortDashboardRows } from "../lib/sort";
import { DashboardCards } from "./dashboard-cards";

export interface DashboardTableProps {
  /** Module-level column definitions (lib/columns.tsx). */
  columns: ColumnDef<DashboardRow>[];
  /** A stable array: memoised by the caller. */
  rows: readonly DashboardRow[];
  caption: string;
  columnVisibility: VisibilityState;
  columnOrder: string[];
  meta: DashboardMeta;
  emptyText: string;
  /** Opens a tracker (not for Viewers: no click, no highlight). */
  onTrackerClick?: ((row: TrackerTableRow) => void) | undefined;
  /** Grouped tables: group rows expand to their trackers; a 'Collapse All' link shows. */
  grouped?: boolean;
  /**
   * The rows are the list's first page while the whole list is on its way: the headers do not sort
   * until it arrives (an order of the first page alone is not the list's).
   */
  firstPageOnly?: boolean;
}

/** Pages longer than this are virtualised. */
const VIRTUALISE_ABOVE = 30;
/**
 * Every body row's height in a virtualised page, px: fixed (cells never wrap, icons are 24 px), so
 * the virtualiser places rows by arithmetic and never measures one, neither on the first render nor
 * when a search or a sort brings other rows into view.
 */
export const ROW_HEIGHT = 41;
const FIXED_HEIGHT = { height: ROW_HEIGHT } as const;

/**
 * The scroll box's size before the browser reports it: the viewport less the page's chrome, as
 * `.table-scroll-virtual`'s max-height in dashboard.css (at least 320 px).
 */
function estimatedScrollBox(): Rect {
  return { width: window.innerWidth, height: Math.max(320, window.innerHeight - 300) };
}

/**
 * The scroll box's size from a ResizeObserver only. TanStack Virtual's default also reads
 * `clientHeight` when it subscribes, inside React's commit, which forces a layout of the whole page
 * with its new rows there; here the first size arrives with the browser's own layout of the frame
 * (until then {@link estimatedScrollBox} stands in).
 */
function observeScrollBoxSize(
  instance: Virtualizer<HTMLElement, Element>,
  onSize: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const Observer = instance.targetWindow?.ResizeObserver;
  if (!element || !Observer) return undefined;
  const observer = new Observer(([entry]) => {
    if (entry)
      onSize({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Scrolls the box, except to where it already is: on mount the virtualiser writes its offset (0)
 * to the new box, a write that forces a layout inside React's commit and moves nothing. The offset
 * compared is the virtualiser's own, kept from every scroll event.
 */
const scrollBoxTo: typeof elementScroll<HTMLElement> = (offset, options, instance) => {
  if (offset + (options.adjustments ?? 0) === instance.scrollOffset && options.behavior !== "smooth") return;
  elementScroll(offset, options, instance);
};

const columnClass = (id: string) => `col-${id}`;

const getSubRows = (row: DashboardRow) => (row.kind === "group" ? row.subRows : undefined);
const getRowId = (row: DashboardRow, _index: number, parent?: Row<DashboardRow>) =>
  parent ? `${parent.id}/${row.id}` : row.id;

function rowClass(row: Row<DashboardRow>, clickable: boolean): string {
  const r = row.original;
  const classes: string[] = [];
  if (r.kind === "group") {
    classes.push("row-group", "row-clickable");
    if (r.errored) classes.push("row-error");
  } else {
    if (row.depth > 0) classes.push("row-sub");
    if (clickable) classes.push("row-clickable");
    if (r.state === "loadError") classes.push("row-error");
    if (r.state === "awaitingRefresh") classes.push("row-awaiting");
  }
  return classes.join(" ");
}

/**
 * What a cell renderer gets (lib/columns.tsx reads `row`, `column` and `table`), made for the visible
 * columns only: TanStack's `row.getVisibleCells()` builds a cell object for every column of the
 * table (some 35, most hidden) before it keeps the visible ones. No renderer reads `cell`.
 */
function cellContext(
  table: Table<DashboardRow>,
  row: Row<DashboardRow>,
  column: Column<DashboardRow, unknown>,
): CellContext<DashboardRow, unknown> {
  return {
    table,
    column,
    row,
    cell: undefined as unknown as CellContext<DashboardRow, unknown>["cell"],
    getValue: () => row.getValue(column.id),
    renderValue: () => row.renderValue(column.id),
  };
}

interface RowProps {
  row: Row<DashboardRow>;
  /** Position in the table body (aria-rowindex counts the header row as 1). */
  index: number;
  /** Virtualised pages give every row {@link ROW_HEIGHT}. */
  fixedHeight: boolean;
  expanded: boolean;
  /** The visible columns in order ({@link columnsKey} names them): a change re-renders the row. */
  columns: readonly Column<DashboardRow, unknown>[];
  columnsKey: string;
  /** The table instance (one per table: the same object at every render). */
  table: Table<DashboardRow>;
  meta: DashboardMeta;
  onTrackerClick?: ((row: TrackerTableRow) => void) | undefined;
}

/**
 * One table row. Memoised on its data (a tracker's row object is kept while the tracker does not
 * change), its expansion, the visible columns and the cells' callbacks, so typing in the search box
 * or a push for one tracker renders only the rows that change.
 */
const DashboardTableRow = memo(
  function DashboardTableRow({ row, index, fixedHeight, columns, table, onTrackerClick }: RowProps) {
    const r = row.original;
    const clickable = r.kind === "tracker" && Boolean(onTrackerClick);
    const open = () => {
      if (r.kind === "group") row.toggleExpanded();
      else if (onTrackerClick) onTrackerClick(r);
    };
    return (
      <tr
        style={fixedHeight ? FIXED_HEIGHT : undefined}
        aria-rowindex={index + 2}
        className={rowClass(row, clickable)}
        data-row-id={r.id}
        onClick={r.kind === "group" || clickable ? open : undefined}
        onKeyDown={
          clickable
            ? (event) => {
                if ((event.key === "Enter" || event.key === " ") && event.target === event.currentTarget) {
                  event.preventDefault();
                  open();
                }
              }
            : undefined
        }
        tabIndex={clickable ? 0 : undefined}
        aria-label={clickable && r.kind === "tracker" ? `Manage ${r.tracker.name}` : undefined}
      >
        {columns.map((column) => (
          <td key={column.id} className={`col-${column.id}`}>
            {flexRender(column.columnDef.cell, cellContext(table, row, column))}
          </td>
        ))}
      </tr>
    );
  },
  (a, b) =>
    a.row.original === b.row.original &&
    a.index === b.index &&
    a.fixedHeight === b.fixedHeight &&
    a.row.depth === b.row.depth &&
    a.expanded === b.expanded &&
    a.columnsKey === b.columnsKey &&
    a.onTrackerClick === b.onTrackerClick &&
    a.meta.isFavourite === b.meta.isFavourite &&
    a.meta.toggleFavourite === b.meta.toggleFavourite &&
    a.meta.manageGroup === b.meta.manageGroup &&
    a.meta.showPacing === b.meta.showPacing,
);

/**
 * A dashboard table on TanStack Table: the account's column order, the user's column visibility,
 * sorting by a header click (lib/sort.ts: the whole list, groups and their trackers), the spec's
 * page-size rule (10, 20, 50 or 100 rows; pagination above 100 rows), expandable group
 * rows with 'Collapse All', and the totals footer. On narrow screens the same page of rows shows as
 * cards ({@link DashboardCards}).
 */
export const DashboardTable = memo(function DashboardTable({
  columns,
  rows,
  caption,
  columnVisibility,
  columnOrder,
  meta,
  emptyText,
  onTrackerClick,
  grouped = false,
  firstPageOnly = false,
}: DashboardTableProps) {
  const sizing = tablePageSize(rows.length);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  // Sorted here, on the whole list, before paging (TanStack's sorting is manual): a header click
  // orders every tracker of the account, not only the page's.
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = sorting[0];
  const sortedRows = useMemo(() => sortDashboardRows(rows, sort ?? null), [rows, sort]);
  // A new search, a new list, a new order or a new page size: back to the first page. The page
  // chosen is kept with the rows it was chosen in, so other rows read page 0 in the same render
  // (no state set while rendering, which renders the table twice at every keystroke).
  const [paging, setPaging] = useState({ rows: sortedRows, pageSize: sizing.pageSize, pageIndex: 0 });
  const pagination: PaginationState = {
    pageIndex: paging.rows === sortedRows && paging.pageSize === sizing.pageSize ? paging.pageIndex : 0,
    pageSize: sizing.pageSize,
  };
  const setPagination = (updater: Updater<PaginationState>) => {
    const next = typeof updater === "function" ? updater(pagination) : updater;
    setPaging({ rows: sortedRows, pageSize: sizing.pageSize, pageIndex: next.pageIndex });
  };

  // Paged here, before TanStack: only the page's rows (and their trackers) become table rows, so a
  // keystroke in the search box builds at most 100 rows whatever the account's size.
  const pageCount = Math.max(1, Math.ceil(rows.length / pagination.pageSize));
  const pageRows = useMemo(
    () =>
      sortedRows.slice(
        pagination.pageIndex * pagination.pageSize,
        (pagination.pageIndex + 1) * pagination.pageSize,
      ),
    [sortedRows, pagination.pageIndex, pagination.pageSize],
  );
  const table = useReactTable({
    data: pageRows,
    columns,
    meta,
    state: { columnVisibility, columnOrder, expanded, pagination, sorting },
    onExpandedChange: setExpanded,
    onSortingChange: setSorting,
    manualSorting: true,
    enableSorting: !firstPageOnly,
    enableMultiSort: false,
    onPaginationChange: setPagination,
    getSubRows,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: grouped ? getExpandedRowModel() : undefined,
    manualPagination: true,
    pageCount,
    autoResetPageIndex: false,
    autoResetExpanded: false,
  });

  const visible = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const columnsKey = visibleColumns.map((c) => c.id).join(",");
  const anyExpanded = grouped && Object.keys(expanded === true ? { all: true } : expanded).length > 0;
  const showFooter = meta.totals !== null && rows.length > 0;

  // Narrow screens show the same rows as cards (dashboard-cards.tsx).
  const narrow = useMediaQuery(NARROW_QUERY);
  // Rows of a long page are virtualised: only those in (or near) the scroll box are in the DOM.
  const scrollRef = useRef<HTMLElement>(null);
  const virtual = !narrow && visible.length > VIRTUALISE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtual ? visible.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A few rows beyond the box (about 160 px) for the scroll; each row more costs the first
    // rows and every search that changes the page (a row is some 20 cells).
    overscan: 4,
    initialRect: estimatedScrollBox(),
    observeElementRect: observeScrollBoxSize,
    scrollToFn: scrollBoxTo,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = virtual ? (items[0]?.start ?? 0) : 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const shown = virtual
    ? items.map((item) => ({ row: visible[item.index] as Row<DashboardRow>, index: item.index }))
    : visible.map((row, index) => ({ row, index }));
  const colSpan = table.getVisibleLeafColumns().length;

  const collapseAll = grouped && anyExpanded && (
    <div className="table-links">
      <Button variant="link" size="sm" onClick={() => setExpanded({})}>
        Collapse All
      </Button>
    </div>
  );
  if (narrow) {
    return (
      <div className="dashboard-table dashboard-cards">
        {collapseAll}
        <DashboardCards
          rows={visible}
          caption={caption}
          emptyText={emptyText}
          meta={meta}
          showFavourite={columnVisibility.favourite !== false}
          showManage={columnVisibility.manage !== false}
          onTrackerClick={onTrackerClick}
        />
        {sizing.paginate && <TablePager table={table} />}
      </div>
    );
  }
  return (
    <div className="dashboard-table">
      {collapseAll}
      {/* The scroll box is focusable so keyboard users can scroll a wide or long table. */}
      <section
        className={`table-scroll ${virtual ? "table-scroll-virtual" : ""}`}
        ref={scrollRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
        tabIndex={0}
        aria-label={caption}
      >
        <table className="table metrics-table" aria-rowcount={visible.length + 1}>
          <caption className="sr-only">{caption}</caption>
          <TableHead table={table} className={columnClass} />
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={colSpan}>
                  <EmptyState title={emptyText} />
                </td>
              </tr>
            ) : (
              <>
                {padTop > 0 && (
                  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable
                  <tr aria-hidden="true" className="virtual-pad">
                    <td colSpan={colSpan} style={{ height: padTop, padding: 0, border: "none" }} />
                  </tr>
                )}
                {shown.map(({ row, index }) => (
                  <DashboardTableRow
                    key={row.id}
                    row={row}
                    index={index}
                    fixedHeight={virtual}
                    expanded={row.getIsExpanded()}
                    columns={visibleColumns}
                    columnsKey={columnsKey}
                    table={table}
                    meta={meta}
                    onTrackerClick={onTrackerClick}
                  />
                ))}
                {padBottom > 0 && (
                  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable
                  <tr aria-hidden="true" className="virtual-pad">
                    <td colSpan={colSpan} style={{ height: padBottom, padding: 0, border: "none" }} />
                  </tr>
                )}
              </>
            )}
          </tbody>
          {showFooter && (
            <tfoot>
              {table.getFooterGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <td key={header.id} className={`col-${header.column.id}`}>
                      {header.isPlaceholder
                        ? null
                        : flexRender(header.column.columnDef.footer, header.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tfoot>
          )}
        </table>
      </section>
      {sizing.paginate && <TablePager table={table} />}
    </div>
  );
});
