import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from "@aws-sdk/client-secrets-manager";
import type { ApiKeyCredentials, OAuthTokens } from "@pacer/connectors";
import { retry } from "@pacer/core";
import { traced } from "./tracer.ts";

/**
 * THE store of platform credentials (OAuth tokens, Cake's API key): one secret per integration,
 * never in the table, never in an answer. Two implementations behind one interface, chosen by
 * configuration once per cold start ({@link tokenStore}):
 *
 * - AWS Secrets Manager (`TOKEN_STORE_SECRET_PREFIX`, set by CDK): one secret per integration named
 *   `<prefix><accountId>/<slug>/<sha256(email)>`, tagged with the account and slug;
 * - an encrypted local store (`TOKEN_STORE_KEY`, 32 bytes base64, and `TOKEN_STORE_DIR`, set by the
 *   local runtime): one file per integration, AES-256-GCM with the secret's name as associated data.
 *
 * How the refresh pipeline uses it (see `integration-credentials.ts`): `get(ref)`, then
 * `ensureFreshTokens(connector, tokens)`, then `put(ref, tokens)` whenever `changed` is true, so a
 * rotated refresh token is never lost.
 */

/** Which integration a secret belongs to: the tenant from the session, the slug and the login e-mail. */
export interface TokenRef {
  accountId: string;
  slug: string;
  email: string;
}

/** What is kept per integration: OAuth tokens, or Cake's API key and domain. */
export type StoredCredentials = OAuthTokens | ApiKeyCredentials;

export interface TokenStore {
  /** Creates or replaces the integration's credentials. Returns the secret's name (the integration's `secretRef`). */
  put(ref: TokenRef, credentials: StoredCredentials): Promise<string>;
  /** The integration's credentials, or undefined when none are stored. */
  get(ref: TokenRef): Promise<StoredCredentials | undefined>;
  /** Forgets the integration's credentials (no error when there are none). */
  delete(ref: TokenRef): Promise<void>;
}

/**
 * The secret's name for an integration, without the deployment prefix:
 * `<accountId>/<slug>/<sha256(lower-cased email), hex>`. The e-mail is hashed so that secret names
 * (visible in listings and logs) carry no personal data; hex keeps to Secrets Manager's alphabet and
 * never ends like an ARN's random suffix.
 */
export function tokenSecretName(ref: TokenRef): string {
  const emailHash = createHash("sha256").update(ref.email.trim().toLowerCase(), "utf8").digest("hex");
  return `${ref.accountId}/${ref.slug}/${emailHash}`;
}

function parseStored(text: string): StoredCredentials {
  const value = JSON.parse(text) as unknown;
  if (!value || typeof value !== "object") throw new Error("Token store: unreadable secret");
  return value as StoredCredentials;
}

/** Error names Secrets Manager answers for a missing secret. */
const isNotFound = (error: unknown) => (error as { name?: string }).name === "ResourceNotFoundException";
/** A secret of that name exists (created meanwhile), or is still being deleted (forced deletion is asynchronous). */
const isExists = (error: unknown) => (error as { name?: string }).name === "ResourceExistsException";
const isScheduledForDeletion = (error: unknown) =>
  (error as { name?: string }).name === "InvalidRequestException" &&
  /deletion/i.test((error as { message?: string }).message ?? "");

/** Attempts of a put while a secret of the same name is still being deleted. */
const PUT_ATTEMPTS = 5;

/** Options of {@link secretsManagerTokenStore}. */
export interface SecretsManagerTokenStoreOptions {
  client: SecretsManagerClient;
  /** Name prefix of every token secret, e.g. `pacer/platform-tokens/` (IAM grants this prefix only). */
  prefix: string;
  /** Waits before retrying a create while an old secret of the same name finishes deleting. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Secrets Manager implementation: `PutSecretValue` on an existing secret, else `CreateSecret`;
 * `GetSecretValue`; `DeleteSecret` without recovery window (a removed connection may be connected
 * again at once; forced deletion finishes within seconds, during which a create is retried).
 */
export function secretsManagerTokenStore(options: SecretsManagerTokenStoreOptions): TokenStore {
  const { client, prefix } = options;
  const nameOf = (ref: TokenRef) => `${prefix}${tokenSecretName(ref)}`;
  return {
    async put(ref, credentials) {
      const SecretId = nameOf(ref);
      const SecretString = JSON.stringify(credentials);
      // Put on the existing secret, else create it. A secret still being deleted is waited for
      // (1 s, 2 s, ... between attempts); one created meanwhile gets the value at once.
      return retry(
        async () => {
          try {
            await client.send(new PutSecretValueCommand({ SecretId, SecretString }));
            return SecretId;
          } catch (error) {
            if (!isNotFound(error)) throw error;
          }
          await client.send(
            new CreateSecretCommand({
              Name: SecretId,
              SecretString,
              Description: `Pacer platform credentials (${ref.slug})`,
              Tags: [
                { Key: "pacer:account", Value: ref.accountId },
                { Key: "pacer:integration", Value: ref.slug },
              ],
            }),
          );
          return SecretId;
        },
        {
          attempts: PUT_ATTEMPTS,
          retryIf: (error) => isScheduledForDeletion(error) || isExists(error),
          delayMs: (attempt, error) => (isExists(error) ? undefined : 1000 * attempt),
          sleep: options.sleep,
        },
      );
    },
    async get(ref) {
      try {
        const out = await client.send(new GetSecretValueCommand({ SecretId: nameOf(ref) }));
        return out.SecretString ? parseStored(out.SecretString) : undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async delete(ref) {
      try {
        await client.send(
          new DeleteSecretCommand({ SecretId: nameOf(ref), ForceDeleteWithoutRecovery: true }),
        );
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}

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
 * decrypt). Files are written atomically (temporary file, then rename) with mode 0600.
 * @throws Error when the key is not 32 bytes of base64; reads fail when the key is wrong
 */
export function localTokenStore(options: LocalTokenStoreOptions): TokenStore {
  const key = Buffer.from(options.key, "base64");
  if (key.length !== 32) throw new Error("TOKEN_STORE_KEY must be 32 bytes, base64");
  const fileOf = (name: string) =>
    join(options.dir, `${createHash("sha256").update(name, "utf8").digest("hex")}.json`);
  return {
    async put(ref, credentials) {
      const name = tokenSecretName(ref);
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(name, "utf8"));
      const data = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
      const record = {
        format: LOCAL_FORMAT,
        iv: iv.toString("base64"),
        tag: cipher.getAuthTag().toString("base64"),
        data: data.toString("base64"),
      };
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
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(record.iv, "base64"));
      decipher.setAAD(Buffer.from(name, "utf8"));
      decipher.setAuthTag(Buffer.from(record.tag, "base64"));
      let plain: string;
      try {
        plain = Buffer.concat([
          decipher.update(Buffer.from(record.data, "base64")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new Error("Token store: cannot decrypt (wrong TOKEN_STORE_KEY, or the file was altered)");
      }
      return parseStored(plain);
    },
    async delete(ref) {
      await rm(fileOf(tokenSecretName(ref)), { force: true });
    },
  };
}

/**
 * The store this deployment uses, from its environment: Secrets Manager when
 * `TOKEN_STORE_SECRET_PREFIX` is set (AWS), else the encrypted local store when `TOKEN_STORE_KEY`
 * is set (local runtime; `TOKEN_STORE_DIR` is then required).
 * @throws Error when neither is configured
 */
export function tokenStoreFromEnv(env: Record<string, string | undefined> = process.env): TokenStore {
  if (env.TOKEN_STORE_SECRET_PREFIX) {
    return secretsManagerTokenStore({
      client: traced(new SecretsManagerClient({})),
      prefix: env.TOKEN_STORE_SECRET_PREFIX,
    });
  }
  if (env.TOKEN_STORE_KEY) {
    if (!env.TOKEN_STORE_DIR) throw new Error("Missing required environment variable TOKEN_STORE_DIR");
    return localTokenStore({ dir: env.TOKEN_STORE_DIR, key: env.TOKEN_STORE_KEY });
  }
  throw new Error(
    "No token store configured: set TOKEN_STORE_SECRET_PREFIX, or TOKEN_STORE_KEY and TOKEN_STORE_DIR",
  );
}

let cached: TokenStore | undefined;

/** The configured token store, built once per cold start. */
export function tokenStore(): TokenStore {
  cached ??= tokenStoreFromEnv();
  return cached;
}

/** Forgets the cached store (tests that change the configuration). */
export function resetTokenStore(): void {
  cached = undefined;
}
