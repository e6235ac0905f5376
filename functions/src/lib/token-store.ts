import { createHash } from "node:crypto";
import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from "@aws-sdk/client-secrets-manager";
import type { ApiKeyCredentials, OAuthTokens } from "@pacer/connectors";
import { retry } from "@pacer/core";
import { runtimeAdapters } from "./runtime-adapters.ts";
import { traced } from "./tracer.ts";

/**
 * THE store of platform credentials (OAuth tokens, Cake's API key): one secret per integration,
 * never in the table, never in an answer. One interface, the implementation chosen once per cold
 * start ({@link tokenStore}):
 *
 * - AWS Secrets Manager (`TOKEN_STORE_SECRET_PREFIX`, set by CDK): one secret per integration named
 *   `<prefix><accountId>/<slug>/<sha256(email)>`, tagged with the account and slug;
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

/**
 * The store this deployment uses, from its environment: Secrets Manager when
 * `TOKEN_STORE_SECRET_PREFIX` is set (AWS), else the store of the runtime's `tokenStore` adapter.
 * @throws Error when neither is configured (or the adapter's own configuration error)
 */
export function tokenStoreFromEnv(env: Record<string, string | undefined> = process.env): TokenStore {
  if (env.TOKEN_STORE_SECRET_PREFIX) {
    return secretsManagerTokenStore({
      client: traced(new SecretsManagerClient({})),
      prefix: env.TOKEN_STORE_SECRET_PREFIX,
    });
  }
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
