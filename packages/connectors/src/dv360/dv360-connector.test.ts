import type { CampaignSelection } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import {
  answeringPath,
  documentedDailyBudget,
  expectCampaignFilters,
  expectInvalidGrantNotRetried,
  expectRetriesThenRateLimit,
  expectRevokeEndsTheGrant,
  fixtureJson,
  TEST_NOW,
  useConnectorTest,
} from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { PlatformDownError } from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { acceptGoogleDv360Return, BID_MANAGER_SCOPE, GOOGLE_ADS_SCOPE } from "../oauth/return-rules.ts";
import { createDv360Connector, DISPLAY_VIDEO_SCOPE } from "./dv360-connector.ts";
import { parseDv360Report } from "./report-csv.ts";
import { bidManagerReportSchema, dv360AdvertisersPageSchema } from "./schemas.ts";

const RETURN_PAGE = "https://app.pacer.test/google-dv360-response";
const DISPLAY = "7654321";
/** Two days of the Display advertiser: one report (the tests that make it fail). */
const TWO_DAYS = {
  account: { id: DISPLAY, currency: "GBP", timeZone: "Europe/London" },
  from: "2026-03-01",
  to: "2026-03-02",
};
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
    const error = await impatient.fetchDailyMetrics(tokens, TWO_DAYS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "report_timeout" });
    expect(t.routeCalls(DELETE_ROUTE) - deleted).toBe(1);
  });

  it("maps a report file Cloud Storage refuses (an expired signed URL) to PlatformDownError, not AuthError", async () => {
    const tokens = await t.connected();
    const expired = t.makeConnector(
      answeringPath(
        "/storage/dv360-reports/",
        () => new Response("<Error><Code>AccessDenied</Code></Error>", { status: 403 }),
      ),
    );
    const error = await expired.fetchDailyMetrics(tokens, TWO_DAYS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformDownError);
    expect(error).toMatchObject({ reason: "report_download", status: 403, retryable: true });
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

/** One request as it left the connector for the sandbox. */
interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

/** A DV360 connector whose fetch records every request it sends to the sandbox. */
function recordingConnector() {
  const sent: SentRequest[] = [];
  const recording: FetchLike = (input, init) => {
    const url = new URL(input);
    sent.push({
      method: init.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === "string" ? init.body : "",
    });
    return fetch(input, init);
  };
  const connector = t.makeConnector((config) => ({ ...config, http: { ...config.http, fetch: recording } }));
  return { connector, sent };
}

describe("DV360 through Google's official client (googleapis, google-auth-library) against the sandbox", () => {
  it("the sandbox sees the official client's request shapes: paths below the root URL, page and filter parameters, JSON bodies, bearer token", async () => {
    const tokens = await t.connected();
    const { connector, sent } = recordingConnector();
    await connector.listAdAccounts(tokens);
    const account = { id: DISPLAY, currency: "GBP", timeZone: "Europe/London" };
    await connector.fetchBudget?.(tokens, { account });
    await connector.fetchDailyMetrics(tokens, {
      account,
      from: "2026-03-01",
      to: "2026-03-02",
      filters: { campaignIds: ["39889"] },
    });
    const [partners, advertisers, orders, create, run, ...rest] = sent;
    expect(partners).toMatchObject({
      method: "GET",
      path: "/googledv360/displayvideo/v4/partners",
      query: { pageSize: "200" },
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        "x-goog-api-client": expect.stringMatching(/^gdcl\/\S+ gl-node\//),
        "user-agent": expect.stringContaining("google-api-nodejs-client/"),
      },
    });
    expect(advertisers).toMatchObject({
      path: "/googledv360/displayvideo/v4/advertisers",
      query: { pageSize: "200", partnerId: "1234567" },
    });
    expect(orders).toMatchObject({
      method: "GET",
      path: `/googledv360/displayvideo/v4/advertisers/${DISPLAY}/insertionOrders`,
      query: { pageSize: "100", filter: 'entityStatus="ENTITY_STATUS_ACTIVE"' },
    });
    expect(create).toMatchObject({
      method: "POST",
      path: "/googledv360/doubleclickbidmanager/v2/queries",
      query: {},
      headers: { "content-type": "application/json" },
    });
    expect(JSON.parse(create?.body ?? "")).toMatchObject({
      metadata: {
        dataRange: {
          range: "CUSTOM_DATES",
          customStartDate: { year: 2026, month: 3, day: 1 },
          customEndDate: { year: 2026, month: 3, day: 2 },
        },
        format: "CSV",
      },
      params: {
        type: "STANDARD",
        filters: [
          { type: "FILTER_ADVERTISER", value: DISPLAY },
          { type: "FILTER_MEDIA_PLAN", value: "39889" },
        ],
      },
      schedule: { frequency: "ONE_TIME" },
    });
    const queryId = run?.path.split("/").at(-1)?.replace(/:run$/, "");
    expect(run).toMatchObject({ method: "POST", query: { synchronous: "false" }, body: "{}" });
    expect(run?.path).toMatch(/^\/googledv360\/doubleclickbidmanager\/v2\/queries\/\d+:run$/);
    const polls = rest.filter((r) => r.path.includes("/reports/"));
    expect(polls.map((r) => r.method)).toEqual(["GET", "GET", "GET"]);
    const download = rest.find((r) => r.path.startsWith("/googledv360/storage/"));
    // The signed report URL is fetched without the Google token.
    expect(download?.headers.authorization).toBeUndefined();
    expect(rest.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/googledv360/doubleclickbidmanager/v2/queries/${queryId}`,
    });
  });

  it("the OAuth client's requests: the authorize URL's parameters and the code exchange's form, sent once", async () => {
    const { connector, sent } = recordingConnector();
    const { url, codeVerifier } = connector.authorizeUrl({
      state: "s-1",
      redirectUri: RETURN_PAGE,
      loginHint: "demo@pacer.test",
    });
    const authorize = new URL(url);
    expect(authorize.pathname).toBe("/googledv360/o/oauth2/v2/auth");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "sandbox-googledv360-client",
      redirect_uri: RETURN_PAGE,
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: "s-1",
      code_challenge_method: "S256",
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      login_hint: "demo@pacer.test",
    });
    expect(authorize.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining([BID_MANAGER_SCOPE, DISPLAY_VIDEO_SCOPE, "openid", "email"]),
    );
    expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const consent = await t.connect();
    t.sandbox.setControls("googledv360", { faults: [{ kind: "500", times: 1, on: "token" }] });
    const before = t.stats().tokenCalls;
    await expect(
      connector.exchangeCode({
        code: consent.query.code ?? "",
        redirectUri: RETURN_PAGE,
        codeVerifier: consent.codeVerifier,
      }),
    ).rejects.toMatchObject({ code: "platform_down" });
    // A code is single use: the failed exchange is not retried, by the connector nor by gaxios.
    expect(t.stats().tokenCalls - before).toBe(1);
    const exchange = sent.at(-1);
    expect(exchange).toMatchObject({
      method: "POST",
      path: "/googledv360/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({
      grant_type: "authorization_code",
      code: consent.query.code,
      code_verifier: consent.codeVerifier,
      redirect_uri: RETURN_PAGE,
      client_id: "sandbox-googledv360-client",
      client_secret: "sandbox-googledv360-secret",
    });
  });

  it("the sandbox refuses a query parameter the method does not have, as Google does, and takes the system parameters", async () => {
    const tokens = await t.connected();
    const get = (query: string) =>
      fetch(`${t.sandbox.url}/googledv360/displayvideo/v4/partners?${query}`, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
    const wrong = await get("page_size=10");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { status: "INVALID_ARGUMENT", message: expect.stringContaining('Unknown name "page_size"') },
    });
    expect((await get("pageSize=10&alt=json&prettyPrint=false")).status).toBe(200);
    const run = await fetch(
      `${t.sandbox.url}/googledv360/doubleclickbidmanager/v2/queries/1:run?async=true`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      },
    );
    expect(run.status).toBe(400);
  });

  it("retries by the connector's policy alone (gaxios' own retries off), then ends a rate-limited call with RateLimitedError", async () => {
    const tokens = await t.connected();
    // Two 500s on the partners listing, retried twice: partners 3 calls + advertisers 1.
    await expectRetriesThenRateLimit(t, tokens, { accounts: 2, apiCalls: 3 + 1, retryAfterSeconds: 7 });
  });

  it("maps an injected invalid_grant on refresh to AuthError without retrying", async () => {
    const tokens = await t.connected();
    await expectInvalidGrantNotRetried(t, () => t.connector.refreshAccessToken(tokens));
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
