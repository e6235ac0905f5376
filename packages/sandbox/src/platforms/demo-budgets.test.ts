import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { approveConsent } from "../approve-consent.ts";
import { type DemoAccount, demoAccount, demoAccountsOf } from "../data/demo-accounts.ts";
import { loadSourceData } from "../data/source-rows.ts";
import { sandboxClient } from "../oauth-server.ts";
import { type SandboxHandle, startSandbox } from "../start-sandbox.ts";
import { budgetOf, demoAdSets, demoBudgets } from "./demo-budgets.ts";
import { SANDBOX_DEVELOPER_TOKEN } from "./google-ads.ts";

/**
 * The demo budgets (derived from the data file) and the two sandbox answers that serve them: the
 * Google Ads GAQL `campaign_budget` fields and Meta's `/act_{id}/campaigns` `daily_budget`.
 */

const NOW = new Date("2026-03-18T10:00:00Z");
const RETURN = "https://app.pacer.test/return";
const source = loadSourceData();
const SEARCH = demoAccount("googleads", "1112223333") as DemoAccount;
const FACEBOOK = demoAccount("facebookads", "101000000000001") as DemoAccount;

/** A campaign's average daily spend in the file, after the account factor, in currency units (a float). */
function averageDay(account: DemoAccount, campaignId: string): number {
  const campaign = account.campaigns.find((c) => c.id === campaignId);
  const days = source.get(campaign?.source.toLowerCase() ?? "") ?? [];
  const total = days.reduce((sum, d) => sum + d.spendMicros, 0) / 1e6;
  return ((total / days.length) * account.factorPercent) / 100;
}

describe("demo budgets", () => {
  const accounts = [...demoAccountsOf("googleads"), ...demoAccountsOf("facebookads")];

  it("are the average daily spend of their campaigns x factor x 110%, in whole currency units", () => {
    for (const account of accounts) {
      for (const budget of demoBudgets(source, account)) {
        const expected = budget.campaignIds.reduce((sum, id) => sum + averageDay(account, id), 0) * 1.1;
        expect(budget.amountMicros % 1_000_000).toBe(0);
        expect(Math.abs(budget.amountMicros / 1e6 - expected)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("share one budget between the two Search campaigns; Meta's retargeting has ad-set budgets", () => {
    const search = demoBudgets(source, SEARCH);
    expect(search).toHaveLength(1);
    expect(search[0]).toMatchObject({ shared: true, campaignIds: SEARCH.campaigns.map((c) => c.id) });
    const facebook = demoBudgets(source, FACEBOOK);
    const retargeting = FACEBOOK.campaigns.find((c) => c.name === "facebook_retargeting");
    expect(budgetOf(facebook, retargeting?.id ?? "")).toBeUndefined();
    // Its budget sits on its ad sets: a running one and a paused one, each with a daily budget.
    expect(demoAdSets(source, FACEBOOK).filter((a) => a.campaignId === retargeting?.id)).toEqual([
      expect.objectContaining({ paused: false, dailyBudgetMicros: expect.any(Number) }),
      expect.objectContaining({ paused: true, dailyBudgetMicros: expect.any(Number) }),
    ]);
    expect(facebook.filter((b) => b.shared)).toEqual([]);
  });

  it("let an automated tracker on a whole account pace between 90% and 100% of its budget", () => {
    for (const account of accounts.filter((a) => a.campaigns.length > 0)) {
      const budgets = demoBudgets(source, account);
      const running = account.campaigns.filter((c) => c.status === "ENABLED");
      const spend = running.reduce((sum, c) => sum + averageDay(account, c.id), 0);
      const onAdSets = demoAdSets(source, account)
        .filter((a) => !a.paused && running.some((c) => c.id === a.campaignId))
        .reduce((sum, a) => sum + (a.dailyBudgetMicros ?? 0) / 1e6, 0);
      const budget =
        budgets
          .filter((b) => b.campaignIds.some((id) => running.some((c) => c.id === id)))
          .reduce((sum, b) => sum + b.amountMicros / 1e6, 0) + onAdSets;
      expect(spend / budget).toBeGreaterThan(0.9);
      expect(spend / budget).toBeLessThan(1);
    }
  });
});

describe("budgets over HTTP", () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: () => NOW });
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.resetControls());

  /** An access token through the platform's consent page and code exchange. */
  async function token(prefix: string, authorizePath: string, exchange: (code: string) => Promise<Response>) {
    const { clientId } = sandboxClient(prefix);
    const authorize = new URL(`${sandbox.url}/${prefix}${authorizePath}`);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: RETURN,
      response_type: "code",
      scope: prefix === "googleads" ? "https://www.googleapis.com/auth/adwords" : "ads_read",
      state: "s",
    }).toString();
    const back = await approveConsent(authorize.toString());
    const answer = await exchange(back.searchParams.get("code") ?? "");
    return ((await answer.json()) as { access_token: string }).access_token;
  }

  const googleToken = () => {
    const { clientId, clientSecret } = sandboxClient("googleads");
    return token("googleads", "/o/oauth2/v2/auth", (code) =>
      fetch(`${sandbox.url}/googleads/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: RETURN,
          client_id: clientId,
          client_secret: clientSecret,
        }),
      }),
    );
  };

  const metaToken = () => {
    const { clientId, clientSecret } = sandboxClient("facebookads");
    return token("facebookads", "/www/v25.0/dialog/oauth", (code) => {
      const url = new URL(`${sandbox.url}/facebookads/graph/v25.0/oauth/access_token`);
      url.search = new URLSearchParams({
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: RETURN,
        code,
      }).toString();
      return fetch(url);
    });
  };

  const gaql = (accessToken: string, query: string) =>
    fetch(`${sandbox.url}/googleads/api/v23/customers/${SEARCH.id}/googleAds:searchStream`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${accessToken}`,
        "developer-token": SANDBOX_DEVELOPER_TOKEN,
        "content-type": "application/json",
      },
      body: JSON.stringify({ query }),
    });

  it("Google Ads: FROM campaign rows carry their campaign_budget in proto3 JSON", async () => {
    const accessToken = await googleToken();
    const answer = await gaql(
      accessToken,
      "SELECT campaign.id, campaign.campaign_budget, campaign_budget.resource_name, campaign_budget.amount_micros, " +
        "campaign_budget.period, campaign_budget.explicitly_shared FROM campaign WHERE campaign.status = 'ENABLED'",
    );
    expect(answer.status).toBe(200);
    const [batch] = (await answer.json()) as Array<{
      results: Array<Record<string, Record<string, unknown>>>;
    }>;
    const [budget] = demoBudgets(source, SEARCH);
    const resourceName = `customers/${SEARCH.id}/campaignBudgets/${budget?.id}`;
    expect(batch?.results).toEqual(
      SEARCH.campaigns.map((c) => ({
        campaign: {
          id: c.id,
          resourceName: `customers/${SEARCH.id}/campaigns/${c.id}`,
          campaignBudget: resourceName,
        },
        campaignBudget: {
          resourceName,
          amountMicros: String(budget?.amountMicros),
          period: "DAILY",
          explicitlyShared: true,
        },
      })),
    );
    const filtered = await gaql(
      accessToken,
      "SELECT campaign.id, campaign_budget.amount_micros FROM campaign WHERE campaign.name LIKE '%hot%'",
    );
    expect(((await filtered.json()) as Array<{ results: unknown[] }>)[0]?.results).toHaveLength(1);
  });

  it("Google Ads: the limiter and injected faults apply to the budget query", async () => {
    const accessToken = await googleToken();
    const query = "SELECT campaign_budget.amount_micros FROM campaign";
    sandbox.setControls("googleads", { faults: [{ kind: "500", times: 1, on: "api" }] });
    expect((await gaql(accessToken, query)).status).toBe(500);
    expect((await gaql(accessToken, query)).status).toBe(200);
    sandbox.setControls("googleads", { rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: 5 } });
    const limited = await gaql(accessToken, query);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("5");
  });

  const campaigns = (accessToken: string, params: Record<string, string>) => {
    const url = new URL(`${sandbox.url}/facebookads/graph/v25.0/act_${FACEBOOK.id}/campaigns`);
    url.search = new URLSearchParams(params).toString();
    return fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
  };

  it("Meta: daily_budget in cents, only the fields asked for, filtered by effective_status", async () => {
    const accessToken = await metaToken();
    const answer = await campaigns(accessToken, {
      fields: "id,name,daily_budget,effective_status",
      effective_status: '["ACTIVE"]',
    });
    expect(answer.status).toBe(200);
    const budgets = demoBudgets(source, FACEBOOK);
    expect(((await answer.json()) as { data: unknown[] }).data).toEqual(
      FACEBOOK.campaigns
        .filter((c) => c.status === "ENABLED")
        .map((c) => {
          const budget = budgetOf(budgets, c.id);
          return {
            id: c.id,
            name: c.name,
            effective_status: "ACTIVE",
            ...(budget ? { daily_budget: String(budget.amountMicros / 10_000) } : {}),
          };
        }),
    );
    const idsOnly = await campaigns(accessToken, { fields: "id" });
    expect(((await idsOnly.json()) as { data: unknown[] }).data).toEqual(
      FACEBOOK.campaigns.map((c) => ({ id: c.id })),
    );
    const bad = await campaigns(accessToken, { effective_status: "ACTIVE" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 100 } });
  });

  it("Meta: the limiter applies to the campaigns listing (#80004 with Retry-After)", async () => {
    const accessToken = await metaToken();
    sandbox.setControls("facebookads", {
      rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: 3 },
    });
    const limited = await campaigns(accessToken, { fields: "id,daily_budget" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(await limited.json()).toMatchObject({ error: { code: 80004 } });
  });
});
