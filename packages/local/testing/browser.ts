import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium; browser tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags every browser test starts Chromium with (the machine has no outside network). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Where browser tests write screenshots (kept out of git). */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL("../../../.test-artifacts/screenshots/", import.meta.url),
);

/** @throws Error naming `apt-get install -y chromium` when Chromium is not at {@link CHROMIUM_PATH}. */
function installedChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
}

/**
 * Launches Debian's headless Chromium with playwright-core.
 * @throws Error naming `apt-get install -y chromium` when it is not installed.
 */
export async function launchBrowser(): Promise<Browser> {
  installedChromium();
  // playwright-core gives every launch a new, empty user data dir of its own.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Launches Debian's headless Chromium (the same flags) on a user data dir of the caller's: the
 * browser profile a returning user has, whose HTTP cache and compiled-code cache outlive a page and
 * a launch (a `launchBrowser` context keeps neither across contexts).
 * @throws Error naming `apt-get install -y chromium` when it is not installed.
 */
export async function launchPersistentBrowser(
  userDataDir: string,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  installedChromium();
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport,
  });
}

/** Saves a full-page screenshot under `.test-artifacts/screenshots/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Values the browser project's global set-up provides to test files (`inject(...)`). */
declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    demoLogin: { email: string; password: string };
  }
}
