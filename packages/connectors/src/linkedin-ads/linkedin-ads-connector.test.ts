import { readFileSync } from "node:fs";
import { approveConsent, type SandboxHandle, startSandbox } from "@pacer/sandbox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectorConfigFromEnv, LINKEDIN_ADS_API_VERSION, sandboxConnectorConfig } from "../config.ts";
import {
  AuthError,
  BadRequestError,
  NotConfiguredError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import { acceptLinkedInAdsReturn, acceptReturnForSession } from "../oauth/return-rules.ts";
import { expectedSeries, totalSpend } from "../testing/sandbox-expectations.ts";
import type { Connector, OAuthTokens } from "../types.ts";
import { classifyLinkedInError } from "./classify.ts";
import { analyticsToRow, createLinkedInAdsConnector, LINKEDIN_ADS_SCOPES } from "./linkedin-ads-connector.ts";
import { adAccountsPageSchema, analyticsSchema } from "./schemas.ts";

const NOW = new Date("2026-03-18T10:00:00Z");
const DAY_MS = 86_400_000;
const RETURN_PAGE = "https://app.pacer.test/linkedin-ads-response";
const ACCOUNT = "508000101";
const ANALYTICS = "GET /api/rest/adAnalytics";

let clock = NOW.getTime();
let sandbox: SandboxHandle;
let linkedin: Connector;
const sleeps: number[] = [];

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../testing/fixtures/${name}`, import.meta.url), "utf8"));
}

function makeConnector(apiVersion?: string): Connector {
  const config = sandboxConnectorConfig(sandbox.url, {
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  if (apiVersion && config.linkedinads) config.linkedinads.apiVersion = apiVersion;
  return createLinkedInAdsConnector(config);
}

async function connect(options: { deny?: boolean } = {}) {
  const state = `state-${Math.random()}`;
  const { url, codeVerifier } = linkedin.authorizeUrl({ state, redirectUri: RETURN_PAGE });
  const back = await approveConsent(url, options);
  const accepted = acceptReturnForSession("linkedinads", Object.fromEntries(back.searchParams), state);
  return { accepted, codeVerifier, back, url };
}

async function connected(): Promise<OAuthTokens> {
  const { accepted } = await connect();
  if (!accepted.ok) throw new Error(accepted.reason);
  const { tokens } = await linkedin.exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE });
  return tokens;
}

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date(clock) });
  linkedin = makeConnector();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  clock = NOW.getTime();
  sandbox.resetControls();
  sleeps.length = 0;
});

describe("LinkedIn Ads connector against the sandbox", () => {
  it("connects: authorize -> approve -> accepted return -> exchange, 60-day token and a one-year refresh token", async () => {
    const { accepted, codeVerifier, back, url } = await connect();
    expect(codeVerifier).toBeUndefined();
    expect(new URL(url).searchParams.get("scope")).toBe(LINKEDIN_ADS_SCOPES.join(" "));
    expect(back.origin + back.pathname).toBe(RETURN_PAGE);
    if (!accepted.ok) throw new Error(accepted.reason);
    const { tokens, identity } = await linkedin.exchangeCode({
      code: accepted.code,
      redirectUri: RETURN_PAGE,
    });
    expect(tokens.expiresAt).toBe(NOW.getTime() + 5_184_000_000);
    expect(tokens.refreshTokenExpiresAt).toBe(NOW.getTime() + 31_536_000_000);
    expect(tokens.refreshToken).toBeTruthy();
    expect(identity).toMatchObject({ email: "demo@pacer.test", name: "Pacer Demo" });
    expect(linkedin.capabilities).toMatchObject({
      pkce: false,
      needsRefreshToken: true,
      rotatesRefreshToken: false,
    });
  });

  it("applies the spec 5 rule: no code fails (a cancelled consent), and a state that is not the session's is refused", async () => {
    const { accepted, back } = await connect({ deny: true });
    expect(back.searchParams.get("error")).toBe("user_cancelled_authorize");
    expect(accepted).toMatchObject({ ok: false, reason: "missing_code", detail: "user_cancelled_authorize" });
    expect(acceptLinkedInAdsReturn({ code: "c", state: "s" })).toEqual({ ok: true, code: "c", state: "s" });
    expect(acceptReturnForSession("linkedinads", { code: "c", state: "theirs" }, "mine")).toMatchObject({
      ok: false,
      reason: "state_mismatch",
    });
    await expect(linkedin.exchangeCode({ code: "made-up", redirectUri: RETURN_PAGE })).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
      attempts: 1,
    });
  });

  it("lists ad accounts (UTC), sending the pinned Linkedin-Version; a sunset version is a bad request", async () => {
    const tokens = await connected();
    expect(await linkedin.listAdAccounts(tokens)).toEqual([
      {
        id: ACCOUNT,
        name: "Pacer Demo - LinkedIn",
        currency: "EUR",
        timeZone: "UTC",
        metaData: { status: "ACTIVE", type: "BUSINESS" },
      },
    ]);
    expect(LINKEDIN_ADS_API_VERSION).toMatch(/^\d{6}$/);
    const error = await makeConnector("202401")
      .listAdAccounts(tokens)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ reason: "version_sunset", status: 426, attempts: 1 });
  });

  it("fetches daily metrics (adAnalytics, pivot ACCOUNT) equal to the replayed rows", async () => {
    const tokens = await connected();
    const from = "2025-07-25";
    const to = "2026-03-18";
    const before = sandbox.stats().linkedinads?.byRoute[ANALYTICS] ?? 0;
    const metrics = await linkedin.fetchDailyMetrics(tokens, { account: { id: ACCOUNT }, from, to });
    expect((sandbox.stats().linkedinads?.byRoute[ANALYTICS] ?? 0) - before).toBe(1);
    expect(metrics).toMatchObject({ accountId: ACCOUNT, currency: "EUR", timeZone: "UTC" });
    expect(metrics.rows).toEqual(expectedSeries(sandbox, "linkedinads", ACCOUNT, from, to));
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
  });

  it("applies campaign filters (pivot CAMPAIGN, names resolved through adCampaigns) and lists filter values", async () => {
    const tokens = await connected();
    const account = { id: ACCOUNT, currency: "EUR", timeZone: "UTC" };
    const range = { from: "2026-02-01", to: "2026-03-18" };
    const byId = await linkedin.fetchDailyMetrics(tokens, {
      account,
      ...range,
      filters: { campaignIds: ["349043"] },
    });
    expect(byId.rows).toEqual(
      expectedSeries(sandbox, "linkedinads", ACCOUNT, range.from, range.to, { campaignIds: ["349043"] }),
    );
    const byName = await linkedin.fetchDailyMetrics(tokens, {
      account,
      ...range,
      filters: { campaignNameContains: "RETARGET" },
    });
    expect(byName.rows).toEqual(
      expectedSeries(sandbox, "linkedinads", ACCOUNT, range.from, range.to, { nameContains: "retarget" }),
    );
    const all = await linkedin.fetchDailyMetrics(tokens, { account, ...range });
    expect(totalSpend(byId.rows) + totalSpend(byName.rows)).toBe(totalSpend(all.rows));

    const before = sandbox.stats().linkedinads?.byRoute[ANALYTICS] ?? 0;
    const none = await linkedin.fetchDailyMetrics(tokens, {
      account,
      ...range,
      filters: { campaignNameContains: "nothing" },
    });
    expect(totalSpend(none.rows)).toBe(0);
    expect(none.rows).toHaveLength(46);
    expect((sandbox.stats().linkedinads?.byRoute[ANALYTICS] ?? 0) - before).toBe(0);

    expect(await linkedin.listFilterValues(tokens, { account, filterId: "campaigns" })).toEqual([
      { id: "4387490", name: "linkedin_retargeting", status: "PAUSED" },
      { id: "349043", name: "linkedin_sponsored_content", status: "ACTIVE" },
    ]);
    expect(await linkedin.listFilterValues(tokens, { account, filterId: "campaignName" })).toEqual([]);
  });

  it("refreshes without rotation: the same refresh token comes back with its lifetime counting down", async () => {
    const tokens = await connected();
    clock += 10 * DAY_MS;
    sandbox.expireAccessTokens("linkedinads");
    await expect(linkedin.listAdAccounts(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "INVALID_ACCESS_TOKEN",
    });
    const fresh = await linkedin.refreshAccessToken(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect(fresh.refreshTokenExpiresAt).toBe(tokens.refreshTokenExpiresAt);
    expect(fresh.expiresAt).toBe(clock + 5_184_000_000);
    expect(await linkedin.listAdAccounts(fresh)).toHaveLength(1);
  });

  it("revokes through oauth/v2/revoke: the token stops working and the refresh is invalid_grant -> AuthError", async () => {
    const tokens = await connected();
    await linkedin.revoke(tokens);
    await expect(linkedin.revoke(tokens)).resolves.toBeUndefined();
    await expect(linkedin.listAdAccounts(tokens)).rejects.toBeInstanceOf(AuthError);
    const error = await linkedin.refreshAccessToken(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_grant", retryable: false, attempts: 1 });
  });

  it("retries injected 500s, honours 429 Retry-After, and maps an injected invalid_grant without retrying", async () => {
    const tokens = await connected();
    sandbox.setControls("linkedinads", { faults: [{ kind: "500", times: 2, on: "api" }] });
    await expect(linkedin.listAdAccounts(tokens)).resolves.toHaveLength(1);
    expect(sleeps).toHaveLength(2);

    sleeps.length = 0;
    sandbox.setControls("linkedinads", {
      faults: [],
      rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: 3 },
    });
    const limited = await linkedin.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect(sleeps).toEqual([3000, 3000, 3000]);

    sandbox.setControls("linkedinads", {
      rateLimit: undefined,
      faults: [{ kind: "invalid_grant", times: 1, on: "token" }],
    });
    const before = sandbox.stats().linkedinads?.tokenCalls ?? 0;
    await expect(linkedin.refreshAccessToken(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
    });
    expect((sandbox.stats().linkedinads?.tokenCalls ?? 0) - before).toBe(1);
  });
});

describe("LinkedIn configuration", () => {
  it("reads its client from the environment, else answers NotConfiguredError", () => {
    const env = connectorConfigFromEnv({
      LINKEDIN_ADS_CLIENT_ID: "id",
      LINKEDIN_ADS_CLIENT_SECRET: "secret",
    });
    expect(env.linkedinads).toMatchObject({
      authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
      apiBaseUrl: "https://api.linkedin.com",
      apiVersion: LINKEDIN_ADS_API_VERSION,
    });
    expect(connectorConfigFromEnv({ LINKEDIN_ADS_CLIENT_ID: "id" }).linkedinads).toBeUndefined();
    expect(() =>
      createLinkedInAdsConnector({}).authorizeUrl({ state: "s", redirectUri: RETURN_PAGE }),
    ).toThrow(NotConfiguredError);
  });
});

describe("LinkedIn parsers against public response shapes", () => {
  it("reads adAnalytics elements: local-currency decimal strings, Rest.li dates; costInUsd is never used", () => {
    const rows = analyticsSchema.parse(fixture("linkedin-ads-analytics.json")).elements.map(analyticsToRow);
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
    const page = adAccountsPageSchema.parse(fixture("linkedin-ads-accounts.json"));
    expect(page.elements[0]).toMatchObject({ id: "123456789", currency: "USD", status: "ACTIVE" });
    expect(page.metadata?.nextPageToken).toBe("next_page_token_123");
  });

  it("maps LinkedIn error bodies to the typed errors", () => {
    const failure = (status: number, body: unknown) => ({
      platform: "linkedinads",
      where: "linkedinads test https://x.test/p",
      status,
      headers: new Headers(),
      text: JSON.stringify(body),
      body,
      retryAfterMs: 2000,
    });
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
