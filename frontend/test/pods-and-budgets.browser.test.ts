import { updateAccount } from "@pacer/db";
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

describe("pods and shared budgets (browser)", () => {
  const browser = useBrowser();
  let world: World;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "pods");
    await seedTrackers(world, [
      { name: "North Search", client: "Acme", budget: 3000 * UNIT, dailySpend: 100 * UNIT },
      { name: "South Search", client: "Acme", budget: 2000 * UNIT, dailySpend: 60 * UNIT },
      { name: "West Social", client: "Bravo", budget: 1000 * UNIT, dailySpend: 20 * UNIT },
    ]);
  });

  async function open(view: string): Promise<Page> {
    const page = await openDashboardPage(browser, world, `/dashboard?view=${view}`);
    return page;
  }

  it("creates a pod through the wizard and shows its grouped row; Manage opens it", async () => {
    const page = await open("pod");
    await page.getByText("No Pods found").waitFor();
    await page.getByRole("button", { name: "Create a Pod" }).click();
    const wizard = page.getByRole("dialog", { name: "Create a Pod" });
    await wizard.waitFor();

    // Step 1: PROCEED waits for a name; the message shows once the field was left empty.
    const proceed = wizard.getByRole("button", { name: "PROCEED" });
    await expect(proceed.isDisabled()).resolves.toBe(true);
    await wizard.getByLabel("Name").focus();
    await wizard.getByLabel("Description").focus();
    await wizard.getByText("Must provide a tracker name").waitFor();
    await expectNoSeriousViolations(page, "Create Pod, Preferences");
    await wizard.getByLabel("Name").fill("Search Pod");
    await proceed.click();

    // Step 2: pick two trackers.
    await wizard.getByRole("heading", { name: "Select Trackers" }).waitFor();
    await expect(wizard.getByText("Must select at least 1 tracker").isVisible()).resolves.toBe(true);
    await wizard.getByPlaceholder("Search Trackers").fill("search");
    await wizard.getByRole("checkbox", { name: "Select all trackers" }).check();
    await wizard.getByText("You have selected 2 trackers").waitFor();
    await expectNoSeriousViolations(page, "Create Pod, Select Trackers");
    await screenshot(page, "create-pod-trackers");
    await wizard.getByRole("button", { name: "PROCEED" }).click();

    // Step 3: users (none besides the creator), CREATE.
    await wizard.getByRole("heading", { name: "Choose Users" }).waitFor();
    await expectNoSeriousViolations(page, "Create Pod, Choose Users");
    await wizard.getByRole("button", { name: "CREATE" }).click();
    await page.getByText("Pod Created").waitFor();
    await wizard.waitFor({ state: "detached" });

    const pod = page.locator("tr.row-group", { hasText: "Search Pod" });
    await pod.waitFor();
    await expect(pod.getByText("2 trackers").isVisible()).resolves.toBe(true);
    // The pod row's spend is its trackers' spend summed by the engine.
    await pod.click();
    await tableRow(page, "South Search").waitFor();
    const spend = async (name: string) =>
      Number(
        ((await tableRow(page, name).first().locator("td.col-actualSpend").textContent()) ?? "").replace(
          /[^\d]/g,
          "",
        ),
      );
    const podSpend = Number(
      ((await pod.locator("td.col-actualSpend").textContent()) ?? "").replace(/[^\d]/g, ""),
    );
    expect(podSpend).toBe((await spend("North Search")) + (await spend("South Search")));
    await expectNoSeriousViolations(page, "dashboard, Pod view");

    await pod.getByRole("button", { name: "Manage Search Pod" }).click();
    const manage = page.getByRole("dialog", { name: "Manage Search Pod" });
    await manage.getByLabel("Name").waitFor();
    await expectNoSeriousViolations(page, "Manage Pod");
    await manage.getByLabel("Name").fill("Search Pod UK");
    await manage.getByRole("button", { name: "UPDATE POD" }).click();
    await page.getByText("Pod successfully updated").waitFor();
    await page.locator("tr.row-group", { hasText: "Search Pod UK" }).waitFor();
  });

  it("creates a shared budget through the wizard and shows its grouped row with allocations", async () => {
    const page = await open("sharedBudgets");
    await page.getByText("No Shared Budgets found").waitFor();
    await page.getByRole("button", { name: "Create a Shared Budget" }).click();
    const wizard = page.getByRole("dialog", { name: "Create a Shared Budget" });
    await wizard.waitFor();
    await expect(wizard.getByText("Must provide a Budget Name").isVisible()).resolves.toBe(true);
    await wizard.getByLabel("Budget Name").fill("Q4 Search");
    // The monthly budget is checked as typed: 'abc' is refused and the wizard does not go on.
    await wizard.getByLabel("Monthly Budget").fill("abc");
    await wizard.getByText("Enter an amount of 0 or more, e.g. 1500 or 1,500.50").waitFor();
    expect(await wizard.getByRole("button", { name: "PROCEED" }).isDisabled()).toBe(true);
    await wizard.getByLabel("Monthly Budget").fill("6000");
    await expectNoSeriousViolations(page, "Create Shared Budget, Preferences");
    await wizard.getByRole("button", { name: "PROCEED" }).click();

    await wizard.getByRole("checkbox", { name: "Select North Search" }).check();
    await wizard.getByRole("checkbox", { name: "Select South Search" }).check();
    await wizard.getByText("You have selected 2 trackers").waitFor();
    await wizard.getByRole("button", { name: "PROCEED" }).click();

    // Allocate: equal shares (50% each) until set by hand; then 75% / 25%.
    await wizard.getByRole("heading", { name: "Allocate Budget" }).waitFor();
    await expect(wizard.getByLabel("North Search").inputValue()).resolves.toBe("50");
    await wizard.getByLabel("North Search").fill("75");
    await wizard.getByLabel("South Search").fill("25");
    await expect(wizard.getByText("£4,500").isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "Create Shared Budget, Allocate Budget");
    await wizard.getByRole("button", { name: "CREATE" }).click();
    await page.getByText("Shared Budget Created").waitFor();
    await wizard.waitFor({ state: "detached" });

    const group = page.locator("tr.row-group", { hasText: "Q4 Search" });
    await group.waitFor();
    expect(await group.locator("td.col-budget").textContent()).toBe("£6,000");
    await group.click();
    const north = tableRow(page, "North Search");
    await north.waitFor();
    expect(await north.locator("td.col-allocation").textContent()).toBe("75.00%");
    expect(await north.locator("td.col-budget").textContent()).toBe("£4,500");
    await expectNoSeriousViolations(page, "dashboard, Shared Budgets view");

    await group.getByRole("button", { name: "Manage Q4 Search" }).click();
    const manage = page.getByRole("dialog", { name: "Manage Q4 Search" });
    await manage.getByLabel("Monthly Budget").fill("abc");
    await manage.getByText("Enter an amount of 0 or more, e.g. 1500 or 1,500.50").waitFor();
    expect(await manage.getByRole("button", { name: "UPDATE SHARED BUDGET" }).isDisabled()).toBe(true);
    await manage.getByLabel("Monthly Budget").fill("6,000");
    await manage.getByRole("button", { name: "UPDATE SHARED BUDGET" }).waitFor({ state: "detached" });
    await manage.getByRole("tab", { name: "Budget Allocation" }).click();
    await expectNoSeriousViolations(page, "Manage Shared Budget");
    await manage.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Shared Budget successfully deleted").waitFor();
    await page.getByText("No Shared Budgets found").waitFor();
  });

  it("converts allocations between % and money, refuses more than the budget, and totals agree with the group", async () => {
    await updateAccount(world.accountId, () => ({ showTableTotals: true }));
    const page = await open("sharedBudgets");
    await page.getByRole("button", { name: "Create a Shared Budget" }).click();
    const wizard = page.getByRole("dialog", { name: "Create a Shared Budget" });
    await wizard.getByLabel("Budget Name").fill("Social Q1");

    // Monthly Budget: minimum 0, so a minus sign is not taken (the field never shows "-50").
    const monthly = wizard.getByLabel("Monthly Budget");
    await monthly.fill("-50");
    await expect(monthly.inputValue()).resolves.toBe("50");
    await monthly.fill("1000");
    await wizard.getByRole("button", { name: "PROCEED" }).click();
    await wizard.getByRole("checkbox", { name: "Select North Search" }).check();
    await wizard.getByRole("checkbox", { name: "Select West Social" }).check();
    await wizard.getByRole("button", { name: "PROCEED" }).click();
    await wizard.getByRole("heading", { name: "Allocate Budget" }).waitFor();

    // More than 100%: the form says so with the sum, and CREATE waits.
    const north = wizard.getByLabel("North Search");
    const west = wizard.getByLabel("West Social");
    await north.fill("60");
    await west.fill("50");
    await wizard.getByRole("alert").getByText("Allocations add up to 110.00%, more than 100%").waitFor();
    await expect(wizard.getByRole("button", { name: "CREATE" }).isDisabled()).resolves.toBe(true);

    // Percentage to money converts each allocation (it used to reset them all to 0), and back.
    await wizard.getByRole("radio", { name: /Money/ }).check();
    await expect(north.inputValue()).resolves.toBe("600");
    await expect(west.inputValue()).resolves.toBe("500");
    await wizard
      .getByRole("alert")
      .getByText("Allocations add up to 1,100, more than the Monthly Budget of 1,000")
      .waitFor();
    await west.fill("390");
    await wizard.getByText("Allocated: £990 of £1,000").waitFor();
    await expect(wizard.getByRole("alert").count()).resolves.toBe(0);
    await wizard.getByRole("radio", { name: "Percentage" }).check();
    await expect(north.inputValue()).resolves.toBe("60");
    await expect(west.inputValue()).resolves.toBe("39");

    // North gets 1% (£10): its spend is over its allocation while the shared budget has money left.
    await north.fill("1");
    await west.fill("99");
    await expectNoSeriousViolations(page, "Create Shared Budget, allocations");
    await screenshot(page, "create-shared-budget-allocations");
    await wizard.getByRole("button", { name: "CREATE" }).click();
    await page.getByText("Shared Budget Created").waitFor();
    await wizard.waitFor({ state: "detached" });

    // The Totals footer's Spend Remaining is the shared budget's, as in its group row.
    const group = page.locator("tr.row-group", { hasText: "Social Q1" });
    await group.waitFor();
    const footer = page.locator("table.metrics-table tfoot td.col-spendRemaining");
    await footer.waitFor();
    const [groupRemaining, footerRemaining] = await Promise.all([
      group.locator("td.col-spendRemaining").textContent(),
      footer.textContent(),
    ]);
    expect(footerRemaining).toBe(groupRemaining);

    // Manage: the same form; the update appears once something changed and waits for valid allocations.
    await group.getByRole("button", { name: "Manage Social Q1" }).click();
    const manage = page.getByRole("dialog", { name: "Manage Social Q1" });
    await expect(manage.getByLabel("Monthly Budget").inputValue()).resolves.toBe("1,000");
    await expect(manage.getByRole("button", { name: "UPDATE SHARED BUDGET" }).count()).resolves.toBe(0);
    await manage.getByRole("tab", { name: "Budget Allocation" }).click();
    await manage.getByLabel("West Social").fill("100");
    await manage.getByRole("alert").getByText("Allocations add up to 101.00%, more than 100%").waitFor();
    const update = manage.getByRole("button", { name: "UPDATE SHARED BUDGET" });
    await expect(update.isDisabled()).resolves.toBe(true);
    await manage.getByLabel("West Social").fill("89");
    await manage.getByText("Allocated: 90.00% of 100%").waitFor();
    await update.click();
    await page.getByText("Shared Budget successfully updated").waitFor();
    await manage.waitFor({ state: "detached" });
    await group.click();
    await expect(tableRow(page, "West Social").locator("td.col-allocation").textContent()).resolves.toBe(
      "89.00%",
    );
  });
});
