import { screenshot } from "@pacer/local/testing/browser";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { openDashboardPage, registerAccount, seedTrackers, tableRow, type World } from "./dashboard-seed";
import { useBrowser } from "./helpers";

const UNIT = 1_000_000;

describe("manage tracker (browser)", () => {
  const browser = useBrowser();
  let world: World;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "manage");
    await seedTrackers(
      world,
      [
        { name: "Brand Search", client: "Acme", budget: 3000 * UNIT, dailySpend: 100 * UNIT },
        { name: "Remarketing", client: "Acme", budget: 1500 * UNIT, dailySpend: 40 * UNIT },
        { name: "Broken One", client: "Acme", errored: { title: "Token expired", msg: "Please reconnect" } },
      ],
      { sandbox: true },
    );
  });

  async function open(): Promise<Page> {
    const page = await openDashboardPage(browser, world);
    await tableRow(page, "Brand Search").waitFor();
    return page;
  }

  it("changes a budget: the unsaved-changes prompt on close, UPDATE saves, the row updates in place", async () => {
    const page = await open();
    const budgetCell = tableRow(page, "Brand Search").locator("td.col-budget");
    expect(await budgetCell.textContent()).toBe("£3,000");

    await tableRow(page, "Brand Search").click();
    const dialog = page.getByRole("dialog", { name: "Brand Search" });
    await dialog.getByRole("tab", { name: "Preferences & Budgets" }).waitFor();
    await expect(dialog.getByText("Monthly Budget").isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "Manage Tracker, Preferences & Budgets");
    await screenshot(page, "manage-tracker-preferences");

    // Type a new budget, then try to close: the prompt names the budget.
    await dialog.getByLabel("Manual Budget").fill("4,500");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    const prompt = page.getByRole("alertdialog", {
      name: "You have unsaved changes to this Tracker`s Budget",
    });
    await prompt.waitFor();
    await expect(prompt.getByText("Do you want to update the budget?").isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "unsaved-changes prompt");

    // UPDATE saves the budget, then the modal closes; the row shows the new budget. A user
    // registered less than 12 hours ago: the server queues the data refresh with the change (its
    // answer shows the tracker updating), so the page asks for no second one.
    const refreshCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/tracker/refresh-single-tracker-data"))
        refreshCalls.push(request.url());
    });
    const budgetAnswer = page.waitForResponse((r) => r.url().includes("/api/tracker/update-budget/"));
    await prompt.getByRole("button", { name: "UPDATE" }).click();
    const answer = (await (await budgetAnswer).json()) as { tracker: { isUpdating?: boolean } };
    expect(answer.tracker.isUpdating).toBe(true);
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => budgetCell.textContent()).toBe("£4,500");
    // The queued refresh runs: the row leaves 'Awaiting data refresh'.
    await expect
      .poll(() => tableRow(page, "Brand Search").getByText("Awaiting data refresh").count(), {
        timeout: 20_000,
      })
      .toBe(0);
    expect(await budgetCell.textContent()).toBe("£4,500");
    expect(refreshCalls).toEqual([]);
  });

  it("DISCARD drops a change when switching tabs; the other tabs open", async () => {
    const page = await open();
    await tableRow(page, "Remarketing").click();
    const dialog = page.getByRole("dialog", { name: "Remarketing" });
    await dialog.getByLabel("Manual Budget").waitFor();
    await dialog.getByLabel("Manual Budget").fill("9,999");
    await dialog.getByRole("tab", { name: "Historic Data" }).click();
    const prompt = page.getByRole("alertdialog", {
      name: "You have unsaved changes to this Tracker`s Budget",
    });
    await prompt.getByRole("button", { name: "DISCARD" }).click();
    await expect(
      dialog.getByRole("tab", { name: "Historic Data" }).getAttribute("aria-selected"),
    ).resolves.toBe("true");
    // Six months of historic data, months like 'Jan 24'.
    expect(await dialog.locator("table tbody tr").count()).toBe(6);
    expect(await dialog.locator("table tbody tr td").first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{2}$/);
    await expectNoSeriousViolations(page, "Manage Tracker, Historic Data");

    for (const [tab, name] of [
      ["Users", "Users"],
      ["Filters", "Filters"],
      ["Notes & Activity", "Notes & Activity"],
      ["Future Budgets", "Future Budgets"],
    ] as const) {
      await dialog.getByRole("tab", { name: tab }).click();
      await expect(dialog.getByRole("tab", { name }).getAttribute("aria-selected")).resolves.toBe("true");
      await expectNoSeriousViolations(page, `Manage Tracker, ${tab}`);
    }

    // A note: sent with Enter, deleted by its author.
    await dialog.getByRole("tab", { name: "Notes & Activity" }).click();
    await dialog.getByLabel("Write a note").fill("Budget agreed with the client");
    await page.keyboard.press("Enter");
    await dialog.getByText("Budget agreed with the client").waitFor();
    await dialog.getByRole("button", { name: "Delete message" }).click();
    await page.getByText("Message deleted").waitFor();

    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });
    expect(await tableRow(page, "Remarketing").locator("td.col-budget").textContent()).toBe("£1,500");
  });

  it("shows Refresh and Warnings for a tracker that failed to load", async () => {
    const page = await open();
    await tableRow(page, "Broken One").click();
    const dialog = page.getByRole("dialog", { name: "Broken One" });
    await dialog.getByRole("button", { name: "Warnings" }).click();
    const warnings = page.getByRole("alertdialog", { name: "Warnings" });
    await expect(warnings.getByText("Token expired").isVisible()).resolves.toBe(true);
    await expect(warnings.getByText("Please reconnect").isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "Warnings");
    await warnings.getByRole("button", { name: "OK" }).click();
    await expect(dialog.getByRole("button", { name: "Refresh" }).isVisible()).resolves.toBe(true);
  });
});
