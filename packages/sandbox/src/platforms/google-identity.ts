import type { ServerResponse } from "node:http";
import { redirect, sendJson } from "../http-kit.ts";
import type { IdTokenSigner } from "../id-token-signer.ts";
import {
  DEMO_USER,
  type Grant,
  OAuthServer,
  sandboxClient,
  standardTokenEndpoint,
  userFor,
} from "../oauth-server.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "google-identity";

/** The issuer URL of the sandbox's Google identity (`iss` of its ID tokens). */
export function identityIssuer(baseUrl: string): string {
  return `${baseUrl}/${PREFIX}`;
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
 * "Sign in with Google" issuer: OIDC discovery, JWKS, a consent page that answers `code` (then
 * the token endpoint returns an `id_token`) or, for `response_type=id_token`, the ID token in the
 * redirect's fragment, RS256-signed.
 */
export const googleIdentityPlatform: PlatformFactory = (ctx) => {
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "Google",
      approvePath: "/o/oauth2/v2/approve",
      pkce: true,
      refreshTokens: "none",
      accessTokenTtlSeconds: 3600,
      scopeSeparator: " ",
      returnScope: true,
      denyParams: { error: "access_denied" },
    },
    () => ctx.now().getTime(),
  );
  const issuer = () => identityIssuer(ctx.baseUrl());
  const failure = (res: ServerResponse, status: number, error: string) => sendJson(res, status, { error });
  return {
    prefix: PREFIX,
    oauth,
    routes: [
      {
        method: "GET",
        pattern: "/.well-known/openid-configuration",
        kind: "page",
        handle: (_req, res) =>
          sendJson(res, 200, {
            issuer: issuer(),
            authorization_endpoint: `${issuer()}/o/oauth2/v2/auth`,
            token_endpoint: `${issuer()}/token`,
            jwks_uri: `${issuer()}/oauth2/v3/certs`,
            response_types_supported: ["code", "id_token"],
            subject_types_supported: ["public"],
            id_token_signing_alg_values_supported: ["RS256"],
            scopes_supported: ["openid", "email", "profile"],
            claims_supported: ["aud", "email", "email_verified", "exp", "iat", "iss", "name", "sub", "nonce"],
            code_challenge_methods_supported: ["S256"],
          }),
      },
      {
        method: "GET",
        pattern: "/oauth2/v3/certs",
        kind: "page",
        handle: (_req, res) => sendJson(res, 200, ctx.signer.jwks()),
      },
      {
        method: "GET",
        pattern: "/o/oauth2/v2/auth",
        kind: "page",
        handle: (req, res) => oauth.renderConsent(req, res, `${issuer()}/o/oauth2/v2/approve`),
      },
      {
        method: "POST",
        pattern: "/o/oauth2/v2/approve",
        kind: "page",
        handle: (req, res) => {
          const f = req.form;
          if ((f.get("response_type") ?? "code") === "id_token" && f.get("decision") !== "deny") {
            // Implicit OIDC answer: the ID token travels in the redirect's fragment.
            const redirectUri = f.get("redirect_uri") ?? "";
            if (f.get("client_id") !== sandboxClient(PREFIX).clientId || !/^https?:\/\//.test(redirectUri)) {
              failure(res, 400, "invalid_request");
              return;
            }
            const target = new URL(redirectUri);
            const grant: Grant = {
              user: userFor(f.get("email") || DEMO_USER.email, f.get("name") ?? undefined),
              clientId: f.get("client_id") ?? "",
              scope: f.getAll("scope"),
            };
            const nonce = f.get("nonce");
            if (nonce) grant.nonce = nonce;
            const fragment = new URLSearchParams({
              id_token: idTokenFor(ctx.signer, issuer(), grant, ctx.now().getTime()),
            });
            const state = f.get("state");
            if (state) fragment.set("state", state);
            target.hash = fragment.toString();
            redirect(res, target.toString());
            return;
          }
          oauth.approve(req, res);
        },
      },
      {
        method: "POST",
        pattern: "/token",
        kind: "token",
        handle: standardTokenEndpoint(oauth, (issued) => ({
          id_token: idTokenFor(ctx.signer, issuer(), issued.grant, ctx.now().getTime()),
        })),
      },
    ],
    authFailure: (res) => failure(res, 401, "invalid_token"),
    serverError: (res) => failure(res, 500, "server_error"),
    rateLimited: (res, seconds) =>
      sendJson(res, 429, { error: "rate_limited" }, { "retry-after": String(seconds) }),
  };
};
