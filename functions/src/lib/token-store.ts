import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import type { ApiKeyCredentials, OAuthTokens } from "@pacer/connectors";
import { retry } from "@pacer/core";
import {
  createPlatformTokenIfAbsent,
  deletePlatformToken,
  getPlatformToken,
  type PlatformTokenKey,
  putPlatformToken,
  type SealedFields,
} from "@pacer/db";
import { runtimeAdapters } from "./runtime-adapters.ts";
import { lazySecretsManagerClient, secretsManagerSdk } from "./secrets-manager.ts";

/**
 * THE store of platform credentials (OAuth tokens, Cake's API key): never in an answer, a log or a
 * push, and never readable in the table. One interface, the implementation chosen once per cold
 * start ({@link tokenStore}):
 *
 * - the table, sealed (`TOKEN_STORE_KEY_SECRET_ARN`, set by CDK): one item per integration holding
 *   the AES-256-GCM ciphertext of its credentials ({@link tableTokenStore}); the key comes from ONE
 *   Secrets Manager secret read once per cold start ({@link secretsManagerTokenKey}). Credentials
 *   still in the old store (a secret per integration, `TOKEN_STORE_SECRET_PREFIX`) move to the table
 *   on their first read;
 * - the old store alone: one secret per integration named `<prefix><accountId>/<slug>/<sha256(email)>`,
 *   tagged with the account and slug ({@link secretsManagerTokenStore}), when only the prefix is set;
 * - otherwise the runtime's `tokenStore` adapter (the local runtime's encrypted files,
 *   `packages/local/src/token-store.ts`).
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

/** Credentials read back from a store (JSON of an object). @throws Error for anything else */
export function parseStored(text: string): StoredCredentials {
  const value = JSON.parse(text) as unknown;
  if (!value || typeof value !== "object") throw new Error("Token store: unreadable secret");
  return value as StoredCredentials;
}

/** A client given as such, or by the function that builds it at first use. */
const clientOf = async (
  client: SecretsManagerClient | (() => Promise<SecretsManagerClient>),
): Promise<SecretsManagerClient> => (typeof client === "function" ? client() : client);

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
  /** The client, or a function giving it when first needed (the SDK module imported then). */
  client: SecretsManagerClient | (() => Promise<SecretsManagerClient>);
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
  const { prefix } = options;
  const nameOf = (ref: TokenRef) => `${prefix}${tokenSecretName(ref)}`;
  const sdk = async () => {
    const [client, commands] = await Promise.all([clientOf(options.client), secretsManagerSdk()]);
    return { client, ...commands };
  };
  return {
    async put(ref, credentials) {
      const SecretId = nameOf(ref);
      const SecretString = JSON.stringify(credentials);
      const { client, PutSecretValueCommand, CreateSecretCommand } = await sdk();
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
      const { client, GetSecretValueCommand } = await sdk();
      try {
        const out = await client.send(new GetSecretValueCommand({ SecretId: nameOf(ref) }));
        return out.SecretString ? parseStored(out.SecretString) : undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async delete(ref) {
      const { client, DeleteSecretCommand } = await sdk();
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

/** The key that seals credentials in the table: 32 bytes for AES-256-GCM and a short id of it. */
export interface TokenKey {
  /** A fingerprint of the key (first 16 hex digits of its SHA-256), stored beside each item. */
  id: string;
  key: Buffer;
}

/** Where the sealing key comes from (the key-provider port): called at most once per cold start. */
export type TokenKeyProvider = () => Promise<TokenKey>;

/** Key material of at least 32 characters, derived into the AES-256 key (HKDF-SHA256). @throws Error when shorter */
export function tokenKeyFromMaterial(material: string): TokenKey {
  if (material.length < 32) throw new Error("Token store: key material must be at least 32 characters");
  return tokenKeyOf(Buffer.from(hkdfSync("sha256", material, "pacer", "pacer-token-store-v1", 32)));
}

/** A 32-byte AES-256 key with its fingerprint id. @throws Error when not 32 bytes */
export function tokenKeyOf(key: Buffer): TokenKey {
  if (key.length !== 32) throw new Error("Token store: the key must be 32 bytes");
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 16), key };
}

/**
 * The sealing key from ONE Secrets Manager secret (its string is the key material), read on the
 * first call and cached for the life of the process (a cold start costs one `GetSecretValue`).
 * Chosen over a KMS data key: the same IAM boundary (who may read one secret), one API call per
 * cold start either way, no KMS client in the bundles, and tests run the real cipher with a local
 * key while mocking only Secrets Manager.
 * @throws Error when the secret has no string value (the promise rejects; the next call retries)
 */
export function secretsManagerTokenKey(
  client: SecretsManagerClient | (() => Promise<SecretsManagerClient>),
  secretId: string,
): TokenKeyProvider {
  let pending: Promise<TokenKey> | undefined;
  const read = async () => {
    const [sm, { GetSecretValueCommand }] = await Promise.all([clientOf(client), secretsManagerSdk()]);
    const out = await sm.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!out.SecretString) throw new Error("Token store: the key secret has no value");
    return tokenKeyFromMaterial(out.SecretString);
  };
  return () => {
    pending ??= read().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * Seals credentials with AES-256-GCM (random 12-byte IV); `name` ({@link tokenSecretName}) is the
 * associated data, so an item copied onto another integration's key fails to open.
 */
export function sealCredentials(key: TokenKey, name: string, credentials: StoredCredentials): SealedFields {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(name, "utf8"));
  const data = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return {
    keyId: key.id,
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    data: data.toString("base64"),
  };
}

/** Opens what {@link sealCredentials} sealed. @throws Error when the key is wrong or the item altered */
export function openCredentials(key: TokenKey, name: string, sealed: SealedFields): StoredCredentials {
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(sealed.iv, "base64"));
  decipher.setAAD(Buffer.from(name, "utf8"));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  let plain: string;
  try {
    plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, "base64")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new Error("Token store: cannot decrypt (wrong key, or the item was altered)");
  }
  return parseStored(plain);
}

/** Options of {@link tableTokenStore}. */
export interface TableTokenStoreOptions {
  key: TokenKeyProvider;
  /** The old store whose credentials move to the table on first read (and go from it on delete). */
  legacy?: TokenStore;
}

const tableKeyOf = (ref: TokenRef): PlatformTokenKey => {
  const [, , emailHash] = tokenSecretName(ref).split("/");
  return { accountId: ref.accountId, slug: ref.slug, emailHash: emailHash ?? "" };
};

/**
 * The table implementation: one item per integration (`PlatformTokenEntity`), sealed with the
 * provider's key. A refresh costs half a read unit instead of a `GetSecretValue`, and a connection
 * no secret-month. Migration: a `get` that finds no item reads the legacy store; credentials found
 * there are written to the table only if no item appeared meanwhile (conditional create, so
 * credentials a concurrent refresh rotated are never overwritten), then the legacy secret is
 * deleted. `delete` removes both.
 * @throws Error from the key provider, or when an item does not open with the key
 */
export function tableTokenStore(options: TableTokenStoreOptions): TokenStore {
  const { key, legacy } = options;
  const read = async (ref: TokenRef) => {
    const item = await getPlatformToken(tableKeyOf(ref));
    return item ? openCredentials(await key(), tokenSecretName(ref), item) : undefined;
  };
  return {
    async put(ref, credentials) {
      const name = tokenSecretName(ref);
      await putPlatformToken(tableKeyOf(ref), sealCredentials(await key(), name, credentials));
      return name;
    },
    async get(ref) {
      const stored = await read(ref);
      if (stored || !legacy) return stored;
      const old = await legacy.get(ref);
      if (!old) return undefined;
      const name = tokenSecretName(ref);
      const created = await createPlatformTokenIfAbsent(
        tableKeyOf(ref),
        sealCredentials(await key(), name, old),
      );
      await legacy.delete(ref);
      return created ? old : read(ref);
    },
    async delete(ref) {
      await deletePlatformToken(tableKeyOf(ref));
      await legacy?.delete(ref);
    },
  };
}

/**
 * The store this deployment uses, from its environment: the sealed table when
 * `TOKEN_STORE_KEY_SECRET_ARN` is set (AWS; with the old per-integration secrets of
 * `TOKEN_STORE_SECRET_PREFIX` as the store it migrates from), Secrets Manager alone when only the
 * prefix is set, else the store of the runtime's `tokenStore` adapter.
 * @throws Error when none is configured (or the adapter's own configuration error)
 */
export function tokenStoreFromEnv(env: Record<string, string | undefined> = process.env): TokenStore {
  const client = lazySecretsManagerClient();
  const legacy = env.TOKEN_STORE_SECRET_PREFIX
    ? secretsManagerTokenStore({ client, prefix: env.TOKEN_STORE_SECRET_PREFIX })
    : undefined;
  if (env.TOKEN_STORE_KEY_SECRET_ARN) {
    return tableTokenStore({ key: secretsManagerTokenKey(client, env.TOKEN_STORE_KEY_SECRET_ARN), legacy });
  }
  if (legacy) return legacy;
  const adapted = runtimeAdapters().tokenStore?.(env);
  if (adapted) return adapted;
  throw new Error("No token store configured: set TOKEN_STORE_SECRET_PREFIX");
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
