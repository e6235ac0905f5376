import { addDays, localDate } from "@pacer/core";
import { describe, expect, it } from "vitest";
import {
  documentedDailyBudget,
  expectCampaignFilters,
  expectInvalidGrantNotRetried,
  expectRateLimitThenRefusal,
  expectRetriesThenRateLimit,
  expectRevokeEndsTheGrant,
  fixtureJson,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { AuthError, BadRequestError } from "../errors.ts";
import { GOOGLE_ADS_SCOPE } from "../oauth/return-rules.ts";
import type { OAuthTokens } from "../types.ts";
import { createGoogleAdsConnector, dailyBudgetOf, toPartialRow } from "./google-ads-connector.ts";
import { type GoogleAdsRow, searchStreamSchema } from "./schemas.ts";

const RETURN_PAGE = "https://app.pacer.test/google-ads-response";
const SEARCH = "1112223333";
const YOUTUBE = "4445556666";

const t = useConnectorTest({
  platform: "googleads",
  create: createGoogleAdsConnector,
  returnPage: RETURN_PAGE,
});

describe("Google Ads connector against the sandbox", () => {
  it("connects: authorize with PKCE -> approve -> accepted return -> exchange with identity", async () => {
    const consent = await t.connect();
    const { accepted, codeVerifier, back } = consent;
    expect(back.origin + back.pathname).toBe(RETURN_PAGE);
    expect(accepted).toMatchObject({ ok: true });
    expect(accepted.ok && accepted.scope?.split(" ")).toContain(GOOGLE_ADS_SCOPE);
    expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    if (!accepted.ok) return;
    const { tokens, identity } = await t.exchange(consent);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBe(TEST_NOW.getTime() + 3599_000);
    expect(identity.email).toBe("demo@pacer.test");
  });

  it("refuses a return without the adwords scope, and an exchange with the wrong PKCE verifier", async () => {
    const narrow = await t.connect({ scopes: ["openid", "email"] });
    expect(narrow.accepted).toMatchObject({ ok: false, reason: "missing_scope" });
    const consent = await t.connect();
    await expect(t.exchange({ ...consent, codeVerifier: "x".repeat(43) })).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
    });
  });

  it("lists the ad accounts, expanding the manager and leaving it out", async () => {
    const tokens = await t.connected();
    const views = await t.connector.listAdAccounts(tokens);
    expect(views).toEqual([
      {
        id: SEARCH,
        name: "Pacer Demo - Search",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { status: "ENABLED" },
      },
      {
        id: YOUTUBE,
        name: "Pacer Demo - YouTube",
        currency: "USD",
        timeZone: "America/New_York",
        metaData: { status: "ENABLED", loginCustomerId: "9990001111" },
      },
    ]);
  });

  it("fetches daily metrics equal to the replayed rows, zero-filled outside the history", async () => {
    const tokens = await t.connected();
    const from = "2025-07-25"; // before the first served day (2025-08-01)
    const to = "2026-03-18";
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: SEARCH }, from, to });
    expect(metrics).toMatchObject({ accountId: SEARCH, currency: "GBP", timeZone: "Europe/London" });
    expect(metrics.rows).toEqual(t.expected(SEARCH, from, to));
    expect(metrics.rows[0]).toMatchObject({ date: "2025-07-25", spendMicros: 0 });
    expect(totalSpend(metrics.rows.filter((r) => r.date >= "2026-03-01"))).toBeGreaterThan(0);
  });

  it("reaches a client account through its manager (login-customer-id) with its factor", async () => {
    const tokens = await t.connected();
    const [youtube] = (await t.connector.listAdAccounts(tokens)).filter((v) => v.id === YOUTUBE);
    if (!youtube) throw new Error("no youtube view");
    const metrics = await t.connector.fetchDailyMetrics(tokens, {
      account: youtube,
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(metrics.currency).toBe("USD");
    expect(metrics.rows).toEqual(t.expected(YOUTUBE, "2026-02-01", "2026-02-28"));
    await expect(
      t.connector.fetchDailyMetrics(tokens, {
        account: { id: YOUTUBE },
        from: "2026-02-01",
        to: "2026-02-28",
      }),
    ).rejects.toBeInstanceOf(AuthError);
  });

  it("applies campaign filters and lists filter values", async () => {
    const tokens = await t.connected();
    await expectCampaignFilters(t, tokens, {
      account: { id: SEARCH },
      range: { from: "2026-02-01", to: "2026-03-18" },
      campaignIds: ["89459845"],
      nameContains: "WIDE",
    });

    expect(t.connector.filterDefinitions().map((f) => f.type)).toEqual([
      "multipleChoice",
      "textBoxStringFilter",
    ]);
    const values = await t.connector.listFilterValues(tokens, {
      account: { id: SEARCH },
      filterId: "campaigns",
    });
    expect(values).toEqual([
      { id: "89459845", name: "google_hot", status: "ENABLED" },
      { id: "127823", name: "google_wide", status: "ENABLED" },
    ]);
    const searched = await t.connector.listFilterValues(tokens, {
      account: { id: SEARCH },
      filterId: "campaigns",
      search: "HOT",
    });
    expect(searched.map((v) => v.name)).toEqual(["google_hot"]);
  });

  it("refreshes an expired access token, keeping the (non-rotated) refresh token", async () => {
    const tokens = await t.connected();
    t.sandbox.expireAccessTokens("googleads");
    await expect(t.connector.listAdAccounts(tokens)).rejects.toMatchObject({ code: "auth_failed" });
    const fresh = await t.connector.refreshAccessToken(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect(await t.connector.listAdAccounts(fresh)).toHaveLength(2);
  });

  it("revokes: afterwards the refresh answers invalid_grant, mapped to AuthError", async () => {
    await expectRevokeEndsTheGrant(t, await t.connected());
  });

  it("retries injected 500s and honours the limiter's Retry-After", async () => {
    const tokens = await t.connected();
    await expectRetriesThenRateLimit(t, tokens, { accounts: 2, apiCalls: 2 + 3, retryAfterSeconds: 7 });
  });

  it("maps an injected invalid_grant on refresh to AuthError without retrying", async () => {
    const tokens = await t.connected();
    await expectInvalidGrantNotRetried(t, () => t.connector.refreshAccessToken(tokens));
  });
});

const HOT = "89459845";
const WIDE = "127823";
const YOUTUBE_BLOGGER = "10934";
const SEARCH_STREAM = "POST /api/{version}/customers/{customerId}/googleAds:searchStream";

describe("Google Ads budget (fetchBudget) against the sandbox", () => {
  const budget = (
    tokens: OAuthTokens,
    account: { id: string; metaData?: Record<string, string> },
    filters = {},
  ) => t.connector.fetchBudget?.(tokens, { account, filters });

  it("sums the enabled campaigns' daily budgets in one call, counting the Search pair's shared budget once", async () => {
    const tokens = await t.connected();
    const before = t.routeCalls(SEARCH_STREAM);
    const shared = documentedDailyBudget(t, SEARCH, [HOT, WIDE]);
    expect(await budget(tokens, { id: SEARCH })).toEqual({ amount: shared, period: "day" });
    expect(t.routeCalls(SEARCH_STREAM) - before).toBe(1);
    // Both campaigns spend from that one budget: the whole account answers what one campaign does.
    expect(await budget(tokens, { id: SEARCH }, { campaignIds: [HOT] })).toEqual({
      amount: shared,
      period: "day",
    });

    const [youtube] = (await t.connector.listAdAccounts(tokens)).filter((v) => v.id === YOUTUBE);
    if (!youtube) throw new Error("no youtube view");
    expect(await budget(tokens, youtube)).toEqual({
      amount: documentedDailyBudget(t, YOUTUBE, [YOUTUBE_BLOGGER]),
      period: "day",
    });
    await expect(budget(tokens, { id: YOUTUBE })).rejects.toBeInstanceOf(AuthError);
  });

  it("applies the tracker's filters as the metrics query does; a shared budget counts in full for one of its campaigns", async () => {
    const tokens = await t.connected();
    const shared = { amount: documentedDailyBudget(t, SEARCH, [HOT, WIDE]), period: "day" };
    expect(await budget(tokens, { id: SEARCH }, { campaignIds: [HOT] })).toEqual(shared);
    expect(await budget(tokens, { id: SEARCH }, { campaignNameContains: "WIDE" })).toEqual(shared);
    const [youtube] = (await t.connector.listAdAccounts(tokens)).filter((v) => v.id === YOUTUBE);
    if (!youtube) throw new Error("no youtube view");
    expect(await budget(tokens, youtube, { campaignNameContains: "blogger" })).toEqual({
      amount: documentedDailyBudget(t, YOUTUBE, [YOUTUBE_BLOGGER]),
      period: "day",
    });
    // Both filters at once (AND), and a name with LIKE's wildcards matched literally.
    expect(
      await budget(tokens, youtube, { campaignIds: [YOUTUBE_BLOGGER], campaignNameContains: "hot" }),
    ).toBeNull();
    expect(await budget(tokens, { id: SEARCH }, { campaignNameContains: "google%" })).toBeNull();
  });

  it("counts only serving campaigns: an enabled campaign past its end date (serving_status ENDED) is left out", async () => {
    const tokens = await t.connected();
    const [youtube] = (await t.connector.listAdAccounts(tokens)).filter((v) => v.id === YOUTUBE);
    if (!youtube) throw new Error("no youtube view");
    const today = localDate(t.sandbox.now(), youtube.timeZone);
    const shared = { amount: documentedDailyBudget(t, SEARCH, [HOT, WIDE]), period: "day" };
    try {
      // Serving through its end date: today is still a serving day.
      t.sandbox.schedules.end("googleads", YOUTUBE, YOUTUBE_BLOGGER, today);
      expect(await budget(tokens, youtube)).toEqual({
        amount: documentedDailyBudget(t, YOUTUBE, [YOUTUBE_BLOGGER]),
        period: "day",
      });
      t.sandbox.schedules.end("googleads", YOUTUBE, YOUTUBE_BLOGGER, addDays(today, -1));
      expect(await budget(tokens, youtube)).toBeNull();
      // A shared budget still counts in full while one of its campaigns serves.
      t.sandbox.schedules.end("googleads", SEARCH, HOT, addDays(today, -1));
      expect(await budget(tokens, { id: SEARCH })).toEqual(shared);
      t.sandbox.schedules.end("googleads", SEARCH, WIDE, addDays(today, -1));
      expect(await budget(tokens, { id: SEARCH })).toBeNull();
    } finally {
      t.sandbox.schedules.clear();
    }
  });

  it("answers null when no enabled campaign passes the filters", async () => {
    const tokens = await t.connected();
    expect(await budget(tokens, { id: SEARCH }, { campaignIds: [YOUTUBE_BLOGGER] })).toBeNull();
    expect(await budget(tokens, { id: SEARCH }, { campaignNameContains: "no such campaign" })).toBeNull();
  });

  it("maps errors like every call: revoked token, rate limit, malformed campaign id", async () => {
    const tokens = await t.connected();
    const before = t.stats().apiCalls;
    await expect(budget(tokens, { id: SEARCH }, { campaignIds: ["1 OR 1=1"] })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    expect(t.stats().apiCalls).toBe(before);
    await expectRateLimitThenRefusal(t, () => budget(tokens, { id: SEARCH }), {
      retryAfterSeconds: 4,
      rateLimited: { reason: "quotaError.RESOURCE_TEMPORARILY_EXHAUSTED" },
      refuse: () => t.sandbox.revokeAll("googleads"),
    });
  });
});

describe("Google Ads budget rows", () => {
  /** A budget-query row: a campaign and the budget it spends from. */
  const row = (campaign: string, budget: string, amountMicros: string, period: string): GoogleAdsRow => ({
    campaign: { id: campaign },
    campaignBudget: { resourceName: `customers/1/campaignBudgets/${budget}`, amountMicros, period },
  });

  it("counts each daily budget once and leaves custom-period budgets out", () => {
    const rows = [
      row("1", "A", "40000000", "DAILY"),
      row("2", "A", "40000000", "DAILY"),
      row("3", "B", "2500000", "DAILY"),
      row("4", "C", "900000000", "CUSTOM_PERIOD"),
    ];
    expect(dailyBudgetOf(rows)).toEqual({
      amount: Number(rows[0]?.campaignBudget?.amountMicros) + Number(rows[2]?.campaignBudget?.amountMicros),
      period: "day",
    });
    expect(dailyBudgetOf(rows.slice(3))).toBeNull();
    expect(dailyBudgetOf([{ campaign: { id: "5" } }])).toBeNull();
    expect(dailyBudgetOf([])).toBeNull();
  });
});

describe("Google Ads parser against a public response shape", () => {
  it("reads a searchStream answer (int64 as strings, doubles as numbers)", () => {
    const rows = searchStreamSchema
      .parse(fixtureJson("google-ads-search-stream.json"))
      .flatMap((b) => b.results)
      .map(toPartialRow);
    expect(rows).toEqual([
      {
        date: "2024-06-01",
        spendMicros: 25_000_000,
        impressions: 82_000,
        clicks: 1540,
        conversions: 18,
        revenueMicros: 540_000_000,
      },
      {
        date: "2024-06-02",
        spendMicros: 12_500_000,
        impressions: 41_000,
        clicks: 770,
        conversions: 2.5,
        revenueMicros: 61_750_000,
      },
    ]);
  });
});
