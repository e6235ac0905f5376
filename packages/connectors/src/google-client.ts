import { gaxios, OAuth2Client, type OAuth2ClientOptions } from "google-auth-library";
import { isConnectorError, PlatformDownError } from "./errors.ts";
import { classifyByStatus, type ErrorClassifier } from "./http/classify.ts";
import type { HttpClient, HttpRequest } from "./http/http-client.ts";
import { parseRetryAfter } from "./http/retry-policy.ts";

/**
 * How one request of Google's official Node.js client (googleapis, google-auth-library, both on
 * gaxios) is sent: its operation name (errors, attempt events) and whether it is retried
 * (`false` for single-use authorization codes and best-effort deletes).
 */
export interface GoogleCallOptions {
  operation: string;
  retry?: false;
}

/** The `fetch` gaxios calls (`fetchImplementation`). */
export type GaxiosFetch = typeof fetch;

/**
 * A `fetch` for gaxios that sends each request through the connector's {@link HttpClient}, so calls of
 * the official Google client keep the connectors' one HTTP layer: the shared retry policy (backoff
 * with full jitter, `Retry-After` waits up to the policy's limit, longer ones ending the call with
 * `RateLimitedError`), the platform's call slot per attempt, the per-attempt timeout and response
 * cap, and every failure mapped to a typed error by the platform's classifier. The answer handed
 * back to gaxios is the parsed JSON body (a body that is not JSON is retried like a 5xx, as
 * {@link HttpClient.json} does) re-encoded, status 200; any non-2xx answer has already become a
 * typed error, which gaxios wraps in a `GaxiosError` whose `cause` it is (see {@link googleError}).
 */
export function fetchThrough(
  http: HttpClient,
  call: (url: URL, body: string | undefined) => GoogleCallOptions,
): GaxiosFetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let body: string | undefined;
    if (init.body instanceof URLSearchParams) {
      body = init.body.toString();
      headers["content-type"] ??= "application/x-www-form-urlencoded";
    } else if (typeof init.body === "string") {
      body = init.body;
    } else if (init.body != null) {
      throw new TypeError("google client: only string and form bodies are sent");
    }
    const { operation, retry } = call(url, body);
    const request: HttpRequest = {
      operation,
      method: (init.method?.toUpperCase() ?? "GET") as NonNullable<HttpRequest["method"]>,
      url: url.toString(),
      headers,
      body,
      signal: init.signal ?? undefined,
      ...(retry === false ? { retry } : {}),
    };
    const parsed = await http.json(request, (value) => value);
    return new Response(parsed === undefined ? null : JSON.stringify(parsed), {
      status: parsed === undefined ? 204 : 200,
      headers: { "content-type": "application/json" },
    });
  };
}

/**
 * Gaxios options for a client whose requests go through {@link fetchThrough}: gaxios' own retries
 * off (the connector's policy already retried; gaxios would otherwise retry POSTs of the OAuth client
 * and every "no response" failure twice more), so each call is retried by one policy only.
 */
export function throughConnector(fetchImplementation: GaxiosFetch) {
  return { fetchImplementation, retry: false, retryConfig: { retry: 0, shouldRetry: () => false } };
}

/**
 * An `OAuth2Client` of google-auth-library whose requests (token grants, revocation, and the API
 * calls of googleapis made with it as `auth`) go through the connector's HTTP layer. `options` are
 * the client's own (client id and secret, `endpoints` for the sandbox's token and revoke URLs).
 * https://github.com/googleapis/google-auth-library-nodejs (OAuth2Client)
 */
export function googleOAuthClient(
  http: HttpClient,
  options: OAuth2ClientOptions,
  call: (url: URL, body: string | undefined) => GoogleCallOptions,
): OAuth2Client {
  return new OAuth2Client({ ...options, transporterOptions: throughConnector(fetchThrough(http, call)) });
}

/**
 * What a failed call of the official Google client throws, as the connector's typed error: the
 * typed error the HTTP layer raised (the `GaxiosError`'s cause: every answer and network failure
 * goes through {@link fetchThrough}); else, for an answer gaxios itself refused (it has a
 * `response`), the platform's `classify` on its status and body, then the default status mapping
 * (401/403 -> AuthError, 429 -> RateLimitedError, 5xx -> PlatformDownError, other 4xx ->
 * BadRequestError); else what gaxios wrapped (an abort by the caller is rethrown as it was), or the
 * error itself. Anything that is not a `GaxiosError` passes through unchanged.
 */
export function googleError(
  platform: string,
  operation: string,
  error: unknown,
  classify?: ErrorClassifier,
): unknown {
  if (!(error instanceof gaxios.GaxiosError)) return error;
  if (isConnectorError(error.cause)) return error.cause;
  const response = error.response;
  if (!response) return error.cause ?? error;
  const headers = response.headers instanceof Headers ? response.headers : new Headers();
  const text = typeof response.data === "string" ? response.data : JSON.stringify(response.data ?? "");
  const failure = {
    platform,
    where: `${platform} ${operation}`,
    status: response.status,
    headers,
    text,
    body: response.data,
    retryAfterMs: parseRetryAfter(headers.get("retry-after"), Date.now()),
  };
  return classify?.(failure) ?? classifyByStatus(failure);
}

/**
 * The `data` of an official client's answer through `parse` (e.g. a zod schema's `parse`), as
 * {@link HttpClient.json} reads a body: a wrong shape is `PlatformDownError` reason `unexpected_shape`.
 */
export function parseAnswer<T>(
  platform: string,
  operation: string,
  data: unknown,
  parse: (body: unknown) => T,
): T {
  try {
    return parse(data);
  } catch (error) {
    if (isConnectorError(error)) throw error;
    throw new PlatformDownError(`${platform} ${operation}: unexpected response shape`, {
      platform,
      reason: "unexpected_shape",
      cause: error,
    });
  }
}

/**
 * Runs one call of the official Google client, throwing the connector's typed errors
 * ({@link googleError}) instead of gaxios' own.
 */
export async function callGoogle<T>(
  platform: string,
  operation: string,
  call: () => Promise<T>,
  classify?: ErrorClassifier,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw googleError(platform, operation, error, classify);
  }
}
