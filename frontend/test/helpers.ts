import { launchBrowser, screenshot } from "@pacer/local/testing/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { openWithToken, registerAccount } from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";

export { TEST_PASSWORD, uniqueEmail } from "../testing/dashboard-seed";

/** The two viewports every page is captured at. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** The browser of a test file: Debian's Chromium, launched before its tests and closed after them. */
export type TestBrowser = Pick<Browser, "newContext" | "newPage">;

/** Launches the file's browser in `beforeAll` and closes it in `afterAll`; call inside `describe`. */
export function useBrowser(): TestBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const current = () => {
    if (!browser) throw new Error("The browser starts in beforeAll");
    return browser;
  };
  return {
    newContext: (options) => current().newContext(options),
    newPage: (options) => current().newPage(options),
  };
}

/**
 * A new page in its own context (own local storage) at the desktop size. Motion is reduced, as a
 * user may ask, so toasts and overlays are checked in their final colours rather than mid-fade.
 */
export async function newPage(browser: TestBrowser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: "reduce" });
  const page = await context.newPage();
  return { context, page };
}

/** Axe on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await expectNoSeriousViolations(page, name);
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

/**
 * Creates an account with an Admin through the API (the self-registration call with a password)
 * and returns the session token; `openSignedIn` puts it in a page's local storage.
 */
export async function seedAdmin(baseUrl: string, prefix: string): Promise<{ email: string; token: string }> {
  const { email, token } = await registerAccount(baseUrl, prefix);
  return { email, token };
}

/** Opens `path` signed in with `token`. */
export const openSignedIn = openWithToken;

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

/**
 * Starts recording every toast the page shows from now on; the returned function gives their texts,
 * one entry per toast shown (a toast updated in place, e.g. the same event told twice under one id,
 * adds none), including toasts that have closed since.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const shown: Element[] = [];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[role="status"][aria-live]')) {
        if (!shown.includes(toast)) shown.push(toast);
      }
    }).observe(document.body, { childList: true, subtree: true });
    Object.assign(window, { shownToasts: shown });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { shownToasts: Element[] }).shownToasts.map((t) => t.textContent ?? ""),
    );
}
