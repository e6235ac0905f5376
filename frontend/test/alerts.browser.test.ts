import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  registerAccount,
  seedTrackers,
  TEST_PASSWORD,
  uniqueEmail,
  type World,
} from "../testing/dashboard-seed";
import { auditPage, newPage, openSignedIn, useBrowser } from "./helpers";

const UNIT = 1_000_000;

interface StoredAlert {
  _id: string;
  name: string;
  level: string;
  target: { all: boolean; ids?: string[] };
  data: {
    metric: string;
    metricName: string;
    operator: string;
    valueSet: string;
    value: number;
    valueBudget: string;
  };
  fireWhen: string;
  fireOn: number | null;
  additionalRecipients: { _id: string; name: string; email: string }[];
}

/** The alerts table's row of an alert, by its name. */
function alertRow(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
}

/** The texts of a row's cells, without the options cell. */
async function cells(row: Locator): Promise<string[]> {
  return (await row.getByRole("cell").allTextContents()).map((t) => t.trim()).slice(0, 4);
}

describe("alerts: create, edit and delete (browser)", () => {
  const browser = useBrowser();
  let admin: World;
  let trackerIds: string[];
  let podId: string;
  let managerId: string;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    admin = await registerAccount(baseUrl, "alerts");
    trackerIds = await seedTrackers(admin, [
      { name: "Brand Search", client: "Acme", budget: 3000 * UNIT },
      { name: "Social Push", client: "Bravo", budget: 1000 * UNIT },
    ]);
    const pod = (await callApi(baseUrl, admin.token, "POST", "/api/pod/create-pod", {
      name: "Search Pod",
      trackers: [trackerIds[0]],
    })) as { pod: { _id: string } };
    podId = pod.pod._id;
    // A second user of the account, to receive alerts.
    const invite = (await callApi(baseUrl, admin.token, "POST", "/api/users/invite-user", {
      newUser: { userType: "Manager" },
    })) as { link: string };
    const registered = (await callApi(
      baseUrl,
      "",
      "POST",
      `/api/register/register-new-user-after-invite/${admin.accountId}/Manager`,
      {
        invite: new URL(invite.link).searchParams.get("invite"),
        email: uniqueEmail("recipient"),
        name: "Robin Recipient",
        password: TEST_PASSWORD,
      },
    )) as { user: { _id: string } };
    managerId = registered.user._id;
  });

  async function stored(): Promise<StoredAlert[]> {
    return (
      (await callApi(
        baseUrl,
        admin.token,
        "GET",
        `/api/alerts/get-alerts/${admin.userId}/${admin.accountId}`,
      )) as {
        alerts: StoredAlert[];
      }
    ).alerts;
  }

  it("creates a weekly tracker alert with a typed value and a recipient, edits it into a monthly pod alert on a budget, adds a client alert, and deletes one", async () => {
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, admin.token, "/alerts");
    await page.getByRole("heading", { name: "Alerts" }).waitFor();
    await page.getByText("You have 0 alerts.").waitFor();
    await page.getByText("No Alerts found").waitFor();
    await auditPage(page, "alerts-empty");

    // Create: the defaults first (spec 2.10).
    await page.getByRole("button", { name: "Create an Alert" }).click();
    const form = page.getByRole("dialog", { name: "Create an Alert" });
    const create = form.getByRole("button", { name: "CREATE ALERT" });
    expect(await create.isDisabled()).toBe(true);
    expect(await form.getByLabel("Level").inputValue()).toBe("tracker");
    expect(await form.getByRole("checkbox", { name: "All Trackers" }).isChecked()).toBe(true);
    expect(await form.getByLabel("Metric").inputValue()).toBe("actualSpend");
    expect(await form.getByLabel("Operator").inputValue()).toBe("isGreaterThan");
    expect(await form.getByRole("radio", { name: "A value" }).isChecked()).toBe(true);
    expect(await form.getByLabel("Value (GBP)").inputValue()).toBe("0");
    expect(await form.getByLabel("Frequency").inputValue()).toBe("everyday");

    await form.getByLabel("Name").fill("Overspend watch");
    expect(await create.isDisabled()).toBe(false);
    // Target: one tracker instead of all.
    await form.getByRole("checkbox", { name: "All Trackers" }).uncheck();
    await form.getByRole("checkbox", { name: "Brand Search" }).check();
    // A percent metric with a typed value: the field shows a percent sign.
    await form.getByLabel("Metric").selectOption({ label: "% Through Budget" });
    const percentValue = form.getByLabel("Value", { exact: true });
    await percentValue.fill("90");
    expect(await percentValue.locator("xpath=following-sibling::span").textContent()).toBe("%");
    // Weekly, Monday by default; Wednesday chosen.
    await form.getByLabel("Frequency").selectOption("weekly");
    expect(await form.getByLabel("Day of the week").inputValue()).toBe("1");
    await form.getByLabel("Day of the week").selectOption({ label: "Wednesday" });
    // A recipient leaves the picker once chosen and can be removed again.
    const recipients = form.getByLabel("Additional recipients", { exact: true });
    await recipients.selectOption(managerId);
    const chips = form.getByRole("list", { name: "Additional recipients" });
    await chips.getByText("Robin Recipient").waitFor();
    expect(await recipients.locator("option", { hasText: "Robin Recipient" }).count()).toBe(0);
    await chips.getByRole("button", { name: "Remove Robin Recipient" }).click();
    await chips.waitFor({ state: "detached" });
    await recipients.selectOption(managerId);
    await chips.getByText("Robin Recipient").waitFor();
    await auditPage(page, "alert-form-modal");
    await create.click();
    await page.getByText("Alert Created").waitFor();
    await form.waitFor({ state: "detached" });

    await page.getByText("You have 1 alert.").waitFor();
    expect(await cells(alertRow(page, "Overspend watch"))).toEqual([
      "Overspend watch",
      "weekly",
      "Brand Search",
      "% Through Budget",
    ]);
    const [created] = await stored();
    expect(created).toMatchObject({
      name: "Overspend watch",
      level: "tracker",
      target: { all: false, ids: [trackerIds[0]] },
      data: { metric: "percentageThroughBudget", operator: "isGreaterThan", valueSet: "manual", value: 90 },
      fireWhen: "weekly",
      fireOn: 3,
      additionalRecipients: [expect.objectContaining({ _id: managerId, name: "Robin Recipient" })],
    });
    await auditPage(page, "alerts");

    // Edit: a monthly pod alert comparing Actual Spend with a budget, under another name.
    await page.getByRole("button", { name: "Options for Overspend watch" }).click();
    await page.getByRole("menuitem", { name: "Delete Alert" }).waitFor();
    await page.getByRole("menuitem", { name: "Edit Alert" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Alert" });
    expect(await edit.getByLabel("Name").inputValue()).toBe("Overspend watch");
    expect(await edit.getByLabel("Day of the week").inputValue()).toBe("3");
    await edit.getByLabel("Name").fill("Pod spend watch");
    await edit.getByLabel("Level").selectOption("pod");
    await edit.getByRole("checkbox", { name: "All Pods" }).uncheck();
    await edit.getByRole("checkbox", { name: "Search Pod" }).check();
    await edit.getByLabel("Metric").selectOption({ label: "Actual Spend" });
    await edit.getByLabel("Operator").selectOption("isLessThan");
    await edit.getByRole("radio", { name: "A budget" }).check();
    expect(await edit.getByLabel("Budget", { exact: true }).inputValue()).toBe("budget");
    await edit.getByLabel("Budget", { exact: true }).selectOption({ label: "Daily Budget" });
    await edit.getByLabel("Frequency").selectOption("monthly");
    expect(await edit.getByLabel("Day of the month").inputValue()).toBe("1");
    await edit.getByLabel("Day of the month").selectOption("15");
    await edit
      .getByRole("list", { name: "Additional recipients" })
      .getByRole("button", { name: "Remove Robin Recipient" })
      .click();
    await auditPage(page, "alert-edit-modal");
    await edit.getByRole("button", { name: "UPDATE ALERT" }).click();
    await page.getByText("Alert Edited").waitFor();
    await edit.waitFor({ state: "detached" });
    await alertRow(page, "Pod spend watch").waitFor();
    expect(await cells(alertRow(page, "Pod spend watch"))).toEqual([
      "Pod spend watch",
      "monthly",
      "Search Pod",
      "Actual Spend",
    ]);
    expect((await stored())[0]).toMatchObject({
      _id: created?._id,
      name: "Pod spend watch",
      level: "pod",
      target: { all: false, ids: [podId] },
      data: { metric: "actualSpend", operator: "isLessThan", valueSet: "budget", valueBudget: "dailyBudget" },
      fireWhen: "monthly",
      fireOn: 15,
      additionalRecipients: [],
    });

    // A second alert: every client, a typed money value (in pounds; stored in micros), every day.
    await page.getByRole("button", { name: "Create an Alert" }).click();
    const second = page.getByRole("dialog", { name: "Create an Alert" });
    await second.getByLabel("Name").fill("Client spend");
    await second.getByLabel("Level").selectOption("client");
    expect(await second.getByRole("checkbox", { name: "All Clients" }).isChecked()).toBe(true);
    await second.getByRole("radio", { name: "A budget" }).check();
    await second.getByRole("radio", { name: "A value" }).check();
    expect(await second.getByLabel("Value (GBP)").inputValue()).toBe("0");
    await second.getByLabel("Value (GBP)").fill("2500");
    await second.getByRole("button", { name: "CREATE ALERT" }).click();
    await page.getByText("Alert Created").first().waitFor();
    await alertRow(page, "Client spend").waitFor();
    expect(await cells(alertRow(page, "Client spend"))).toEqual([
      "Client spend",
      "everyday",
      "All",
      "Actual Spend",
    ]);
    expect((await stored()).find((a) => a.name === "Client spend")).toMatchObject({
      level: "client",
      target: { all: true },
      data: { metric: "actualSpend", valueSet: "manual", value: 2500 * UNIT },
      fireWhen: "everyday",
    });
    await page.getByText("You have 2 alerts.").waitFor();

    // Delete, behind a confirmation: '<name> removed'.
    await page.getByRole("button", { name: "Options for Pod spend watch" }).click();
    await page.getByRole("menuitem", { name: "Delete Alert" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete the alert Pod spend watch?").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Pod spend watch removed").waitFor();
    await alertRow(page, "Pod spend watch").waitFor({ state: "detached" });
    await page.getByText("You have 1 alert.").waitFor();
    expect((await stored()).map((a) => a.name)).toEqual(["Client spend"]);
    await context.close();
  });
});
