import {
  hitRateLimit,
  rateLimitWindows,
  secondsLeftInWindow,
  secondsUntilBelow,
  type WindowCounts,
} from "@pacer/db";
import { AppError } from "./errors.ts";

/** A fixed-window limit on one kind of attempt. */
export interface Limit {
  /** Bucket prefix, e.g. `login-email`. */
  name: string;
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

/** The window of every failed-login counter (each is read over its current and previous window). */
const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Failed logins (password or old password), in 15-minute windows: per client address (`ip`), per
 * e-mail address (`email`) and per account (`account`, a spray over the users of one account).
 */
export const LOGIN_LIMITS = {
  ip: { name: "login-ip", max: 100, windowSeconds: LOGIN_WINDOW_SECONDS },
  email: { name: "login-email", max: 10, windowSeconds: LOGIN_WINDOW_SECONDS },
  account: { name: "login-account", max: 50, windowSeconds: LOGIN_WINDOW_SECONDS },
} as const satisfies Record<string, Limit>;

/** Password reset e-mails per address per hour (no mail bombing through forgot-password). */
export const RESET_MAIL_LIMIT: Limit = { name: "reset-email", max: 5, windowSeconds: 60 * 60 };

/** Confirmation e-mails a user may ask for per hour (README "Security"). */
export const CONFIRM_MAIL_LIMIT: Limit = { name: "confirm-email", max: 5, windowSeconds: 60 * 60 };

/** A 429 saying what was refused and when to try again, with `retry-after` (seconds). */
function tooMany(what: string, retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    "TOO_MANY_REQUESTS",
    `${what}, please try again in ${minutes} minute${minutes === 1 ? "" : "s"}`,
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** The 429 of a login that is over a limit. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return tooMany("Too many failed login attempts", retryAfterSeconds);
}

/** What a login attempt is counted against: the client's address, the e-mail address, its account. */
export interface LoginKeys {
  ip: string;
  email: string;
  /** Absent when no user has the address. */
  account?: string | undefined;
}

/** The counters (bucket names) a login attempt is counted in. */
type Scope = "email" | "account";
interface Buckets {
  /** Failures of this client, any address. */
  client: string;
  /** Failures on the address (or account), from every client. */
  scope: Partial<Record<Scope, string>>;
  /** Failures of this client on the address (or account). */
  clientInScope: Partial<Record<Scope, string>>;
}

function bucketsOf(keys: LoginKeys): Buckets {
  const b: Buckets = { client: `${LOGIN_LIMITS.ip.name}:${keys.ip}`, scope: {}, clientInScope: {} };
  for (const scope of ["email", "account"] as const) {
    const key = keys[scope];
    if (!key) continue;
    b.scope[scope] = `${LOGIN_LIMITS[scope].name}:${key}`;
    b.clientInScope[scope] = `${LOGIN_LIMITS[scope].name}-client:${key}|${keys.ip}`;
  }
  return b;
}

/** The counts {@link loginRetryAfter} decides on: each counter's current and previous window. */
export interface LoginCounts {
  client: WindowCounts;
  scope: Partial<Record<Scope, WindowCounts>>;
  clientInScope: Partial<Record<Scope, WindowCounts>>;
}

/**
 * The login lockout rule (pure). A client is refused while:
 * - it has failed 100 times (any address), or 10 times on this address, or 50 times on this
 *   account, in the last two windows; or
 * - the address (10) or the account (50) is over its limit counting every client, AND this client
 *   has failed on it at least once in the last two windows.
 * So nobody can lock a user out: a client that has not failed on the address has its password
 * checked (a wrong guess then counts, and refuses that client too); throttling stays per client.
 * @returns 0 when the attempt may proceed, else the seconds until every reason that refuses it has
 *   passed when no new failure comes (the real wait: see `secondsUntilBelow`).
 */
export function loginRetryAfter(counts: LoginCounts, now: Date): number {
  const w = LOGIN_WINDOW_SECONDS;
  const waits = [secondsUntilBelow(counts.client, LOGIN_LIMITS.ip.max, w, now)];
  for (const scope of ["email", "account"] as const) {
    const all = counts.scope[scope];
    const mine = counts.clientInScope[scope];
    if (!all || !mine) continue;
    const max = LOGIN_LIMITS[scope].max;
    waits.push(secondsUntilBelow(mine, max, w, now));
    const scopeLocked = secondsUntilBelow(all, max, w, now);
    const clientFailed = secondsUntilBelow(mine, 1, w, now);
    if (scopeLocked > 0 && clientFailed > 0) waits.push(Math.min(scopeLocked, clientFailed));
  }
  return Math.max(...waits);
}

/**
 * Refuses a login attempt (429 with `retry-after`, the real wait) when {@link loginRetryAfter} says
 * so. Checked before the password, so a refused attempt costs no hashing and reveals nothing about
 * the password.
 */
export async function assertLoginAllowed(keys: LoginKeys, now: Date): Promise<void> {
  const b = bucketsOf(keys);
  const w = LOGIN_WINDOW_SECONDS;
  const read = async (scoped: Partial<Record<Scope, string>>) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(scoped).map(async ([scope, bucket]) => [
          scope,
          await rateLimitWindows(bucket, w, now),
        ]),
      ),
    ) as Partial<Record<Scope, WindowCounts>>;
  const [client, scope, clientInScope] = await Promise.all([
    rateLimitWindows(b.client, w, now),
    read(b.scope),
    read(b.clientInScope),
  ]);
  const wait = loginRetryAfter({ client, scope, clientInScope }, now);
  if (wait > 0) throw tooManyAttempts(wait);
}

/** Counts one failed login against the client, the address, the account and the client on each. */
export async function recordLoginFailure(keys: LoginKeys, now: Date): Promise<void> {
  const b = bucketsOf(keys);
  const all = [b.client, ...Object.values(b.scope), ...Object.values(b.clientInScope)];
  await Promise.all(all.map((bucket) => hitRateLimit(bucket, LOGIN_WINDOW_SECONDS, now)));
}

/** Counts one use of a limit; true while the window's count is within the limit. */
export async function withinLimit(limit: Limit, key: string, now: Date): Promise<boolean> {
  return (await hitRateLimit(`${limit.name}:${key}`, limit.windowSeconds, now)) <= limit.max;
}

/**
 * Counts one use of a limit and refuses it beyond the limit: 429 `<what>, please try again in N
 * minutes` with `retry-after` (the end of the window).
 * @throws AppError TOO_MANY_REQUESTS
 */
export async function assertWithinLimit(limit: Limit, key: string, what: string, now: Date): Promise<void> {
  if (!(await withinLimit(limit, key, now)))
    throw tooMany(what, secondsLeftInWindow(limit.windowSeconds, now));
}
