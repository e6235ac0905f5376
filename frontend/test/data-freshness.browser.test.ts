import { screenshot } from "@pacer/local/testing/browser";
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

const HOUR_MS = 3_600_000;

describe("data freshness (browser)", () => {
  const browser = useBrowser();
  let world: World;
  const baseUrl = inject("baseUrl");
  const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR_MS).toISOString();

  beforeAll(async () => {
    // An hourly account: a tracker is stale once its last success is more than two hours old.
    world = await registerAccount(baseUrl, "freshness");
    await seedTrackers(world, [
      { name: "Fresh Search", client: "Acme" },
      {
        name: "Stale Display",
        client: "Acme",
        lastRefreshedAt: hoursAgo(5),
        lastFailure: { at: hoursAgo(1), title: "Data load failed", msg: "Google Ads did not answer in time" },
      },
      { name: "Old Video", client: "Beta", lastRefreshedAt: hoursAgo(30) },
    ]);
  });

  it("marks stale trackers, counts them in the header and links to them; Warnings give time and cause", async () => {
    const page = await openDashboardPage(browser, world, "/dashboard?view=tracker");
    await tableRow(page, "Fresh Search").waitFor();

    // The row state: 'Stale' on the two trackers without a success for more than two cycles.
    await expect(tableRow(page, "Stale Display").locator(".row-state").textContent()).resolves.toBe("Stale");
    await expect(tableRow(page, "Old Video").locator(".row-state").textContent()).resolves.toBe("Stale");
    expect(await tableRow(page, "Fresh Search").locator(".row-state").count()).toBe(0);

    // The header's count links to the stale trackers only.
    const link = page.getByRole("link", { name: "2 trackers stale" });
    await link.click();
    await page.getByText("Showing stale trackers only").waitFor();
    await expect.poll(() => tableRow(page, "Fresh Search").count()).toBe(0);
    expect(await tableRow(page, "Stale Display").count()).toBe(1);
    expect(await tableRow(page, "Old Video").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("stale")).toBe("1");
    await expectNoSeriousViolations(page, "stale trackers");
    await screenshot(page, "dashboard-stale-trackers");

    // The Warnings dialog: the last success, the last failure's time and message, the reporting lag.
    await tableRow(page, "Stale Display").click();
    const dialog = page.getByRole("dialog", { name: "Stale Display" });
    await dialog.getByRole("button", { name: "Warnings" }).click();
    const warnings = page.getByRole("alertdialog", { name: "Warnings" });
    const freshness = warnings.getByTestId("freshness-warnings");
    await freshness.waitFor();
    const text = (await freshness.textContent()) ?? "";
    expect(text).toMatch(/Figures last fetched successfully at \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(text).toMatch(/Last refresh failure at \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(text).toContain("Google Ads did not answer in time");
    expect(text).toContain("Google Ads reports spend with a delay of up to 3 hours");
    await expectNoSeriousViolations(page, "stale Warnings");
    await warnings.getByRole("button", { name: "OK" }).click();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });

    // Show all trackers brings the fresh one back.
    await page.getByRole("button", { name: "Show all trackers" }).click();
    await tableRow(page, "Fresh Search").waitFor();
  });
});
