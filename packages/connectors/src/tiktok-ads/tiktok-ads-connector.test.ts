import { describe, expect, it } from "vitest";
import {
  demoDailyBudget,
  expectCampaignFilters,
  expectEnvConfig,
  expectInvalidGrantNotRetried,
  expectRateLimitThenRefusal,
  expectRetriesThenRateLimit,
  fixtureJson,
  httpFailure,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import {
  AuthError,
  BadRequestError,
  NotSupportedError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptErrorCodeOrCodeReturn, acceptReturnForSession } from "../oauth/return-rules.ts";
import { ensureFreshTokens } from "../tokens.ts";
import type { OAuthTokens, TrackerFilters } from "../types.ts";
import { classifyTikTokError } from "./classify.ts";
import { TIKTOK_ADS_API_VERSION } from "./descriptor.ts";
import { advertiserInfoSchema, campaignsSchema, reportSchema } from "./schemas.ts";
import {
  createTikTokAdsConnector,
  enabledDailyBudget,
  REPORT_MAX_DAYS,
  reportRowToDaily,
} from "./tiktok-ads-connector.ts";

const RETURN_PAGE = "https://app.pacer.test/tiktok-ads-response";
const ADVERTISER = "7000000000000000101";
const REPORT = "GET /open_api/{version}/report/integrated/get/";

const t = useConnectorTest({
  platform: "tiktokads",
  create: createTikTokAdsConnector,
  returnPage: RETURN_PAGE,
});

const reportCalls = () => t.routeCalls(REPORT);

describe("TikTok Ads connector against the sandbox", () => {
  it("connects: portal authorization -> auth_code -> long-term token (no expiry, no refresh token), identity from user/info", async () => {
    const consent = await t.connect();
    const { codeVerifier, back, url } = consent;
    const authorize = new URL(url);
    expect([...authorize.searchParams.keys()].sort()).toEqual(["app_id", "redirect_uri", "state"]);
    expect(codeVerifier).toBeUndefined();
    expect(back.searchParams.get("auth_code")).toBe(back.searchParams.get("code"));
    const { tokens, identity } = await t.exchange(consent);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens).not.toHaveProperty("refreshToken");
    expect(tokens).not.toHaveProperty("expiresAt");
    expect(tokens.scope).toBe("4 5 6");
    expect(identity).toMatchObject({ email: "demo@pacer.test", name: "Pacer Demo" });
    expect(identity.id).toMatch(/^\d+$/);
  });

  it("applies the spec 5 rule (error_code other than 200, or no code) and refuses a used auth_code from a 200 body", async () => {
    expect(acceptErrorCodeOrCodeReturn({ auth_code: "a", state: "s" })).toMatchObject({
      ok: true,
      code: "a",
    });
    expect(acceptErrorCodeOrCodeReturn({ code: "c", error_code: "200" })).toMatchObject({ ok: true });
    expect(acceptErrorCodeOrCodeReturn({ code: "c", error_code: "40110" })).toMatchObject({
      ok: false,
      reason: "platform_error",
      detail: "40110",
    });
    const denied = await t.connect({ deny: true });
    expect(denied.accepted).toMatchObject({ ok: false, reason: "missing_code" });
    expect(acceptReturnForSession("tiktokads", { auth_code: "a", state: "x" }, "y")).toMatchObject({
      reason: "state_mismatch",
    });

    const consent = await t.connect();
    await t.exchange(consent);
    const reused = await t.exchange(consent).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(AuthError);
    expect(reused).toMatchObject({ reason: "40110", status: 200, attempts: 1 });
  });

  it("lists advertisers (oauth2/advertiser/get, then advertiser/info for currency and time zone)", async () => {
    const tokens = await t.connected();
    expect(await t.connector.listAdAccounts(tokens)).toEqual([
      {
        id: ADVERTISER,
        name: "Pacer Demo - TikTok",
        currency: "USD",
        timeZone: "America/Los_Angeles",
        metaData: { status: "STATUS_ENABLE", timezone: "Etc/GMT+8" },
      },
    ]);
  });

  it("fetches daily metrics equal to the replayed rows, in report windows of at most 30 days", async () => {
    const tokens = await t.connected();
    const from = "2025-07-25";
    const to = "2026-03-18"; // 237 days
    const before = reportCalls();
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: ADVERTISER }, from, to });
    expect(reportCalls() - before).toBe(Math.ceil(237 / REPORT_MAX_DAYS));
    expect(metrics).toMatchObject({
      accountId: ADVERTISER,
      currency: "USD",
      timeZone: "America/Los_Angeles",
    });
    expect(metrics.rows).toEqual(t.expected(ADVERTISER, from, to));
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
  });

  it("applies campaign filters (AUCTION_CAMPAIGN with campaign_ids) and lists filter values", async () => {
    const tokens = await t.connected();
    const account = { id: ADVERTISER, currency: "USD", timeZone: "America/Los_Angeles" };
    const range = { from: "2026-02-01", to: "2026-03-18" };
    await expectCampaignFilters(t, tokens, { account, range, campaignIds: ["374754"], nameContains: "FEED" });
    await expect(
      t.connector.fetchDailyMetrics(tokens, { account, ...range, filters: { campaignIds: ["1; DROP"] } }),
    ).rejects.toBeInstanceOf(BadRequestError);
    expect(
      await t.connector.listFilterValues(tokens, { account, filterId: "campaigns", search: "tiktok" }),
    ).toEqual([
      { id: "374754", name: "tiktok_creators", status: "ENABLE" },
      { id: "983498", name: "tiktok_in_feed", status: "ENABLE" },
    ]);
  });

  it("cannot refresh (long-term tokens): refresh is NotSupported and ensureFreshTokens leaves the tokens alone", async () => {
    const tokens = await t.connected();
    expect(t.connector.capabilities).toMatchObject({
      refresh: "none",
      needsRefreshToken: false,
      pkce: false,
    });
    await expect(t.connector.refreshAccessToken(tokens)).rejects.toBeInstanceOf(NotSupportedError);
    expect(await ensureFreshTokens(t.connector, tokens, TEST_NOW.getTime())).toEqual({
      tokens,
      changed: false,
    });
  });

  it("revokes through oauth2/revoke_token: the token then answers code 40105 in a 200 body -> AuthError", async () => {
    const tokens = await t.connected();
    await t.connector.revoke(tokens);
    await expect(t.connector.revoke(tokens)).resolves.toBeUndefined();
    const error = await t.connector.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "40105", status: 200, retryable: false, attempts: 1 });
  });

  it("retries service errors sent in 200 bodies (code 5xxxx) and honours throttling (code 40100 + Retry-After)", async () => {
    const tokens = await t.connected();
    const limited = await expectRetriesThenRateLimit(t, tokens, { accounts: 1, retryAfterSeconds: 2 });
    expect(limited).toMatchObject({ reason: "40100", status: 200 });
  });

  it("maps an injected invalid_grant on the token endpoint to AuthError without retrying", async () => {
    const consent = await t.connect();
    if (!consent.accepted.ok) throw new Error(consent.accepted.reason);
    await expectInvalidGrantNotRetried(t, () => t.exchange(consent));
  });
});

/** The daily budget (micros) the sandbox serves for a demo campaign: `demoBudgets`, from the data file. */
const demoDaily = (campaignId: string) => demoDailyBudget(t, ADVERTISER, campaignId);

const CREATORS = "374754";
const IN_FEED = "983498";
const CAMPAIGN_GET = "GET /open_api/{version}/campaign/get/";

describe("TikTok budget (fetchBudget) against the sandbox", () => {
  const budget = (tokens: OAuthTokens, filters: TrackerFilters = {}) =>
    t.connector.fetchBudget?.(tokens, { account: { id: ADVERTISER }, filters });

  it("sums the enabled campaigns' BUDGET_MODE_DAY budgets (currency units -> micros) from campaign/get", async () => {
    const urls: string[] = [];
    const recording: FetchLike = (input, init) => {
      urls.push(input);
      return fetch(input, init);
    };
    const tokens = await t.connected();
    const before = t.routeCalls(CAMPAIGN_GET);
    const connector = t.makeConnector((config) => ({
      ...config,
      http: { ...config.http, fetch: recording },
    }));
    expect(await connector.fetchBudget?.(tokens, { account: { id: ADVERTISER } })).toEqual({
      amount: demoDaily(CREATORS) + demoDaily(IN_FEED),
      period: "day",
    });
    expect(t.routeCalls(CAMPAIGN_GET) - before).toBe(1);
    const asked = new URL(urls.find((u) => u.includes("/campaign/get/")) ?? "").searchParams;
    expect(JSON.parse(asked.get("fields") ?? "[]")).toEqual(
      expect.arrayContaining(["budget", "budget_mode"]),
    );
    expect(asked.get("advertiser_id")).toBe(ADVERTISER);
  });

  it("narrows to the campaigns the tracker's filters keep, as fetchDailyMetrics does; null when none is left", async () => {
    const tokens = await t.connected();
    expect(await budget(tokens, { campaignIds: [CREATORS] })).toEqual({
      amount: demoDaily(CREATORS),
      period: "day",
    });
    expect(await budget(tokens, { campaignNameContains: "IN_FEED" })).toEqual({
      amount: demoDaily(IN_FEED),
      period: "day",
    });
    expect(await budget(tokens, { campaignIds: [CREATORS], campaignNameContains: "feed" })).toBeNull();
    expect(await budget(tokens, { campaignIds: ["1"] })).toBeNull();
  });

  it("maps errors in 200 bodies like every call: throttled (40100), revoked token (40105)", async () => {
    const tokens = await t.connected();
    await expectRateLimitThenRefusal(t, () => budget(tokens), {
      retryAfterSeconds: 5,
      rateLimited: { reason: "40100", status: 200 },
      refuse: async () => t.connector.revoke(tokens),
      refused: { reason: "40105" },
    });
  });
});

describe("TikTok budgets against the public campaign/get shape", () => {
  it("counts enabled campaigns in BUDGET_MODE_DAY; disabled, lifetime (TOTAL) and INFINITE budgets not", () => {
    const { list } = campaignsSchema.parse({
      code: 0,
      message: "OK",
      data: {
        list: [
          {
            campaign_id: "1",
            campaign_name: "Spark",
            operation_status: "ENABLE",
            budget_mode: "BUDGET_MODE_DAY",
            budget: 50.5,
          },
          {
            campaign_id: "2",
            campaign_name: "Spark retarget",
            operation_status: "ENABLE",
            budget_mode: "BUDGET_MODE_DAY",
            budget: "20",
          },
          {
            campaign_id: "3",
            campaign_name: "Launch",
            operation_status: "ENABLE",
            budget_mode: "BUDGET_MODE_TOTAL",
            budget: 3000,
          },
          {
            campaign_id: "4",
            campaign_name: "Ad groups",
            operation_status: "ENABLE",
            budget_mode: "BUDGET_MODE_INFINITE",
            budget: 0,
          },
          {
            campaign_id: "5",
            campaign_name: "Old spark",
            operation_status: "DISABLE",
            budget_mode: "BUDGET_MODE_DAY",
            budget: 80,
          },
        ],
        page_info: { page: 1, page_size: 1000, total_number: 5, total_page: 1 },
      },
    }).data;
    expect(enabledDailyBudget(list, {})).toEqual({ amount: 70_500_000, period: "day" });
    expect(enabledDailyBudget(list, { nameContains: "RETARGET" })).toEqual({
      amount: 20_000_000,
      period: "day",
    });
    expect(enabledDailyBudget(list, { campaignIds: ["3", "4", "5"] })).toBeNull();
    expect(enabledDailyBudget([], {})).toBeNull();
  });
});

describe("TikTok configuration", () => {
  it("reads its app id and secret from the environment, else answers NotConfiguredError", () => {
    expectEnvConfig({
      key: "tiktokads",
      env: { TIKTOK_ADS_APP_ID: "app", TIKTOK_ADS_APP_SECRET: "secret" },
      partial: { TIKTOK_ADS_APP_SECRET: "secret" },
      endpoints: {
        authorizeUrl: "https://business-api.tiktok.com/portal/auth",
        apiBaseUrl: "https://business-api.tiktok.com/open_api",
        apiVersion: TIKTOK_ADS_API_VERSION,
      },
      create: createTikTokAdsConnector,
      returnPage: RETURN_PAGE,
    });
    expect(TIKTOK_ADS_API_VERSION).toBe("v1.3");
  });
});

describe("TikTok parsers against public response shapes", () => {
  it("reads report rows: metrics as strings or numbers, stat_time_day with a time part", () => {
    const rows = reportSchema
      .parse(fixtureJson("tiktok-ads-report-daily.json"))
      .data.list.map(reportRowToDaily);
    expect(rows).toEqual([
      {
        date: "2024-06-01",
        spendMicros: 20_000_000,
        impressions: 4787,
        clicks: 48,
        conversions: 0,
        revenueMicros: 0,
      },
      {
        date: "2024-06-02",
        spendMicros: 18_370_000,
        impressions: 4120,
        clicks: 41,
        conversions: 2,
        revenueMicros: 129_900_000,
      },
    ]);
    const info = advertiserInfoSchema.parse(fixtureJson("tiktok-ads-advertiser-info.json")).data.list;
    expect(info.map((a) => [a.advertiser_id, a.display_timezone ?? null])).toEqual([
      ["7012345678901234567", "America/New_York"],
      ["872746382648", null],
    ]);
  });

  it("maps error codes inside HTTP 200 bodies to the typed errors", () => {
    const failure = (body: unknown, status = 200) => httpFailure("tiktokads", status, body);
    expect(classifyTikTokError(failure(fixtureJson("tiktok-ads-error-in-200.json")))).toMatchObject({
      code: "auth_failed",
      reason: "40104",
    });
    expect(classifyTikTokError(failure({ code: 40001, message: "No permission" }))).toBeInstanceOf(AuthError);
    expect(classifyTikTokError(failure({ code: 40133, message: "QPS" }))).toBeInstanceOf(RateLimitedError);
    expect(classifyTikTokError(failure({ code: 51004, message: "busy" }))).toBeInstanceOf(PlatformDownError);
    expect(classifyTikTokError(failure({ code: 40002, message: "Parameter error" }))).toMatchObject({
      code: "bad_request",
      reason: "40002",
    });
    expect(classifyTikTokError(failure({ code: 0, message: "OK", data: {} }))).toBeUndefined();
    expect(classifyTikTokError(failure({ error: "invalid_grant" }, 400))).toBeUndefined();
  });
});
