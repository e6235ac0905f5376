import { epochSeconds } from "./secrets.ts";
import { db } from "./service.ts";

/** A fixed window: its start (epoch seconds) for `now`. */
const windowStartOf = (now: Date, windowSeconds: number) =>
  Math.floor(epochSeconds(now) / windowSeconds) * windowSeconds;

/** Adds one hit to a bucket's current window (atomic) and returns the window's count. */
export async function hitRateLimit(
  bucket: string,
  windowSeconds: number,
  now: Date = new Date(),
): Promise<number> {
  const windowStart = windowStartOf(now, windowSeconds);
  const { data } = await (await db()).entities.rateLimit
    .update({ bucket, windowStart })
    .add({ count: 1 })
    .set({ expiresAt: windowStart + 2 * windowSeconds })
    .go({ response: "all_new" });
  return data.count ?? 0;
}

/** The hits of a bucket's current window. */
export async function rateLimitCount(
  bucket: string,
  windowSeconds: number,
  now: Date = new Date(),
): Promise<number> {
  const { data } = await (await db()).entities.rateLimit
    .get({ bucket, windowStart: windowStartOf(now, windowSeconds) })
    .go();
  return data?.count ?? 0;
}

/** Seconds until the current window of `windowSeconds` ends. */
export function secondsLeftInWindow(windowSeconds: number, now: Date = new Date()): number {
  return windowStartOf(now, windowSeconds) + windowSeconds - epochSeconds(now);
}

/** A bucket's hits in the window of `now` and in the window before it. */
export interface WindowCounts {
  current: number;
  previous: number;
}

/** The hits of a bucket's current window and of the window before it (two reads, in parallel). */
export async function rateLimitWindows(
  bucket: string,
  windowSeconds: number,
  now: Date = new Date(),
): Promise<WindowCounts> {
  const before = new Date(now.getTime() - windowSeconds * 1000);
  const [current, previous] = await Promise.all([
    rateLimitCount(bucket, windowSeconds, now),
    rateLimitCount(bucket, windowSeconds, before),
  ]);
  return { current, previous };
}

/**
 * The hits of a bucket's current and previous windows together (a sliding-window bound): a burst
 * that straddles a window boundary still counts in full.
 */
export async function recentRateLimitCount(
  bucket: string,
  windowSeconds: number,
  now: Date = new Date(),
): Promise<number> {
  const { current, previous } = await rateLimitWindows(bucket, windowSeconds, now);
  return current + previous;
}

/**
 * Seconds until a bucket's recent count (current + previous window) falls below `threshold` when no
 * new hit comes: 0 when it already is; the end of the current window when the previous window's
 * hits are what keep it there; the end of the next window when the current window alone reaches it.
 */
export function secondsUntilBelow(
  counts: WindowCounts,
  threshold: number,
  windowSeconds: number,
  now: Date = new Date(),
): number {
  if (counts.current + counts.previous < threshold) return 0;
  const left = secondsLeftInWindow(windowSeconds, now);
  return counts.current >= threshold ? left + windowSeconds : left;
}
