import type { Connector, OAuthTokens } from "./types.ts";

/** Refresh this long before `expiresAt` (clock skew and a slow call), ms. */
export const REFRESH_SKEW_MS = 5 * 60_000;

/**
 * Returns tokens good for at least {@link REFRESH_SKEW_MS}: the same object when still fresh or
 * when the platform cannot refresh (Meta, TikTok, X: the call itself will then surface
 * AuthError), otherwise the refreshed set. The caller stores the result when `changed` is true,
 * so a rotated refresh token (Microsoft, Pinterest) is never lost.
 * @throws AuthError when the refresh token is refused (`invalid_grant`): mark the integration
 */
export async function ensureFreshTokens(
  connector: Connector,
  tokens: OAuthTokens,
  nowMs: number = Date.now(),
): Promise<{ tokens: OAuthTokens; changed: boolean }> {
  const expiring = tokens.expiresAt !== undefined && tokens.expiresAt - nowMs <= REFRESH_SKEW_MS;
  if (!expiring || connector.capabilities.refresh !== "refresh_token" || !tokens.refreshToken) {
    return { tokens, changed: false };
  }
  const refreshed = await connector.refreshAccessToken(tokens);
  return { tokens: refreshed, changed: true };
}
