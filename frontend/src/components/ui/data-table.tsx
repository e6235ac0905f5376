import { tablePageSize } from "@pacer/core/columns";
import {
  type ColumnDef,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type PaginationState,
  type Row,
  type SortingState,
  type TableMeta,
  useReactTable,
} from "@tanstack/react-table";
import { type ReactNode, useEffect, useState } from "react";
import { TablePager, TableSearch, TableView } from "./table-parts";

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
 * A searchable, sortable table on TanStack Table with the spec's page sizes (core's tablePageSize). Column headers sort on
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
  const sizing = tablePageSize(data.length);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: sizing.pageSize });

  useEffect(() => {
    setPagination((p) => ({ ...p, pageSize: sizing.pageSize }));
  }, [sizing.pageSize]);

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
  const paginate = table.getFilteredRowModel().rows.length > 100;

  return (
    <div className="data-table">
      {(searchable || toolbar) && (
        <div className="table-toolbar">
          {searchable && (
            <TableSearch placeholder={searchPlaceholder} value={globalFilter} onChange={setGlobalFilter} />
          )}
          {toolbar}
        </div>
      )}
      <TableView
        table={table}
        caption={caption}
        emptyText={emptyText}
        isLoading={isLoading}
        loadingText={loadingText}
        rowProps={(row) =>
          onRowClick
            ? {
                className: `row-clickable ${rowClassName?.(row) ?? ""}`,
                onClick: () => onRowClick(row.original),
                onKeyDown: (event) => {
                  if ((event.key === "Enter" || event.key === " ") && event.target === event.currentTarget) {
                    event.preventDefault();
                    onRowClick(row.original);
                  }
                },
                tabIndex: 0,
                "aria-label": rowLabel?.(row.original),
              }
            : { className: rowClassName?.(row) }
        }
      />
      {paginate && !isLoading && <TablePager table={table} />}
    </div>
  );
}
