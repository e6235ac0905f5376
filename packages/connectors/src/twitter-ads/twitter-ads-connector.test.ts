import { gzipSync } from "node:zlib";
import { eachDate, midnightIso, splitRange } from "@pacer/core";
import { sandboxClient } from "@pacer/sandbox";
import { beforeEach, describe, expect, it } from "vitest";
import {
  answeringPath,
  demoDailyBudget,
  documentedDailyBudget,
  expectCampaignFilters,
  expectRateLimitThenRefusal,
  fixtureJson,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import {
  AuthError,
  BadRequestError,
  NotSupportedError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptReturnForSession, acceptTwitterAdsReturn } from "../oauth/return-rules.ts";
import { sandboxConnectorConfig } from "../sandbox-config.ts";
import type { OAuthTokens, TrackerFilters } from "../types.ts";
import { oauth1Fetch } from "./oauth1.ts";
import {
  xAccountsPageSchema,
  xCampaignsPageSchema,
  xFundingInstrumentsPageSchema,
  xStatsJobSchema,
  xStatsJobsPageSchema,
  xStatsSchema,
} from "./schemas.ts";
import {
  activeDailyBudgets,
  createTwitterAdsConnector,
  type OAuth1Connector,
  statsRequests,
  statsToRows,
  X_ASYNC_STATS_MAX_DAYS,
  X_PLACEMENTS,
  X_STATS_MAX_ENTITY_IDS,
  X_SYNC_STATS_MAX_DAYS,
} from "./twitter-ads-connector.ts";

const RETURN_PAGE = "https://app.pacer.test/twitter-ads-response";
const ACCOUNT = "18ce54pcrdm";
const STATS_ROUTE = "GET /ads-api/{version}/stats/accounts/{accountId}";

const authorizations: string[] = [];
const recording: FetchLike = (url, init) => {
  authorizations.push(new Headers(init.headers).get("authorization") ?? "");
  return fetch(url, init);
};
/** OAuth 1.0a: consent starts with a request token, which the return page echoes as `oauth_token`. */
const t = useConnectorTest<OAuth1Connector>({
  platform: "twitterads",
  create: createTwitterAdsConnector,
  returnPage: RETURN_PAGE,
  http: { fetch: recording },
  start: async (x, redirectUri) => {
    const { url, requestToken, requestTokenSecret } = await x.requestToken({
      state: "unused-by-oauth1",
      redirectUri,
    });
    return { url, state: requestToken, requestTokenSecret };
  },
});
beforeEach(() => {
  authorizations.length = 0;
});

const statsCalls = () => t.routeCalls(STATS_ROUTE);
const JOBS_POST_ROUTE = "POST /ads-api/{version}/stats/jobs/accounts/{accountId}";
const JOBS_GET_ROUTE = "GET /ads-api/{version}/stats/jobs/accounts/{accountId}";
const JOB_FILE_ROUTE = "GET /ton/advertiser-api-async-analytics/{file}";

describe("X (Twitter) Ads connector against the sandbox", () => {
  it("connects with OAuth 1.0a: request token -> authorize -> oauth_token + oauth_verifier -> access token", async () => {
    const { accepted, state: requestToken, back, query } = await t.connect();
    expect(back.origin + back.pathname).toBe(RETURN_PAGE);
    expect(query.oauth_token).toBe(requestToken);
    expect(accepted).toMatchObject({ ok: true, code: requestToken });
    expect(accepted.ok && accepted.oauthVerifier).toMatch(/^[0-9a-f]{32}$/);
    const tokens = await t.connected();
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.accessTokenSecret).toBeTruthy();
    expect(tokens.expiresAt).toBeUndefined();
    expect(tokens.refreshToken).toBeUndefined();
    expect(t.connector.capabilities).toMatchObject({
      auth: "oauth1",
      refresh: "none",
      revoke: true,
      pkce: false,
    });
    expect(() => t.connector.authorizeUrl({ state: "s", redirectUri: RETURN_PAGE })).toThrow(
      NotSupportedError,
    );
    await expect(t.connector.refreshAccessToken(tokens)).rejects.toBeInstanceOf(NotSupportedError);
  });

  it("applies the spec 5 return rule: oauth_token is the required item, error_code other than 200 fails", async () => {
    const denied = await t.connect({ deny: true });
    expect(denied.query.denied).toBe(denied.state);
    expect(denied.query.oauth_token).toBeUndefined();
    expect(t.connector.acceptReturn(denied.query)).toMatchObject({ ok: false, reason: "missing_code" });
    expect(acceptTwitterAdsReturn({ oauth_verifier: "v" })).toMatchObject({
      ok: false,
      reason: "missing_code",
    });
    expect(
      acceptTwitterAdsReturn({ oauth_token: "t", oauth_verifier: "v", error_code: "401" }),
    ).toMatchObject({
      ok: false,
      reason: "platform_error",
    });
    expect(acceptTwitterAdsReturn({ oauth_token: "t", oauth_verifier: "v", error_code: "200" }).ok).toBe(
      true,
    );
    const other = await t.connect();
    expect(acceptReturnForSession("twitterads", other.query, "someone-elses-request-token")).toMatchObject({
      ok: false,
      reason: "state_mismatch",
    });
  });

  it("refuses an exchange without verifier, and a request token used twice (single use)", async () => {
    const { accepted, requestTokenSecret } = await t.connect();
    if (!accepted.ok) throw new Error("not accepted");
    await expect(
      t.connector.exchangeCode({ code: accepted.code, redirectUri: RETURN_PAGE, requestTokenSecret }),
    ).rejects.toBeInstanceOf(BadRequestError);
    const exchange = {
      code: accepted.code,
      redirectUri: RETURN_PAGE,
      oauthVerifier: accepted.oauthVerifier ?? "",
      requestTokenSecret,
    };
    await expect(t.connector.exchangeCode(exchange)).resolves.toMatchObject({ identity: { name: "demo" } });
    const error = await t.connector.exchangeCode(exchange).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "89", attempts: 1 });
  });

  it("signs every attempt afresh: a retried call carries a new nonce and a valid signature", async () => {
    const tokens = await t.connected();
    t.sandbox.setControls("twitterads", { faults: [{ kind: "500", times: 1, on: "api" }] });
    authorizations.length = 0;
    await expect(t.connector.listAdAccounts(tokens)).resolves.toHaveLength(1);
    const nonces = authorizations.map((a) => /oauth_nonce="([^"]+)"/.exec(a)?.[1]);
    expect(nonces.length).toBeGreaterThanOrEqual(3);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(authorizations.every((a) => a.includes('oauth_signature_method="HMAC-SHA1"'))).toBe(true);
  });

  it("is refused with a wrong consumer secret (the sandbox verifies HMAC-SHA1 signatures)", async () => {
    const config = sandboxConnectorConfig(t.sandbox.url, { sleep: async () => undefined });
    const wrong = createTwitterAdsConnector({
      ...config,
      ...(config.twitterads
        ? { twitterads: { ...config.twitterads, consumerSecret: "not-the-secret" } }
        : {}),
    });
    const error = await wrong.requestToken({ state: "s", redirectUri: RETURN_PAGE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "32" });
    expect(String((error as Error).message)).not.toContain("not-the-secret");
  });

  it("lists ad accounts with the currency of their funding instrument", async () => {
    const tokens = await t.connected();
    expect(await t.connector.listAdAccounts(tokens)).toEqual([
      {
        id: ACCOUNT,
        name: "Pacer Demo - X",
        currency: "USD",
        timeZone: "America/Los_Angeles",
        metaData: { approvalStatus: "ACCEPTED" },
      },
    ]);
  });

  it("fetches up to 7 days synchronously: one call per placement, across DST", async () => {
    const tokens = await t.connected();
    const from = "2026-03-05";
    const to = "2026-03-11";
    expect(eachDate(from, to)).toHaveLength(X_SYNC_STATS_MAX_DAYS);
    const before = { sync: statsCalls(), jobs: t.routeCalls(JOBS_POST_ROUTE) };
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: ACCOUNT }, from, to });
    expect(metrics).toMatchObject({ accountId: ACCOUNT, currency: "USD", timeZone: "America/Los_Angeles" });
    expect(metrics.rows).toEqual(t.expected(ACCOUNT, from, to));
    expect(metrics.rows.find((r) => r.date === "2026-03-08")?.spendMicros).toBeGreaterThan(0);
    expect(statsCalls() - before.sync).toBe(X_PLACEMENTS.length);
    expect(t.routeCalls(JOBS_POST_ROUTE) - before.jobs).toBe(0);
  });

  it("fetches a long range through asynchronous jobs of at most 90 days: the replayed rows, across DST", async () => {
    const tokens = await t.connected();
    const from = "2025-07-25";
    const to = "2026-03-18";
    const before = { sync: statsCalls(), jobs: t.routeCalls(JOBS_POST_ROUTE) };
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account: { id: ACCOUNT }, from, to });
    expect(metrics.rows).toEqual(t.expected(ACCOUNT, from, to));
    expect(metrics.rows.find((r) => r.date === "2026-03-08")?.spendMicros).toBeGreaterThan(0);
    expect(totalSpend(metrics.rows.filter((r) => r.date < "2025-08-01"))).toBe(0);
    const windows = Math.ceil(eachDate(from, to).length / X_ASYNC_STATS_MAX_DAYS);
    expect(t.routeCalls(JOBS_POST_ROUTE) - before.jobs).toBe(windows * X_PLACEMENTS.length);
    expect(statsCalls() - before.sync).toBe(0);
  });

  it("applies campaign id and name filters (entity=CAMPAIGN) and lists campaigns", async () => {
    const tokens = await t.connected();
    const range = { from: "2026-02-01", to: "2026-03-18" };
    const account = { id: ACCOUNT, currency: "USD", timeZone: "America/Los_Angeles" };
    const { all } = await expectCampaignFilters(t, tokens, {
      account,
      range,
      campaignIds: ["7hbn", "l2ve"],
      nameContains: "RETARGET",
    });
    const none = await t.connector.fetchDailyMetrics(tokens, {
      account,
      ...range,
      filters: { campaignNameContains: "zzz" },
    });
    expect(totalSpend(none.rows)).toBe(0);
    expect(none.rows).toHaveLength(all?.rows.length ?? -1);

    expect(await t.connector.listFilterValues(tokens, { account, filterId: "campaigns" })).toEqual([
      { id: "7hbn", name: "x_promoted_tier1", status: "ACTIVE" },
      { id: "2m1eq", name: "x_retargeting", status: "ACTIVE" },
      { id: "l2ve", name: "x_video_views", status: "PAUSED" },
    ]);
    const searched = await t.connector.listFilterValues(tokens, {
      account,
      filterId: "campaigns",
      search: "VIDEO",
    });
    expect(searched.map((v) => v.id)).toEqual(["l2ve"]);
  });

  it("revokes with the token plus its secret; the revoked token then maps to AuthError", async () => {
    const tokens = await t.connected();
    await t.connector.revoke(tokens);
    const error = await t.connector.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "UNAUTHORIZED_ACCESS", retryable: false, attempts: 1 });
    await expect(t.connector.revoke(tokens)).resolves.toBeUndefined();
    await expect(t.connector.revoke({ accessToken: "t" })).rejects.toMatchObject({
      reason: "missing_token_secret",
    });
  });

  it("maps a user who removed the app (all tokens revoked) and an injected invalid_grant to AuthError", async () => {
    const tokens = await t.connected();
    t.sandbox.revokeAll("twitterads");
    await expect(
      t.connector.fetchDailyMetrics(tokens, {
        account: { id: ACCOUNT },
        from: "2026-03-01",
        to: "2026-03-02",
      }),
    ).rejects.toBeInstanceOf(AuthError);
    const consent = await t.connect();
    if (!consent.accepted.ok) throw new Error("not accepted");
    t.sandbox.setControls("twitterads", { faults: [{ kind: "invalid_grant", times: 1, on: "token" }] });
    const error = await t.exchange(consent).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_grant", attempts: 1 });
  });

  it("honours Retry-After on 429 and ends with RateLimitedError", async () => {
    const tokens = await t.connected();
    t.sandbox.setControls("twitterads", {
      rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: 5 },
    });
    const error = await t.connector.listAdAccounts(tokens).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ reason: "TOO_MANY_REQUESTS", retryAfterMs: 5000 });
    expect(t.sleeps).toEqual([5000, 5000, 5000]);
  });
});

describe("X asynchronous analytics against the sandbox", () => {
  const account = { id: ACCOUNT, currency: "USD", timeZone: "America/Los_Angeles" };
  /** A connector whose job status answers are replaced by `status(job)` (the job's own fields kept). */
  const withJobStatus = (status: string, url: string | null = null) =>
    t.makeConnector((config) => ({
      ...config,
      ...(config.twitterads
        ? {
            twitterads: {
              ...config.twitterads,
              reportPoll: { initialDelayMs: 10, maxDelayMs: 10, maxWaitMs: 30 },
            },
          }
        : {}),
      http: {
        ...config.http,
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          const { pathname, searchParams } = new URL(input);
          if (
            (init.method ?? "GET") !== "GET" ||
            !pathname.includes("/stats/jobs/") ||
            !searchParams.has("job_ids")
          )
            return answer;
          const page = (await answer.json()) as { data: Array<Record<string, unknown>> };
          const data = page.data.map((job) => ({ ...job, status, url }));
          return new Response(JSON.stringify({ ...page, data }), { status: 200, headers: answer.headers });
        },
      },
    }));

  it("fetches 31 days through one job per placement, with the figures the 7-day synchronous windows give", async () => {
    const tokens = await t.connected();
    const from = "2026-01-01";
    const to = "2026-01-31";
    const before = {
      sync: statsCalls(),
      jobs: t.routeCalls(JOBS_POST_ROUTE),
      checks: t.routeCalls(JOBS_GET_ROUTE),
      files: t.routeCalls(JOB_FILE_ROUTE),
    };
    const metrics = await t.connector.fetchDailyMetrics(tokens, { account, from, to });
    expect(statsCalls() - before.sync).toBe(0);
    expect(t.routeCalls(JOBS_POST_ROUTE) - before.jobs).toBe(X_PLACEMENTS.length);
    expect(t.routeCalls(JOBS_GET_ROUTE) - before.checks).toBeGreaterThanOrEqual(1);
    expect(t.routeCalls(JOB_FILE_ROUTE) - before.files).toBe(X_PLACEMENTS.length);
    // The download is a gzip file at the job's url, fetched without the OAuth signature.
    const download = authorizations.at(-1);
    expect(download).toBe("");
    expect(metrics.rows).toHaveLength(31);
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
    expect(metrics.rows).toEqual(t.expected(ACCOUNT, from, to));

    const windows = splitRange(from, to, X_SYNC_STATS_MAX_DAYS);
    const synchronous = [];
    for (const w of windows) {
      synchronous.push(...(await t.connector.fetchDailyMetrics(tokens, { account, ...w })).rows);
    }
    expect(statsCalls() - before.sync).toBe(windows.length * X_PLACEMENTS.length);
    expect(metrics.rows).toEqual(synchronous);
  });

  it("a job that fails is a PlatformDownError (report_failed); one that never finishes times out (report_timeout)", async () => {
    const tokens = await t.connected();
    const range = { account, from: "2026-01-01", to: "2026-01-31" };
    const failed = await withJobStatus("FAILED")
      .fetchDailyMetrics(tokens, range)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PlatformDownError);
    expect(failed).toMatchObject({ reason: "report_failed", platform: "twitterads" });
    const expired = await withJobStatus("EXPIRED")
      .fetchDailyMetrics(tokens, range)
      .catch((e: unknown) => e);
    expect(expired).toMatchObject({ reason: "report_failed" });
    t.sleeps.length = 0;
    const stuck = await withJobStatus("PROCESSING")
      .fetchDailyMetrics(tokens, range)
      .catch((e: unknown) => e);
    expect(stuck).toBeInstanceOf(PlatformDownError);
    expect(stuck).toMatchObject({ reason: "report_timeout", retryable: true });
    expect(t.sleeps).toEqual([10, 10, 10]);
  });

  it("refuses a finished job's file from another host, a file that is not gzip JSON of stats, and maps a refused file to PlatformDownError", async () => {
    const tokens = await t.connected();
    const range = { account, from: "2026-01-01", to: "2026-01-31" };
    const elsewhere = await withJobStatus("SUCCESS", "http://files.example.test/stats.json.gz")
      .fetchDailyMetrics(tokens, range)
      .catch((e: unknown) => e);
    expect(elsewhere).toMatchObject({ reason: "report_url" });
    const broken = t.makeConnector(
      answeringPath(
        "/ton/",
        () => new Response(gzipSync(Buffer.from('{"data": "not stats"}')), { status: 200 }),
      ),
    );
    expect(await broken.fetchDailyMetrics(tokens, range).catch((e: unknown) => e)).toMatchObject({
      reason: "malformed_report",
    });
    // The file host refusing the file (an expired location) says nothing of the connection's token.
    const expired = t.makeConnector(
      answeringPath("/ton/", () => new Response("<Error><Code>AccessDenied</Code></Error>", { status: 403 })),
    );
    const refused = await expired.fetchDailyMetrics(tokens, range).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformDownError);
    expect(refused).toMatchObject({ reason: "report_download", status: 403, retryable: true });
  });

  it("asks each job for at most 20 entity ids and 90 days, one placement each", () => {
    const ids = Array.from({ length: 45 }, (_, i) => `c${i}`);
    const requests = statsRequests(ids, "2026-01-01", "2026-04-30", X_ASYNC_STATS_MAX_DAYS);
    // 120 days: 2 windows x 3 batches (20, 20, 5) x 2 placements.
    expect(requests).toHaveLength(12);
    for (const r of requests) {
      expect(r.entityIds.length).toBeLessThanOrEqual(X_STATS_MAX_ENTITY_IDS);
      expect(eachDate(r.window.from, r.window.to).length).toBeLessThanOrEqual(X_ASYNC_STATS_MAX_DAYS);
    }
    expect(new Set(requests.flatMap((r) => r.entityIds)).size).toBe(45);
    expect(requests.filter((r) => r.placement === "PUBLISHER_NETWORK")).toHaveLength(6);
    expect(requests.map((r) => r.window)).toContainEqual({ from: "2026-04-01", to: "2026-04-30" });
  });

  it("the sandbox refuses as X does: a synchronous call over 7 days, a job over 90 days or over 20 entity ids", async () => {
    const tokens = await t.connected();
    const consumer = sandboxClient("twitterads");
    const signed = oauth1Fetch(
      (u, i) => fetch(u, i),
      { key: consumer.clientId, secret: consumer.clientSecret },
      {
        key: tokens.accessToken,
        secret: tokens.accessTokenSecret ?? "",
      },
    );
    const query = (from: string, to: string, ids = [ACCOUNT]) =>
      new URLSearchParams({
        entity: "ACCOUNT",
        entity_ids: ids.join(","),
        start_time: midnightIso(from, account.timeZone),
        end_time: midnightIso(to, account.timeZone),
        granularity: "DAY",
        metric_groups: "BILLING",
        placement: "ALL_ON_TWITTER",
      });
    const api = `${t.sandbox.url}/twitterads/ads-api/12`;
    const sync = await signed(`${api}/stats/accounts/${ACCOUNT}?${query("2026-01-01", "2026-01-09")}`, {});
    expect(sync.status).toBe(400);
    const long = await signed(`${api}/stats/jobs/accounts/${ACCOUNT}?${query("2025-10-01", "2026-01-01")}`, {
      method: "POST",
    });
    expect(long.status).toBe(400);
    const many = Array.from({ length: 21 }, () => ACCOUNT);
    const wide = await signed(
      `${api}/stats/jobs/accounts/${ACCOUNT}?${query("2026-01-01", "2026-01-09", many)}`,
      {
        method: "POST",
      },
    );
    expect(wide.status).toBe(400);
    const created = await signed(
      `${api}/stats/jobs/accounts/${ACCOUNT}?${query("2025-10-03", "2026-01-01")}`,
      {
        method: "POST",
      },
    );
    expect(created.status).toBe(200);
    const job = xStatsJobSchema.parse(((await created.json()) as { data: unknown }).data);
    expect(job).toMatchObject({ status: "PROCESSING", url: null });
    const checked = await signed(`${api}/stats/jobs/accounts/${ACCOUNT}?job_ids=${job.id_str}`, {});
    expect(xStatsJobsPageSchema.parse(await checked.json()).data.map((j) => j.id_str)).toEqual([job.id_str]);
  });
});

/** Active: `x_promoted_tier1`, `x_retargeting`. Paused: `x_video_views`. */
const PROMOTED = "7hbn";
/** Active, `budget_optimization=LINE_ITEM`: its daily budgets sit on its line items. */
const RETARGETING = "2m1eq";
const VIDEO = "l2ve";
const CAMPAIGNS_ROUTE = "GET /ads-api/{version}/accounts/{accountId}/campaigns";
const LINE_ITEMS_ROUTE = "GET /ads-api/{version}/accounts/{accountId}/line_items";

describe("X budget (fetchBudget) against the sandbox", () => {
  const budget = (tokens: OAuthTokens, filters: TrackerFilters = {}) =>
    t.connector.fetchBudget?.(tokens, { account: { id: ACCOUNT }, filters });
  /** A demo campaign's daily budget as the sandbox derives it from the data file (demo-budgets.ts), micros. */
  const demoDaily = (id: string) => demoDailyBudget(t, ACCOUNT, id);

  it("sums the active campaigns' daily_budget_amount_local_micro in one signed call; the paused campaign's not", async () => {
    const tokens = await t.connected();
    expect(demoDaily(VIDEO)).toBeGreaterThan(0);
    const before = { campaigns: t.routeCalls(CAMPAIGNS_ROUTE), lineItems: t.routeCalls(LINE_ITEMS_ROUTE) };
    expect(await budget(tokens, { campaignIds: [PROMOTED, VIDEO] })).toEqual({
      amount: demoDaily(PROMOTED),
      period: "day",
    });
    expect(t.routeCalls(CAMPAIGNS_ROUTE) - before.campaigns).toBe(1);
    // Campaigns that carry their own budget need no line-item call.
    expect(t.routeCalls(LINE_ITEMS_ROUTE) - before.lineItems).toBe(0);
    expect(authorizations.at(-1)).toMatch(/^OAuth .*oauth_signature=/);
    expect(await budget(tokens, { campaignIds: [VIDEO] })).toBeNull();
  });

  it("counts the active line items' daily budgets of a campaign optimised at the line-item level, in one more call", async () => {
    const tokens = await t.connected();
    // RETARGETING has no campaign budget; its running line item carries the budget the campaign
    // would have had, its paused line item the same, which is not counted.
    expect(Number.isNaN(demoDaily(RETARGETING))).toBe(true);
    const retargeting = documentedDailyBudget(t, ACCOUNT, [RETARGETING]);
    const before = t.routeCalls(LINE_ITEMS_ROUTE);
    expect(await budget(tokens, { campaignIds: [RETARGETING] })).toEqual({
      amount: retargeting,
      period: "day",
    });
    expect(t.routeCalls(LINE_ITEMS_ROUTE) - before).toBe(1);
    // The whole account: the campaign budget plus the line-item budget, each once.
    expect(await budget(tokens)).toEqual({ amount: demoDaily(PROMOTED) + retargeting, period: "day" });
  });

  it("applies the tracker's filters as fetchDailyMetrics does", async () => {
    const tokens = await t.connected();
    expect(await budget(tokens, { campaignIds: [PROMOTED, VIDEO] })).toEqual({
      amount: demoDaily(PROMOTED),
      period: "day",
    });
    expect(await budget(tokens, { campaignNameContains: "RETARGET" })).toEqual({
      amount: documentedDailyBudget(t, ACCOUNT, [RETARGETING]),
      period: "day",
    });
    expect(await budget(tokens, { campaignIds: [PROMOTED], campaignNameContains: "video" })).toBeNull();
    expect(await budget(tokens, { campaignNameContains: "no such campaign" })).toBeNull();
  });

  it("maps errors like every call: rate limit (TOO_MANY_REQUESTS), revoked token (UNAUTHORIZED_ACCESS)", async () => {
    const tokens = await t.connected();
    await expectRateLimitThenRefusal(t, () => budget(tokens), {
      retryAfterSeconds: 2,
      rateLimited: { reason: "TOO_MANY_REQUESTS", retryAfterMs: 2000 },
      refuse: async () => t.connector.revoke(tokens),
      refused: { reason: "UNAUTHORIZED_ACCESS" },
    });
  });
});

describe("X budgets against the public campaign shape (X Ads SDK campaigns_all fixture)", () => {
  it("counts active campaigns' daily budgets (micros); total-only budgets, paused and deleted campaigns not", () => {
    const campaign = (id: string, status: string, daily: number | null, total: number | null) => ({
      id,
      name: `Campaign ${id}`,
      entity_status: status,
      daily_budget_amount_local_micro: daily,
      total_budget_amount_local_micro: total,
      currency: "USD",
      deleted: false,
    });
    const page = xCampaignsPageSchema.parse({
      request: { params: { account_id: "2iqph" } },
      data: [
        campaign("2wap7", "ACTIVE", 1_000_000, null),
        campaign("2v3c4", "ACTIVE", 10_000, 10_000),
        campaign("2of1n", "PAUSED", 1_000_000, 1_000_000),
        campaign("3tot", "ACTIVE", null, 50_000_000),
        { ...campaign("3del", "ACTIVE", 2_000_000, null), deleted: true },
      ],
      data_type: "campaign",
      next_cursor: null,
    });
    expect(activeDailyBudgets(page.data)).toEqual([
      { id: "2wap7", name: "Campaign 2wap7", dailyMicros: 1_000_000 },
      { id: "2v3c4", name: "Campaign 2v3c4", dailyMicros: 10_000 },
    ]);
  });
});

describe("X parsers against public response shapes (X Ads SDK fixtures, analytics docs)", () => {
  const fixture = (name: string) => fixtureJson(name, new URL("./fixtures/", import.meta.url));

  it("reads accounts and funding instruments", () => {
    const accounts = xAccountsPageSchema.parse(fixture("accounts-all.json"));
    expect(accounts.data[0]).toMatchObject({ id: "2iqph", timezone: "America/Los_Angeles" });
    expect(accounts.next_cursor).toBeNull();
    expect(xFundingInstrumentsPageSchema.parse(fixture("funding-instruments.json")).data[0]?.currency).toBe(
      "USD",
    );
  });

  it("reads synchronous stats with null metrics and the WEB_CONVERSION object (sale_amount in micros)", () => {
    const engagement = xStatsSchema.parse(fixture("analytics-sync-stats.json"));
    const metrics = engagement.data[0]?.id_data[0]?.metrics;
    if (!metrics) throw new Error("no metrics");
    expect(statsToRows("2019-01-01", metrics)).toEqual([
      { date: "2019-01-01", spendMicros: 0, impressions: 1, clicks: 1, conversions: 0, revenueMicros: 0 },
    ]);
    const conversion = xStatsSchema.parse(fixture("stats-web-conversion.json")).data[0]?.id_data[0]?.metrics;
    if (!conversion) throw new Error("no metrics");
    expect(statsToRows("2016-11-24", conversion)).toEqual([
      {
        date: "2016-11-24",
        spendMicros: 0,
        impressions: 0,
        clicks: 0,
        conversions: 3,
        revenueMicros: 277_990_000,
      },
    ]);
  });

  it("aligns DAY stats to the account's midnight, daylight saving included", () => {
    expect(midnightIso("2026-03-08", "America/Los_Angeles")).toBe("2026-03-08T00:00:00-08:00");
    expect(midnightIso("2026-03-09", "America/Los_Angeles")).toBe("2026-03-09T00:00:00-07:00");
    expect(midnightIso("2026-07-01", "Europe/London")).toBe("2026-07-01T00:00:00+01:00");
    expect(midnightIso("2026-01-15", "Asia/Kolkata")).toBe("2026-01-15T00:00:00+05:30");
    expect(midnightIso("2026-01-15", "UTC")).toBe("2026-01-15T00:00:00+00:00");
  });
});
