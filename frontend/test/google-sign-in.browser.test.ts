import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { callApi } from "../testing/dashboard-seed";
import { auditPage, newPage, seedAdmin, uniqueEmail, useBrowser } from "./helpers";

interface Me {
  user: { userType: string; email: string; account: { _id: string; coupon?: string; referralName?: string } };
}

describe("Google sign-in through the one redirect path (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");

  /**
   * Clicks the page's Google button, checks the authorize request names /login as its redirect
   * URI, and approves as `email` on the sandbox's Google consent page.
   */
  async function approveGoogle(page: Page, button: string, email: string): Promise<void> {
    await page.getByRole("button", { name: button }).click();
    const approve = page.getByRole("button", { name: "Approve" });
    await approve.waitFor();
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${baseUrl}/login`);
    expect(authorize.searchParams.get("nonce")).toMatch(/^[0-9a-f]{32}$/);
    await page.locator("input[name=email]").fill(email);
    await approve.click();
  }

  /** The signed-in user, as the session the page holds sees it. */
  async function me(page: Page): Promise<Me["user"]> {
    const token = await page.evaluate(() => localStorage.getItem("token"));
    return ((await callApi(baseUrl, token ?? "", "GET", "/api/auth")) as Me).user;
  }

  it("logs in with Google from /login", async () => {
    const admin = await seedAdmin(baseUrl, "google-login");
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl}/login`);
    await approveGoogle(page, "Sign in with Google", admin.email);
    await page.waitForURL(`${baseUrl}/dashboard`);
    expect((await me(page)).email).toBe(admin.email);
    await context.close();
  });

  it("registers with Google from a coupon and a referral page, back through /login", async () => {
    for (const [path, check] of [
      ["/register/SPRING24", (u: Me["user"]) => expect(u.account.coupon).toBe("SPRING24")],
      [
        "/register-referral/acme-3-mnths",
        (u: Me["user"]) => expect(u.account.referralName).toBe("acme-3-mnths"),
      ],
    ] as const) {
      const { context, page } = await newPage(browser);
      const email = uniqueEmail("google-register");
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole("heading", { name: "Get started now!!!" }).waitFor();
      if (path.startsWith("/register/")) await auditPage(page, "register-coupon");
      await approveGoogle(page, "Sign Up with Google", email);
      await page.waitForURL(`${baseUrl}/dashboard`);
      const user = await me(page);
      expect(user.email).toBe(email);
      expect(user.userType).toBe("Admin");
      check(user);
      expect(await page.evaluate(() => window.dataLayer)).toContainEqual({
        event: "registration",
        method: "google_auth",
      });
      await context.close();
    }
  });

  it("registers an invited Manager with Google, back through /login to the invitation", async () => {
    const admin = await seedAdmin(baseUrl, "google-invite");
    const adminMe = (await callApi(baseUrl, admin.token, "GET", "/api/auth")) as Me;
    const invite = (await callApi(baseUrl, admin.token, "POST", "/api/users/invite-user", {
      newUser: { userType: "Manager" },
    })) as { link: string };
    const link = new URL(invite.link);
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl}${link.pathname}${link.search}`);
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    await auditPage(page, "register-invited");
    const email = uniqueEmail("google-invited");
    await approveGoogle(page, "Register with Google", email);
    await page.waitForURL(`${baseUrl}/dashboard`);
    const user = await me(page);
    expect(user.email).toBe(email);
    expect(user.userType).toBe("Manager");
    expect(user.account._id).toBe(adminMe.user.account._id);
    await context.close();
  });
});
