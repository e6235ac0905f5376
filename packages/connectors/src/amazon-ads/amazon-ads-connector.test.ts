import { readFileSync } from "node:fs";
import { accountDays, type CampaignSelection, demoAccount } from "@pacer/sandbox";
import { amazonAdProductOf } from "@pacer/sandbox/platforms/amazonads";
import { describe, expect, it } from "vitest";
import { zeroRow } from "../connector-kit.ts";
import { eachDate, splitRange, todayIn } from "../dates.ts";
import { AuthError, PlatformDownError } from "../errors.ts";
import { acceptErrorCodeOrCodeReturn } from "../oauth/return-rules.ts";
import { expectCampaignFilters, TEST_NOW, useConnectorTest } from "../testing/connector-test-kit.ts";
import { totalSpend } from "../testing/sandbox-expectations.ts";
import type { DailyMetricsRow } from "../types.ts";
import {
  AMAZON_ADS_SCOPES,
  AMAZON_REPORTS,
  createAmazonAdsConnector,
  reportRowToPartial,
  reportWindows,
  retentionStart,
} from "./amazon-ads-connector.ts";
import {
  amazonProfilesSchema,
  amazonReportRowsSchema,
  amazonReportSchema,
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
  const today = todayIn(account.timeZone, t.sandbox.now());
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
    const today = todayIn("America/Los_Angeles", TEST_NOW);
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
