import { formatCell } from "@pacer/core/format";
import { listedTrackers } from "@pacer/core/tracker-list";
import { screenshot } from "@pacer/local/testing/browser";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  connectSandbox,
  openDashboardPage,
  registerAccount,
  sandboxMonthSpend,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { useBrowser } from "./helpers";

describe("create tracker wizard on a sandbox connection (browser)", () => {
  const browser = useBrowser();
  let world: World;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "wizard");
  });

  it("offers 'Add a Connection now' without connections", async () => {
    const page = await openDashboardPage(browser, world);
    await page.getByText("No Trackers found").waitFor();
    await page.getByRole("button", { name: "Add Tracker(s)" }).click();
    const wizard = page.getByRole("dialog", { name: "Add Tracker(s)" });
    await wizard.getByText("You have no Connections").waitFor();
    await expect(
      wizard.getByRole("link", { name: "Add a Connection now" }).getAttribute("href"),
    ).resolves.toBe("/accounts");
    await expectNoSeriousViolations(page, "Create Tracker, no connections");
  });

  it("creates two trackers from the sandbox's Google Ads accounts, one with a manual budget", async () => {
    await connectSandbox(world, "google-ads", "ads@acme.test");
    const page = await openDashboardPage(browser, world);
    await page.getByText("No Trackers found").waitFor();
    await page.getByRole("button", { name: "Add Tracker(s)" }).click();
    const wizard = page.getByRole("dialog", { name: "Add Tracker(s)" });

    // Step 1: the connection tile.
    await wizard.getByRole("button", { name: /Google Ads.*ads@acme\.test/ }).click();
    // Step 2: the sandbox's accounts.
    await wizard.getByRole("heading", { name: "Select your Google Ads Account" }).waitFor();
    await wizard.getByRole("checkbox", { name: "Select all accounts" }).waitFor();
    await expectNoSeriousViolations(page, "Create Tracker, Choose Accounts");
    await wizard.getByRole("checkbox", { name: "Select all accounts" }).check();
    await wizard.getByText(/You have selected 2 Google Ads accounts/).waitFor();
    await screenshot(page, "create-tracker-accounts");
    await wizard.getByRole("button", { name: "PROCEED" }).click();

    // Step 3: names, a client, one manual budget per month.
    await wizard.getByRole("heading", { name: "Preferences" }).waitFor();
    await wizard.getByLabel("Client of tracker 1").fill("Acme");
    await wizard.getByLabel("Client of tracker 2").fill("Acme");
    await wizard
      .getByRole("button", { name: "taken from the platform, click to manually change" })
      .first()
      .click();
    await wizard.getByLabel("Budget of tracker 1").fill("2500");
    await expectNoSeriousViolations(page, "Create Tracker, Preferences");
    await screenshot(page, "create-tracker-preferences");
    const names = await Promise.all([
      wizard.getByLabel("Name of tracker 1").inputValue(),
      wizard.getByLabel("Name of tracker 2").inputValue(),
    ]);
    await wizard.getByRole("button", { name: "CREATE" }).click();
    await page.getByText("Trackers Created").waitFor();
    await wizard.waitFor({ state: "detached" });

    for (const name of names) await tableRow(page, name).waitFor();
    expect(
      await tableRow(page, names[0] as string)
        .locator("td.col-budget")
        .textContent(),
    ).toBe("£2,500");
    // Their first refresh was queued with the creation: each row soon carries this month's spend of
    // its sandbox account, not 0 and 'Awaiting data refresh' until the account's next scheduled
    // run, an hour away (so its arrival within the wait proves it; the wait is no speed limit).
    const trackers = listedTrackers<{ name: string; currency: string; dataSource: { view: { id: string } } }>(
      await callApi(baseUrl, world.token, "GET", `/api/trackers/get-trackers-by-account/${world.accountId}`),
    );
    const expected = names.map((name) => {
      const tracker = trackers.find((t) => t.name === name);
      return formatCell(
        { kind: "value", value: sandboxMonthSpend("googleads", tracker?.dataSource.view.id as string) },
        "actualSpend",
        tracker?.currency ?? null,
      );
    });
    await expect
      .poll(
        () =>
          Promise.all(names.map((name) => tableRow(page, name).locator("td.col-actualSpend").textContent())),
        { timeout: 60_000 },
      )
      .toEqual(expected);
    for (const name of names) {
      expect(await tableRow(page, name).getByText("Awaiting data refresh").count()).toBe(0);
    }

    // Filters: activate Campaigns, pick a campaign from the sandbox, Update Tracker.
    await tableRow(page, names[0] as string).click();
    const dialog = page.getByRole("dialog", { name: names[0] as string });
    await dialog.getByRole("tab", { name: "Filters" }).click();
    await dialog.getByText("Campaigns", { exact: true }).click();
    await dialog.getByRole("button", { name: "Activate Filter" }).click();
    const first = dialog.locator(".filter-values input[type=checkbox]").first();
    await first.waitFor();
    await expectNoSeriousViolations(page, "Manage Tracker, Filters with values");
    await first.check();
    await expect(dialog.getByText("1 selected").isVisible()).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Update Tracker" }).click();
    await expect
      .poll(() => dialog.getByRole("button", { name: "Update Tracker" }).count(), { timeout: 10_000 })
      .toBe(0);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });

    // The accounts now tracked are dimmed and listed last.
    await page.getByRole("button", { name: "Add Tracker(s)" }).click();
    const again = page.getByRole("dialog", { name: "Add Tracker(s)" });
    await again.getByRole("button", { name: /Google Ads.*ads@acme\.test/ }).click();
    await again.getByRole("checkbox", { name: "Select all accounts" }).waitFor();
    expect(await again.locator("tbody tr[data-dimmed]").count()).toBe(2);
    await expectNoSeriousViolations(page, "Create Tracker, tracked accounts dimmed");
  }, 180_000);
});

describe("create tracker wizard on a source without platform budgets (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");

  it("asks for the budget from the start and offers no reset to a platform budget", async () => {
    const world = await registerAccount(baseUrl, "wizard-csv");
    const csv = [
      "date,account_id,account_name,currency,time_zone,spend,impressions,clicks,conversions,revenue",
      "2026-11-01,radio-1,Radio Spots,GBP,Europe/London,120.50,1000,10,1,300",
    ].join("\n");
    const imported = await fetch(`${baseUrl}/api/csv/import`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth-token": world.token },
      body: JSON.stringify({ csv }),
    });
    expect(imported.status).toBe(200);

    const page = await openDashboardPage(browser, world);
    await page.getByText("No Trackers found").waitFor();
    await page.getByRole("button", { name: "Add Tracker(s)" }).click();
    const wizard = page.getByRole("dialog", { name: "Add Tracker(s)" });
    await wizard.getByRole("button", { name: /Manual \/ CSV/ }).click();
    await wizard.getByText("Radio Spots").waitFor();
    await wizard.getByRole("checkbox", { name: "Select all accounts" }).check();
    await wizard.getByRole("button", { name: "PROCEED" }).click();
    await wizard.getByRole("heading", { name: "Preferences" }).waitFor();

    await wizard.getByLabel("Budget of tracker 1").waitFor();
    expect(
      await wizard.getByRole("button", { name: "taken from the platform, click to manually change" }).count(),
    ).toBe(0);
    expect(await wizard.getByRole("button", { name: "Reset tracker 1 to the platform budget" }).count()).toBe(
      0,
    );
    await expectNoSeriousViolations(page, "Create Tracker, Preferences without a platform budget");
    await wizard.getByLabel("Budget of tracker 1").fill("900");
    await wizard.getByRole("button", { name: "CREATE" }).click();
    await page.getByText("Tracker Created").waitFor();
    await expect(tableRow(page, "Radio Spots").locator("td.col-budget").textContent()).resolves.toBe("£900");

    // Its manage modal cannot turn on an automated budget, and says why.
    await tableRow(page, "Radio Spots").click();
    const dialog = page.getByRole("dialog", { name: "Radio Spots" });
    await dialog.getByText("Manual / CSV does not provide a budget: set it manually.").waitFor();
    await expect(dialog.getByRole("switch", { name: "Automate Budget" }).isDisabled()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "Manage Tracker without a platform budget");
  });
});
