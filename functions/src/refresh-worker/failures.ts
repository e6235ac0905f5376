import { isConnectorError, RateLimitedError } from "@pacer/connectors";
import { INTEGRATION_WARNING_TEXTS } from "@pacer/core";

/**
 * How the refresh worker treats a failed job. Connector errors say themselves whether a retry can
 * help (`retryable`); anything else unexpected (a table throttled, a bug) is retried, and a message
 * that keeps failing ends in the dead-letter queue after the queue's `maxReceiveCount` deliveries.
 */

/** A failure as the job record and the dead-letter message keep it. */
export interface JobFailure {
  /** `AuthError`, `RateLimitedError`, `PlatformDownError`, `BadRequestError`, ... or the error's name. */
  errorClass: string;
  /** Connector error code (`auth_failed`, `rate_limited`, ...), or `unexpected`. */
  code: string;
  /** The platform's reason (`invalid_grant`, `190/460`, ...) when given. */
  reason?: string;
  /** A short message without secrets (connector messages hold origin and path only). */
  message: string;
  retryable: boolean;
  /** How long the platform asked us to wait (rate limits), ms. */
  retryAfterMs?: number;
}

/** Failures the worker raises itself (not a connector's). */
export class JobError extends Error {
  constructor(
    readonly failure: Omit<JobFailure, "message">,
    message: string,
  ) {
    super(message);
    this.name = failure.errorClass;
  }
}

/** Classifies any thrown value. */
export function classifyFailure(error: unknown): JobFailure {
  if (error instanceof JobError) return { ...error.failure, message: error.message.slice(0, 300) };
  if (isConnectorError(error)) {
    return {
      errorClass: error.name,
      code: error.code,
      ...(error.reason ? { reason: String(error.reason).slice(0, 200) } : {}),
      message: error.message.slice(0, 300),
      retryable: error.retryable,
      ...(error instanceof RateLimitedError && error.retryAfterMs !== undefined
        ? { retryAfterMs: error.retryAfterMs }
        : {}),
    };
  }
  const e = error instanceof Error ? error : new Error(String(error));
  return {
    errorClass: e.name || "Error",
    code: e.name === "AbortError" || e.name === "TimeoutError" ? "timeout" : "unexpected",
    message: e.message.slice(0, 300),
    retryable: true,
  };
}

/** Longest delay before a retry (the SQS visibility change allows up to 12 hours; we keep it short). */
export const MAX_RETRY_DELAY_SECONDS = 900;

/**
 * The delay before delivery `attempt + 1` after delivery `attempt` failed: full-jitter exponential
 * backoff from `baseSeconds` (`base x 2^(attempt-1)`, capped), and never less than the platform's
 * `Retry-After`. Whole seconds (SQS visibility timeouts are).
 */
export function retryDelaySeconds(
  failure: Pick<JobFailure, "retryAfterMs">,
  attempt: number,
  baseSeconds: number,
  random: () => number = Math.random,
): number {
  const cap = Math.min(MAX_RETRY_DELAY_SECONDS, baseSeconds * 2 ** Math.max(0, attempt - 1));
  const backoff = cap / 2 + random() * (cap / 2);
  const asked = failure.retryAfterMs !== undefined ? failure.retryAfterMs / 1000 : 0;
  return Math.min(MAX_RETRY_DELAY_SECONDS, Math.ceil(Math.max(backoff, asked)));
}

/** The tracker's `err` (title and message shown on the row and in the Warnings dialog). */
export interface TrackerErr {
  title: string;
  msg: string;
}

/**
 * Texts of a tracker whose data could not be loaded. The spec gives the connection's text (a
 * refused connection is 'please refresh this connection', overview-access-account.md 8); the
 * others say what happened and what to do.
 */
export const REFRESH_ERROR_TEXTS = {
  authTitle: "Connection needs refreshing",
  auth: INTEGRATION_WARNING_TEXTS.expired,
  removedTitle: "Connection removed",
  removed: "The connection of this tracker was removed, please add it again in Connections",
  failedTitle: "Data load failed",
  platformDown: (platform: string) =>
    `${platform} did not answer, the data will be loaded again at the next update`,
  badRequest: (platform: string) =>
    `${platform} could not return the data of this account, please check the account and its filters`,
  notAvailable: (platform: string) => `${platform} is not available at the moment`,
  budgetFailedTitle: "Budget load failed",
  budgetNotProvided: (platform: string) =>
    `${platform} does not provide a budget for this account, please set the budget of this Tracker manually`,
  budgetNotLoaded: (platform: string) =>
    `${platform} did not return the budget of this account, it will be loaded again at the next update`,
} as const;

/** The tracker's `err` for a failure that ends a job. */
export function trackerErrOf(failure: JobFailure, platform: string): TrackerErr {
  if (failure.code === "auth_failed")
    return { title: REFRESH_ERROR_TEXTS.authTitle, msg: REFRESH_ERROR_TEXTS.auth };
  if (failure.code === "connection_removed")
    return { title: REFRESH_ERROR_TEXTS.removedTitle, msg: REFRESH_ERROR_TEXTS.removed };
  if (failure.code === "not_supported" || failure.code === "not_configured")
    return { title: REFRESH_ERROR_TEXTS.failedTitle, msg: REFRESH_ERROR_TEXTS.notAvailable(platform) };
  if (failure.code === "bad_request" || failure.code === "blocked_host")
    return { title: REFRESH_ERROR_TEXTS.failedTitle, msg: REFRESH_ERROR_TEXTS.badRequest(platform) };
  return { title: REFRESH_ERROR_TEXTS.failedTitle, msg: REFRESH_ERROR_TEXTS.platformDown(platform) };
}
