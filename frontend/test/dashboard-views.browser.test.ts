import { screenshot } from "@pacer/local/testing/browser";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  openDashboardPage,
  openSignedIn,
  registerAccount,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { useBrowser } from "./helpers";

const UNIT = 1_000_000;

describe("dashboard views (browser)", () => {
  const browser = useBrowser();
  let world: World;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "views");
    await seedTrackers(world, [
      { name: "Alpha Search", client: "Acme", budget: 3100 * UNIT, dailySpend: 120 * UNIT },
      { name: "Alpha Display", client: "Acme", budget: 1000 * UNIT, dailySpend: 90 * UNIT },
      { name: "Beta Social", client: "Bravo", currency: "EUR", budget: 2000 * UNIT, dailySpend: 50 * UNIT },
      { name: "Gamma Video", client: "", budget: 500 * UNIT, dailySpend: 10 * UNIT },
      {
        name: "Delta Broken",
        client: "Bravo",
        errored: { title: "Token expired", msg: "Please reconnect Google Ads" },
      },
      { name: "Epsilon New", client: "Acme", requiresUpdate: true },
    ]);
  });

  async function open(path = "/dashboard"): Promise<Page> {
    const page = await openDashboardPage(browser, world, path);
    await tableRow(page, "Alpha Search").first().waitFor();
    return page;
  }

  it("greets the user, shows the month-to-date label and the tracker rows with their states", async () => {
    const page = await open();
    await expect(page.getByRole("heading", { name: "Hello, Alex Admin" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Month to date").isVisible()).resolves.toBe(true);
    expect(await page.locator("table.metrics-table tbody tr").count()).toBe(6);
    // The errored tracker: its message beside the name and N/A in its figures.
    const broken = tableRow(page, "Delta Broken");
    await expect(broken.locator(".row-error-message").textContent()).resolves.toBe(
      "Please reconnect Google Ads",
    );
    expect(await broken.locator("td.col-actualSpend").textContent()).toBe("N/A");
    await expect(tableRow(page, "Epsilon New").getByText("Awaiting data refresh").isVisible()).resolves.toBe(
      true,
    );
    // Over budget: 120 a day against 3,100 a month is not; 90 a day against 1,000 is (percentage > 100 late in a month).
    const spend = await tableRow(page, "Alpha Search").locator("td.col-actualSpend").textContent();
    expect(spend).toMatch(/^£[\d,]+$/);
    await screenshot(page, "dashboard-tracker-view");
    await expectNoSeriousViolations(page, "dashboard, Tracker view");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    await screenshot(page, "dashboard-tracker-view-390x844");
    await expectNoSeriousViolations(page, "dashboard, Tracker view (mobile)");
  });

  it("switches every view and pins one as the primary view", async () => {
    const page = await open();
    const tabs = page.getByRole("tablist", { name: "Select view level" });

    await tabs.getByRole("tab", { name: "Client" }).click();
    await tableRow(page, "Acme").first().waitFor();
    expect(new URL(page.url()).searchParams.get("view")).toBe("client");
    const acme = page.locator("tr.row-group", { hasText: "Acme" });
    await expect(acme.getByText("3 trackers").isVisible()).resolves.toBe(true);
    await acme.click();
    await tableRow(page, "Alpha Display").waitFor();
    await page.getByRole("button", { name: "Collapse All" }).click();
    expect(await tableRow(page, "Alpha Display").count()).toBe(0);
    // Bravo mixes GBP and EUR: the multi-currency icon.
    await expect(
      page
        .locator("tr.row-group", { hasText: "Bravo" })
        .getByRole("img", { name: "Multiple currencies used for this client" })
        .isVisible(),
    ).resolves.toBe(true);
    // No client: not listed.
    expect(await tableRow(page, "Gamma Video").count()).toBe(0);
    await expectNoSeriousViolations(page, "dashboard, Client view");

    await tabs.getByRole("tab", { name: "Pod" }).click();
    await page.getByText("No Pods found").waitFor();
    await page.getByRole("button", { name: "Shared Budgets" }).click();
    await page.getByText("No Shared Budgets found").waitFor();
    await tabs.getByRole("tab", { name: "Favourites" }).click();
    await page.getByText("No Trackers found").waitFor();
    await tabs.getByRole("tab", { name: "Tracker" }).click();
    await tableRow(page, "Gamma Video").waitFor();

    // Pin the Client view: a fresh visit to /dashboard opens it.
    await tabs.getByRole("tab", { name: "Client" }).click();
    const saved = page.waitForResponse((r) => r.url().includes("/api/auth/change-user-preference") && r.ok());
    await page.getByRole("button", { name: "Set this as primary view" }).click();
    await saved;
    await expect(
      page.getByRole("button", { name: "Set this as primary view" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    const again = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openSignedIn(again, world, "/dashboard");
    await again.locator("tr.row-group", { hasText: "Acme" }).waitFor();
    await expect(again.getByRole("tab", { name: "Client" }).getAttribute("aria-selected")).resolves.toBe(
      "true",
    );
    // Back to Tracker as primary for the other tests.
    await again.getByRole("tab", { name: "Tracker" }).click();
    const reset = again.waitForResponse(
      (r) => r.url().includes("/api/auth/change-user-preference") && r.ok(),
    );
    await again.getByRole("button", { name: "Set this as primary view" }).click();
    await reset;
  });

  it("sorts by a column header, largest first, with N/A figures last", async () => {
    const page = await open("/dashboard?view=tracker");
    const header = page.locator("th.col-actualSpend");
    await header.getByRole("button").click();
    await expect(header.getAttribute("aria-sort")).resolves.toBe("descending");
    const names = () =>
      page.locator("table.metrics-table tbody tr .tracker-name > span:first-child").allTextContents();
    // 120, (100: Epsilon, awaiting refresh), 90, 50 (EUR) and 10 a day; the errored tracker's N/A last.
    const sorted = (await names()).filter((n) => n !== "Epsilon New");
    expect(sorted).toEqual(["Alpha Search", "Alpha Display", "Beta Social", "Gamma Video", "Delta Broken"]);
    await header.getByRole("button").click();
    await expect(header.getAttribute("aria-sort")).resolves.toBe("ascending");
    const ascending = await names();
    expect(ascending.slice(0, 2)).toEqual(["Gamma Video", "Beta Social"]);
    expect(ascending.at(-1)).toBe("Delta Broken");
  });

  it("searches tracker names, clears the search, and keeps favourites", async () => {
    const page = await open("/dashboard?view=tracker");
    const search = page.getByLabel("Search Trackers");
    await search.fill("alpha");
    await expect.poll(() => page.locator("table.metrics-table tbody tr").count()).toBe(2);
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("alpha");
    await search.fill("nothing like it");
    await page.getByText("No Trackers found").waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => page.locator("table.metrics-table tbody tr").count()).toBe(6);
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBeNull();

    const saved = page.waitForResponse(
      (r) => r.url().includes("/api/auth/update-favourite-trackers") && r.ok(),
    );
    await page.getByRole("button", { name: "Add Beta Social to favourites" }).click();
    await saved;
    await page.getByRole("tab", { name: "Favourites" }).click();
    await expect.poll(() => page.locator("table.metrics-table tbody tr").count()).toBe(1);
    await page.reload();
    await tableRow(page, "Beta Social").waitFor();
    expect(await page.locator("table.metrics-table tbody tr").count()).toBe(1);
  });
});
