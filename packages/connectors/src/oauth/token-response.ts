import * as z from "zod";
import type { OAuthTokens } from "../types.ts";

/** An OAuth 2.0 token endpoint answer (RFC 6749 5.1), with the OIDC `id_token` when asked for. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.coerce.number().optional(),
  scope: z.union([z.string(), z.array(z.string())]).optional(),
  id_token: z.string().optional(),
});

/** Parsed token endpoint answer. */
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/**
 * Token endpoint answer -> {@link OAuthTokens}. `previous` supplies the refresh token when the
 * platform does not rotate it (the answer then omits `refresh_token`).
 */
export function toTokens(response: TokenResponse, nowMs: number, previous?: OAuthTokens): OAuthTokens {
  const tokens: OAuthTokens = { accessToken: response.access_token };
  const refreshToken = response.refresh_token ?? previous?.refreshToken;
  if (refreshToken) tokens.refreshToken = refreshToken;
  if (response.expires_in !== undefined) tokens.expiresAt = nowMs + response.expires_in * 1000;
  if (response.refresh_token_expires_in !== undefined) {
    tokens.refreshTokenExpiresAt = nowMs + response.refresh_token_expires_in * 1000;
  } else if (previous?.refreshTokenExpiresAt !== undefined && !response.refresh_token) {
    tokens.refreshTokenExpiresAt = previous.refreshTokenExpiresAt;
  }
  const scope = Array.isArray(response.scope)
    ? response.scope.join(" ")
    : (response.scope ?? previous?.scope);
  if (scope) tokens.scope = scope;
  return tokens;
}

/**
 * Reads the claims of an ID token received directly from the token endpoint over TLS, where OIDC
 * Core 3.1.3.7 allows TLS server validation in place of the signature check. Never use this on a
 * token that came from the browser: verify those (the server uses aws-jwt-verify).
 */
export function decodeIdTokenClaims(idToken: string): Record<string, unknown> {
  const payload = idToken.split(".")[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
