import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AuthError, createConnectors, type OAuthTokens } from "@pacer/connectors";
import { sandboxConnectorConfig } from "@pacer/connectors/sandbox-config";
import { getIntegration, listIntegrations } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld } from "../../testing/builders.ts";
import {
  authorizeUrlFor,
  connectThroughApi,
  consentQuery,
  useConnectionsSandbox,
} from "../../testing/connections.ts";
import { tokenStore } from "../lib/token-store.ts";

/**
 * The whole connection chain against the sandbox platforms, through the API as the web app calls
 * it: authenticate -> consent (approved programmatically) -> response -> the account's connections
 * -> the wizard's account listing -> filter values -> remove (revoked at the platform).
 */
const env = useConnectionsSandbox();

type View = { id: string; name: string; currency: string; timeZone: string };
type Envelope = {
  statusCode: number;
  msg: string;
  views?: View[];
  accounts?: View[];
  possibleValues?: unknown[];
};

const storedTokens = async (accountId: string, slug: string, email: string) =>
  (await tokenStore().get({ accountId, slug, email })) as OAuthTokens | undefined;

describe("Google Ads: the whole chain", () => {
  it("connects, lists accounts and campaigns, and removes the connection with its grant revoked", async () => {
    const { account, Admin, Manager } = await aWorld();

    // authenticate: the consent URL carries a state, PKCE and the return page on APP_ORIGIN
    const consent = new URL(await authorizeUrlFor(Admin.token, "googleads"));
    expect(consent.href.startsWith(`${env().sandbox.url}/googleads/o/oauth2/v2/auth`)).toBe(true);
    expect(consent.searchParams.get("redirect_uri")).toBe("http://localhost:3000/google-ads-response");
    expect(consent.searchParams.get("state")).toMatch(/^[\w-]{32}$/);
    expect(consent.searchParams.get("code_challenge_method")).toBe("S256");

    // the return page posts the platform's query
    const connected = await connectThroughApi<{ msg: string; googleAdsObj: Record<string, unknown> }>(
      Admin.token,
      "googleads",
      { email: "ads@acme.test" },
    );
    expect(connected.status).toBe(200);
    expect(connected.body.msg).toBe("Successfully connected with Google Ads");
    expect(connected.body.googleAdsObj).toMatchObject({
      slug: "googleads",
      email: "ads@acme.test",
      name: "Google Ads",
      status: "ok",
      message: null,
    });
    const tokens = await storedTokens(account.accountId, "googleads", "ads@acme.test");
    expect(tokens?.refreshToken).toBeTruthy();
    expect(JSON.stringify(connected.body)).not.toContain(tokens?.accessToken);
    expect(JSON.stringify(connected.body)).not.toContain(tokens?.refreshToken);

    // the tokens are in the encrypted store, not in the table and not in plain text on disk
    const stored = await getIntegration(account.accountId, "googleads", "ads@acme.test");
    expect(stored).toMatchObject({ hasRefreshToken: true });
    expect(JSON.stringify(stored)).not.toContain(tokens?.accessToken);
    const files = readdirSync(env().tokenDir).map((f) => readFileSync(join(env().tokenDir, f), "utf8"));
    expect(files.some((f) => f.includes(tokens?.accessToken ?? "?"))).toBe(false);

    // the Connections page
    const list = await callApi<{
      integrations: Array<Record<string, unknown>>;
      integrationWarnings: unknown[];
    }>("GET", "/api/account/get-account-integrations", { token: Manager.token });
    expect(list.status).toBe(200);
    expect(list.body.integrations).toEqual([
      expect.objectContaining({ slug: "googleads", status: "ok", budgetFromPlatform: true }),
    ]);
    expect(list.body.integrationWarnings).toEqual([]);

    // the tracker wizard: accounts (the manager expanded to its client), then campaigns
    const integration = { slug: "googleads", email: "ads@acme.test" };
    const accounts = await callApi<Envelope>("POST", "/api/google-ads/get-user-accounts", {
      token: Manager.token,
      body: { integration },
    });
    expect(accounts.status).toBe(200);
    expect(accounts.body).toMatchObject({ statusCode: 200, msg: "OK" });
    expect(accounts.body.views?.map((v) => v.id).sort()).toEqual(["1112223333", "4445556666"]);
    const search = accounts.body.views?.find((v) => v.id === "1112223333");
    expect(search).toMatchObject({ name: "Pacer Demo - Search", currency: "GBP", timeZone: "Europe/London" });

    const values = await callApi<Envelope>("POST", "/api/google-ads/filter-possible-values", {
      token: Manager.token,
      body: {
        dataSource: { integration, view: search },
        filter: { id: "campaigns" },
        tracker: { _id: "t1" },
      },
    });
    expect(values.status).toBe(200);
    expect(values.body).toMatchObject({ statusCode: 200, filterValuesLoading: false });
    expect(values.body.possibleValues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "89459845", name: "google_hot" }),
        expect.objectContaining({ id: "127823", name: "google_wide" }),
      ]),
    );
    const textFilter = await callApi<Envelope>("POST", "/api/google-ads/filter-possible-values", {
      token: Manager.token,
      body: { dataSource: { integration, view: search }, filter: { id: "campaignName" } },
    });
    expect(textFilter.body).toMatchObject({ statusCode: 200, possibleValues: [] });

    // remove: answered, then revoked at the platform and forgotten here
    const removed = await callApi("POST", "/api/account/remove-integration", {
      token: Admin.token,
      body: { account: account.accountId, ...integration },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ msg: "Integration removed", revoked: true });
    expect(await listIntegrations(account.accountId)).toEqual([]);
    expect(await storedTokens(account.accountId, "googleads", "ads@acme.test")).toBeUndefined();
    const google = createConnectors(sandboxConnectorConfig(env().sandbox.url)).googleads;
    await expect(google.listAdAccounts(tokens as OAuthTokens)).rejects.toBeInstanceOf(AuthError);
    await expect(google.refreshAccessToken(tokens as OAuthTokens)).rejects.toBeInstanceOf(AuthError);
  });
});

describe("Meta: the whole chain", () => {
  it("connects, lists ad accounts and campaigns, and removes the connection with its grant revoked", async () => {
    const { account, Admin } = await aWorld();
    const consent = new URL(await authorizeUrlFor(Admin.token, "facebookads"));
    expect(consent.searchParams.get("redirect_uri")).toBe("http://localhost:3000/facebook-ads-response");

    const connected = await connectThroughApi<{ integrationObj: Record<string, unknown> }>(
      Admin.token,
      "facebookads",
      { email: "meta@acme.test" },
    );
    expect(connected.status).toBe(200);
    expect(connected.body.integrationObj).toMatchObject({
      slug: "facebookads",
      email: "meta@acme.test",
      status: "ok",
    });
    const tokens = await storedTokens(account.accountId, "facebookads", "meta@acme.test");
    // the long-lived token (about 60 days): ok, not yet in the 5-day warning window
    expect(tokens?.expiresAt).toBeGreaterThan(Date.now() + 50 * 24 * 3600_000);

    const integration = { slug: "facebookads", email: "meta@acme.test" };
    const accounts = await callApi<Envelope>("POST", "/api/facebook-ads/get-account", {
      token: Admin.token,
      body: { integration },
    });
    expect(accounts.body.statusCode).toBe(200);
    expect(accounts.body.accounts?.map((v) => v.id).sort()).toEqual(["101000000000001", "101000000000002"]);
    expect(accounts.body.views).toEqual(accounts.body.accounts);

    const values = await callApi<Envelope>("POST", "/api/facebook-ads/filter-possible-values", {
      token: Admin.token,
      body: {
        dataSource: { integration, view: { id: "101000000000001", name: "Pacer Demo - Facebook" } },
        filter: { id: "campaigns", search: "TIER" },
      },
    });
    expect(values.body.statusCode).toBe(200);
    expect((values.body.possibleValues as Array<{ name: string }>).map((v) => v.name).sort()).toEqual([
      "facebook_tier1",
      "facebook_tier2",
    ]);

    const removed = await callApi("POST", "/api/account/remove-integration", {
      token: Admin.token,
      body: integration,
    });
    expect(removed.body).toEqual({ msg: "Integration removed", revoked: true });
    const meta = createConnectors(sandboxConnectorConfig(env().sandbox.url)).facebookads;
    await expect(meta.listAdAccounts(tokens as OAuthTokens)).rejects.toBeInstanceOf(AuthError);
  });
});

describe("connections are one per slug and e-mail", () => {
  it("connecting the same login again replaces the connection; another login adds one", async () => {
    const { account, Admin } = await aWorld();
    await connectThroughApi(Admin.token, "googleads", { email: "one@acme.test" });
    const first = await storedTokens(account.accountId, "googleads", "one@acme.test");
    await connectThroughApi(Admin.token, "googleads", { email: "one@acme.test" });
    await connectThroughApi(Admin.token, "googleads", { email: "two@acme.test" });

    const all = await listIntegrations(account.accountId);
    expect(all.map((i) => i.email).sort()).toEqual(["one@acme.test", "two@acme.test"]);
    const second = await storedTokens(account.accountId, "googleads", "one@acme.test");
    expect(second?.accessToken).not.toBe(first?.accessToken);
  });

  it("says which connections give a budget: a platform with campaign budgets does, the CSV source does not", async () => {
    const { Admin } = await aWorld();
    await connectThroughApi(Admin.token, "googleads", { email: "budgets@acme.test" });
    const imported = await callApi("POST", "/api/csv/import", {
      token: Admin.token,
      body: {
        csv: "date,account_id,account_name,currency,time_zone,spend,impressions,clicks,conversions,revenue\n2026-11-01,radio,Radio,GBP,Europe/London,10,1,1,0,0",
      },
    });
    expect(imported.status).toBe(200);
    const list = await callApi<{ integrations: Array<Record<string, unknown>> }>(
      "GET",
      "/api/account/get-account-integrations",
      { token: Admin.token },
    );
    expect(Object.fromEntries(list.body.integrations.map((i) => [i.slug, i.budgetFromPlatform]))).toEqual({
      googleads: true,
      csv: false,
    });
  });

  it("a Viewer can see the connections but not connect", async () => {
    const { Viewer } = await aWorld();
    expect(
      (await callApi("GET", "/api/account/get-account-integrations", { token: Viewer.token })).status,
    ).toBe(200);
    expect((await callApi("GET", "/api/google-ads/authenticate", { token: Viewer.token })).status).toBe(403);
    const query = { state: "x", code: "y", scope: "https://www.googleapis.com/auth/adwords" };
    expect(
      (await callApi("POST", "/api/google-ads/response", { token: Viewer.token, body: query })).status,
    ).toBe(403);
  });

  it("the state is bound to the session that asked for it", async () => {
    const { account, Admin, Manager } = await aWorld();
    const other = await aWorld();
    const query = await consentQuery(Admin.token, "googleads", { email: "bound@acme.test" });

    for (const token of [Manager.token, other.Admin.token]) {
      const refused = await callApi("POST", "/api/google-ads/response", { token, body: query });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        msg: "Something went wrong with this request, please try again and if the problem persists contact support.",
        reason: "state_mismatch",
      });
    }
    // another platform's return page does not take it either
    const elsewhere = await callApi("POST", "/api/google-dv360/response", {
      token: Admin.token,
      body: query,
    });
    expect(elsewhere.body).toMatchObject({ reason: "state_mismatch" });

    const accepted = await callApi("POST", "/api/google-ads/response", { token: Admin.token, body: query });
    expect(accepted.status).toBe(200);
    // single use: the same return again is refused
    const replay = await callApi("POST", "/api/google-ads/response", { token: Admin.token, body: query });
    expect(replay.body).toMatchObject({ reason: "state_mismatch" });
    expect((await listIntegrations(account.accountId)).map((i) => i.email)).toEqual(["bound@acme.test"]);
    expect(await listIntegrations(other.account.accountId)).toEqual([]);
  });
});
