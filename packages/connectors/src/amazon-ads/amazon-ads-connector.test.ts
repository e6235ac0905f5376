import { readFileSync } from "node:fs";
import { eachDate, localDate, splitRange } from "@pacer/core";
import { accountDays, type CampaignSelection, demoAccount } from "@pacer/sandbox";
import { amazonAdProductOf } from "@pacer/sandbox/platforms/amazonads";
import { describe, expect, it } from "vitest";
import {
  answeringPath,
  demoDailyBudget,
  expectCampaignFilters,
  expectRateLimitThenRefusal,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { zeroRow } from "../connector-kit.ts";
import { AuthError, PlatformDownError } from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptErrorCodeOrCodeReturn } from "../oauth/return-rules.ts";
import type { DailyMetricsRow, OAuthTokens, TrackerFilters } from "../types.ts";
import {
  AMAZON_ADS_SCOPES,
  AMAZON_REPORTS,
  amazonCampaignUpdate,
  createAmazonAdsConnector,
  enabledDailyBudget,
  reportRowToPartial,
  reportWindows,
  retentionStart,
} from "./amazon-ads-connector.ts";
import {
  amazonProfilesSchema,
  amazonReportRowsSchema,
  amazonReportSchema,
  amazonSbCampaignPageSchema,
  amazonSdBudgetedCampaignsSchema,
  amazonSpCampaignPageSchema,
  quoteLargeIds,
} from "./schemas.ts";

const RETURN_PAGE = "https://app.pacer.test/amazon-ads-response";
const US = "3810822089931808";
const UK = "2859176666497025";

const t = useConnectorTest({
  platform: "amazonads",
  create: createAmazonAdsConnector,
  returnPage: RETURN_PAGE,
});

/**
 * What the connector must return for a demo profile: per ad product, the replayed rows of that
 * product's campaigns from the later of `from` and the product's retention start, summed per day.
 */
function expectedAmazon(profileId: string, from: string, to: string, selection: CampaignSelection = {}) {
  const account = demoAccount("amazonads", profileId);
  if (!account) throw new Error("no demo profile");
  const today = localDate(t.sandbox.now(), account.timeZone);
  const rows = new Map<string, DailyMetricsRow>(eachDate(from, to).map((date) => [date, zeroRow(date)]));
  for (const spec of AMAZON_REPORTS) {
    const ids = account.campaigns
      .filter((c) => amazonAdProductOf(c) === spec.adProduct)
      .map((c) => c.id)
      .filter((id) => !selection.campaignIds || selection.campaignIds.includes(id));
    const start = from > retentionStart(today, spec) ? from : retentionStart(today, spec);
    if (!ids.length || start > to) continue;
    const selected = { ...selection, campaignIds: ids };
    for (const d of accountDays(t.sandbox.source, account, start, to, t.sandbox.now(), selected)) {
      const row = rows.get(d.date);
      if (!row) continue;
      row.spendMicros += d.spendMicros;
      row.impressions += d.impressions;
      row.clicks += d.clicks;
      row.conversions += d.conversions;
      row.revenueMicros += d.revenueMicros;
    }
  }
  return [...rows.values()];
}

describe("Amazon Ads connector against the sandbox", () => {
  it("connects with Login with Amazon: consent -> code -> tokens (refresh token, 1 h) and the user profile", async () => {
    const consent = await t.connect();
    const { accepted, url } = consent;
    expect(new URL(url).searchParams.get("scope")).toBe(AMAZON_ADS_SCOPES.join(" "));
    expect(accepted).toMatchObject({ ok: true });
    if (!accepted.ok) return;
    const { tokens, identity } = await t.exchange(consent);
    expect(tokens).toMatchObject({
      refreshToken: expect.any(String),
      expiresAt: TEST_NOW.getTime() + 3_600_000,
    });
    expect(identity).toMatchObject({
      email: "demo@pacer.test",
      name: "Pacer Demo",
      id: expect.stringMatching(/^amzn1\.account\./),
    });
    expect(t.connector.capabilities).toMatchObject({
      refresh: "refresh_token",
      rotatesRefreshToken: false,
      revoke: false,
    });
  });

  it("applies the spec 5 rule: fails on error_code other than 200 or without a code", async () => {
    const denied = await t.connect({ deny: true });
    expect(denied.query.error).toBe("access_denied");
    expect(denied.accepted).toMatchObject({ ok: false, reason: "missing_code" });
    expect(acceptErrorCodeOrCodeReturn({ code: "c", error_code: "200" }).ok).toBe(true);
    expect(t.connector.acceptReturn({ code: "c", error_code: "400" })).toMatchObject({
      ok: false,
      reason: "platform_error",
    });
    // Without the `profile` scope the connection still works; only the name and email are missing.
    const narrow = await t.connect({ scopes: ["advertising::campaign_management"] });
    const { identity } = await t.exchange(narrow);
    expect(identity).toEqual({});
  });

  it("lists the profiles of every region, each view keeping its region", async () => {
    const tokens = await t.connected();
    expect(await t.connector.listAdAccounts(tokens)).toEqual([
      {
        id: UK,
        name: "Pacer Demo Store (UK)",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { region: "EU", countryCode: "UK", accountType: "seller", marketplaceId: "A1F83G8C2ARO7P" },
      },
      {
        id: US,
        name: "Pacer Demo Store (US)",
        currency: "USD",
        timeZone: "America/Los_Angeles",
        metaData: { region: "NA", countryCode: "US", accountType: "seller", marketplaceId: "ATVPDKIKX0DER" },
      },
    ]);
  });

  it("fetches daily metrics equal to the replayed rows: SP + SB + SD reports, polled, within retention", async () => {
    const tokens = await t.connected();
    const from = "2025-09-01";
    const to = "2026-03-18";
    const createdBefore = t.routeCalls("POST /{host}/reporting/reports");
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: US }, from, to });
    expect(metrics).toMatchObject({ accountId: US, currency: "USD", timeZone: "America/Los_Angeles" });
    expect(metrics.rows).toEqual(expectedAmazon(US, from, to));
    const today = localDate(TEST_NOW, "America/Los_Angeles");
    const windows = AMAZON_REPORTS.map((spec) => reportWindows(from, to, today, spec).length);
    expect(windows).toEqual([4, 2, 3]);
    expect(t.routeCalls("POST /{host}/reporting/reports") - createdBefore).toBe(9);
    // Older than Sponsored Products' 95 days nothing can be reported; SB and SD stop earlier.
    expect(
      totalSpend(metrics.rows.filter((r) => r.date < retentionStart(today, AMAZON_REPORTS[0] as never))),
    ).toBe(0);
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
    expect(t.sleeps.length).toBeGreaterThan(0);
  });

  it("resumes the report Amazon already holds when the same request comes again (425)", async () => {
    const tokens = await t.connected();
    const range = { from: "2026-03-01", to: "2026-03-18" };
    const first = await t.connector.fetchDailyMetrics(tokens, { account: { id: UK }, ...range });
    const statusBefore = t.routeCalls("GET /{host}/reporting/reports/{reportId}");
    const again = await t.connector.fetchDailyMetrics(tokens, {
      account: { id: UK, metaData: { region: "EU" }, currency: "GBP", timeZone: "Europe/London" },
      ...range,
    });
    expect(again.rows).toEqual(first.rows);
    expect(again.rows).toEqual(expectedAmazon(UK, range.from, range.to));
    // The SP, SB and SD reports were already completed: one status check each, no new waiting.
    expect(t.routeCalls("GET /{host}/reporting/reports/{reportId}") - statusBefore).toBe(
      AMAZON_REPORTS.length,
    );
  });

  it("applies campaign filters on the report rows and lists campaigns of all three ad products", async () => {
    const tokens = await t.connected();
    const range = { from: "2026-02-01", to: "2026-03-18" };
    const account = { id: US, metaData: { region: "NA" }, currency: "USD", timeZone: "America/Los_Angeles" };
    const { byName } = await expectCampaignFilters(t, tokens, {
      account,
      range,
      campaignIds: ["10934"],
      nameContains: "SP_",
      expected: (selection) => expectedAmazon(US, range.from, range.to, selection),
      withTotal: false,
    });
    expect(totalSpend(byName.rows)).toBeGreaterThan(0);
    expect(await t.connector.listFilterValues(tokens, { account, filterId: "campaigns" })).toEqual([
      { id: "10934", name: "sb_brand_video", status: "ENABLED" },
      { id: "4387490", name: "sd_retargeting", status: "PAUSED" },
      { id: "89459845", name: "sp_auto_bestsellers", status: "ENABLED" },
    ]);
  });

  it("refreshes an expired token (not rotated); a revoked grant answers invalid_grant -> AuthError", async () => {
    const tokens = await t.connected();
    t.sandbox.expireAccessTokens("amazonads");
    await expect(t.connector.listAdAccounts(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "UNAUTHORIZED",
    });
    const fresh = await t.connector.refreshAccessToken(tokens);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    await expect(t.connector.listAdAccounts(fresh)).resolves.toHaveLength(2);
    await expect(t.connector.revoke(fresh)).resolves.toBeUndefined();
    t.sandbox.revokeAll("amazonads");
    const error = await t.connector.refreshAccessToken(fresh).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_grant", attempts: 1 });
  });

  it("gives up on a report that is never ready with a retryable PlatformDownError", async () => {
    const impatient = t.makeConnector((config) => ({
      ...config,
      ...(config.amazonads
        ? {
            amazonads: {
              ...config.amazonads,
              reportPoll: { initialDelayMs: 10, maxDelayMs: 10, maxWaitMs: 10 },
            },
          }
        : {}),
    }));
    const tokens = await t.connected();
    const error = await impatient
      .fetchDailyMetrics(tokens, { account: { id: UK }, from: "2026-03-10", to: "2026-03-12" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "report_timeout", retryable: true });
  });

  it("maps a report file S3 refuses (an expired pre-signed URL) to PlatformDownError, not AuthError", async () => {
    const expired = t.makeConnector(
      answeringPath(
        "/s3/reports/",
        () =>
          new Response("<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>", {
            status: 403,
          }),
      ),
    );
    const tokens = await t.connected();
    const error = await expired
      .fetchDailyMetrics(tokens, { account: { id: UK }, from: "2026-03-10", to: "2026-03-12" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "report_download", status: 403, retryable: true });
  });
});

/** The daily budget (micros) the sandbox serves for a demo campaign: `demoBudgets`, from the data file. */
const demoDaily = (profileId: string, campaignId: string) => demoDailyBudget(t, profileId, campaignId);

/** The demo campaigns: US SP and SB enabled, SD paused; UK SP and SD enabled. */
const SP_US = "89459845";
const SB_US = "10934";
const SD_US = "4387490";
const SP_UK = "127823";
const SD_UK = "374754";
const SP_LIST = "POST /{host}/sp/campaigns/list";
const SB_LIST = "POST /{host}/sb/v4/campaigns/list";
const SD_LIST = "GET /{host}/sd/campaigns";
const US_VIEW = { id: US, metaData: { region: "NA" }, currency: "USD", timeZone: "America/Los_Angeles" };
const SB_MEDIA_TYPE = "application/vnd.sbcampaignresource.v4+json";

/** The sum of the demo budgets of a profile's enabled campaigns, all ad products (from the demo data). */
function enabledDemoBudget(profileId: string): number {
  const account = demoAccount("amazonads", profileId);
  if (!account) throw new Error("no demo profile");
  const enabled = account.campaigns.filter((c) => c.status === "ENABLED");
  return enabled.reduce((sum, c) => sum + demoDaily(profileId, c.id), 0);
}

/** A connector whose fetch records every call, and answers `answer(url)` instead of the sandbox when it gives one. */
function recordingConnector(answer: (url: string) => Response | undefined = () => undefined) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const recording: FetchLike = (input, init) => {
    calls.push({ url: input, init });
    return Promise.resolve(answer(input) ?? fetch(input, init));
  };
  const connector = t.makeConnector((config) => ({ ...config, http: { ...config.http, fetch: recording } }));
  return { connector, calls };
}

describe("Amazon budget (fetchBudget) against the sandbox", () => {
  const budget = (tokens: OAuthTokens, filters: TrackerFilters = {}, account = US_VIEW) =>
    t.connector.fetchBudget?.(tokens, { account, filters });
  const routes = () => [SP_LIST, SB_LIST, SD_LIST].map((r) => t.routeCalls(r));

  it("sums the enabled SP, SB and SD campaigns' daily budgets (currency units -> micros), one listing per ad product", async () => {
    const tokens = await t.connected();
    const { connector, calls } = recordingConnector();
    const before = routes();
    // A bare view: the region comes from the profiles, then one campaign list call per ad product.
    expect(await connector.fetchBudget?.(tokens, { account: { id: US } })).toEqual({
      amount: enabledDemoBudget(US),
      period: "day",
    });
    expect(await connector.fetchBudget?.(tokens, { account: { id: UK } })).toEqual({
      amount: enabledDemoBudget(UK),
      period: "day",
    });
    // The paused US Sponsored Display campaign is not counted; the whole profile is more than SP.
    expect(enabledDemoBudget(US)).toBe(demoDaily(US, SP_US) + demoDaily(US, SB_US));
    expect(enabledDemoBudget(UK)).toBe(demoDaily(UK, SP_UK) + demoDaily(UK, SD_UK));
    expect(routes().map((n, i) => n - (before[i] ?? 0))).toEqual([2, 2, 2]);
    const call = (path: string) => calls.find((c) => new URL(c.url).pathname.endsWith(path));
    const sp = call("/advertising-api/sp/campaigns/list");
    const sb = call("/advertising-api/sb/v4/campaigns/list");
    const sd = call("/advertising-api/sd/campaigns");
    for (const [listed, mediaType] of [
      [sp, "application/vnd.spCampaign.v3+json"],
      [sb, SB_MEDIA_TYPE],
    ] as const) {
      const headers = new Headers(listed?.init?.headers);
      expect(headers.get("content-type")).toBe(mediaType);
      expect(headers.get("accept")).toBe(mediaType);
      expect(JSON.parse(String(listed?.init?.body))).toEqual({
        stateFilter: { include: ["ENABLED"] },
        maxResults: 100,
      });
    }
    expect(sd?.init?.method ?? "GET").toBe("GET");
    expect(Object.fromEntries(new URL(sd?.url ?? "http://x").searchParams)).toEqual({
      stateFilter: "enabled",
      startIndex: "0",
      count: "100",
    });
    for (const listed of [sp, sb, sd]) {
      const headers = new Headers(listed?.init?.headers);
      expect(headers.get("amazon-advertising-api-scope")).toBe(US);
      expect(headers.get("amazon-advertising-api-clientid")).toBeTruthy();
      expect(headers.get("authorization")).toBe(`Bearer ${tokens.accessToken}`);
    }
  });

  it("narrows to the campaigns the tracker's filters keep across ad products, as fetchDailyMetrics does; null when none is left", async () => {
    const tokens = await t.connected();
    const day = (amount: number) => ({ amount, period: "day" });
    expect(await budget(tokens, { campaignIds: [SP_US] })).toEqual(day(demoDaily(US, SP_US)));
    expect(await budget(tokens, { campaignIds: [SB_US] })).toEqual(day(demoDaily(US, SB_US)));
    expect(await budget(tokens, { campaignIds: [SP_US, SB_US, SD_US] })).toEqual(
      day(demoDaily(US, SP_US) + demoDaily(US, SB_US)),
    );
    expect(await budget(tokens, { campaignNameContains: "BESTSELLERS" })).toEqual(day(demoDaily(US, SP_US)));
    expect(await budget(tokens, { campaignNameContains: "brand" })).toEqual(day(demoDaily(US, SB_US)));
    // The US Sponsored Display campaign is paused: its budget is not read.
    expect(await budget(tokens, { campaignIds: [SD_US] })).toBeNull();
    expect(await budget(tokens, { campaignNameContains: "retargeting" })).toBeNull();
    expect(await budget(tokens, { campaignNameContains: "manual" })).toBeNull();
    const uk = { id: UK, metaData: { region: "EU" }, currency: "GBP", timeZone: "Europe/London" };
    expect(await budget(tokens, { campaignNameContains: "audiences" }, uk)).toEqual(
      day(demoDaily(UK, SD_UK)),
    );
  });

  it("the sandbox answers sp/campaigns/list in the v3 shape: stateFilter honoured, nextToken paging, media type checked", async () => {
    const tokens = await t.connected();
    const list = (body: unknown, contentType = "application/vnd.spCampaign.v3+json") =>
      fetch(`${t.sandbox.url}/amazonads/advertising-api/sp/campaigns/list`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          "amazon-advertising-api-clientid": "sandbox-amazonads-client",
          "amazon-advertising-api-scope": US,
          "content-type": contentType,
          accept: contentType,
        },
        body: JSON.stringify(body),
      });
    const enabled = await list({ stateFilter: { include: ["ENABLED"] }, maxResults: 1 });
    expect(await enabled.json()).toEqual({
      campaigns: [
        {
          campaignId: SP_US,
          name: "sp_auto_bestsellers",
          state: "ENABLED",
          targetingType: "AUTO",
          budget: { budgetType: "DAILY", budget: demoDaily(US, SP_US) / 1_000_000 },
        },
      ],
      totalResults: 1,
    });
    expect(await (await list({ stateFilter: { include: ["PAUSED", "ARCHIVED"] } })).json()).toEqual({
      campaigns: [],
      totalResults: 0,
    });
    expect((await list({ stateFilter: { include: ["enabled"] } })).status).toBe(400);
    expect((await list({ nextToken: "not-a-token" })).status).toBe(400);
    expect((await list({}, "application/json")).status).toBe(415);
  });

  it("the sandbox answers sb/v4/campaigns/list in the v4 shape: budget and budgetType on the campaign, stateFilter, nextToken paging", async () => {
    const tokens = await t.connected();
    const list = (body: unknown, mediaType: { "content-type"?: string; accept?: string } = {}) =>
      fetch(`${t.sandbox.url}/amazonads/advertising-api/sb/v4/campaigns/list`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          "amazon-advertising-api-clientid": "sandbox-amazonads-client",
          "amazon-advertising-api-scope": US,
          "content-type": SB_MEDIA_TYPE,
          accept: SB_MEDIA_TYPE,
          ...mediaType,
        },
        body: JSON.stringify(body),
      });
    const sbUs = {
      campaignId: SB_US,
      name: "sb_brand_video",
      state: "ENABLED",
      budget: demoDaily(US, SB_US) / 1_000_000,
      budgetType: "DAILY",
    };
    // SB v4 counts its campaigns in `totalCount` (SP v3: `totalResults`), as Amazon's saved example shows.
    expect(await (await list({ stateFilter: { include: ["ENABLED"] }, maxResults: 1 })).json()).toEqual({
      campaigns: [sbUs],
      totalCount: 1,
    });
    // The filter-values listing (no stateFilter) gets the same campaign.
    expect(await (await list({ maxResults: 100 })).json()).toEqual({ campaigns: [sbUs], totalCount: 1 });
    expect(await (await list({ stateFilter: { include: ["PAUSED"] } })).json()).toEqual({
      campaigns: [],
      totalCount: 0,
    });
    // Amazon's v4 samples send the media type in Accept only (Content-Type text/plain).
    expect((await list({}, { "content-type": "text/plain" })).status).toBe(200);
    expect((await list({}, { "content-type": "application/json", accept: "application/json" })).status).toBe(
      415,
    );
    expect((await list({ stateFilter: { include: ["enabled"] } })).status).toBe(400);
    expect((await list({ nextToken: "not-a-token" })).status).toBe(400);
  });

  it("the sandbox answers GET /sd/campaigns as a bare array: budget and budgetType daily, stateFilter, startIndex/count paging", async () => {
    const tokens = await t.connected();
    const list = async (profileId: string, query: string) => {
      const response = await fetch(`${t.sandbox.url}/amazonads/advertising-api-eu/sd/campaigns?${query}`, {
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          "amazon-advertising-api-clientid": "sandbox-amazonads-client",
          "amazon-advertising-api-scope": profileId,
        },
      });
      return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
    };
    const sdUk = {
      campaignId: Number(SD_UK),
      name: "sd_audiences",
      state: "enabled",
      budget: demoDaily(UK, SD_UK) / 1_000_000,
      budgetType: "daily",
    };
    expect(await list(UK, "stateFilter=enabled&startIndex=0&count=100")).toEqual({
      status: 200,
      body: [sdUk],
    });
    expect(await list(UK, "stateFilter=paused,archived")).toEqual({ status: 200, body: [] });
    expect(await list(UK, "startIndex=1&count=100")).toEqual({ status: 200, body: [] });
    expect((await list(UK, "stateFilter=ENABLED")).status).toBe(400);
  });

  it("maps errors like every call: throttled (429 with Retry-After), expired token (401 UNAUTHORIZED)", async () => {
    const tokens = await t.connected();
    await expectRateLimitThenRefusal(t, () => budget(tokens), {
      retryAfterSeconds: 5,
      rateLimited: { reason: "http_429", status: 429, retryAfterMs: 5000 },
      refuse: () => t.sandbox.expireAccessTokens("amazonads"),
      refused: { reason: "UNAUTHORIZED", status: 401 },
    });
  });

  it("reads every page: SB v4 by nextToken, SD by startIndex/count until a short page", async () => {
    const tokens = await t.connected();
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    const sdCampaign = (i: number) => ({
      campaignId: 1000 + i,
      name: `sd_${i}`,
      state: "enabled",
      budget: 1,
      budgetType: "daily",
    });
    const { connector, calls } = recordingConnector((url) => {
      const u = new URL(url);
      if (u.pathname.endsWith("/sp/campaigns/list")) return json({ campaigns: [], totalResults: 0 });
      if (u.pathname.endsWith("/sd/campaigns")) {
        const start = Number(u.searchParams.get("startIndex"));
        return json(Array.from({ length: start === 0 ? 100 : 1 }, (_, i) => sdCampaign(start + i)));
      }
      return undefined;
    });
    const sbPages: unknown[] = [];
    const sbAnswer = recordingConnector((url) => {
      if (!new URL(url).pathname.endsWith("/sb/v4/campaigns/list")) return undefined;
      const page = sbPages.length;
      sbPages.push(page);
      return json({
        campaigns: [
          { campaignId: `${page + 1}`, name: `sb_${page}`, state: "ENABLED", budget: 2, budgetType: "DAILY" },
        ],
        totalResults: 2,
        ...(page === 0 ? { nextToken: "page-2" } : {}),
      });
    });
    expect(await connector.fetchBudget?.(tokens, { account: US_VIEW })).toEqual({
      amount: 101_000_000 + demoDaily(US, SB_US),
      period: "day",
    });
    const sd = calls.filter((c) => new URL(c.url).pathname.endsWith("/sd/campaigns"));
    expect(sd.map((c) => new URL(c.url).searchParams.get("startIndex"))).toEqual(["0", "100"]);
    const sbAmount = await sbAnswer.connector.fetchBudget?.(tokens, { account: US_VIEW });
    expect(sbAmount).toEqual({ amount: demoDaily(US, SP_US) + 4_000_000, period: "day" });
    const sb = sbAnswer.calls.filter((c) => new URL(c.url).pathname.endsWith("/sb/v4/campaigns/list"));
    expect(sb.map((c) => JSON.parse(String(c.init?.body)).nextToken)).toEqual([undefined, "page-2"]);
  });

  it("fails as a whole when the SB or SD listing fails, with that listing's typed error (no partial sum)", async () => {
    const tokens = await t.connected();
    const refusing = (path: string, status: number, code: string) =>
      recordingConnector((url) =>
        new URL(url).pathname.endsWith(path)
          ? new Response(JSON.stringify({ code, details: "refused" }), {
              status,
              headers: { "content-type": "application/json" },
            })
          : undefined,
      ).connector;
    const sb = await refusing("/sb/v4/campaigns/list", 401, "UNAUTHORIZED")
      .fetchBudget?.(tokens, { account: US_VIEW })
      .catch((e: unknown) => e);
    expect(sb).toBeInstanceOf(AuthError);
    expect(sb).toMatchObject({ reason: "UNAUTHORIZED", status: 401 });
    const sd = await refusing("/sd/campaigns", 403, "UNAUTHORIZED")
      .fetchBudget?.(tokens, { account: US_VIEW })
      .catch((e: unknown) => e);
    expect(sd).toBeInstanceOf(AuthError);
    expect(sd).toMatchObject({ status: 403 });
  });
});

describe("Amazon budgets against the public campaign list shapes (SP v3, SB v4, SD)", () => {
  it("SP v3: counts ENABLED campaigns with a DAILY budget; paused, archived and OTHER budgets not", () => {
    const text = `{"campaigns": [
      {"campaignId": "158410630682987", "name": "Auto bestsellers", "state": "ENABLED",
       "targetingType": "AUTO", "budget": {"budgetType": "DAILY", "budget": 50.5}},
      {"campaignId": "2", "name": "Manual retarget", "state": "ENABLED", "targetingType": "MANUAL",
       "budget": {"budgetType": "DAILY", "budget": 20, "effectiveBudget": 30}},
      {"campaignId": "3", "name": "Other", "state": "ENABLED", "budget": {"budgetType": "OTHER", "budget": 900}},
      {"campaignId": "4", "name": "Paused", "state": "PAUSED", "budget": {"budgetType": "DAILY", "budget": 80}},
      {"campaignId": "5", "name": "Archived", "state": "ARCHIVED", "budget": {"budgetType": "DAILY", "budget": 70}},
      {"campaignId": "6", "name": "Zero", "state": "ENABLED", "budget": {"budgetType": "DAILY", "budget": 0}}
    ], "totalResults": 6, "nextToken": null}`;
    const { campaigns } = amazonSpCampaignPageSchema.parse(JSON.parse(quoteLargeIds(text)));
    expect(enabledDailyBudget(campaigns, {})).toEqual({ amount: 70_500_000, period: "day" });
    expect(enabledDailyBudget(campaigns, { nameContains: "RETARGET" })).toEqual({
      amount: 20_000_000,
      period: "day",
    });
    expect(enabledDailyBudget(campaigns, { campaignIds: ["158410630682987"] })).toEqual({
      amount: 50_500_000,
      period: "day",
    });
    expect(enabledDailyBudget(campaigns, { campaignIds: ["3", "4", "5", "6"] })).toBeNull();
    expect(enabledDailyBudget([], {})).toBeNull();
  });

  it("SB v4 (Amazon's multi-ad-group guide sample) and SD: flat budget; LIFETIME, paused and archived not counted; summed with SP", () => {
    // POST /sb/v4/campaigns/list, as Amazon's "Managing campaigns" guide answers it (plus more states).
    const sbText = `{"campaigns": [
      {"bidding": {"bidOptimizationStrategy": "MAXIMIZE_IMMEDIATE_SALES"}, "budget": 100.0,
       "budgetType": "DAILY", "campaignId": "63665260422798", "isMultiAdGroupsEnabled": true,
       "name": "create campaign test", "startDate": "2022-02-08", "state": "ENABLED"},
      {"budget": 3000, "budgetType": "LIFETIME", "campaignId": "2", "name": "Launch lifetime", "state": "ENABLED"},
      {"budget": 40, "budgetType": "DAILY", "campaignId": "3", "name": "Paused video", "state": "PAUSED"},
      {"budget": 40, "budgetType": "DAILY", "campaignId": "4", "name": "Archived", "state": "ARCHIVED"}
    ], "totalResults": 4}`;
    // GET /sd/campaigns: a bare array, lower-case state and budgetType.
    const sdText = `[
      {"campaignId": 186203479904657, "name": "Views remarketing", "tactic": "T00030", "startDate": "20240101",
       "state": "enabled", "costType": "cpc", "budget": 25.25, "budgetType": "daily", "deliveryProfile": "as_soon_as_possible"},
      {"campaignId": 6, "name": "Paused audiences", "tactic": "T00020", "state": "paused", "budget": 60, "budgetType": "daily"},
      {"campaignId": 7, "name": "Archived audiences", "state": "archived", "budget": 60, "budgetType": "daily"}
    ]`;
    const sb = amazonSbCampaignPageSchema.parse(JSON.parse(quoteLargeIds(sbText))).campaigns;
    const sd = amazonSdBudgetedCampaignsSchema.parse(JSON.parse(quoteLargeIds(sdText)));
    expect(sd[0]?.campaignId).toBe("186203479904657");
    expect(enabledDailyBudget(sb, {})).toEqual({ amount: 100_000_000, period: "day" });
    expect(enabledDailyBudget(sd, {})).toEqual({ amount: 25_250_000, period: "day" });
    expect(enabledDailyBudget([...sb, ...sd], { nameContains: "remarketing" })).toEqual({
      amount: 25_250_000,
      period: "day",
    });
    expect(enabledDailyBudget([...sb, ...sd], { campaignIds: ["2", "3", "4", "6", "7"] })).toBeNull();
    const sp = amazonSpCampaignPageSchema.parse({
      campaigns: [
        { campaignId: "9", name: "SP", state: "ENABLED", budget: { budgetType: "DAILY", budget: 10 } },
      ],
    }).campaigns;
    expect(enabledDailyBudget([...sp, ...sb, ...sd], {})).toEqual({ amount: 135_250_000, period: "day" });
  });
});

describe("Amazon parsers against public response shapes (reporting v3 guide, Postman collection, Airbyte)", () => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

  it("reads profiles and a created report", () => {
    const profiles = amazonProfilesSchema.parse(JSON.parse(quoteLargeIds(fixture("profiles.json"))));
    expect(profiles[0]).toMatchObject({
      profileId: "1",
      currencyCode: "CAD",
      timezone: "America/Los_Angeles",
    });
    expect(amazonReportSchema.parse(JSON.parse(fixture("report-created.json")))).toMatchObject({
      status: "PENDING",
      url: null,
    });
  });

  it("reads report rows (the guide's sample as a DAILY report), keeping ids above 2^53 exact", () => {
    const rows = amazonReportRowsSchema.parse(JSON.parse(quoteLargeIds(fixture("report-rows-daily.json"))));
    expect(rows.map((r) => r.campaignId)).toEqual(["158410630682987", "123456789012345678"]);
    const sp = AMAZON_REPORTS[0];
    if (!sp) throw new Error("no SP spec");
    expect(rows.map((r) => reportRowToPartial(r, sp))).toEqual([
      {
        date: "2022-07-05",
        spendMicros: 14_500_000,
        impressions: 2216,
        clicks: 13,
        conversions: 2,
        revenueMicros: 59_980_000,
      },
      {
        date: "2022-07-05",
        spendMicros: 9_450_000,
        impressions: 3721,
        clicks: 10,
        conversions: 2,
        revenueMicros: 0,
      },
    ]);
  });

  it("splits ranges into 31-day reports inside each product's retention", () => {
    expect(splitRange("2026-01-01", "2026-03-05", 31)).toEqual([
      { from: "2026-01-01", to: "2026-01-31" },
      { from: "2026-02-01", to: "2026-03-03" },
      { from: "2026-03-04", to: "2026-03-05" },
    ]);
    const sb = AMAZON_REPORTS[1];
    if (!sb) throw new Error("no SB spec");
    expect(retentionStart("2026-03-18", sb)).toBe("2026-01-18");
    expect(reportWindows("2025-06-01", "2025-06-30", "2026-03-18", sb)).toEqual([]);
  });
});

describe("Amazon campaign listings past 100 pages", () => {
  /** 10,050 campaigns per ad product: 101 pages of 100 (the last of 50). */
  const LISTED = 10_050;
  const campaign = (product: string, n: number, state: string) => ({
    campaignId: `${product}${n}`,
    name: `${product} campaign ${n}`,
    state,
    budget: product === "sp" ? { budgetType: "DAILY", budget: 1 } : 1,
    budgetType: product === "sd" ? "daily" : "DAILY",
  });
  /** Amazon's own paging: SP/SB by `nextToken` (the offset here), SD by `startIndex`/`count`. */
  function largeListings(): FetchLike {
    return (url, init) => {
      const path = new URL(url).pathname;
      const page = (product: string, start: number, size: number, state: string) =>
        Array.from({ length: Math.max(0, Math.min(size, LISTED - start)) }, (_, i) =>
          campaign(product, start + i, state),
        );
      if (path.endsWith("/sp/campaigns/list") || path.endsWith("/sb/v4/campaigns/list")) {
        if (path.includes("/sb/")) return Promise.resolve(Response.json({ campaigns: [] }));
        const body = JSON.parse(String(init?.body ?? "{}")) as { maxResults: number; nextToken?: string };
        const start = Number(body.nextToken ?? 0);
        const campaigns = page("sp", start, body.maxResults, "ENABLED");
        const next = start + campaigns.length < LISTED ? String(start + campaigns.length) : undefined;
        return Promise.resolve(Response.json({ campaigns, ...(next ? { nextToken: next } : {}) }));
      }
      if (path.endsWith("/sd/campaigns")) {
        const q = new URL(url).searchParams;
        const list = page("sd", Number(q.get("startIndex")), Number(q.get("count")), "enabled");
        return Promise.resolve(Response.json(list));
      }
      return fetch(url, init);
    };
  }

  it("reads every page of the SP and SD listings (101 pages each) for the budget", async () => {
    const tokens = await t.connected();
    const calls: string[] = [];
    const listings = largeListings();
    const connector = t.makeConnector((config) => ({
      ...config,
      http: {
        ...config.http,
        fetch: (url, init) => {
          calls.push(new URL(url).pathname);
          return listings(url, init);
        },
      },
    }));
    // One unit a day each: 20,100 enabled daily budgets, none counted twice.
    expect(await connector.fetchBudget?.(tokens, { account: US_VIEW })).toEqual({
      amount: 2 * LISTED * 1_000_000,
      period: "day",
    });
    expect(calls.filter((p) => p.endsWith("/sp/campaigns/list"))).toHaveLength(101);
    expect(calls.filter((p) => p.endsWith("/sd/campaigns"))).toHaveLength(101);
  }, 30_000);

  it("refuses a listing whose nextToken repeats instead of looping or stopping short", async () => {
    const tokens = await t.connected();
    const looping: FetchLike = (url, init) =>
      new URL(url).pathname.endsWith("/sp/campaigns/list")
        ? Promise.resolve(Response.json({ campaigns: [campaign("sp", 1, "ENABLED")], nextToken: "same" }))
        : fetch(url, init);
    const connector = t.makeConnector((config) => ({ ...config, http: { ...config.http, fetch: looping } }));
    await expect(connector.fetchBudget?.(tokens, { account: US_VIEW })).rejects.toMatchObject({
      reason: "repeated_page_token",
    });
  });
});

describe("amazonCampaignUpdate (the update call of each ad product and how its 207 answer reads)", () => {
  it("writes SP v3 and SB v4 bodies with string ids and reads a refused item's error type", () => {
    const sp = amazonCampaignUpdate("SP", "158410630682987123", { budget: 12.5 });
    const sb = amazonCampaignUpdate("SB", "10934", { state: "paused" });

    expect(sp).toMatchObject({
      path: "/sp/campaigns",
      mediaType: "application/vnd.spCampaign.v3+json",
      body: {
        campaigns: [{ campaignId: "158410630682987123", budget: { budgetType: "DAILY", budget: 12.5 } }],
      },
    });
    expect(sb).toMatchObject({
      path: "/sb/v4/campaigns",
      mediaType: "application/vnd.sbcampaignresource.v4+json",
      body: { campaigns: [{ campaignId: "10934", state: "PAUSED" }] },
    });
    expect(
      sp.refusal({ campaigns: { success: [{ campaignId: "1", index: 0 }], error: [] } }),
    ).toBeUndefined();
    expect(
      sb.refusal({
        campaigns: { success: [], error: [{ index: 0, errors: [{ errorType: "BUDGET_TOO_LOW" }] }] },
      }),
    ).toBe("BUDGET_TOO_LOW");
    expect(sb.refusal({ campaigns: { success: [], error: [] } })).toBe("unexpected_shape");
  });

  it("writes SD as a bare array with a numeric id, reads its codes, and refuses an id past 2^53", () => {
    const sd = amazonCampaignUpdate("SD", "374754", { state: "enabled" });

    expect(sd).toMatchObject({ path: "/sd/campaigns", body: [{ campaignId: 374754, state: "enabled" }] });
    expect(sd.mediaType).toBeUndefined();
    expect(sd.refusal([{ code: "SUCCESS", campaignId: 374754 }])).toBeUndefined();
    expect(sd.refusal([{ code: "INVALID_ARGUMENT", campaignId: 374754 }])).toBe("INVALID_ARGUMENT");
    expect(() => amazonCampaignUpdate("SD", "158410630682987123", { budget: 5 })).toThrow(
      expect.objectContaining({ reason: "unsafe_campaign_id" }),
    );
  });
});
