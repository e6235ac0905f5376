import {
  AuthError,
  type Connector,
  type Credentials,
  ensureFreshTokens,
  isOAuthTokens,
  type OAuthTokens,
} from "@pacer/connectors";
import {
  csvRowReader,
  type Integration,
  markIntegrationAuthFailed,
  updateIntegrationTokenFacts,
} from "@pacer/db";
import { logger } from "./logger.ts";
import { type StoredCredentials, type TokenRef, tokenStore } from "./token-store.ts";

/**
 * Credentials of a connection for one platform call, shared by the connection handlers and the
 * refresh pipeline:
 *
 * ```ts
 * const metrics = await withCredentials(integration, connector, (credentials) =>
 *   connector.fetchDailyMetrics(credentials, { account: view, from, to, filters }),
 * );
 * ```
 *
 * - OAuth tokens are read from the token store and refreshed through `ensureFreshTokens` when they
 *   expire within 5 minutes; a refreshed set (a rotated refresh token included) is saved before the
 *   call, and the integration's health facts (refresh token held, access-token expiry) updated.
 * - Cake's API key is passed as stored; the CSV source gets the tenant's `CsvRowReader`.
 * - An `AuthError` (refresh refused, token revoked, credentials missing) marks the integration
 *   (danger, "please refresh this connection") and is re-thrown; a later successful call clears it.
 */
export async function withCredentials<T>(
  integration: Integration,
  connector: Connector,
  call: (credentials: Credentials) => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  const ref = tokenRefOf(integration);
  try {
    const credentials = await freshCredentials(integration, connector, now);
    const result = await call(credentials);
    if (integration.authFailedAt) {
      await updateIntegrationTokenFacts(ref.accountId, ref.slug, ref.email, { authRecovered: true });
    }
    return result;
  } catch (error) {
    if (error instanceof AuthError) {
      logger.warn("Platform refused a connection's credentials", {
        slug: ref.slug,
        accountId: ref.accountId,
        reason: error.reason,
      });
      await markIntegrationAuthFailed(ref.accountId, ref.slug, ref.email, error.reason ?? "auth_failed", now);
    }
    throw error;
  }
}

/** The token store key of a connection. */
export function tokenRefOf(integration: Pick<Integration, "accountId" | "slug" | "email">): TokenRef {
  return { accountId: integration.accountId, slug: integration.slug, email: integration.email };
}

/** The health facts of a token set, as the integration keeps them. */
export function tokenFacts(credentials: StoredCredentials): {
  hasRefreshToken: boolean;
  accessTokenExpiresAt?: string;
} {
  if (!isOAuthTokens(credentials)) return { hasRefreshToken: false };
  const tokens = credentials as OAuthTokens;
  return {
    hasRefreshToken: Boolean(tokens.refreshToken),
    ...(tokens.expiresAt !== undefined
      ? { accessTokenExpiresAt: new Date(tokens.expiresAt).toISOString() }
      : {}),
  };
}

/**
 * The connection's credentials, refreshed when needed (see {@link withCredentials}).
 * @throws AuthError when none are stored or the refresh is refused
 */
async function freshCredentials(
  integration: Integration,
  connector: Connector,
  now: Date,
): Promise<Credentials> {
  if (connector.capabilities.auth === "file") return { csv: csvRowReader(integration.accountId) };
  const ref = tokenRefOf(integration);
  const stored = await tokenStore().get(ref);
  if (!stored) {
    throw new AuthError(`${connector.slug}: no stored credentials, reconnect`, {
      platform: connector.slug,
      reason: "missing_credentials",
    });
  }
  if (!isOAuthTokens(stored)) return stored;
  const { tokens, changed } = await ensureFreshTokens(connector, stored, now.getTime());
  if (changed) {
    await tokenStore().put(ref, tokens);
    await updateIntegrationTokenFacts(ref.accountId, ref.slug, ref.email, tokenFacts(tokens));
  }
  return tokens;
}
