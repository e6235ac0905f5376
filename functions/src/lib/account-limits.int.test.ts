import { hitRateLimit, rateLimitCount } from "@pacer/db";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_LIMITS, accountLimitFor, LIMITED_ROUTES } from "../../policy.ts";
import { ROUTES } from "../../routes.ts";
import { type ApiAnswer, callApi } from "../../testing/api.ts";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { aTrackerIn } from "../../testing/tracker-builders.ts";

/**
 * The per-account limits of the costly calls (policy.ts `ACCOUNT_LIMITS`), through the real API
 * path over DynamoDB Local: the calls of one account run concurrently, as they would on several
 * Lambdas, and share one counter in the table.
 */

// Every test starts a few seconds into a fresh window, so its calls cannot straddle two windows.
beforeEach(() => {
  const window = ACCOUNT_LIMITS.refresh.windowSeconds * 1000;
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Math.ceil(Date.now() / window) * window + 2_000);
});
afterEach(() => {
  vi.useRealTimers();
});

/** How many answers had each status. */
function statuses(answers: ApiAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** `count` hits on a bucket at once, as other Lambdas would have counted them. */
async function hitsOn(bucket: string, windowSeconds: number, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => hitRateLimit(bucket, windowSeconds)));
}

describe("per-account limits of the costly calls", () => {
  it("refresh-single-tracker-data: past 60 refreshes in 10 minutes the account gets 429 with Retry-After and a clear message; another account does not", async () => {
    const limit = ACCOUNT_LIMITS.refresh;
    const busy = await anAccountWithAdmin();
    const tracker = await aTrackerIn(busy.account.accountId);
    const refresh = (token: string, trackerId: string) =>
      callApi("POST", "/api/tracker/refresh-single-tracker-data", { token, body: { tracker: trackerId } });

    // The account's earlier refreshes of this window, as other Lambdas counted them in the table;
    // then eight at once, as from several Lambdas: exactly the limit gets through.
    const bucket = `${limit.name}:${busy.account.accountId}`;
    await hitsOn(bucket, limit.windowSeconds, limit.max - 5);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refresh(busy.token, tracker.trackerId)),
    );
    expect(statuses(answers)).toEqual({ 200: 5, 429: 3 });
    const refused = answers.find((a) => a.status === 429) as ApiAnswer<{ message: string; code: string }>;
    expect(refused.body.code).toBe("TOO_MANY_REQUESTS");
    expect(refused.body.message).toMatch(
      /^Your account has reached its limit of 60 data refreshes every 10 minutes\. Please try again in 10 minutes\.$/,
    );
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(limit.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(limit.windowSeconds);
    expect(await rateLimitCount(bucket, limit.windowSeconds)).toBe(limit.max + 3);

    const other = await anAccountWithAdmin();
    const theirs = await aTrackerIn(other.account.accountId);
    expect((await refresh(other.token, theirs.trackerId)).status).toBe(200);
    // The same account's other costly calls have their own budget.
    expect(
      (
        await callApi("POST", "/api/csv/get-account", {
          token: busy.token,
          body: { integration: { email: "x@example.test" } },
        })
      ).status,
    ).not.toBe(429);
  });

  it("the wizard's account listings and filter values share one budget per account: past 120 look-ups in 10 minutes, 429", async () => {
    const limit = ACCOUNT_LIMITS.platformLookup;
    const busy = await anAccountWithAdmin();
    const lookUp = (path: string, body: unknown = { integration: { email: "ads@example.test" } }) =>
      callApi("POST", path, { token: busy.token, body });
    // The account's earlier look-ups of this window, as other Lambdas counted them in the table.
    await hitsOn(`${limit.name}:${busy.account.accountId}`, limit.windowSeconds, limit.max - 2);

    // Invalid input is refused before it counts.
    expect((await lookUp("/api/csv/get-account", { integration: 7 })).status).toBe(400);
    expect((await lookUp("/api/google-ads/get-user-accounts")).status).not.toBe(429);
    expect((await lookUp("/api/facebook-ads/get-account")).status).not.toBe(429);
    const over = (await lookUp("/api/linkedin-ads/accounts")) as ApiAnswer<{ message: string }>;
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(limit.windowSeconds - 60);
    expect(over.body.message).toMatch(
      /^Your account has reached its limit of 120 ad platform look-ups every 10 minutes\. Please try again in 10 minutes\.$/,
    );
    expect(
      (
        await lookUp("/api/google-ads/filter-possible-values", {
          dataSource: { integration: { email: "ads@example.test" }, view: { id: "123" } },
          filter: { id: "campaigns" },
        })
      ).status,
    ).toBe(429);
  });

  it("covers every account listing and filter-values route of the route table, and nothing that reads the table only", () => {
    const costly = ROUTES.filter((r) =>
      /\/(get-user-accounts|get-account|get-accounts|get-user|accounts|filter-possible-values)$/.test(r.key),
    ).map((r) => r.key);
    expect(costly.length).toBeGreaterThan(20);
    for (const key of costly) expect(accountLimitFor(key), key).toBe(ACCOUNT_LIMITS.platformLookup);
    expect(Object.keys(LIMITED_ROUTES).sort()).toEqual(
      [
        ...costly,
        "POST /api/tracker/refresh-single-tracker-data",
        "POST /api/tracker/update-single-tracker",
      ].sort(),
    );
  });
});
