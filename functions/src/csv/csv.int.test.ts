import { readFileSync } from "node:fs";
import { createCsvConnector, type DailyMetricsRow } from "@pacer/connectors";
import { csvRowReader, getIntegration, listCsvAccounts, listIntegrations } from "@pacer/db";
import { sourceFilePath } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld } from "../../testing/builders.ts";
import { useConnectionsSandbox } from "../../testing/connections.ts";

useConnectionsSandbox();

const SOURCE = sourceFilePath();
const HEADER = "date,account_id,account_name,currency,time_zone,spend,impressions,clicks,conversions,revenue";

/** Decimal text -> integer micros, by string arithmetic (independent of the importer's own). */
function micros(text: string): number {
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, "0"));
}

/**
 * The shared data file (one row per campaign and day) in the documented import format: each
 * campaign becomes an ad account (`account_id` = campaign_id, its name as spelt in the file), spend
 * = mark_spent, conversions = orders; GBP, Europe/London. Returns the CSV and, per account, the
 * rows it must give back.
 */
function sharedFileAsImport(): {
  csv: string;
  expected: Map<string, DailyMetricsRow[]>;
  names: Map<string, string>;
} {
  const [header, ...lines] = readFileSync(SOURCE, "utf8").trim().split(/\r?\n/);
  const col = (header as string).split(",");
  const at = (cells: string[], name: string) => cells[col.indexOf(name)] as string;
  const expected = new Map<string, DailyMetricsRow[]>();
  const names = new Map<string, string>();
  // columns in another order than documented, to show any order is accepted
  const out = [
    "account_name,account_id,date,currency,time_zone,impressions,clicks,spend,revenue,conversions",
  ];
  for (const line of lines) {
    const cells = line.split(",");
    const [d, m, y] = at(cells, "c_date").split("-");
    const date = `${y}-${m}-${d}`;
    const id = at(cells, "campaign_id");
    names.set(id, at(cells, "campaign_name"));
    out.push(
      [
        at(cells, "campaign_name"),
        id,
        date,
        "GBP",
        "Europe/London",
        at(cells, "impressions"),
        at(cells, "clicks"),
        at(cells, "mark_spent"),
        at(cells, "revenue"),
        at(cells, "orders"),
      ].join(","),
    );
    const rows = expected.get(id) ?? [];
    rows.push({
      date,
      spendMicros: micros(at(cells, "mark_spent")),
      impressions: Number(at(cells, "impressions")),
      clicks: Number(at(cells, "clicks")),
      conversions: Number(at(cells, "orders")),
      revenueMicros: micros(at(cells, "revenue")),
    });
    expected.set(id, rows);
  }
  for (const rows of expected.values()) rows.sort((a, b) => a.date.localeCompare(b.date));
  return { csv: `${out.join("\n")}\n`, expected, names };
}

describe("POST /api/csv/import: the shared data file round-trips", () => {
  it("gives back exactly the file's rows through the row reader and the CSV connector", async () => {
    const { account, Manager } = await aWorld();
    const { csv, expected, names } = sharedFileAsImport();
    expect([...expected.values()].reduce((n, r) => n + r.length, 0)).toBe(308);

    const started = performance.now();
    const answer = await callApi<{
      msg: string;
      rows: number;
      accounts: Array<{ id: string; name: string }>;
      integrationObj: Record<string, unknown>;
    }>("POST", "/api/csv/import", { token: Manager.token, body: { csv, fileName: "marketing.csv" } });
    const elapsedMs = performance.now() - started;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ msg: "Imported 308 rows for 11 accounts", rows: 308 });
    expect(answer.body.integrationObj).toMatchObject({ slug: "csv", name: "Manual / CSV", status: "ok" });
    console.info(`CSV import of 308 rows: ${elapsedMs.toFixed(0)} ms`);

    const reader = csvRowReader(account.accountId);
    const connector = createCsvConnector();
    for (const [id, rows] of expected) {
      expect(await reader.dailyRows(id, "2021-02-01", "2021-02-28")).toEqual(rows);
      const fetched = await connector.fetchDailyMetrics(
        { csv: reader },
        { account: { id }, from: "2021-02-01", to: "2021-02-28" },
      );
      expect(fetched).toEqual({ accountId: id, currency: "GBP", timeZone: "Europe/London", rows });
    }

    // every account_id is an ad account the wizard lists, like any other platform's
    const integration = { slug: "csv", email: Manager.email };
    const listed = await callApi<{ statusCode: number; views: Array<{ id: string; name: string }> }>(
      "POST",
      "/api/csv/get-account",
      { token: Manager.token, body: { integration } },
    );
    expect(listed.body.statusCode).toBe(200);
    expect(new Map(listed.body.views.map((v) => [v.id, v.name]))).toEqual(names);
    expect(names.get("348934")).toBe("facebOOK_tier2");
  });

  it("importing the same file again changes nothing", async () => {
    const { account, Admin } = await aWorld();
    const { csv, expected } = sharedFileAsImport();
    await callApi("POST", "/api/csv/import", { token: Admin.token, body: { csv } });
    const again = await callApi("POST", "/api/csv/import", { token: Admin.token, body: { csv } });
    expect(again.status).toBe(200);
    const rows = await csvRowReader(account.accountId).dailyRows("89459845", "2021-01-01", "2021-12-31");
    expect(rows).toEqual(expected.get("89459845"));
    expect(await listIntegrations(account.accountId)).toHaveLength(1);
  });
});

describe("POST /api/csv/import: refusals store nothing", () => {
  it("reports every bad line with its number and reasons", async () => {
    const { account, Admin } = await aWorld();
    const csv = [
      HEADER,
      "2024-01-01,a1,Account 1,GBP,Europe/London,10.50,100,10,1,20",
      "2024-13-01,a1,Account 1,GBP,Europe/London,10.50,100,10,1,20",
      "2024-01-02,a1,Account 1,GBP,Mars/Olympus,-3,1.5,10,1,20",
      "2024-01-03,a1,Account 1,GBP,Europe/London,10,100,10,1,20",
    ].join("\n");
    const answer = await callApi<{
      msg: string;
      errors: Array<{ line: number; reasons: string[] }>;
      errorCount: number;
    }>("POST", "/api/csv/import", { token: Admin.token, body: { csv } });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("The file has 2 lines with errors; nothing was imported");
    expect(answer.body.errorCount).toBe(2);
    expect(answer.body.errors.map((e) => e.line)).toEqual([3, 4]);
    expect(answer.body.errors[1]?.reasons.length).toBeGreaterThanOrEqual(2);
    expect(await listCsvAccounts(account.accountId)).toEqual([]);
    expect(await listIntegrations(account.accountId)).toEqual([]);
  });

  it("refuses a header without the required columns, an empty file and a file without rows", async () => {
    const { Admin } = await aWorld();
    for (const csv of ["date,spend\n2024-01-01,1", "", `${HEADER}\n`]) {
      const answer = await callApi("POST", "/api/csv/import", { token: Admin.token, body: { csv } });
      expect(answer.status, csv).toBe(400);
    }
  });

  it("refuses an account whose currency or time zone differs from an earlier import", async () => {
    const { account, Admin } = await aWorld();
    const first = `${HEADER}\n2024-01-01,a1,Account 1,GBP,Europe/London,1,1,1,1,1\n`;
    expect(
      (await callApi("POST", "/api/csv/import", { token: Admin.token, body: { csv: first } })).status,
    ).toBe(200);
    const second = `${HEADER}\n2024-01-02,a2,Account 2,EUR,Europe/Berlin,1,1,1,1,1\n2024-01-02,a1,Account 1,USD,Europe/London,9,9,9,9,9\n`;
    const answer = await callApi<{ errors: Array<{ line: number; reasons: string[] }> }>(
      "POST",
      "/api/csv/import",
      {
        token: Admin.token,
        body: { csv: second },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ line: 3, reasons: ["account a1 was imported in GBP, not USD"] }]);
    expect((await listCsvAccounts(account.accountId)).map((a) => a.csvAccountId)).toEqual(["a1"]);
    expect(await csvRowReader(account.accountId).dailyRows("a1", "2024-01-02", "2024-01-02")).toEqual([]);
  });

  it("refuses a body over 5 MB with 413, and a Viewer with 403", async () => {
    const world = await aWorld();
    const big = `${HEADER}\n${"2024-01-01,a1,Account 1,GBP,Europe/London,1,1,1,1,1\n".repeat(110_000)}`;
    const tooLarge = await callApi("POST", "/api/csv/import", {
      token: world.Admin.token,
      body: { csv: big },
    });
    expect(tooLarge.status).toBe(413);
    const viewer = await callApi("POST", "/api/csv/import", {
      token: world.Viewer.token,
      body: { csv: `${HEADER}\n` },
    });
    expect(viewer.status).toBe(403);
  });
});

describe("removing the CSV connection", () => {
  it("forgets its imported rows", async () => {
    const { account, Admin } = await aWorld();
    const csv = `${HEADER}\n2024-01-01,a1,Account 1,GBP,Europe/London,1,1,1,1,1\n`;
    await callApi("POST", "/api/csv/import", { token: Admin.token, body: { csv } });
    const integration = await getIntegration(account.accountId, "csv", Admin.email);
    expect(integration).toBeDefined();
    const removed = await callApi("POST", "/api/account/remove-integration", {
      token: Admin.token,
      body: { slug: "csv", email: Admin.email },
    });
    expect(removed.status).toBe(200);
    expect(await listCsvAccounts(account.accountId)).toEqual([]);
    expect(await csvRowReader(account.accountId).dailyRows("a1", "2024-01-01", "2024-01-31")).toEqual([]);
  });
});
