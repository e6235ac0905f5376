import { describe, expect, it } from "vitest";
import { type LoginCounts, loginRetryAfter } from "./throttle.ts";

/** 10:05:00 UTC: 10 minutes (600 s) left in the 15-minute window that started at 10:00. */
const now = new Date("2026-03-10T10:05:00Z");
const LEFT = 600;
const WINDOW = 900;
const none = { current: 0, previous: 0 };

const counts = (over: Partial<LoginCounts> = {}): LoginCounts => ({
  client: none,
  scope: { email: none, account: none },
  clientInScope: { email: none, account: none },
  ...over,
});

describe("loginRetryAfter (the lockout rule)", () => {
  it("lets a client that has not failed on a locked address try its password", () => {
    const locked = counts({
      scope: { email: { current: 40, previous: 5 }, account: { current: 40, previous: 5 } },
    });
    expect(loginRetryAfter(locked, now)).toBe(0);
  });

  it("refuses a client that failed on a locked address until the earlier of the lock's end and its own failures' end", () => {
    const lockedNow = { current: 12, previous: 0 };
    const failedBefore = counts({
      scope: { email: lockedNow },
      clientInScope: { email: { current: 0, previous: 1 } },
    });
    expect(loginRetryAfter(failedBefore, now)).toBe(LEFT);
    const failedNow = counts({
      scope: { email: lockedNow },
      clientInScope: { email: { current: 1, previous: 0 } },
    });
    expect(loginRetryAfter(failedNow, now)).toBe(LEFT + WINDOW);
  });

  it("waits to the end of the next window for failures of the current one, to the end of this one for older ones", () => {
    expect(loginRetryAfter(counts({ clientInScope: { email: { current: 10, previous: 0 } } }), now)).toBe(
      LEFT + WINDOW,
    );
    expect(loginRetryAfter(counts({ clientInScope: { email: { current: 4, previous: 6 } } }), now)).toBe(
      LEFT,
    );
    expect(loginRetryAfter(counts({ client: { current: 100, previous: 0 } }), now)).toBe(LEFT + WINDOW);
    expect(loginRetryAfter(counts({ client: { current: 99, previous: 0 } }), now)).toBe(0);
  });

  it("takes the longest of several reasons", () => {
    const both = counts({
      client: { current: 30, previous: 70 },
      clientInScope: { email: { current: 10, previous: 0 } },
    });
    expect(loginRetryAfter(both, now)).toBe(LEFT + WINDOW);
  });
});
