import { AuthError, BadRequestError, type ConnectorError, RateLimitedError } from "../errors.ts";
import { type ErrorClassifier, oauthErrorCode } from "../http/classify.ts";

/**
 * Reddit errors. Reddit's token endpoint may answer a refused grant with HTTP 200 and
 * `{"error": "invalid_grant"}`, so 2xx bodies carrying a string `error` fail too (`invalid_grant`
 * -> AuthError, anything else -> BadRequestError). 429 -> RateLimitedError, the delay from
 * `Retry-After` or else `x-ratelimit-reset` (seconds until the window resets). Everything else
 * falls through to the defaults (401 / 403 / `invalid_grant` -> AuthError, 5xx -> PlatformDownError).
 * https://github.com/reddit-archive/reddit/wiki/OAuth2
 */
export const classifyRedditError: ErrorClassifier = (f): ConnectorError | undefined => {
  const oauthError = oauthErrorCode(f.body);
  const init = { platform: f.platform, status: f.status, reason: oauthError ?? `http_${f.status}` };
  if (f.status >= 200 && f.status < 300) {
    if (!oauthError) return undefined;
    return oauthError === "invalid_grant"
      ? new AuthError(`${f.where}: grant refused (invalid_grant)`, init)
      : new BadRequestError(`${f.where}: ${oauthError}`, init);
  }
  if (f.status === 429) {
    const reset = f.headers.get("x-ratelimit-reset");
    const resetMs = reset && /^\d+(\.\d+)?$/.test(reset.trim()) ? Math.ceil(Number(reset) * 1000) : undefined;
    return new RateLimitedError(`${f.where}: rate limited`, {
      ...init,
      reason: "http_429",
      retryAfterMs: f.retryAfterMs ?? resetMs,
    });
  }
  return undefined;
};
