import { eachDate } from "@pacer/core";
import { SANDBOX_CAKE_API_KEY } from "@pacer/sandbox/platforms/cake";
import { describe, expect, it } from "vitest";
import { expectCampaignFilters, TEST_NOW, useConnectorTest } from "../../testing/connector-test-kit.ts";
import { totalSpend } from "../../testing/sandbox-expectations.ts";
import { AuthError, BlockedHostError, NotSupportedError } from "../errors.ts";
import { RETURN_RULES } from "../oauth/return-rules.ts";
import { CAKE_SANDBOX_DOMAIN } from "../sandbox-config.ts";
import type { HostLookup, PinnedRequest } from "../security/ssrf-guard.ts";
import type { ApiKeyCredentials } from "../types.ts";
import { cakeDate, cakeDayToRow, createCakeConnector, monthWindows } from "./cake-connector.ts";
import { cakeDailySummarySchema } from "./schemas.ts";

const ADVERTISER = "101";
const DEMO: ApiKeyCredentials = { apiKey: SANDBOX_CAKE_API_KEY, domain: CAKE_SANDBOX_DOMAIN };
const DAILY_ROUTE = "POST /api/2/reports.asmx/DailySummaryExport";
/** The HTTP settings of every Cake connector of this file. */
const http = { now: () => TEST_NOW.getTime(), sleep: async () => undefined };

/** Names a hostile user could register, resolving to internal addresses, and one public name. */
const DNS: Record<string, string[]> = {
  "cake.attacker.example": ["127.0.0.1"],
  "metadata.attacker.example": ["169.254.169.254"],
  "office.attacker.example": ["10.0.0.5", "93.184.216.34"],
  [`${CAKE_SANDBOX_DOMAIN}.attacker.example`]: ["127.0.0.1"],
  "cake.publisher.example": ["93.184.216.34"],
};
const lookup: HostLookup = async (host) => {
  const answers = DNS[host];
  if (!answers) throw new Error("ENOTFOUND");
  return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

const t = useConnectorTest({
  platform: "cake",
  create: createCakeConnector,
  http,
  configure: (config) => ({ ...config, cake: { ...config.cake, ssrfGuard: { lookup } } }),
});
const cakeCalls = () => t.stats().calls;
const dailyCalls = () => t.routeCalls(DAILY_ROUTE);

describe("Cake connector against the sandbox (local mode: the reserved demo domain)", () => {
  it("is an API-key platform: no OAuth, no return page, revocation happens in Cake", async () => {
    expect(t.connector.capabilities).toMatchObject({ auth: "apiKey", refresh: "none", revoke: false });
    expect(t.connector.acceptReturn).toBe(RETURN_RULES.cake);
    expect(t.connector.acceptReturn({ code: "c" })).toMatchObject({ ok: false, reason: "not_oauth" });
    expect(() => t.connector.authorizeUrl({ state: "s", redirectUri: "https://app.pacer.test/x" })).toThrow(
      NotSupportedError,
    );
    await expect(
      t.connector.exchangeCode({ code: "c", redirectUri: "https://app.pacer.test/x" }),
    ).rejects.toBeInstanceOf(NotSupportedError);
    await expect(t.connector.revoke(DEMO)).resolves.toBeUndefined();
    await expect(
      t.connector.listAdAccounts({ apiKey: "", domain: CAKE_SANDBOX_DOMAIN }),
    ).rejects.toMatchObject({
      reason: "wrong_credentials",
    });
  });

  it("lists advertisers as views, whatever way the user typed the domain", async () => {
    const views = await t.connector.listAdAccounts(DEMO);
    expect(views).toEqual([
      {
        id: ADVERTISER,
        name: "Pacer Demo Advertiser",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { domain: CAKE_SANDBOX_DOMAIN, accountStatus: "Active" },
      },
      {
        id: "102",
        name: "Pacer Demo Lead Gen",
        currency: "GBP",
        timeZone: "Europe/London",
        metaData: { domain: CAKE_SANDBOX_DOMAIN, accountStatus: "Active" },
      },
    ]);
    await expect(
      t.connector.listAdAccounts({ ...DEMO, domain: ` https://${CAKE_SANDBOX_DOMAIN.toUpperCase()}/ ` }),
    ).resolves.toEqual(views);
  });

  it("fetches daily metrics equal to the replayed rows, one report per calendar month", async () => {
    const from = "2025-08-01";
    const to = "2026-03-18";
    const before = dailyCalls();
    const metrics = await t.connector.fetchDailyMetrics(DEMO, { account: { id: ADVERTISER }, from, to });
    expect(metrics).toMatchObject({ accountId: ADVERTISER, currency: "GBP", timeZone: "Europe/London" });
    expect(metrics.rows).toEqual(t.expected(ADVERTISER, from, to));
    expect(metrics.rows).toHaveLength(eachDate(from, to).length);
    expect(totalSpend(metrics.rows)).toBeGreaterThan(0);
    expect(dailyCalls() - before).toBe(monthWindows(from, to).length);
    expect(monthWindows(from, to)).toHaveLength(8);
  });

  it("filters by offer id and offer name (one report per offer) and lists offers", async () => {
    const range = { from: "2026-01-15", to: "2026-03-18" };
    const account = { id: ADVERTISER };
    await expectCampaignFilters(t, DEMO, {
      account,
      range,
      campaignIds: ["348934"],
      nameContains: "CASHBACK",
    });
    expect(t.connector.filterDefinitions().map((f) => f.name)).toEqual(["Offers", "Offer name contains"]);
    expect(await t.connector.listFilterValues(DEMO, { account, filterId: "campaigns" })).toEqual([
      { id: "374754", name: "Cashback offer", status: "Active" },
      { id: "348934", name: "Price comparison offer", status: "Active" },
    ]);
  });

  it("maps Cake's 'Invalid API Key' (HTTP 200, success false) to AuthError without retrying", async () => {
    const before = cakeCalls();
    const error = await t.connector
      .listAdAccounts({ ...DEMO, apiKey: "revoked-key" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: "invalid_api_key", status: 200, attempts: 1 });
    expect(JSON.stringify(error)).not.toContain("revoked-key");
    expect(cakeCalls() - before).toBe(1);
  });

  it("refuses loopback, private and the sandbox's own address even in local mode: 100% refused, nothing sent", async () => {
    const port = new URL(t.sandbox.url).port;
    const hostile = [
      "127.0.0.1",
      `127.0.0.1:${port}`,
      t.sandbox.url,
      `${t.sandbox.url}/cake`,
      `http://${CAKE_SANDBOX_DOMAIN}`,
      `${CAKE_SANDBOX_DOMAIN}:${port}`,
      `https://${CAKE_SANDBOX_DOMAIN}/api/2`,
      `${CAKE_SANDBOX_DOMAIN}.attacker.example`,
      "localhost",
      "cake.localhost",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "10.0.0.5",
      "192.168.1.20",
      "172.16.0.1",
      "169.254.169.254",
      "2130706433",
      "0x7f000001",
      "0177.0.0.1",
      "0.0.0.0",
      "cake.attacker.example",
      "metadata.attacker.example",
      "office.attacker.example",
      "public.cake.example:8443",
      "user:pass@cake.publisher.example",
      "does-not-resolve.example",
    ];
    const before = cakeCalls();
    const outcomes = await Promise.all(
      hostile.map((domain) =>
        t.connector.listAdAccounts({ apiKey: SANDBOX_CAKE_API_KEY, domain }).then(
          () => "allowed",
          (e: unknown) => (e instanceof BlockedHostError ? "refused" : `other: ${String(e)}`),
        ),
      ),
    );
    expect(hostile.filter((_, i) => outcomes[i] !== "refused")).toEqual([]);
    expect(cakeCalls() - before).toBe(0);
  });

  it("refuses the reserved demo domain outside local mode (no sandbox mapping: it must resolve publicly)", async () => {
    const deployed = createCakeConnector({ http, cake: { ssrfGuard: { lookup } } });
    const before = cakeCalls();
    await expect(deployed.listAdAccounts(DEMO)).rejects.toMatchObject({
      code: "blocked_host",
      reason: "dns_failed",
    });
    expect(cakeCalls() - before).toBe(0);
  });
});

describe("Cake through the SSRF guard (a deployment: https to the checked public address)", () => {
  /** A pinned transport that answers like a public Cake instance by relaying to the sandbox's Cake. */
  function relay(sent: PinnedRequest[], status?: number) {
    return async (request: PinnedRequest) => {
      sent.push(request);
      if (status)
        return new Response(null, { status, headers: { location: "http://169.254.169.254/latest" } });
      return fetch(`${t.sandbox.url}/cake${request.url.pathname}`, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
    };
  }

  it("connects to the address it checked, keeping the host name, and reads the same data", async () => {
    const sent: PinnedRequest[] = [];
    const deployed = createCakeConnector({
      http,
      cake: { ssrfGuard: { lookup, transport: relay(sent) } },
    });
    const credentials = { apiKey: SANDBOX_CAKE_API_KEY, domain: "cake.publisher.example" };
    const metrics = await deployed.fetchDailyMetrics(credentials, {
      account: { id: ADVERTISER },
      from: "2026-03-01",
      to: "2026-03-18",
    });
    expect(metrics.rows).toEqual(t.expected(ADVERTISER, "2026-03-01", "2026-03-18"));
    expect(sent[0]).toMatchObject({
      address: { address: "93.184.216.34", family: 4 },
      method: "POST",
      timeoutMs: 15_000,
    });
    expect(sent[0]?.url.toString()).toBe(
      "https://cake.publisher.example/api/2/reports.asmx/DailySummaryExport",
    );
    expect(sent[0]?.url.search).toBe("");
    expect(JSON.parse(sent[0]?.body ?? "{}")).toMatchObject({
      api_key: SANDBOX_CAKE_API_KEY,
      brand_advertiser_id: 101,
    });
  });

  it("refuses a redirect, even one answer, without following it or retrying", async () => {
    const sent: PinnedRequest[] = [];
    const deployed = createCakeConnector({
      http,
      cake: { ssrfGuard: { lookup, transport: relay(sent, 302) } },
    });
    await expect(
      deployed.listAdAccounts({ apiKey: SANDBOX_CAKE_API_KEY, domain: "cake.publisher.example" }),
    ).rejects.toMatchObject({ code: "blocked_host", reason: "redirect", attempts: 1 });
    expect(sent).toHaveLength(1);
  });
});

describe("Cake parsers (DailySummaryExport fields of the Cake knowledge base)", () => {
  it("reads days with ISO and ASP.NET dates; cost is spend, views are impressions", () => {
    const body = cakeDailySummarySchema.parse({
      d: {
        __type: "Cake.Api.DailySummaryExportResponse",
        success: true,
        days: [
          {
            date: "2024-06-01T00:00:00",
            views: 1621,
            clicks: 540,
            conversions: 12,
            paid: 12,
            sellable: 12,
            cost: 70.25,
            revenue: 210.0,
          },
          {
            date: "/Date(1717286400000)/",
            views: "10",
            clicks: "2",
            conversions: "0",
            cost: "0.5",
            revenue: "0",
          },
        ],
      },
    });
    expect(body.d.days?.map(cakeDayToRow)).toEqual([
      {
        date: "2024-06-01",
        spendMicros: 70_250_000,
        impressions: 1621,
        clicks: 540,
        conversions: 12,
        revenueMicros: 210_000_000,
      },
      {
        date: "2024-06-02",
        spendMicros: 500_000,
        impressions: 10,
        clicks: 2,
        conversions: 0,
        revenueMicros: 0,
      },
    ]);
    expect(cakeDate("/Date(1717286400000-0500)/")).toBe("2024-06-01");
    expect(() => cakeDate("June 1")).toThrow(/unreadable date/);
  });

  it("splits ranges into calendar months (Cake allows one month per call)", () => {
    expect(monthWindows("2026-01-20", "2026-03-05")).toEqual([
      { from: "2026-01-20", to: "2026-01-31" },
      { from: "2026-02-01", to: "2026-02-28" },
      { from: "2026-03-01", to: "2026-03-05" },
    ]);
    expect(monthWindows("2025-12-31", "2026-01-01")).toEqual([
      { from: "2025-12-31", to: "2025-12-31" },
      { from: "2026-01-01", to: "2026-01-01" },
    ]);
  });
});
