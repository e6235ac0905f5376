import { addDays } from "@pacer/core";
import { afterEach, describe, expect, it } from "vitest";
import {
  demoDailyBudget,
  expectCampaignFilters,
  expectEnvConfig,
  expectInvalidGrantNotRetried,
  expectRateLimitThenRefusal,
  expectRefusedGrant,
  expectRetriesThenRateLimit,
  fixtureJson,
  httpFailure,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { AuthError, BadRequestError, PlatformDownError, RateLimitedError } from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptErrorCodeOrCodeReturn, acceptReturnForSession } from "../oauth/return-rules.ts";
import type { OAuthTokens, TrackerFilters } from "../types.ts";
import { classifyPinterestError } from "./classify.ts";
import { PINTEREST_ADS_API_VERSION } from "./descriptor.ts";
import {
  createPinterestAdsConnector,
  metricsToRow,
  PINTEREST_ADS_SCOPES,
  runningDailyCaps,
  SYNC_LOOKBACK_DAYS,
} from "./pinterest-ads-connector.ts";
import { adAccountsPageSchema, analyticsSchema, campaignsPageSchema, reportFileSchema } from "./schemas.ts";

const RETURN_PAGE = "https://app.pacer.test/pinterest-ads-response";
const ACCOUNT = "549000000101";
const SYNC = "GET /api/v5/ad_accounts/{adAccountId}/analytics";
const CAMPAIGN_SYNC = "GET /api/v5/ad_accounts/{adAccountId}/campaigns/analytics";
const CREATE = "POST /api/v5/ad_accounts/{adAccountId}/reports";
const POLL = "GET /api/v5/ad_accounts/{adAccountId}/reports";
const DOWNLOAD = "GET /download/reports/{file}";

/** Answers in place of the sandbox for the calls it matches (a test sets it; reset after each). */
let answerFor: ((url: URL, init: RequestInit) => Response | undefined) | undefined;
/** The JSON bodies of the campaign updates sent. */
const updates: unknown[] = [];
const stubbing: FetchLike = async (url, init) => {
  const u = new URL(String(url));
  if (init.method === "PATCH") updates.push(JSON.parse(String(init.body)));
  return answerFor?.(u, init) ?? fetch(url, init);
};

const t = useConnectorTest({
  platform: "pinterestads",
  create: createPinterestAdsConnector,
  returnPage: RETURN_PAGE,
  http: { fetch: stubbing },
});

const calls = (routes: string[]) => routes.map((r) => t.routeCalls(r));

describe("Pinterest Ads connector against the sandbox", () => {
  it("connects: authorize -> approve -> exchange with HTTP Basic, 30-day token and a 60-day continuous refresh token", async () => {
    const consent = await t.connect();
    const { codeVerifier, url } = consent;
    expect(new URL(url).searchParams.get("scope")).toBe(PINTEREST_ADS_SCOPES.join(","));
    expect(codeVerifier).toBeUndefined();
    const { tokens, identity } = await t.exchange(consent);
    expect(tokens.expiresAt).toBe(TEST_NOW.getTime() + 2_592_000_000);
    expect(tokens.refreshTokenExpiresAt).toBe(TEST_NOW.getTime() + 5_184_000_000);
    expect(tokens.refreshToken).toBeTruthy();
    expect(identity).toMatchObject({ name: "Pacer Demo" });
    expect(identity.id).toMatch(/^\d+$/);
  });

  it("applies the spec 5 rule: error_code other than 200 or no code fails; the session state must match", async () => {
    const denied = await t.connect({ deny: true });
    expect(denied.accepted).toMatchObject({ ok: false, reason: "missing_code" });
    expect(acceptErrorCodeOrCodeReturn({ code: "c", error_code: "403" })).toMatchObject({
      reason: "platform_error",
    });
    expect(acceptErrorCodeOrCodeReturn({ code: "c", error_code: "200", state: "s" })).toMatchObject({
      ok: true,
      code: "c",
    });
    expect(acceptReturnForSession("pinterestads", { code: "c", state: "a" }, "b")).toMatchObject({
      reason: "state_mismatch",
    });
  });

  it("lists ad accounts (shared accounts included, UTC)", async () => {
    const tokens = await t.connected();
    expect(await t.connector.listAdAccounts(tokens)).toEqual([
      {
        id: ACCOUNT,
        name: "Pacer Demo - Pinterest",
        currency: "GBP",
        timeZone: "UTC",
        metaData: { country: "GB", permissions: "ADMIN" },
      },
    ]);
  });

  it("fetches seven months equal to the replayed rows: the last 90 days from analytics, older days from an async report", async () => {
    const tokens = await t.connected();
    const from = "2025-07-25";
    const to = "2026-03-18";
    const routes = [SYNC, CREATE, POLL, DOWNLOAD];
    const before = calls(routes);
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: ACCOUNT }, from, to });
    expect(calls(routes).map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1, 2, 1]);
    expect(t.sleeps).toEqual([1000]);
    expect(metrics).toMatchObject({ accountId: ACCOUNT, currency: "GBP", timeZone: "UTC" });
    expect(metrics.rows).toEqual(t.expected(ACCOUNT, from, to));
    const firstSyncDay = addDays("2026-03-18", -SYNC_LOOKBACK_DAYS);
    expect(totalSpend(metrics.rows.filter((r) => r.date < firstSyncDay))).toBeGreaterThan(0);
    expect(totalSpend(metrics.rows.filter((r) => r.date >= firstSyncDay))).toBeGreaterThan(0);
  });

  it("serves a recent range from analytics alone", async () => {
    const tokens = await t.connected();
    const routes = [SYNC, CREATE];
    const before = calls(routes);
    const metrics = await t.connector.fetchDailyMetrics(tokens, {
      account: { id: ACCOUNT, currency: "GBP" },
      from: "2026-03-01",
      to: "2026-03-18",
    });
    expect(calls(routes).map((n, i) => n - (before[i] ?? 0))).toEqual([1, 0]);
    expect(metrics.rows).toEqual(t.expected(ACCOUNT, "2026-03-01", "2026-03-18"));
  });

  it("applies campaign filters (campaigns/analytics and CAMPAIGN-level reports) and lists filter values", async () => {
    const tokens = await t.connected();
    const account = { id: ACCOUNT, currency: "GBP", timeZone: "UTC" };
    const range = { from: "2025-11-01", to: "2026-03-18" };
    const before = calls([CAMPAIGN_SYNC, CREATE]);
    await expectCampaignFilters(t, tokens, {
      account,
      range,
      campaignIds: ["9034945"],
      nameContains: "AWARENESS",
      afterById: () =>
        expect(calls([CAMPAIGN_SYNC, CREATE]).map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1]),
    });
    await expect(
      t.connector.fetchDailyMetrics(tokens, { account, ...range, filters: { campaignIds: ["abc"] } }),
    ).rejects.toBeInstanceOf(BadRequestError);
    expect(await t.connector.listFilterValues(tokens, { account, filterId: "campaigns" })).toEqual([
      { id: "348934", name: "pinterest_awareness", status: "PAUSED" },
      { id: "9034945", name: "pinterest_shopping", status: "ACTIVE" },
    ]);
  });

  it("refreshes with rotation: a new refresh token each time, the old one then answers invalid_grant", async () => {
    const tokens = await t.connected();
    t.sandbox.expireAccessTokens("pinterestads");
    const expired = await t.connector.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(AuthError);
    expect(expired).toMatchObject({ reason: "2", status: 401 });
    const fresh = await t.connector.refreshAccessToken(tokens);
    expect(fresh.refreshToken).toBeTruthy();
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect(fresh.refreshTokenExpiresAt).toBe(TEST_NOW.getTime() + 5_184_000_000);
    expect(await t.connector.listAdAccounts(fresh)).toHaveLength(1);
    await expect(t.connector.refreshAccessToken(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
    });
  });

  it("has no user-token revocation; once the user disconnects the app, the refresh is invalid_grant -> AuthError", async () => {
    const tokens = await t.connected();
    expect(t.connector.capabilities).toMatchObject({ revoke: false, rotatesRefreshToken: true, pkce: false });
    const before = t.sandbox.stats().pinterestads?.calls ?? 0;
    await expect(t.connector.revoke(tokens)).resolves.toBeUndefined();
    expect(t.sandbox.stats().pinterestads?.calls).toBe(before);
    t.sandbox.revokeAll("pinterestads");
    await expectRefusedGrant(t.connector.refreshAccessToken(tokens));
  });

  it("retries injected 500s, honours 429 Retry-After, and maps an injected invalid_grant without retrying", async () => {
    const tokens = await t.connected();
    await expectRetriesThenRateLimit(t, tokens, { accounts: 1, retryAfterSeconds: 4 });
    await expectInvalidGrantNotRetried(t, () => t.connector.refreshAccessToken(tokens));
  });
});

/** Active: `pinterest_shopping`. Paused: `pinterest_awareness`. */
const SHOPPING = "9034945";
const AWARENESS = "348934";
const CAMPAIGNS = "GET /api/v5/ad_accounts/{adAccountId}/campaigns";

describe("Pinterest budget (fetchBudget) against the sandbox", () => {
  const budget = (tokens: OAuthTokens, filters: TrackerFilters = {}) =>
    t.connector.fetchBudget?.(tokens, { account: { id: ACCOUNT }, filters });
  /** A demo campaign's daily budget as the sandbox derives it from the data file (demo-budgets.ts), micros. */
  const demoDaily = (id: string) => demoDailyBudget(t, ACCOUNT, id);

  it("sums the daily_spend_cap of the active campaigns in one call; the paused campaign's budget is not counted", async () => {
    const tokens = await t.connected();
    expect(demoDaily(AWARENESS)).toBeGreaterThan(0);
    const before = t.routeCalls(CAMPAIGNS);
    expect(await budget(tokens)).toEqual({ amount: demoDaily(SHOPPING), period: "day" });
    expect(t.routeCalls(CAMPAIGNS) - before).toBe(1);
    expect(await budget(tokens, { campaignIds: [AWARENESS] })).toBeNull();
  });

  it("applies the tracker's filters as fetchDailyMetrics does", async () => {
    const tokens = await t.connected();
    const shopping = { amount: demoDaily(SHOPPING), period: "day" };
    expect(await budget(tokens, { campaignIds: [SHOPPING, AWARENESS] })).toEqual(shopping);
    expect(await budget(tokens, { campaignNameContains: "SHOP" })).toEqual(shopping);
    expect(await budget(tokens, { campaignIds: [SHOPPING], campaignNameContains: "awareness" })).toBeNull();
    expect(await budget(tokens, { campaignNameContains: "no such campaign" })).toBeNull();
    const before = t.stats().apiCalls;
    await expect(budget(tokens, { campaignIds: ["abc"] })).rejects.toBeInstanceOf(BadRequestError);
    expect(t.stats().apiCalls).toBe(before);
  });

  it("maps errors like every call: rate limit (429 after the retries), expired token (code 2)", async () => {
    const tokens = await t.connected();
    await expectRateLimitThenRefusal(t, () => budget(tokens), {
      retryAfterSeconds: 3,
      rateLimited: { reason: "429" },
      refuse: () => t.sandbox.expireAccessTokens("pinterestads"),
      refused: { reason: "2" },
    });
  });
});

describe("Pinterest campaign writes (PATCH /v5/ad_accounts/{id}/campaigns) against the sandbox", () => {
  const target = { account: { id: ACCOUNT, currency: "GBP", timeZone: "UTC" }, campaignId: SHOPPING };
  const writer = () => {
    const w = t.connector.campaigns;
    if (!w) throw new Error("no campaign writes");
    return w;
  };
  afterEach(() => {
    answerFor = undefined;
    updates.length = 0;
    t.sandbox.writes.reset();
  });

  it("sends a list of one {id, ad_account_id, status} and {id, ad_account_id, daily_spend_cap} in micros, read first with campaign_ids", async () => {
    const tokens = await t.connected();
    const reads = t.routeCalls(CAMPAIGNS);

    await writer().setCampaignStatus(tokens, { ...target, status: "paused" });
    await writer().setCampaignDailyBudget(tokens, { ...target, amountMicros: 12_345_678 });

    expect(updates).toEqual([
      [{ ad_account_id: ACCOUNT, id: SHOPPING, status: "PAUSED" }],
      [{ ad_account_id: ACCOUNT, id: SHOPPING, daily_spend_cap: 12_350_000 }],
    ]);
    expect(t.routeCalls(CAMPAIGNS) - reads).toBe(2);
    const [listed] = await writer().listCampaigns(tokens, {
      ...target,
      filters: { campaignIds: [SHOPPING] },
      from: "2026-03-18",
      to: "2026-03-18",
    });
    expect(listed).toMatchObject({ status: "paused", dailyBudgetMicros: 12_350_000 });
  });

  it("a campaign refused inside a 200 answer (its exceptions) is a BadRequestError with Pinterest's code", async () => {
    const tokens = await t.connected();
    answerFor = (_url, init) =>
      init.method === "PATCH"
        ? Response.json({ items: [{ data: null, exceptions: [{ code: 2613, message: "Budget too low." }] }] })
        : undefined;

    const write = writer().setCampaignDailyBudget(tokens, { ...target, amountMicros: 100_000 });

    await expect(write).rejects.toMatchObject({ code: "bad_request", reason: "2613" });
    await expect(write).rejects.toBeInstanceOf(BadRequestError);
  });

  it("a role that may not edit campaigns (403, code 29) is InsufficientScopeError, sent once", async () => {
    const tokens = await t.connected();
    answerFor = (_url, init) =>
      init.method === "PATCH"
        ? Response.json(
            { code: 29, message: "You are not permitted to access that resource." },
            { status: 403 },
          )
        : undefined;

    const write = writer().setCampaignStatus(tokens, { ...target, status: "paused" });

    await expect(write).rejects.toMatchObject({ code: "insufficient_scope", reason: "29", retryable: false });
    expect(updates).toHaveLength(1);
  });

  it("a campaign whose budgets sit on its ad groups (no daily_spend_cap) is not re-budgeted, nothing sent", async () => {
    const tokens = await t.connected();
    answerFor = (url, init) =>
      init.method !== "PATCH" && url.pathname.endsWith("/campaigns") && url.searchParams.has("campaign_ids")
        ? Response.json({
            items: [{ id: SHOPPING, name: "pinterest_shopping", status: "ACTIVE", daily_spend_cap: null }],
            bookmark: null,
          })
        : undefined;

    const write = writer().setCampaignDailyBudget(tokens, { ...target, amountMicros: 5_000_000 });

    await expect(write).rejects.toMatchObject({ reason: "no_campaign_budget" });
    expect(updates).toEqual([]);
  });

  it("an unknown campaign is campaign_not_found before any write", async () => {
    const tokens = await t.connected();
    const write = writer().setCampaignStatus(tokens, { ...target, campaignId: "111", status: "paused" });
    await expect(write).rejects.toMatchObject({ reason: "campaign_not_found" });
    expect(updates).toEqual([]);
  });
});

describe("Pinterest budgets against the public campaign shape (v5 OpenAPI CampaignResponse)", () => {
  it("counts active campaigns' daily_spend_cap (micros); lifetime-only, null or zero caps and other statuses not", () => {
    const page = campaignsPageSchema.parse({
      items: [
        { id: "1", name: "Daily", status: "ACTIVE", daily_spend_cap: 25_000_000, lifetime_spend_cap: null },
        {
          id: "2",
          name: "Lifetime",
          status: "ACTIVE",
          daily_spend_cap: null,
          lifetime_spend_cap: 900_000_000,
        },
        { id: "3", name: "No cap", status: "ACTIVE", daily_spend_cap: 0 },
        { id: "4", name: "Paused", status: "PAUSED", daily_spend_cap: 40_000_000 },
        { id: "5", name: "As text", status: "ACTIVE", daily_spend_cap: "1432744744" },
      ],
      bookmark: null,
    });
    expect(runningDailyCaps(page.items)).toEqual([
      { id: "1", name: "Daily", dailyMicros: 25_000_000 },
      { id: "5", name: "As text", dailyMicros: 1_432_744_744 },
    ]);
    expect(() => campaignsPageSchema.parse({ items: [{ id: "6", daily_spend_cap: 12.5 }] })).toThrow();
  });
});

describe("Pinterest configuration", () => {
  it("reads its app id and secret from the environment, else answers NotConfiguredError", () => {
    expectEnvConfig({
      key: "pinterestads",
      env: { PINTEREST_ADS_APP_ID: "app", PINTEREST_ADS_APP_SECRET: "secret" },
      partial: { PINTEREST_ADS_APP_ID: "app" },
      endpoints: {
        authorizeUrl: "https://www.pinterest.com/oauth/",
        apiBaseUrl: "https://api.pinterest.com",
        apiVersion: PINTEREST_ADS_API_VERSION,
      },
      create: createPinterestAdsConnector,
      returnPage: RETURN_PAGE,
    });
    expect(PINTEREST_ADS_API_VERSION).toBe("v5");
  });
});

describe("Pinterest parsers against public response shapes (v5 OpenAPI)", () => {
  it("reads analytics rows: micro-unit columns, columns without a value left out, dollars never used", () => {
    expect(analyticsSchema.parse(fixtureJson("pinterest-ads-analytics.json")).map(metricsToRow)).toEqual([
      { date: "2021-04-01", spendMicros: 0, impressions: 0, clicks: 216, conversions: 0, revenueMicros: 0 },
      {
        date: "2021-04-02",
        spendMicros: 30_000_000,
        impressions: 15_400,
        clicks: 0,
        conversions: 4,
        revenueMicros: 219_960_000,
      },
    ]);
  });

  it("reads an ad accounts page and an async report file grouped by entity id", () => {
    const page = adAccountsPageSchema.parse(fixtureJson("pinterest-ads-ad-accounts.json"));
    expect(page.items[0]).toMatchObject({ id: "547602124502", currency: "USD" });
    expect(page.bookmark).toBeNull();
    const rows = Object.values(reportFileSchema.parse(fixtureJson("pinterest-ads-report-file.json")))
      .flat()
      .map(metricsToRow);
    expect(rows.map((r) => [r.date, r.spendMicros, r.impressions])).toEqual([
      ["2024-01-01", 12_500_000, 3100],
      ["2024-01-02", 0, 40],
    ]);
  });

  it("maps Pinterest error bodies to the typed errors", () => {
    const failure = (status: number, body: unknown) => httpFailure("pinterestads", status, body);
    expect(
      classifyPinterestError(failure(401, { code: 2, message: "Authentication failed." })),
    ).toBeInstanceOf(AuthError);
    expect(classifyPinterestError(failure(403, { code: 29, message: "not permitted" }))).toMatchObject({
      code: "auth_failed",
      reason: "29",
    });
    expect(
      classifyPinterestError(failure(429, { code: 2726, message: "Reporting query cost limit exceeded." })),
    ).toBeInstanceOf(RateLimitedError);
    expect(
      classifyPinterestError(failure(503, { code: 12, message: "Something went wrong" })),
    ).toBeInstanceOf(PlatformDownError);
    expect(
      classifyPinterestError(
        failure(400, { code: 400, message: "Invalid ad account analytics parameters." }),
      ),
    ).toBeInstanceOf(BadRequestError);
    expect(classifyPinterestError(failure(400, { error: "invalid_grant" }))).toBeUndefined();
  });
});
