import { afterEach, describe, expect, it } from "vitest";
import {
  documentedDailyBudget,
  expectCampaignFilters,
  expectRateLimitThenRefusal,
  expectRetriesThenRateLimit,
  expectRevokeEndsTheGrant,
  fixtureJson,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { AuthError, PlatformDownError } from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptRedditAdsReturn } from "../oauth/return-rules.ts";
import type { OAuthTokens, TrackerFilters } from "../types.ts";
import { REDDIT_ADS_DEFAULT_USER_AGENT } from "./descriptor.ts";
import {
  activeDailyGoals,
  createRedditAdsConnector,
  REDDIT_ADS_SCOPES,
  reportRowToPartial,
} from "./reddit-ads-connector.ts";
import { redditAdAccountsPageSchema, redditCampaignsPageSchema, redditReportPageSchema } from "./schemas.ts";

const RETURN_PAGE = "https://app.pacer.test/reddit-ads-response";
const ACCOUNT = "a2_pacerdemo01";
const REPORT_ROUTE = "POST /ads-api/api/{version}/ad_accounts/{accountId}/reports";

const userAgents = new Set<string>();
/** The campaign updates sent: path and JSON body. */
const updates: Array<{ path: string; body: unknown }> = [];
const recording: FetchLike = (url, init) => {
  userAgents.add(new Headers(init.headers).get("user-agent") ?? "");
  if (init.method === "PATCH")
    updates.push({ path: new URL(String(url)).pathname, body: JSON.parse(String(init.body)) });
  return fetch(url, init);
};
const t = useConnectorTest({
  platform: "redditads",
  create: createRedditAdsConnector,
  returnPage: RETURN_PAGE,
  http: { fetch: recording },
});

const reportCalls = () => t.routeCalls(REPORT_ROUTE);

describe("Reddit Ads connector (beta) against the sandbox", () => {
  it("connects: authorize (permanent, adsread) -> approve -> exchange with Basic auth -> identity", async () => {
    const consent = await t.connect();
    const { accepted, url, codeVerifier } = consent;
    const authorize = new URL(url);
    expect(authorize.searchParams.get("duration")).toBe("permanent");
    expect(authorize.searchParams.get("scope")).toBe(REDDIT_ADS_SCOPES.join(" "));
    expect(codeVerifier).toBeUndefined();
    expect(accepted).toMatchObject({ ok: true });
    if (!accepted.ok) return;
    const { tokens, identity } = await t.exchange(consent);
    expect(tokens).toMatchObject({
      refreshToken: expect.any(String),
      expiresAt: TEST_NOW.getTime() + 86_400_000,
    });
    expect(identity).toMatchObject({
      name: "demo",
      email: "demo@pacer.test",
      id: expect.stringMatching(/^t2_/),
    });
    expect(userAgents).toEqual(new Set([REDDIT_ADS_DEFAULT_USER_AGENT]));
  });

  it("applies the spec 5 rule: fails on an error parameter or without a code", async () => {
    const denied = await t.connect({ deny: true });
    expect(denied.query.error).toBe("access_denied");
    expect(denied.accepted).toMatchObject({ ok: false, reason: "platform_error" });
    expect(acceptRedditAdsReturn({ state: "s" })).toMatchObject({ ok: false, reason: "missing_code" });
    expect(acceptRedditAdsReturn({ code: "c", error: "invalid_scope" })).toMatchObject({
      reason: "platform_error",
    });
    expect(t.connector.acceptReturn({ code: "c", state: "s" })).toMatchObject({ ok: true, code: "c" });
  });

  it("maps Reddit's HTTP 200 invalid_grant for a used code to AuthError, without retrying", async () => {
    const consent = await t.connect();
    await t.exchange(consent);
    const error = await t.exchange(consent).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_grant", status: 200, attempts: 1 });
  });

  it("lists ad accounts through the user's businesses", async () => {
    const tokens = await t.connected();
    expect(await t.connector.listAdAccounts(tokens)).toEqual([
      {
        id: ACCOUNT,
        name: "Pacer Demo - Reddit",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { businessId: expect.any(String) },
      },
    ]);
  });

  it("fetches daily metrics equal to the replayed rows (31-day reports, paged)", async () => {
    const tokens = await t.connected();
    const from = "2025-07-20";
    const to = "2026-03-18";
    const before = reportCalls();
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: ACCOUNT }, from, to });
    expect(metrics).toMatchObject({ accountId: ACCOUNT, currency: "GBP", timeZone: "Europe/London" });
    expect(metrics.rows).toEqual(t.expected(ACCOUNT, from, to));
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
    expect(reportCalls() - before).toBe(8);
  });

  it("applies campaign filters with the CAMPAIGN_ID breakdown and lists campaigns", async () => {
    const tokens = await t.connected();
    const range = { from: "2025-12-01", to: "2026-03-18" };
    const account = { id: ACCOUNT, currency: "GBP", timeZone: "Europe/London" };
    const before = reportCalls();
    await expectCampaignFilters(t, tokens, {
      account,
      range,
      campaignIds: ["127823"],
      nameContains: "COMMUNIT",
      // 108 days in reports of 31, 31, 31 and 15 days; the sandbox pages 50 rows, and with the
      // CAMPAIGN_ID breakdown a full report has 62 rows: 2 + 2 + 2 + 1 calls.
      afterById: () => expect(reportCalls() - before).toBe(7),
    });
    expect(await t.connector.listFilterValues(tokens, { account, filterId: "campaigns" })).toEqual([
      { id: "9034945", name: "reddit_communities", status: "ACTIVE" },
      { id: "127823", name: "reddit_conversation", status: "ACTIVE" },
    ]);
  });

  it("refreshes an expired access token, keeping the refresh token", async () => {
    const tokens = await t.connected();
    t.sandbox.expireAccessTokens("redditads");
    await expect(t.connector.listAdAccounts(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      status: 401,
    });
    const fresh = await t.connector.refreshAccessToken(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    await expect(t.connector.listAdAccounts(fresh)).resolves.toHaveLength(1);
  });

  it("revokes the refresh token; the refresh then answers invalid_grant, mapped to AuthError", async () => {
    const tokens = await t.connected();
    await expectRevokeEndsTheGrant(t, tokens);
    await expect(t.connector.listAdAccounts(tokens)).rejects.toBeInstanceOf(AuthError);
  });

  it("retries 500s and maps a persistent 429 to RateLimitedError", async () => {
    const tokens = await t.connected();
    const error = await expectRetriesThenRateLimit(t, tokens, { accounts: 1, retryAfterSeconds: 2 });
    expect(error).toMatchObject({ retryAfterMs: 2000, attempts: 4 });
  });
});

/**
 * Both active in the sandbox: `reddit_communities` (a campaign budget) and `reddit_conversation`
 * (no campaign budget optimisation: its budget sits on its ad groups, one running, one paused).
 */
const COMMUNITIES = "9034945";
const CONVERSATION = "127823";
const CAMPAIGNS_ROUTE = "GET /ads-api/api/{version}/ad_accounts/{accountId}/campaigns";
const AD_GROUPS_ROUTE = "GET /ads-api/api/{version}/ad_accounts/{accountId}/ad_groups";

describe("Reddit budget (fetchBudget) against the sandbox", () => {
  const budget = (tokens: OAuthTokens, filters: TrackerFilters = {}) =>
    t.connector.fetchBudget?.(tokens, { account: { id: ACCOUNT }, filters });
  /**
   * A demo campaign's daily budget as the sandbox derives it from the data file (demo-budgets.ts),
   * micros: on the campaign, or on its running ad group (the same figure) when it has none.
   */
  const demoDaily = (id: string) => documentedDailyBudget(t, ACCOUNT, [id]);

  it("sums the active campaigns' DAILY_SPEND goal_value in one call, with the User-Agent Reddit requires", async () => {
    const tokens = await t.connected();
    const before = t.routeCalls(CAMPAIGNS_ROUTE);
    expect(await budget(tokens)).toEqual({
      amount: demoDaily(COMMUNITIES) + demoDaily(CONVERSATION),
      period: "day",
    });
    expect(t.routeCalls(CAMPAIGNS_ROUTE) - before).toBe(1);
    expect(userAgents).not.toContain("");
  });

  it("counts the running ad groups' DAILY_SPEND goals of a campaign without a campaign budget, only when one is kept", async () => {
    const tokens = await t.connected();
    const before = t.routeCalls(AD_GROUPS_ROUTE);
    // The conversation campaign carries no goal: its running ad group's goal is its budget (the
    // paused ad group's is not counted).
    expect(await budget(tokens, { campaignIds: [CONVERSATION] })).toEqual({
      amount: demoDaily(CONVERSATION),
      period: "day",
    });
    expect(t.routeCalls(AD_GROUPS_ROUTE) - before).toBe(1);
    // A tracker over campaigns that carry their own budget makes no ad-group call.
    expect(await budget(tokens, { campaignIds: [COMMUNITIES] })).toEqual({
      amount: demoDaily(COMMUNITIES),
      period: "day",
    });
    expect(t.routeCalls(AD_GROUPS_ROUTE) - before).toBe(1);
  });

  it("applies the tracker's filters as fetchDailyMetrics does; null when nothing passes", async () => {
    const tokens = await t.connected();
    expect(await budget(tokens, { campaignIds: [CONVERSATION, "t6_unknown"] })).toEqual({
      amount: demoDaily(CONVERSATION),
      period: "day",
    });
    expect(await budget(tokens, { campaignNameContains: "COMMUNITIES" })).toEqual({
      amount: demoDaily(COMMUNITIES),
      period: "day",
    });
    expect(
      await budget(tokens, { campaignIds: [COMMUNITIES], campaignNameContains: "conversation" }),
    ).toBeNull();
    expect(await budget(tokens, { campaignNameContains: "no such campaign" })).toBeNull();
  });

  it("maps errors like every call: rate limit (429 after the retries), expired token (401)", async () => {
    const tokens = await t.connected();
    await expectRateLimitThenRefusal(t, () => budget(tokens), {
      retryAfterSeconds: 7,
      rateLimited: { reason: "http_429", retryAfterMs: 7000 },
      refuse: () => t.sandbox.expireAccessTokens("redditads"),
      refused: { status: 401 },
    });
  });
});

describe("Reddit campaign writes (PATCH /api/v3/campaigns/{id}) against the sandbox", () => {
  const COMMUNITIES = "9034945";
  /** Budgets on its ad groups (no campaign budget optimisation). */
  const CONVERSATION = "127823";
  const account = { id: ACCOUNT, currency: "GBP", timeZone: "Europe/London" };
  const writer = () => {
    const w = t.connector.campaigns;
    if (!w) throw new Error("no campaign writes");
    return w;
  };
  afterEach(() => {
    updates.length = 0;
    t.sandbox.writes.reset();
  });

  it("sends {data: {configured_status}} and {data: {goal_value}} in micros to the campaign, read first from the account's listing", async () => {
    const tokens = await t.connected();
    const target = { account, campaignId: COMMUNITIES };

    await writer().setCampaignStatus(tokens, { ...target, status: "paused" });
    await writer().setCampaignDailyBudget(tokens, { ...target, amountMicros: 7_654_321 });

    const path = `/redditads/ads-api/api/v3/campaigns/${COMMUNITIES}`;
    expect(updates).toEqual([
      { path, body: { data: { configured_status: "PAUSED" } } },
      { path, body: { data: { goal_value: 7_650_000 } } },
    ]);
    const [listed] = await writer().listCampaigns(tokens, {
      account,
      filters: { campaignIds: [COMMUNITIES] },
      from: "2026-03-18",
      to: "2026-03-18",
    });
    expect(listed).toMatchObject({ status: "paused", dailyBudgetMicros: 7_650_000 });
  });

  it("a campaign whose budgets sit on its ad groups is listed without a daily budget and not re-budgeted; its status is written", async () => {
    const tokens = await t.connected();
    const target = { account, campaignId: CONVERSATION };

    const [listed] = await writer().listCampaigns(tokens, {
      account,
      filters: { campaignIds: [CONVERSATION] },
      from: "2026-03-01",
      to: "2026-03-18",
    });
    const budget = writer().setCampaignDailyBudget(tokens, { ...target, amountMicros: 5_000_000 });

    expect(listed).toMatchObject({ id: CONVERSATION, dailyBudgetMicros: null });
    expect(listed?.spendMicros).toBeGreaterThan(0);
    await expect(budget).rejects.toMatchObject({ reason: "no_campaign_budget" });
    expect(updates).toEqual([]);
    expect(await writer().setCampaignStatus(tokens, { ...target, status: "paused" })).toMatchObject({
      changed: true,
      before: 1,
      after: 0,
    });
  });

  it("a campaign not in the tracker's ad account is campaign_not_found, nothing sent", async () => {
    const tokens = await t.connected();
    const write = writer().setCampaignStatus(tokens, { account, campaignId: "374754", status: "paused" });
    await expect(write).rejects.toMatchObject({ reason: "campaign_not_found" });
    expect(updates).toEqual([]);
  });
});

describe("Reddit budgets against the campaign shape (Airbyte source-reddit-ads manifest)", () => {
  it("counts active campaigns' DAILY_SPEND goal_value (micros); lifetime goals, spend caps, ad-group budgets and paused campaigns not", () => {
    const page = redditCampaignsPageSchema.parse({
      data: [
        {
          id: "1",
          name: "Daily",
          configured_status: "ACTIVE",
          goal_type: "DAILY_SPEND",
          goal_value: 50_000_000,
        },
        {
          id: "2",
          name: "Lifetime",
          configured_status: "ACTIVE",
          goal_type: "LIFETIME_SPEND",
          goal_value: 9e8,
        },
        { id: "3", name: "Capped", configured_status: "ACTIVE", goal_type: null, spend_cap: 100_000_000 },
        { id: "4", name: "Ad groups", configured_status: "ACTIVE", is_campaign_budget_optimization: false },
        {
          id: "5",
          name: "Paused",
          configured_status: "PAUSED",
          goal_type: "DAILY_SPEND",
          goal_value: 7_000_000,
        },
        {
          id: "6",
          name: "Text",
          effective_status: "ACTIVE",
          goal_type: "DAILY_SPEND",
          goal_value: "2500000",
        },
      ],
      pagination: { next_url: null },
    });
    expect(activeDailyGoals(page.data)).toEqual([
      { id: "1", name: "Daily", dailyMicros: 50_000_000 },
      { id: "6", name: "Text", dailyMicros: 2_500_000 },
    ]);
  });
});
describe("Reddit parsers against public response shapes (Airbyte mock server, docs)", () => {
  const fixture = (name: string) => fixtureJson(name, new URL("./fixtures/", import.meta.url));

  it("reads report rows: spend in micros, purchase value in cents, missing metrics as zero", () => {
    const page = redditReportPageSchema.parse(fixture("report-page.json"));
    expect(page.pagination?.next_url).toContain("page.token=abc%3D");
    expect(page.data.metrics?.map(reportRowToPartial)).toEqual([
      { date: "2026-09-26", spendMicros: 0, impressions: 0, clicks: 0, conversions: 0, revenueMicros: 0 },
      {
        date: "2024-06-01",
        spendMicros: 5_000_000,
        impressions: 1000,
        clicks: 21,
        conversions: 3,
        revenueMicros: 129_990_000,
      },
    ]);
    expect(() => reportRowToPartial({ date: "June 1" })).toThrow(PlatformDownError);
  });

  it("reads an ad accounts page", () => {
    expect(redditAdAccountsPageSchema.parse(fixture("ad-accounts-page.json")).data[0]).toMatchObject({
      id: "a2_abc123",
      currency: "USD",
      time_zone_id: "America/Los_Angeles",
    });
  });
});
