import { approveConsent, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import {
  documentedDailyBudget,
  expectRateLimitThenRefusal,
  fixtureJson,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { AuthError, NotSupportedError, PlatformDownError } from "../errors.ts";
import type { OAuthTokens, TrackerFilters } from "../types.ts";
import { metaBudgetToMicros, metaCurrencyOffset } from "./currencies.ts";
import { DEFAULT_META_CONVERSION_ACTION_TYPES } from "./descriptor.ts";
import {
  campaignsBudgetedOnAdSets,
  createMetaConnector,
  insightsToRow,
  runningBudgets,
} from "./meta-connector.ts";
import { campaignsPageSchema, insightsPageSchema } from "./schemas.ts";

const RETURN_PAGE = "https://app.pacer.test/facebook-ads-response";
const FACEBOOK = "101000000000001";
const INSTAGRAM = "101000000000002";

const t = useConnectorTest({ platform: "facebookads", create: createMetaConnector, returnPage: RETURN_PAGE });

/** A connection; every one checks that Meta uses no PKCE and that the identity carries the email. */
async function connected(): Promise<OAuthTokens> {
  const { tokens, identity, consent } = await t.connection();
  expect(consent.codeVerifier).toBeUndefined();
  expect(identity.email).toBe("demo@pacer.test");
  return tokens;
}

describe("Meta connector against the sandbox", () => {
  it("connects and holds a long-lived (~60 day) token, with no refresh token", async () => {
    const tokens = await connected();
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.expiresAt).toBe(TEST_NOW.getTime() + 5_183_944_000);
    expect(t.connector.capabilities).toMatchObject({ refresh: "none", pkce: false });
    await expect(t.connector.refreshAccessToken(tokens)).rejects.toBeInstanceOf(NotSupportedError);
  });

  it("records the permissions the person granted (read from GET /me/permissions): an unticked one is not granted", async () => {
    const all = await connected();
    expect(all.scope?.split(" ").sort()).toEqual(["ads_read", "business_management", "email"]);
    const { url } = t.connector.authorizeUrl({ state: "s", redirectUri: RETURN_PAGE });
    const asked = new URL(url);
    asked.searchParams.set("scope", "ads_read,ads_management,email");
    const back = await approveConsent(asked.toString(), { scopes: ["ads_read", "email"] });
    const { tokens } = await t.connector.exchangeCode({
      code: back.searchParams.get("code") ?? "",
      redirectUri: RETURN_PAGE,
    });
    expect(tokens.scope?.split(" ").sort()).toEqual(["ads_read", "email"]);
  });

  it("refuses a denied consent (Meta's error_code=200 without a code)", async () => {
    const { url } = t.connector.authorizeUrl({ state: "s", redirectUri: RETURN_PAGE });
    const back = await approveConsent(url, { deny: true });
    expect(back.searchParams.get("error_reason")).toBe("user_denied");
    expect(t.connector.acceptReturn(Object.fromEntries(back.searchParams))).toMatchObject({
      ok: false,
      reason: "missing_code",
    });
  });

  it("lists ad accounts from /me/adaccounts", async () => {
    const tokens = await connected();
    expect(await t.connector.listAdAccounts(tokens)).toEqual([
      {
        id: FACEBOOK,
        name: "Pacer Demo - Facebook",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { accountStatus: "1" },
      },
      {
        id: INSTAGRAM,
        name: "Pacer Demo - Instagram",
        currency: "EUR",
        timeZone: "Europe/Berlin",
        metaData: { accountStatus: "1" },
      },
    ]);
  });

  it("fetches daily metrics equal to the replayed rows over six months (several insight pages)", async () => {
    const tokens = await connected();
    const from = "2025-09-01";
    const to = "2026-03-18";
    const route = "GET /graph/{version}/act_{accountId}/insights";
    const before = t.sandbox.stats().facebookads?.byRoute[route] ?? 0;
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: FACEBOOK }, from, to });
    expect(metrics).toMatchObject({ accountId: FACEBOOK, currency: "GBP", timeZone: "Europe/London" });
    expect(metrics.rows).toEqual(t.expected(FACEBOOK, from, to));
    expect((t.sandbox.stats().facebookads?.byRoute[route] ?? 0) - before).toBe(2);
  });

  it("applies campaign id and name filters (summed per day) and lists campaigns", async () => {
    const tokens = await connected();
    const range = { from: "2026-02-01", to: "2026-03-18" };
    const ids = ["349043", "348934"];
    const byId = await t.connector.fetchDailyMetrics(tokens, {
      account: { id: FACEBOOK },
      ...range,
      filters: { campaignIds: ids },
    });
    expect(byId.rows).toEqual(t.expected(FACEBOOK, range.from, range.to, { campaignIds: ids }));
    const tier = await t.connector.fetchDailyMetrics(tokens, {
      account: { id: FACEBOOK, currency: "GBP", timeZone: "Europe/London" },
      ...range,
      filters: { campaignNameContains: "TIER" },
    });
    expect(totalSpend(tier.rows)).toBe(totalSpend(byId.rows));
    const values = await t.connector.listFilterValues(tokens, {
      account: { id: FACEBOOK },
      filterId: "campaigns",
      search: "face",
    });
    expect(values.map((v) => [v.id, v.name, v.status])).toEqual([
      ["544756", "facebook_lal", "PAUSED"],
      ["4387490", "facebook_retargeting", "ACTIVE"],
      ["349043", "facebook_tier1", "ACTIVE"],
      ["348934", "facebook_tier2", "ACTIVE"],
    ]);
  });

  it("revokes through DELETE /me/permissions; the token then maps to AuthError (#190)", async () => {
    const tokens = await connected();
    await t.connector.revoke(tokens);
    const error = await t.connector.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "190/460", retryable: false });
  });

  it("maps an injected invalid_grant on the API to AuthError after one call", async () => {
    const tokens = await connected();
    t.sandbox.setControls("facebookads", { faults: [{ kind: "invalid_grant", times: 1, on: "api" }] });
    const before = t.sandbox.stats().facebookads?.apiCalls ?? 0;
    await expect(t.connector.listAdAccounts(tokens)).rejects.toBeInstanceOf(AuthError);
    expect((t.sandbox.stats().facebookads?.apiCalls ?? 0) - before).toBe(1);
  });

  it("retries malformed bodies and gives up with PlatformDownError when they persist", async () => {
    const tokens = await connected();
    t.sandbox.setControls("facebookads", { faults: [{ kind: "malformed", times: 1, on: "api" }] });
    await expect(t.connector.listAdAccounts(tokens)).resolves.toHaveLength(2);
    t.sandbox.setControls("facebookads", { faults: [{ kind: "malformed", rate: 1, on: "api" }] });
    const error = await t.connector.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "malformed_response", attempts: 4 });
  });
});

const TIER1 = "349043";
const TIER2 = "348934";
/** Active, with its budgets on its ad sets (no campaign budget). */
const RETARGETING = "4387490";
/** Paused, with a campaign budget. */
const LAL = "544756";
const CAMPAIGNS_ROUTE = "GET /graph/{version}/act_{accountId}/campaigns";
const ADSETS_ROUTE = "GET /graph/{version}/act_{accountId}/adsets";
const ACCOUNT_ROUTE = "GET /graph/{version}/act_{accountId}";

describe("Meta budget (fetchBudget) against the sandbox", () => {
  const budget = (
    tokens: OAuthTokens,
    accountId: string,
    filters: TrackerFilters = {},
    currency: string | undefined = undefined,
  ) =>
    t.connector.fetchBudget?.(tokens, {
      account: { id: accountId, ...(currency ? { currency } : {}) },
      filters,
    });

  it("sums the daily budgets of the active campaigns with a campaign budget", async () => {
    const tokens = await connected();
    const before = { campaigns: t.routeCalls(CAMPAIGNS_ROUTE), account: t.routeCalls(ACCOUNT_ROUTE) };
    expect(await budget(tokens, FACEBOOK, { campaignIds: [TIER1, TIER2, LAL] }, "GBP")).toEqual({
      amount: documentedDailyBudget(t, FACEBOOK, [TIER1]) + documentedDailyBudget(t, FACEBOOK, [TIER2]),
      period: "day",
    });
    expect(t.routeCalls(CAMPAIGNS_ROUTE) - before.campaigns).toBe(1);
    expect(t.routeCalls(ACCOUNT_ROUTE) - before.account).toBe(0);

    // Without the view's currency, it is read from /act_{id} (EUR: cents too).
    const instagram = demoAccount("facebookads", INSTAGRAM)?.campaigns ?? [];
    expect(instagram).toHaveLength(3);
    expect(await budget(tokens, INSTAGRAM)).toEqual({
      amount: instagram.reduce((sum, c) => sum + documentedDailyBudget(t, INSTAGRAM, [c.id]), 0),
      period: "day",
    });
    expect(t.routeCalls(ACCOUNT_ROUTE) - before.account).toBe(1);
  });

  it("narrows to the campaigns the tracker's filters keep, as fetchDailyMetrics does", async () => {
    const tokens = await connected();
    expect(await budget(tokens, FACEBOOK, { campaignIds: [TIER1] }, "GBP")).toEqual({
      amount: documentedDailyBudget(t, FACEBOOK, [TIER1]),
      period: "day",
    });
    expect(await budget(tokens, FACEBOOK, { campaignNameContains: "TIER2" }, "GBP")).toEqual({
      amount: documentedDailyBudget(t, FACEBOOK, [TIER2]),
      period: "day",
    });
    expect(
      await budget(tokens, FACEBOOK, {
        campaignIds: [TIER1, TIER2, RETARGETING],
        campaignNameContains: "tier1",
      }),
    ).toEqual({ amount: documentedDailyBudget(t, FACEBOOK, [TIER1]), period: "day" });
  });

  it("counts the running ad sets' daily budgets of a campaign whose budgets sit on its ad sets, in one more call", async () => {
    const tokens = await connected();
    const before = t.routeCalls(ADSETS_ROUTE);
    // The retargeting campaign has two ad sets with a budget each; the paused one is not counted.
    const retargeting = documentedDailyBudget(t, FACEBOOK, [RETARGETING]);
    expect(await budget(tokens, FACEBOOK, { campaignIds: [RETARGETING] }, "GBP")).toEqual({
      amount: retargeting,
      period: "day",
    });
    expect(t.routeCalls(ADSETS_ROUTE) - before).toBe(1);
    // The whole account: campaign budgets plus the ad-set budgets, each once.
    expect(await budget(tokens, FACEBOOK, {}, "GBP")).toEqual({
      amount:
        documentedDailyBudget(t, FACEBOOK, [TIER1]) +
        documentedDailyBudget(t, FACEBOOK, [TIER2]) +
        retargeting,
      period: "day",
    });
    // Campaigns that carry their own budget need no ad-set call.
    const calls = t.routeCalls(ADSETS_ROUTE);
    await budget(tokens, FACEBOOK, { campaignIds: [TIER1] }, "GBP");
    expect(t.routeCalls(ADSETS_ROUTE)).toBe(calls);
  });

  it("answers null when no running campaign or ad set has a daily budget (paused, no match)", async () => {
    const tokens = await connected();
    expect(await budget(tokens, FACEBOOK, { campaignIds: [LAL] })).toBeNull();
    expect(await budget(tokens, FACEBOOK, { campaignNameContains: "no such campaign" })).toBeNull();
  });

  it("maps errors like every call: rate limit (#80004), revoked token (#190)", async () => {
    const tokens = await connected();
    await expectRateLimitThenRefusal(t, () => budget(tokens, FACEBOOK), {
      retryAfterSeconds: 6,
      rateLimited: { reason: "80004" },
      refuse: async () => t.connector.revoke(tokens),
      refused: { reason: "190/460" },
    });
  });
});

describe("Meta budgets against public response shapes", () => {
  it("converts daily_budget from the currency's offset units: cents, or whole units (JPY, HUF)", () => {
    expect(metaCurrencyOffset("GBP")).toBe(100);
    expect(metaBudgetToMicros("10076000", "GBP")).toBe((10_076_000 / 100) * 1_000_000);
    expect(metaBudgetToMicros("7", "EUR")).toBe((7 / 100) * 1_000_000);
    expect(() => metaBudgetToMicros("12.50", "EUR")).toThrow(RangeError);
    for (const currency of ["JPY", "HUF", "KRW"]) {
      expect(metaCurrencyOffset(currency)).toBe(1);
      expect(metaBudgetToMicros("5000", currency)).toBe(5000 * 1_000_000);
    }
  });

  it("counts active campaigns with a campaign budget; ad-set budgets (absent or 0) and other statuses not", () => {
    const page = campaignsPageSchema.parse({
      data: [
        { id: "1", name: "Prospecting", effective_status: "ACTIVE", daily_budget: "2500" },
        { id: "2", name: "Retargeting", effective_status: "ACTIVE" },
        { id: "3", name: "Catalogue", effective_status: "ACTIVE", daily_budget: "0" },
        { id: "4", name: "Old prospecting", effective_status: "PAUSED", daily_budget: "9900" },
        { id: "5", name: "Lookalikes", effective_status: "ACTIVE", daily_budget: 1200 },
      ],
    });
    expect(runningBudgets(page.data, {})).toEqual(["2500", "1200"]);
    expect(runningBudgets(page.data, { nameContains: "PROSPECT" })).toEqual(["2500"]);
    expect(runningBudgets(page.data, { campaignIds: ["2", "4"] })).toEqual([]);
    expect(() => campaignsPageSchema.parse({ data: [{ id: "6", daily_budget: "12.50" }] })).toThrow();
  });

  it("asks the ad sets only for running campaigns without a daily or lifetime campaign budget", () => {
    const page = campaignsPageSchema.parse({
      data: [
        { id: "1", name: "Prospecting", effective_status: "ACTIVE", daily_budget: "2500" },
        { id: "2", name: "Retargeting", effective_status: "ACTIVE" },
        { id: "3", name: "Catalogue", effective_status: "ACTIVE", daily_budget: "0", lifetime_budget: "0" },
        { id: "4", name: "Launch", effective_status: "ACTIVE", lifetime_budget: "150000" },
        { id: "5", name: "Old retargeting", effective_status: "PAUSED" },
      ],
    });
    expect(campaignsBudgetedOnAdSets(page.data, {})).toEqual(["2", "3"]);
    expect(campaignsBudgetedOnAdSets(page.data, { nameContains: "retarget" })).toEqual(["2"]);
    expect(campaignsBudgetedOnAdSets(page.data, { campaignIds: ["1", "4", "5"] })).toEqual([]);
  });
});

describe("Meta parser against public response shapes", () => {
  it("reads insights rows: string numbers, actions and action_values", () => {
    const rows = insightsPageSchema
      .parse(fixtureJson("meta-insights.json"))
      .data.map((r) => insightsToRow(r, DEFAULT_META_CONVERSION_ACTION_TYPES));
    expect(rows).toEqual([
      {
        date: "2023-06-01",
        spendMicros: 14_350_000,
        impressions: 185,
        clicks: 9,
        conversions: 0,
        revenueMicros: 0,
      },
      {
        date: "2023-06-02",
        spendMicros: 8_530_000,
        impressions: 171,
        clicks: 7,
        conversions: 2,
        revenueMicros: 129_980_000,
      },
    ]);
  });

  it("counts one purchase once when several purchase action types are present", () => {
    const row = insightsPageSchema.parse({
      data: [
        {
          date_start: "2024-01-01",
          spend: "10",
          actions: [
            { action_type: "offsite_conversion.fb_pixel_purchase", value: "3" },
            { action_type: "omni_purchase", value: "3" },
          ],
          action_values: [
            { action_type: "offsite_conversion.fb_pixel_purchase", value: "30.5" },
            { action_type: "omni_purchase", value: "30.5" },
          ],
        },
      ],
    }).data[0];
    if (!row) throw new Error("no row");
    expect(insightsToRow(row, DEFAULT_META_CONVERSION_ACTION_TYPES)).toMatchObject({
      conversions: 3,
      revenueMicros: 30_500_000,
    });
  });
});
