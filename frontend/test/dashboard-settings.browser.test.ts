import { screenshot } from "@pacer/local/testing/browser";
import type { Page } from "playwright-core";
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

/** The dashboard table's header texts, in order. */
async function headers(page: Page): Promise<string[]> {
  return (await page.locator("table.metrics-table thead th").allTextContents()).map((t) => t.trim());
}

describe("dashboard table settings, column ordering and metrics explainer (browser)", () => {
  const browser = useBrowser();
  let world: World;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "settings");
    await seedTrackers(world, [
      { name: "North Search", client: "Acme", dailySpend: 100 * UNIT },
      { name: "South Search", client: "Acme", dailySpend: 50 * UNIT },
    ]);
  });

  async function open(): Promise<Page> {
    const page = await openDashboardPage(browser, world);
    await tableRow(page, "North Search").waitFor();
    return page;
  }

  it("hides a column and turns the totals on in Table Settings; both persist after a reload", async () => {
    const page = await open();
    expect(await headers(page)).toContain("Daily Budget");
    expect(await headers(page)).not.toContain("Clicks");

    await page.getByRole("button", { name: "Table Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Table Settings" });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, "Table Settings");
    await dialog.getByPlaceholder("Search columns").fill("daily");
    expect(await dialog.locator(".column-toggle").allTextContents()).toEqual([
      expect.stringContaining("Daily Budget"),
      expect.stringContaining("Required Daily Spend"),
    ]);
    await dialog.getByRole("button", { name: /^Daily Budget/ }).click();
    await dialog.getByPlaceholder("Search columns").fill("clicks");
    await dialog.getByRole("button", { name: /Clicks/ }).click();
    await dialog.getByRole("switch", { name: "Show Totals" }).click();
    await screenshot(page, "dashboard-table-settings");
    await dialog.getByRole("button", { name: "SAVE CHANGES" }).click();
    await page.getByText("Show Table Totals Updated").waitFor();
    await dialog.waitFor({ state: "detached" });

    expect(await headers(page)).not.toContain("Daily Budget");
    expect(await headers(page)).toContain("Clicks");
    await expect(page.locator("table.metrics-table tfoot").getByText("Totals").isVisible()).resolves.toBe(
      true,
    );
    // Totals of actual spend: 100 + 50 a day, from the engine's aggregate.
    const [north, south, total] = await Promise.all([
      tableRow(page, "North Search").locator("td.col-actualSpend").textContent(),
      tableRow(page, "South Search").locator("td.col-actualSpend").textContent(),
      page.locator("table.metrics-table tfoot td.col-actualSpend").textContent(),
    ]);
    const units = (s: string | null) => Number((s ?? "").replace(/[^\d]/g, ""));
    expect(units(total)).toBe(units(north) + units(south));

    await page.reload();
    await tableRow(page, "North Search").waitFor();
    expect(await headers(page)).not.toContain("Daily Budget");
    expect(await headers(page)).toContain("Clicks");
    await expect(page.locator("table.metrics-table tfoot").isVisible()).resolves.toBe(true);
  });

  it("moves a column with the keyboard in Column Ordering; the order persists after a reload", async () => {
    const page = await open();
    const before = await headers(page);
    expect(before.indexOf("Actual Spend")).toBeGreaterThan(before.indexOf("Budget"));

    await page.getByRole("button", { name: "Column Ordering" }).click();
    const dialog = page.getByRole("dialog", { name: "Column Ordering" });
    await dialog.waitFor();
    await expect(dialog.getByText("Drag and drop to reorder columns").isVisible()).resolves.toBe(true);
    expect(
      await dialog.locator(".ordering-list").evaluate((el) => el.getBoundingClientRect().height),
    ).toBeGreaterThan(0);
    await expectNoSeriousViolations(page, "Column Ordering");
    // Actual Spend up above Budget: lift it with Space, move it up with ArrowUp until the list's live
    // announcement says it is over Budget, drop with Space. Each press waits for the announcement to
    // change, and the place is read from the announcement rather than counted from the presses, so a
    // press the sensor resolves to two places (or none) under a busy CPU cannot derail the test.
    const ids = await dialog
      .locator(".ordering-item")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-column-id") ?? ""));
    const from = ids.indexOf("actualSpend");
    const to = ids.indexOf("budget");
    expect(to).toBeGreaterThan(1);
    expect(from).toBeGreaterThan(to);
    const region = page.locator('[id^="DndLiveRegion"]');
    const announcement = async () => ((await region.allTextContents()).join(" ") || "").trim();
    const overId = (text: string) => /moved over droppable area ([\w-]+)\./.exec(text)?.[1];
    const handle = dialog.getByRole("button", { name: "Move Actual Spend" });
    await handle.focus();
    await page.keyboard.press("Space");
    // Lifted: announced as picked up, then at once as over its own place.
    await region
      .filter({ hasText: /Picked up draggable item actualSpend\.|moved over droppable area actualSpend\./ })
      .waitFor({ state: "attached" });
    // A press the sensor resolves to no move (the layout not yet settled after the last one) says
    // nothing new: after a few seconds the place is read again and the next press decides.
    const changedFrom = (previous: string) =>
      expect
        .poll(announcement, { timeout: 4_000 })
        .not.toBe(previous)
        .then(
          () => true,
          () => false,
        );
    let said = await announcement();
    let unchanged = 0;
    for (let presses = 0; overId(said) !== "budget"; presses++) {
      expect(presses).toBeLessThan(3 * ids.length);
      const at = ids.indexOf(overId(said) ?? "actualSpend");
      const key = at > to || at < 0 ? "ArrowUp" : "ArrowDown";
      const previous = said;
      await page.keyboard.press(key);
      if (!(await changedFrom(previous))) unchanged++;
      said = await announcement();
    }
    expect(unchanged).toBeLessThan(ids.length);
    await page.keyboard.press("Space");
    await region
      .filter({ hasText: "Draggable item actualSpend was dropped over droppable area budget" })
      .waitFor({ state: "attached" });
    const listed = async () =>
      (await dialog.locator(".ordering-item").allTextContents()).map((t) => t.trim());
    await expect.poll(async () => (await listed()).indexOf("Actual Spend")).toBe(to);
    expect((await listed()).indexOf("Budget")).toBe(to + 1);
    expect((await listed()).slice(0, 2)).toEqual(["Name", "Client"]);
    await screenshot(page, "dashboard-column-ordering");
    await dialog.getByRole("button", { name: "SAVE CHANGES" }).click();
    await dialog.waitFor({ state: "detached" });

    const after = await headers(page);
    expect(after.indexOf("Actual Spend")).toBeLessThan(after.indexOf("Budget"));
    await page.reload();
    await tableRow(page, "North Search").waitFor();
    const reloaded = await headers(page);
    expect(reloaded.indexOf("Actual Spend")).toBeLessThan(reloaded.indexOf("Budget"));
    expect(reloaded.slice(1, 3)).toEqual(["Name", "Client"]);
  });

  it("searches the Metrics Explainer", async () => {
    const page = await open();
    await page.getByRole("button", { name: "Metrics explainer" }).click();
    const dialog = page.getByRole("dialog", { name: "Metrics Explainer" });
    await dialog.waitFor();
    await dialog.getByPlaceholder("Search Metrics").fill("roas");
    expect(await dialog.locator(".metric-list li").count()).toBe(1);
    await expect(dialog.getByText("Revenue / Actual Spend").isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "Metrics Explainer");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });
});
