import { describe, expect, inject, it } from "vitest";
import { auditPage, latestLink, logIn, newPage, uniqueEmail, useBrowser, userMenu } from "./helpers";

describe("sign-up, sign-in and password reset (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");

  it("registers by e-mail into the app with a 14-day trial banner, sets a password from the welcome mail, logs out and in", async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail("signup");
    await page.goto(`${baseUrl}/register`);
    await page.getByRole("heading", { name: "Get started now!!!" }).waitFor();
    await auditPage(page, "register");

    const signUp = page.getByRole("button", { name: "Sign Up", exact: true });
    expect(await signUp.isDisabled()).toBe(true);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await page.getByText("Invalid Email").waitFor();
    await page.getByLabel("Email").fill(email);
    await signUp.click();
    await page
      .getByText("You've successfully set up your new account, please wait while we redirect you...")
      .waitFor();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page
      .getByRole("button", { name: "14 days left of your free trial Upgrade your account" })
      .waitFor();
    const events = await page.evaluate(() => window.dataLayer);
    expect(events).toContainEqual({ event: "registration", method: "email" });
    await auditPage(page, "dashboard-trial");

    // The e-mail-only sign-up gets a welcome mail with a link to set a password.
    await page.goto(await latestLink(baseUrl, email, "Welcome"));
    await page.getByRole("heading", { name: "Create your new password" }).waitFor();
    await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await page.getByLabel("Confirm password").fill("first-pass-2");
    await page.getByText("New passwords do not match").waitFor();
    await page.getByLabel("Confirm password").fill("first-pass-1");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.waitForURL(`${baseUrl}/login`);

    await logIn(page, baseUrl, email, "first-pass-1");
    await userMenu(page, "Log Out");
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await auditPage(page, "login");
    await logIn(page, baseUrl, email.toUpperCase(), "first-pass-1");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Connections" })
      .waitFor();
    await context.close();
  });

  it("resets a forgotten password through the outbox; the used link and an expired one show the spec's texts", async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail("forgot");
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await userMenu(page, "Log Out");
    await page.waitForURL(`${baseUrl}/login`);

    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    const submit = page.getByRole("button", { name: "Reset Password" });
    expect(await submit.isDisabled()).toBe(true);
    await auditPage(page, "forgot-password");
    await page.getByLabel("Email").fill(email);
    await submit.click();
    await page.getByRole("heading", { name: "Reset Submitted" }).waitFor();
    await page.getByText("We have sent you an email which includes a link to reset your password.").waitFor();

    const link = await latestLink(baseUrl, email, "Reset your Pacer password");
    await page.goto(link);
    await page.getByRole("heading", { name: "Create your new password" }).waitFor();
    await auditPage(page, "reset-password-valid");
    await page.getByLabel("Password", { exact: true }).fill("Brand-new-9");
    await page.getByLabel("Confirm password").fill("Brand-new-9");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByText("Password changed").waitFor();
    await logIn(page, baseUrl, email, "Brand-new-9");

    // The link works once.
    const fresh = await context.newPage();
    await fresh.goto(link);
    await fresh.getByRole("heading", { name: "Something went wrong with your reset link" }).waitFor();
    await fresh.getByText("Please enter your email again for a new reset link.").waitFor();
    expect(await fresh.getByRole("button", { name: "Resend Link" }).isDisabled()).toBe(true);
    await auditPage(fresh, "reset-password-invalid");

    // An expired link: the server answers 410 after an hour; the page shows the expired state and
    // its resend form.
    await fresh.route("**/api/auth/get-user-by-token/**", (route) =>
      route.fulfill({
        status: 410,
        contentType: "application/json",
        body: JSON.stringify({ code: "LINK_EXPIRED", message: "Your reset link has expired" }),
      }),
    );
    await fresh.goto(`${baseUrl}/reset-password/expired-token`);
    await fresh.getByRole("heading", { name: "Your reset link has expired" }).waitFor();
    await fresh.getByLabel("Email").fill(email);
    await fresh.getByRole("button", { name: "Resend Link" }).click();
    await fresh.getByRole("heading", { name: "Reset Submitted" }).waitFor();
    await auditPage(fresh, "reset-password-submitted");
    await context.close();
  });

  it("shows the refusal of an unsigned unsubscribe link and sends a signed-out visitor of a private page to /login, then back there after login", async () => {
    const { context, page } = await newPage(browser);
    // A link the server refuses says so (the signed link's success: account-flows.browser.test.ts).
    await page.goto(`${baseUrl}/unsubscribe-all-emails/not-a-signed-id`);
    await page.getByText("This unsubscribe link is not valid").waitFor();
    expect(await page.getByText("Unsubscribed from Emails").count()).toBe(0);
    await auditPage(page, "unsubscribe");

    await page.goto(`${baseUrl}/alerts`);
    await page.waitForURL(`${baseUrl}/login`);
    const demo = inject("demoLogin");
    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password").fill(demo.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${baseUrl}/alerts`);
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole("heading", { name: "Sorry, this page was not found." }).waitFor();
    await auditPage(page, "not-found");
    await context.close();
  });
});
