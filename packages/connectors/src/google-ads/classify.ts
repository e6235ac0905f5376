import {
  AuthError,
  BadRequestError,
  type ConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { HttpFailure } from "../http/classify.ts";

interface GoogleRpcError {
  code?: number;
  message?: string;
  status?: string;
  details?: Array<{ errors?: Array<{ errorCode?: Record<string, string> }> }>;
}

function rpcError(body: unknown): GoogleRpcError | undefined {
  const first = Array.isArray(body) ? body[0] : body;
  if (first && typeof first === "object" && "error" in first) {
    const error = (first as { error: unknown }).error;
    if (error && typeof error === "object") return error as GoogleRpcError;
  }
  return undefined;
}

/** The first GoogleAdsFailure error code, e.g. `authenticationError.OAUTH_TOKEN_EXPIRED`. */
function failureCode(error: GoogleRpcError): string | undefined {
  for (const detail of error.details ?? []) {
    for (const e of detail.errors ?? []) {
      const [kind, value] = Object.entries(e.errorCode ?? {})[0] ?? [];
      if (kind && value) return `${kind}.${value}`;
    }
  }
  return undefined;
}

/**
 * Google API errors (google.rpc.Status, possibly wrapped in a searchStream array):
 * UNAUTHENTICATED -> AuthError, PERMISSION_DENIED -> AuthError, RESOURCE_EXHAUSTED -> RateLimitedError,
 * INVALID_ARGUMENT / NOT_FOUND -> BadRequestError, INTERNAL / UNAVAILABLE / DEADLINE_EXCEEDED ->
 * PlatformDownError. OAuth endpoint errors fall through to the defaults (`invalid_grant` -> AuthError).
 * https://developers.google.com/google-ads/api/docs/best-practices/error-types
 */
export function classifyGoogleError(f: HttpFailure): ConnectorError | undefined {
  if (f.status >= 200 && f.status < 300) return undefined;
  const error = rpcError(f.body);
  if (!error?.status) return undefined;
  const reason = failureCode(error) ?? error.status;
  const init = { platform: f.platform, status: f.status, reason };
  switch (error.status) {
    case "UNAUTHENTICATED":
    case "PERMISSION_DENIED":
      return new AuthError(`${f.where}: ${error.status}`, init);
    case "RESOURCE_EXHAUSTED":
      return new RateLimitedError(`${f.where}: RESOURCE_EXHAUSTED`, {
        ...init,
        retryAfterMs: f.retryAfterMs,
      });
    case "INTERNAL":
    case "UNAVAILABLE":
    case "DEADLINE_EXCEEDED":
    case "UNKNOWN":
      return new PlatformDownError(`${f.where}: ${error.status}`, init);
    default:
      return new BadRequestError(`${f.where}: ${error.status}`, init);
  }
}
