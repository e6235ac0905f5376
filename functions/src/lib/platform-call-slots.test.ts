import { describe, expect, it } from "vitest";
import { PlatformCallLimiter, platformCallSlot, withPlatformCallLimit } from "./platform-call-slots.ts";

/** A call that stays in flight until `finish()` is called; counts calls in flight per platform. */
function calls() {
  const inFlight = new Map<string, { now: number; max: number }>();
  const pending: Array<() => void> = [];
  const call = (platform: string) => async () => {
    const counter = inFlight.get(platform) ?? { now: 0, max: 0 };
    inFlight.set(platform, counter);
    counter.now++;
    counter.max = Math.max(counter.max, counter.now);
    await new Promise<void>((resolve) => pending.push(resolve));
    counter.now--;
    return platform;
  };
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Lets every waiting call finish, turn by turn, until none is left. */
  const finishAll = async () => {
    for (;;) {
      await tick();
      if (pending.length === 0) return;
      for (const resolve of pending.splice(0)) resolve();
    }
  };
  return { inFlight, pending, call, tick, finishAll };
}

describe("PlatformCallLimiter", () => {
  it("never lets more than its limit of one platform's calls run at once, and runs them all", async () => {
    const c = calls();
    const limiter = new PlatformCallLimiter(3);
    const all = Promise.all(Array.from({ length: 10 }, () => limiter.run("googleads", c.call("googleads"))));
    await c.tick();
    expect(c.pending).toHaveLength(3);
    await c.finishAll();
    expect(await all).toHaveLength(10);
    expect(c.inFlight.get("googleads")?.max).toBe(3);
  });

  it("counts each platform on its own", async () => {
    const c = calls();
    const limiter = new PlatformCallLimiter(2);
    const all = Promise.all(
      ["googleads", "googleads", "googleads", "tiktokads", "tiktokads", "tiktokads"].map((p) =>
        limiter.run(p, c.call(p)),
      ),
    );
    await c.tick();
    expect(c.pending).toHaveLength(4);
    await c.finishAll();
    await all;
    expect(c.inFlight.get("googleads")?.max).toBe(2);
    expect(c.inFlight.get("tiktokads")?.max).toBe(2);
  });

  it("frees the slot of a call that throws", async () => {
    const limiter = new PlatformCallLimiter(1);
    await expect(limiter.run("metaads", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(limiter.run("metaads", async () => "next")).resolves.toBe("next");
  });

  it("refuses a limit below one", () => {
    expect(() => new PlatformCallLimiter(0)).toThrow(RangeError);
  });
});

describe("platformCallSlot", () => {
  it("holds each call to the limiter of the invocation it runs in, and runs calls outside one at once", async () => {
    const c = calls();
    const first = withPlatformCallLimit(new PlatformCallLimiter(2), () =>
      Promise.all(Array.from({ length: 5 }, () => platformCallSlot("googleads", c.call("googleads")))),
    );
    const second = withPlatformCallLimit(new PlatformCallLimiter(2), () =>
      Promise.all(Array.from({ length: 5 }, () => platformCallSlot("googleads", c.call("googleads")))),
    );
    const unlimited = Promise.all(Array.from({ length: 5 }, () => platformCallSlot("csv", c.call("csv"))));
    await c.tick();
    // Two invocations of two slots each, and the five calls outside any invocation.
    expect(c.pending).toHaveLength(4 + 5);
    await c.finishAll();
    await Promise.all([first, second, unlimited]);
    expect(c.inFlight.get("googleads")?.max).toBe(4);
    expect(c.inFlight.get("csv")?.max).toBe(5);
  });
});
