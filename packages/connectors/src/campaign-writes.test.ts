import { afterEach, describe, expect, it } from "vitest";
import { TEST_NOW, useConnectorTest } from "../testing/connector-test-kit.ts";
import { createAmazonAdsConnector } from "./amazon-ads/amazon-ads-connector.ts";
import { createBingAdsConnector } from "./bing-ads/bing-ads-connector.ts";
import { createGoogleAdsConnector } from "./google-ads/google-ads-connector.ts";
import { createLinkedInAdsConnector } from "./linkedin-ads/linkedin-ads-connector.ts";
import { createMetaConnector } from "./meta/meta-connector.ts";
import { createPinterestAdsConnector } from "./pinterest-ads/pinterest-ads-connector.ts";
import { createRedditAdsConnector } from "./reddit-ads/reddit-ads-connector.ts";
import { DESCRIPTORS } from "./registry.ts";
import { createTikTokAdsConnector } from "./tiktok-ads/tiktok-ads-connector.ts";
import { createTwitterAdsConnector } from "./twitter-ads/twitter-ads-connector.ts";
import { type CampaignWriter, type Connector, isOAuth1Connector } from "./types.ts";

/** The campaign write methods of every platform that has them, against the sandbox. */

const DAY_MS = 86_400_000;
/** 2026-03-18, the test's today (10:00 UTC: London on GMT 10:00, 600 minutes gone; Los Angeles on PDT 03:00, 180). */
const TODAY = "2026-03-18";

interface Case {
  /** The case's name (the platform, and the ad product where a platform has several). */
  label: string;
  platform:
    | "googleads"
    | "facebookads"
    | "bingads"
    | "amazonads"
    | "tiktokads"
    | "linkedinads"
    | "twitterads"
    | "pinterestads"
    | "redditads";
  create: (config: Parameters<typeof createGoogleAdsConnector>[0]) => Connector;
  returnPage: string;
  account: { id: string; currency: string; timeZone: string };
  /** A campaign with a budget of its own or shared, and its routes. */
  campaignId: string;
  statusRoute: string;
  budgetRoute: string;
  /** Minutes of today gone at the test's now, in the account's time zone. */
  minutesGone: number;
  /** A campaign whose daily budget sits above or below it (a LinkedIn campaign group, X line items). */
  budgetElsewhere?: string;
  /**
   * Platforms whose campaign listing carries no spend (LinkedIn, X): the report route the listing
   * reads every selected campaign's spend from, and how many calls it may take for `n` campaigns.
   */
  spendReport?: { route: string; calls: (n: number) => number };
}

const AMAZON_US = { id: "3810822089931808", currency: "USD", timeZone: "America/Los_Angeles" };
const AMAZON_UK = { id: "2859176666497025", currency: "GBP", timeZone: "Europe/London" };

const CASES: Case[] = [
  {
    label: "googleads",
    platform: "googleads",
    create: createGoogleAdsConnector,
    returnPage: "https://app.pacer.test/google-ads-response",
    account: { id: "1112223333", currency: "GBP", timeZone: "Europe/London" },
    campaignId: "89459845",
    statusRoute: "POST /api/{version}/customers/{customerId}/campaigns:mutate",
    budgetRoute: "POST /api/{version}/customers/{customerId}/campaignBudgets:mutate",
    minutesGone: 600,
  },
  {
    label: "facebookads",
    platform: "facebookads",
    create: createMetaConnector,
    returnPage: "https://app.pacer.test/facebook-ads-response",
    account: { id: "101000000000001", currency: "GBP", timeZone: "Europe/London" },
    campaignId: "349043",
    statusRoute: "POST /graph/{version}/{campaignId}",
    budgetRoute: "POST /graph/{version}/{campaignId}",
    minutesGone: 600,
  },
  {
    label: "bingads",
    platform: "bingads",
    create: createBingAdsConnector,
    returnPage: "https://app.pacer.test/bing-ads-response",
    account: { id: "180000202", currency: "GBP", timeZone: "Europe/London" },
    campaignId: "10934",
    statusRoute: "PUT /campaign/CampaignManagement/{version}/Campaigns",
    budgetRoute: "PUT /campaign/CampaignManagement/{version}/Campaigns",
    minutesGone: 600,
  },
  ...(
    [
      ["Sponsored Products", AMAZON_US, "89459845", "PUT /{host}/sp/campaigns", 180],
      ["Sponsored Brands", AMAZON_US, "10934", "PUT /{host}/sb/v4/campaigns", 180],
      ["Sponsored Display", AMAZON_UK, "374754", "PUT /{host}/sd/campaigns", 600],
    ] as const
  ).map(
    ([product, account, campaignId, route, minutesGone]): Case => ({
      label: `amazonads ${product}`,
      platform: "amazonads",
      create: createAmazonAdsConnector,
      returnPage: "https://app.pacer.test/amazon-ads-response",
      account,
      campaignId,
      statusRoute: route,
      budgetRoute: route,
      minutesGone,
    }),
  ),
  {
    label: "tiktokads",
    platform: "tiktokads",
    create: createTikTokAdsConnector,
    returnPage: "https://app.pacer.test/tiktok-ads-response",
    account: { id: "7000000000000000101", currency: "USD", timeZone: "America/Los_Angeles" },
    campaignId: "374754",
    statusRoute: "POST /open_api/{version}/campaign/status/update/",
    budgetRoute: "POST /open_api/{version}/campaign/update/",
    minutesGone: 180,
  },
  {
    label: "linkedinads",
    platform: "linkedinads",
    create: createLinkedInAdsConnector,
    returnPage: "https://app.pacer.test/linkedin-ads-response",
    account: { id: "508000101", currency: "EUR", timeZone: "UTC" },
    campaignId: "349043",
    statusRoute: "POST /api/rest/adAccounts/{accountId}/adCampaigns/{campaignId}",
    budgetRoute: "POST /api/rest/adAccounts/{accountId}/adCampaigns/{campaignId}",
    minutesGone: 600,
    budgetElsewhere: "544756",
    spendReport: { route: "GET /api/rest/adAnalytics", calls: () => 1 },
  },
  {
    label: "twitterads",
    platform: "twitterads",
    create: createTwitterAdsConnector,
    returnPage: "https://app.pacer.test/twitter-ads-response",
    account: { id: "18ce54pcrdm", currency: "USD", timeZone: "America/Los_Angeles" },
    campaignId: "7hbn",
    statusRoute: "PUT /ads-api/{version}/accounts/{accountId}/campaigns/{campaignId}",
    budgetRoute: "PUT /ads-api/{version}/accounts/{accountId}/campaigns/{campaignId}",
    minutesGone: 180,
    budgetElsewhere: "2m1eq",
    // Over 7 days (18 here): one asynchronous stats job per placement (2), 20 entity ids and 90 days.
    spendReport: {
      route: "POST /ads-api/{version}/stats/jobs/accounts/{accountId}",
      calls: (n) => 2 * Math.ceil(n / 20),
    },
  },
  {
    label: "pinterestads",
    platform: "pinterestads",
    create: createPinterestAdsConnector,
    returnPage: "https://app.pacer.test/pinterest-ads-response",
    account: { id: "549000000101", currency: "GBP", timeZone: "UTC" },
    campaignId: "9034945",
    statusRoute: "PATCH /api/v5/ad_accounts/{adAccountId}/campaigns",
    budgetRoute: "PATCH /api/v5/ad_accounts/{adAccountId}/campaigns",
    minutesGone: 600,
  },
  {
    label: "redditads",
    platform: "redditads",
    create: createRedditAdsConnector,
    returnPage: "https://app.pacer.test/reddit-ads-response",
    account: { id: "a2_pacerdemo01", currency: "GBP", timeZone: "Europe/London" },
    campaignId: "9034945",
    statusRoute: "PATCH /ads-api/api/{version}/campaigns/{campaignId}",
    budgetRoute: "PATCH /ads-api/api/{version}/campaigns/{campaignId}",
    minutesGone: 600,
  },
];

describe.each(CASES)("$label campaign writes against the sandbox", (c) => {
  let clock = TEST_NOW.getTime();
  const t = useConnectorTest({
    platform: c.platform,
    create: c.create,
    returnPage: c.returnPage,
    now: () => clock,
    // OAuth 1.0a (X): consent starts with a request token, which the return page echoes.
    start: async (connector, redirectUri) => {
      if (!isOAuth1Connector(connector)) {
        const state = `state-${Math.random()}`;
        return { state, ...connector.authorizeUrl({ state, redirectUri }) };
      }
      const { url, requestToken, requestTokenSecret } = await connector.requestToken({
        state: "",
        redirectUri,
      });
      return { url, state: requestToken, requestTokenSecret };
    },
  });
  const writer = (): CampaignWriter => {
    const w = t.connector.campaigns;
    if (!w) throw new Error("no campaign writes");
    return w;
  };
  const spendOn = async (tokens: Awaited<ReturnType<typeof t.connected>>, date: string) => {
    const m = await t.connector.fetchDailyMetrics(tokens, {
      account: c.account,
      from: date,
      to: date,
      filters: { campaignIds: [c.campaignId] },
    });
    return m.rows[0]?.spendMicros ?? 0;
  };
  afterEach(() => {
    clock = TEST_NOW.getTime();
    t.sandbox.writes.reset();
    t.sandbox.resetStats();
  });

  it("lists the filtered campaigns with status, daily budget and spend over the range", async () => {
    const tokens = await t.connected();

    const campaigns = await writer().listCampaigns(tokens, {
      account: c.account,
      filters: { campaignIds: [c.campaignId] },
      from: "2026-03-01",
      to: TODAY,
    });

    const spend = t
      .expected(c.account.id, "2026-03-01", TODAY, { campaignIds: [c.campaignId] })
      .reduce((s, r) => s + r.spendMicros, 0);
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({ id: c.campaignId, status: "enabled", spendMicros: spend });
    expect(campaigns[0]?.dailyBudgetMicros).toBeGreaterThan(0);
  });

  it("pauses (once: a re-run sends nothing), the replay stops spending from the pause, and enables again", async () => {
    let tokens = await t.connected();
    const full = t.expected(c.account.id, TODAY, TODAY, { campaignIds: [c.campaignId] })[0]?.spendMicros ?? 0;
    const target = { account: c.account, campaignId: c.campaignId };

    const paused = await writer().setCampaignStatus(tokens, { ...target, status: "paused" });
    const again = await writer().setCampaignStatus(tokens, { ...target, status: "paused" });

    expect(paused).toMatchObject({ changed: true, before: 1, after: 0 });
    expect(again).toEqual({ changed: false, before: 0, after: 0, answer: "unchanged" });
    expect(t.routeCalls(c.statusRoute)).toBe(1);
    // Paused at 10:00 UTC: today ran the minutes gone of its 1,440; tomorrow spends nothing.
    expect(await spendOn(tokens, TODAY)).toBe(Math.round((full * c.minutesGone) / 1440));
    clock += DAY_MS; // a day on (a fresh token: Google's last an hour)
    tokens = await t.connected();
    expect(await spendOn(tokens, "2026-03-19")).toBe(0);
    const listed = await writer().listCampaigns(tokens, {
      account: c.account,
      filters: { campaignIds: [c.campaignId] },
      from: TODAY,
      to: TODAY,
    });
    expect(listed[0]?.status).toBe("paused");

    const enabled = await writer().setCampaignStatus(tokens, { ...target, status: "enabled" });
    expect(enabled).toMatchObject({ changed: true, before: 0, after: 1 });
    clock += DAY_MS;
    tokens = await t.connected();
    expect(await spendOn(tokens, "2026-03-20")).toBe(
      t.expected(c.account.id, "2026-03-20", "2026-03-20", { campaignIds: [c.campaignId] })[0]?.spendMicros,
    );
  });

  it("sets the daily budget once, and the replayed spend is capped at it (Google: 2x) from that day", async () => {
    const tokens = await t.connected();
    const target = { account: c.account, campaignId: c.campaignId, amountMicros: 5_000_000 };
    const [before] = await writer().listCampaigns(tokens, {
      account: c.account,
      filters: { campaignIds: [c.campaignId] },
      from: TODAY,
      to: TODAY,
    });

    const set = await writer().setCampaignDailyBudget(tokens, target);
    const again = await writer().setCampaignDailyBudget(tokens, target);

    expect(set).toMatchObject({ changed: true, before: before?.dailyBudgetMicros, after: 5_000_000 });
    expect(again.changed).toBe(false);
    expect(t.routeCalls(c.budgetRoute)).toBe(1);
    // Google Ads overdelivers up to 2x a day's budget (the month stays under 30.4 days' worth); Meta's cap is the budget.
    const natural =
      t.expected(c.account.id, TODAY, TODAY, { campaignIds: [c.campaignId] })[0]?.spendMicros ?? 0;
    expect(await spendOn(tokens, TODAY)).toBe(
      Math.min(natural, c.platform === "googleads" ? 10_000_000 : 5_000_000),
    );
    expect(await spendOn(tokens, "2026-03-17")).toBe(
      t.expected(c.account.id, "2026-03-17", "2026-03-17", { campaignIds: [c.campaignId] })[0]?.spendMicros,
    );
  });

  it("a grant without the write permission is refused with InsufficientScopeError, not retried", async () => {
    const tokens = await t.connected();
    t.sandbox.writes.refuse(c.platform);

    const write = writer().setCampaignStatus(tokens, {
      account: c.account,
      campaignId: c.campaignId,
      status: "paused",
    });

    await expect(write).rejects.toMatchObject({ code: "insufficient_scope", retryable: false });
    expect(t.routeCalls(c.statusRoute)).toBe(1);
    const account = t.sandbox.accounts(c.platform).find((a) => a.id === c.account.id);
    expect(account).toBeDefined();
    expect(t.sandbox.writes.of(account as never, c.campaignId)).toEqual([]);
  });

  // Only the platforms whose campaign listing carries no spend (LinkedIn, X) have this case.
  const spendReport = c.spendReport;
  if (spendReport)
    it("lists every campaign's spend from one report split by campaign, not a report per campaign", async () => {
      const tokens = await t.connected();
      const before = t.routeCalls(spendReport.route);
      const campaigns = await writer().listCampaigns(tokens, {
        account: c.account,
        from: "2026-03-01",
        to: TODAY,
      });
      expect(campaigns.length).toBeGreaterThan(1);
      expect(t.routeCalls(spendReport.route) - before).toBe(spendReport.calls(campaigns.length));
      for (const campaign of campaigns) {
        const spend = t
          .expected(c.account.id, "2026-03-01", TODAY, { campaignIds: [campaign.id] })
          .reduce((sum, r) => sum + r.spendMicros, 0);
        expect({ id: campaign.id, spendMicros: campaign.spendMicros }).toEqual({
          id: campaign.id,
          spendMicros: spend,
        });
      }
      expect(campaigns.some((x) => x.spendMicros > 0)).toBe(true);
    });

  // Only the platforms whose campaigns may carry no budget of their own (LinkedIn, X) have this case.
  const budgetElsewhere = c.budgetElsewhere;
  if (budgetElsewhere)
    it("a campaign whose daily budget sits elsewhere is listed without one, refused a budget write, and can be paused", async () => {
      const tokens = await t.connected();
      const target = { account: c.account, campaignId: budgetElsewhere };

      const [listed] = await writer().listCampaigns(tokens, {
        account: c.account,
        filters: { campaignIds: [target.campaignId] },
        from: TODAY,
        to: TODAY,
      });
      const budget = writer().setCampaignDailyBudget(tokens, { ...target, amountMicros: 5_000_000 });

      expect(listed).toMatchObject({ id: target.campaignId, status: "enabled", dailyBudgetMicros: null });
      await expect(budget).rejects.toMatchObject({ code: "bad_request", reason: "no_campaign_budget" });
      expect(t.routeCalls(c.budgetRoute)).toBe(0);
      expect(await writer().setCampaignStatus(tokens, { ...target, status: "paused" })).toMatchObject({
        changed: true,
        before: 1,
        after: 0,
      });
    });
});

describe("write scopes (asked when AutoPilot is first enabled on a connection)", () => {
  it("LinkedIn declares rw_ads beyond its read consent; X declares none (OAuth 1.0a has no scopes)", () => {
    const scopes = (slug: string) => DESCRIPTORS.find((d) => d.slug === slug)?.writeScopes;

    expect(scopes("linkedinads")).toEqual(["rw_ads"]);
    expect(scopes("twitterads")).toEqual([]);
  });
});
