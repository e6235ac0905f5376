import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The documented recipe's function: `verifyPacerWebhook(secret, headers, rawBody, nowMs?)`. */
export type VerifyPacerWebhook = (
  secret: string,
  headers: Record<string, string | undefined>,
  rawBody: string,
  nowMs?: number,
) => boolean;

/**
 * Loads the webhook verification recipe exactly as functions/README.md prints it (the first ```js
 * block under "Verifying a delivery"), written to a temporary `.mjs` file and imported as plain
 * Node, so the tests run what a reader copies.
 */
export async function loadWebhookRecipe(): Promise<VerifyPacerWebhook> {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const start = readme.indexOf("Verifying a delivery");
  if (start < 0) throw new Error('functions/README.md has no "Verifying a delivery" section');
  const block = /```js\n([\s\S]*?)```/.exec(readme.slice(start));
  if (!block?.[1]) throw new Error("The recipe's ```js block is missing");
  const file = join(mkdtempSync(join(tmpdir(), "pacer-recipe-")), "verify-pacer-webhook.mjs");
  writeFileSync(file, block[1]);
  const module = (await import(pathToFileURL(file).href)) as { verifyPacerWebhook: VerifyPacerWebhook };
  return module.verifyPacerWebhook;
}
