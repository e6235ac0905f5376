import { securityHeaders } from "@pacer/functions/security-headers";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../testing/browser.ts";

/**
 * The web app under the production Content-Security-Policy: the local runtime sends CloudFront's
 * headers, so Chromium enforces the same policy here as on AWS. The demo Admin walks the app's
 * pages (the dashboard with its WebSocket, connections, alerts, users, settings, the tracker wizard)
 * and the browser reports no violation of the policy.
 */
describe("the web app under the production CSP (browser)", () => {
  const baseUrl = inject("baseUrl");
  const demo = inject("demoLogin");
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page that records every CSP violation Chromium reports, from the first document on. */
  async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    // A string, run in the page before its own scripts (this package has no DOM types).
    await page.addInitScript(`
      window.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));
    `);
    const violations = async () => [
      ...refused,
      ...((await page.evaluate("window.__cspViolations")) as string[]),
    ];
    return { page, violations };
  }

  it("serves the SPA with exactly CloudFront's security headers, HSTS aside", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/login`);
    const headers = response?.headers() ?? {};
    const expected = securityHeaders({ hsts: false });
    for (const [name, value] of Object.entries(expected)) expect(headers[name], name).toBe(value);
    expect(headers["strict-transport-security"]).toBeUndefined();
    await page.close();
  });

  it("signs in and shows every page of the app without a CSP violation, the live WebSocket included", async () => {
    const { page, violations } = await watchedPage();
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password").fill(demo.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).waitFor();
    await expect.poll(() => sockets.some((url) => new URL(url).pathname === "/ws")).toBe(true);
    expect(await violations()).toEqual([]);

    for (const [path, link] of [
      ["/alerts", "Alerts"],
      ["/accounts", "Connections"],
      ["/users", "Users"],
    ] as const) {
      await page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: link })
        .click();
      await page.waitForURL(`${baseUrl}${path}`);
      await page.getByRole("heading").first().waitFor();
      expect(await violations(), path).toEqual([]);
    }
    // A full load of a deep link: index.html, the hashed assets, the session from local storage.
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole("heading").first().waitFor();
    expect(await violations(), "/settings").toEqual([]);
  });
});
