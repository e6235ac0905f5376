import { readFileSync } from "node:fs";
import { approveConsent, type SandboxHandle, startSandbox } from "@pacer/sandbox";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectorConfigFromEnv, MICROSOFT_ADS_API_VERSION, sandboxConnectorConfig } from "../config.ts";
import {
  AuthError,
  BadRequestError,
  NotConfiguredError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptBingAdsReturn, acceptReturnForSession } from "../oauth/return-rules.ts";
import { expectedSeries, totalSpend } from "../testing/sandbox-expectations.ts";
import type { OAuthTokens } from "../types.ts";
import { type BingAdsConnector, createBingAdsConnector } from "./bing-ads-connector.ts";
import { classifyMicrosoftAdsError } from "./classify.ts";
import { ReportFileError, readReportZip, reportRowToDaily } from "./report-csv.ts";
import { accountsSearchSchema, pollReportSchema, userQuerySchema } from "./schemas.ts";
import { ianaTimeZone, MICROSOFT_TIME_ZONES } from "./time-zones.ts";

const NOW = new Date("2026-03-18T10:00:00Z");
const RETURN_PAGE = "https://app.pacer.test/bing-ads-response";
const SEARCH = "180000101";
const AUDIENCE = "180000202";
const SUBMIT = "POST /reporting/Reporting/{version}/GenerateReport/Submit";
const POLL = "POST /reporting/Reporting/{version}/GenerateReport/Poll";
const DOWNLOAD = "GET /blob/reports/{file}";

let sandbox: SandboxHandle;
let bing: BingAdsConnector;
const sleeps: number[] = [];

function fixture(name: string): string {
  return readFileSync(new URL(`../testing/fixtures/${name}`, import.meta.url), "utf8");
}

function routeCount(route: string): number {
  return sandbox.stats().bingads?.byRoute[route] ?? 0;
}

async function connect(options: { deny?: boolean } = {}) {
  const state = `state-${Math.random()}`;
  const { url, codeVerifier } = bing.authorizeUrl({ state, redirectUri: RETURN_PAGE });
  const back = await approveConsent(url, options);
  const accepted = acceptReturnForSession("bingads", Object.fromEntries(back.searchParams), state);
  return { accepted, codeVerifier, back, url };
}

async function connected(): Promise<OAuthTokens> {
  const { accepted, codeVerifier } = await connect();
  if (!accepted.ok) throw new Error(accepted.reason);
  const { tokens } = await bing.exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE, codeVerifier });
  return tokens;
}

function makeConnector(fetch?: FetchLike): BingAdsConnector {
  return createBingAdsConnector(
    sandboxConnectorConfig(sandbox.url, {
      now: () => NOW.getTime(),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...(fetch ? { fetch } : {}),
    }),
  );
}

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW });
  bing = makeConnector();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.resetControls();
  sleeps.length = 0;
});

describe("Microsoft Advertising connector against the sandbox", () => {
  it("connects: authorize with PKCE -> approve -> accepted return -> exchange, identity from GetUser", async () => {
    const { accepted, codeVerifier, back, url } = await connect();
    expect(new URL(url).searchParams.get("scope")).toBe(
      "https://ads.microsoft.com/msads.manage offline_access",
    );
    expect(new URL(url).searchParams.get("code_challenge_method")).toBe("S256");
    expect(back.origin + back.pathname).toBe(RETURN_PAGE);
    expect(accepted).toMatchObject({ ok: true });
    if (!accepted.ok) return;
    const { tokens, identity } = await bing.exchangeCode({
      code: accepted.code,
      redirectUri: RETURN_PAGE,
      codeVerifier,
    });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBe(NOW.getTime() + 3599_000);
    expect(identity).toMatchObject({ email: "demo@pacer.test", name: "Pacer Demo" });
    expect(identity.id).toMatch(/^\d+$/);
  });

  it("applies the spec 5 rule: refuses error_code, error and a missing code; a wrong verifier is invalid_grant", async () => {
    const denied = await connect({ deny: true });
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
    const { accepted } = await connect();
    if (!accepted.ok) throw new Error("not accepted");
    await expect(
      bing.exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE, codeVerifier: "x".repeat(43) }),
    ).rejects.toMatchObject({ code: "auth_failed", reason: "invalid_grant", attempts: 1 });
  });

  it("lists accounts like the wizard: get-user, then get-accounts with the user id; views carry customerId and userId", async () => {
    const tokens = await connected();
    const user = await bing.getUser(tokens);
    expect(user.customerRoles.map((r) => r.customerId)).toEqual(["250000101", "250000202"]);
    expect(user.customerId).toBe("250000101");
    const views = await bing.getAccounts(tokens, user);
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
    expect(await bing.listAdAccounts(tokens)).toEqual(views);
  });

  it("fetches daily metrics equal to the replayed rows: submit, poll (Pending, Success), download the zipped CSV", async () => {
    const tokens = await connected();
    const [view] = (await bing.listAdAccounts(tokens)).filter((v) => v.id === SEARCH);
    if (!view) throw new Error("no view");
    const from = "2025-07-25"; // before the first served day (2025-08-01)
    const to = "2026-03-18";
    const before = [SUBMIT, POLL, DOWNLOAD].map(routeCount);
    const metrics = await bing.fetchDailyMetrics(tokens, { account: view, from, to });
    expect([SUBMIT, POLL, DOWNLOAD].map((r, i) => routeCount(r) - (before[i] ?? 0))).toEqual([1, 2, 1]);
    expect(sleeps).toEqual([1000]);
    expect(metrics).toMatchObject({ accountId: SEARCH, currency: "USD", timeZone: "America/New_York" });
    expect(metrics.rows).toEqual(expectedSeries(sandbox, "bingads", SEARCH, from, to));
    expect(metrics.rows[0]).toMatchObject({ date: "2025-07-25", spendMicros: 0 });
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
  });

  it("looks the account up (GetAccount) when the view has no metaData, and reads the 25% account", async () => {
    const tokens = await connected();
    const metrics = await bing.fetchDailyMetrics(tokens, {
      account: { id: AUDIENCE },
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(metrics).toMatchObject({ currency: "GBP", timeZone: "Europe/London" });
    expect(metrics.rows).toEqual(expectedSeries(sandbox, "bingads", AUDIENCE, "2026-02-01", "2026-02-28"));
  });

  it("answers zeros without a download when the report has no rows (no download URL)", async () => {
    const tokens = await connected();
    const before = routeCount(DOWNLOAD);
    const metrics = await bing.fetchDailyMetrics(tokens, {
      account: { id: SEARCH },
      from: "2025-01-01",
      to: "2025-01-31",
    });
    expect(metrics.rows).toHaveLength(31);
    expect(totalSpend(metrics.rows)).toBe(0);
    expect(routeCount(DOWNLOAD) - before).toBe(0);
  });

  it("applies campaign filters (campaign performance report) and lists filter values", async () => {
    const tokens = await connected();
    const range = { from: "2026-02-01", to: "2026-03-18" };
    const byId = await bing.fetchDailyMetrics(tokens, {
      account: { id: SEARCH },
      ...range,
      filters: { campaignIds: ["89459845"] },
    });
    expect(byId.rows).toEqual(
      expectedSeries(sandbox, "bingads", SEARCH, range.from, range.to, { campaignIds: ["89459845"] }),
    );
    const byName = await bing.fetchDailyMetrics(tokens, {
      account: { id: SEARCH },
      ...range,
      filters: { campaignNameContains: "WIDE" },
    });
    expect(byName.rows).toEqual(
      expectedSeries(sandbox, "bingads", SEARCH, range.from, range.to, { nameContains: "wide" }),
    );
    const all = await bing.fetchDailyMetrics(tokens, { account: { id: SEARCH }, ...range });
    expect(totalSpend(byId.rows) + totalSpend(byName.rows)).toBe(totalSpend(all.rows));
    await expect(
      bing.fetchDailyMetrics(tokens, { account: { id: SEARCH }, ...range, filters: { campaignIds: ["x1"] } }),
    ).rejects.toBeInstanceOf(BadRequestError);

    expect(bing.filterDefinitions().map((f) => f.id)).toEqual(["campaigns", "campaignName"]);
    expect(await bing.listFilterValues(tokens, { account: { id: SEARCH }, filterId: "campaigns" })).toEqual([
      { id: "89459845", name: "bing_search_hot", status: "Active" },
      { id: "127823", name: "bing_search_wide", status: "Active" },
    ]);
    const searched = await bing.listFilterValues(tokens, {
      account: { id: SEARCH },
      filterId: "campaigns",
      search: "HOT",
    });
    expect(searched.map((v) => v.name)).toEqual(["bing_search_hot"]);
  });

  it("refreshes with rotation: the new refresh token replaces the old one, which then answers invalid_grant", async () => {
    const tokens = await connected();
    sandbox.expireAccessTokens("bingads");
    const expired = await bing.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(AuthError);
    expect(expired).toMatchObject({ reason: "109/AuthenticationTokenExpired", status: 401 });
    const fresh = await bing.refreshAccessToken(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBeTruthy();
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect(await bing.listAdAccounts(fresh)).toHaveLength(2);
    await expect(bing.refreshAccessToken(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
    });
  });

  it("has no revocation call; once the user removes the app, the refresh is invalid_grant -> AuthError", async () => {
    const tokens = await connected();
    const calls = sandbox.stats().bingads?.calls ?? 0;
    expect(bing.capabilities).toMatchObject({
      revoke: false,
      rotatesRefreshToken: true,
      needsRefreshToken: true,
    });
    await expect(bing.revoke(tokens)).resolves.toBeUndefined();
    expect(sandbox.stats().bingads?.calls).toBe(calls);
    sandbox.revokeAll("bingads");
    const error = await bing.refreshAccessToken(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_grant", retryable: false, attempts: 1 });
  });

  it("retries injected service errors (code 0) and honours the call-rate limiter's Retry-After (code 117)", async () => {
    const tokens = await connected();
    sandbox.setControls("bingads", { faults: [{ kind: "500", times: 2, on: "api" }] });
    const before = sandbox.stats().bingads?.apiCalls ?? 0;
    await expect(bing.listAdAccounts(tokens)).resolves.toHaveLength(2);
    expect((sandbox.stats().bingads?.apiCalls ?? 0) - before).toBe(2 + 2);

    sleeps.length = 0;
    sandbox.setControls("bingads", {
      faults: [],
      rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: 7 },
    });
    const error = await bing.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ reason: "117/CallRateExceeded", retryAfterMs: 7000 });
    expect(sleeps).toEqual([7000, 7000, 7000]);
  });

  it("maps an injected invalid_grant on the token endpoint to AuthError without retrying", async () => {
    const tokens = await connected();
    sandbox.setControls("bingads", { faults: [{ kind: "invalid_grant", times: 1, on: "token" }] });
    const before = sandbox.stats().bingads?.tokenCalls ?? 0;
    await expect(bing.refreshAccessToken(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
    });
    expect((sandbox.stats().bingads?.tokenCalls ?? 0) - before).toBe(1);
  });

  it("turns an unreadable report file into PlatformDownError (the queue retries later)", async () => {
    const corrupt: FetchLike = async (input, init) =>
      input.includes("/blob/reports/") ? new Response("not a zip", { status: 200 }) : fetch(input, init);
    const tokens = await connected();
    const error = await makeConnector(corrupt)
      .fetchDailyMetrics(tokens, { account: { id: SEARCH }, from: "2026-03-01", to: "2026-03-18" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "malformed_report", retryable: true });
  });
});

describe("Microsoft Advertising configuration", () => {
  it("reads its client, secret and developer token from the environment, else answers NotConfiguredError", () => {
    const env = connectorConfigFromEnv({
      MICROSOFT_ADS_CLIENT_ID: "id",
      MICROSOFT_ADS_CLIENT_SECRET: "secret",
      MICROSOFT_ADS_DEVELOPER_TOKEN: "dev",
    });
    expect(env.bingads).toMatchObject({
      tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
      reportingUrl: "https://reporting.api.bingads.microsoft.com/Reporting",
      developerToken: "dev",
      apiVersion: MICROSOFT_ADS_API_VERSION,
    });
    expect(MICROSOFT_ADS_API_VERSION).toBe("v13");
    expect(connectorConfigFromEnv({ MICROSOFT_ADS_CLIENT_ID: "id" }).bingads).toBeUndefined();
    expect(() => createBingAdsConnector({}).authorizeUrl({ state: "s", redirectUri: RETURN_PAGE })).toThrow(
      NotConfiguredError,
    );
  });
});

describe("Microsoft Advertising parsers against public response shapes", () => {
  it("reads GetUser, SearchAccounts and Poll answers (ids as strings, Microsoft time zone names)", () => {
    const user = userQuerySchema.parse(JSON.parse(fixture("microsoft-ads-user-query.json")));
    expect(user.User).toMatchObject({ Id: "123456789", CustomerId: "987654321" });
    expect(user.CustomerRoles?.[0]).toMatchObject({ RoleId: 41, CustomerId: "987654321", AccountIds: null });
    const accounts = accountsSearchSchema.parse(JSON.parse(fixture("microsoft-ads-accounts-search.json")));
    expect(accounts.Accounts?.map((a) => [a.Id, a.CurrencyCode, ianaTimeZone(a.TimeZone)])).toEqual([
      ["180278106", "USD", "America/Phoenix"],
      ["180535609", "USD", "America/Santiago"],
    ]);
    const poll = pollReportSchema.parse(JSON.parse(fixture("microsoft-ads-report-poll.json")));
    expect(poll.ReportRequestStatus.Status).toBe("Success");
    expect(new URL(poll.ReportRequestStatus.ReportDownloadUrl ?? "").protocol).toBe("https:");
  });

  it("reads a zipped report CSV into exact micros (decimal text, thousands separators, fractional conversions)", () => {
    const zip = zipSync({
      "AccountPerformanceReport.csv": strToU8(fixture("microsoft-ads-account-performance-daily.csv")),
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
    const failure = (status: number, body: unknown) => ({
      platform: "bingads",
      where: "bingads test https://x.test/p",
      status,
      headers: new Headers(),
      text: JSON.stringify(body),
      body,
      retryAfterMs: undefined,
    });
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
