import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import type { FetchLike } from "../http/http-client.ts";

/** An OAuth 1.0a token and its secret (request token or access token). */
export interface OAuth1Token {
  key: string;
  secret: string;
}

/** The application's consumer credentials. */
export interface OAuth1Consumer {
  key: string;
  secret: string;
}

/**
 * Percent-encodes a value as RFC 3986 (and OAuth 1.0a, RFC 5849 3.6) require: everything but
 * `A-Z a-z 0-9 - . _ ~`. URLs built with it are signed exactly as they are sent.
 */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `base` with `params` as an RFC 3986 query string (undefined values left out, order kept). */
export function urlWithQuery(base: string, params: Record<string, string | number | undefined>): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(String(v))}`)
    .join("&");
  return query ? `${base}?${query}` : base;
}

/**
 * A `fetch` that signs every attempt with OAuth 1.0a HMAC-SHA1 (RFC 5849): a fresh nonce and
 * timestamp per attempt, so a retry by the shared HTTP layer is never a replay. Query parameters
 * are part of the signature; bodies are not used by the X calls. `token` is the request token
 * (access-token exchange) or the access token (API calls, revocation); none for the request-token
 * call itself. `protocolParams` (`oauth_callback`, `oauth_verifier`) travel in the Authorization
 * header only, never also in the query (a parameter sent twice would be signed twice).
 */
export function oauth1Fetch(
  base: FetchLike,
  consumer: OAuth1Consumer,
  token?: OAuth1Token,
  protocolParams: Record<string, string> = {},
): FetchLike {
  const oauth = new OAuth({
    consumer: { key: consumer.key, secret: consumer.secret },
    signature_method: "HMAC-SHA1",
    hash_function: (baseString, key) => createHmac("sha1", key).update(baseString).digest("base64"),
  });
  return (url, init) => {
    const method = (init.method ?? "GET").toUpperCase();
    const signed = oauth.authorize(
      { url, method, data: { ...protocolParams } },
      token ? { key: token.key, secret: token.secret } : undefined,
    );
    // The library merges the query and data parameters into its result: the header keeps only the
    // protocol (oauth_*) ones, and never one that travels in the query.
    const inQuery = queryParams(url);
    const header = Object.fromEntries(
      Object.entries({ ...signed, ...protocolParams }).filter(
        ([k]) => k.startsWith("oauth_") && (!(k in inQuery) || k in protocolParams),
      ),
    ) as unknown as OAuth.Authorization;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    headers.authorization = oauth.toHeader(header).Authorization;
    return base(url, { ...init, headers });
  };
}

function queryParams(url: string): Record<string, string> {
  const query = url.split("?")[1];
  return query ? Object.fromEntries(new URLSearchParams(query)) : {};
}

/**
 * Reads an OAuth 1.0a token endpoint answer (`application/x-www-form-urlencoded` text such as
 * `oauth_token=...&oauth_token_secret=...&user_id=...&screen_name=...`).
 * @returns the fields, or undefined when `oauth_token` or `oauth_token_secret` is missing
 */
export function parseTokenAnswer(text: string): Record<string, string> | undefined {
  const fields = Object.fromEntries(new URLSearchParams(text.trim()));
  if (!fields.oauth_token || !fields.oauth_token_secret) return undefined;
  return fields;
}
