import type { GroupData, TrackerRow } from "@pacer/core/aggregate";
import { cellValue } from "@pacer/core/cells";
import { type ColumnFormat, columnDef, isColumnId, type MetricColumnId } from "@pacer/core/columns";
import { formatCell, formatMoneyRange } from "@pacer/core/format";
import { MICROS_PER_UNIT } from "@pacer/core/types";

/**
 * The Download Data workbook's content (spec pods-budgets-alerts-users-connections.md 7.7), built
 * without exceljs so it can be tested on its own: three sheets, Trackers, Clients and Pods; the
 * visible columns in table order; 'N/A' and '-' where the engine's cells say so (the N/A rules; '-'
 * for a budget never recorded); the flags _hasErrored and _requiresUpdate; group rows summing their
 * trackers (engine aggregates).
 *
 * Decisions where the spec is silent: figures are numbers in the column's unit (money in currency
 * units, with a Currency column) so the spreadsheet can compute with them, formatted like the table;
 * the export holds every tracker the user can see, whatever the search.
 */

export type ExportCell = string | number | boolean | null;

export interface ExportColumn {
  header: string;
  /** An Excel number format for figures. */
  numFmt?: string;
  width: number;
}

export interface ExportSheet {
  name: "Trackers" | "Clients" | "Pods" | "Actions";
  columns: ExportColumn[];
  rows: ExportCell[][];
}

/** A tracker as the export sees it: the engine row (null before figures exist) and its flags. */
export interface ExportTracker {
  name: string;
  client: string;
  channel: string;
  currency: string;
  row: TrackerRow | null;
  errored: boolean;
  requiresUpdate: boolean;
}

/** A client or pod row: its name, the engine's aggregate and its trackers' flags. */
export interface ExportGroup {
  label: string;
  data: GroupData;
  requiresUpdate: boolean;
}

/**
 * One AutoPilot action for the 'Actions' sheet (beyond the spec): what, why, who, when and the
 * platform's answer. `before` / `after`: status 1 enabled / 0 paused, or a daily budget in micros.
 */
export interface ExportAction {
  trackerName: string;
  currency: string;
  campaignName: string;
  kind: "pause" | "enable" | "set-daily-budget";
  before: number;
  after: number;
  rule: string;
  status: string;
  /** "AutoPilot" or the user's name. */
  by: string;
  /** ISO time it was decided. */
  at: string;
  /** The platform's answer, or its refusal. */
  answer: string;
}

export interface ExportInput {
  /** Visible catalogue column ids in table order (name, client and channel included when shown). */
  columnIds: readonly string[];
  trackers: readonly ExportTracker[];
  clients: readonly ExportGroup[];
  pods: readonly ExportGroup[];
  /** AutoPilot's actions (Admins and Managers); none: no 'Actions' sheet, the spec's three sheets only. */
  actions?: readonly ExportAction[];
}

/** The file name: the product's name with `_data_export.xlsx`. */
export const EXPORT_FILE_NAME = "Pacer_data_export.xlsx";

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises text that a spreadsheet would run as a formula (cells beginning with = + - @, and the
 * tab and carriage return OWASP adds) by prefixing a single quote. Numbers and booleans are kept.
 */
export function neutralise(value: ExportCell): ExportCell {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

const NUM_FMT: Record<ColumnFormat, string | undefined> = {
  text: undefined,
  money: "#,##0",
  money2: "#,##0.00",
  count: "#,##0",
  percent: '0.00"%"',
  roas: '0.00"x"',
  moneyRange: undefined,
};

/** A figure in the unit the sheet shows: money in currency units, the rest as the engine gives it. */
export function sheetNumber(value: number, format: ColumnFormat): number {
  return format === "money" || format === "money2" ? value / MICROS_PER_UNIT : value;
}

function metricIds(columnIds: readonly string[]): MetricColumnId[] {
  return columnIds.filter((id): id is MetricColumnId => isColumnId(id) && columnDef(id).format !== "text");
}

/** A figure cell: a number in the column's unit; the forecast range as text, "2,850 – 3,150". */
function metricCell(data: TrackerRow | GroupData | null, id: MetricColumnId): ExportCell {
  if (!data) return null;
  const cell = cellValue(data, id);
  if (cell.kind !== "value") return formatCell(cell, id, null);
  if (cell.range) return formatMoneyRange(cell.range.low, cell.range.high, null);
  return sheetNumber(cell.value, columnDef(id).format);
}

function metricColumns(ids: readonly MetricColumnId[]): ExportColumn[] {
  return ids.map((id) => {
    const def = columnDef(id);
    const numFmt = NUM_FMT[def.format];
    return numFmt ? { header: def.name, numFmt, width: 16 } : { header: def.name, width: 16 };
  });
}

const FLAG_COLUMNS: ExportColumn[] = [
  { header: "_hasErrored", width: 12 },
  { header: "_requiresUpdate", width: 15 },
];

function trackersSheet(input: ExportInput, metrics: MetricColumnId[]): ExportSheet {
  const identity = ["name", "client", "channel"].filter(
    (id) => id === "name" || input.columnIds.includes(id),
  );
  const columns: ExportColumn[] = [
    ...identity.map((id) => ({ header: columnDef(id).name, width: id === "name" ? 32 : 20 })),
    { header: "Currency", width: 10 },
    ...metricColumns(metrics),
    ...FLAG_COLUMNS,
  ];
  const rows = input.trackers.map((t) => {
    const text: Record<string, string> = { name: t.name, client: t.client, channel: t.channel };
    return [
      ...identity.map((id) => neutralise(text[id] ?? "")),
      neutralise(t.currency),
      ...metrics.map((id) => metricCell(t.row, id)),
      t.errored,
      t.requiresUpdate,
    ];
  });
  return { name: "Trackers", columns, rows };
}

function groupSheet(
  name: "Clients" | "Pods",
  label: string,
  groups: readonly ExportGroup[],
  input: ExportInput,
  metrics: MetricColumnId[],
): ExportSheet {
  const withChannels = input.columnIds.includes("channel");
  const columns: ExportColumn[] = [
    { header: label, width: 28 },
    { header: "Trackers", numFmt: "#,##0", width: 10 },
    ...(withChannels ? [{ header: "Channels", numFmt: "#,##0", width: 10 }] : []),
    { header: "Currency", width: 10 },
    ...metricColumns(metrics),
    ...FLAG_COLUMNS,
  ];
  const rows = groups.map((g) => [
    neutralise(g.label),
    g.data.trackerCount,
    ...(withChannels ? [g.data.channelCount] : []),
    g.data.multiCurrency ? "Multiple" : neutralise(g.data.currency ?? ""),
    ...metrics.map((id) => metricCell(g.data, id)),
    g.data.erroredCount > 0,
    g.requiresUpdate,
  ]);
  return { name, columns, rows };
}

const STATUS_VALUE: Record<number, string> = { 0: "Paused", 1: "Enabled" };

/**
 * The 'Actions' sheet: one row per AutoPilot action; budgets in currency units (with the Currency
 * column), statuses as words.
 */
function actionsSheet(actions: readonly ExportAction[]): ExportSheet {
  const value = (a: ExportAction, v: number): ExportCell =>
    a.kind === "set-daily-budget" ? v / MICROS_PER_UNIT : (STATUS_VALUE[v] ?? null);
  return {
    name: "Actions",
    columns: [
      { header: "Tracker", width: 32 },
      { header: "Campaign", width: 28 },
      { header: "Change", width: 16 },
      { header: "Currency", width: 10 },
      { header: "Before", numFmt: "#,##0.00", width: 14 },
      { header: "After", numFmt: "#,##0.00", width: 14 },
      { header: "Rule", width: 16 },
      { header: "Status", width: 12 },
      { header: "By", width: 20 },
      { header: "When", width: 22 },
      { header: "Platform answer", width: 40 },
    ],
    rows: actions.map((a) => [
      neutralise(a.trackerName),
      neutralise(a.campaignName),
      a.kind === "set-daily-budget" ? "Daily budget" : a.kind === "pause" ? "Pause" : "Enable",
      neutralise(a.currency),
      value(a, a.before),
      value(a, a.after),
      a.rule,
      a.status,
      neutralise(a.by),
      a.at,
      neutralise(a.answer),
    ]),
  };
}

/** The three sheets of the export, and 'Actions' when AutoPilot acted on the user's trackers. */
export function exportSheets(input: ExportInput): ExportSheet[] {
  const metrics = metricIds(input.columnIds);
  return [
    trackersSheet(input, metrics),
    groupSheet("Clients", "Client", input.clients, input, metrics),
    groupSheet("Pods", "Pod", input.pods, input, metrics),
    ...(input.actions?.length ? [actionsSheet(input.actions)] : []),
  ];
}
