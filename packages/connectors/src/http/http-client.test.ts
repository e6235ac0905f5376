import { describe, expect, it } from "vitest";
import { AuthError, BadRequestError, PlatformDownError, RateLimitedError } from "../errors.ts";
import { type FetchLike, HttpClient, type HttpClientOptions } from "./http-client.ts";
import { backoffDelayMs, DEFAULT_RETRY_POLICY, parseRetryAfter } from "./retry-policy.ts";

type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hang" | "network";

/** A fake platform answering from a script, recording calls; sleeps are recorded, not waited. */
function aPlatform(script: Answer[], options: Partial<HttpClientOptions> = {}) {
  const calls: string[] = [];
  const sleeps: number[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push(url);
    const answer = script[Math.min(calls.length - 1, script.length - 1)] as Answer;
    if (answer === "network") return Promise.reject(new TypeError("fetch failed"));
    if (answer === "hang") {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    }
    return Promise.resolve(
      new Response(answer.body ?? "{}", { status: answer.status, headers: answer.headers }),
    );
  };
  const client = new HttpClient({
    platform: "testads",
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    now: () => Date.parse("2026-03-01T12:00:00Z"),
    ...options,
  });
  const get = () =>
    client.json({ operation: "report", url: "https://api.test/v1/report?token=secret" }, (b) => b);
  return { client, calls, sleeps, get };
}

describe("HttpClient retries", () => {
  it("honours Retry-After on 429, then succeeds", async () => {
    const p = aPlatform([
      { status: 429, headers: { "retry-after": "3" } },
      { status: 200, body: '{"ok":true}' },
    ]);
    await expect(p.get()).resolves.toEqual({ ok: true });
    expect(p.calls).toHaveLength(2);
    expect(p.sleeps).toEqual([3000]);
  });

  it("holds the call slot for each attempt only, not during the backoff between attempts", async () => {
    const log: string[] = [];
    const p = aPlatform([{ status: 503 }, { status: 200, body: '{"ok":true}' }], {
      callSlot: async (platform, attempt) => {
        log.push(`take ${platform}`);
        try {
          return await attempt();
        } finally {
          log.push(`free ${platform}`);
        }
      },
      sleep: async (ms) => {
        log.push(`sleep ${ms}`);
      },
    });
    await expect(p.get()).resolves.toEqual({ ok: true });
    expect(log).toEqual(["take testads", "free testads", "sleep 125", "take testads", "free testads"]);
  });

  it("reads an HTTP-date Retry-After", () => {
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:00:05 GMT", Date.parse("2026-03-01T12:00:00Z"))).toBe(5000);
    expect(parseRetryAfter("soon", 0)).toBeUndefined();
  });

  it("gives up at once with RateLimitedError when Retry-After is longer than the policy allows", async () => {
    const p = aPlatform([{ status: 429, headers: { "retry-after": "600" } }]);
    const error = await p.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({
      code: "rate_limited",
      retryable: true,
      retryAfterMs: 600_000,
      attempts: 1,
    });
    expect(p.calls).toHaveLength(1);
  });

  it("retries 5xx with exponential full-jitter backoff and ends with PlatformDownError", async () => {
    const p = aPlatform([{ status: 503 }]);
    const error = await p.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ code: "platform_down", retryable: true, status: 503, attempts: 4 });
    expect(p.calls).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);
    // random() = 0.5: half of base x 2^(n-1)
    expect(p.sleeps).toEqual([125, 250, 500]);
  });

  it("keeps full-jitter delays within [0, cap)", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelayMs(1, policy, () => 0)).toBe(0);
    expect(backoffDelayMs(3, policy, () => 0.999)).toBe(399);
    expect(backoffDelayMs(10, policy, () => 0.999)).toBe(999);
  });

  it("does not retry a 400", async () => {
    const p = aPlatform([{ status: 400, body: '{"error":"invalid_request"}' }, { status: 200 }]);
    const error = await p.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: "bad_request", retryable: false, reason: "invalid_request" });
    expect(p.calls).toHaveLength(1);
  });

  it("maps invalid_grant to a non-retried AuthError", async () => {
    const p = aPlatform([{ status: 400, body: '{"error":"invalid_grant"}' }, { status: 200 }]);
    const error = await p.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: "auth_failed", retryable: false, reason: "invalid_grant" });
    expect(p.calls).toHaveLength(1);
  });

  it("times out a hanging attempt and retries it", async () => {
    const p = aPlatform(["hang", { status: 200, body: "[]" }], { timeoutMs: 20 });
    await expect(p.get()).resolves.toEqual([]);
    expect(p.calls).toHaveLength(2);
  });

  it("reports a timeout after the last attempt as PlatformDownError(timeout)", async () => {
    const p = aPlatform(["hang"], { timeoutMs: 10, retry: { maxAttempts: 2 } });
    await expect(p.get()).rejects.toMatchObject({ code: "platform_down", reason: "timeout", attempts: 2 });
  });

  it("retries network errors and malformed JSON bodies", async () => {
    const p = aPlatform(["network", { status: 200, body: '{"trunc' }, { status: 200, body: '{"ok":1}' }]);
    await expect(p.get()).resolves.toEqual({ ok: 1 });
    expect(p.calls).toHaveLength(3);
  });

  it("refuses bodies above the size cap without retrying", async () => {
    const p = aPlatform([{ status: 200, body: "x".repeat(2048) }], { maxResponseBytes: 1024 });
    await expect(p.get()).rejects.toMatchObject({ code: "bad_request", reason: "response_too_large" });
    expect(p.calls).toHaveLength(1);
  });

  it("keeps query strings (tokens) out of error messages and events", async () => {
    const events: string[] = [];
    const p = aPlatform([{ status: 500 }], {
      retry: { maxAttempts: 1 },
      onAttempt: (e) => events.push(JSON.stringify(e)),
    });
    const error = (await p.get().catch((e: unknown) => e)) as Error;
    expect(error.message).toContain("https://api.test/v1/report");
    expect(error.message).not.toContain("secret");
    expect(JSON.stringify(error)).not.toContain("secret");
    expect(events.join()).not.toContain("secret");
    expect(events).toHaveLength(1);
  });

  it("sends a single attempt when retry is false", async () => {
    const p = aPlatform([{ status: 502 }]);
    await expect(
      p.client.json(
        { operation: "token", url: "https://api.test/token", form: { a: "b" }, retry: false },
        (b) => b,
      ),
    ).rejects.toMatchObject({ attempts: 1 });
    expect(p.calls).toHaveLength(1);
  });
});
