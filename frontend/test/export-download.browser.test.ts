import { formatMoney, formatPercent } from "@pacer/core/format";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  openSignedIn,
  registerAccount,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { useBrowser } from "./helpers";

const UNIT = 1_000_000;

describe("Download Data (browser)", () => {
  const browser = useBrowser();
  let world: World;
  let ids: string[];
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "export");
    ids = await seedTrackers(world, [
      { name: "=SUM(A1:A9)", client: "Acme", budget: 3000 * UNIT, dailySpend: 100 * UNIT },
      { name: "Acme Display", client: "Acme", budget: 1000 * UNIT, dailySpend: 80 * UNIT },
      { name: "Bravo Social", client: "@Bravo", budget: 2000 * UNIT, dailySpend: 50 * UNIT },
      { name: "Bravo Broken", client: "@Bravo", errored: { title: "Token expired", msg: "Reconnect" } },
    ]);
    await callApi(baseUrl, world.token, "POST", "/api/pod/create-pod", {
      name: "Main Pod",
      description: "",
      trackers: [ids[0], ids[1], ids[2]],
      users: [],
    });
  });

  it("downloads Pacer_data_export.xlsx with Trackers, Clients and Pods matching the table", async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await openSignedIn(page, world);
    await tableRow(page, "Acme Display").waitFor();
    expect(scripts.some((s) => s.includes("exceljs"))).toBe(false);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Data" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Pacer_data_export.xlsx");
    expect(scripts.some((s) => s.includes("exceljs"))).toBe(true);
    const path = await download.path();

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Trackers", "Clients", "Pods"]);

    const sheet = (name: string) => {
      const ws = book.getWorksheet(name) as ExcelJS.Worksheet;
      const rows: Record<string, unknown>[] = [];
      const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const values = (row.values as unknown[]).slice(1);
        rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i]])));
      });
      return { headers, rows };
    };

    // Trackers: the visible columns in table order, then the flags.
    const trackers = sheet("Trackers");
    const tableHeaders = (await page.locator("table.metrics-table thead th").allTextContents()).map((t) =>
      t.trim(),
    );
    const metricHeaders = tableHeaders.filter(
      (h) => !["", "Favourite", "Name", "Client", "Channel"].includes(h),
    );
    expect(trackers.headers).toEqual([
      "Name",
      "Client",
      "Channel",
      "Currency",
      ...metricHeaders,
      "_hasErrored",
      "_requiresUpdate",
    ]);
    expect(trackers.rows.map((r) => r.Name).sort()).toEqual([
      "'=SUM(A1:A9)",
      "Acme Display",
      "Bravo Broken",
      "Bravo Social",
    ]);

    for (const name of ["Acme Display", "Bravo Social"]) {
      const row = trackers.rows.find((r) => r.Name === name) as Record<string, unknown>;
      const cells = tableRow(page, name);
      expect(formatMoney(Number(row["Actual Spend"]) * UNIT, "GBP")).toBe(
        await cells.locator("td.col-actualSpend").textContent(),
      );
      expect(formatMoney(Number(row.Budget) * UNIT, "GBP")).toBe(
        await cells.locator("td.col-budget").textContent(),
      );
      expect(formatPercent(Number(row["% Through Budget"]))).toBe(
        await cells.locator("td.col-percentageThroughBudget").textContent(),
      );
      expect(row._hasErrored).toBe(false);
    }
    const broken = trackers.rows.find((r) => r.Name === "Bravo Broken") as Record<string, unknown>;
    expect(broken["Actual Spend"]).toBe("N/A");
    expect(broken._hasErrored).toBe(true);

    // Clients: each row sums its trackers (errored ones left out); the '@' client is neutralised.
    const clients = sheet("Clients");
    expect(clients.rows.map((r) => r.Client).sort()).toEqual(["'@Bravo", "Acme"]);
    const acme = clients.rows.find((r) => r.Client === "Acme") as Record<string, unknown>;
    const acmeTrackers = trackers.rows.filter((r) => r.Client === "Acme");
    expect(acme.Trackers).toBe(2);
    expect(acme["Actual Spend"]).toBeCloseTo(
      acmeTrackers.reduce((s, r) => s + Number(r["Actual Spend"]), 0),
      6,
    );
    expect(clients.rows.find((r) => r.Client === "'@Bravo")?._hasErrored).toBe(true);

    // Pods: the pod sums its three trackers; compare with the Pod view's row.
    const pods = sheet("Pods");
    expect(pods.rows.map((r) => r.Pod)).toEqual(["Main Pod"]);
    const pod = pods.rows[0] as Record<string, unknown>;
    expect(pod.Trackers).toBe(3);
    await page.getByRole("tab", { name: "Pod" }).click();
    const podRow = page.locator("tr.row-group", { hasText: "Main Pod" });
    await podRow.waitFor();
    expect(formatMoney(Number(pod["Actual Spend"]) * UNIT, "GBP")).toBe(
      await podRow.locator("td.col-actualSpend").textContent(),
    );
  });
});
