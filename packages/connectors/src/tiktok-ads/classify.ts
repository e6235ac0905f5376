import {
  AuthError,
  BadRequestError,
  type ConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { HttpFailure } from "../http/classify.ts";

/** Return codes that throttle: 40016 / 40100 (app level), 40133 (advertiser level). */
const RATE_CODES = new Set([40016, 40100, 40133]);
/**
 * Return codes that mean the authorization is gone or refused: 40001 (no permission for the
 * operation, e.g. the advertiser revoked access), 40101-40110 (invalid app credentials or
 * authorization code, expired / empty / invalid access token, invalid core user).
 */
const AUTH_CODES = new Set([40001, 40101, 40102, 40103, 40104, 40105, 40106, 40107, 40108, 40110]);

/**
 * TikTok API for Business errors. TikTok answers almost everything with HTTP 200 and puts the
 * outcome in the envelope's `code` (`0` success, `20001` partial success, `4xxxx` client error,
 * `5xxxx` service error), so this runs on 2xx answers too: 40016/40100/40133 -> RateLimitedError;
 * 40001 and 40101-40110 -> AuthError; 5xxxx -> PlatformDownError (retried); other codes ->
 * BadRequestError. `reason` is the numeric code, e.g. `40105`. Bodies without a numeric `code`
 * (gateway errors, the OAuth error shape) fall through to the status defaults.
 * https://business-api.tiktok.com/portal/docs?id=1737172488964097
 */
export function classifyTikTokError(f: HttpFailure): ConnectorError | undefined {
  const body = f.body as { code?: unknown } | undefined;
  if (!body || typeof body !== "object" || typeof body.code !== "number") return undefined;
  const code = body.code;
  if (code === 0 || code === 20001) return undefined;
  const init = { platform: f.platform, status: f.status, reason: String(code) };
  if (RATE_CODES.has(code)) {
    return new RateLimitedError(`${f.where}: requests made too frequently (${code})`, {
      ...init,
      retryAfterMs: f.retryAfterMs,
    });
  }
  if (AUTH_CODES.has(code)) return new AuthError(`${f.where}: authorization refused (${code})`, init);
  if (code >= 50000 && code < 60000)
    return new PlatformDownError(`${f.where}: service error (${code})`, init);
  return new BadRequestError(`${f.where}: request refused (${code})`, init);
}
