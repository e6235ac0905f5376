import type { ServerResponse } from "node:http";
import { redirect, sendJson } from "../http-kit.ts";
import { DEMO_USER, type Grant, sandboxClient, standardTokenEndpoint, userFor } from "../oauth-server.ts";
import { GOOGLE_IDENTITY_PREFIX, googleOAuthServer, identityIssuer, idTokenFor } from "./google-oauth.ts";
import type { PlatformFactory } from "./platform-module.ts";

/**
 * "Sign in with Google" issuer: OIDC discovery, JWKS, a consent page that answers `code` (then
 * the token endpoint returns an `id_token`) or, for `response_type=id_token`, the ID token in the
 * redirect's fragment, RS256-signed.
 */
export const googleIdentityPlatform: PlatformFactory = (ctx) => {
  const oauth = googleOAuthServer(ctx, GOOGLE_IDENTITY_PREFIX, "Google", {
    refreshTokens: "none",
    accessTokenTtlSeconds: 3600,
  });
  const issuer = () => identityIssuer(ctx.baseUrl());
  const failure = (res: ServerResponse, status: number, error: string) => sendJson(res, status, { error });
  return {
    prefix: GOOGLE_IDENTITY_PREFIX,
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
      oauth.consentRoute("/o/oauth2/v2/auth", issuer),
      {
        method: "POST",
        pattern: "/o/oauth2/v2/approve",
        kind: "page",
        handle: (req, res) => {
          const f = req.form;
          if ((f.get("response_type") ?? "code") === "id_token" && f.get("decision") !== "deny") {
            // Implicit OIDC answer: the ID token travels in the redirect's fragment.
            const redirectUri = f.get("redirect_uri") ?? "";
            if (
              f.get("client_id") !== sandboxClient(GOOGLE_IDENTITY_PREFIX).clientId ||
              !/^https?:\/\//.test(redirectUri)
            ) {
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
