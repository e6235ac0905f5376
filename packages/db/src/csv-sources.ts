import type { EntityItem } from "electrodb";
import { nowIso } from "./entities/common.ts";
import type { CsvAccountEntity } from "./entities/csv-source.ts";
import { db } from "./service.ts";

/** A CSV ad account as stored. */
export type CsvAccount = EntityItem<typeof CsvAccountEntity>;

/** One day of one CSV ad account: money in integer micros, the date `yyyy-MM-dd` in its time zone. */
export interface CsvDayRow {
  date: string;
  spendMicros: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenueMicros: number;
}

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

/** How many times the unprocessed part of a batch write is sent again. */
const BATCH_ATTEMPTS = 5;
/** Batch requests (25 items each) in flight at once. */
const CONCURRENT_BATCHES = 8;

async function writeAll<T>(
  items: T[],
  send: (batch: T[]) => Promise<{ unprocessed: unknown[] }>,
  keyOf: (item: T) => string,
  keyOfUnprocessed: (u: unknown) => string,
): Promise<void> {
  let pending = items;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const { unprocessed } = await send(pending);
    if (unprocessed.length === 0) return;
    if (attempt >= BATCH_ATTEMPTS) throw new Error(`${unprocessed.length} CSV items were not written`);
    const left = new Set(unprocessed.map(keyOfUnprocessed));
    pending = pending.filter((p) => left.has(keyOf(p)));
    await new Promise((done) => setTimeout(done, 50 * 2 ** attempt));
  }
}

/** The tenant's CSV ad accounts, by `csvAccountId`. */
export async function listCsvAccounts(accountId: string): Promise<CsvAccount[]> {
  const { data } = await db().entities.csvAccount.query.byTenant({ accountId }).go({ pages: "all" });
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
    date: r.date,
    spendMicros: r.spendMicros,
    impressions: r.impressions,
    clicks: r.clicks,
    conversions: r.conversions,
    revenueMicros: r.revenueMicros,
  }));
  await writeAll(
    items,
    async (batch) => db().entities.csvRow.put(batch).go({ concurrent: CONCURRENT_BATCHES }),
    (i) => `${i.csvAccountId}\u0000${i.date}`,
    (u) => {
      const k = u as { csvAccountId: string; date: string };
      return `${k.csvAccountId}\u0000${k.date}`;
    },
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
  await writeAll(
    list,
    async (batch) => db().entities.csvAccount.put(batch).go({ concurrent: CONCURRENT_BATCHES }),
    (a) => a.csvAccountId,
    (u) => (u as { csvAccountId: string }).csvAccountId,
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
  const { data } = await db()
    .entities.csvRow.query.byCsvAccount({ accountId, csvAccountId })
    .between({ date: from }, { date: to })
    .go({ pages: "all" });
  return data.map((d) => ({
    date: d.date,
    spendMicros: d.spendMicros,
    impressions: d.impressions,
    clicks: d.clicks,
    conversions: d.conversions,
    revenueMicros: d.revenueMicros,
  }));
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
    const { data } = await db()
      .entities.csvRow.query.byCsvAccount({ accountId, csvAccountId: account.csvAccountId })
      .go({ pages: "all", attributes: ["accountId", "csvAccountId", "date"] });
    const keys = data.map((d) => ({ accountId, csvAccountId: account.csvAccountId, date: d.date }));
    await writeAll(
      keys,
      async (batch) => db().entities.csvRow.delete(batch).go({ concurrent: CONCURRENT_BATCHES }),
      (k) => k.date,
      (u) => (u as { date: string }).date,
    );
    deleted += keys.length;
    await db().entities.csvAccount.delete({ accountId, csvAccountId: account.csvAccountId }).go();
  }
  return deleted;
}
