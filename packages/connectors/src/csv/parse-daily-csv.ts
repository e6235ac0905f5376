import { isIsoDate, isTimeZone } from "@pacer/core";
import { parse } from "csv-parse/sync";
import { decimalToMicros } from "../money.ts";

/** The columns of the "Manual / CSV" source, in the order we write them (the header may use any order). */
export const CSV_COLUMNS = [
  "date",
  "account_id",
  "account_name",
  "currency",
  "time_zone",
  "spend",
  "impressions",
  "clicks",
  "conversions",
  "revenue",
] as const;

/** One accepted CSV row. Money in integer micros; `line` is the 1-based line in the file. */
export interface CsvDailyRow {
  line: number;
  date: string;
  accountId: string;
  accountName: string;
  currency: string;
  timeZone: string;
  spendMicros: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenueMicros: number;
}

/** A refused row (or header) with its 1-based line number and the reasons, in plain words. */
export interface CsvRowError {
  line: number;
  reasons: string[];
}

/** The outcome of {@link parseDailyCsv}. The import should be refused as a whole when `errors` is not empty. */
export interface CsvParseResult {
  rows: CsvDailyRow[];
  errors: CsvRowError[];
  /** Columns present in the header that we do not use (reported, not an error). */
  ignoredColumns: string[];
}

/** Limits of one import. */
export interface CsvLimits {
  /** Default 100,000 rows. */
  maxRows?: number;
}

const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;
const COUNT = /^\d{1,15}$/;
const DECIMAL_COUNT = /^\d{1,15}(\.\d{1,6})?$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * Parses a CSV of daily rows (`date, account_id, account_name, currency, time_zone, spend,
 * impressions, clicks, conversions, revenue`): header required, columns in any order and any case,
 * a UTF-8 BOM and blank lines allowed, values trimmed. Dates are `yyyy-MM-dd`; currency an ISO 4217
 * code; time zone an IANA name; spend and revenue plain decimals in currency units (up to 6
 * decimals, converted exactly to micros); impressions and clicks whole numbers; conversions a whole
 * or decimal number. One account keeps one name, currency and time zone; one row per account and
 * date. Every bad row is reported with its line number and reasons.
 */
export function parseDailyCsv(text: string, limits: CsvLimits = {}): CsvParseResult {
  const maxRows = limits.maxRows ?? 100_000;
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return {
      rows: [],
      errors: [{ line, reasons: [`the file is not valid CSV (${(error as Error).message})`] }],
      ignoredColumns: [],
    };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [{ line: 1, reasons: ["the file is empty"] }], ignoredColumns: [] };

  const names = header.record.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  const index = new Map<string, number>();
  const headerReasons: string[] = [];
  names.forEach((name, i) => {
    if (index.has(name)) headerReasons.push(`column "${name}" appears twice`);
    else index.set(name, i);
  });
  for (const column of CSV_COLUMNS) if (!index.has(column)) headerReasons.push(`missing column "${column}"`);
  const ignoredColumns = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  if (headerReasons.length)
    return { rows: [], errors: [{ line: header.info.lines, reasons: headerReasons }], ignoredColumns };
  if (body.length > maxRows) {
    return { rows: [], errors: [{ line: 1, reasons: [`more than ${maxRows} rows`] }], ignoredColumns };
  }

  const rows: CsvDailyRow[] = [];
  const errors: CsvRowError[] = [];
  const accounts = new Map<string, { name: string; currency: string; timeZone: string; line: number }>();
  const seen = new Map<string, number>();
  const zoneOk = new Map<string, boolean>();

  for (const { record, info } of body) {
    const line = info.lines;
    const get = (c: (typeof CSV_COLUMNS)[number]) => (record[index.get(c) as number] ?? "").trim();
    const reasons: string[] = [];
    if (record.length !== header.record.length) {
      reasons.push(`has ${record.length} values, the header has ${header.record.length}`);
    }
    const date = get("date");
    if (!isIsoDate(date)) reasons.push(`date "${date}" is not a yyyy-MM-dd date`);
    const accountId = get("account_id");
    if (!accountId) reasons.push("account_id is empty");
    else if (accountId.length > 100 || [...accountId].some((ch) => ch.charCodeAt(0) < 0x20))
      reasons.push("account_id is not a valid id");
    const accountName = get("account_name");
    if (!accountName) reasons.push("account_name is empty");
    const currency = get("currency").toUpperCase();
    if (!CURRENCY.test(currency)) reasons.push(`currency "${get("currency")}" is not a 3-letter ISO code`);
    const timeZone = get("time_zone");
    if (!zoneOk.has(timeZone))
      zoneOk.set(
        timeZone,
        timeZone !== "" && timeZone.includes("/") ? isTimeZone(timeZone) : timeZone === "UTC",
      );
    if (!zoneOk.get(timeZone)) reasons.push(`time_zone "${timeZone}" is not an IANA time zone`);
    const spend = amount(get("spend"), "spend", reasons);
    const revenue = amount(get("revenue"), "revenue", reasons);
    const impressions = count(get("impressions"), "impressions", reasons, COUNT);
    const clicks = count(get("clicks"), "clicks", reasons, COUNT);
    const conversions = count(get("conversions"), "conversions", reasons, DECIMAL_COUNT);

    if (accountId && accountName && CURRENCY.test(currency) && zoneOk.get(timeZone)) {
      const known = accounts.get(accountId);
      if (!known) accounts.set(accountId, { name: accountName, currency, timeZone, line });
      else {
        if (known.currency !== currency)
          reasons.push(`account ${accountId} has currency ${known.currency} on line ${known.line}`);
        if (known.timeZone !== timeZone)
          reasons.push(`account ${accountId} has time zone ${known.timeZone} on line ${known.line}`);
        if (known.name !== accountName)
          reasons.push(`account ${accountId} is named "${known.name}" on line ${known.line}`);
      }
    }
    if (accountId && isIsoDate(date)) {
      const key = `${accountId}\u0000${date}`;
      const first = seen.get(key);
      if (first !== undefined)
        reasons.push(`account ${accountId} already has a row for ${date} on line ${first}`);
      else seen.set(key, line);
    }
    if (reasons.length) {
      errors.push({ line, reasons });
      continue;
    }
    rows.push({
      line,
      date,
      accountId,
      accountName,
      currency,
      timeZone,
      spendMicros: spend as number,
      impressions: impressions as number,
      clicks: clicks as number,
      conversions: conversions as number,
      revenueMicros: revenue as number,
    });
  }
  return { rows, errors, ignoredColumns };
}

function amount(text: string, column: string, reasons: string[]): number | undefined {
  if (!AMOUNT.test(text)) {
    reasons.push(
      `${column} "${text}" is not an amount like 1234.56 (no sign, symbol or thousands separator)`,
    );
    return undefined;
  }
  return decimalToMicros(text);
}

function count(text: string, column: string, reasons: string[], pattern: RegExp): number | undefined {
  if (!pattern.test(text)) {
    reasons.push(`${column} "${text}" is not a ${pattern === COUNT ? "whole" : "non-negative"} number`);
    return undefined;
  }
  return Number(text);
}
