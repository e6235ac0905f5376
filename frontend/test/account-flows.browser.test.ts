import { updateAccount } from "@pacer/db";
import { unsubscribeToken } from "@pacer/functions/lib/links";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { callApi, inviteUser, registerAccount, TEST_PASSWORD } from "../testing/dashboard-seed";
import { expectAccessible, newPage, openSignedIn, useBrowser, userMenu } from "./helpers";

/** The console errors and warnings of a page, from now on. */
function consoleProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") seen.push(message.text());
  });
  return seen;
}

/** Fills the login form and submits it (without waiting for a destination). */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

describe("sign-in path, unsubscribe, account settings by role and the expired trial (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");

  it("follows the path remembered before login once, then clears it; no HydrateFallback message on load", async () => {
    const admin = await registerAccount(baseUrl, "redirect");
    const { context, page } = await newPage(browser);
    const problems = consoleProblems(page);

    await page.goto(`${baseUrl}/users`);
    await page.waitForURL(`${baseUrl}/login`);
    await submitLogin(page, admin.email, TEST_PASSWORD);
    await page.waitForURL(`${baseUrl}/users`);
    await page.getByRole("heading", { name: "Users" }).waitFor();

    await userMenu(page, "Log Out");
    await page.waitForURL(`${baseUrl}/login`);
    await submitLogin(page, admin.email, TEST_PASSWORD);
    await page.waitForURL(`${baseUrl}/dashboard`);

    expect(problems.filter((p) => p.includes("HydrateFallback"))).toEqual([]);
    await context.close();
  });

  it("shows the refusal of a bad unsubscribe link; a good one unsubscribes and the settings subscribe again", async () => {
    const admin = await registerAccount(baseUrl, "unsubscribe");
    const { context, page } = await newPage(browser);

    await page.goto(`${baseUrl}/unsubscribe-all-emails/${admin.userId}.forged`);
    await page.getByText("This unsubscribe link is not valid").waitFor();
    expect(await page.getByText("Unsubscribed from Emails").count()).toBe(0);
    await expectAccessible(page, "unsubscribe refused");

    await page.goto(
      `${baseUrl}/unsubscribe-all-emails/${encodeURIComponent(await unsubscribeToken(admin.userId))}`,
    );
    await page.getByRole("heading", { name: "Unsubscribed from Emails" }).waitFor();
    await page
      .getByText(/subscribe again under Email Notifications in your Account & User Settings/)
      .waitFor();

    await openSignedIn(page, baseUrl, admin.token, "/dashboard");
    await userMenu(page, "Account & User Settings");
    const settings = page.getByRole("dialog", { name: "Account & User Settings" });
    // The currency list: GBP, USD and EUR first, then every other code in alphabetical order.
    const currency = settings.getByRole("combobox", { name: "Currency" });
    await currency.waitFor();
    const codes = await currency.locator("option").allTextContents();
    expect(codes.slice(0, 3)).toEqual(["GBP", "USD", "EUR"]);
    expect(codes.slice(3)).toEqual([...codes.slice(3)].sort((a, b) => a.localeCompare(b)));
    expect(codes.length).toBeGreaterThan(60);
    const emails = settings.getByRole("switch", { name: "Email Notifications" });
    expect(await emails.getAttribute("aria-checked")).toBe("false");
    // The words are the switch's label: a click on them flips it.
    await settings.getByText("Email Notifications (alerts)").click();
    expect(await emails.getAttribute("aria-checked")).toBe("true");
    await settings.getByRole("button", { name: "SAVE CHANGES" }).click();
    await page.getByText("Settings saved").waitFor();
    const me = (await callApi(baseUrl, admin.token, "GET", "/api/auth")) as {
      user: { notificationPreferences?: { unsubscribedAll?: boolean } };
    };
    expect(me.user.notificationPreferences?.unsubscribedAll).toBe(false);
    await context.close();
  });

  it("shows a Manager the account's name and currency read-only; saving their own name gives no permission error", async () => {
    const admin = await registerAccount(baseUrl, "manager-settings", "Read Only Agency");
    const manager = await inviteUser(admin, "Manager", "Morgan Manager");
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, manager.token, "/dashboard");

    await page.getByRole("button", { name: /^Account settings: Morgan Manager/ }).click();
    const settings = page.getByRole("dialog", { name: "Account & User Settings" });
    const account = settings.getByRole("region", { name: "Account" });
    const name = account.getByLabel("Name");
    expect(await name.inputValue()).toBe("Read Only Agency");
    expect(await name.isEditable()).toBe(false);
    expect(await account.getByLabel("Currency").isEditable()).toBe(false);
    await account.getByText("Only Admins can change the account's name and currency.").waitFor();
    await expectAccessible(page, "account settings (Manager)");

    await settings.getByLabel("Your name").fill("Morgan M. Manager");
    await settings.getByRole("button", { name: "SAVE CHANGES" }).click();
    await page.getByText("Settings saved").waitFor();
    expect(await page.getByText(/permission/i).count()).toBe(0);
    await context.close();
  });

  it("tells a Manager and a Viewer of an expired trial to ask their Admins, by name; the Admin gets UPGRADE ACCOUNT", async () => {
    const admin = await registerAccount(baseUrl, "expired");
    const second = await inviteUser(admin, "Admin", "Sam Second");
    const manager = await inviteUser(admin, "Manager");
    const viewer = await inviteUser(admin, "Viewer");
    await updateAccount(admin.accountId, () => ({
      freeTrial: true,
      freeTrialEndDate: new Date(Date.now() - 60_000).toISOString(),
    }));
    const { context, page } = await newPage(browser);

    for (const member of [manager, viewer]) {
      await openSignedIn(page, baseUrl, member.token, "/dashboard");
      await page.getByRole("heading", { name: "Your free trial has expired" }).waitFor();
      await page
        .getByText("Please ask your Admin to upgrade your account to get access to your dashboard.")
        .waitFor();
      await page.locator("p", { hasText: "Your Admins are Alex Admin and Sam Second." }).waitFor();
      expect(await page.getByRole("button", { name: "UPGRADE ACCOUNT" }).count()).toBe(0);
      expect(await page.getByText("Something went wrong").count()).toBe(0);
    }
    await expectAccessible(page, "expired trial (Viewer)");

    await openSignedIn(page, baseUrl, admin.token, "/dashboard");
    await page.getByRole("button", { name: "UPGRADE ACCOUNT" }).waitFor();
    expect(await page.getByText(/ask your Admin/).count()).toBe(0);
    expect(second.accountId).toBe(admin.accountId);
    await context.close();
  });

  it("reaches device readings from the menu; the Admin issues the ingestion key a device then posts with; dates read dd/MM/yyyy", async () => {
    const admin = await registerAccount(baseUrl, "readings");
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, admin.token, "/dashboard");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Device readings" })
      .click();
    await page.waitForURL(`${baseUrl}/sensor-readings`);
    const key = page.getByRole("region", { name: "Ingestion key" });
    await key.getByText("This account has no ingestion key yet.").waitFor();
    await key.getByRole("button", { name: "Create ingestion key" }).click();
    const issued = await key.getByLabel("New ingestion key").inputValue();
    await key.getByText("Copy it now: it is shown only once.").waitFor();
    await expectAccessible(page, "device readings with a new key");

    const posted = await fetch(`${baseUrl}/api/sensor-readings/ingest`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-ingestion-key": issued },
      body: JSON.stringify({
        device: "door-1",
        recDate: "2026-11-21T08:05:09Z",
        data: "002A0011",
        seqNum: 7,
      }),
    });
    expect(posted.status).toBe(201);
    await page.reload();
    const row = page.locator("tbody tr", { hasText: "door-1" });
    await row.waitFor();
    expect(await row.locator("td").allTextContents()).toEqual([
      "door-1",
      "21/11/2026 08:05:09",
      "002a0011",
      "7",
      "42",
      "17",
    ]);
    // The key itself never comes back; replacing it asks first.
    await key.getByText(/Current key: .+, created \d{2}\/\d{2}\/\d{4}/).waitFor();
    expect(await page.getByText(issued).count()).toBe(0);
    await key.getByRole("button", { name: "Replace ingestion key" }).click();
    await page
      .getByRole("alertdialog")
      .getByText(/The current key stops working at once/)
      .waitFor();
    await context.close();
  });
});
