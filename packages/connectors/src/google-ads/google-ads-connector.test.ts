import { describe, expect, it } from "vitest";
import { AuthError } from "../errors.ts";
import { GOOGLE_ADS_SCOPE } from "../oauth/return-rules.ts";
import {
  expectCampaignFilters,
  expectInvalidGrantNotRetried,
  expectRetriesThenRateLimit,
  expectRevokeEndsTheGrant,
  fixtureJson,
  TEST_NOW,
  useConnectorTest,
} from "../testing/connector-test-kit.ts";
import { totalSpend } from "../testing/sandbox-expectations.ts";
import { createGoogleAdsConnector, toPartialRow } from "./google-ads-connector.ts";
import { searchStreamSchema } from "./schemas.ts";

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
