import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { epochDay } from "../data/calendar.ts";
import type { DemoAccount } from "../data/demo-accounts.ts";
import { campaignDays, groupDays } from "../data/replay.ts";
import { type DayFigures, microsText } from "../data/source-rows.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import { OAuthProblem, OAuthServer, sandboxClient } from "../oauth-server.ts";
import { budgetOf, demoBudgets } from "./demo-budgets.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "tiktokads";
/** Longest `stat_time_day` span of one synchronous report, in days. */
const MAX_REPORT_DAYS = 30;
/** Advertiser access tokens are long-term (until the advertiser revokes): ten years here. */
const LONG_TERM_SECONDS = 315_360_000;
/** Permission scope ids granted to the sandbox app (TikTok answers numeric ids). */
const GRANTED_SCOPES = [4, 5, 6];

/** The envelope every TikTok answer uses, errors included (HTTP 200 with a non-zero `code`). */
function envelope(res: ServerResponse, code: number, message: string, data: unknown = {}, headers = {}) {
  const requestId = `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}${randomBytes(6).toString("hex").toUpperCase()}`;
  sendJson(res, 200, { code, message, request_id: requestId, data }, headers);
}

/** The fixed-offset `Etc/GMT±h` name of a zone's standard time (TikTok's `timezone` field). */
function fixedOffsetZone(timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(new Date(Date.UTC(2026, 0, 15)))
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /GMT([+-])(\d{2})/.exec(parts ?? "");
  if (!m) return "Etc/GMT";
  const hours = Number(m[2]);
  return hours === 0 ? "Etc/GMT" : `Etc/GMT${m[1] === "+" ? "-" : "+"}${hours}`;
}

/** A JSON-array query parameter (`["a","b"]`), or undefined when absent or malformed. */
function jsonList(value: string | null): string[] | undefined {
  if (value === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * TikTok sandbox: the advertiser authorization page (`/portal/auth?app_id&state&redirect_uri`,
 * redirect with `auth_code` and `code`), `POST /open_api/{version}/oauth2/access_token/` (JSON
 * `app_id`, `secret`, `auth_code`; long-term token, no refresh token), `oauth2/revoke_token/`,
 * `user/info/`, `oauth2/advertiser/get/`, `advertiser/info/`, `campaign/get/` (with `budget_mode`
 * `BUDGET_MODE_DAY` and `budget` in currency units from `demo-budgets.ts`) and the synchronous
 * `report/integrated/get/` (`AUCTION_ADVERTISER` / `AUCTION_CAMPAIGN`, `stat_time_day`, at most 30
 * days, `campaign_ids` filtering, paged). Auth by the `Access-Token` header. Every error is an HTTP
 * 200 envelope with a non-zero `code` (40105 bad token, 40100 throttled, 5xxxx service error).
 */
export const tikTokAdsPlatform: PlatformFactory = (ctx) => {
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "TikTok For Business",
      approvePath: "/portal/approve",
      pkce: false,
      refreshTokens: "none",
      accessTokenTtlSeconds: LONG_TERM_SECONDS,
      scopeSeparator: ",",
      returnScope: false,
      denyParams: { error: "access_denied", error_description: "The advertiser did not authorize the app." },
    },
    () => ctx.now().getTime(),
  );
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  const client = sandboxClient(PREFIX);
  /** Redirect URI of each issued code (TikTok's token call does not repeat it). */
  const codeRedirects = new Map<string, string>();
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));

  const badToken = (res: ServerResponse) =>
    envelope(res, 40105, "Access token is incorrect or has been revoked.");

  const authorized = (req: SandboxRequest, res: ServerResponse) => {
    const token = req.headers["access-token"];
    if (typeof token !== "string" || !token) {
      envelope(res, 40104, "Access token is null, you should set it in http header with key Access-Token.");
      return undefined;
    }
    const grant = oauth.validate(token);
    if (!grant) badToken(res);
    return grant;
  };

  const advertiser = (res: ServerResponse, id: string | null): DemoAccount | undefined => {
    const account = ctx.accounts.find((a) => a.id === id);
    if (!account) envelope(res, 40001, `No permission to operate advertiser ${id}.`);
    return account;
  };

  /**
   * The advertiser of a write (authorized, known, `advertiser_id` in the JSON body), or undefined
   * after answering; a refused grant answers 40001, as TikTok does for an advertiser the
   * authorization may not operate.
   */
  const writable = (req: SandboxRequest, res: ServerResponse): { account: DemoAccount } | undefined => {
    if (!authorized(req, res)) return undefined;
    const id = String((req.json as { advertiser_id?: unknown } | undefined)?.advertiser_id ?? "");
    const account = advertiser(res, id);
    if (!account) return undefined;
    if (ctx.writes.refuses(PREFIX)) {
      envelope(res, 40001, `No permission to operate advertiser ${id}.`);
      return undefined;
    }
    return { account };
  };

  const pageOf = <T>(req: SandboxRequest, res: ServerResponse, items: T[]) => {
    const page = Number(req.url.searchParams.get("page") ?? 1);
    const size = Number(req.url.searchParams.get("page_size") ?? 10);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 1000) {
      envelope(res, 40002, "page and page_size must be integers, page_size at most 1000.");
      return undefined;
    }
    return {
      list: items.slice((page - 1) * size, page * size),
      page_info: {
        page,
        page_size: size,
        total_number: items.length,
        total_page: Math.max(1, Math.ceil(items.length / size)),
      },
    };
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      {
        method: "GET",
        pattern: "/portal/auth",
        kind: "page",
        handle: (req, res) => {
          // The consent page reads OAuth names; TikTok's authorize URL names the client `app_id`.
          const url = new URL(req.url);
          url.searchParams.set("client_id", url.searchParams.get("app_id") ?? "");
          oauth.renderConsent({ ...req, url }, res, `${base()}/portal/approve`);
        },
      },
      {
        method: "POST",
        pattern: "/portal/approve",
        kind: "page",
        handle: (req, res) =>
          oauth.approve(req, res, (_grant, params) => {
            const code = params.get("code");
            if (!code) return;
            codeRedirects.set(code, req.form.get("redirect_uri") ?? "");
            params.set("auth_code", code);
          }),
      },
      {
        method: "POST",
        pattern: "/open_api/{version}/oauth2/access_token/",
        kind: "token",
        handle: (req, res) => {
          const body = (req.json ?? {}) as { app_id?: string; secret?: string; auth_code?: string };
          if (body.app_id !== client.clientId || body.secret !== client.clientSecret) {
            return envelope(
              res,
              40101,
              "Invalid parameter values for authentication: app_id and secret do not match.",
            );
          }
          try {
            const code = body.auth_code ?? "";
            const issued = oauth.exchangeCode(code, codeRedirects.get(code) ?? "", undefined);
            codeRedirects.delete(code);
            envelope(res, 0, "OK", {
              access_token: issued.access_token,
              advertiser_ids: ctx.accounts.map((a) => a.id),
              scope: GRANTED_SCOPES,
            });
          } catch (error) {
            if (!(error instanceof OAuthProblem)) throw error;
            envelope(res, 40110, "The auth_code is invalid, used or expired. Please re-authorize.");
          }
        },
      },
      {
        method: "POST",
        pattern: "/open_api/{version}/oauth2/revoke_token/",
        kind: "token",
        handle: (req, res) => {
          const body = (req.json ?? {}) as { app_id?: string; secret?: string; access_token?: string };
          if (body.app_id !== client.clientId || body.secret !== client.clientSecret) {
            return envelope(
              res,
              40101,
              "Invalid parameter values for authentication: app_id and secret do not match.",
            );
          }
          if (!oauth.validate(body.access_token)) return badToken(res);
          oauth.revoke(body.access_token as string);
          envelope(res, 0, "OK", {});
        },
      },
      {
        method: "GET",
        pattern: "/open_api/{version}/user/info/",
        handle: (req, res) => {
          const grant = authorized(req, res);
          if (!grant) return;
          envelope(res, 0, "OK", {
            core_user_id: String(
              7_000_000_000_000 + (Number.parseInt(grant.user.id.slice(0, 8), 16) % 1_000_000_000),
            ),
            display_name: grant.user.name,
            email: grant.user.email,
            avatar_url: null,
            create_time: 1_700_000_000,
          });
        },
      },
      {
        method: "GET",
        pattern: "/open_api/{version}/oauth2/advertiser/get/",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const q = req.url.searchParams;
          if (q.get("app_id") !== client.clientId || q.get("secret") !== client.clientSecret) {
            return envelope(
              res,
              40101,
              "Invalid parameter values for authentication: app_id and secret do not match.",
            );
          }
          envelope(res, 0, "OK", {
            list: ctx.accounts.map((a) => ({ advertiser_id: a.id, advertiser_name: a.name })),
          });
        },
      },
      {
        method: "GET",
        pattern: "/open_api/{version}/advertiser/info/",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const ids = jsonList(req.url.searchParams.get("advertiser_ids"));
          if (!ids?.length || ids.length > 100) {
            return envelope(res, 40002, "advertiser_ids must be a JSON list of 1 to 100 ids.");
          }
          const list = [];
          for (const id of ids) {
            const a = advertiser(res, id);
            if (!a) return;
            list.push({
              advertiser_id: a.id,
              name: a.name,
              currency: a.currency,
              timezone: fixedOffsetZone(a.timeZone),
              display_timezone: a.timeZone,
              status: "STATUS_ENABLE",
              role: "ROLE_ADVERTISER",
            });
          }
          envelope(res, 0, "OK", { list });
        },
      },
      {
        method: "GET",
        pattern: "/open_api/{version}/campaign/get/",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const a = advertiser(res, req.url.searchParams.get("advertiser_id"));
          if (!a) return;
          const items = a.campaigns.map((c) => {
            // A campaign budget in currency units; none (INFINITE, 0) leaves the budgets to the ad groups.
            // Both as the writes so far leave them.
            const at = ctx.now().getTime();
            const budget = budgetOf(budgets.get(a.id) ?? [], c.id);
            const amount = budget ? ctx.writes.dailyBudget(a, c.id, at, budget.amountMicros) : undefined;
            return {
              advertiser_id: a.id,
              campaign_id: c.id,
              campaign_name: c.name,
              operation_status: ctx.writes.status(a, c, at) === "PAUSED" ? "DISABLE" : "ENABLE",
              objective_type: "CONVERSIONS",
              budget_mode: amount !== undefined ? "BUDGET_MODE_DAY" : "BUDGET_MODE_INFINITE",
              budget: amount !== undefined ? amount / 1_000_000 : 0,
            };
          });
          const page = pageOf(req, res, items);
          if (page) envelope(res, 0, "OK", page);
        },
      },
      {
        method: "GET",
        pattern: "/open_api/{version}/report/integrated/get/",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const q = req.url.searchParams;
          const a = advertiser(res, q.get("advertiser_id"));
          if (!a) return;
          const level = q.get("data_level");
          const dimensions = jsonList(q.get("dimensions"));
          const metrics = jsonList(q.get("metrics"));
          const from = q.get("start_date") ?? "";
          const to = q.get("end_date") ?? "";
          const campaignLevel = level === "AUCTION_CAMPAIGN";
          if (q.get("report_type") !== "BASIC" || q.get("service_type") !== "AUCTION") {
            return envelope(res, 40002, "The sandbox serves report_type BASIC with service_type AUCTION.");
          }
          if (level !== "AUCTION_ADVERTISER" && !campaignLevel) {
            return envelope(res, 40002, "data_level must be AUCTION_ADVERTISER or AUCTION_CAMPAIGN.");
          }
          if (!dimensions?.includes("stat_time_day") || !metrics?.length) {
            return envelope(res, 40002, "dimensions must include stat_time_day; metrics are required.");
          }
          if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) {
            return envelope(res, 40002, "start_date and end_date must be YYYY-MM-DD, start first.");
          }
          if (epochDay(to) - epochDay(from) + 1 > MAX_REPORT_DAYS) {
            return envelope(
              res,
              40002,
              "The time span cannot exceed 30 days when stat_time_day is a dimension.",
            );
          }
          let campaignIds: string[] | undefined;
          if (q.has("filtering")) {
            const filtering = (() => {
              try {
                return JSON.parse(q.get("filtering") ?? "") as Array<{
                  field_name?: string;
                  filter_type?: string;
                  filter_value?: string;
                }>;
              } catch {
                return undefined;
              }
            })();
            const byIds = filtering?.find((f) => f.field_name === "campaign_ids" && f.filter_type === "IN");
            campaignIds = byIds ? jsonList(byIds.filter_value ?? null) : undefined;
            if (!campaignIds)
              return envelope(res, 40002, "filtering must be a JSON list; campaign_ids IN a JSON list.");
          }
          const days = campaignDays(
            ctx.source,
            a,
            from,
            to,
            ctx.now(),
            campaignIds ? { campaignIds } : {},
            ctx.writes,
          );
          const groups = groupDays(days, (d) => (campaignLevel ? `${d.date}|${d.campaign.id}` : d.date)).map(
            ({ first, figures }) => ({
              date: first.date,
              ...(campaignLevel ? { campaignId: first.campaign.id } : {}),
              t: figures,
            }),
          );
          const values: Record<string, (t: DayFigures) => string | number> = {
            spend: (t) => microsText(t.spendMicros, 2),
            cash_spend: (t) => microsText(t.spendMicros, 2),
            voucher_spend: () => "0.00",
            impressions: (t) => String(t.impressions),
            clicks: (t) => String(t.clicks),
            conversion: (t) => String(t.orders),
            complete_payment: (t) => String(t.orders),
            total_complete_payment_rate: (t) => microsText(t.revenueMicros, 2),
          };
          const unknown = metrics.find((m) => !(m in values));
          if (unknown) return envelope(res, 40002, `The sandbox does not serve the metric ${unknown}.`);
          const rows = groups
            .filter((g) => g.t.impressions || g.t.spendMicros)
            .map((g) => ({
              dimensions: {
                ...(campaignLevel ? { campaign_id: g.campaignId } : { advertiser_id: a.id }),
                stat_time_day: `${g.date} 00:00:00`,
              },
              metrics: Object.fromEntries(metrics.map((m) => [m, values[m]?.(g.t)])),
            }));
          const page = pageOf(req, res, rows);
          if (page) envelope(res, 0, "OK", page);
        },
      },
      {
        // Campaign status update: `{advertiser_id, campaign_ids, operation_status: ENABLE | DISABLE}`.
        method: "POST",
        pattern: "/open_api/{version}/campaign/status/update/",
        handle: (req, res) => {
          const target = writable(req, res);
          if (!target) return;
          const body = req.json as { campaign_ids?: unknown; operation_status?: unknown };
          const ids = Array.isArray(body.campaign_ids) ? body.campaign_ids.map(String) : [];
          const status = body.operation_status;
          if (!ids.length || (status !== "ENABLE" && status !== "DISABLE")) {
            return envelope(
              res,
              40002,
              "campaign_ids and operation_status (ENABLE or DISABLE) are required.",
            );
          }
          const campaigns = ids.map((id) => target.account.campaigns.find((c) => c.id === id));
          if (campaigns.some((c) => !c)) return envelope(res, 40002, "Campaign does not exist.");
          for (const c of campaigns) {
            ctx.writes.record(target.account, (c as DemoAccount["campaigns"][number]).id, {
              at: ctx.now().getTime(),
              status: status === "ENABLE" ? "ENABLED" : "PAUSED",
            });
          }
          envelope(res, 0, "OK", { campaign_ids: ids, status });
        },
      },
      {
        // Campaign update (the daily budget here): `{advertiser_id, campaign_id, budget}`, currency units.
        method: "POST",
        pattern: "/open_api/{version}/campaign/update/",
        handle: (req, res) => {
          const target = writable(req, res);
          if (!target) return;
          const body = req.json as { campaign_id?: unknown; budget?: unknown };
          const campaign = target.account.campaigns.find((c) => c.id === String(body.campaign_id ?? ""));
          if (!campaign) return envelope(res, 40002, "Campaign does not exist.");
          if (!budgetOf(budgets.get(target.account.id) ?? [], campaign.id)) {
            return envelope(res, 40002, "The campaign has no campaign budget (BUDGET_MODE_INFINITE).");
          }
          if (typeof body.budget !== "number" || !(body.budget > 0)) {
            return envelope(res, 40002, "budget must be a positive number.");
          }
          ctx.writes.record(target.account, campaign.id, {
            at: ctx.now().getTime(),
            dailyBudgetMicros: Math.round(body.budget * 1_000_000),
          });
          envelope(res, 0, "OK", { campaign_id: campaign.id, budget: body.budget });
        },
      },
    ],
    authFailure: badToken,
    serverError: (res) => envelope(res, 50002, "Internal service error. Please try again later."),
    rateLimited: (res, seconds) =>
      envelope(
        res,
        40100,
        "Requests made too frequently. Please try again later.",
        {},
        { "retry-after": String(seconds) },
      ),
  };
};
