import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Row,
  type SortingState,
  type TableMeta,
  useReactTable,
} from "@tanstack/react-table";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Button } from "./button";
import { EmptyState } from "./empty-state";
import { SearchIcon } from "./icons";
import { PageLoader } from "./spinner";

/**
 * Page size by row count (spec pods-budgets-alerts-users-connections.md 9): 10 rows up to 10, 20 over
 * 10, 50 over 20, 100 over 50; pagination only above 100 rows.
 */
export function pageSizeFor(rowCount: number): number {
  if (rowCount <= 10) return 10;
  if (rowCount <= 20) return 20;
  if (rowCount <= 50) return 50;
  return 100;
}

export interface DataTableProps<T> {
  /** Module-level column definitions (`ColumnDef<T>[]`), never built in render. */
  columns: ColumnDef<T, never>[] | ColumnDef<T>[];
  /** A stable array (use an `EMPTY` constant, not `data ?? []` in render). */
  data: readonly T[];
  /** The table's accessible name (visually hidden caption). */
  caption: string;
  getRowId?: (row: T) => string;
  /** Shows a search box filtering all columns. */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** The spec's empty text (e.g. 'No users found'). */
  emptyText: string;
  isLoading?: boolean;
  loadingText?: string;
  onRowClick?: (row: T) => void;
  /** The row's accessible name for `onRowClick` rows. */
  rowLabel?: (row: T) => string;
  rowClassName?: (row: Row<T>) => string | undefined;
  /** Content of the toolbar next to the search box. */
  toolbar?: ReactNode;
  initialSorting?: SortingState;
  /** Passed to TanStack's `meta`: callbacks that module-level cells read (`table.options.meta`). */
  meta?: TableMeta<T>;
}

/**
 * A searchable, sortable table on TanStack Table with the spec's page sizes. Column headers sort on
 * click when the column allows it (`enableSorting`), and announce the order with `aria-sort`.
 */
export function DataTable<T>({
  columns,
  data,
  caption,
  getRowId,
  searchable = false,
  searchPlaceholder = "Search",
  emptyText,
  isLoading = false,
  loadingText = "Loading...",
  onRowClick,
  rowLabel,
  rowClassName,
  toolbar,
  initialSorting = [],
  meta,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState("");
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: pageSizeFor(data.length) });
  const searchId = useId();

  useEffect(() => {
    setPagination((p) => ({ ...p, pageSize: pageSizeFor(data.length) }));
  }, [data.length]);

  const table = useReactTable({
    data: data as T[],
    columns: columns as ColumnDef<T>[],
    state: { sorting, globalFilter, pagination },
    ...(meta ? { meta } : {}),
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    ...(getRowId ? { getRowId: (row: T) => getRowId(row) } : {}),
  });
  const rows = table.getRowModel().rows;
  const paginate = table.getFilteredRowModel().rows.length > 100;

  return (
    <div className="data-table">
      {(searchable || toolbar) && (
        <div className="table-toolbar">
          {searchable && (
            <div className="search-box">
              <label htmlFor={searchId} className="sr-only">
                {searchPlaceholder}
              </label>
              <SearchIcon />
              <input
                id={searchId}
                type="search"
                className="input"
                placeholder={searchPlaceholder}
                value={globalFilter}
                onChange={(event) => setGlobalFilter(event.target.value)}
              />
            </div>
          )}
          {toolbar}
        </div>
      )}
      {isLoading ? (
        <PageLoader message={loadingText} />
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="sr-only">{caption}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const content = header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                        }
                        style={
                          header.column.columnDef.size ? { width: header.column.columnDef.size } : undefined
                        }
                      >
                        {header.column.getCanSort() && !header.isPlaceholder ? (
                          <button
                            type="button"
                            className="th-sort"
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {content}
                            <span aria-hidden="true">
                              {sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}
                            </span>
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={table.getAllLeafColumns().length}>
                    <EmptyState title={emptyText} />
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr
                    key={row.id}
                    className={`${onRowClick ? "row-clickable" : ""} ${rowClassName?.(row) ?? ""}`}
                    onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (event) => {
                            if (
                              (event.key === "Enter" || event.key === " ") &&
                              event.target === event.currentTarget
                            ) {
                              event.preventDefault();
                              onRowClick(row.original);
                            }
                          }
                        : undefined
                    }
                    tabIndex={onRowClick ? 0 : undefined}
                    aria-label={onRowClick && rowLabel ? rowLabel(row.original) : undefined}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {paginate && !isLoading && (
        <div className="pagination">
          <Button size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            Previous
          </Button>
          <span>
            Page {table.getState().pagination.pageIndex + 1} of {table.getPageCount()}
          </span>
          <Button size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
