import { mkdirSync } from "node:fs";
import { budgetCalendar } from "@pacer/core/calendar";
import type { PacingSeries } from "@pacer/core/pacing-chart";
import { screenshot } from "@pacer/local/testing/browser";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  openDashboardPage,
  registerAccount,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { useBrowser } from "./helpers";

const UNIT = 1_000_000;
/** Where the lead collects the pacing chart's screenshot. */
const SHOTS = "/work/wt/shots";

/** The series the chart drew, read from its data attribute (micros), not from pixels. */
async function drawnSeries(scope: Locator): Promise<PacingSeries> {
  const view = scope.getByTestId("pacing-series");
  await view.waitFor();
  // The chart itself (recharts, loaded when the tab opens) has drawn its lines.
  await scope.locator(".pacing-chart .recharts-line").first().waitFor();
  return JSON.parse((await view.getAttribute("data-series")) ?? "null") as PacingSeries;
}

/** Hovers the cumulative chart at its middle and returns the readout's text. */
async function hoverReadout(page: Page, scope: Locator): Promise<string> {
  const box = await scope.locator(".pacing-chart").first().boundingBox();
  if (!box) throw new Error("The chart has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const readout = scope.getByTestId("pacing-readout").first();
  await readout.waitFor();
  return (await readout.textContent()) ?? "";
}

describe("pacing chart (browser)", () => {
  const browser = useBrowser();
  let world: World;
  const baseUrl = inject("baseUrl");
  // The seeded trackers spend the same each day since six months back: the forecast is exact.
  const calendar = budgetCalendar(new Date(), "Europe/London");
  const daysInMonth = calendar.allDays.daysInMonth;
  const daysSoFar = calendar.dayOfMonth;

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "pacing");
    await seedTrackers(world, [
      {
        name: "Brand Search",
        client: "Acme",
        // 120 a day against 100 spent: the ideal line runs above the spend.
        budget: 120 * UNIT * daysInMonth,
        dailySpend: 100 * UNIT,
        lastFailure: { at: new Date().toISOString(), title: "Data load failed", msg: "Google Ads timed out" },
      },
      { name: "Remarketing", client: "Acme", budget: 1500 * UNIT, dailySpend: 40 * UNIT },
    ]);
  });

  it("the Pacing tab of a tracker draws its month: actuals, ideal, forecast and events", async () => {
    const page = await openDashboardPage(browser, world, "/dashboard?view=tracker");
    await tableRow(page, "Brand Search").click();
    const dialog = page.getByRole("dialog", { name: "Brand Search" });
    await dialog.getByRole("tab", { name: "Pacing" }).click();

    const series = await drawnSeries(dialog);

    expect(series).toMatchObject({ period: "month", start: calendar.monthStart, end: calendar.monthEnd });
    expect(series.days).toHaveLength(daysInMonth);
    const today = series.days[daysSoFar - 1];
    expect(today).toMatchObject({
      date: calendar.today,
      spend: 100 * UNIT,
      cumulativeSpend: daysSoFar * 100 * UNIT,
    });
    expect(series.days[0]?.ideal).toBe(120 * UNIT);
    expect(series.days[daysSoFar - 1]?.ideal).toBe(daysSoFar * 120 * UNIT);
    expect(series.days.at(-1)).toMatchObject({
      ideal: daysInMonth * 120 * UNIT,
      forecast: daysInMonth * 100 * UNIT,
      forecastLow: daysInMonth * 100 * UNIT,
      forecastHigh: daysInMonth * 100 * UNIT,
      dailyBudget: 120 * UNIT,
    });
    expect(series.events.map((e) => [e.kind, e.label])).toEqual(
      expect.arrayContaining([
        ["tracker-created", "Tracker created"],
        ["refresh-failure", "Refresh failed: Google Ads timed out"],
      ]),
    );
    // The summary and the events list say the same.
    await expect(
      dialog
        .getByText(`£${(daysInMonth * 100).toLocaleString("en-GB")}`)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(
      dialog
        .getByText(/Refresh failed: Google Ads timed out/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    // The hover readout gives a day's figures.
    const readout = await hoverReadout(page, dialog);
    expect(readout).toMatch(/Spend to date/);
    expect(readout).toMatch(/Ideal to date£[\d,]+/);

    await expectNoSeriousViolations(page, "Manage Tracker, Pacing", ".manage-tracker-modal");
    await page.mouse.move(0, 0);
    await screenshot(page, "manage-tracker-pacing");
    mkdirSync(SHOTS, { recursive: true });
    await dialog.screenshot({ path: `${SHOTS}/pacing-tab.png` });
  });

  it("a client group's chart adds up its trackers", async () => {
    const page = await openDashboardPage(browser, world, "/dashboard?view=client");
    const acme = page.locator("tr.row-group", { hasText: "Acme" });
    await acme.waitFor();
    await acme.getByRole("button", { name: "Pacing chart of Acme" }).click();
    const dialog = page.getByRole("dialog", { name: "Pacing: Client Acme" });

    const series = await drawnSeries(dialog);

    expect(series.days).toHaveLength(daysInMonth);
    expect(series.budget).toBe(1500 * UNIT + daysInMonth * 120 * UNIT);
    expect(series.days[daysSoFar - 1]).toMatchObject({
      spend: 140 * UNIT,
      cumulativeSpend: daysSoFar * 140 * UNIT,
    });
    expect(series.days.at(-1)).toMatchObject({
      ideal: 1500 * UNIT + daysInMonth * 120 * UNIT,
      forecast: daysInMonth * 140 * UNIT,
    });
    expect(series.events).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "refresh-failure", tracker: "Brand Search" })]),
    );
    await expectNoSeriousViolations(page, "Client pacing chart", ".pacing-modal");
    await screenshot(page, "client-pacing");
  });
});
