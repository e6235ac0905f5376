import {
  AuthError,
  BadRequestError,
  type ConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { HttpFailure } from "../http/classify.ts";

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
}

/** Meta's throttling codes: app, user, page, custom, and the Marketing API's business-use-case limits. */
const RATE_LIMIT_CODES = new Set([
  4, 17, 32, 613, 80000, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014,
]);

/**
 * Minutes until access returns, from `x-business-use-case-usage`
 * (`{"<account>": [{"estimated_time_to_regain_access": 5, ...}]}`), in ms.
 */
function regainAccessMs(headers: Headers): number | undefined {
  const raw = headers.get("x-business-use-case-usage");
  if (!raw) return undefined;
  try {
    const usage = JSON.parse(raw) as Record<string, Array<{ estimated_time_to_regain_access?: number }>>;
    const minutes = Object.values(usage)
      .flat()
      .map((u) => u.estimated_time_to_regain_access ?? 0);
    const max = Math.max(0, ...minutes);
    return max > 0 ? max * 60_000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Graph API errors (`{"error": {"code", "type", "error_subcode", "is_transient"}}`), whatever the
 * HTTP status: #190 / #102 and OAuthException -> AuthError; #4, #17, #32, #613, #80000-#80014 ->
 * RateLimitedError; #1, #2 or `is_transient` -> PlatformDownError (retried); #200-#299
 * (permissions) -> AuthError; others -> BadRequestError.
 * https://developers.facebook.com/docs/graph-api/guides/error-handling
 */
export function classifyMetaError(f: HttpFailure): ConnectorError | undefined {
  const body = f.body as { error?: GraphError } | undefined;
  const error = body && typeof body === "object" ? body.error : undefined;
  if (!error || typeof error !== "object" || typeof error.code !== "number") return undefined;
  const code = error.code;
  const reason = error.error_subcode ? `${code}/${error.error_subcode}` : String(code);
  const init = { platform: f.platform, status: f.status, reason };
  if (code === 190 || code === 102) return new AuthError(`${f.where}: access token refused (#${code})`, init);
  if (RATE_LIMIT_CODES.has(code)) {
    return new RateLimitedError(`${f.where}: throttled (#${code})`, {
      ...init,
      retryAfterMs: f.retryAfterMs ?? regainAccessMs(f.headers),
    });
  }
  if (code === 1 || code === 2 || error.is_transient)
    return new PlatformDownError(`${f.where}: transient (#${code})`, init);
  if (code >= 200 && code < 300) return new AuthError(`${f.where}: permission missing (#${code})`, init);
  if (error.type === "OAuthException" && f.status === 401)
    return new AuthError(`${f.where}: OAuthException`, init);
  return new BadRequestError(`${f.where}: Graph error #${code}`, init);
}
