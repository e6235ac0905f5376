import type { Route } from "../http-kit.ts";
import { sendJson } from "../http-kit.ts";
import type { IdTokenSigner } from "../id-token-signer.ts";
import { type Grant, type OAuthFlavour, OAuthServer, standardTokenEndpoint } from "../oauth-server.ts";
import type { SandboxContext } from "./platform-module.ts";

/** Prefix of the sandbox's Google identity issuer ("Sign in with Google"). */
export const GOOGLE_IDENTITY_PREFIX = "google-identity";

/** The issuer URL of the sandbox's Google identity (`iss` of its ID tokens). */
export function identityIssuer(baseUrl: string): string {
  return `${baseUrl}/${GOOGLE_IDENTITY_PREFIX}`;
}

/**
 * ID token claims as Google issues them (iss, aud, azp, sub, email, email_verified, name, iat,
 * exp one hour later, nonce when the request had one).
 * https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload
 */
export function idTokenFor(signer: IdTokenSigner, issuer: string, grant: Grant, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: Record<string, unknown> = {
    iss: issuer,
    azp: grant.clientId,
    aud: grant.clientId,
    sub: grant.user.id,
    email: grant.user.email,
    email_verified: true,
    name: grant.user.name,
    iat,
    exp: iat + 3600,
  };
  if (grant.nonce) claims.nonce = grant.nonce;
  return signer.sign(claims);
}

/**
 * Google's authorization server as every sandbox Google platform runs it (Google Ads, DV360, Sign
 * in with Google): consent approved at `/o/oauth2/v2/approve`, PKCE, space-separated scopes given
 * back on the redirect, `error=access_denied` on a denial. By default refresh tokens are static
 * (Google does not rotate them) and access tokens live 3599 s, as Google's APIs answer.
 */
export function googleOAuthServer(
  ctx: SandboxContext,
  prefix: string,
  displayName: string,
  tokens: Partial<Pick<OAuthFlavour, "refreshTokens" | "accessTokenTtlSeconds">> = {},
): OAuthServer {
  return new OAuthServer(
    {
      prefix,
      displayName,
      approvePath: "/o/oauth2/v2/approve",
      pkce: true,
      refreshTokens: tokens.refreshTokens ?? "static",
      accessTokenTtlSeconds: tokens.accessTokenTtlSeconds ?? 3599,
      scopeSeparator: " ",
      returnScope: true,
      denyParams: { error: "access_denied" },
    },
    () => ctx.now().getTime(),
  );
}

/**
 * The OAuth routes of a Google API platform (Google Ads, DV360), below its prefix: the consent
 * page `/o/oauth2/v2/auth` and its approval, the token endpoint `/token` (with an `id_token` from
 * the sandbox's Google identity issuer when `openid` was granted), and `POST /revoke` (the token in
 * the form or the query; Google's 400 `invalid_token` for an unknown one).
 */
export function googleOAuthRoutes(ctx: SandboxContext, prefix: string, oauth: OAuthServer): Route[] {
  return [
    ...oauth.consentRoutes("/o/oauth2/v2/auth", () => `${ctx.baseUrl()}/${prefix}`),
    {
      method: "POST",
      pattern: "/token",
      kind: "token",
      handle: standardTokenEndpoint(oauth, (issued) =>
        issued.grant.scope.includes("openid")
          ? {
              id_token: idTokenFor(
                ctx.signer,
                identityIssuer(ctx.baseUrl()),
                issued.grant,
                ctx.now().getTime(),
              ),
            }
          : {},
      ),
    },
    {
      method: "POST",
      pattern: "/revoke",
      kind: "token",
      handle: (req, res) => {
        const value = req.form.get("token") ?? req.url.searchParams.get("token") ?? "";
        if (oauth.revoke(value)) sendJson(res, 200, {});
        else sendJson(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
      },
    },
  ];
}
