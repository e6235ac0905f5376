import { demoAccount } from "@pacer/sandbox";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  answeringPath,
  demoDailyBudget,
  expectCampaignFilters,
  expectEnvConfig,
  expectInvalidGrantNotRetried,
  expectRateLimitThenRefusal,
  expectRefusedGrant,
  expectRetriesThenRateLimit,
  fixtureText,
  httpFailure,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { AuthError, BadRequestError, PlatformDownError, RateLimitedError } from "../errors.ts";
import { acceptBingAdsReturn, acceptReturnForSession } from "../oauth/return-rules.ts";
import type { OAuthTokens, TrackerFilters } from "../types.ts";
import { activeDailyBudget, createBingAdsConnector } from "./bing-ads-connector.ts";
import { classifyMicrosoftAdsError } from "./classify.ts";
import { MICROSOFT_ADS_API_VERSION } from "./descriptor.ts";
import { ReportFileError, readReportZip, reportRowToDaily } from "./report-csv.ts";
import { accountsSearchSchema, campaignsSchema, pollReportSchema, userQuerySchema } from "./schemas.ts";
import { ianaTimeZone, MICROSOFT_TIME_ZONES } from "./time-zones.ts";

const RETURN_PAGE = "https://app.pacer.test/bing-ads-response";
const SEARCH = "180000101";
const AUDIENCE = "180000202";
const SUBMIT = "POST /reporting/Reporting/{version}/GenerateReport/Submit";
const POLL = "POST /reporting/Reporting/{version}/GenerateReport/Poll";
const DOWNLOAD = "GET /blob/reports/{file}";

const t = useConnectorTest({ platform: "bingads", create: createBingAdsConnector, returnPage: RETURN_PAGE });
const routeCount = (route: string) => t.routeCalls(route);

describe("Microsoft Advertising connector against the sandbox", () => {
  it("connects: authorize with PKCE -> approve -> accepted return -> exchange, identity from GetUser", async () => {
    const consent = await t.connect();
    const { accepted, back, url } = consent;
    expect(new URL(url).searchParams.get("scope")).toBe(
      "https://ads.microsoft.com/msads.manage offline_access",
    );
    expect(new URL(url).searchParams.get("code_challenge_method")).toBe("S256");
    expect(back.origin + back.pathname).toBe(RETURN_PAGE);
    expect(accepted).toMatchObject({ ok: true });
    if (!accepted.ok) return;
    const { tokens, identity } = await t.exchange(consent);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBe(TEST_NOW.getTime() + 3599_000);
    expect(identity).toMatchObject({ email: "demo@pacer.test", name: "Pacer Demo" });
    expect(identity.id).toMatch(/^\d+$/);
  });

  it("applies the spec 5 rule: refuses error_code, error and a missing code; a wrong verifier is invalid_grant", async () => {
    const denied = await t.connect({ deny: true });
    expect(denied.back.searchParams.get("error")).toBe("access_denied");
    expect(denied.accepted).toMatchObject({ ok: false, reason: "platform_error", detail: "access_denied" });
    expect(acceptBingAdsReturn({ code: "c", error_code: "AADSTS65004" })).toMatchObject({
      ok: false,
      reason: "platform_error",
    });
    expect(acceptBingAdsReturn({ state: "s" })).toMatchObject({ ok: false, reason: "missing_code" });
    expect(acceptReturnForSession("bingads", { code: "c", state: "other" }, "mine")).toMatchObject({
      ok: false,
      reason: "state_mismatch",
    });
    const consent = await t.connect();
    await expect(t.exchange({ ...consent, codeVerifier: "x".repeat(43) })).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
      attempts: 1,
    });
  });

  it("lists accounts like the wizard: get-user, then get-accounts with the user id; views carry customerId and userId", async () => {
    const tokens = await t.connected();
    const user = await t.connector.getUser(tokens);
    expect(user.customerRoles.map((r) => r.customerId)).toEqual(["250000101", "250000202"]);
    expect(user.customerId).toBe("250000101");
    const views = await t.connector.getAccounts(tokens, user);
    expect(views).toEqual([
      {
        id: AUDIENCE,
        name: "Pacer Demo - Microsoft Audience",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: {
          customerId: "250000202",
          userId: user.userId,
          accountNumber: "F0000202",
          timeZoneName: "GreenwichMeanTimeDublinEdinburghLisbonLondon",
          status: "Active",
        },
      },
      {
        id: SEARCH,
        name: "Pacer Demo - Microsoft Search",
        currency: "USD",
        timeZone: "America/New_York",
        metaData: {
          customerId: "250000101",
          userId: user.userId,
          accountNumber: "F0000101",
          timeZoneName: "EasternTimeUSCanada",
          status: "Active",
        },
      },
    ]);
    expect(await t.connector.listAdAccounts(tokens)).toEqual(views);
  });

  it("fetches daily metrics equal to the replayed rows: submit, poll (Pending, Success), download the zipped CSV", async () => {
    const tokens = await t.connected();
    const [view] = (await t.connector.listAdAccounts(tokens)).filter((v) => v.id === SEARCH);
    if (!view) throw new Error("no view");
    const from = "2025-07-25"; // before the first served day (2025-08-01)
    const to = "2026-03-18";
    const before = [SUBMIT, POLL, DOWNLOAD].map(routeCount);
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: view, from, to });
    expect([SUBMIT, POLL, DOWNLOAD].map((r, i) => routeCount(r) - (before[i] ?? 0))).toEqual([1, 2, 1]);
    expect(t.sleeps).toEqual([1000]);
    expect(metrics).toMatchObject({ accountId: SEARCH, currency: "USD", timeZone: "America/New_York" });
    expect(metrics.rows).toEqual(t.expected(SEARCH, from, to));
    expect(metrics.rows[0]).toMatchObject({ date: "2025-07-25", spendMicros: 0 });
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
  });

  it("looks the account up (GetAccount) when the view has no metaData, and reads the 25% account", async () => {
    const tokens = await t.connected();
    const metrics = await t.connector.fetchDailyMetrics(tokens, {
      account: { id: AUDIENCE },
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(metrics).toMatchObject({ currency: "GBP", timeZone: "Europe/London" });
    expect(metrics.rows).toEqual(t.expected(AUDIENCE, "2026-02-01", "2026-02-28"));
  });

  it("answers zeros without a download when the report has no rows (no download URL)", async () => {
    const tokens = await t.connected();
    const before = routeCount(DOWNLOAD);
    const metrics = await t.connector.fetchDailyMetrics(tokens, {
      account: { id: SEARCH },
      from: "2025-01-01",
      to: "2025-01-31",
    });
    expect(metrics.rows).toHaveLength(31);
    expect(totalSpend(metrics.rows)).toBe(0);
    expect(routeCount(DOWNLOAD) - before).toBe(0);
  });

  it("applies campaign filters (campaign performance report) and lists filter values", async () => {
    const tokens = await t.connected();
    const range = { from: "2026-02-01", to: "2026-03-18" };
    await expectCampaignFilters(t, tokens, {
      account: { id: SEARCH },
      range,
      campaignIds: ["89459845"],
      nameContains: "WIDE",
    });
    await expect(
      t.connector.fetchDailyMetrics(tokens, {
        account: { id: SEARCH },
        ...range,
        filters: { campaignIds: ["x1"] },
      }),
    ).rejects.toBeInstanceOf(BadRequestError);

    expect(t.connector.filterDefinitions().map((f) => f.id)).toEqual(["campaigns", "campaignName"]);
    expect(
      await t.connector.listFilterValues(tokens, { account: { id: SEARCH }, filterId: "campaigns" }),
    ).toEqual([
      { id: "89459845", name: "bing_search_hot", status: "Active" },
      { id: "127823", name: "bing_search_wide", status: "Active" },
    ]);
    const searched = await t.connector.listFilterValues(tokens, {
      account: { id: SEARCH },
      filterId: "campaigns",
      search: "HOT",
    });
    expect(searched.map((v) => v.name)).toEqual(["bing_search_hot"]);
  });

  it("refreshes with rotation: the new refresh token replaces the old one, which then answers invalid_grant", async () => {
    const tokens = await t.connected();
    t.sandbox.expireAccessTokens("bingads");
    const expired = await t.connector.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(AuthError);
    expect(expired).toMatchObject({ reason: "109/AuthenticationTokenExpired", status: 401 });
    const fresh = await t.connector.refreshAccessToken(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBeTruthy();
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect(await t.connector.listAdAccounts(fresh)).toHaveLength(2);
    await expect(t.connector.refreshAccessToken(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
    });
  });

  it("has no revocation call; once the user removes the app, the refresh is invalid_grant -> AuthError", async () => {
    const tokens = await t.connected();
    const calls = t.sandbox.stats().bingads?.calls ?? 0;
    expect(t.connector.capabilities).toMatchObject({
      revoke: false,
      rotatesRefreshToken: true,
      needsRefreshToken: true,
    });
    await expect(t.connector.revoke(tokens)).resolves.toBeUndefined();
    expect(t.sandbox.stats().bingads?.calls).toBe(calls);
    t.sandbox.revokeAll("bingads");
    await expectRefusedGrant(t.connector.refreshAccessToken(tokens));
  });

  it("retries injected service errors (code 0) and honours the call-rate limiter's Retry-After (code 117)", async () => {
    const tokens = await t.connected();
    const error = await expectRetriesThenRateLimit(t, tokens, {
      accounts: 2,
      apiCalls: 2 + 2,
      retryAfterSeconds: 7,
    });
    expect(error).toMatchObject({ reason: "117/CallRateExceeded", retryAfterMs: 7000 });
  });

  it("maps an injected invalid_grant on the token endpoint to AuthError without retrying", async () => {
    const tokens = await t.connected();
    await expectInvalidGrantNotRetried(t, () => t.connector.refreshAccessToken(tokens));
  });

  it("turns an unreadable report file into PlatformDownError (the queue retries later)", async () => {
    const tokens = await t.connected();
    const error = await t
      .makeConnector(answeringPath("/blob/reports/", () => new Response("not a zip", { status: 200 })))
      .fetchDailyMetrics(tokens, { account: { id: SEARCH }, from: "2026-03-01", to: "2026-03-18" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "malformed_report", retryable: true });
  });

  it("maps a report file the storage host refuses (an expired pre-signed URL) to PlatformDownError, not AuthError", async () => {
    const tokens = await t.connected();
    const error = await t
      .makeConnector(
        answeringPath(
          "/blob/reports/",
          () => new Response("<Error><Code>AuthenticationFailed</Code></Error>", { status: 403 }),
        ),
      )
      .fetchDailyMetrics(tokens, { account: { id: SEARCH }, from: "2026-03-01", to: "2026-03-18" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "report_download", status: 403, retryable: true });
  });
});

/** The daily budget (micros) the sandbox serves for a demo campaign: `demoBudgets`, from the data file. */
const demoDaily = (accountId: string, campaignId: string) => demoDailyBudget(t, accountId, campaignId);

const HOT = "89459845";
const WIDE = "127823";
const AUDIENCE_VIDEO = "10934";
const GET_CAMPAIGNS = "POST /campaign/CampaignManagement/{version}/Campaigns/QueryByAccountId";

describe("Microsoft Advertising budget (fetchBudget) against the sandbox", () => {
  /** A view as the wizard stores it: with the account's parent customer id. */
  const budget = (tokens: OAuthTokens, id: string, filters: TrackerFilters = {}) =>
    t.connector.fetchBudget?.(tokens, {
      account: { id, metaData: { customerId: demoAccount("bingads", id)?.customerId ?? "" } },
      filters,
    });

  it("sums the active campaigns' DailyBudget (currency units -> micros) in one GetCampaignsByAccountId call", async () => {
    const tokens = await t.connected();
    const before = {
      campaigns: routeCount(GET_CAMPAIGNS),
      account: routeCount("POST /clientcenter/CustomerManagement/{version}/Account/Query"),
    };
    expect(await budget(tokens, SEARCH)).toEqual({
      amount: demoDaily(SEARCH, HOT) + demoDaily(SEARCH, WIDE),
      period: "day",
    });
    expect(routeCount(GET_CAMPAIGNS) - before.campaigns).toBe(1);
    expect(routeCount("POST /clientcenter/CustomerManagement/{version}/Account/Query") - before.account).toBe(
      0,
    );
    // Without the view's customer id, GetAccount supplies it first.
    expect(await t.connector.fetchBudget?.(tokens, { account: { id: AUDIENCE } })).toEqual({
      amount: demoDaily(AUDIENCE, AUDIENCE_VIDEO),
      period: "day",
    });
  });

  it("narrows to the campaigns the tracker's filters keep, as fetchDailyMetrics does; null when none is left", async () => {
    const tokens = await t.connected();
    expect(await budget(tokens, SEARCH, { campaignIds: [HOT] })).toEqual({
      amount: demoDaily(SEARCH, HOT),
      period: "day",
    });
    expect(await budget(tokens, SEARCH, { campaignNameContains: "WIDE" })).toEqual({
      amount: demoDaily(SEARCH, WIDE),
      period: "day",
    });
    expect(await budget(tokens, SEARCH, { campaignIds: [HOT], campaignNameContains: "wide" })).toBeNull();
    expect(await budget(tokens, SEARCH, { campaignNameContains: "no such campaign" })).toBeNull();
  });

  it("maps errors like every call: call-rate limit (117), expired token (109)", async () => {
    const tokens = await t.connected();
    await expectRateLimitThenRefusal(t, () => budget(tokens, SEARCH), {
      retryAfterSeconds: 4,
      rateLimited: { reason: "117/CallRateExceeded", retryAfterMs: 4000 },
      refuse: () => t.sandbox.expireAccessTokens("bingads"),
      refused: { reason: "109/AuthenticationTokenExpired" },
    });
  });
});

describe("Microsoft Advertising budgets against the public Campaign shape", () => {
  const campaigns =
    campaignsSchema.parse({
      Campaigns: [
        {
          Id: "1",
          Name: "Brand",
          Status: "Active",
          BudgetType: "DailyBudgetStandard",
          DailyBudget: 25.5,
          BudgetId: null,
        },
        {
          Id: "2",
          Name: "Generic A",
          Status: "Active",
          BudgetType: "DailyBudgetStandard",
          DailyBudget: 40,
          BudgetId: "7001",
        },
        {
          Id: "3",
          Name: "Generic B",
          Status: "Active",
          BudgetType: "DailyBudgetStandard",
          DailyBudget: 40,
          BudgetId: "7001",
        },
        { Id: "4", Name: "Old brand", Status: "Paused", BudgetType: "DailyBudgetStandard", DailyBudget: 99 },
        {
          Id: "5",
          Name: "Launch",
          Status: "Active",
          BudgetType: "LifetimeBudgetStandard",
          DailyBudget: 3000,
        },
        {
          Id: "6",
          Name: "Audience",
          Status: "Active",
          BudgetType: "DailyBudgetAccelerated",
          DailyBudget: 12.34,
          BudgetId: "0",
        },
        {
          Id: "7",
          Name: "Limited",
          Status: "BudgetPaused",
          BudgetType: "DailyBudgetStandard",
          DailyBudget: 10,
        },
      ],
    }).Campaigns ?? [];

  it("counts Active campaigns' daily budgets, a shared BudgetId once; paused and lifetime budgets not", () => {
    expect(activeDailyBudget(campaigns, {})).toEqual({
      amount: 25_500_000 + 40_000_000 + 12_340_000,
      period: "day",
    });
    // The shared budget counts in full for one of its campaigns.
    expect(activeDailyBudget(campaigns, { campaignIds: ["3"] })).toEqual({
      amount: 40_000_000,
      period: "day",
    });
    expect(activeDailyBudget(campaigns, { nameContains: "brand" })).toEqual({
      amount: 25_500_000,
      period: "day",
    });
    expect(activeDailyBudget(campaigns, { campaignIds: ["4", "5", "7"] })).toBeNull();
    expect(activeDailyBudget([], {})).toBeNull();
    expect(() => campaignsSchema.parse({ Campaigns: [{ Id: "8", DailyBudget: "ten" }] })).toThrow();
  });
});

describe("Microsoft Advertising configuration", () => {
  it("reads its client, secret and developer token from the environment, else answers NotConfiguredError", () => {
    expectEnvConfig({
      key: "bingads",
      env: {
        MICROSOFT_ADS_CLIENT_ID: "id",
        MICROSOFT_ADS_CLIENT_SECRET: "secret",
        MICROSOFT_ADS_DEVELOPER_TOKEN: "dev",
      },
      partial: { MICROSOFT_ADS_CLIENT_ID: "id" },
      endpoints: {
        tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
        reportingUrl: "https://reporting.api.bingads.microsoft.com/Reporting",
        developerToken: "dev",
        apiVersion: MICROSOFT_ADS_API_VERSION,
      },
      create: createBingAdsConnector,
      returnPage: RETURN_PAGE,
    });
    expect(MICROSOFT_ADS_API_VERSION).toBe("v13");
  });
});

describe("Microsoft Advertising parsers against public response shapes", () => {
  it("reads GetUser, SearchAccounts and Poll answers (ids as strings, Microsoft time zone names)", () => {
    const user = userQuerySchema.parse(JSON.parse(fixtureText("microsoft-ads-user-query.json")));
    expect(user.User).toMatchObject({ Id: "123456789", CustomerId: "987654321" });
    expect(user.CustomerRoles?.[0]).toMatchObject({ RoleId: 41, CustomerId: "987654321", AccountIds: null });
    const accounts = accountsSearchSchema.parse(
      JSON.parse(fixtureText("microsoft-ads-accounts-search.json")),
    );
    expect(accounts.Accounts?.map((a) => [a.Id, a.CurrencyCode, ianaTimeZone(a.TimeZone)])).toEqual([
      ["180278106", "USD", "America/Phoenix"],
      ["180535609", "USD", "America/Santiago"],
    ]);
    const poll = pollReportSchema.parse(JSON.parse(fixtureText("microsoft-ads-report-poll.json")));
    expect(poll.ReportRequestStatus.Status).toBe("Success");
    expect(new URL(poll.ReportRequestStatus.ReportDownloadUrl ?? "").protocol).toBe("https:");
  });

  it("reads a zipped report CSV into exact micros (decimal text, thousands separators, fractional conversions)", () => {
    const zip = zipSync({
      "AccountPerformanceReport.csv": strToU8(fixtureText("microsoft-ads-account-performance-daily.csv")),
    });
    expect(readReportZip(zip).map(reportRowToDaily)).toEqual([
      {
        date: "2023-11-11",
        spendMicros: 1_480_000,
        impressions: 1,
        clicks: 1,
        conversions: 0,
        revenueMicros: 0,
      },
      {
        date: "2023-11-12",
        spendMicros: 1_204_500_000,
        impressions: 35_210,
        clicks: 412,
        conversions: 3.5,
        revenueMicros: 2_210_750_000,
      },
    ]);
    expect(() => readReportZip(strToU8("PK nope"))).toThrow(ReportFileError);
    expect(() => readReportZip(zipSync({ "readme.txt": strToU8("x") }))).toThrow(ReportFileError);
  });

  it("maps Microsoft fault shapes to the typed errors", () => {
    const failure = (status: number, body: unknown) => httpFailure("bingads", status, body);
    const adApi = (Code: number, ErrorCode: string) => ({
      Errors: [{ Code, ErrorCode, Message: "m" }],
      Type: "AdApiFaultDetail",
    });
    expect(classifyMicrosoftAdsError(failure(401, adApi(109, "AuthenticationTokenExpired")))).toBeInstanceOf(
      AuthError,
    );
    expect(classifyMicrosoftAdsError(failure(401, adApi(105, "InvalidCredentials")))).toMatchObject({
      code: "auth_failed",
      reason: "105/InvalidCredentials",
    });
    expect(classifyMicrosoftAdsError(failure(429, adApi(117, "CallRateExceeded")))).toBeInstanceOf(
      RateLimitedError,
    );
    expect(classifyMicrosoftAdsError(failure(500, adApi(0, "InternalError")))).toBeInstanceOf(
      PlatformDownError,
    );
    const operation = {
      OperationErrors: [
        { Code: 1102, ErrorCode: "InvalidAccountId", Message: "m" },
        { Code: 106, ErrorCode: "UserIsNotAuthorized", Message: "m" },
      ],
      Type: "ApiFaultDetail",
    };
    expect(classifyMicrosoftAdsError(failure(400, operation))).toMatchObject({
      reason: "106/UserIsNotAuthorized",
    });
    expect(
      classifyMicrosoftAdsError(failure(400, { OperationErrors: [{ Code: 100, ErrorCode: "NullRequest" }] })),
    ).toBeInstanceOf(BadRequestError);
    expect(classifyMicrosoftAdsError(failure(400, { error: "invalid_grant" }))).toBeUndefined();
    expect(Object.values(MICROSOFT_TIME_ZONES)).not.toContain("UTC");
  });
});
