import AxeBuilder from "@axe-core/playwright";
import { screenshot } from "@pacer/local/testing/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/** The two viewports every page is captured at. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** A unique address per call, so test files never share accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/**
 * A new page in its own context (own local storage) at the desktop size. Motion is reduced, as a
 * user may ask, so toasts and overlays are checked in their final colours rather than mid-fade.
 */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: "reduce" });
  const page = await context.newPage();
  return { context, page };
}

/** Axe on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html} ${n.failureSummary}`).join(", ")}`,
    );
  expect(bad, `axe on ${name}`).toEqual([]);
}

/**
 * Checks a page with axe and captures it at 1280x800 and 390x844 (`<name>-1280x800.png`,
 * `<name>-390x844.png`), then restores the desktop size.
 */
export async function auditPage(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await screenshot(page, `${name}-1280x800`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(150);
  await expectAccessible(page, `${name} (mobile)`);
  await screenshot(page, `${name}-390x844`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
}

interface OutboxEntry {
  date: string;
  to: string[];
  subject: string;
  links: string[];
}

/** The newest e-mail to `address` in the local outbox, waiting for it to arrive. */
export async function latestMail(baseUrl: string, address: string, subjectPart = ""): Promise<OutboxEntry> {
  for (let i = 0; i < 50; i++) {
    const answer = await fetch(`${baseUrl}/_local/outbox.json`);
    const entries = (await answer.json()) as OutboxEntry[];
    const mine = entries
      .filter((e) => e.to.some((to) => to.includes(address)) && e.subject.includes(subjectPart))
      .sort((a, b) => b.date.localeCompare(a.date));
    if (mine[0]) return mine[0];
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`No e-mail to ${address}`);
}

/** The first link of the newest e-mail to `address` that points at the product. */
export async function latestLink(baseUrl: string, address: string, subjectPart = ""): Promise<string> {
  const mail = await latestMail(baseUrl, address, subjectPart);
  const link = mail.links.find((l) => l.startsWith(baseUrl)) ?? mail.links[0];
  if (!link) throw new Error(`No link in the e-mail to ${address}`);
  return link;
}

export const TEST_PASSWORD = "Sunny-Fields-2026";

/**
 * Creates an account with an Admin through the API (the self-registration call with a password)
 * and returns the session token; `signIn` puts it in a page's local storage.
 */
export async function seedAdmin(baseUrl: string, prefix: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  const answer = await fetch(`${baseUrl}/api/register/register-new-user-and-account`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password: TEST_PASSWORD,
      name: "Alex Admin",
      companyName: `${prefix} Agency`,
    }),
  });
  const body = (await answer.json()) as { token?: string; message?: string };
  if (!answer.ok || !body.token) throw new Error(`Registration failed: ${answer.status} ${body.message}`);
  return { email, token: body.token };
}

/** Opens `path` signed in with `token`. */
export async function openSignedIn(page: Page, baseUrl: string, token: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  await page.goto(`${baseUrl}${path}`);
}

/** Logs in through the login page. */
export async function logIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/** Opens the top-right user menu and chooses an entry. */
export async function userMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: entry }).click();
}
