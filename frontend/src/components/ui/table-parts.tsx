import { type Cell, flexRender, type Row, type Table } from "@tanstack/react-table";
import { type HTMLAttributes, useId } from "react";
import { Button } from "./button";
import { EmptyState } from "./empty-state";
import { SearchIcon } from "./icons";
import { PageLoader } from "./spinner";

/**
 * The parts the product's TanStack tables share (DataTable, SelectionTable, the dashboard table):
 * the search box, the header row whose sortable columns sort on click and announce it with
 * `aria-sort`, the empty row with the spec's text, and the pager shown above 100 rows (spec
 * pods-budgets-alerts-users-connections.md 9).
 */

/** A search box with its (visually hidden) label: `label`, or else the placeholder. */
export function TableSearch({
  placeholder,
  value,
  onChange,
  type = "search",
  label = placeholder,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  type?: "search" | "text";
  label?: string;
}) {
  const id = useId();
  return (
    <div className="search-box">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon />
      <input
        id={id}
        type={type}
        className="input"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * The header rows: a sortable column's header is a button that toggles its order. `className`
 * gives each header cell its class (the dashboard's `col-<id>`).
 */
export function TableHead<T>({
  table,
  className,
}: {
  table: Table<T>;
  className?: (columnId: string) => string;
}) {
  return (
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
                className={className?.(header.column.id)}
                aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                style={header.column.columnDef.size ? { width: header.column.columnDef.size } : undefined}
              >
                {header.column.getCanSort() && !header.isPlaceholder ? (
                  <button type="button" className="th-sort" onClick={header.column.getToggleSortingHandler()}>
                    {content}
                    <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
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
  );
}

/** The one row of an empty table body. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="table-empty">
        <EmptyState title={text} />
      </td>
    </tr>
  );
}

/** Previous / 'Page N of M' / Next. */
export function TablePager<T>({ table }: { table: Table<T> }) {
  return (
    <nav className="pagination" aria-label="Pages">
      <Button size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
        Previous
      </Button>
      <span>
        Page {table.getState().pagination.pageIndex + 1} of {table.getPageCount()}
      </span>
      <Button size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
        Next
      </Button>
    </nav>
  );
}

/** A column's header when it is plain text (the label a stacked row shows before each value). */
function headerText<T>(cell: Cell<T, unknown>): string | undefined {
  const header = cell.column.columnDef.header;
  return typeof header === "string" ? header : undefined;
}

/**
 * The table itself, or its loading line: a visually hidden caption naming it, the header rows, one
 * row per row of the page (with `rowProps`' attributes, e.g. a click) or the empty row. Each cell
 * carries its column's header as `data-label`, which narrow screens show beside the value when a
 * data table stacks its rows as cards (styles.css).
 */
export function TableView<T>({
  table,
  caption,
  emptyText,
  isLoading,
  loadingText,
  rowProps,
}: {
  table: Table<T>;
  caption: string;
  emptyText: string;
  isLoading: boolean;
  loadingText: string;
  rowProps?: (row: Row<T>) => HTMLAttributes<HTMLTableRowElement>;
}) {
  if (isLoading) return <PageLoader message={loadingText} />;
  const rows = table.getRowModel().rows;
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <TableHead table={table} />
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={table.getVisibleLeafColumns().length} text={emptyText} />
          ) : (
            rows.map((row) => (
              <tr key={row.id} {...rowProps?.(row)}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-label={headerText(cell)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
