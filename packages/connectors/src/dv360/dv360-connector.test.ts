import type { CampaignSelection } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import {
  documentedDailyBudget,
  expectCampaignFilters,
  expectRevokeEndsTheGrant,
  fixtureJson,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { PlatformDownError } from "../errors.ts";
import { acceptGoogleDv360Return, BID_MANAGER_SCOPE, GOOGLE_ADS_SCOPE } from "../oauth/return-rules.ts";
import { createDv360Connector, DISPLAY_VIDEO_SCOPE } from "./dv360-connector.ts";
import { parseDv360Report } from "./report-csv.ts";
import { bidManagerReportSchema, dv360AdvertisersPageSchema } from "./schemas.ts";

const RETURN_PAGE = "https://app.pacer.test/google-dv360-response";
const DISPLAY = "7654321";
const VIDEO = "7654322";
const DELETE_ROUTE = "DELETE /doubleclickbidmanager/{version}/queries/{queryId}";
const CREATE_ROUTE = "POST /doubleclickbidmanager/{version}/queries";

const t = useConnectorTest({
  platform: "googledv360",
  create: createDv360Connector,
  returnPage: RETURN_PAGE,
});

/** DV360's standard report has no sales value: the replayed rows with revenue 0. */
function expected(accountId: string, from: string, to: string, selection: CampaignSelection = {}) {
  return t.expected(accountId, from, to, selection).map((r) => ({ ...r, revenueMicros: 0 }));
}

describe("Google DV360 connector against the sandbox", () => {
  it("connects: PKCE -> consent with the Bid Manager scope -> exchange with identity", async () => {
    const consent = await t.connect();
    const { accepted, codeVerifier } = consent;
    expect(accepted).toMatchObject({ ok: true });
    expect(accepted.ok && accepted.scope?.split(" ")).toEqual(
      expect.arrayContaining([BID_MANAGER_SCOPE, DISPLAY_VIDEO_SCOPE]),
    );
    expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    if (!accepted.ok) return;
    const { tokens, identity } = await t.exchange(consent);
    expect(tokens).toMatchObject({
      refreshToken: expect.any(String),
      expiresAt: TEST_NOW.getTime() + 3_599_000,
    });
    expect(identity.email).toBe("demo@pacer.test");
    expect(t.connector.capabilities).toMatchObject({
      pkce: true,
      needsRefreshToken: true,
      rotatesRefreshToken: false,
    });
  });

  it("applies the spec 5 rule: the scope must contain the bid manager scope; a wrong verifier is refused", async () => {
    const narrow = await t.connect({ scopes: [DISPLAY_VIDEO_SCOPE, "openid", "email"] });
    expect(narrow.accepted).toMatchObject({ ok: false, reason: "missing_scope" });
    const denied = await t.connect({ deny: true });
    expect(denied.accepted).toMatchObject({ ok: false, reason: "platform_error" });
    expect(acceptGoogleDv360Return({ code: "c", scope: GOOGLE_ADS_SCOPE })).toMatchObject({
      reason: "missing_scope",
    });
    expect(acceptGoogleDv360Return({ scope: BID_MANAGER_SCOPE })).toMatchObject({ reason: "missing_code" });
    const consent = await t.connect();
    await expect(t.exchange({ ...consent, codeVerifier: "y".repeat(43) })).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
    });
  });

  it("lists the advertisers of every accessible partner", async () => {
    const tokens = await t.connected();
    expect(await t.connector.listAdAccounts(tokens)).toEqual([
      {
        id: DISPLAY,
        name: "Pacer Demo - Display",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { partnerId: "1234567", entityStatus: "ENTITY_STATUS_ACTIVE" },
      },
      {
        id: VIDEO,
        name: "Pacer Demo - Programmatic Video",
        currency: "EUR",
        timeZone: "Europe/Paris",
        metaData: { partnerId: "1234567", entityStatus: "ENTITY_STATUS_ACTIVE" },
      },
    ]);
  });

  it("fetches daily metrics through a Bid Manager query equal to the replayed rows, then deletes the query", async () => {
    const tokens = await t.connected();
    const from = "2025-07-01";
    const to = "2026-03-18";
    const [created, deleted] = [t.routeCalls(CREATE_ROUTE), t.routeCalls(DELETE_ROUTE)];
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: DISPLAY }, from, to });
    expect(metrics).toMatchObject({ accountId: DISPLAY, currency: "GBP", timeZone: "Europe/London" });
    expect(metrics.rows).toEqual(expected(DISPLAY, from, to));
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
    expect(t.routeCalls(CREATE_ROUTE) - created).toBe(1);
    expect(t.routeCalls(DELETE_ROUTE) - deleted).toBe(1);
    expect(t.sleeps).toEqual([2000, 4000]);
    const video = await t.connector.fetchDailyMetrics(tokens, {
      account: { id: VIDEO },
      from: "2026-03-01",
      to,
    });
    expect(video).toMatchObject({ currency: "EUR", timeZone: "Europe/Paris" });
    expect(video.rows).toEqual(expected(VIDEO, "2026-03-01", to));
  });

  it("filters by campaign (FILTER_MEDIA_PLAN) and by name, and lists campaigns", async () => {
    const tokens = await t.connected();
    const range = { from: "2026-01-01", to: "2026-03-18" };
    const account = { id: DISPLAY, currency: "GBP", timeZone: "Europe/London" };
    await expectCampaignFilters(t, tokens, {
      account,
      range,
      campaignIds: ["39889"],
      nameContains: "LOOKALIKE",
      expected: (selection) => expected(DISPLAY, range.from, range.to, selection),
    });
    expect(await t.connector.listFilterValues(tokens, { account, filterId: "campaigns" })).toEqual([
      { id: "39889", name: "banner_partner", status: "ENTITY_STATUS_ACTIVE" },
      { id: "544756", name: "display_lookalikes", status: "ENTITY_STATUS_PAUSED" },
    ]);
  });

  it("refreshes an expired access token, keeping the refresh token", async () => {
    const tokens = await t.connected();
    t.sandbox.expireAccessTokens("googledv360");
    await expect(t.connector.listAdAccounts(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "UNAUTHENTICATED",
    });
    const fresh = await t.connector.refreshAccessToken(tokens);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    await expect(t.connector.listAdAccounts(fresh)).resolves.toHaveLength(2);
  });

  it("revokes: afterwards the refresh answers invalid_grant, mapped to AuthError", async () => {
    await expectRevokeEndsTheGrant(t, await t.connected());
  });

  it("deletes the query even when the report never completes", async () => {
    const tokens = await t.connected();
    const impatient = t.makeConnector((config) => ({
      ...config,
      ...(config.googledv360
        ? {
            googledv360: {
              ...config.googledv360,
              reportPoll: { initialDelayMs: 1, maxDelayMs: 1, maxWaitMs: 0 },
            },
          }
        : {}),
    }));
    const deleted = t.routeCalls(DELETE_ROUTE);
    const error = await impatient
      .fetchDailyMetrics(tokens, {
        account: { id: DISPLAY, currency: "GBP", timeZone: "Europe/London" },
        from: "2026-03-01",
        to: "2026-03-02",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "report_timeout" });
    expect(t.routeCalls(DELETE_ROUTE) - deleted).toBe(1);
  });
});

const IO_ROUTE = "GET /displayvideo/{version}/advertisers/{advertiserId}/insertionOrders";

describe("DV360 budget (fetchBudget): insertion orders' current budget segments as a lifetime (flight) budget", () => {
  // TEST_NOW is 18 March 2026; the sandbox's current segments run 1 March to 30 April (61 days).
  const flight = { startDate: "2026-03-01", endDate: "2026-04-30" };

  it("sums the active insertion orders' segment covering today, with its flight dates, in one call", async () => {
    const tokens = await t.connected();
    const before = t.routeCalls(IO_ROUTE);
    const account = { id: DISPLAY, currency: "GBP", timeZone: "Europe/London" };
    expect(await t.connector.fetchBudget?.(tokens, { account })).toEqual({
      amount: documentedDailyBudget(t, DISPLAY, ["39889"]) * 61,
      period: "lifetime",
      ...flight,
    });
    expect(t.routeCalls(IO_ROUTE) - before).toBe(1);
  });

  it("applies the tracker's campaign filters; a paused campaign's insertion order never counts", async () => {
    const tokens = await t.connected();
    const account = { id: DISPLAY, currency: "GBP", timeZone: "Europe/London" };
    expect(
      await t.connector.fetchBudget?.(tokens, { account, filters: { campaignIds: ["544756"] } }),
    ).toBeNull();
    expect(
      await t.connector.fetchBudget?.(tokens, { account, filters: { campaignNameContains: "BANNER" } }),
    ).toEqual({ amount: documentedDailyBudget(t, DISPLAY, ["39889"]) * 61, period: "lifetime", ...flight });
    expect(
      await t.connector.fetchBudget?.(tokens, { account, filters: { campaignNameContains: "lookalike" } }),
    ).toBeNull();
  });
});

describe("DV360 parsers against public shapes (discovery documents, Bid Manager reports)", () => {
  const fixture = (name: string) => fixtureJson(name, new URL("./fixtures/", import.meta.url));

  it("reads an advertisers page and a finished report", () => {
    const page = dv360AdvertisersPageSchema.parse(fixture("advertisers-list.json"));
    expect(page.advertisers[0]).toMatchObject({
      advertiserId: "7654321",
      generalConfig: { timeZone: "America/New_York", currencyCode: "USD" },
    });
    const report = bidManagerReportSchema.parse(fixture("report-done.json"));
    expect(report.metadata?.status?.state).toBe("DONE");
    expect(report.metadata?.googleCloudStoragePath).toMatch(/^https:\/\/storage\.googleapis\.com\//);
  });

  it("reads a report CSV, skipping the totals row and the footer", () => {
    const csv = [
      "Date,Advertiser ID,Advertiser Currency,Media Cost (Advertiser Currency),Revenue (Adv Currency),Impressions,Clicks,Total Conversions",
      "2024/06/01,7654321,USD,10.500000,12.345678,1000,21,2",
      "2024/06/02,7654321,USD,0.000000,0.000000,0,0,0",
      ",,,10.500000,12.345678,1000,21,2",
      "",
      "Report Time:,2024/07/01 03:12 GMT",
      'Date Range:,"2024/06/01 to 2024/06/30"',
      "Group By:,Date,Advertiser ID,Advertiser Currency",
    ].join("\n");
    expect(parseDv360Report("googledv360", csv)).toEqual([
      { date: "2024-06-01", spendMicros: 12_345_678, impressions: 1000, clicks: 21, conversions: 2 },
      { date: "2024-06-02", spendMicros: 0, impressions: 0, clicks: 0, conversions: 0 },
    ]);
    expect(() => parseDv360Report("googledv360", "Impressions\n1\n")).toThrow(PlatformDownError);
  });
});
