import { confirmUserEmail } from "@pacer/db";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { callApi, inviteUser, registerAccount } from "../testing/dashboard-seed";
import {
  expectAccessible,
  latestLink,
  newPage,
  openSignedIn,
  uniqueEmail,
  useBrowser,
  userMenu,
} from "./helpers";

/** The requests a page sends to `method path` from now on. */
function requestsTo(page: Page, method: string, path: string): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) sent.push(request.url());
  });
  return sent;
}

/** How often `text` shows on the page (a field error and a toast would make two). */
const occurrences = (page: Page, text: string | RegExp) => page.getByText(text).count();

describe("forms validate in the browser and show a server's field error once, beside its field (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");

  it("checks login and forgot-password fields with the server's rules before sending anything", async () => {
    const { context, page } = await newPage(browser);
    const logins = requestsTo(page, "POST", "/api/auth");
    const resets = requestsTo(page, "POST", "/api/auth/forgot-password");

    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Invalid Email").waitFor();
    await page.getByText("Password must be at least 6 characters").waitFor();
    await expectAccessible(page, "login with field errors");

    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel("Email").fill("nobody@");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByText("Invalid Email").waitFor();
    expect(await occurrences(page, /body\./)).toBe(0);

    expect(logins).toEqual([]);
    expect(resets).toEqual([]);
    await context.close();
  });

  it("shows the server's refusal of an invited address beside the Email field, once, in words", async () => {
    const admin = await registerAccount(baseUrl, "form-invite");
    // An account sends invitation e-mails once its Admin has proved their address.
    await confirmUserEmail({ accountId: admin.accountId, userId: admin.userId });
    const invited = uniqueEmail("invited-to");
    await callApi(baseUrl, admin.token, "POST", "/api/users/invite-user", {
      newUser: { userType: "Manager", email: invited },
    });
    const link = await latestLink(baseUrl, invited);

    const { context, page } = await newPage(browser);
    await page.goto(link);
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("Email").fill(uniqueEmail("not-the-invited"));
    await page.getByLabel("Password").fill("Invited-pass-1");
    await page.getByRole("button", { name: "Register", exact: true }).click();

    const refusal = "This invitation was sent to another email address";
    await page.getByText(refusal).waitFor();
    // Beside the field: the field's own error text, the only place it shows (no toast, no prefix).
    const described = await page.getByLabel("Email").getAttribute("aria-describedby");
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(refusal);
    expect(await occurrences(page, refusal)).toBe(1);
    expect(await occurrences(page, /body\./)).toBe(0);
    await context.close();
  });

  it("Edit User and Change Password check their fields; a wrong old password shows once beside the field", async () => {
    const admin = await registerAccount(baseUrl, "form-users");
    await inviteUser(admin, "Viewer", "Vera Viewer");
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, admin.token, "/users");

    await page.getByRole("button", { name: "Options for Vera Viewer" }).click();
    await page.getByRole("menuitem", { name: "Edit User" }).click();
    const edit = page.getByRole("dialog", { name: "Edit User" });
    await edit.getByLabel("Name").fill("   ");
    await edit.getByText("Name is required").waitFor();
    expect(await edit.getByRole("button", { name: "UPDATE" }).isDisabled()).toBe(true);
    await edit.getByLabel("Name").fill("Vera V.");
    await edit.getByRole("button", { name: "UPDATE" }).click();
    await page.getByText("User Edited").waitFor();

    await userMenu(page, "Change Password");
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await dialog.getByLabel("Old password").fill("not-my-password");
    await dialog.getByLabel("New password", { exact: true }).fill("Better-pass-7");
    await dialog.getByLabel("Confirm new password").fill("Better-pass-7");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await dialog.getByText("Wrong password, please try again.").waitFor();
    expect(await occurrences(page, "Wrong password, please try again.")).toBe(1);
    expect(await occurrences(page, /Invalid Credentials|Incorrect Password/)).toBe(0);
    await context.close();
  });
});
