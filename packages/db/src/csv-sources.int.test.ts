import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type CsvImportRow,
  csvRowReader,
  deleteCsvSource,
  importCsvRows,
  listCsvAccounts,
} from "./csv-sources.ts";

const aRow = (accountId: string, date: string, spendMicros: number, extra: Partial<CsvImportRow> = {}) => ({
  accountId,
  accountName: `Account ${accountId}`,
  currency: "GBP",
  timeZone: "Europe/London",
  date,
  spendMicros,
  impressions: 100,
  clicks: 10,
  conversions: 1.5,
  revenueMicros: 2_000_000,
  ...extra,
});

describe("CSV sources (DynamoDB Local)", () => {
  it("stores rows per tenant and CSV account, lists the accounts and reads a date range back", async () => {
    const tenant = randomUUID();
    const other = randomUUID();
    await importCsvRows(tenant, [
      aRow("A#1", "2024-01-02", 2_000_000),
      aRow("A#1", "2024-01-01", 1_000_000),
      aRow("B", "2024-01-01", 5_000_000, { currency: "USD", timeZone: "America/New_York" }),
    ]);
    await importCsvRows(other, [aRow("A#1", "2024-01-01", 9_000_000)]);

    const reader = csvRowReader(tenant);
    expect(await reader.listAccounts()).toEqual([
      {
        id: "A#1",
        name: "Account A#1",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { firstDate: "2024-01-01", lastDate: "2024-01-02" },
      },
      {
        id: "B",
        name: "Account B",
        currency: "USD",
        timeZone: "America/New_York",
        metaData: { firstDate: "2024-01-01", lastDate: "2024-01-01" },
      },
    ]);
    const rows = await reader.dailyRows("A#1", "2024-01-01", "2024-01-31");
    expect(rows.map((r) => [r.date, r.spendMicros])).toEqual([
      ["2024-01-01", 1_000_000],
      ["2024-01-02", 2_000_000],
    ]);
    expect(await reader.dailyRows("A#1", "2024-01-02", "2024-01-02")).toHaveLength(1);
    expect((await csvRowReader(other).dailyRows("A#1", "2024-01-01", "2024-01-31"))[0]?.spendMicros).toBe(
      9_000_000,
    );
  });

  it("a later import replaces its days, keeps the others, renames and widens the account", async () => {
    const tenant = randomUUID();
    await importCsvRows(tenant, [aRow("X", "2024-02-01", 1), aRow("X", "2024-02-02", 2)]);
    await importCsvRows(tenant, [
      aRow("X", "2024-02-02", 20, { accountName: "Renamed" }),
      aRow("X", "2024-02-03", 3, { accountName: "Renamed" }),
    ]);

    const [account] = await listCsvAccounts(tenant);
    expect(account).toMatchObject({ name: "Renamed", firstDate: "2024-02-01", lastDate: "2024-02-03" });
    const rows = await csvRowReader(tenant).dailyRows("X", "2024-01-01", "2024-12-31");
    expect(rows.map((r) => r.spendMicros)).toEqual([1, 20, 3]);
  });

  it("deletes every account and row of a tenant only", async () => {
    const tenant = randomUUID();
    const other = randomUUID();
    const many = Array.from({ length: 60 }, (_, i) =>
      aRow("Y", `2024-03-${String((i % 28) + 1).padStart(2, "0")}`, i, {}),
    );
    await importCsvRows(tenant, [...many, aRow("Z", "2024-03-01", 1)]);
    await importCsvRows(other, [aRow("Y", "2024-03-01", 1)]);

    expect(await deleteCsvSource(tenant)).toBe(29);
    expect(await listCsvAccounts(tenant)).toEqual([]);
    expect(await csvRowReader(tenant).dailyRows("Y", "2024-01-01", "2024-12-31")).toEqual([]);
    expect(await listCsvAccounts(other)).toHaveLength(1);
  });
});
