import { tablePageSize } from "@pacer/core/columns";
import {
  type CellContext,
  type ColumnDef,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type HeaderContext,
  type PaginationState,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { TablePager, TableSearch, TableView } from "./table-parts";

/** What the selection column reads from the table's meta. */
interface SelectionMeta {
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  toggleAll: (select: boolean) => void;
  allSelected: boolean;
  someSelected: boolean;
  rowName: (id: string) => string;
  selectAllLabel: string;
}

function selectionMeta(ctx: { table: { options: { meta?: unknown } } }): SelectionMeta {
  return ctx.table.options.meta as SelectionMeta;
}

function SelectAllHeader(ctx: HeaderContext<unknown, unknown>) {
  const meta = selectionMeta(ctx);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = meta.someSelected && !meta.allSelected;
  }, [meta.someSelected, meta.allSelected]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={meta.selectAllLabel}
      checked={meta.allSelected}
      onChange={(event) => meta.toggleAll(event.target.checked)}
    />
  );
}

function SelectCell(ctx: CellContext<unknown, unknown>) {
  const meta = selectionMeta(ctx);
  const id = ctx.row.id;
  return (
    <input
      type="checkbox"
      aria-label={`Select ${meta.rowName(id)}`}
      checked={meta.isSelected(id)}
      onClick={(event) => event.stopPropagation()}
      onChange={() => meta.toggle(id)}
    />
  );
}

/** A dimmed row: grey background and muted text that still reads at 4.5:1 or more. */
const DIMMED_ROW = { background: "#f1f3f5", color: "#4f5963" } as const;

const SELECT_COLUMN: ColumnDef<unknown> = {
  id: "select",
  header: SelectAllHeader,
  cell: SelectCell,
  enableSorting: false,
  size: 44,
};

export interface SelectionTableProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** The item's name for the checkbox labels. */
  getName: (item: T) => string;
  /** Module-level column definitions (the select column is added in front). */
  columns: ColumnDef<T>[];
  selected: ReadonlySet<string>;
  /** Called with the ids to add or remove; return false (or a message) to refuse. */
  onChange: (ids: string[], select: boolean) => void;
  caption: string;
  emptyText: string;
  searchPlaceholder?: string;
  /** The text the search box matches, case-insensitively. */
  searchText: (item: T) => string;
  /**
   * Dimmed rows are listed last (e.g. accounts already tracked). They are greyed rather than drawn
   * at 50% opacity, which would take their text below the WCAG AA contrast of 4.5:1.
   */
  isDimmed?: (item: T) => boolean;
  isLoading?: boolean;
  loadingText?: string;
  selectAllLabel?: string;
  /** Content under the search box (e.g. 'You have selected N trackers'). */
  summary?: ReactNode;
}

/**
 * A searchable, sortable table of items with a checkbox per row, a select-all checkbox in the header
 * (acting on the rows the search shows) and row click toggling the row. Rows are paged by the
 * product's page-size rule (10, 20, 50 or 100; pagination above 100 rows).
 */
export function SelectionTable<T>({
  items,
  getId,
  getName,
  columns,
  selected,
  onChange,
  caption,
  emptyText,
  searchPlaceholder = "Search",
  searchText,
  isDimmed,
  isLoading = false,
  loadingText = "Loading...",
  selectAllLabel = "Select all",
  summary,
}: SelectionTableProps<T>) {
  const [query, setQuery] = useState("");
  const [sorting, setSorting] = useState<SortingState>([]);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const matching = q ? items.filter((item) => searchText(item).toLowerCase().includes(q)) : [...items];
    if (!isDimmed) return matching;
    return [...matching.filter((i) => !isDimmed(i)), ...matching.filter((i) => isDimmed(i))];
  }, [items, query, searchText, isDimmed]);

  const sizing = tablePageSize(shown.length);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: sizing.pageSize });
  useEffect(() => {
    setPagination({ pageIndex: 0, pageSize: sizing.pageSize });
  }, [sizing.pageSize]);

  const names = useMemo(() => new Map(items.map((i) => [getId(i), getName(i)])), [items, getId, getName]);
  const shownIds = useMemo(() => shown.map(getId), [shown, getId]);
  const allSelected = shownIds.length > 0 && shownIds.every((id) => selected.has(id));
  const someSelected = shownIds.some((id) => selected.has(id));

  const allColumns = useMemo(() => [SELECT_COLUMN as ColumnDef<T>, ...columns], [columns]);
  const table = useReactTable<T>({
    data: shown,
    columns: allColumns,
    getRowId: (item) => getId(item),
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    meta: {
      isSelected: (id: string) => selected.has(id),
      toggle: (id: string) => onChange([id], !selected.has(id)),
      toggleAll: (select: boolean) => onChange(shownIds, select),
      allSelected,
      someSelected,
      rowName: (id: string) => names.get(id) ?? id,
      selectAllLabel,
    } satisfies SelectionMeta,
  });

  return (
    <div className="data-table selection-table">
      <div className="table-toolbar">
        <TableSearch
          type="text"
          placeholder={searchPlaceholder}
          value={query}
          onChange={(value) => {
            setQuery(value);
            setPagination((p) => ({ ...p, pageIndex: 0 }));
          }}
        />
        {summary}
      </div>
      <TableView
        table={table}
        caption={caption}
        emptyText={emptyText}
        isLoading={isLoading}
        loadingText={loadingText}
        rowProps={(row) => ({
          className: "row-clickable",
          style: isDimmed?.(row.original) ? DIMMED_ROW : undefined,
          "data-dimmed": isDimmed?.(row.original) || undefined,
          onClick: () => onChange([row.id], !selected.has(row.id)),
        })}
      />
      {sizing.paginate && !isLoading && <TablePager table={table} />}
    </div>
  );
}
