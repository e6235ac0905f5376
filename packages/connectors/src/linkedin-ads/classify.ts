import {
  AuthError,
  BadRequestError,
  type ConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { HttpFailure } from "../http/classify.ts";

/** LinkedIn's error body: `{"status": 401, "serviceErrorCode": 65600, "code": "INVALID_ACCESS_TOKEN", "message": ...}`. */
interface LinkedInError {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
}

function linkedInError(body: unknown): LinkedInError | undefined {
  if (!body || typeof body !== "object") return undefined;
  const e = body as LinkedInError;
  const shaped =
    typeof e.status === "number" || typeof e.serviceErrorCode === "number" || typeof e.code === "string";
  return shaped && !("error" in body) ? e : undefined;
}

/**
 * LinkedIn Marketing API errors (Rest.li error body with `status`, `serviceErrorCode`, `code`):
 * 401 (`INVALID_ACCESS_TOKEN`, `EXPIRED_ACCESS_TOKEN`, `REVOKED_ACCESS_TOKEN`) and 403
 * (`ACCESS_DENIED`: no role on the ad account) -> AuthError; 426 (the `Linkedin-Version` is sunset)
 * -> BadRequestError `version_sunset`; 429 -> RateLimitedError; 5xx -> PlatformDownError; other 4xx
 * -> BadRequestError. `reason` is the `code` (or `service_<serviceErrorCode>`). OAuth endpoint
 * errors (`{"error": "invalid_grant"}`) fall through to the defaults.
 * https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/error-handling
 */
export function classifyLinkedInError(f: HttpFailure): ConnectorError | undefined {
  if (f.status >= 200 && f.status < 300) return undefined;
  const error = linkedInError(f.body);
  if (!error) return undefined;
  const reason =
    error.code ??
    (error.serviceErrorCode !== undefined ? `service_${error.serviceErrorCode}` : `http_${f.status}`);
  const init = { platform: f.platform, status: f.status, reason };
  if (f.status === 401 || f.status === 403)
    return new AuthError(`${f.where}: access refused (${reason})`, init);
  if (f.status === 426) {
    return new BadRequestError(`${f.where}: API version no longer served`, {
      ...init,
      reason: "version_sunset",
    });
  }
  if (f.status === 429) {
    return new RateLimitedError(`${f.where}: throttled`, { ...init, retryAfterMs: f.retryAfterMs });
  }
  if (f.status >= 500) return new PlatformDownError(`${f.where}: HTTP ${f.status}`, init);
  return new BadRequestError(`${f.where}: request refused (${reason})`, init);
}
