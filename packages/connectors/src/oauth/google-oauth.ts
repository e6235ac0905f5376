import { CodeChallengeMethod, type Credentials as GoogleCredentials } from "google-auth-library";
import { requireOAuth, requireRefreshToken } from "../connector-kit.ts";
import { AuthError, isConnectorError } from "../errors.ts";
import { callGoogle, type GoogleCallOptions, googleOAuthClient, parseAnswer } from "../google-client.ts";
import type { HttpClient } from "../http/http-client.ts";
import type { ConnectionIdentity, Connector, OAuthTokens } from "../types.ts";
import { revokeIgnoringInvalid } from "./oauth2-client.ts";
import { createPkcePair } from "./pkce.ts";
import { decodeIdTokenClaims, type TokenResponse, tokenResponseSchema, toTokens } from "./token-response.ts";

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
 * Google's OAuth 2.0 web-server flow, as every Google connector (Google Ads, DV360) uses it, through
 * google-auth-library's `OAuth2Client` (its `endpoints` option set to the settings' authorize, token
 * and revoke URLs, so locally the sandbox's; its requests sent by the connector's HTTP layer, see
 * `google-client.ts`):
 * - `authorizeUrl` (`generateAuthUrl`): PKCE S256, `access_type=offline` and `prompt=consent` (so a refresh token is
 *   always returned), `include_granted_scopes=true`, `login_hint` when given;
 * - `exchangeCode` (`getToken`, sent once: codes are single use): the code with its verifier
 *   (`client_secret_post`); the identity is read from the
 *   `id_token` the token endpoint answers over TLS (`sub`, `email`, `name` claims);
 * - `refreshAccessToken` (`getAccessToken` with only the refresh token set): Google does not rotate refresh tokens, so the one given is kept;
 * - `revoke` (`revokeToken`): the refresh token (which ends the whole grant), else the access token; Google answers
 *   400 `invalid_token` for a token already revoked or expired, which counts as done.
 * The token answers are normalised as every connector's (`token-response.ts`); google-auth-library
 * replaces `expires_in` by an `expiry_date` on its own clock, which is turned back into seconds.
 * @throws AuthError `invalid_grant` for a used, expired or mismatched code or a revoked grant, and
 *   the HTTP layer's other typed errors
 * https://developers.google.com/identity/protocols/oauth2/web-server
 */
export function googleOAuth(
  options: GoogleOAuthOptions,
): Pick<Connector, "authorizeUrl" | "exchangeCode" | "refreshAccessToken" | "revoke"> {
  const { platform, scopes, settings, http, now } = options;
  const client = () => {
    const s = settings();
    return googleOAuthClient(
      http,
      {
        clientId: s.clientId,
        clientSecret: s.clientSecret,
        endpoints: {
          oauth2AuthBaseUrl: s.authorizeUrl,
          oauth2TokenUrl: s.tokenUrl,
          oauth2RevokeUrl: s.revokeUrl,
        },
      },
      oauthCall,
    );
  };
  /** The answer of a grant as {@link OAuthTokens}, after the schema every token answer passes. */
  const tokensOf = (operation: string, answer: GoogleCredentials, previous?: OAuthTokens) => {
    const parsed = parseAnswer(platform, operation, asTokenResponse(answer), (b) =>
      tokenResponseSchema.parse(b),
    );
    return { answer: parsed, tokens: toTokens(parsed, now(), previous) };
  };
  return {
    authorizeUrl({ state, redirectUri, loginHint }) {
      const pkce = createPkcePair();
      const url = client().generateAuthUrl({
        redirect_uri: redirectUri,
        response_type: "code",
        scope: [...scopes],
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: true,
        state,
        code_challenge: pkce.codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      return { url, codeVerifier: pkce.codeVerifier };
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const operation = "token:authorization_code";
      const { tokens: answer } = await callGoogle(platform, operation, () =>
        client().getToken({ code, redirect_uri: redirectUri, ...(codeVerifier ? { codeVerifier } : {}) }),
      );
      const { answer: parsed, tokens } = tokensOf(operation, answer);
      const claims = parsed.id_token ? decodeIdTokenClaims(parsed.id_token) : {};
      const identity: ConnectionIdentity = {};
      if (typeof claims.sub === "string") identity.id = claims.sub;
      if (typeof claims.email === "string") identity.email = claims.email;
      if (typeof claims.name === "string") identity.name = claims.name;
      return { tokens, identity };
    },

    async refreshAccessToken(tokens) {
      const operation = "token:refresh_token";
      const refreshToken = requireRefreshToken(tokens, platform);
      const oauth = client();
      oauth.setCredentials({ refresh_token: refreshToken });
      await callGoogle(platform, operation, () => oauth.getAccessToken());
      return tokensOf(operation, oauth.credentials, tokens).tokens;
    },

    async revoke(credentials) {
      const tokens = requireOAuth(credentials, platform);
      await revokeIgnoringInvalid(
        () =>
          callGoogle(platform, "revoke", () =>
            client().revokeToken(tokens.refreshToken ?? tokens.accessToken),
          ),
        (error) =>
          isConnectorError(error) && (error.reason === "invalid_token" || error instanceof AuthError),
      );
    },
  };
}

/**
 * How each request of the OAuth client is sent: grants named `token:<grant_type>`, the
 * authorization-code grant once (codes are single use), refresh grants and revocation retried by
 * the shared policy.
 */
function oauthCall(url: URL, body: string | undefined): GoogleCallOptions {
  const grant = body ? new URLSearchParams(body).get("grant_type") : null;
  if (grant === "authorization_code") return { operation: `token:${grant}`, retry: false };
  if (grant) return { operation: `token:${grant}` };
  return { operation: url.pathname.endsWith("/revoke") ? "revoke" : "oauth" };
}

/**
 * google-auth-library's credentials -> the token endpoint's answer (RFC 6749 5.1): its
 * `expiry_date` (epoch ms on the library's clock, set from `expires_in` as the answer arrived) back to
 * whole seconds from now.
 */
function asTokenResponse(credentials: GoogleCredentials): Partial<TokenResponse> {
  const { access_token, token_type, refresh_token, scope, id_token, expiry_date } = credentials;
  const answer: Record<string, unknown> = { access_token, token_type, refresh_token, scope, id_token };
  if (typeof expiry_date === "number") answer.expires_in = Math.round((expiry_date - Date.now()) / 1000);
  for (const key of Object.keys(answer)) if (answer[key] == null) delete answer[key];
  return answer as Partial<TokenResponse>;
}
