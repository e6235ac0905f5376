/**
 * The one retry policy: exponential backoff with full jitter, honouring `Retry-After`.
 * See https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/ ("Full Jitter").
 */
export interface RetryPolicy {
  /** Attempts in total, the first included (1 = no retry). Default 4. */
  maxAttempts: number;
  /** Backoff base in ms: the cap of attempt n's delay is base x 2^(n-1). Default 250. */
  baseDelayMs: number;
  /** Largest backoff delay in ms. Default 8,000. */
  maxDelayMs: number;
  /**
   * Largest `Retry-After` we sleep through inside one call, in ms. A longer one ends the call at once
   * with a `RateLimitedError` carrying `retryAfterMs`, so the queue can delay the job instead of
   * holding a worker. Default 30,000.
   */
  maxRetryAfterMs: number;
}

/** Defaults used by every connector unless its config overrides them. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
});

/**
 * Full-jitter delay before attempt `attempt + 1` after `attempt` failed (attempt counts from 1):
 * a uniform random value in [0, min(maxDelayMs, baseDelayMs x 2^(attempt-1))).
 */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * cap);
}

/**
 * Parses a `Retry-After` header (RFC 9110 10.2.3): delay-seconds or an HTTP-date.
 * Returns milliseconds from `nowMs`, never negative, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
