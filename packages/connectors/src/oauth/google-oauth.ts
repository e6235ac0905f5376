import { requireOAuth } from "../connector-kit.ts";
import { AuthError, isConnectorError } from "../errors.ts";
import type { HttpClient } from "../http/http-client.ts";
import type { ConnectionIdentity, Connector } from "../types.ts";
import {
  authorizeUrlWith,
  exchangeAuthorizationCode,
  oauthClient,
  refreshWithToken,
  revokeIgnoringInvalid,
} from "./oauth2-client.ts";
import { createPkcePair } from "./pkce.ts";
import { decodeIdTokenClaims, toTokens } from "./token-response.ts";

/**
 * A Google OAuth client's settings. Real endpoints: authorize
 * `https://accounts.google.com/o/oauth2/v2/auth`, token `https://oauth2.googleapis.com/token`,
 * revoke `https://oauth2.googleapis.com/revoke`.
 */
export interface GoogleOAuthSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
}

/** What a Google connector passes to {@link googleOAuth}. */
export interface GoogleOAuthOptions {
  /** Integration slug, for errors. */
  platform: string;
  /** Scopes asked for; include `openid email` for the connection's identity. */
  scopes: readonly string[];
  /** The connector's settings block. @throws NotConfiguredError when there is none */
  settings: () => GoogleOAuthSettings;
  http: HttpClient;
  now: () => number;
}

/**
 * Google's OAuth 2.0 web-server flow, as every Google connector (Google Ads, DV360) uses it:
 * - `authorizeUrl`: PKCE S256, `access_type=offline` and `prompt=consent` (so a refresh token is
 *   always returned), `include_granted_scopes=true`, `login_hint` when given;
 * - `exchangeCode`: the code with its verifier (`client_secret_post`); the identity is read from the
 *   `id_token` the token endpoint answers over TLS (`sub`, `email`, `name` claims);
 * - `refreshAccessToken`: Google does not rotate refresh tokens, so the one given is kept;
 * - `revoke`: the refresh token (which ends the whole grant), else the access token; Google answers
 *   400 `invalid_token` for a token already revoked or expired, which counts as done.
 * https://developers.google.com/identity/protocols/oauth2/web-server
 */
export function googleOAuth(
  options: GoogleOAuthOptions,
): Pick<Connector, "authorizeUrl" | "exchangeCode" | "refreshAccessToken" | "revoke"> {
  const { platform, scopes, settings, http, now } = options;
  const client = () => oauthClient(settings(), "client_secret_post");
  return {
    authorizeUrl({ state, redirectUri, loginHint }) {
      const s = settings();
      const pkce = createPkcePair();
      const url = authorizeUrlWith(s.authorizeUrl, {
        client_id: s.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: scopes.join(" "),
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
        state,
        code_challenge: pkce.codeChallenge,
        code_challenge_method: pkce.codeChallengeMethod,
        login_hint: loginHint,
      });
      return { url, codeVerifier: pkce.codeVerifier };
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const answer = await exchangeAuthorizationCode(http, client(), code, redirectUri, {
        code_verifier: codeVerifier,
      });
      const claims = answer.id_token ? decodeIdTokenClaims(answer.id_token) : {};
      const identity: ConnectionIdentity = {};
      if (typeof claims.sub === "string") identity.id = claims.sub;
      if (typeof claims.email === "string") identity.email = claims.email;
      if (typeof claims.name === "string") identity.name = claims.name;
      return { tokens: toTokens(answer, now()), identity };
    },

    refreshAccessToken: (tokens) => refreshWithToken(http, client, tokens, platform, now),

    async revoke(credentials) {
      const tokens = requireOAuth(credentials, platform);
      await revokeIgnoringInvalid(
        () =>
          http.raw({
            operation: "revoke",
            method: "POST",
            url: settings().revokeUrl,
            form: { token: tokens.refreshToken ?? tokens.accessToken },
          }),
        (error) =>
          isConnectorError(error) && (error.reason === "invalid_token" || error instanceof AuthError),
      );
    },
  };
}
