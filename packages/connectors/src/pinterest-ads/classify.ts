import {
  AuthError,
  BadRequestError,
  type ConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { HttpFailure } from "../http/classify.ts";

/** Pinterest's error body (OpenAPI `Error`): `{"code": 2, "message": "Authentication failed."}`. */
interface PinterestError {
  code?: unknown;
  message?: unknown;
}

/**
 * Pinterest API v5 errors (`{"code", "message"}` with the HTTP status): 401 (code 2, authentication
 * failed) and 403 (code 29, not permitted on the ad account) -> AuthError; 429 -> RateLimitedError;
 * 5xx -> PlatformDownError; other statuses -> BadRequestError. `reason` is `code` as text. The
 * token endpoint's OAuth errors (`{"error": "invalid_grant"}`) fall through to the defaults.
 * https://developers.pinterest.com/docs/reference/error-codes/
 */
export function classifyPinterestError(f: HttpFailure): ConnectorError | undefined {
  if (f.status >= 200 && f.status < 300) return undefined;
  const body = f.body as PinterestError | undefined;
  if (!body || typeof body !== "object" || typeof body.code !== "number" || "error" in body) return undefined;
  const init = { platform: f.platform, status: f.status, reason: String(body.code) };
  if (f.status === 401 || f.status === 403) {
    return new AuthError(`${f.where}: access refused (code ${body.code})`, init);
  }
  if (f.status === 429) {
    return new RateLimitedError(`${f.where}: rate limited (code ${body.code})`, {
      ...init,
      retryAfterMs: f.retryAfterMs,
    });
  }
  if (f.status >= 500) return new PlatformDownError(`${f.where}: HTTP ${f.status}`, init);
  return new BadRequestError(`${f.where}: request refused (code ${body.code})`, init);
}
