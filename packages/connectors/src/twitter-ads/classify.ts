import {
  AuthError,
  BadRequestError,
  type ConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { ErrorClassifier } from "../http/classify.ts";

/** X codes meaning the token or the signature is not accepted (Ads API constants and OAuth numbers). */
const AUTH_CODES = new Set(["UNAUTHORIZED_ACCESS", "INVALID_ACCESS_TOKEN", "89", "32", "215"]);
/** X codes meaning "slow down". */
const RATE_CODES = new Set(["TOO_MANY_REQUESTS", "88"]);

/** The first `errors[].code` of an X answer (`{"errors": [{"code": "NOT_FOUND", "message": ...}]}`). */
export function xErrorCode(body: unknown): string | undefined {
  if (!body || typeof body !== "object" || !("errors" in body)) return undefined;
  const errors = (body as { errors: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  const code = (errors[0] as { code?: unknown } | undefined)?.code;
  return typeof code === "string" || typeof code === "number" ? String(code) : undefined;
}

/** Milliseconds until `x-rate-limit-reset` (epoch seconds), if the header is there. */
function resetInMs(headers: Headers, nowMs: number): number | undefined {
  const raw = headers.get("x-rate-limit-reset");
  if (!raw || !/^\d+$/.test(raw.trim())) return undefined;
  return Math.max(0, Number(raw) * 1000 - nowMs);
}

/**
 * X errors (`{"errors": [{"code", "message"}]}`, the code a CAPS constant on the Ads API or a
 * number on the OAuth endpoints): 429 / `TOO_MANY_REQUESTS` -> RateLimitedError (delay from
 * `Retry-After`, else `x-rate-limit-reset`); 401, 403, `UNAUTHORIZED_ACCESS`, #89 (invalid or
 * expired token), #32, #215 -> AuthError; 5xx (`INTERNAL_ERROR`, `SERVICE_UNAVAILABLE`,
 * `OVER_CAPACITY`) and 408 -> PlatformDownError; other 4xx with a code -> BadRequestError. Answers
 * without an X body fall through to the defaults (`invalid_grant` -> AuthError).
 * https://docs.x.com/x-ads-api/fundamentals/error-codes-and-responses
 */
export function classifyXError(now: () => number): ErrorClassifier {
  return (f): ConnectorError | undefined => {
    if (f.status >= 200 && f.status < 300) return undefined;
    const code = xErrorCode(f.body);
    const init = { platform: f.platform, status: f.status, reason: code ?? `http_${f.status}` };
    if (f.status === 429 || (code && RATE_CODES.has(code))) {
      return new RateLimitedError(`${f.where}: rate limited`, {
        ...init,
        retryAfterMs: f.retryAfterMs ?? resetInMs(f.headers, now()),
      });
    }
    if (!code) return undefined;
    if (f.status === 401 || f.status === 403 || AUTH_CODES.has(code)) {
      return new AuthError(`${f.where}: ${code}`, init);
    }
    if (f.status >= 500 || f.status === 408) return new PlatformDownError(`${f.where}: ${code}`, init);
    return new BadRequestError(`${f.where}: ${code}`, init);
  };
}
