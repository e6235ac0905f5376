import { beforeEach, describe, expect, it } from "vitest";
import {
  demoDailyBudget,
  documentedDailyBudget,
  expectCampaignFilters,
  expectEnvConfig,
  expectInvalidGrantNotRetried,
  expectRateLimitThenRefusal,
  expectRetriesThenRateLimit,
  expectRevokeEndsTheGrant,
  fixtureJson,
  httpFailure,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { AuthError, BadRequestError, PlatformDownError } from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptLinkedInAdsReturn, acceptReturnForSession } from "../oauth/return-rules.ts";
import type { OAuthTokens, TrackerFilters } from "../types.ts";
import { classifyLinkedInError } from "./classify.ts";
import { LINKEDIN_ADS_API_VERSION } from "./descriptor.ts";
import {
  ACTIVE_CAMPAIGNS_SEARCH,
  activeDailyBudget,
  analyticsToRow,
  createLinkedInAdsConnector,
  LINKEDIN_ADS_SCOPES,
} from "./linkedin-ads-connector.ts";
import { adAccountsPageSchema, adCampaignsPageSchema, analyticsSchema } from "./schemas.ts";

const DAY_MS = 86_400_000;
const RETURN_PAGE = "https://app.pacer.test/linkedin-ads-response";
const ACCOUNT = "508000101";
const ANALYTICS = "GET /api/rest/adAnalytics";

let clock = TEST_NOW.getTime();
const t = useConnectorTest({
  platform: "linkedinads",
  create: createLinkedInAdsConnector,
  returnPage: RETURN_PAGE,
  now: () => clock,
});
beforeEach(() => {
  clock = TEST_NOW.getTime();
});

/** A LinkedIn connector sending another `Linkedin-Version`. */
function withApiVersion(apiVersion: string) {
  return t.makeConnector((config) => {
    if (config.linkedinads) config.linkedinads.apiVersion = apiVersion;
    return config;
  });
}

describe("LinkedIn Ads connector against the sandbox", () => {
  it("connects: authorize -> approve -> accepted return -> exchange, 60-day token and a one-year refresh token", async () => {
    const consent = await t.connect();
    const { codeVerifier, back, url } = consent;
    expect(codeVerifier).toBeUndefined();
    expect(new URL(url).searchParams.get("scope")).toBe(LINKEDIN_ADS_SCOPES.join(" "));
    expect(back.origin + back.pathname).toBe(RETURN_PAGE);
    const { tokens, identity } = await t.exchange(consent);
    expect(tokens.expiresAt).toBe(TEST_NOW.getTime() + 5_184_000_000);
    expect(tokens.refreshTokenExpiresAt).toBe(TEST_NOW.getTime() + 31_536_000_000);
    expect(tokens.refreshToken).toBeTruthy();
    expect(identity).toMatchObject({ email: "demo@pacer.test", name: "Pacer Demo" });
    expect(t.connector.capabilities).toMatchObject({
      pkce: false,
      needsRefreshToken: true,
      rotatesRefreshToken: false,
    });
  });

  it("applies the spec 5 rule: no code fails (a cancelled consent), and a state that is not the session's is refused", async () => {
    const { accepted, back } = await t.connect({ deny: true });
    expect(back.searchParams.get("error")).toBe("user_cancelled_authorize");
    expect(accepted).toMatchObject({ ok: false, reason: "missing_code", detail: "user_cancelled_authorize" });
    expect(acceptLinkedInAdsReturn({ code: "c", state: "s" })).toEqual({ ok: true, code: "c", state: "s" });
    expect(acceptReturnForSession("linkedinads", { code: "c", state: "theirs" }, "mine")).toMatchObject({
      ok: false,
      reason: "state_mismatch",
    });
    await expect(
      t.connector.exchangeCode({ code: "made-up", redirectUri: RETURN_PAGE }),
    ).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
      attempts: 1,
    });
  });

  it("lists ad accounts (UTC), sending the pinned Linkedin-Version; a sunset version is a bad request", async () => {
    const tokens = await t.connected();
    expect(await t.connector.listAdAccounts(tokens)).toEqual([
      {
        id: ACCOUNT,
        name: "Pacer Demo - LinkedIn",
        currency: "EUR",
        timeZone: "UTC",
        metaData: { status: "ACTIVE", type: "BUSINESS" },
      },
    ]);
    expect(LINKEDIN_ADS_API_VERSION).toMatch(/^\d{6}$/);
    const error = await withApiVersion("202401")
      .listAdAccounts(tokens)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ reason: "version_sunset", status: 426, attempts: 1 });
  });

  it("fetches daily metrics (adAnalytics, pivot ACCOUNT) equal to the replayed rows", async () => {
    const tokens = await t.connected();
    const from = "2025-07-25";
    const to = "2026-03-18";
    const before = t.sandbox.stats().linkedinads?.byRoute[ANALYTICS] ?? 0;
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: ACCOUNT }, from, to });
    expect((t.sandbox.stats().linkedinads?.byRoute[ANALYTICS] ?? 0) - before).toBe(1);
    expect(metrics).toMatchObject({ accountId: ACCOUNT, currency: "EUR", timeZone: "UTC" });
    expect(metrics.rows).toEqual(t.expected(ACCOUNT, from, to));
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
  });

  it("applies campaign filters (pivot CAMPAIGN, names resolved through adCampaigns) and lists filter values", async () => {
    const tokens = await t.connected();
    const account = { id: ACCOUNT, currency: "EUR", timeZone: "UTC" };
    const range = { from: "2026-02-01", to: "2026-03-18" };
    await expectCampaignFilters(t, tokens, {
      account,
      range,
      campaignIds: ["349043", "544756"],
      nameContains: "RETARGET",
    });

    const before = t.sandbox.stats().linkedinads?.byRoute[ANALYTICS] ?? 0;
    const none = await t.connector.fetchDailyMetrics(tokens, {
      account,
      ...range,
      filters: { campaignNameContains: "nothing" },
    });
    expect(totalSpend(none.rows)).toBe(0);
    expect(none.rows).toHaveLength(46);
    expect((t.sandbox.stats().linkedinads?.byRoute[ANALYTICS] ?? 0) - before).toBe(0);

    expect(await t.connector.listFilterValues(tokens, { account, filterId: "campaigns" })).toEqual([
      { id: "544756", name: "linkedin_lead_gen", status: "ACTIVE" },
      { id: "4387490", name: "linkedin_retargeting", status: "PAUSED" },
      { id: "349043", name: "linkedin_sponsored_content", status: "ACTIVE" },
    ]);
    expect(await t.connector.listFilterValues(tokens, { account, filterId: "campaignName" })).toEqual([]);
  });

  it("refreshes without rotation: the same refresh token comes back with its lifetime counting down", async () => {
    const tokens = await t.connected();
    clock += 10 * DAY_MS;
    t.sandbox.expireAccessTokens("linkedinads");
    await expect(t.connector.listAdAccounts(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "INVALID_ACCESS_TOKEN",
    });
    const fresh = await t.connector.refreshAccessToken(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect(fresh.refreshTokenExpiresAt).toBe(tokens.refreshTokenExpiresAt);
    expect(fresh.expiresAt).toBe(clock + 5_184_000_000);
    expect(await t.connector.listAdAccounts(fresh)).toHaveLength(1);
  });

  it("revokes through oauth/v2/revoke: the token stops working and the refresh is invalid_grant -> AuthError", async () => {
    const tokens = await t.connected();
    await expectRevokeEndsTheGrant(t, tokens);
    await expect(t.connector.listAdAccounts(tokens)).rejects.toBeInstanceOf(AuthError);
  });

  it("retries injected 500s, honours 429 Retry-After, and maps an injected invalid_grant without retrying", async () => {
    const tokens = await t.connected();
    await expectRetriesThenRateLimit(t, tokens, { accounts: 1, retryAfterSeconds: 3 });
    await expectInvalidGrantNotRetried(t, () => t.connector.refreshAccessToken(tokens));
  });
});

/** The daily budget (micros) the sandbox serves for a demo campaign: `demoBudgets`, from the data file. */
const demoDaily = (campaignId: string) => demoDailyBudget(t, ACCOUNT, campaignId);

const SPONSORED = "349043";
/** Paused, with a daily budget. */
const RETARGETING = "4387490";
/** Active, no budget of its own: its campaign group (budget optimisation) holds the daily budget. */
const LEAD_GEN = "544756";
const AD_CAMPAIGNS = "GET /api/rest/adAccounts/{accountId}/adCampaigns";
const AD_CAMPAIGN_GROUPS = "GET /api/rest/adAccounts/{accountId}/adCampaignGroups";

describe("LinkedIn budget (fetchBudget) against the sandbox", () => {
  const budget = (tokens: OAuthTokens, filters: TrackerFilters = {}) =>
    t.connector.fetchBudget?.(tokens, { account: { id: ACCOUNT }, filters });

  it("sums the ACTIVE campaigns' dailyBudget from one adCampaigns search (literal Rest.li, pinned version)", async () => {
    const sent: Array<{ url: string; version: string | null }> = [];
    const recording: FetchLike = (input, init) => {
      sent.push({ url: input, version: new Headers(init?.headers).get("linkedin-version") });
      return fetch(input, init);
    };
    const tokens = await t.connected();
    const before = t.routeCalls(AD_CAMPAIGNS);
    const connector = t.makeConnector((config) => ({
      ...config,
      http: { ...config.http, fetch: recording },
    }));
    // The paused campaign keeps its budget in the sandbox but does not run: only the active one counts.
    expect(demoDaily(RETARGETING)).toBeGreaterThan(0);
    const groupsBefore = t.routeCalls(AD_CAMPAIGN_GROUPS);
    expect(
      await connector.fetchBudget?.(tokens, {
        account: { id: ACCOUNT },
        filters: { campaignIds: [SPONSORED, RETARGETING] },
      }),
    ).toEqual({ amount: demoDaily(SPONSORED), period: "day" });
    expect(t.routeCalls(AD_CAMPAIGNS) - before).toBe(1);
    // Campaigns that carry their own budget need no campaign-group call.
    expect(t.routeCalls(AD_CAMPAIGN_GROUPS) - groupsBefore).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toContain(`&search=${ACTIVE_CAMPAIGNS_SEARCH}`);
    expect(sent[0]?.version).toBe(LINKEDIN_ADS_API_VERSION);
  });

  it("counts the campaign group's daily budget of an active campaign without one, once, in one more search", async () => {
    const tokens = await t.connected();
    expect(Number.isNaN(demoDaily(LEAD_GEN))).toBe(true);
    const group = documentedDailyBudget(t, ACCOUNT, [LEAD_GEN]);
    const before = t.routeCalls(AD_CAMPAIGN_GROUPS);
    expect(await budget(tokens, { campaignIds: [LEAD_GEN] })).toEqual({ amount: group, period: "day" });
    expect(t.routeCalls(AD_CAMPAIGN_GROUPS) - before).toBe(1);
    // The whole account: the campaign's own budget plus the group's, each once.
    expect(await budget(tokens)).toEqual({ amount: demoDaily(SPONSORED) + group, period: "day" });
    expect(await budget(tokens, { campaignNameContains: "lead" })).toEqual({ amount: group, period: "day" });
  });

  it("narrows to the campaigns the tracker's filters keep, as fetchDailyMetrics does; paused ones never count", async () => {
    const tokens = await t.connected();
    expect(await budget(tokens, { campaignNameContains: "SPONSORED" })).toEqual({
      amount: demoDaily(SPONSORED),
      period: "day",
    });
    expect(await budget(tokens, { campaignIds: [SPONSORED, RETARGETING] })).toEqual({
      amount: demoDaily(SPONSORED),
      period: "day",
    });
    expect(await budget(tokens, { campaignIds: [RETARGETING] })).toBeNull();
    expect(await budget(tokens, { campaignNameContains: "retargeting" })).toBeNull();
  });

  it("maps errors like every call: 429 with Retry-After, an invalid token (401)", async () => {
    const tokens = await t.connected();
    await expectRateLimitThenRefusal(t, () => budget(tokens), {
      retryAfterSeconds: 3,
      refuse: async () => t.connector.revoke(tokens),
      refused: { reason: "INVALID_ACCESS_TOKEN" },
    });
  });
});

describe("LinkedIn budgets against the public adCampaigns shape", () => {
  it("counts ACTIVE campaigns' dailyBudget; totalBudget-only and paused campaigns not", () => {
    const { elements } = adCampaignsPageSchema.parse({
      elements: [
        {
          id: 1,
          name: "Leads EMEA",
          status: "ACTIVE",
          dailyBudget: { amount: "50.00", currencyCode: "EUR" },
        },
        {
          id: 2,
          name: "Leads DACH",
          status: "ACTIVE",
          dailyBudget: { amount: "12.5", currencyCode: "EUR" },
          totalBudget: { amount: "900.00", currencyCode: "EUR" },
        },
        { id: 3, name: "Event", status: "ACTIVE", totalBudget: { amount: "2000.00", currencyCode: "EUR" } },
        { id: 4, name: "Old leads", status: "PAUSED", dailyBudget: { amount: "80.00", currencyCode: "EUR" } },
      ],
      metadata: {},
    });
    expect(activeDailyBudget(elements, {})).toEqual({ amount: 62_500_000, period: "day" });
    expect(activeDailyBudget(elements, { nameContains: "dach" })).toEqual({
      amount: 12_500_000,
      period: "day",
    });
    expect(activeDailyBudget(elements, { campaignIds: ["3", "4"] })).toBeNull();
    expect(() =>
      adCampaignsPageSchema.parse({ elements: [{ id: 5, dailyBudget: { amount: "fifty" } }] }),
    ).toThrow();
  });
});

describe("LinkedIn configuration", () => {
  it("reads its client from the environment, else answers NotConfiguredError", () => {
    expectEnvConfig({
      key: "linkedinads",
      env: { LINKEDIN_ADS_CLIENT_ID: "id", LINKEDIN_ADS_CLIENT_SECRET: "secret" },
      partial: { LINKEDIN_ADS_CLIENT_ID: "id" },
      endpoints: {
        authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
        apiBaseUrl: "https://api.linkedin.com",
        apiVersion: LINKEDIN_ADS_API_VERSION,
      },
      create: createLinkedInAdsConnector,
      returnPage: RETURN_PAGE,
    });
  });
});

describe("LinkedIn parsers against public response shapes", () => {
  it("reads adAnalytics elements: local-currency decimal strings, Rest.li dates; costInUsd is never used", () => {
    const rows = analyticsSchema
      .parse(fixtureJson("linkedin-ads-analytics.json"))
      .elements.map(analyticsToRow);
    expect(rows).toEqual([
      {
        date: "2023-01-02",
        spendMicros: 209_449_000,
        impressions: 19_090,
        clicks: 100,
        conversions: 3,
        revenueMicros: 450_000_000,
      },
      {
        date: "2023-01-03",
        spendMicros: 0,
        impressions: 20_210,
        clicks: 408,
        conversions: 0,
        revenueMicros: 0,
      },
    ]);
  });

  it("reads an adAccounts search page with its next page token", () => {
    const page = adAccountsPageSchema.parse(fixtureJson("linkedin-ads-accounts.json"));
    expect(page.elements[0]).toMatchObject({ id: "123456789", currency: "USD", status: "ACTIVE" });
    expect(page.metadata?.nextPageToken).toBe("next_page_token_123");
  });

  it("maps LinkedIn error bodies to the typed errors", () => {
    const failure = (status: number, body: unknown) => httpFailure("linkedinads", status, body, 2000);
    expect(
      classifyLinkedInError(
        failure(401, { status: 401, serviceErrorCode: 65600, code: "INVALID_ACCESS_TOKEN", message: "m" }),
      ),
    ).toMatchObject({ code: "auth_failed", reason: "INVALID_ACCESS_TOKEN" });
    expect(
      classifyLinkedInError(failure(403, { status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED" })),
    ).toBeInstanceOf(AuthError);
    expect(classifyLinkedInError(failure(429, { status: 429, code: "TOO_MANY_REQUESTS" }))).toMatchObject({
      code: "rate_limited",
      retryAfterMs: 2000,
    });
    expect(
      classifyLinkedInError(failure(500, { status: 500, message: "Internal Server Error" })),
    ).toBeInstanceOf(PlatformDownError);
    expect(classifyLinkedInError(failure(400, { status: 400, code: "ILLEGAL_ARGUMENT" }))).toMatchObject({
      code: "bad_request",
      reason: "ILLEGAL_ARGUMENT",
    });
    expect(classifyLinkedInError(failure(400, { error: "invalid_grant" }))).toBeUndefined();
  });
});
