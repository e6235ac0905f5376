import { type CsvRowError, parseDailyCsv } from "@pacer/connectors";
import { csvAccountView, importCsvRows, listCsvAccounts, listIntegrations, putIntegration } from "@pacer/db";
import type { View } from "../../contract/data-source.ts";
import { integrationView } from "../lib/integration-view.ts";
import type { Session } from "../lib/session.ts";

/** Rows one import may hold: an import is written within one API call (API Gateway allows 29 s). */
export const CSV_MAX_ROWS = 20_000;
/** Refused lines listed in a 400 answer (the count says how many there were). */
export const CSV_MAX_ERRORS_LISTED = 100;

/** An import refused as a whole: nothing was stored. */
export class CsvImportRefused extends Error {
  constructor(
    message: string,
    readonly errors: CsvRowError[],
    readonly ignoredColumns: string[] = [],
  ) {
    super(message);
    this.name = "CsvImportRefused";
  }
}

/** The name of the "Manual / CSV" connection (integration slug `csv`). */
const CSV_NAME = "Manual / CSV";

/**
 * `POST /api/csv/import` ("Manual / CSV"): validates the whole file with `parseDailyCsv`
 * (header in any column order; every bad line reported with its number), refuses an account whose
 * currency or time zone differs from an earlier import, then stores the rows for the caller's
 * account (a day imported again replaces the stored day) and makes sure the account has its CSV
 * connection, whose account listing then offers every imported `account_id`.
 * @throws CsvImportRefused when any line is refused (nothing stored)
 */
export async function importCsv(session: Session, text: string, now: Date) {
  const parsed = parseDailyCsv(text, { maxRows: CSV_MAX_ROWS });
  if (parsed.errors.length > 0) {
    const lines = parsed.errors.length;
    throw new CsvImportRefused(
      `The file has ${lines} line${lines === 1 ? "" : "s"} with errors; nothing was imported`,
      parsed.errors,
      parsed.ignoredColumns,
    );
  }
  if (parsed.rows.length === 0) throw new CsvImportRefused("The file has no rows; nothing was imported", []);

  const stored = new Map((await listCsvAccounts(session.accountId)).map((a) => [a.csvAccountId, a]));
  const conflicts: CsvRowError[] = [];
  const reported = new Set<string>();
  for (const row of parsed.rows) {
    const before = stored.get(row.accountId);
    if (!before || reported.has(row.accountId)) continue;
    const reasons: string[] = [];
    if (before.currency !== row.currency) {
      reasons.push(`account ${row.accountId} was imported in ${before.currency}, not ${row.currency}`);
    }
    if (before.timeZone !== row.timeZone) {
      reasons.push(
        `account ${row.accountId} was imported in time zone ${before.timeZone}, not ${row.timeZone}`,
      );
    }
    if (reasons.length) {
      reported.add(row.accountId);
      conflicts.push({ line: row.line, reasons });
    }
  }
  if (conflicts.length > 0) {
    throw new CsvImportRefused(
      "Some accounts change currency or time zone; nothing was imported",
      conflicts,
      parsed.ignoredColumns,
    );
  }

  const result = await importCsvRows(session.accountId, parsed.rows, now);
  const accounts = await listCsvAccounts(session.accountId);
  const metaData = { lastImportAt: now.toISOString(), accounts: String(accounts.length) };
  const existing = (await listIntegrations(session.accountId)).find((i) => i.slug === "csv");
  const integration = await putIntegration({
    accountId: session.accountId,
    slug: "csv",
    email: existing?.email ?? session.user.email,
    name: CSV_NAME,
    type: "file",
    metaData,
    hasRefreshToken: false,
    connectedAt: existing?.connectedAt ?? now.toISOString(),
  });
  return {
    msg: `Imported ${result.rows} row${result.rows === 1 ? "" : "s"} for ${result.accounts.length} account${result.accounts.length === 1 ? "" : "s"}`,
    rows: result.rows,
    accounts: result.accounts.map((a): View => csvAccountView(a)),
    ignoredColumns: parsed.ignoredColumns,
    integrationObj: integrationView(integration, now),
  };
}
