import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

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

/**
 * Launches Debian's headless Chromium with playwright-core.
 * @throws Error naming `apt-get install -y chromium` when it is not installed.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  // playwright-core gives every launch a new, empty user data dir of its own.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
