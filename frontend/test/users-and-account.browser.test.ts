import { defaultAlertForm } from "@pacer/core/alerts";
import { describe, expect, inject, it } from "vitest";
import { callApi, seedTrackers, worldOf } from "../testing/dashboard-seed";
import { auditPage, newPage, openSignedIn, seedAdmin, uniqueEmail, useBrowser, userMenu } from "./helpers";

/** A 40x40 PNG with half-transparent pixels (drawn on white before upload). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAYAAACM/rhtAAAATklEQVR4nO3QsQ0AMAzDMJ/ez9MPujoFOGkVmGRmkrO2KyYezYYJggTbEwQJticIEmxPECTYniBIsD1BkGB7giDB9gRBgu0JggTbE18LXhAn5ze/qy1iAAAAAElFTkSuQmCC",
  "base64",
);

describe("users, account settings and roles (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");

  /** Creates an invitation link of `userType` on the Users page and returns it. */
  async function invitationLink(page: import("playwright-core").Page, userType: string): Promise<string> {
    await page.getByRole("button", { name: "Invite a User" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite a User" });
    await dialog.getByLabel(userType, { exact: false }).first().check();
    await dialog.getByRole("button", { name: "Create invitation link" }).click();
    const field = dialog.getByLabel("Invitation link", { exact: true });
    await field.waitFor();
    const link = await field.inputValue();
    await dialog.getByRole("button", { name: "Copy Link" }).click();
    await page.getByText("Link copied").first().waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    return link;
  }

  /** Registers through an invitation link in a fresh context and returns its page in the app. */
  async function registerInvited(link: string, name: string) {
    const { context, page } = await newPage(browser);
    await page.goto(link);
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    const register = page.getByRole("button", { name: "Register", exact: true });
    expect(await register.isDisabled()).toBe(true);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Email").fill(uniqueEmail(name.toLowerCase().replace(/\W+/g, "-")));
    await page.getByLabel("Password").fill("Invited-pass-1");
    await register.click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    return { context, page };
  }

  it("invites a Manager by link who registers; the Admin sees them with the options menu; settings, avatar, password and referral modals", async () => {
    const admin = await seedAdmin(baseUrl, "users");
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, admin.token, "/users");
    await page.getByRole("heading", { name: "Users" }).waitFor();
    await page.getByText("No users found").waitFor();
    await auditPage(page, "users-empty");

    await page.getByRole("button", { name: "Invite a User" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite a User" });
    expect(await dialog.getByRole("button", { name: "Invite User" }).isDisabled()).toBe(true);
    await auditPage(page, "invite-user-modal");
    await dialog.getByRole("button", { name: "Close" }).click();

    const link = await invitationLink(page, "Manager");
    expect(link).toMatch(/\/register-invited-user\/[^/]+\/Manager\/false\?invite=/);
    const manager = await registerInvited(link, "Morgan Manager");
    await auditPage(manager.page, "dashboard-manager");
    await manager.page.goto(`${baseUrl}/register-invited-user/x/Manager/false`);
    await manager.page.waitForURL(`${baseUrl}/dashboard`);
    await manager.context.close();

    await page.reload();
    await page.getByRole("cell", { name: "Morgan Manager", exact: true }).waitFor();
    await page.getByText("This account has 1 user besides you.").waitFor();
    await page.getByRole("button", { name: "Options for Morgan Manager" }).click();
    await page.getByRole("menuitem", { name: "Edit User" }).waitFor();
    await auditPage(page, "users-options-menu");
    await page.getByRole("menuitem", { name: "Edit User" }).click();
    const edit = page.getByRole("dialog", { name: "Edit User" });
    expect(await edit.getByRole("button", { name: "UPDATE" }).isDisabled()).toBe(true);
    await edit.getByLabel("Name").fill("Morgan M. Manager");
    await edit.getByRole("button", { name: "UPDATE" }).click();
    await page.getByText("User Edited").waitFor();
    await page.getByRole("cell", { name: "Morgan M. Manager", exact: true }).waitFor();

    await page.getByRole("button", { name: "Options for Morgan M. Manager" }).click();
    await page.getByRole("menuitem", { name: "Reset Password" }).click();
    await page.getByText("Are you sure you want to send a password reset to Morgan M. Manager?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    // Account settings, change password and referral.
    await userMenu(page, "Account & User Settings");
    await page.getByRole("dialog", { name: "Account & User Settings" }).getByLabel("Currency").waitFor();
    await auditPage(page, "account-settings-modal");
    await page
      .getByRole("dialog", { name: "Account & User Settings" })
      .getByRole("button", { name: "Close" })
      .click();

    await userMenu(page, "Change Password");
    const pw = page.getByRole("dialog", { name: "Change Password" });
    await pw.getByLabel("Old password").fill("wrong-password");
    await pw.getByLabel("New password", { exact: true }).fill("Better-pass-7");
    await pw.getByLabel("Confirm new password").fill("Better-pass-7");
    await auditPage(page, "change-password-modal");
    await pw.getByRole("button", { name: "Change Password" }).click();
    await pw.getByText("Wrong password, please try again.").waitFor();
    await pw.getByRole("button", { name: "Close" }).click();

    await userMenu(page, "Referral Scheme");
    const referral = page.getByRole("dialog", { name: "Referral Scheme" });
    expect(await referral.getByLabel("Your referral link").inputValue()).toMatch(
      /\/register-referral\/[^/]+-mnths\/$/,
    );
    await auditPage(page, "referral-modal");
    await referral.getByRole("button", { name: "Close" }).click();

    // Change the avatar: choose a picture, crop, upload.
    await userMenu(page, "Change Avatar");
    const avatar = page.getByRole("dialog", { name: "Change Avatar" });
    await avatar
      .getByTestId("avatar-file")
      .setInputFiles({ name: "logo.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await avatar.getByText("File type not accepted, please upload a JPG or PNG file").waitFor();
    await avatar
      .getByTestId("avatar-file")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await avatar.getByRole("slider", { name: "Zoom" }).waitFor();
    await auditPage(page, "change-avatar-modal");
    await avatar.getByRole("button", { name: "Change Avatar" }).click();
    await avatar.waitFor({ state: "detached" });
    // The new picture is the user's avatar: a path on this origin that serves the image.
    const picture = page.getByRole("button", { name: "User menu" }).locator("img");
    expect(await picture.getAttribute("src")).toMatch(/^\/[^/]/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await context.close();
  });

  it("a Viewer sees no Connections, no Users and no options menus", async () => {
    const admin = await seedAdmin(baseUrl, "viewer");
    const adminWorld = await worldOf(baseUrl, admin.token);
    const [shared] = await seedTrackers(adminWorld, [
      { name: "Shared Search", client: "Acme" },
      { name: "Private Search", client: "Acme" },
    ]);
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, admin.token, "/users");
    const link = await invitationLink(page, "Viewer");
    await context.close();

    const viewer = await registerInvited(link, "Vic Viewer");
    const viewerWorld = await worldOf(
      baseUrl,
      (await viewer.page.evaluate(() => localStorage.getItem("token"))) ?? "",
    );
    await callApi(baseUrl, admin.token, "POST", `/api/tracker/update-associated-users/${shared}`, {
      associatedUsers: [{ _id: viewerWorld.userId }],
    });
    // An Admin's alert that the Viewer receives.
    const blank = defaultAlertForm();
    await callApi(baseUrl, admin.token, "POST", "/api/alerts/create-alert", {
      ...blank,
      name: "Account overspend",
      data: { ...blank.data, valueSet: "budget" },
      additionalRecipients: [{ _id: viewerWorld.userId, name: "Vic Viewer", email: "" }],
    });
    const nav = viewer.page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Alerts" }).waitFor();
    expect(await nav.getByRole("link", { name: "Connections" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Users" }).count()).toBe(0);
    await viewer.page.getByRole("button", { name: "User menu" }).click();
    expect(await viewer.page.getByRole("menuitem", { name: "Account & User Settings" }).count()).toBe(0);
    expect(await viewer.page.getByRole("menuitem", { name: "Billing" }).count()).toBe(0);
    await viewer.page.keyboard.press("Escape");

    await viewer.page.setViewportSize({ width: 390, height: 844 });
    await viewer.page.getByRole("button", { name: "Mobile menu" }).click();
    const mobile = viewer.page.getByRole("navigation", { name: "Mobile menu" });
    await mobile.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await mobile.getByRole("link", { name: "Connections" }).count()).toBe(0);
    expect(await mobile.getByRole("link", { name: "Users" }).count()).toBe(0);
    await viewer.page.setViewportSize({ width: 1280, height: 800 });

    // Alerts: the Admin's alert is listed without an options menu; a Viewer's own alert targets
    // trackers they see, never 'All Trackers'.
    await viewer.page.goto(`${baseUrl}/alerts`);
    await viewer.page.getByRole("cell", { name: "Account overspend", exact: true }).waitFor();
    await viewer.page.getByRole("button", { name: "Create an Alert" }).click();
    const form = viewer.page.getByRole("dialog", { name: "Create an Alert" });
    await form.getByRole("checkbox", { name: "Shared Search" }).waitFor();
    expect(await form.getByRole("checkbox", { name: "All Trackers" }).count()).toBe(0);
    expect(await form.getByRole("checkbox", { name: "Private Search" }).count()).toBe(0);
    await form.getByLabel("Name").fill("My search alert");
    await form.getByRole("checkbox", { name: "Shared Search" }).check();
    await form.getByRole("button", { name: "CREATE ALERT" }).click();
    await viewer.page.getByText("Alert Created").waitFor();
    await viewer.page.getByRole("cell", { name: "My search alert", exact: true }).waitFor();
    await viewer.page.getByText("You have 2 alerts.").waitFor();
    expect(await viewer.page.getByRole("button", { name: /^Options for/ }).count()).toBe(0);
    expect(
      await viewer.page
        .getByRole("table", { name: "Alerts", exact: true })
        .getByRole("columnheader")
        .allTextContents(),
    ).toEqual(["Name", "Regularity", "Target", "Metric"]);
    await auditPage(viewer.page, "alerts-viewer");

    // Connections and Users typed in directly: not there for a Viewer, so none of their actions.
    for (const [path, name] of [
      ["/accounts", "viewer-connections-path"],
      ["/users", "viewer-users-path"],
    ] as const) {
      await viewer.page.goto(`${baseUrl}${path}`);
      await viewer.page.getByRole("heading", { name: "Sorry, this page was not found." }).waitFor();
      await viewer.page.getByRole("link", { name: "Back to Pacer" }).waitFor();
      for (const action of ["Add a Connection", "Invite a User"])
        expect(await viewer.page.getByRole("button", { name: action }).count()).toBe(0);
      expect(await viewer.page.getByRole("button", { name: /^Options for/ }).count()).toBe(0);
      expect(await viewer.page.getByRole("heading", { name: /^(Connections|Users)$/ }).count()).toBe(0);
      await auditPage(viewer.page, name);
    }
    await viewer.context.close();
  });
});
