import {
  AuthError,
  BadRequestError,
  type ConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";

/** A non-successful (or suspicious 2xx) answer, as seen by an {@link ErrorClassifier}. */
export interface HttpFailure {
  platform: string;
  /** `platform operation origin+path`, safe for messages. */
  where: string;
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined. */
  body: unknown;
  /** Parsed `Retry-After`, in ms. */
  retryAfterMs: number | undefined;
}

/**
 * Platform-specific mapping of an answer to a typed error. Called for every answer, 2xx included
 * (TikTok reports errors in 200 bodies). Return undefined to fall back to {@link classifyByStatus}
 * (or to accept a 2xx).
 */
export type ErrorClassifier = (failure: HttpFailure) => ConnectorError | undefined;

/**
 * The default mapping by HTTP status and the OAuth 2.0 error body (RFC 6749 5.2):
 * `invalid_grant` and 401 -> AuthError; 403 -> AuthError (`forbidden`); 408 -> PlatformDownError
 * (retried); 429 -> RateLimitedError; 5xx -> PlatformDownError (retried); other 4xx and 3xx ->
 * BadRequestError.
 */
export function classifyByStatus(f: HttpFailure): ConnectorError {
  const platform = f.platform;
  const oauthError = oauthErrorCode(f.body);
  const base = { platform, status: f.status };
  if (oauthError === "invalid_grant") {
    return new AuthError(`${f.where}: grant refused (invalid_grant)`, { ...base, reason: "invalid_grant" });
  }
  if (f.status === 401) {
    return new AuthError(`${f.where}: unauthorized`, { ...base, reason: oauthError ?? "unauthorized" });
  }
  if (f.status === 403) {
    return new AuthError(`${f.where}: forbidden`, { ...base, reason: oauthError ?? "forbidden" });
  }
  if (f.status === 429) {
    return new RateLimitedError(`${f.where}: rate limited`, {
      ...base,
      reason: "http_429",
      retryAfterMs: f.retryAfterMs,
    });
  }
  if (f.status === 408 || f.status >= 500) {
    return new PlatformDownError(`${f.where}: HTTP ${f.status}`, { ...base, reason: `http_${f.status}` });
  }
  return new BadRequestError(`${f.where}: HTTP ${f.status}`, {
    ...base,
    reason: oauthError ?? `http_${f.status}`,
  });
}

/** The `error` string of an OAuth 2.0 error body (`{"error": "invalid_grant"}`), if any. */
export function oauthErrorCode(body: unknown): string | undefined {
  if (body && typeof body === "object" && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === "string") return error;
  }
  return undefined;
}
