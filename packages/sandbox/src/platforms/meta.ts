import type { ServerResponse } from "node:http";
import type { DemoAccount } from "../data/demo-accounts.ts";
import { campaignDays, figuresOf, groupDays } from "../data/replay.ts";
import { type DayFigures, microsText } from "../data/source-rows.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import { OAuthProblem, OAuthServer } from "../oauth-server.ts";
import { budgetOf, demoAdSets, demoBudgets } from "./demo-budgets.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "facebookads";
/** Long-lived token lifetime Meta reports (about 60 days). */
const LONG_LIVED_SECONDS = 5_183_944;

function graphError(
  res: ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { error: { fbtrace_id: "AsandboxTrace", ...error } }, headers);
}

/** One insights row in Meta's shape: every number a string; conversions in `actions`, revenue in `action_values`. */
function insightsRow(
  account: DemoAccount,
  date: string,
  t: DayFigures,
  campaign?: { id: string; name: string },
) {
  const actions: Array<{ action_type: string; value: string }> = [];
  if (t.clicks) actions.push({ action_type: "link_click", value: String(t.clicks) });
  if (t.leads) actions.push({ action_type: "lead", value: String(t.leads) });
  if (t.orders) {
    actions.push({ action_type: "offsite_conversion.fb_pixel_purchase", value: String(t.orders) });
    actions.push({ action_type: "omni_purchase", value: String(t.orders) });
  }
  const actionValues: Array<{ action_type: string; value: string }> = [];
  if (t.revenueMicros) {
    actionValues.push({
      action_type: "offsite_conversion.fb_pixel_purchase",
      value: microsText(t.revenueMicros),
    });
    actionValues.push({ action_type: "omni_purchase", value: microsText(t.revenueMicros) });
  }
  return {
    account_id: account.id,
    account_currency: account.currency,
    ...(campaign ? { campaign_id: campaign.id, campaign_name: campaign.name } : {}),
    date_start: date,
    date_stop: date,
    spend: microsText(t.spendMicros),
    impressions: String(t.impressions),
    clicks: String(t.clicks),
    ...(actions.length ? { actions } : {}),
    ...(actionValues.length ? { action_values: actionValues } : {}),
  };
}

/** Fields of `/act_{id}/campaigns` when the call names none (the sandbox's historical answer). */
const DEFAULT_CAMPAIGN_FIELDS = ["id", "name", "effective_status"];

/**
 * Currencies Meta writes budgets of in whole units (offset 1); every other currency in hundredths
 * (offset 100). https://developers.facebook.com/docs/marketing-api/currencies
 */
const OFFSET_ONE_CURRENCIES = new Set([
  "CLP",
  "COP",
  "CRC",
  "HUF",
  "ISK",
  "IDR",
  "JPY",
  "KRW",
  "PYG",
  "TWD",
  "VND",
]);

/** Micros -> Meta's budget text: the amount in the currency's offset units (cents for GBP), an integer string. */
function offsetUnits(micros: number, currency: string): string {
  const perUnit = OFFSET_ONE_CURRENCIES.has(currency) ? 1_000_000 : 10_000;
  return String(Math.round(micros / perUnit));
}

/** A Graph list parameter (`["ACTIVE","PAUSED"]`): undefined when absent, "invalid" when not a JSON string array. */
function stringList(text: string | null): string[] | undefined | "invalid" {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : "invalid";
  } catch {
    return "invalid";
  }
}

/** Cursor paging over a list: `limit` and `after` (base64 offset), `paging.next` absolute like Graph's. */
function page<T>(req: SandboxRequest, items: T[], defaultLimit: number, maxLimit = 5000) {
  const limit = Math.min(Number(req.url.searchParams.get("limit") ?? defaultLimit) || defaultLimit, maxLimit);
  const after = req.url.searchParams.get("after");
  const start = after ? Number(Buffer.from(after, "base64").toString("utf8")) || 0 : 0;
  const data = items.slice(start, start + limit);
  const cursor = (n: number) => Buffer.from(String(n)).toString("base64");
  const paging: Record<string, unknown> = {
    cursors: { before: cursor(start), after: cursor(start + data.length) },
  };
  if (start + limit < items.length) {
    const next = new URL(req.url.toString());
    next.searchParams.delete("access_token");
    next.searchParams.set("after", cursor(start + limit));
    paging.next = next.toString();
  }
  return { data, paging };
}

/**
 * Meta sandbox: Facebook Login dialog, `GET /oauth/access_token` (code exchange and
 * `fb_exchange_token` for a ~60-day token; no refresh tokens), `/me`, `GET` and `DELETE /me/permissions`,
 * `/me/adaccounts`, `/act_{id}`, `/act_{id}/campaigns` (`fields`, `effective_status` filter,
 * `daily_budget` in the currency's offset units, see `demo-budgets.ts`), `/act_{id}/insights` (`time_increment=1`,
 * `level=account|campaign`, `filtering` on `campaign.id`), errors as Graph `{"error": {...}}`.
 */
export const metaPlatform: PlatformFactory = (ctx) => {
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "Facebook",
      approvePath: "/www/{version}/dialog/approve",
      pkce: false,
      refreshTokens: "none",
      accessTokenTtlSeconds: 3600,
      scopeSeparator: ",",
      returnScope: false,
      denyParams: {
        error: "access_denied",
        error_code: "200",
        error_description: "Permissions error",
        error_reason: "user_denied",
      },
    },
    () => ctx.now().getTime(),
  );
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));
  const adSets = new Map(ctx.accounts.map((a) => [a.id, demoAdSets(ctx.source, a)]));
  const invalidToken = (res: ServerResponse) =>
    graphError(res, 400, {
      message: "Error validating access token: The session has been invalidated.",
      type: "OAuthException",
      code: 190,
      error_subcode: 460,
    });
  /** A campaign's daily budget now (micros): the last one written, else its demo budget. */
  const campaignBudget = (account: DemoAccount, campaignId: string): number | undefined =>
    ctx.writes.dailyBudget(
      account,
      campaignId,
      ctx.now().getTime(),
      budgetOf(budgets.get(account.id) ?? [], campaignId)?.amountMicros,
    );
  /** The campaign of the path and its account, for a valid token (else Graph's answer, and undefined). */
  const withCampaign = (req: SandboxRequest, res: ServerResponse, verb: "get" | "post") => {
    if (!oauth.validate(req.bearer)) {
      invalidToken(res);
      return undefined;
    }
    const account = ctx.accounts.find((a) => a.campaigns.some((c) => c.id === req.params.campaignId));
    const campaign = account?.campaigns.find((c) => c.id === req.params.campaignId);
    if (!account || !campaign) {
      graphError(res, 400, {
        message: `Unsupported ${verb} request. Object with ID '${req.params.campaignId}' does not exist`,
        type: "GraphMethodException",
        code: 100,
        error_subcode: 33,
      });
      return undefined;
    }
    return { account, campaign };
  };
  const withAccount = (req: SandboxRequest, res: ServerResponse): DemoAccount | undefined => {
    if (!oauth.validate(req.bearer)) {
      invalidToken(res);
      return undefined;
    }
    const account = ctx.accounts.find((a) => a.id === req.params.accountId);
    if (!account) {
      graphError(res, 400, {
        message: `Unsupported get request. Object with ID 'act_${req.params.accountId}' does not exist`,
        type: "GraphMethodException",
        code: 100,
        error_subcode: 33,
      });
    }
    return account;
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      ...oauth.consentRoutes("/www/{version}/dialog/oauth", base),
      {
        method: "GET",
        pattern: "/graph/{version}/oauth/access_token",
        kind: "token",
        handle: (req, res) => {
          const q = req.url.searchParams;
          try {
            oauth.checkClient(req, q);
            const issued =
              q.get("grant_type") === "fb_exchange_token"
                ? oauth.exchangeAccessToken(q.get("fb_exchange_token") ?? "", LONG_LIVED_SECONDS)
                : oauth.exchangeCode(q.get("code") ?? "", q.get("redirect_uri") ?? "", undefined);
            sendJson(res, 200, {
              access_token: issued.access_token,
              token_type: "bearer",
              expires_in: issued.expires_in,
            });
          } catch (error) {
            if (!(error instanceof OAuthProblem)) throw error;
            const code = error.error === "invalid_client" ? 101 : 100;
            graphError(res, 400, {
              message:
                error.error === "invalid_client"
                  ? "Error validating client secret."
                  : "Invalid verification code format.",
              type: "OAuthException",
              code,
              error_subcode: error.error === "invalid_grant" ? 36007 : undefined,
            });
          }
        },
      },
      {
        method: "GET",
        pattern: "/graph/{version}/me",
        handle: (req, res) => {
          const grant = oauth.validate(req.bearer);
          if (!grant) return invalidToken(res);
          sendJson(res, 200, { id: grant.user.id, name: grant.user.name, email: grant.user.email });
        },
      },
      {
        // The permissions the person granted in the dialog (unticked ones are not granted):
        // https://developers.facebook.com/docs/graph-api/reference/user/permissions/
        method: "GET",
        pattern: "/graph/{version}/me/permissions",
        handle: (req, res) => {
          const grant = oauth.validate(req.bearer);
          if (!grant) return invalidToken(res);
          sendJson(res, 200, { data: grant.scope.map((permission) => ({ permission, status: "granted" })) });
        },
      },
      {
        method: "DELETE",
        pattern: "/graph/{version}/me/permissions",
        kind: "token",
        handle: (req, res) => {
          if (!oauth.validate(req.bearer)) return invalidToken(res);
          oauth.revoke(req.bearer as string);
          sendJson(res, 200, { success: true });
        },
      },
      {
        method: "GET",
        pattern: "/graph/{version}/me/adaccounts",
        handle: (req, res) => {
          if (!oauth.validate(req.bearer)) return invalidToken(res);
          const all = ctx.accounts.map((a) => ({
            id: `act_${a.id}`,
            account_id: a.id,
            name: a.name,
            currency: a.currency,
            timezone_name: a.timeZone,
            account_status: 1,
          }));
          sendJson(res, 200, page(req, all, 25));
        },
      },
      {
        method: "GET",
        pattern: "/graph/{version}/act_{accountId}",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          sendJson(res, 200, {
            id: `act_${account.id}`,
            account_id: account.id,
            name: account.name,
            currency: account.currency,
            timezone_name: account.timeZone,
          });
        },
      },
      {
        method: "GET",
        pattern: "/graph/{version}/act_{accountId}/campaigns",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const q = req.url.searchParams;
          const statuses = stringList(q.get("effective_status"));
          if (statuses === "invalid") {
            graphError(res, 400, {
              message: "(#100) param effective_status must be an array of strings",
              type: "OAuthException",
              code: 100,
            });
            return;
          }
          const asked =
            q
              .get("fields")
              ?.split(",")
              .map((f) => f.trim()) ?? DEFAULT_CAMPAIGN_FIELDS;
          const data: Array<Record<string, string>> = [];
          const at = ctx.now().getTime();
          for (const c of account.campaigns) {
            const status = ctx.writes.status(account, c, at) === "ENABLED" ? "ACTIVE" : "PAUSED";
            const budget = campaignBudget(account, c.id);
            const all: Record<string, string> = {
              id: c.id,
              name: c.name,
              status,
              effective_status: status,
              ...(budget !== undefined ? { daily_budget: offsetUnits(budget, account.currency) } : {}),
            };
            if (statuses && !statuses.includes(all.effective_status as string)) continue;
            // Like Graph: only the fields asked for, and always the id.
            data.push(
              Object.fromEntries(Object.entries(all).filter(([k]) => k === "id" || asked.includes(k))),
            );
          }
          sendJson(res, 200, page(req, data, 25));
        },
      },
      {
        // Ad sets: `effective_status` is CAMPAIGN_PAUSED under a paused campaign; `daily_budget` only
        // where the campaign holds none. https://developers.facebook.com/docs/marketing-api/reference/ad-account/adsets/
        method: "GET",
        pattern: "/graph/{version}/act_{accountId}/adsets",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const q = req.url.searchParams;
          const statuses = stringList(q.get("effective_status"));
          let filtering: Array<{ field: string; operator: string; value: unknown }> | undefined;
          try {
            filtering = JSON.parse(q.get("filtering") ?? "[]");
          } catch {
            filtering = undefined;
          }
          if (statuses === "invalid" || !Array.isArray(filtering)) {
            graphError(res, 400, { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 });
            return;
          }
          const idFilter = filtering.find((f) => f.field === "campaign.id" && f.operator === "IN");
          const campaignIds = Array.isArray(idFilter?.value) ? idFilter.value.map(String) : undefined;
          const asked = q
            .get("fields")
            ?.split(",")
            .map((f) => f.trim()) ?? ["id"];
          const at = ctx.now().getTime();
          const data: Array<Record<string, string>> = [];
          for (const set of adSets.get(account.id) ?? []) {
            const campaign = account.campaigns.find((c) => c.id === set.campaignId);
            if (!campaign || (campaignIds && !campaignIds.includes(campaign.id))) continue;
            const status = set.paused ? "PAUSED" : "ACTIVE";
            const effective =
              ctx.writes.status(account, campaign, at) !== "ENABLED" ? "CAMPAIGN_PAUSED" : status;
            const all: Record<string, string> = {
              id: set.id,
              name: set.name,
              campaign_id: set.campaignId,
              status,
              effective_status: effective,
              ...(set.dailyBudgetMicros !== undefined
                ? { daily_budget: offsetUnits(set.dailyBudgetMicros, account.currency) }
                : {}),
            };
            if (statuses && !statuses.includes(effective)) continue;
            data.push(
              Object.fromEntries(Object.entries(all).filter(([k]) => k === "id" || asked.includes(k))),
            );
          }
          sendJson(res, 200, page(req, data, 25));
        },
      },
      {
        method: "GET",
        pattern: "/graph/{version}/act_{accountId}/insights",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const q = req.url.searchParams;
          let range: { since?: string; until?: string };
          let filtering: Array<{ field: string; operator: string; value: unknown }>;
          try {
            range = JSON.parse(q.get("time_range") ?? "{}");
            filtering = JSON.parse(q.get("filtering") ?? "[]");
          } catch {
            graphError(res, 400, { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 });
            return;
          }
          if (!range.since || !range.until || q.get("time_increment") !== "1") {
            graphError(res, 400, {
              message: "(#100) The sandbox serves time_range with time_increment=1",
              type: "OAuthException",
              code: 100,
            });
            return;
          }
          const idFilter = filtering.find((f) => f.field === "campaign.id" && f.operator === "IN");
          const campaignIds = Array.isArray(idFilter?.value) ? idFilter.value.map(String) : undefined;
          const days = campaignDays(
            ctx.source,
            account,
            range.since,
            range.until,
            ctx.now(),
            { campaignIds },
            ctx.writes,
          );
          const level = q.get("level") ?? "account";
          const rows: unknown[] = [];
          if (level === "campaign") {
            for (const d of days) {
              if (d.spendMicros || d.impressions)
                rows.push(insightsRow(account, d.date, figuresOf(d), d.campaign));
            }
          } else {
            for (const { first, figures: t } of groupDays(days, (d) => d.date))
              if (t.spendMicros || t.impressions) rows.push(insightsRow(account, first.date, t));
          }
          // Like Graph, insights pages hold fewer rows than asked for: at most 100.
          sendJson(res, 200, page(req, rows, 25, 100));
        },
      },
      {
        // One campaign: `GET /{campaign-id}?fields=...` (listed after every other GET route, which win).
        method: "GET",
        pattern: "/graph/{version}/{campaignId}",
        handle: (req, res) => {
          const found = withCampaign(req, res, "get");
          if (!found) return;
          const { account, campaign } = found;
          const status =
            ctx.writes.status(account, campaign, ctx.now().getTime()) === "ENABLED" ? "ACTIVE" : "PAUSED";
          const budget = campaignBudget(account, campaign.id);
          sendJson(res, 200, {
            id: campaign.id,
            name: campaign.name,
            status,
            effective_status: status,
            ...(budget !== undefined ? { daily_budget: offsetUnits(budget, account.currency) } : {}),
          });
        },
      },
      {
        // Campaign update: `POST /{campaign-id}` with `status` (ACTIVE | PAUSED) and/or
        // `daily_budget` (offset units), answered `{"success": true}`.
        // https://developers.facebook.com/docs/marketing-api/reference/ad-campaign-group#Updating
        method: "POST",
        pattern: "/graph/{version}/{campaignId}",
        handle: (req, res) => {
          const found = withCampaign(req, res, "post");
          if (!found) return;
          const { account, campaign } = found;
          if (ctx.writes.refuses(PREFIX)) {
            graphError(res, 403, {
              message: "(#200) Requires ads_management permission to manage the object",
              type: "OAuthException",
              code: 200,
            });
            return;
          }
          const fields = req.form.size > 0 ? req.form : req.url.searchParams;
          const status = fields.get("status");
          const budgetText = fields.get("daily_budget");
          if (
            (status !== null && status !== "ACTIVE" && status !== "PAUSED") ||
            (budgetText !== null && !/^\d+$/.test(budgetText))
          ) {
            graphError(res, 400, { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 });
            return;
          }
          if (budgetText !== null && campaignBudget(account, campaign.id) === undefined) {
            graphError(res, 400, {
              message: "(#100) Budget is set on the ad sets of this campaign",
              type: "OAuthException",
              code: 100,
              error_subcode: 1885621,
            });
            return;
          }
          const perUnit = OFFSET_ONE_CURRENCIES.has(account.currency) ? 1_000_000 : 10_000;
          ctx.writes.record(account, campaign.id, {
            at: ctx.now().getTime(),
            ...(status !== null
              ? { status: status === "ACTIVE" ? ("ENABLED" as const) : ("PAUSED" as const) }
              : {}),
            ...(budgetText !== null ? { dailyBudgetMicros: Number(budgetText) * perUnit } : {}),
          });
          sendJson(res, 200, { success: true });
        },
      },
    ],
    authFailure: invalidToken,
    serverError: (res) =>
      graphError(res, 500, {
        message: "An unexpected error has occurred. Please retry your request later.",
        type: "OAuthException",
        code: 2,
        is_transient: true,
      }),
    rateLimited: (res, seconds) =>
      graphError(
        res,
        429,
        {
          message: "(#80004) There have been too many calls to this ad-account.",
          type: "OAuthException",
          code: 80004,
        },
        { "retry-after": String(seconds) },
      ),
  };
};
