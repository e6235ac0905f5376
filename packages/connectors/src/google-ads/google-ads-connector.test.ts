import { readFileSync } from "node:fs";
import { approveConsent, type SandboxHandle, startSandbox } from "@pacer/sandbox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxConnectorConfig } from "../config.ts";
import { AuthError, RateLimitedError } from "../errors.ts";
import { acceptReturnForSession, GOOGLE_ADS_SCOPE } from "../oauth/return-rules.ts";
import { expectedSeries, totalSpend } from "../testing/sandbox-expectations.ts";
import type { Connector, OAuthTokens } from "../types.ts";
import { createGoogleAdsConnector, toPartialRow } from "./google-ads-connector.ts";
import { searchStreamSchema } from "./schemas.ts";

const NOW = new Date("2026-03-18T10:00:00Z");
const RETURN_PAGE = "https://app.pacer.test/google-ads-response";
const SEARCH = "1112223333";
const YOUTUBE = "4445556666";

let sandbox: SandboxHandle;
let google: Connector;
const sleeps: number[] = [];

async function connect(options: { scopes?: string[] } = {}) {
  const state = `state-${Math.random()}`;
  const { url, codeVerifier } = google.authorizeUrl({ state, redirectUri: RETURN_PAGE });
  const back = await approveConsent(url, options);
  const accepted = acceptReturnForSession("googleads", Object.fromEntries(back.searchParams), state);
  return { accepted, codeVerifier, back };
}

async function connected(): Promise<OAuthTokens> {
  const { accepted, codeVerifier } = await connect();
  if (!accepted.ok) throw new Error(accepted.reason);
  const { tokens } = await google.exchangeCode({
    code: accepted.code,
    redirectUri: RETURN_PAGE,
    codeVerifier,
  });
  return tokens;
}

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW });
  google = createGoogleAdsConnector(
    sandboxConnectorConfig(sandbox.url, {
      now: () => NOW.getTime(),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    }),
  );
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.resetControls();
  sleeps.length = 0;
});

describe("Google Ads connector against the sandbox", () => {
  it("connects: authorize with PKCE -> approve -> accepted return -> exchange with identity", async () => {
    const { accepted, codeVerifier, back } = await connect();
    expect(back.origin + back.pathname).toBe(RETURN_PAGE);
    expect(accepted).toMatchObject({ ok: true });
    expect(accepted.ok && accepted.scope?.split(" ")).toContain(GOOGLE_ADS_SCOPE);
    expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    if (!accepted.ok) return;
    const { tokens, identity } = await google.exchangeCode({
      code: accepted.code,
      redirectUri: RETURN_PAGE,
      codeVerifier,
    });
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBe(NOW.getTime() + 3599_000);
    expect(identity.email).toBe("demo@pacer.test");
  });

  it("refuses a return without the adwords scope, and an exchange with the wrong PKCE verifier", async () => {
    const narrow = await connect({ scopes: ["openid", "email"] });
    expect(narrow.accepted).toMatchObject({ ok: false, reason: "missing_scope" });
    const { accepted } = await connect();
    if (!accepted.ok) throw new Error("not accepted");
    await expect(
      google.exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE, codeVerifier: "x".repeat(43) }),
    ).rejects.toMatchObject({ code: "auth_failed", reason: "invalid_grant" });
  });

  it("lists the ad accounts, expanding the manager and leaving it out", async () => {
    const tokens = await connected();
    const views = await google.listAdAccounts(tokens);
    expect(views).toEqual([
      {
        id: SEARCH,
        name: "Pacer Demo - Search",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { status: "ENABLED" },
      },
      {
        id: YOUTUBE,
        name: "Pacer Demo - YouTube",
        currency: "USD",
        timeZone: "America/New_York",
        metaData: { status: "ENABLED", loginCustomerId: "9990001111" },
      },
    ]);
  });

  it("fetches daily metrics equal to the replayed rows, zero-filled outside the history", async () => {
    const tokens = await connected();
    const from = "2025-07-25"; // before the first served day (2025-08-01)
    const to = "2026-03-18";
    const metrics = await google.fetchDailyMetrics(tokens, { account: { id: SEARCH }, from, to });
    expect(metrics).toMatchObject({ accountId: SEARCH, currency: "GBP", timeZone: "Europe/London" });
    const expected = expectedSeries(sandbox, "googleads", SEARCH, from, to);
    expect(metrics.rows).toEqual(expected);
    expect(metrics.rows[0]).toMatchObject({ date: "2025-07-25", spendMicros: 0 });
    expect(totalSpend(metrics.rows.filter((r) => r.date >= "2026-03-01"))).toBeGreaterThan(0);
  });

  it("reaches a client account through its manager (login-customer-id) with its factor", async () => {
    const tokens = await connected();
    const [youtube] = (await google.listAdAccounts(tokens)).filter((v) => v.id === YOUTUBE);
    if (!youtube) throw new Error("no youtube view");
    const metrics = await google.fetchDailyMetrics(tokens, {
      account: youtube,
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(metrics.currency).toBe("USD");
    expect(metrics.rows).toEqual(expectedSeries(sandbox, "googleads", YOUTUBE, "2026-02-01", "2026-02-28"));
    await expect(
      google.fetchDailyMetrics(tokens, { account: { id: YOUTUBE }, from: "2026-02-01", to: "2026-02-28" }),
    ).rejects.toBeInstanceOf(AuthError);
  });

  it("applies campaign filters and lists filter values", async () => {
    const tokens = await connected();
    const range = { from: "2026-02-01", to: "2026-03-18" };
    const byId = await google.fetchDailyMetrics(tokens, {
      account: { id: SEARCH },
      ...range,
      filters: { campaignIds: ["89459845"] },
    });
    expect(byId.rows).toEqual(
      expectedSeries(sandbox, "googleads", SEARCH, range.from, range.to, { campaignIds: ["89459845"] }),
    );
    const byName = await google.fetchDailyMetrics(tokens, {
      account: { id: SEARCH },
      ...range,
      filters: { campaignNameContains: "WIDE" },
    });
    expect(byName.rows).toEqual(
      expectedSeries(sandbox, "googleads", SEARCH, range.from, range.to, { nameContains: "wide" }),
    );
    const all = await google.fetchDailyMetrics(tokens, { account: { id: SEARCH }, ...range });
    expect(totalSpend(byId.rows) + totalSpend(byName.rows)).toBe(totalSpend(all.rows));

    expect(google.filterDefinitions().map((f) => f.type)).toEqual(["multipleChoice", "textBoxStringFilter"]);
    const values = await google.listFilterValues(tokens, { account: { id: SEARCH }, filterId: "campaigns" });
    expect(values).toEqual([
      { id: "89459845", name: "google_hot", status: "ENABLED" },
      { id: "127823", name: "google_wide", status: "ENABLED" },
    ]);
    const searched = await google.listFilterValues(tokens, {
      account: { id: SEARCH },
      filterId: "campaigns",
      search: "HOT",
    });
    expect(searched.map((v) => v.name)).toEqual(["google_hot"]);
  });

  it("refreshes an expired access token, keeping the (non-rotated) refresh token", async () => {
    const tokens = await connected();
    sandbox.expireAccessTokens("googleads");
    await expect(google.listAdAccounts(tokens)).rejects.toMatchObject({ code: "auth_failed" });
    const fresh = await google.refreshAccessToken(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect(await google.listAdAccounts(fresh)).toHaveLength(2);
  });

  it("revokes: afterwards the refresh answers invalid_grant, mapped to AuthError", async () => {
    const tokens = await connected();
    await google.revoke(tokens);
    await expect(google.revoke(tokens)).resolves.toBeUndefined();
    const error = await google.refreshAccessToken(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_grant", retryable: false, attempts: 1 });
  });

  it("retries injected 500s and honours the limiter's Retry-After", async () => {
    const tokens = await connected();
    sandbox.setControls("googleads", { faults: [{ kind: "500", times: 2, on: "api" }] });
    const before = sandbox.stats().googleads?.apiCalls ?? 0;
    await expect(google.listAdAccounts(tokens)).resolves.toHaveLength(2);
    expect((sandbox.stats().googleads?.apiCalls ?? 0) - before).toBe(2 + 3);

    sleeps.length = 0;
    sandbox.setControls("googleads", {
      faults: [],
      rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: 7 },
    });
    const error = await google.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(sleeps).toEqual([7000, 7000, 7000]);
  });

  it("maps an injected invalid_grant on refresh to AuthError without retrying", async () => {
    const tokens = await connected();
    sandbox.setControls("googleads", { faults: [{ kind: "invalid_grant", times: 1, on: "token" }] });
    const before = sandbox.stats().googleads?.tokenCalls ?? 0;
    await expect(google.refreshAccessToken(tokens)).rejects.toMatchObject({
      code: "auth_failed",
      reason: "invalid_grant",
    });
    expect((sandbox.stats().googleads?.tokenCalls ?? 0) - before).toBe(1);
  });
});

describe("Google Ads parser against a public response shape", () => {
  it("reads a searchStream answer (int64 as strings, doubles as numbers)", () => {
    const fixture: unknown = JSON.parse(
      readFileSync(new URL("../testing/fixtures/google-ads-search-stream.json", import.meta.url), "utf8"),
    );
    const rows = searchStreamSchema
      .parse(fixture)
      .flatMap((b) => b.results)
      .map(toPartialRow);
    expect(rows).toEqual([
      {
        date: "2024-06-01",
        spendMicros: 25_000_000,
        impressions: 82_000,
        clicks: 1540,
        conversions: 18,
        revenueMicros: 540_000_000,
      },
      {
        date: "2024-06-02",
        spendMicros: 12_500_000,
        impressions: 41_000,
        clicks: 770,
        conversions: 2.5,
        revenueMicros: 61_750_000,
      },
    ]);
  });
});
