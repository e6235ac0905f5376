import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveConsent } from "../approve-consent.ts";
import { sandboxClient } from "../oauth-server.ts";
import { type SandboxHandle, startSandbox } from "../start-sandbox.ts";
import { SANDBOX_CAKE_API_KEY } from "./cake.ts";

/**
 * The platform rules the X, Reddit, Amazon Ads, DV360 and Cake sandboxes enforce, called over
 * HTTP without a connector (the connector tests cover the happy paths).
 */

const NOW = new Date("2026-03-18T10:00:00Z");
const RETURN = "https://app.pacer.test/return";
let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW });
});
afterAll(() => sandbox.close());

/** An access token of an OAuth 2.0 sandbox platform, through its consent page and token endpoint. */
async function accessToken(
  prefix: string,
  authorizePath: string,
  tokenPath: string,
  scopes: string[],
  extra: Record<string, string> = {},
): Promise<string> {
  const { clientId, clientSecret } = sandboxClient(prefix);
  const authorize = new URL(`${sandbox.url}/${prefix}${authorizePath}`);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    redirect_uri: RETURN,
    response_type: "code",
    scope: scopes.join(" "),
    state: "s",
    ...extra,
  })) {
    authorize.searchParams.set(k, v);
  }
  const back = await approveConsent(authorize.toString());
  const answer = await fetch(`${sandbox.url}/${prefix}${tokenPath}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code") ?? "",
      redirect_uri: RETURN,
    }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

describe("X sandbox", () => {
  it("refuses unsigned API calls and request tokens without a valid signature", async () => {
    const accounts = await fetch(`${sandbox.url}/twitterads/ads-api/12/accounts`, {
      headers: { authorization: "Bearer x" },
    });
    expect(accounts.status).toBe(401);
    expect(await accounts.json()).toMatchObject({ errors: [{ code: "UNAUTHORIZED_ACCESS" }] });
    const forged = await fetch(`${sandbox.url}/twitterads/api/oauth/request_token`, {
      method: "POST",
      headers: {
        authorization: `OAuth oauth_callback="${encodeURIComponent(RETURN)}", oauth_consumer_key="sandbox-twitterads-client", oauth_nonce="n", oauth_signature="AAAA", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1", oauth_version="1.0"`,
      },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ errors: [{ code: 32 }] });
  });
});

describe("Reddit sandbox", () => {
  it("needs duration on the consent and a descriptive User-Agent on API calls", async () => {
    const noDuration = await fetch(
      `${sandbox.url}/redditads/www/api/v1/authorize?client_id=sandbox-redditads-client`,
    );
    expect(noDuration.status).toBe(400);
    const token = await accessToken(
      "redditads",
      "/www/api/v1/authorize",
      "/www/api/v1/access_token",
      ["adsread"],
      {
        duration: "permanent",
      },
    );
    const generic = await fetch(`${sandbox.url}/redditads/ads-api/api/v3/me/businesses`, {
      headers: { authorization: `Bearer ${token}`, "user-agent": "node" },
    });
    expect(generic.status).toBe(403);
    const named = await fetch(`${sandbox.url}/redditads/ads-api/api/v3/me/businesses`, {
      headers: { authorization: `Bearer ${token}`, "user-agent": "web:pacer-test:1.0" },
    });
    expect(named.status).toBe(200);
    expect(await named.json()).toMatchObject({
      data: [{ name: "Pacer Demo Business" }],
      pagination: { next_url: null },
    });
  });
});

describe("Amazon Ads sandbox", () => {
  it("checks the report media type, the 31-day range and each report type's retention; serves gzip JSON", async () => {
    const token = await accessToken("amazonads", "/www/ap/oa", "/api/auth/o2/token", [
      "advertising::campaign_management",
    ]);
    const headers = {
      authorization: `Bearer ${token}`,
      "amazon-advertising-api-clientid": "sandbox-amazonads-client",
      "amazon-advertising-api-scope": "3810822089931808",
      "content-type": "application/vnd.createasyncreportrequest.v3+json",
    };
    const report = (
      startDate: string,
      endDate: string,
      reportTypeId = "spCampaigns",
      adProduct = "SPONSORED_PRODUCTS",
    ) =>
      fetch(`${sandbox.url}/amazonads/advertising-api/reporting/reports`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          startDate,
          endDate,
          configuration: {
            adProduct,
            groupBy: ["campaign"],
            columns: ["date", "campaignId", "cost"],
            reportTypeId,
            timeUnit: "DAILY",
            format: "GZIP_JSON",
          },
        }),
      });
    expect((await report("2026-02-01", "2026-03-04")).status).toBe(400); // 32 days
    expect((await report("2025-12-13", "2025-12-20")).status).toBe(400); // SP keeps 95 days: from 2025-12-14
    expect((await report("2026-01-17", "2026-01-20", "sbCampaigns", "SPONSORED_BRANDS")).status).toBe(400); // SB: 60
    const wrongType = await fetch(`${sandbox.url}/amazonads/advertising-api/reporting/reports`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: "{}",
    });
    expect(wrongType.status).toBe(415);
    const created = await report("2026-03-01", "2026-03-02");
    const { reportId } = (await created.json()) as { reportId: string };
    const again = await report("2026-03-01", "2026-03-02");
    expect(again.status).toBe(425);
    expect(((await again.json()) as { details: string }).details).toContain(reportId);
    let url: string | null = null;
    for (let i = 0; i < 3 && !url; i++) {
      const status = await fetch(`${sandbox.url}/amazonads/advertising-api/reporting/reports/${reportId}`, {
        headers,
      });
      url = ((await status.json()) as { url: string | null }).url;
    }
    expect(url).toBeTruthy();
    const rows = JSON.parse(
      gunzipSync(Buffer.from(await (await fetch(url ?? "")).arrayBuffer())).toString(),
    ) as Array<{
      date: string;
      campaignId: number;
    }>;
    expect(rows.map((r) => r.campaignId)).toEqual([89459845, 89459845]);
    expect(rows.map((r) => r.date)).toEqual(["2026-03-01", "2026-03-02"]);
  });
});

describe("DV360 sandbox", () => {
  it("needs the display-video scope for entities and the Bid Manager scope for queries", async () => {
    const bidManagerOnly = await accessToken("googledv360", "/o/oauth2/v2/auth", "/token", [
      "https://www.googleapis.com/auth/doubleclickbidmanager",
    ]);
    const partners = await fetch(`${sandbox.url}/googledv360/displayvideo/v4/partners`, {
      headers: { authorization: `Bearer ${bidManagerOnly}` },
    });
    expect(partners.status).toBe(403);
    expect(await partners.json()).toMatchObject({ error: { status: "PERMISSION_DENIED" } });
    const query = await fetch(`${sandbox.url}/googledv360/doubleclickbidmanager/v2/queries`, {
      method: "POST",
      headers: { authorization: `Bearer ${bidManagerOnly}`, "content-type": "application/json" },
      body: JSON.stringify({
        metadata: { dataRange: { range: "LAST_7_DAYS" }, format: "CSV" },
        params: { type: "STANDARD" },
      }),
    });
    expect(query.status).toBe(400);
    expect(await query.json()).toMatchObject({ error: { status: "INVALID_ARGUMENT" } });
  });
});

describe("Cake sandbox", () => {
  it("answers a wrong key with HTTP 200 and success false, a missing parameter with an ASP.NET 500", async () => {
    const call = (body: Record<string, unknown>) =>
      fetch(`${sandbox.url}/cake/api/6/export.asmx/Advertisers`, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify(body),
      });
    const all = {
      advertiser_id: 0,
      advertiser_name: "",
      account_manager_id: 0,
      tag_id: 0,
      start_at_row: 0,
      row_limit: 0,
      sort_field: "advertiser_id",
      sort_descending: false,
    };
    const wrongKey = await call({ ...all, api_key: "nope" });
    expect(wrongKey.status).toBe(200);
    expect(await wrongKey.json()).toMatchObject({ d: { success: false, message: "Invalid API Key" } });
    const { tag_id, ...missing } = all;
    expect(tag_id).toBe(0);
    const incomplete = await call({ ...missing, api_key: SANDBOX_CAKE_API_KEY });
    expect(incomplete.status).toBe(500);
    const ok = await call({ ...all, api_key: SANDBOX_CAKE_API_KEY });
    expect(await ok.json()).toMatchObject({ d: { success: true, row_count: 2 } });
  });
});
