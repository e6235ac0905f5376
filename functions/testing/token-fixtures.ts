import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TokenRef } from "../src/lib/token-store.ts";

/** The token store tests' integration: a Google Ads connection of account `acc-1`. */
export const TOKEN_REF: TokenRef = { accountId: "acc-1", slug: "googleads", email: "Ads@Acme.test" };

/** OAuth tokens as a store keeps them (`expiresAt` in epoch ms). */
export const SOME_TOKENS = {
  accessToken: "ya29.access-token-value",
  refreshToken: "1//refresh-token-value",
  expiresAt: 1_900_000_000_000,
  scope: "https://www.googleapis.com/auth/adwords",
};

/** A fresh AES-256 key of the encrypted token files (32 bytes, base64). */
export const aTokenKey = () => randomBytes(32).toString("base64");

/** A fresh empty folder for the encrypted token files. */
export const aTokenDir = () => mkdtempSync(join(tmpdir(), "pacer-token-store-"));
