import { describe, expect, it } from "vitest";
import { resendUnprocessed, retry } from "./retry.ts";

describe("retry", () => {
  it("tries again until an attempt succeeds, waiting what delayMs says between attempts", async () => {
    const sleeps: number[] = [];
    const seen: number[] = [];
    const result = await retry(
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw new Error(`fail ${attempt}`);
        return "done";
      },
      { attempts: 5, delayMs: (attempt) => 100 * attempt, sleep: async (ms) => void sleeps.push(ms) },
    );
    expect(result).toBe("done");
    expect(seen).toEqual([1, 2, 3]);
    expect(sleeps).toEqual([100, 200]);
  });

  it("throws the last error after the last attempt, and at once when retryIf says no", async () => {
    let calls = 0;
    const givenUp: number[] = [];
    await expect(
      retry(
        async () => {
          calls++;
          throw new Error(`fail ${calls}`);
        },
        { attempts: 3, onGiveUp: (_e, attempt) => givenUp.push(attempt) },
      ),
    ).rejects.toThrow("fail 3");
    expect(givenUp).toEqual([3]);
    calls = 0;
    await expect(
      retry(
        async () => {
          calls++;
          throw new TypeError("not worth it");
        },
        { attempts: 3, retryIf: (e) => !(e instanceof TypeError) },
      ),
    ).rejects.toBeInstanceOf(TypeError);
    expect(calls).toBe(1);
  });

  it("does not call sleep when no delay is given", async () => {
    const sleeps: number[] = [];
    const retried: Array<number | undefined> = [];
    await retry(
      async (attempt) => {
        if (attempt === 1) throw new Error("once");
      },
      {
        attempts: 2,
        delayMs: () => undefined,
        sleep: async (ms) => void sleeps.push(ms),
        onRetry: (_e, _a, d) => retried.push(d),
      },
    );
    expect(sleeps).toEqual([]);
    expect(retried).toEqual([undefined]);
  });
});

describe("resendUnprocessed", () => {
  it("sends again only what was not done, up to the attempts, and returns what is left", async () => {
    const batches: number[][] = [];
    const left = await resendUnprocessed(
      [1, 2, 3, 4],
      async (batch) => {
        batches.push(batch);
        return batch.filter((n) => n % 2 === 0).slice(0, batch.length === 4 ? 2 : 1);
      },
      { attempts: 3 },
    );
    expect(batches).toEqual([[1, 2, 3, 4], [2, 4], [2]]);
    expect(left).toEqual([2]);
    expect(await resendUnprocessed([1], async () => [], { attempts: 3 })).toEqual([]);
    expect(await resendUnprocessed([], async () => [9], { attempts: 3 })).toEqual([]);
  });

  it("lets a failed send through", async () => {
    await expect(
      resendUnprocessed([1], async () => Promise.reject(new Error("down")), { attempts: 3 }),
    ).rejects.toThrow("down");
  });
});
