import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { isDate, plusDays } from "../data/calendar.ts";
import type { DemoAccount, DemoCampaign } from "../data/demo-accounts.ts";
import { campaignDays } from "../data/replay.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import { answeringOAuthProblems, type IssuedTokens, OAuthProblem, OAuthServer } from "../oauth-server.ts";
import { budgetOf, demoAdSets, demoBudgets } from "./demo-budgets.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "redditads";
/** Reddit access tokens live a day (`expires_in: 86400`). */
const ACCESS_TOKEN_TTL_SECONDS = 86_400;
/** Rows per report page (Reddit pages long reports; clients re-post the body to `next_url`). */
const REPORT_PAGE_SIZE = 50;
/** The one demo business every user belongs to. */
const BUSINESS = { id: "9f3e8c2a-1b7d-4e55-a0c4-pacerdemo001", name: "Pacer Demo Business" };

function redditError(res: ServerResponse, status: number, code: string, message: string, headers = {}) {
  sendJson(res, status, { error: { code, message } }, headers);
}

/** Splits an order count into click-through and view-through purchases (two thirds by click). */
function splitOrders(orders: number): { clicks: number; views: number } {
  const views = Math.floor(orders / 3);
  return { clicks: orders - views, views };
}

/**
 * Reddit Ads sandbox (beta platform): Reddit OAuth (consent with `duration=permanent`, token and
 * revoke endpoints with HTTP Basic, static refresh tokens, a refused code answered with HTTP 200
 * and `{"error": "invalid_grant"}` as Reddit does), a descriptive `User-Agent` required on API
 * calls, and Ads API v3 `me`, `me/businesses`, `businesses/{id}/ad_accounts`, `ad_accounts/{id}`,
 * `ad_accounts/{id}/campaigns` (campaign budgets: `DAILY_SPEND` `goal_value` in micros from
 * `demo-budgets.ts`) and `POST ad_accounts/{id}/reports` (breakdowns `DATE` and
 * `CAMPAIGN_ID`, spend in micros, purchase value in cents, paged by `pagination.next_url`), and
 * the campaign update `PATCH campaigns/{id}` (`configured_status`, `goal_value`; recorded in the
 * shared campaign writes that the listings and reports obey; 403 while
 * `writes.refuse("redditads")`).
 */
export const redditAdsPlatform: PlatformFactory = (ctx) => {
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "Reddit",
      approvePath: "/www/api/v1/approve",
      pkce: false,
      refreshTokens: "static",
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
      scopeSeparator: " ",
      returnScope: false,
      denyParams: { error: "access_denied" },
    },
    () => ctx.now().getTime(),
  );
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));
  const adGroups = new Map(ctx.accounts.map((a) => [a.id, demoAdSets(ctx.source, a)]));

  const unauthorized = (res: ServerResponse) => redditError(res, 401, "UNAUTHORIZED", "Unauthorized");
  /** The grant of a live token with a descriptive User-Agent, else answers the error. */
  const authorized = (req: SandboxRequest, res: ServerResponse) => {
    const agent = String(req.headers["user-agent"] ?? "");
    if (!agent || /^(node|undici)\b/i.test(agent)) {
      redditError(res, 403, "FORBIDDEN", "A descriptive User-Agent is required");
      return undefined;
    }
    const grant = oauth.validate(req.bearer);
    if (!grant) unauthorized(res);
    return grant;
  };
  const withAccount = (req: SandboxRequest, res: ServerResponse): DemoAccount | undefined => {
    if (!authorized(req, res)) return undefined;
    const account = ctx.accounts.find((a) => a.id === req.params.accountId);
    if (!account) redditError(res, 404, "NOT_FOUND", `ad account ${req.params.accountId} not found`);
    return account;
  };
  /** A campaign as the listing answers it now: status and `goal_value` as the writes so far leave them. */
  const campaignJson = (account: DemoAccount, c: DemoCampaign) => {
    const at = ctx.now().getTime();
    const budget = budgetOf(budgets.get(account.id) ?? [], c.id);
    const status = ctx.writes.status(account, c, at) === "PAUSED" ? "PAUSED" : "ACTIVE";
    return {
      id: c.id,
      name: c.name,
      ad_account_id: account.id,
      configured_status: status,
      effective_status: status,
      objective: "CONVERSIONS",
      is_campaign_budget_optimization: budget !== undefined,
      goal_type: budget ? "DAILY_SPEND" : null,
      goal_value: budget ? (ctx.writes.dailyBudget(account, c.id, at, budget.amountMicros) ?? null) : null,
      spend_cap: null,
    };
  };
  const accountJson = (a: DemoAccount) => ({
    id: a.id,
    name: a.name,
    currency: a.currency,
    time_zone_id: a.timeZone,
    business_id: BUSINESS.id,
    type: "MANAGED",
    admin_approval: "APPROVED",
  });
  /** A page of `items` with Reddit's `page.size` / `page.token` and an absolute `next_url`. */
  const page = <T>(req: SandboxRequest, items: T[], defaultSize: number) => {
    const size = Math.min(Number(req.url.searchParams.get("page.size") ?? defaultSize) || defaultSize, 1000);
    const token = req.url.searchParams.get("page.token");
    const start = token ? Number(Buffer.from(token, "base64url").toString("utf8")) || 0 : 0;
    let next: string | null = null;
    if (start + size < items.length) {
      const url = new URL(req.url.toString());
      url.searchParams.set("page.token", Buffer.from(String(start + size)).toString("base64url"));
      next = url.toString();
    }
    return { data: items.slice(start, start + size), pagination: { next_url: next } };
  };

  const tokenEndpoint = (req: SandboxRequest, res: ServerResponse) =>
    answeringOAuthProblems(res, () => {
      const f = req.form;
      oauth.checkClient(req, f);
      if (!req.headers.authorization?.startsWith("Basic ")) throw new OAuthProblem("invalid_client", 401);
      let issued: IssuedTokens;
      if (f.get("grant_type") === "authorization_code") {
        try {
          issued = oauth.exchangeCode(f.get("code") ?? "", f.get("redirect_uri") ?? "", undefined);
        } catch (error) {
          // Reddit answers a bad or used code with HTTP 200 and an error field.
          if (error instanceof OAuthProblem && error.error === "invalid_grant") {
            return sendJson(res, 200, { error: "invalid_grant" });
          }
          throw error;
        }
      } else if (f.get("grant_type") === "refresh_token") {
        issued = oauth.refresh(f.get("refresh_token") ?? "");
      } else {
        throw new OAuthProblem("unsupported_grant_type");
      }
      const { grant, ...body } = issued;
      sendJson(res, 200, body);
    });

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      {
        method: "GET",
        pattern: "/www/api/v1/authorize",
        kind: "page",
        handle: (req, res) => {
          const duration = req.url.searchParams.get("duration");
          if (duration !== "permanent" && duration !== "temporary") {
            return sendJson(res, 400, { error: "invalid duration" });
          }
          oauth.renderConsent(req, res, `${base()}/www/api/v1/approve`);
        },
      },
      oauth.approveRoute(),
      { method: "POST", pattern: "/www/api/v1/access_token", kind: "token", handle: tokenEndpoint },
      {
        method: "POST",
        pattern: "/www/api/v1/revoke_token",
        kind: "token",
        handle: (req, res) =>
          answeringOAuthProblems(res, () => {
            oauth.checkClient(req, req.form);
            oauth.revoke(req.form.get("token") ?? "");
            res.writeHead(204).end(); // Reddit answers 204 for known and unknown tokens alike
          }),
      },
      {
        method: "GET",
        pattern: "/ads-api/api/{version}/me",
        handle: (req, res) => {
          const grant = authorized(req, res);
          if (!grant) return;
          const id = createHash("sha256").update(grant.user.id).digest("hex").slice(0, 8);
          sendJson(res, 200, {
            data: { id: `t2_${id}`, username: grant.user.email.split("@")[0], email: grant.user.email },
          });
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/api/{version}/me/businesses",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          sendJson(res, 200, page(req, [{ ...BUSINESS, industry: "RETAIL_AND_ECOMMERCE" }], 100));
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/api/{version}/businesses/{businessId}/ad_accounts",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          if (req.params.businessId !== BUSINESS.id)
            return redditError(res, 404, "NOT_FOUND", "business not found");
          sendJson(res, 200, page(req, ctx.accounts.map(accountJson), 100));
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/api/{version}/ad_accounts/{accountId}",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (account) sendJson(res, 200, { data: accountJson(account) });
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/api/{version}/ad_accounts/{accountId}/campaigns",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const data = account.campaigns.map((c) => campaignJson(account, c));
          sendJson(res, 200, page(req, data, 100));
        },
      },
      {
        // Update Campaign: `{"data": {configured_status?, goal_value?}}` (goal_value: daily budget
        // micros, campaigns with campaign budget optimisation only), answered `{"data": campaign}`;
        // recorded in the shared campaign writes. A grant without `adsedit` is refused 403.
        method: "PATCH",
        pattern: "/ads-api/api/{version}/campaigns/{campaignId}",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const account = ctx.accounts.find((a) => a.campaigns.some((c) => c.id === req.params.campaignId));
          const campaign = account?.campaigns.find((c) => c.id === req.params.campaignId);
          if (!account || !campaign) {
            return redditError(res, 404, "NOT_FOUND", `campaign ${req.params.campaignId} not found`);
          }
          if (ctx.writes.refuses(PREFIX)) {
            return redditError(
              res,
              403,
              "FORBIDDEN",
              "The token's scopes do not allow this action (adsedit)",
            );
          }
          const data = (req.json as { data?: Record<string, unknown> } | undefined)?.data;
          const status = data?.configured_status;
          const goal = data?.goal_value;
          if (!data || (status === undefined && goal === undefined)) {
            return redditError(
              res,
              400,
              "INVALID_REQUEST",
              "data with configured_status or goal_value is required",
            );
          }
          if (status !== undefined && status !== "ACTIVE" && status !== "PAUSED") {
            return redditError(
              res,
              400,
              "INVALID_REQUEST",
              "the sandbox writes configured_status ACTIVE or PAUSED",
            );
          }
          if (goal !== undefined) {
            if (typeof goal !== "number" || !Number.isSafeInteger(goal) || goal <= 0) {
              return redditError(
                res,
                400,
                "INVALID_REQUEST",
                "goal_value must be a positive integer (micros)",
              );
            }
            if (!budgetOf(budgets.get(account.id) ?? [], campaign.id)) {
              return redditError(
                res,
                400,
                "INVALID_REQUEST",
                "goal_value needs campaign budget optimization: this campaign's budgets are on its ad groups",
              );
            }
          }
          ctx.writes.record(account, campaign.id, {
            at: ctx.now().getTime(),
            ...(status ? { status: status === "ACTIVE" ? "ENABLED" : "PAUSED" } : {}),
            ...(typeof goal === "number" ? { dailyBudgetMicros: goal } : {}),
          });
          sendJson(res, 200, { data: campaignJson(account, campaign) });
        },
      },
      {
        // Ad groups: `goal_type` DAILY_SPEND / `goal_value` (micros) only where the campaign holds
        // no budget (no campaign budget optimisation). https://ads-api.reddit.com/docs/v3/
        method: "GET",
        pattern: "/ads-api/api/{version}/ad_accounts/{accountId}/ad_groups",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const data = (adGroups.get(account.id) ?? []).map((g) => {
            const campaign = account.campaigns.find((c) => c.id === g.campaignId);
            const status = g.paused ? "PAUSED" : "ACTIVE";
            return {
              id: g.id,
              name: g.name,
              ad_account_id: account.id,
              campaign_id: g.campaignId,
              configured_status: status,
              effective_status:
                campaign && ctx.writes.status(account, campaign, ctx.now().getTime()) === "ENABLED"
                  ? status
                  : "PAUSED",
              goal_type: g.dailyBudgetMicros !== undefined ? "DAILY_SPEND" : null,
              goal_value: g.dailyBudgetMicros ?? null,
            };
          });
          sendJson(res, 200, page(req, data, 100));
        },
      },
      {
        method: "POST",
        pattern: "/ads-api/api/{version}/ad_accounts/{accountId}/reports",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const spec = (req.json as { data?: Record<string, unknown> } | undefined)?.data;
          const startsAt = String(spec?.starts_at ?? "");
          const endsAt = String(spec?.ends_at ?? "");
          const hourly = /^\d{4}-\d{2}-\d{2}T\d{2}:00:00Z$/;
          if (!hourly.test(startsAt) || !hourly.test(endsAt) || endsAt <= startsAt) {
            return redditError(
              res,
              400,
              "INVALID_REQUEST",
              "starts_at and ends_at must be whole hours, ends_at after starts_at",
            );
          }
          const fields = Array.isArray(spec?.fields) ? spec.fields.map((f) => String(f).toUpperCase()) : [];
          const breakdowns = Array.isArray(spec?.breakdowns)
            ? spec.breakdowns.map((b) => String(b).toUpperCase())
            : [];
          if (!fields.length || !breakdowns.includes("DATE")) {
            return redditError(
              res,
              400,
              "INVALID_REQUEST",
              "the sandbox serves fields with a DATE breakdown",
            );
          }
          const first = startsAt.slice(0, 10);
          const endDate = endsAt.slice(0, 10);
          const last = endsAt.slice(11, 13) === "00" ? plusDays(endDate, -1) : endDate;
          if (!isDate(first) || !isDate(last)) return redditError(res, 400, "INVALID_REQUEST", "bad dates");
          const byCampaign = breakdowns.includes("CAMPAIGN_ID");
          const totals = new Map<string, Record<string, number | string>>();
          for (const d of campaignDays(ctx.source, account, first, last, ctx.now(), {}, ctx.writes)) {
            const key = byCampaign ? `${d.campaign.id}|${d.date}` : d.date;
            const row = totals.get(key) ?? {
              ...(byCampaign ? { campaign_id: d.campaign.id } : {}),
              date: d.date,
              spend: 0,
              impressions: 0,
              clicks: 0,
              orders: 0,
              revenueMicros: 0,
            };
            row.spend = (row.spend as number) + d.spendMicros;
            row.impressions = (row.impressions as number) + d.impressions;
            row.clicks = (row.clicks as number) + d.clicks;
            row.orders = (row.orders as number) + d.orders;
            row.revenueMicros = (row.revenueMicros as number) + d.revenueMicros;
            totals.set(key, row);
          }
          const metrics = [...totals.values()]
            .filter((r) => (r.spend as number) > 0 || (r.impressions as number) > 0)
            .map(({ orders, revenueMicros, ...r }) => {
              const purchases = splitOrders(orders as number);
              return {
                ...r,
                ...(fields.includes("CONVERSION_PURCHASE_CLICKS")
                  ? { conversion_purchase_clicks: purchases.clicks }
                  : {}),
                ...(fields.includes("CONVERSION_PURCHASE_VIEWS")
                  ? { conversion_purchase_views: purchases.views }
                  : {}),
                ...(fields.includes("CONVERSION_PURCHASE_TOTAL_VALUE")
                  ? { conversion_purchase_total_value: (revenueMicros as number) / 10_000 }
                  : {}),
              };
            });
          const paged = page(req, metrics, REPORT_PAGE_SIZE);
          sendJson(res, 200, { data: { metrics: paged.data }, pagination: paged.pagination });
        },
      },
    ],
    authFailure: unauthorized,
    serverError: (res) => redditError(res, 500, "INTERNAL_SERVER_ERROR", "Internal server error"),
    rateLimited: (res, seconds) =>
      redditError(res, 429, "TOO_MANY_REQUESTS", "Too many requests", {
        "retry-after": String(seconds),
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(seconds),
      }),
  };
};
