import type { ColumnDef } from "@tanstack/react-table";
import { DropdownMenu, type MenuItem } from "./dropdown-menu";

/**
 * A data table's row options column (spec: the options menu at the end of a row, e.g. Users and
 * Alerts, pods-budgets-alerts-users-connections.md 2.10 and 2.11): a header read only by screen
 * readers ('Options'), not sortable, 56 px, and a menu named `label(row)` with `items(row, meta)`,
 * where `meta` is the table's `meta` (the page's handlers).
 */
export function optionsColumn<T, M>(
  label: (row: T) => string,
  items: (row: T, meta: M) => readonly MenuItem[],
): ColumnDef<T> {
  return {
    id: "options",
    header: () => <span className="sr-only">Options</span>,
    enableSorting: false,
    size: 56,
    cell: ({ row, table }) => (
      <DropdownMenu label={label(row.original)} items={items(row.original, table.options.meta as M)} />
    ),
  };
}
