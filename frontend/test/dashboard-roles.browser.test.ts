import { updateAccount } from "@pacer/db";
import { screenshot } from "@pacer/local/testing/browser";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  inviteUser,
  openDashboardPage,
  registerAccount,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { useBrowser } from "./helpers";

describe("dashboard roles and the tracker allowance (browser)", () => {
  const browser = useBrowser();
  let admin: World;
  let viewer: World;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    admin = await registerAccount(baseUrl, "roles");
    const [shared] = await seedTrackers(admin, [
      { name: "Shared Search", client: "Acme" },
      { name: "Private Search", client: "Acme" },
    ]);
    viewer = await inviteUser(admin, "Viewer");
    await callApi(baseUrl, admin.token, "POST", `/api/tracker/update-associated-users/${shared}`, {
      associatedUsers: [{ _id: viewer.userId }],
    });
  });

  it("gives a Viewer only their trackers, no star, no Add Tracker(s), no Column Ordering and no manage modal", async () => {
    const page = await openDashboardPage(browser, viewer);
    const row = tableRow(page, "Shared Search");
    await row.waitFor();
    expect(await tableRow(page, "Private Search").count()).toBe(0);
    expect(await page.getByRole("button", { name: /favourites/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Add Tracker(s)" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Column Ordering" }).count()).toBe(0);
    expect(await row.getAttribute("class")).not.toContain("row-clickable");
    await row.click();
    await page.waitForTimeout(300);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("tab", { name: "Pod" }).click();
    await page.getByText("No Pods found").waitFor();
    expect(await page.getByRole("button", { name: "Create a Pod" }).count()).toBe(0);
    await expectNoSeriousViolations(page, "dashboard as a Viewer");
  });

  it("replaces the table with the exceeded-count screen and turns Add Tracker(s) red above the allowance", async () => {
    await updateAccount(admin.accountId, () => ({ trackerAllowance: 1 }));
    const page = await openDashboardPage(browser, admin);
    await page.getByRole("heading", { name: "You have exceeded your tracker count" }).waitFor();
    await expect(
      page.getByText("Please upgrade your account to get access to your dashboard").isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Tracker count exceeded" }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole("button", { name: "UPGRADE ACCOUNT" }).isVisible()).resolves.toBe(true);
    expect(
      await page.getByRole("progressbar", { name: "Trackers allowed" }).getAttribute("aria-valuetext"),
    ).toBe("1 allowed, 2 trackers");
    await screenshot(page, "dashboard-tracker-count-exceeded");
    await expectNoSeriousViolations(page, "exceeded-count screen");
    await updateAccount(admin.accountId, () => ({ trackerAllowance: 100 }));
  });
});
