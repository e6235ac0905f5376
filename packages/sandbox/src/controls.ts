/** Fault kinds the sandbox can inject into a platform's answers. */
export type FaultKind = "500" | "429" | "timeout" | "malformed" | "invalid_grant";

/**
 * A fault rule. `rate` (0..1) injects on that share of calls (seeded, reproducible); `times`
 * injects on the next N matching calls; both may be combined (first `times`, then `rate`).
 * `on` limits the rule to API calls, token/revoke calls, or all (default `all`).
 */
export interface FaultRule {
  kind: FaultKind;
  rate?: number;
  times?: number;
  on?: "api" | "token" | "all";
}

/** Per-platform behaviour of the sandbox. */
export interface PlatformControls {
  /** Added before every answer, ms. */
  latencyMs: number;
  /** Fixed-window limiter: more than `requests` calls in `windowMs` answer 429 with `Retry-After`. */
  rateLimit?: { requests: number; windowMs: number; retryAfterSeconds: number } | undefined;
  faults: FaultRule[];
  /** How long a `timeout` fault holds the connection before dropping it, ms. Default 30,000. */
  hangMs: number;
}

/** Counters of one platform. */
export interface PlatformStats {
  calls: number;
  apiCalls: number;
  tokenCalls: number;
  pageCalls: number;
  faultsInjected: Record<FaultKind, number>;
  rateLimited: number;
  inFlight: number;
  maxInFlight: number;
  byRoute: Record<string, number>;
}

/** Default controls: no latency, no limiter, no faults. */
export function defaultControls(latencyMs = 0): PlatformControls {
  return { latencyMs, rateLimit: undefined, faults: [], hangMs: 30_000 };
}

/** Empty counters. */
export function emptyStats(): PlatformStats {
  return {
    calls: 0,
    apiCalls: 0,
    tokenCalls: 0,
    pageCalls: 0,
    faultsInjected: { "500": 0, "429": 0, timeout: 0, malformed: 0, invalid_grant: 0 },
    rateLimited: 0,
    inFlight: 0,
    maxInFlight: 0,
    byRoute: {},
  };
}

/** A small seeded PRNG (mulberry32) so fault rates are reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Per-platform state: controls, limiter window, counters. */
export class PlatformState {
  controls: PlatformControls;
  stats: PlatformStats = emptyStats();
  private windowStart = 0;
  private windowCount = 0;
  private remaining: Array<number | undefined>;

  constructor(
    controls: PlatformControls,
    private readonly random: () => number,
  ) {
    this.controls = controls;
    this.remaining = controls.faults.map((f) => f.times);
  }

  /** Replaces some controls (faults replace the whole list and restart their `times` counters). */
  update(partial: Partial<PlatformControls>): void {
    this.controls = { ...this.controls, ...partial };
    if (partial.faults) this.remaining = partial.faults.map((f) => f.times);
  }

  /** The limiter's verdict for a call at `nowMs`: undefined, or seconds to put in `Retry-After`. */
  rateLimited(nowMs: number): number | undefined {
    const limit = this.controls.rateLimit;
    if (!limit) return undefined;
    if (nowMs - this.windowStart >= limit.windowMs) {
      this.windowStart = nowMs;
      this.windowCount = 0;
    }
    this.windowCount++;
    if (this.windowCount <= limit.requests) return undefined;
    this.stats.rateLimited++;
    return limit.retryAfterSeconds;
  }

  /** The fault to inject on this call, if any. */
  pickFault(kind: "api" | "token" | "page"): FaultKind | undefined {
    if (kind === "page") return undefined;
    for (const [i, rule] of this.controls.faults.entries()) {
      const on = rule.on ?? "all";
      if (on !== "all" && on !== kind) continue;
      const left = this.remaining[i];
      if (left !== undefined && left > 0) {
        this.remaining[i] = left - 1;
        this.stats.faultsInjected[rule.kind]++;
        return rule.kind;
      }
      if (rule.rate !== undefined && this.random() < rule.rate) {
        this.stats.faultsInjected[rule.kind]++;
        return rule.kind;
      }
    }
    return undefined;
  }
}
