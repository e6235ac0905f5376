import { isIsoDate } from "@pacer/core";
import { parse } from "csv-parse/sync";
import { PlatformDownError } from "../errors.ts";
import { decimalToMicros, parseCount } from "../money.ts";

/** Bid Manager report columns the connector reads (header names as Bid Manager writes them). */
export const DV360_COLUMNS = Object.freeze({
  date: "Date",
  campaignId: "Campaign ID",
  campaignName: "Campaign",
  impressions: "Impressions",
  clicks: "Clicks",
  conversions: "Total Conversions",
  /** What the advertiser is billed (media cost plus fees): Pacer's "spend" for DV360. */
  spend: "Revenue (Adv Currency)",
});

/** One data row of a daily Bid Manager report. Money in micros of the advertiser currency. */
export interface Dv360ReportRow {
  date: string;
  campaignId?: string;
  campaignName?: string;
  spendMicros: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

/**
 * Parses a Bid Manager CSV report: a header row, data rows, then a totals row (empty date) and
 * footer lines (`Report Time:`, `Date Range:`, ...), which are skipped. Dates come as
 * `yyyy/MM/dd` (or `yyyy-MM-dd`); amounts as plain decimals.
 * @throws PlatformDownError reason `malformed_report` when the header lacks the date or spend column
 */
export function parseDv360Report(platform: string, text: string): Dv360ReportRow[] {
  const records = parse(text.replace(/^\uFEFF/, ""), {
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
  const header = records[0] ?? [];
  const index = (name: string) => header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
  const col = {
    date: index(DV360_COLUMNS.date),
    campaignId: index(DV360_COLUMNS.campaignId),
    campaignName: index(DV360_COLUMNS.campaignName),
    impressions: index(DV360_COLUMNS.impressions),
    clicks: index(DV360_COLUMNS.clicks),
    conversions: index(DV360_COLUMNS.conversions),
    spend: index(DV360_COLUMNS.spend),
  };
  if (col.date < 0 || col.spend < 0) {
    throw new PlatformDownError(`${platform}: report without Date or spend column`, {
      platform,
      reason: "malformed_report",
    });
  }
  const rows: Dv360ReportRow[] = [];
  for (const record of records.slice(1)) {
    const date = (record[col.date] ?? "").replace(/\//g, "-");
    if (!isIsoDate(date)) continue; // totals row and footer lines
    const cell = (i: number) => (i >= 0 ? (record[i] ?? "") : "");
    const row: Dv360ReportRow = {
      date,
      spendMicros: cell(col.spend) ? decimalToMicros(cell(col.spend)) : 0,
      impressions: parseCount(cell(col.impressions)),
      clicks: parseCount(cell(col.clicks)),
      conversions: parseCount(cell(col.conversions)),
    };
    if (col.campaignId >= 0) row.campaignId = cell(col.campaignId);
    if (col.campaignName >= 0) row.campaignName = cell(col.campaignName);
    rows.push(row);
  }
  return rows;
}
