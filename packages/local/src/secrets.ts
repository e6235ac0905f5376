import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Secrets the local runtime generates on first start and keeps under `DATA_DIR` (never committed). */
export interface LocalSecrets {
  /** HMAC key for session tokens (base64url, 32 bytes). */
  jwtSecret: string;
  /** AES-256 key (base64) of the local encrypted store of platform tokens. */
  tokenStoreKey: string;
}

/** Reads `<dataDir>/secrets.json`, creating it with fresh random values when missing. */
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<LocalSecrets>;
    if (stored.jwtSecret && stored.tokenStoreKey) return stored as LocalSecrets;
  }
  const secrets: LocalSecrets = {
    jwtSecret: randomBytes(32).toString("base64url"),
    tokenStoreKey: randomBytes(32).toString("base64"),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
