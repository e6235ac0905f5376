import type { EntityItem } from "electrodb";
import { batchWriteRetrying } from "./batch-write.ts";
import { type DailyMetricsRow, dailyFigures } from "./daily-rows.ts";
import { nowIso } from "./entities/common.ts";
import type { CsvAccountEntity } from "./entities/csv-source.ts";
import { db } from "./service.ts";

/** A CSV ad account as stored. */
export type CsvAccount = EntityItem<CsvAccountEntity>;

/** One day of one CSV ad account: money in integer micros, the date `yyyy-MM-dd` in its time zone. */
export type CsvDayRow = DailyMetricsRow;

/** One validated import row (what `parseDailyCsv` of `@pacer/connectors` accepted). */
export interface CsvImportRow extends CsvDayRow {
  accountId: string;
  accountName: string;
  currency: string;
  timeZone: string;
}

/**
 * A CSV account as the connectors see it (their `AdAccountView`): the tracker wizard lists these
 * and trackers are created on them like on any platform's ad account.
 */
export interface CsvAccountView {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  metaData: Record<string, string>;
}

/** Batch requests (25 items each) in flight at once. */
const CONCURRENT_BATCHES = 8;

/** The tenant's CSV ad accounts, by `csvAccountId`. */
export async function listCsvAccounts(accountId: string): Promise<CsvAccount[]> {
  const { data } = await (await db()).entities.csvAccount.query.byTenant({ accountId }).go({ pages: "all" });
  return data;
}

/**
 * Stores validated import rows for a tenant: one item per CSV account and day (a day imported
 * again is replaced; other days are kept), and one CSV account per `account_id`, whose name is
 * updated and whose date span is widened. The caller has checked that no stored account changes
 * currency or time zone. Rows are written before their accounts, so an account is never listed
 * without its rows.
 * @throws Error when some rows are still unprocessed after the retries (the import can be sent again)
 */
export async function importCsvRows(
  accountId: string,
  rows: readonly CsvImportRow[],
  now: Date = new Date(),
): Promise<{ accounts: CsvAccount[]; rows: number }> {
  const byKey = new Map<string, CsvImportRow>();
  for (const row of rows) byKey.set(`${row.accountId}\u0000${row.date}`, row);
  const items = [...byKey.values()].map((r) => ({
    accountId,
    csvAccountId: r.accountId,
    ...dailyFigures(r),
  }));
  await batchWriteRetrying(
    items,
    async (batch) => (await db()).entities.csvRow.put(batch).go({ concurrent: CONCURRENT_BATCHES }),
    (item) => `${item.csvAccountId}\u0000${item.date}`,
    "CSV rows",
  );

  const existing = new Map((await listCsvAccounts(accountId)).map((a) => [a.csvAccountId, a]));
  const accounts = new Map<string, CsvAccount>();
  const importedAt = nowIso(now);
  for (const r of byKey.values()) {
    const seen = accounts.get(r.accountId) ?? existing.get(r.accountId);
    accounts.set(r.accountId, {
      accountId,
      csvAccountId: r.accountId,
      name: r.accountName,
      currency: r.currency,
      timeZone: r.timeZone,
      firstDate: seen && seen.firstDate < r.date ? seen.firstDate : r.date,
      lastDate: seen && seen.lastDate > r.date ? seen.lastDate : r.date,
      importedAt,
    });
  }
  const list = [...accounts.values()];
  await batchWriteRetrying(
    list,
    async (batch) => (await db()).entities.csvAccount.put(batch).go({ concurrent: CONCURRENT_BATCHES }),
    (a) => a.csvAccountId,
    "CSV accounts",
  );
  return { accounts: list, rows: items.length };
}

/** A CSV account's days from `from` to `to` (inclusive, `yyyy-MM-dd`), oldest first. */
export async function listCsvRows(
  accountId: string,
  csvAccountId: string,
  from: string,
  to: string,
): Promise<CsvDayRow[]> {
  const { data } = await (await db()).entities.csvRow.query
    .byCsvAccount({ accountId, csvAccountId })
    .between({ date: from }, { date: to })
    .go({ pages: "all" });
  return data.map(dailyFigures);
}

/** A CSV account as a view (`metaData` says which days were imported). */
export function csvAccountView(a: CsvAccount): CsvAccountView {
  return {
    id: a.csvAccountId,
    name: a.name,
    currency: a.currency,
    timeZone: a.timeZone,
    metaData: { firstDate: a.firstDate, lastDate: a.lastDate },
  };
}

/**
 * The tenant-bound reader of imported rows: the `CsvRowReader` the CSV connector of
 * `@pacer/connectors` takes as its credentials (`{ csv: csvRowReader(accountId) }`). The tenant is
 * fixed here, so a reader can never see another account's rows.
 */
export function csvRowReader(accountId: string): {
  listAccounts(): Promise<CsvAccountView[]>;
  dailyRows(csvAccountId: string, from: string, to: string): Promise<CsvDayRow[]>;
} {
  return {
    listAccounts: async () => (await listCsvAccounts(accountId)).map(csvAccountView),
    dailyRows: (csvAccountId, from, to) => listCsvRows(accountId, csvAccountId, from, to),
  };
}

/** Deletes every CSV account and row of a tenant (removing the CSV connection). Returns the rows deleted. */
export async function deleteCsvSource(accountId: string): Promise<number> {
  let deleted = 0;
  for (const account of await listCsvAccounts(accountId)) {
    const { data } = await (await db()).entities.csvRow.query
      .byCsvAccount({ accountId, csvAccountId: account.csvAccountId })
      .go({ pages: "all", attributes: ["accountId", "csvAccountId", "date"] });
    const keys = data.map((d) => ({ accountId, csvAccountId: account.csvAccountId, date: d.date }));
    await batchWriteRetrying(
      keys,
      async (batch) => (await db()).entities.csvRow.delete(batch).go({ concurrent: CONCURRENT_BATCHES }),
      (k) => k.date,
      "CSV rows",
    );
    deleted += keys.length;
    await (await db()).entities.csvAccount.delete({ accountId, csvAccountId: account.csvAccountId }).go();
  }
  return deleted;
}
