import { requireRefreshToken } from "../connector-kit.ts";
import { AuthError } from "../errors.ts";
import type { HttpClient } from "../http/http-client.ts";
import type { ConnectionIdentity, OAuthTokens } from "../types.ts";
import { type TokenResponse, tokenResponseSchema, toTokens } from "./token-response.ts";

/** How a client authenticates at the token endpoint (RFC 6749 2.3.1). */
export type ClientAuthMethod = "client_secret_post" | "client_secret_basic";

/** A client's credentials at one token endpoint. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  auth: ClientAuthMethod;
}

/** The client of a settings block that holds its id, secret and token endpoint. */
export function oauthClient(
  settings: Pick<OAuthClient, "clientId" | "clientSecret" | "tokenUrl">,
  auth: ClientAuthMethod,
): OAuthClient {
  return {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    tokenUrl: settings.tokenUrl,
    auth,
  };
}

/**
 * POSTs a grant to the token endpoint and parses the answer. Authorization-code grants are sent
 * once (codes are single use); refresh grants are retried by the shared policy.
 * @throws AuthError on `invalid_grant`, and the HTTP layer's other typed errors
 */
export async function postTokenGrant(
  http: HttpClient,
  client: OAuthClient,
  grant: Record<string, string | undefined>,
): Promise<TokenResponse> {
  const form: Record<string, string | undefined> = { ...grant };
  const headers: Record<string, string> = {};
  if (client.auth === "client_secret_basic") {
    const basic = Buffer.from(
      `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
    );
    headers.authorization = `Basic ${basic.toString("base64")}`;
  } else {
    form.client_id = client.clientId;
    form.client_secret = client.clientSecret;
  }
  return http.json(
    {
      operation: `token:${grant.grant_type}`,
      method: "POST",
      url: client.tokenUrl,
      headers,
      form,
      retry: grant.grant_type === "authorization_code" ? false : {},
    },
    (body) => tokenResponseSchema.parse(body),
  );
}

/** An authorize URL: `base` with the given parameters (undefined ones left out). */
export function authorizeUrlWith(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Trades an authorization code at the token endpoint (RFC 6749 4.1.3), once: codes are single use.
 * `extra` adds the platform's own fields after the standard ones (e.g. `code_verifier`, `scope`).
 * @throws AuthError `invalid_grant` for a used, expired or mismatched code
 */
export function exchangeAuthorizationCode(
  http: HttpClient,
  client: OAuthClient,
  code: string,
  redirectUri: string,
  extra: Record<string, string | undefined> = {},
): Promise<TokenResponse> {
  return postTokenGrant(http, client, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    ...extra,
  });
}

/**
 * The refresh grant (RFC 6749 6): the complete new token set, with the rotated refresh token when
 * the answer carries one, else the one given (and its expiry). `client` is read after the refresh
 * token is checked; `extra` adds platform fields (e.g. Microsoft's `scope`).
 * @throws AuthError `missing_refresh_token` without a refresh token; `invalid_grant` when refused
 */
export async function refreshWithToken(
  http: HttpClient,
  client: () => OAuthClient,
  tokens: OAuthTokens,
  platform: string,
  now: () => number,
  extra: Record<string, string | undefined> = {},
): Promise<OAuthTokens> {
  const refreshToken = requireRefreshToken(tokens, platform);
  const answer = await postTokenGrant(http, client(), {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    ...extra,
  });
  return toTokens(answer, now(), tokens);
}

/**
 * Runs a revocation call, best effort: an answer saying the token is already invalid
 * (`alreadyInvalid`, by default any AuthError) means there is nothing left to revoke, so it
 * resolves. Every other error propagates.
 */
export async function revokeIgnoringInvalid(
  call: () => Promise<unknown>,
  alreadyInvalid: (error: unknown) => boolean = (error) => error instanceof AuthError,
): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (alreadyInvalid(error)) return;
    throw error;
  }
}

/**
 * The connection's identity from a platform's user answer: each of `id`, `email` and `name` that
 * is a non-empty string, in the order given (absent, null and empty ones left out).
 */
export function connectionIdentity(
  fields: {
    [K in keyof ConnectionIdentity]?: string | null | undefined;
  },
): ConnectionIdentity {
  const identity: ConnectionIdentity = {};
  for (const key of Object.keys(fields) as Array<keyof ConnectionIdentity>) {
    const value = fields[key];
    if (value) identity[key] = value;
  }
  return identity;
}
