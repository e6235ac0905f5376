import { channelName } from "../../lib/platforms";
import {
  EXPORT_FILE_NAME,
  type ExportAction,
  type ExportGroup,
  type ExportSheet,
  type ExportTracker,
  exportSheets,
} from "./lib/export-sheets";

/**
 * Download Data (spec pods-budgets-alerts-users-connections.md 7.7): builds the `.xlsx` in the
 * browser with exceljs, which is loaded only here (this module is itself imported on click).
 */

/** The dashboard's rows as this module takes them (a structural subset of the dashboard's rows). */
export interface DownloadInput {
  columnIds: readonly string[];
  trackers: readonly {
    tracker: {
      name: string;
      client: string;
      currency: string;
      requiresUpdate: boolean;
      dataLoadFail?: boolean;
      budgetLoadFail?: boolean;
      dataSource?: { integration?: { slug?: string } };
    };
    row: ExportTracker["row"];
  }[];
  clients: readonly { label: string; data: ExportGroup["data"]; requiresUpdate: boolean }[];
  pods: readonly { label: string; data: ExportGroup["data"]; requiresUpdate: boolean }[];
  /** AutoPilot's actions, for Admins and Managers (beyond the spec). */
  actions?: readonly ExportAction[];
}

/** Writes the sheets into an exceljs workbook and returns the file's bytes. */
export async function workbookBytes(sheets: readonly ExportSheet[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pacer";
  workbook.created = new Date();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: "frozen", ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({
      header: c.header,
      width: c.width,
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows) ws.addRow(row);
  }
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Builds the export and saves it as `Pacer_data_export.xlsx`. */
export async function downloadDashboardExport(input: DownloadInput): Promise<void> {
  const sheets = exportSheets({
    columnIds: input.columnIds,
    trackers: input.trackers.map((t) => ({
      name: t.tracker.name,
      client: t.tracker.client ?? "",
      channel: channelName(t.tracker.dataSource?.integration?.slug ?? ""),
      currency: t.row?.currency ?? t.tracker.currency,
      row: t.row,
      errored: t.row ? t.row.errored : Boolean(t.tracker.dataLoadFail || t.tracker.budgetLoadFail),
      requiresUpdate: t.tracker.requiresUpdate,
    })),
    clients: input.clients,
    pods: input.pods,
    ...(input.actions ? { actions: input.actions } : {}),
  });
  const bytes = await workbookBytes(sheets);
  const blob = new Blob([bytes], {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
