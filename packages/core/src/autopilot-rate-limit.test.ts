import { describe, expect, it } from "vitest";
import { DEFAULT_WRITE_RATE_LIMIT, WriteRateLimiter, writeRateLimit } from "./autopilot-rate-limit.ts";

/** A clock that only moves when the limiter sleeps. */
function fakeClock() {
  const clock = { now: 0, slept: [] as number[] };
  const limiter = new WriteRateLimiter({
    now: () => clock.now,
    sleep: async (ms) => {
      clock.slept.push(ms);
      clock.now += ms;
    },
  });
  return { clock, limiter };
}

describe("WriteRateLimiter", () => {
  it("lets the limit's calls through at once, then waits until the oldest leaves the interval; connections apart", async () => {
    const { clock, limiter } = fakeClock();
    const limit = { calls: 2, intervalMs: 1000, source: "test" };

    await limiter.acquire("connection-a", limit);
    clock.now = 100;
    await limiter.acquire("connection-a", limit);
    await limiter.acquire("connection-b", limit);
    expect(clock.slept).toEqual([]);

    // The third call on connection a waits for the first (at 0) to leave the interval: until 1000.
    const waited = await limiter.acquire("connection-a", limit);
    expect(waited).toBe(900);
    expect(clock.now).toBe(1000);
    // The fourth waits for the second (at 100): until 1100.
    expect(await limiter.acquire("connection-a", limit)).toBe(100);
  });

  it("counts a write's read and mutate calls (cost 2) against the limit", async () => {
    const { clock, limiter } = fakeClock();
    const limit = { calls: 3, intervalMs: 1000, source: "test" };

    await limiter.acquire("c", limit, 2);
    expect(await limiter.acquire("c", limit, 2)).toBe(1000);
    expect(clock.now).toBe(1000);
  });

  it("refuses a cost above the limit (it could never pass)", async () => {
    const { limiter } = fakeClock();

    await expect(limiter.acquire("c", { calls: 1, intervalMs: 1000, source: "test" }, 2)).rejects.toThrow(
      RangeError,
    );
  });

  it("takes each platform's documented limit, else the default", () => {
    expect(writeRateLimit("redditads")).toMatchObject({ calls: 2, intervalMs: 2000 });
    expect(writeRateLimit("pinterestads")).toMatchObject({ calls: 300, intervalMs: 60_000 });
    expect(writeRateLimit("unknown")).toBe(DEFAULT_WRITE_RATE_LIMIT);
  });
});
