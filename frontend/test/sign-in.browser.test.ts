import { screenshot } from "@pacer/local/testing/browser";
import { describe, expect, inject, it } from "vitest";
import { useBrowser } from "./helpers";

describe("sign-in (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");
  const demo = inject("demoLogin");

  it("serves the SPA at /, sends a signed-out visitor to /login, and signs the demo Admin into the app shell", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByLabel("Email").fill(demo.email.toUpperCase());
    await page.getByLabel("Password").fill(demo.password);
    await page.getByRole("button", { name: "Log in" }).click();

    await page.waitForURL(`${baseUrl}/dashboard`);
    const nav = page.getByRole("navigation");
    await expect(nav.getByRole("link", { name: "Dashboard" }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole("link", { name: "Connections" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Demo Agency").first().isVisible()).resolves.toBe(true);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token?.split(".")).toHaveLength(3);
    await screenshot(page, "shell-1280x800");
  });

  it("shows the spec's message for a wrong password and stays on /login", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log in" }).click();
    // The server's message, once (a toast; the form has no field to put it beside).
    await page.getByText("Incorrect Password, please check and try again").waitFor();
    expect(await page.getByText("Incorrect Password, please check and try again").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
