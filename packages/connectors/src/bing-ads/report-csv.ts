import { isIsoDate } from "@pacer/core";
import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { decimalToMicros } from "../money.ts";
import type { DailyMetricsRow } from "../types.ts";

/** One report row, by column name (all values are text, as Microsoft writes them). */
export type ReportRow = Record<string, string>;

/** Thrown when a downloaded report is not a ZIP holding one CSV with a header row. */
export class ReportFileError extends Error {}

/**
 * Reads a downloaded report: a ZIP archive holding one CSV file (`Format: Csv`, report header and
 * footer excluded, column headers included). Returns one record per data line.
 * @throws ReportFileError when the archive or the CSV cannot be read
 */
export function readReportZip(bytes: Uint8Array): ReportRow[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new ReportFileError("report is not a zip archive");
  }
  const name = Object.keys(files).find((n) => n.toLowerCase().endsWith(".csv"));
  const file = name ? files[name] : undefined;
  if (!file) throw new ReportFileError("report archive holds no csv file");
  return readReportCsv(new TextDecoder().decode(file));
}

/** Parses the CSV text of a report (UTF-8, optional BOM, every value quoted). @throws ReportFileError */
export function readReportCsv(text: string): ReportRow[] {
  try {
    return parse(text.replace(/^\uFEFF/, ""), {
      columns: true,
      skip_empty_lines: true,
      relax_column_count: false,
      trim: true,
    }) as ReportRow[];
  } catch {
    throw new ReportFileError("report csv cannot be parsed");
  }
}

/** Report number text -> plain decimal: empty is 0, `1,234.50` (thousands separators) is `1234.50`. */
function plain(value: string | undefined): string {
  const v = (value ?? "").trim();
  if (v === "" || v === "--") return "0";
  return /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(v) ? v.replace(/,/g, "") : v;
}

/** `TimePeriod` of a daily report -> `yyyy-MM-dd` (Microsoft writes `2024-06-01`, older formats `6/1/2024`). */
export function reportDate(value: string | undefined): string {
  const v = (value ?? "").trim();
  if (isIsoDate(v)) return v;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const date = m ? `${m[3]}-${m[1]?.padStart(2, "0")}-${m[2]?.padStart(2, "0")}` : "";
  if (!isIsoDate(date)) throw new ReportFileError("report row has no readable TimePeriod");
  return date;
}

/**
 * One report row -> a partial daily row: `Spend` and `Revenue` are decimals in the account currency
 * (-> micros, exactly), `Impressions` and `Clicks` whole numbers, `Conversions` may be fractional.
 */
export function reportRowToDaily(row: ReportRow): DailyMetricsRow {
  const count = (v: string | undefined) => {
    const n = Number(plain(v));
    if (!Number.isFinite(n)) throw new ReportFileError("report count is not a number");
    return n;
  };
  try {
    return {
      date: reportDate(row.TimePeriod),
      spendMicros: decimalToMicros(plain(row.Spend)),
      impressions: count(row.Impressions),
      clicks: count(row.Clicks),
      conversions: count(row.Conversions),
      revenueMicros: decimalToMicros(plain(row.Revenue)),
    };
  } catch (error) {
    if (error instanceof ReportFileError) throw error;
    throw new ReportFileError("report amount is not a decimal");
  }
}
