import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  openCredentials,
  sealCredentials,
  type TokenStore,
  tokenKeyOf,
  tokenSecretName,
} from "@pacer/functions/lib/token-store";

/** Options of {@link localTokenStore}. */
export interface LocalTokenStoreOptions {
  /** Folder of the encrypted files (created on first write, mode 0700). */
  dir: string;
  /** AES-256 key: 32 bytes, base64. */
  key: string;
}

const LOCAL_FORMAT = "pacer-token-store-v1";

/**
 * The encrypted local store of the local runtime: one file per integration, named after the
 * SHA-256 of the secret's name (no path can be injected), holding
 * `{format, iv, tag, data}` where `data` is the AES-256-GCM ciphertext of the credentials' JSON and
 * the secret's name is the associated data (a file copied over another integration's fails to
 * decrypt): the same seal as the table store's (`sealCredentials`). Files are written atomically
 * (temporary file, then rename) with mode 0600.
 * @throws Error when the key is not 32 bytes of base64; reads fail when the key is wrong
 */
export function localTokenStore(options: LocalTokenStoreOptions): TokenStore {
  const raw = Buffer.from(options.key, "base64");
  if (raw.length !== 32) throw new Error("TOKEN_STORE_KEY must be 32 bytes, base64");
  const key = tokenKeyOf(raw);
  const fileOf = (name: string) =>
    join(options.dir, `${createHash("sha256").update(name, "utf8").digest("hex")}.json`);
  return {
    async put(ref, credentials) {
      const name = tokenSecretName(ref);
      const record = { format: LOCAL_FORMAT, ...sealCredentials(key, name, credentials) };
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const file = fileOf(name);
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, JSON.stringify(record), { mode: 0o600 });
      await rename(temp, file);
      return name;
    },
    async get(ref) {
      const name = tokenSecretName(ref);
      let text: string;
      try {
        text = await readFile(fileOf(name), "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
      const record = JSON.parse(text) as { format?: string; iv: string; tag: string; data: string };
      if (record.format !== LOCAL_FORMAT) throw new Error("Token store: unknown file format");
      return openCredentials(key, name, { keyId: key.id, iv: record.iv, tag: record.tag, data: record.data });
    },
    async delete(ref) {
      await rm(fileOf(tokenSecretName(ref)), { force: true });
    },
  };
}

/**
 * The local runtime's `tokenStore` adapter: the encrypted files when `TOKEN_STORE_KEY` (32 bytes,
 * base64) is set, in `TOKEN_STORE_DIR`; nothing otherwise (the functions then report that no token
 * store is configured).
 * @throws Error when the key is set without `TOKEN_STORE_DIR`
 */
export function localTokenStoreFromEnv(env: Record<string, string | undefined>): TokenStore | undefined {
  if (!env.TOKEN_STORE_KEY) return undefined;
  if (!env.TOKEN_STORE_DIR) throw new Error("Missing required environment variable TOKEN_STORE_DIR");
  return localTokenStore({ dir: env.TOKEN_STORE_DIR, key: env.TOKEN_STORE_KEY });
}
