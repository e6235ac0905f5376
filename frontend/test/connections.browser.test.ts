import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { auditPage, newPage, openSignedIn, recordToasts, seedAdmin, useBrowser } from "./helpers";

/** The tile of a connection on the Connections page, by its platform's name. */
function tile(page: Page, name: string) {
  return page.getByRole("button", { name: new RegExp(`^${name}, `) });
}

describe("connections through the authorisation popup (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");

  /**
   * 'Connect now' for `platform`: the 600x550 popup goes to the sandbox platform's authorize page,
   * Approve sends it back to the product's return page, which posts the answer, tells this window
   * and offers the link back that closes the popup.
   */
  async function connect(page: Page, platform: string, email: string): Promise<void> {
    // Record the window features the page asks the popup for.
    await page.evaluate(() => {
      const open = window.open.bind(window);
      const opened: (string | undefined)[] = [];
      Object.assign(window, { openedFeatures: opened });
      window.open = (url?: string | URL, target?: string, features?: string) => {
        opened.push(features);
        return open(url, target, features);
      };
    });
    await page.getByRole("button", { name: "Add a Connection" }).first().click();
    const add = page.getByRole("dialog", { name: "Add a Connection" });
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      add.getByRole("button", { name: `Connect now: ${platform}` }).click(),
    ]);
    await add.waitFor({ state: "detached" });
    expect(
      await page.evaluate(() => (window as unknown as { openedFeatures: string[] }).openedFeatures),
    ).toEqual(["width=600,height=550"]);
    // The toast lasts 5 s: record toasts from before the approval.
    const toasts = await recordToasts(page);
    const approve = popup.getByRole("button", { name: "Approve" });
    await approve.waitFor();
    await popup.locator("input[name=email]").fill(email);
    await approve.click();
    await popup.getByText(`You can now access data from ${platform} within the product`).waitFor();
    if (platform === "Google Ads") await auditPage(popup, "connection-return-page");
    // The opener shows the connection before the popup closes, without a reload, with the spec's
    // toast, once (the popup tells it by message and by broadcast).
    await tile(page, platform).waitFor();
    const connected = `Successfully connected with ${platform}`;
    await expect.poll(async () => (await toasts()).filter((t) => t === connected)).toEqual([connected]);
    // The click closes the popup: a click that ends with its page closed is the expected outcome.
    await Promise.all([
      popup.waitForEvent("close"),
      popup
        .getByRole("button", { name: "Back to Pacer" })
        .click()
        .catch((error: unknown) => {
          if (!popup.isClosed()) throw error;
        }),
    ]);
    expect((await toasts()).filter((t) => t === connected)).toEqual([connected]);
  }

  /** 'Connect now' for `platform`, then Deny on its consent page: the popup's return page fails. */
  async function refuse(page: Page, platform: string, failureText: string): Promise<void> {
    await page.getByRole("button", { name: "Add a Connection" }).first().click();
    const add = page.getByRole("dialog", { name: "Add a Connection" });
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      add.getByRole("button", { name: `Connect now: ${platform}` }).click(),
    ]);
    await popup.getByRole("button", { name: "Deny" }).click();
    await popup.getByText(failureText).waitFor();
    await popup.close();
  }

  it("says 'Successfully connected with Cake' after the Cake modal, and the spec's failure toasts for Microsoft Ads and Reddit Ads", async () => {
    const admin = await seedAdmin(baseUrl, "connection-messages");
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, admin.token, "/accounts");
    await page.getByText("You have 0 connections.").waitFor();

    await page.getByRole("button", { name: "Add a Connection" }).first().click();
    await page
      .getByRole("dialog", { name: "Add a Connection" })
      .getByRole("button", { name: "Connect now: Cake" })
      .click();
    const cake = page.getByRole("dialog", { name: "Connect with Cake" });
    const connectButton = cake.getByRole("button", { name: "CONNECT" });
    expect(await connectButton.isDisabled()).toBe(true);
    await cake.getByLabel("API Key").fill("sandbox-cake-api-key");
    await cake.getByLabel("Domain").fill("demo.cake.sandbox.pacer.test");
    await connectButton.click();
    await page.getByText("Successfully connected with Cake").waitFor();
    await tile(page, "Cake").waitFor();
    await page.getByText("You have 1 connection.").waitFor();

    await refuse(
      page,
      "Microsoft Ads",
      "Something went wrong with this request, please try again and if the problem persists try another Microsoft Ads account. If the problem persist contact support.",
    );
    await page
      .getByText("Microsoft Ads connection failed, please try again or use an alternative Bing Ads account")
      .waitFor();
    await refuse(page, "Reddit Ads", "Something went wrong with your Reddit Ads connection.");
    await page.getByText("Failed to connect with Reddit Ads").waitFor();
    expect(await page.getByText("You have 1 connection.").count()).toBe(1);
    await context.close();
  });

  it("connects Google Ads and Meta through the popup, both green, and removes one", async () => {
    const admin = await seedAdmin(baseUrl, "connections");
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, admin.token, "/accounts");
    await page.getByRole("heading", { name: "Connections" }).waitFor();
    await page.getByText("You have 0 connections.").waitFor();
    await auditPage(page, "connections-empty");

    await page.getByRole("button", { name: "Add a Connection" }).first().click();
    const add = page.getByRole("dialog", { name: "Add a Connection" });
    await add.getByRole("button", { name: "Connect now: Google Ads" }).waitFor();
    const names = (await add.locator(".platform-list li > span:nth-child(2)").allTextContents()).map((t) =>
      t.replace(/\s*beta$/, "").trim(),
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toContain("Google Ads");
    expect(names).toContain("Facebook Ads");
    await auditPage(page, "add-connection-modal");
    await add.getByRole("button", { name: "Close" }).click();

    await connect(page, "Google Ads", "ads-owner@acme.test");
    await connect(page, "Facebook Ads", "social-owner@acme.test");

    await page.getByText("You have 2 connections.").waitFor();
    const success = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--success").trim(),
    );
    for (const [name, email] of [
      ["Google Ads", "ads-owner@acme.test"],
      ["Facebook Ads", "social-owner@acme.test"],
    ] as const) {
      const card = tile(page, name);
      expect(await card.getAttribute("aria-label")).toBe(`${name}, ${email}: Connected`);
      expect(await card.getAttribute("data-status")).toBe("ok");
      const border = await card.evaluate((el) => getComputedStyle(el).borderTopColor);
      const green = await page.evaluate((colour) => {
        const probe = document.createElement("span");
        probe.style.color = colour;
        document.body.append(probe);
        const value = getComputedStyle(probe).color;
        probe.remove();
        return value;
      }, success);
      expect(border).toBe(green);
    }
    // The connections stay after a reload (they are the server's).
    await page.reload();
    await tile(page, "Facebook Ads").waitFor();
    await auditPage(page, "connections");

    // Remove Facebook Ads: manage modal, confirmation, 'Integration removed'.
    await tile(page, "Facebook Ads").click();
    const manage = page.getByRole("dialog", { name: "Facebook Ads" });
    await manage.getByText("social-owner@acme.test").waitFor();
    await auditPage(page, "manage-connection-modal");
    await manage.getByRole("button", { name: "Remove this Connection" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to remove this integration?").waitFor();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await page.getByText("Integration removed").waitFor();
    await tile(page, "Facebook Ads").waitFor({ state: "detached" });
    await page.getByText("You have 1 connection.").waitFor();
    await page.reload();
    await tile(page, "Google Ads").waitFor();
    expect(await tile(page, "Facebook Ads").count()).toBe(0);
    await context.close();
  });
});
