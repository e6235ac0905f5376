import { describe, expect, it } from "vitest";
import { sharedPromise, sharedPromises } from "./shared-promise.ts";

describe("sharedPromises", () => {
  it("calls once per key and shares the promise among the calls with that key", async () => {
    const calls: string[] = [];
    const read = sharedPromises(
      async (account: string, slug: string) => {
        calls.push(`${account}/${slug}`);
        return `${account}:${slug}`;
      },
      (account, slug) => JSON.stringify([account, slug]),
    );
    const answers = await Promise.all([read("a", "x"), read("a", "x"), read("a", "y"), read("a", "x")]);
    expect(answers).toEqual(["a:x", "a:x", "a:y", "a:x"]);
    expect(calls).toEqual(["a/x", "a/y"]);
  });

  it("forgets a rejected promise, so the next call with its key calls again", async () => {
    let attempts = 0;
    const load = sharedPromise(async () => {
      attempts++;
      if (attempts === 1) throw new Error("refused");
      return "loaded";
    });
    await expect(load()).rejects.toThrow("refused");
    await expect(load()).resolves.toBe("loaded");
    await expect(load()).resolves.toBe("loaded");
    expect(attempts).toBe(2);
  });
});
