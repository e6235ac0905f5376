import { readFileSync } from "node:fs";
import { sourceFilePath } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, parseDailyCsv } from "./parse-daily-csv.ts";

const SHARED = sourceFilePath();

/** The shared data file's rows (c_date DD-MM-YYYY, campaign_name, ..., mark_spent, ..., revenue). */
function sharedRows() {
  const [header, ...lines] = readFileSync(SHARED, "utf8").trim().split(/\r?\n/);
  const names = (header as string).split(",");
  return lines.map(
    (line) => Object.fromEntries(line.split(",").map((v, i) => [names[i], v])) as Record<string, string>,
  );
}

describe("parseDailyCsv", () => {
  it("round-trips the shared data file: rows in equal rows out", () => {
    const source = sharedRows();
    // Export the file in the CSV source format, columns shuffled, one account per campaign.
    const columns = [
      "revenue",
      "date",
      "spend",
      "account_name",
      "clicks",
      "time_zone",
      "account_id",
      "conversions",
      "currency",
      "impressions",
    ];
    const csv = [
      columns.join(","),
      ...source.map((r) => {
        const [dd, mm, yyyy] = (r.c_date as string).split("-");
        const values: Record<string, string> = {
          date: `${yyyy}-${mm}-${dd}`,
          account_id: r.campaign_id as string,
          account_name: r.campaign_name as string,
          currency: "GBP",
          time_zone: "Europe/London",
          spend: r.mark_spent as string,
          impressions: r.impressions as string,
          clicks: r.clicks as string,
          conversions: r.orders as string,
          revenue: r.revenue as string,
        };
        return columns.map((c) => values[c]).join(",");
      }),
    ].join("\n");

    const result = parseDailyCsv(csv);

    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(source.length);
    result.rows.forEach((row, i) => {
      const r = source[i] as Record<string, string>;
      expect(row.line).toBe(i + 2);
      expect(row.accountId).toBe(r.campaign_id);
      expect(row.accountName).toBe(r.campaign_name);
      expect(row.date.split("-").reverse().join("-")).toBe(r.c_date);
      expect(row.spendMicros).toBe(Math.round(Number(r.mark_spent) * 1e6));
      expect(row.revenueMicros).toBe(Math.round(Number(r.revenue) * 1e6));
      expect([row.impressions, row.clicks, row.conversions]).toEqual(
        [r.impressions, r.clicks, r.orders].map(Number),
      );
    });
    const totalSpend = source.reduce((s, r) => s + Math.round(Number(r.mark_spent) * 100), 0);
    expect(result.rows.reduce((s, r) => s + r.spendMicros, 0)).toBe(totalSpend * 10_000);
  });

  it("accepts any column order and case, a BOM, blank lines and extra columns", () => {
    const csv = `\uFEFFRevenue,Date,Spend,Account_Name,Clicks,Time_Zone,Account_ID,Conversions,Currency,Impressions,notes\n\n10.5,2026-03-01,0.10,Shop,3,Europe/Paris,A-1,1.5,eur,100,hi\n`;
    const result = parseDailyCsv(csv);
    expect(result.errors).toEqual([]);
    expect(result.ignoredColumns).toEqual(["notes"]);
    expect(result.rows[0]).toMatchObject({
      line: 3,
      accountId: "A-1",
      currency: "EUR",
      spendMicros: 100_000,
      revenueMicros: 10_500_000,
      conversions: 1.5,
    });
  });

  it("rejects bad rows with line numbers and reasons, keeping the good ones", () => {
    const header = CSV_COLUMNS.join(",");
    const csv = [
      header,
      "2026-03-01,A,Shop,GBP,Europe/London,12.34,100,5,1,50",
      "2026-02-30,A,Shop,GBP,Europe/London,1,1,1,1,1",
      "2026-03-02,A,Shop,GBPX,Mars/Olympus,-1,1.5,x,1,1",
      "2026-03-01,A,Shop,GBP,Europe/London,1,1,1,1,1",
      "2026-03-03,A,Shop,USD,Europe/London,1,1,1,1,1",
      '2026-03-04,A,Shop,GBP,Europe/London,"1,234.00",1,1,1,1',
      "2026-03-05,A,Shop,GBP,Europe/London,1,1,1,1",
    ].join("\n");
    const result = parseDailyCsv(csv);
    expect(result.rows.map((r) => r.line)).toEqual([2]);
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8]);
    const reasons = (line: number) => result.errors.find((e) => e.line === line)?.reasons.join(" | ") ?? "";
    expect(reasons(3)).toMatch(/date "2026-02-30"/);
    expect(reasons(4)).toMatch(/currency "GBPX"/);
    expect(reasons(4)).toMatch(/time_zone "Mars\/Olympus"/);
    expect(reasons(4)).toMatch(/spend "-1"/);
    expect(reasons(4)).toMatch(/impressions "1.5"/);
    expect(reasons(4)).toMatch(/clicks "x"/);
    expect(reasons(5)).toMatch(/already has a row for 2026-03-01 on line 2/);
    expect(reasons(6)).toMatch(/has currency GBP on line 2/);
    expect(reasons(7)).toMatch(/spend "1,234.00"/);
    expect(reasons(8)).toMatch(/has 9 values, the header has 10/);
  });

  it("refuses a header that lacks columns", () => {
    const result = parseDailyCsv("date,account_id,spend\n2026-03-01,A,1");
    expect(result.rows).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.line).toBe(1);
    expect(result.errors[0]?.reasons).toContain('missing column "currency"');
  });
});
