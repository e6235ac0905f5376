import { hitRateLimit, recentRateLimitCount, secondsLeftInWindow } from "@pacer/db";
import { AppError } from "./errors.ts";

/** A fixed-window limit on one kind of attempt. */
export interface Limit {
  /** Bucket prefix, e.g. `login-email`. */
  name: string;
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Failed logins (password or old password): per e-mail address, per account (a spray over the users
 * of one account) and per source IP, in 15-minute windows.
 */
export const LOGIN_LIMITS = {
  email: { name: "login-email", max: 10, windowSeconds: 15 * 60 },
  account: { name: "login-account", max: 50, windowSeconds: 15 * 60 },
  ip: { name: "login-ip", max: 100, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>;

/** Password reset e-mails per address per hour (no mail bombing through forgot-password). */
export const RESET_MAIL_LIMIT: Limit = { name: "reset-email", max: 5, windowSeconds: 60 * 60 };

/** The 429 of a login that is over a limit. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    "TOO_MANY_REQUESTS",
    `Too many failed login attempts, please try again in ${minutes} minute${minutes === 1 ? "" : "s"}`,
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
}

type Keys = Partial<Record<keyof typeof LOGIN_LIMITS, string | undefined>>;

function buckets(keys: Keys): Array<{ limit: Limit; bucket: string }> {
  return (Object.keys(LOGIN_LIMITS) as Array<keyof typeof LOGIN_LIMITS>)
    .filter((k) => keys[k])
    .map((k) => ({ limit: LOGIN_LIMITS[k], bucket: `${LOGIN_LIMITS[k].name}:${keys[k]}` }));
}

/**
 * Refuses a login attempt (429 with `retry-after`) when the address, the account or the source IP
 * already used up its failures (counted over the current and the previous window, so a burst
 * across a window boundary is not forgotten). Checked before the password, so a locked
 * address costs no hashing and reveals nothing about the password.
 */
export async function assertLoginAllowed(keys: Keys, now: Date): Promise<void> {
  const counts = await Promise.all(
    buckets(keys).map(async (b) => ({
      ...b,
      count: await recentRateLimitCount(b.bucket, b.limit.windowSeconds, now),
    })),
  );
  const over = counts.find((c) => c.count >= c.limit.max);
  if (over) throw tooManyAttempts(secondsLeftInWindow(over.limit.windowSeconds, now));
}

/** Counts one failed login against the address, the account and the source IP. */
export async function recordLoginFailure(keys: Keys, now: Date): Promise<void> {
  await Promise.all(buckets(keys).map((b) => hitRateLimit(b.bucket, b.limit.windowSeconds, now)));
}

/** Counts one use of a limit; true while the window's count is within the limit. */
export async function withinLimit(limit: Limit, key: string, now: Date): Promise<boolean> {
  return (await hitRateLimit(`${limit.name}:${key}`, limit.windowSeconds, now)) <= limit.max;
}
