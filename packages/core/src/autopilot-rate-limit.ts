/**
 * AutoPilot's write rate limit (beyond the spec): at most `calls` platform calls per `intervalMs`
 * per connection (one platform grant: a user's or system user's token on one platform), a sliding
 * window. A write reads the campaign first and mutates only when the value differs (connectors'
 * `CampaignWriter`), so a write costs 2 calls. Failed calls are retried by the connectors' HTTP client
 * with backoff on 429/5xx, as reads are; this limit keeps AutoPilot from causing those 429s.
 *
 * The window is kept per process (one Lambda instance, or the local runtime): a worker evaluating
 * many trackers of one connection in a batch is held to it; instances running at once each have
 * their own window.
 */

/** A limit: at most `calls` calls per `intervalMs` milliseconds per connection; `source` says where it is documented. */
export interface WriteRateLimit {
  calls: number;
  intervalMs: number;
  source: string;
}

/**
 * The limit for platforms that publish none per connection (Google Ads: a daily operation quota
 * per developer token and unpublished per-customer QPS throttling; Meta: dynamic Business Use Case
 * limits per ad account; Microsoft Advertising: per-service throttling, error 117; Amazon Ads and
 * TikTok: dynamic per-endpoint limits; X: per-endpoint headers): one call a second, counted over
 * two seconds so that a write's two calls fit, which is ample for AutoPilot's few writes.
 */
export const DEFAULT_WRITE_RATE_LIMIT: Readonly<WriteRateLimit> = Object.freeze({
  calls: 2,
  intervalMs: 2000,
  source: "default: one call a second (no published per-connection limit)",
});

/** The platforms whose limits are published (`/work/shared/reference/ad-platform-apis/`), by connector slug. */
export const WRITE_RATE_LIMITS: Readonly<Record<string, Readonly<WriteRateLimit>>> = Object.freeze({
  redditads: {
    calls: 2,
    intervalMs: 2000,
    source:
      "Reddit Ads: about 1 request a second (reddit_ads.md), counted over 2 s so a write's two calls fit",
  },
  pinterestads: {
    calls: 300,
    intervalMs: 60_000,
    source: "Pinterest: Standard access 300 per minute per user per app (pinterest_ads.md, rate-limits page)",
  },
});

/** The write rate limit of a platform (connector slug), else {@link DEFAULT_WRITE_RATE_LIMIT}. */
export function writeRateLimit(slug: string): Readonly<WriteRateLimit> {
  return WRITE_RATE_LIMITS[slug] ?? DEFAULT_WRITE_RATE_LIMIT;
}

/** The clock a limiter reads and the way it waits (tests pass a fake clock). */
export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** A sliding-window limiter of calls per key (a connection); the caller gives the clock (core does no I/O). */
export class WriteRateLimiter {
  private readonly calls = new Map<string, number[]>();
  private readonly clock: LimiterClock;
  /** Each key's callers in turn, so waiting calls keep their order. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(clock: LimiterClock) {
    this.clock = clock;
  }

  /**
   * Waits until `cost` calls fit in `limit` for `key`, then counts them as made now.
   * @returns the milliseconds waited (0 when they fitted at once)
   * @throws RangeError when `cost` exceeds the limit's calls (it could never fit)
   */
  acquire(key: string, limit: WriteRateLimit, cost = 1): Promise<number> {
    if (cost > limit.calls) {
      return Promise.reject(new RangeError(`A cost of ${cost} calls exceeds the limit of ${limit.calls}`));
    }
    const previous = this.queues.get(key) ?? Promise.resolve();
    const turn = previous.then(() => this.take(key, limit, cost));
    this.queues.set(
      key,
      turn.catch(() => undefined),
    );
    return turn;
  }

  private async take(key: string, limit: WriteRateLimit, cost: number): Promise<number> {
    const start = this.clock.now();
    for (;;) {
      const now = this.clock.now();
      const made = (this.calls.get(key) ?? []).filter((at) => at > now - limit.intervalMs);
      if (made.length + cost <= limit.calls) {
        for (let i = 0; i < cost; i++) made.push(now);
        this.calls.set(key, made);
        return now - start;
      }
      // Wait until enough of the oldest calls leave the window.
      const oldest = made[made.length + cost - limit.calls - 1] as number;
      await this.clock.sleep(oldest + limit.intervalMs - now);
    }
  }
}
