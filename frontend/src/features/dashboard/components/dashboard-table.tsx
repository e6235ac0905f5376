import { tablePageSize } from "@pacer/core/columns";
import {
  type ColumnDef,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getPaginationRowModel,
  type PaginationState,
  type Row,
  useReactTable,
  type VisibilityState,
} from "@tanstack/react-table";
import { memo, useState } from "react";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import type { DashboardMeta } from "../lib/columns";
import type { DashboardRow, TrackerTableRow } from "../lib/rows";

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
}

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
 * A dashboard table on TanStack Table: the account's column order, the user's column visibility,
 * the spec's page-size rule (10, 20, 50 or 100 rows; pagination above 100 rows), expandable group
 * rows with 'Collapse All', and the totals footer.
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
}: DashboardTableProps) {
  const sizing = tablePageSize(rows.length);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: sizing.pageSize });
  // A new search, a new list or a new page size: back to the first page (state adjusted while rendering).
  const [seenRows, setSeenRows] = useState(rows);
  if (seenRows !== rows || pagination.pageSize !== sizing.pageSize) {
    setSeenRows(rows);
    setPagination({ pageIndex: 0, pageSize: sizing.pageSize });
  }

  const table = useReactTable({
    data: rows as DashboardRow[],
    columns,
    meta,
    state: { columnVisibility, columnOrder, expanded, pagination },
    onExpandedChange: setExpanded,
    onPaginationChange: setPagination,
    getSubRows,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: grouped ? getExpandedRowModel() : undefined,
    getPaginationRowModel: getPaginationRowModel(),
    paginateExpandedRows: false,
    autoResetPageIndex: false,
  });

  const visible = table.getRowModel().rows;
  const anyExpanded = grouped && Object.keys(expanded === true ? { all: true } : expanded).length > 0;
  const showFooter = meta.totals !== null && rows.length > 0;

  return (
    <div className="dashboard-table">
      {grouped && anyExpanded && (
        <div className="table-links">
          <Button variant="link" size="sm" onClick={() => setExpanded({})}>
            Collapse All
          </Button>
        </div>
      )}
      <div className="table-scroll">
        <table className="table metrics-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={`col-${header.column.id}`}>
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length}>
                  <EmptyState title={emptyText} />
                </td>
              </tr>
            ) : (
              visible.map((row) => {
                const r = row.original;
                const clickable = r.kind === "tracker" && Boolean(onTrackerClick);
                const open = () => {
                  if (r.kind === "group") row.toggleExpanded();
                  else if (onTrackerClick) onTrackerClick(r);
                };
                return (
                  <tr
                    key={row.id}
                    className={rowClass(row, clickable)}
                    data-row-id={r.id}
                    onClick={r.kind === "group" || clickable ? open : undefined}
                    onKeyDown={
                      clickable
                        ? (event) => {
                            if (
                              (event.key === "Enter" || event.key === " ") &&
                              event.target === event.currentTarget
                            ) {
                              event.preventDefault();
                              open();
                            }
                          }
                        : undefined
                    }
                    tabIndex={clickable ? 0 : undefined}
                    aria-label={clickable && r.kind === "tracker" ? `Manage ${r.tracker.name}` : undefined}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className={`col-${cell.column.id}`}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                );
              })
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
      </div>
      {sizing.paginate && (
        <nav className="pagination" aria-label="Pages">
          <Button size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            Previous
          </Button>
          <span>
            Page {pagination.pageIndex + 1} of {table.getPageCount()}
          </span>
          <Button size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
});
