import { readFileSync } from "node:fs";
import { approveConsent, type SandboxHandle, startSandbox } from "@pacer/sandbox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REDDIT_ADS_DEFAULT_USER_AGENT, sandboxConnectorConfig } from "../config.ts";
import { AuthError, PlatformDownError, RateLimitedError } from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptRedditAdsReturn, acceptReturnForSession } from "../oauth/return-rules.ts";
import { expectedSeries, totalSpend } from "../testing/sandbox-expectations.ts";
import type { Connector, OAuthTokens } from "../types.ts";
import { createRedditAdsConnector, REDDIT_ADS_SCOPES, reportRowToPartial } from "./reddit-ads-connector.ts";
import { redditAdAccountsPageSchema, redditReportPageSchema } from "./schemas.ts";

const NOW = new Date("2026-03-18T10:00:00Z");
const RETURN_PAGE = "https://app.pacer.test/reddit-ads-response";
const ACCOUNT = "a2_pacerdemo01";
const REPORT_ROUTE = "POST /ads-api/api/{version}/ad_accounts/{accountId}/reports";

let sandbox: SandboxHandle;
let reddit: Connector;
const userAgents = new Set<string>();

async function connect(options: { deny?: boolean } = {}) {
  const state = `state-${Math.random()}`;
  const { url, codeVerifier } = reddit.authorizeUrl({ state, redirectUri: RETURN_PAGE });
  const back = await approveConsent(url, options);
  const query = Object.fromEntries(back.searchParams);
  return { accepted: acceptReturnForSession("redditads", query, state), query, url, codeVerifier };
}

async function connected(): Promise<OAuthTokens> {
  const { accepted } = await connect();
  if (!accepted.ok) throw new Error(accepted.reason);
  return (await reddit.exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE })).tokens;
}

const reportCalls = () => sandbox.stats().redditads?.byRoute[REPORT_ROUTE] ?? 0;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW });
  const recording: FetchLike = (url, init) => {
    userAgents.add(new Headers(init.headers).get("user-agent") ?? "");
    return fetch(url, init);
  };
  reddit = createRedditAdsConnector(
    sandboxConnectorConfig(sandbox.url, {
      now: () => NOW.getTime(),
      fetch: recording,
      sleep: async () => undefined,
    }),
  );
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.resetControls());

describe("Reddit Ads connector (beta) against the sandbox", () => {
  it("connects: authorize (permanent, adsread) -> approve -> exchange with Basic auth -> identity", async () => {
    const { accepted, url, codeVerifier } = await connect();
    const authorize = new URL(url);
    expect(authorize.searchParams.get("duration")).toBe("permanent");
    expect(authorize.searchParams.get("scope")).toBe(REDDIT_ADS_SCOPES.join(" "));
    expect(codeVerifier).toBeUndefined();
    expect(accepted).toMatchObject({ ok: true });
    if (!accepted.ok) return;
    const { tokens, identity } = await reddit.exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE });
    expect(tokens).toMatchObject({ refreshToken: expect.any(String), expiresAt: NOW.getTime() + 86_400_000 });
    expect(identity).toMatchObject({
      name: "demo",
      email: "demo@pacer.test",
      id: expect.stringMatching(/^t2_/),
    });
    expect(userAgents).toEqual(new Set([REDDIT_ADS_DEFAULT_USER_AGENT]));
  });

  it("applies the spec 5 rule: fails on an error parameter or without a code", async () => {
    const denied = await connect({ deny: true });
    expect(denied.query.error).toBe("access_denied");
    expect(denied.accepted).toMatchObject({ ok: false, reason: "platform_error" });
    expect(acceptRedditAdsReturn({ state: "s" })).toMatchObject({ ok: false, reason: "missing_code" });
    expect(acceptRedditAdsReturn({ code: "c", error: "invalid_scope" })).toMatchObject({
      reason: "platform_error",
    });
    expect(reddit.acceptReturn({ code: "c", state: "s" })).toMatchObject({ ok: true, code: "c" });
  });

  it("maps Reddit's HTTP 200 invalid_grant for a used code to AuthError, without retrying", async () => {
    const { accepted } = await connect();
    if (!accepted.ok) throw new Error("not accepted");
    await reddit.exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE });
    const error = await reddit
      .exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_grant", status: 200, attempts: 1 });
  });

  it("lists ad accounts through the user's businesses", async () => {
    const tokens = await connected();
    expect(await reddit.listAdAccounts(tokens)).toEqual([
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
    const tokens = await connected();
    const from = "2025-07-20";
    const to = "2026-03-18";
    const before = reportCalls();
    const metrics = await reddit.fetchDailyMetrics(tokens, { account: { id: ACCOUNT }, from, to });
    expect(metrics).toMatchObject({ accountId: ACCOUNT, currency: "GBP", timeZone: "Europe/London" });
    expect(metrics.rows).toEqual(expectedSeries(sandbox, "redditads", ACCOUNT, from, to));
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
    expect(reportCalls() - before).toBe(8);
  });

  it("applies campaign filters with the CAMPAIGN_ID breakdown and lists campaigns", async () => {
    const tokens = await connected();
    const range = { from: "2025-12-01", to: "2026-03-18" };
    const account = { id: ACCOUNT, currency: "GBP", timeZone: "Europe/London" };
    const before = reportCalls();
    const byId = await reddit.fetchDailyMetrics(tokens, {
      account,
      ...range,
      filters: { campaignIds: ["127823"] },
    });
    expect(byId.rows).toEqual(
      expectedSeries(sandbox, "redditads", ACCOUNT, range.from, range.to, { campaignIds: ["127823"] }),
    );
    // 108 days in reports of 31, 31, 31 and 15 days; the sandbox pages 50 rows, and with the
    // CAMPAIGN_ID breakdown a full report has 62 rows: 2 + 2 + 2 + 1 calls.
    expect(reportCalls() - before).toBe(7);
    const byName = await reddit.fetchDailyMetrics(tokens, {
      account,
      ...range,
      filters: { campaignNameContains: "COMMUNIT" },
    });
    expect(byName.rows).toEqual(
      expectedSeries(sandbox, "redditads", ACCOUNT, range.from, range.to, { nameContains: "communit" }),
    );
    const all = await reddit.fetchDailyMetrics(tokens, { account, ...range });
    expect(totalSpend(byId.rows) + totalSpend(byName.rows)).toBe(totalSpend(all.rows));
    expect(await reddit.listFilterValues(tokens, { account, filterId: "campaigns" })).toEqual([
      { id: "9034945", name: "reddit_communities", status: "ACTIVE" },
      { id: "127823", name: "reddit_conversation", status: "ACTIVE" },
    ]);
  });

  it("refreshes an expired access token, keeping the refresh token", async () => {
    const tokens = await connected();
    sandbox.expireAccessTokens("redditads");
    await expect(reddit.listAdAccounts(tokens)).rejects.toMatchObject({ code: "auth_failed", status: 401 });
    const fresh = await reddit.refreshAccessToken(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    await expect(reddit.listAdAccounts(fresh)).resolves.toHaveLength(1);
  });

  it("revokes the refresh token; the refresh then answers invalid_grant, mapped to AuthError", async () => {
    const tokens = await connected();
    await reddit.revoke(tokens);
    await expect(reddit.revoke(tokens)).resolves.toBeUndefined();
    const error = await reddit.refreshAccessToken(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_grant", retryable: false, attempts: 1 });
    await expect(reddit.listAdAccounts(tokens)).rejects.toBeInstanceOf(AuthError);
  });

  it("retries 500s and maps a persistent 429 to RateLimitedError", async () => {
    const tokens = await connected();
    sandbox.setControls("redditads", { faults: [{ kind: "500", times: 2, on: "api" }] });
    await expect(reddit.listAdAccounts(tokens)).resolves.toHaveLength(1);
    sandbox.setControls("redditads", {
      faults: [],
      rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: 2 },
    });
    const error = await reddit.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 2000, attempts: 4 });
  });
});

describe("Reddit parsers against public response shapes (Airbyte mock server, docs)", () => {
  const fixture = (name: string): unknown =>
    JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));

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
