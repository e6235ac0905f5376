/**
 * Typed errors every connector throws. The refresh pipeline and the handlers decide what to do from
 * `code` and `retryable` alone, never from the message:
 *
 * | class | code | retryable | meaning |
 * |---|---|---|---|
 * | {@link AuthError} | `auth_failed` | no | token expired, revoked or refused (`invalid_grant`, 401, Meta #190): the user must reconnect |
 * | {@link RateLimitedError} | `rate_limited` | yes | the platform asked us to slow down (429, Google RESOURCE_EXHAUSTED, Meta #17/#80004); `retryAfterMs` says when |
 * | {@link BadRequestError} | `bad_request` | no | the request itself is wrong (400/404/422, unknown account, bad filter); retrying cannot help |
 * | {@link PlatformDownError} | `platform_down` | yes | 5xx, timeout, network failure or malformed body, still failing after the retries |
 * | {@link NotSupportedError} | `not_supported` | no | the connector does not offer this operation (e.g. refresh on Meta) or is not live |
 * | {@link NotConfiguredError} | `not_configured` | no | the connector has no credentials in this deployment |
 * | {@link BlockedHostError} | `blocked_host` | no | a user-given host failed the SSRF guard |
 * | {@link InsufficientScopeError} | `insufficient_scope` | no | a write refused: the grant lacks the write permission (Google ACTION_NOT_PERMITTED / PERMISSION_DENIED on a mutate, Meta #200-#299); the user must grant it |
 *
 * Messages never carry tokens, secrets or query strings: only the platform, the operation and the
 * URL path.
 */
export type ConnectorErrorCode =
  | "auth_failed"
  | "rate_limited"
  | "bad_request"
  | "platform_down"
  | "not_supported"
  | "not_configured"
  | "blocked_host"
  | "insufficient_scope";

/** Fields common to every connector error. */
export interface ConnectorErrorInit {
  /** Integration slug or platform name, e.g. `googleads`. */
  platform: string;
  /** Short machine reason, e.g. `invalid_grant`, `timeout`, `UNAUTHENTICATED`, `190`. */
  reason?: string;
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  /** How many HTTP attempts were made before giving up. */
  attempts?: number;
  cause?: unknown;
}

/** Base class: a stable `code`, a `retryable` flag, and what happened, without secrets. */
export abstract class ConnectorError extends Error {
  abstract readonly code: ConnectorErrorCode;
  abstract readonly retryable: boolean;
  readonly platform: string;
  readonly reason: string | undefined;
  readonly status: number | undefined;
  attempts: number | undefined;

  constructor(message: string, init: ConnectorErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.platform = init.platform;
    this.reason = init.reason;
    this.status = init.status;
    this.attempts = init.attempts;
  }

  /** A log- and queue-safe summary (no stack, no cause). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      retryable: this.retryable,
      platform: this.platform,
      reason: this.reason,
      status: this.status,
      attempts: this.attempts,
      message: this.message,
    };
  }
}

/** Token expired, revoked or refused. Not retryable: the connection must be refreshed or reconnected. */
export class AuthError extends ConnectorError {
  readonly code = "auth_failed" as const;
  readonly retryable = false;
}

/** The platform throttled us. Retryable after `retryAfterMs` (when the platform said). */
export class RateLimitedError extends ConnectorError {
  readonly code = "rate_limited" as const;
  readonly retryable = true;
  /** Milliseconds the platform asked us to wait (from `Retry-After`), if it said. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, init: ConnectorErrorInit & { retryAfterMs?: number }) {
    super(message, init);
    this.retryAfterMs = init.retryAfterMs;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

/** The request is wrong; repeating it gives the same answer. */
export class BadRequestError extends ConnectorError {
  readonly code: ConnectorErrorCode = "bad_request";
  readonly retryable = false;
}

/** The platform failed (5xx, timeout, network, malformed body) even after retries. Retry later. */
export class PlatformDownError extends ConnectorError {
  readonly code = "platform_down" as const;
  readonly retryable = true;
}

/** The operation does not exist for this platform, or the platform is not live. */
export class NotSupportedError extends ConnectorError {
  readonly code = "not_supported" as const;
  readonly retryable = false;
}

/** The connector has no client id / secret / developer token in this deployment. */
export class NotConfiguredError extends ConnectorError {
  readonly code = "not_configured" as const;
  readonly retryable = false;
}

/** A user-given host was refused by the SSRF guard (see `security/ssrf-guard.ts`). */
export class BlockedHostError extends BadRequestError {
  override readonly code = "blocked_host" as const;
}

/**
 * A write the platform refused because the connection's grant lacks the write permission (read-only
 * scope or a read-only user role). Thrown by the campaign write methods only; reads keep AuthError.
 */
export class InsufficientScopeError extends ConnectorError {
  readonly code = "insufficient_scope" as const;
  readonly retryable = false;
}

/**
 * A write's failure as the write methods throw it: an {@link AuthError} the platform gave for a
 * permission (not for the token: `reason` is not an expired or revoked token) becomes an
 * {@link InsufficientScopeError}; everything else as is.
 */
export function asWriteError(error: unknown, isPermission: (reason: string) => boolean): unknown {
  if (error instanceof AuthError && error.reason && isPermission(error.reason)) {
    return new InsufficientScopeError(error.message, {
      platform: error.platform,
      reason: error.reason,
      status: error.status,
      attempts: error.attempts,
      cause: error,
    });
  }
  return error;
}

/** True for any of the typed connector errors. */
export function isConnectorError(error: unknown): error is ConnectorError {
  return error instanceof ConnectorError;
}

/** Error for a connector whose deployment has no credentials. */
export function notConfigured(platform: string): NotConfiguredError {
  return new NotConfiguredError(`${platform}: not configured in this deployment`, { platform });
}

/** Error for an operation a platform does not offer. */
export function notSupported(platform: string, operation: string): NotSupportedError {
  return new NotSupportedError(`${platform}: ${operation} is not supported`, { platform, reason: operation });
}
