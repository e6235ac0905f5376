import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { epochDay, isDate, plusDays } from "../data/calendar.ts";
import type { DemoAccount, DemoCampaign } from "../data/demo-accounts.ts";
import { campaignDays, groupDays } from "../data/replay.ts";
import type { DayFigures } from "../data/source-rows.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import { type IssuedTokens, OAuthProblem, OAuthServer, sendOAuthProblem } from "../oauth-server.ts";
import { budgetOf, demoBudgets } from "./demo-budgets.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "pinterestads";
/** Access tokens last 30 days; continuous refresh tokens 60 days from their issue. */
const ACCESS_TTL_SECONDS = 2_592_000;
const REFRESH_TTL_SECONDS = 5_184_000;
/** Synchronous analytics: up to 90 days back (UTC), 90 days per call. */
const SYNC_LOOKBACK_DAYS = 90;
const SYNC_MAX_DAYS = 90;
/** Asynchronous reports: up to 914 days back, 186 days per report. */
const REPORT_LOOKBACK_DAYS = 914;
const REPORT_MAX_DAYS = 186;

/** Metric columns the sandbox fills, from the replayed figures. */
const COLUMN_VALUES: Record<string, (t: DayFigures) => number> = {
  SPEND_IN_MICRO_DOLLAR: (t) => t.spendMicros,
  TOTAL_IMPRESSION: (t) => t.impressions,
  PAID_IMPRESSION: (t) => t.impressions,
  TOTAL_CLICKTHROUGH: (t) => t.clicks,
  TOTAL_CHECKOUT: (t) => t.orders,
  TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR: (t) => t.revenueMicros,
  TOTAL_LEAD: (t) => t.leads,
};

/** Campaign entity statuses `entity_statuses` may name. */
const ENTITY_STATUSES = new Set(["ACTIVE", "PAUSED", "ARCHIVED", "DRAFT", "DELETED_DRAFT"]);
/** The statuses a campaign listing answers without `entity_statuses` (the OpenAPI's default). */
const DEFAULT_ENTITY_STATUSES = ["ACTIVE", "PAUSED"];
/** Campaigns per update call (the OpenAPI's `maxItems`). */
const MAX_UPDATE_ITEMS = 30;

/** Pinterest's error body (`{"code", "message"}`). */
function pinError(res: ServerResponse, status: number, code: number, message: string, headers = {}) {
  sendJson(res, status, { code, message }, headers);
}

interface ReportJob {
  accountId: string;
  pollsLeft: number;
  file: Record<string, Array<Record<string, unknown>>>;
}

/**
 * Pinterest sandbox: `www.pinterest.com/oauth/` consent, `POST /v5/oauth/token` (HTTP Basic client
 * authentication; continuous refresh tokens that rotate on every refresh), `/v5/user_account`,
 * `/v5/ad_accounts` (bookmark paging), `/v5/ad_accounts/{id}`, `/campaigns` (`entity_statuses`
 * filter; `daily_spend_cap` in micros from `demo-budgets.ts`, no `lifetime_spend_cap`), the synchronous
 * `/analytics` and `/campaigns/analytics` (`granularity=DAY`, bare JSON arrays, columns without a
 * value left out; at most 90 days, no further back than 90 days in UTC), the campaign update
 * `PATCH /campaigns` (status and `daily_spend_cap`, recorded in the shared campaign writes that the
 * replay obeys; refused with code 3 while `writes.refuse("pinterestads")`) and asynchronous
 * `/reports` (create with a JSON body, poll with the token: one `IN_PROGRESS`, then `FINISHED`
 * with a download URL of a JSON file grouped by entity id; at most 186 days, 914 days back).
 * Errors as `{"code", "message"}`.
 */
export const pinterestAdsPlatform: PlatformFactory = (ctx) => {
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "Pinterest",
      approvePath: "/www/oauth/approve",
      pkce: false,
      refreshTokens: "rotating",
      accessTokenTtlSeconds: ACCESS_TTL_SECONDS,
      scopeSeparator: ",",
      returnScope: false,
      denyParams: { error: "access_denied" },
    },
    () => ctx.now().getTime(),
  );
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  const jobs = new Map<string, ReportJob>();
  const todayUtc = () => ctx.now().toISOString().slice(0, 10);
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));

  const unauthorized = (res: ServerResponse) => pinError(res, 401, 2, "Authentication failed.");

  /** A campaign as the listing answers it now: status and `daily_spend_cap` as the writes so far leave them. */
  const campaignJson = (account: DemoAccount, c: DemoCampaign) => {
    const at = ctx.now().getTime();
    const budget = budgetOf(budgets.get(account.id) ?? [], c.id);
    return {
      id: c.id,
      ad_account_id: account.id,
      name: c.name,
      status: ctx.writes.status(account, c, at) === "PAUSED" ? "PAUSED" : "ACTIVE",
      daily_spend_cap: budget
        ? (ctx.writes.dailyBudget(account, c.id, at, budget.amountMicros) ?? null)
        : null,
      lifetime_spend_cap: null,
      type: "campaign",
      objective_type: "CONSIDERATION",
    };
  };

  const withAccount = (req: SandboxRequest, res: ServerResponse): DemoAccount | undefined => {
    if (!oauth.validate(req.bearer)) {
      unauthorized(res);
      return undefined;
    }
    const account = ctx.accounts.find((a) => a.id === req.params.adAccountId);
    if (!account) pinError(res, 403, 29, "You are not permitted to access that resource.");
    return account;
  };

  /** Bookmark paging: `page_size` (1-250), `bookmark` -> next `bookmark` or null. */
  const paged = <T>(req: SandboxRequest, items: T[]) => {
    const size = Math.min(Math.max(Number(req.url.searchParams.get("page_size") ?? 25) || 25, 1), 250);
    const start = Number(
      Buffer.from(req.url.searchParams.get("bookmark") ?? "", "base64url").toString() || 0,
    );
    const next = start + size < items.length ? Buffer.from(String(start + size)).toString("base64url") : null;
    return { items: items.slice(start, start + size), bookmark: next };
  };

  /** Per (date, entity) totals for the window, entity = the account or each campaign. */
  const totals = (account: DemoAccount, from: string, to: string, campaignIds: string[] | undefined) => {
    const days = campaignDays(
      ctx.source,
      account,
      from,
      to,
      ctx.now(),
      campaignIds ? { campaignIds } : {},
      ctx.writes,
    );
    return groupDays(days, (d) => (campaignIds ? `${d.date}|${d.campaign.id}` : d.date))
      .map(({ first, figures }) => ({
        date: first.date,
        ...(campaignIds ? { campaignId: first.campaign.id } : {}),
        t: figures,
      }))
      .filter((g) => g.t.impressions || g.t.spendMicros);
  };

  /** One metrics row: ids, `DATE`, and the asked columns that have a value (zeros are left out). */
  const metricsRow = (
    account: DemoAccount,
    g: { date: string; campaignId?: string; t: DayFigures },
    columns: string[],
  ) => {
    const row: Record<string, unknown> = { AD_ACCOUNT_ID: account.id, DATE: g.date };
    if (g.campaignId) row.CAMPAIGN_ID = g.campaignId;
    for (const c of columns) {
      const v = COLUMN_VALUES[c]?.(g.t);
      if (v) row[c] = v;
    }
    return row;
  };

  /** Checks a date window against a lookback and a span; answers 400 and returns false when outside. */
  const windowOk = (res: ServerResponse, from: string, to: string, lookback: number, maxDays: number) => {
    const first = plusDays(todayUtc(), -lookback);
    if (!isDate(from) || !isDate(to) || from > to) {
      pinError(
        res,
        400,
        400,
        "Invalid ad account analytics parameters: start_date and end_date must be YYYY-MM-DD.",
      );
      return false;
    }
    if (from < first) {
      pinError(
        res,
        400,
        400,
        `Invalid ad account analytics parameters: start_date cannot be more than ${lookback} days back.`,
      );
      return false;
    }
    if (epochDay(to) - epochDay(from) + 1 > maxDays) {
      pinError(
        res,
        400,
        400,
        `Invalid ad account analytics parameters: the date range cannot exceed ${maxDays} days.`,
      );
      return false;
    }
    return true;
  };

  const columnsOk = (res: ServerResponse, columns: string[]) => {
    const unknown = columns.find((c) => !(c in COLUMN_VALUES));
    if (!columns.length || unknown) {
      pinError(
        res,
        400,
        400,
        `Invalid ad account analytics parameters: column ${unknown ?? "(none)"} is not served.`,
      );
      return false;
    }
    return true;
  };

  const tokenAnswer = (issued: IssuedTokens, responseType: string) => ({
    access_token: issued.access_token,
    token_type: "bearer",
    expires_in: issued.expires_in,
    scope: issued.scope,
    refresh_token: issued.refresh_token,
    refresh_token_expires_in: REFRESH_TTL_SECONDS,
    refresh_token_expires_at: Math.floor(ctx.now().getTime() / 1000) + REFRESH_TTL_SECONDS,
    response_type: responseType,
  });

  const analytics = (req: SandboxRequest, res: ServerResponse, byCampaign: boolean) => {
    const account = withAccount(req, res);
    if (!account) return;
    const q = req.url.searchParams;
    const columns = (q.get("columns") ?? "").split(",").filter(Boolean);
    const from = q.get("start_date") ?? "";
    const to = q.get("end_date") ?? "";
    if (q.get("granularity") !== "DAY") {
      return pinError(
        res,
        400,
        400,
        "Invalid ad account analytics parameters: the sandbox serves granularity=DAY.",
      );
    }
    if (!columnsOk(res, columns) || !windowOk(res, from, to, SYNC_LOOKBACK_DAYS, SYNC_MAX_DAYS)) return;
    let campaignIds: string[] | undefined;
    if (byCampaign) {
      campaignIds = (q.get("campaign_ids") ?? "").split(",").filter(Boolean);
      if (!campaignIds.length || campaignIds.length > 250) {
        return pinError(
          res,
          400,
          400,
          "Invalid campaign analytics parameters: campaign_ids takes 1 to 250 ids.",
        );
      }
    }
    sendJson(
      res,
      200,
      totals(account, from, to, campaignIds).map((g) => metricsRow(account, g, columns)),
    );
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      ...oauth.consentRoutes("/www/oauth/", base),
      {
        method: "POST",
        pattern: "/api/v5/oauth/token",
        kind: "token",
        handle: (req, res) => {
          if (!req.headers.authorization?.startsWith("Basic ")) {
            return pinError(res, 401, 2, "Authentication failed.");
          }
          try {
            const f = req.form;
            oauth.checkClient(req, f);
            if (f.get("grant_type") === "authorization_code") {
              const issued = oauth.exchangeCode(f.get("code") ?? "", f.get("redirect_uri") ?? "", undefined);
              return sendJson(res, 200, tokenAnswer(issued, "authorization_code"));
            }
            if (f.get("grant_type") === "refresh_token") {
              return sendJson(
                res,
                200,
                tokenAnswer(oauth.refresh(f.get("refresh_token") ?? ""), "refresh_token"),
              );
            }
            throw new OAuthProblem("unsupported_grant_type");
          } catch (error) {
            if (!(error instanceof OAuthProblem)) throw error;
            if (error.error === "invalid_client") return pinError(res, 401, 2, "Authentication failed.");
            sendOAuthProblem(res, error);
          }
        },
      },
      {
        method: "GET",
        pattern: "/api/v5/user_account",
        handle: (req, res) => {
          const grant = oauth.validate(req.bearer);
          if (!grant) return unauthorized(res);
          sendJson(res, 200, {
            account_type: "BUSINESS",
            id: String(2_783_136_121_146_311_751n + BigInt(Number.parseInt(grant.user.id.slice(0, 8), 16))),
            username: grant.user.email.split("@")[0],
            business_name: grant.user.name,
            profile_image: "",
            website_url: "",
          });
        },
      },
      {
        method: "GET",
        pattern: "/api/v5/ad_accounts",
        handle: (req, res) => {
          if (!oauth.validate(req.bearer)) return unauthorized(res);
          const items = ctx.accounts.map((a) => ({
            id: a.id,
            name: a.name,
            currency: a.currency,
            country: a.currency === "GBP" ? "GB" : "US",
            owner: { username: "pacer-demo", id: "383791336903426391" },
            permissions: ["ADMIN"],
            created_time: 1_451_606_400,
            updated_time: 1_451_606_400,
          }));
          sendJson(res, 200, paged(req, items));
        },
      },
      {
        method: "GET",
        pattern: "/api/v5/ad_accounts/{adAccountId}",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          sendJson(res, 200, {
            id: account.id,
            name: account.name,
            currency: account.currency,
            permissions: ["ADMIN"],
          });
        },
      },
      {
        method: "GET",
        pattern: "/api/v5/ad_accounts/{adAccountId}/campaigns",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          // An array parameter: repeated (`entity_statuses=ACTIVE&entity_statuses=PAUSED`) or comma separated.
          const statuses = req.url.searchParams.getAll("entity_statuses").flatMap((v) => v.split(","));
          const unknown = statuses.find((v) => !ENTITY_STATUSES.has(v));
          if (unknown !== undefined) {
            return pinError(res, 400, 1, `Invalid parameters: entity_statuses ${unknown} is not valid.`);
          }
          const ids = req.url.searchParams.getAll("campaign_ids").flatMap((v) => v.split(","));
          if (ids.length > 250 || ids.some((id) => !/^\d{1,18}$/.test(id))) {
            return pinError(res, 400, 400, "Invalid ad account campaign parameters.");
          }
          const shown = statuses.length ? statuses : DEFAULT_ENTITY_STATUSES;
          const items = account.campaigns
            .filter((c) => ids.length === 0 || ids.includes(c.id))
            .map((c) => campaignJson(account, c))
            .filter((c) => shown.includes(c.status));
          sendJson(res, 200, paged(req, items));
        },
      },
      {
        // Update campaigns: a JSON list of 1 to 30 `{id, ad_account_id, status?, daily_spend_cap?}`;
        // one answer item per campaign, refused ones with `exceptions` (HTTP 200). A grant without
        // `ads:write` is refused 401 code 3, as Pinterest does.
        method: "PATCH",
        pattern: "/api/v5/ad_accounts/{adAccountId}/campaigns",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          if (ctx.writes.refuses(PREFIX)) {
            return pinError(
              res,
              401,
              3,
              "Your token does not have sufficient permissions to perform this operation. Please ensure your token is authorized with the correct set of scopes.",
            );
          }
          const list = req.json;
          if (!Array.isArray(list) || list.length < 1 || list.length > MAX_UPDATE_ITEMS) {
            return pinError(res, 400, 1, `Invalid parameters: a list of 1 to ${MAX_UPDATE_ITEMS} campaigns.`);
          }
          const items = list.map((raw: unknown) => {
            const item = (raw ?? {}) as { id?: unknown; status?: unknown; daily_spend_cap?: unknown };
            const refuse = (code: number, message: string) => ({
              data: null,
              exceptions: [{ code, message }],
            });
            const c = account.campaigns.find((x) => x.id === String(item.id ?? ""));
            if (!c) return refuse(2201, "Campaign not found.");
            if (item.status !== undefined && item.status !== "ACTIVE" && item.status !== "PAUSED") {
              return refuse(1, "Invalid parameters: the sandbox writes status ACTIVE or PAUSED.");
            }
            const cap = item.daily_spend_cap;
            if (cap !== undefined) {
              if (typeof cap !== "number" || !Number.isSafeInteger(cap) || cap <= 0) {
                return refuse(
                  1,
                  "Invalid parameters: daily_spend_cap must be a positive integer (micro-currency).",
                );
              }
              if (!budgetOf(budgets.get(account.id) ?? [], c.id)) {
                return refuse(1, "The campaign has no campaign budget: its budgets are on its ad groups.");
              }
            }
            ctx.writes.record(account, c.id, {
              at: ctx.now().getTime(),
              ...(item.status ? { status: item.status === "ACTIVE" ? "ENABLED" : "PAUSED" } : {}),
              ...(typeof cap === "number" ? { dailyBudgetMicros: cap } : {}),
            });
            return { data: campaignJson(account, c), exceptions: [] };
          });
          sendJson(res, 200, { items });
        },
      },
      {
        method: "GET",
        pattern: "/api/v5/ad_accounts/{adAccountId}/analytics",
        handle: (req, res) => analytics(req, res, false),
      },
      {
        method: "GET",
        pattern: "/api/v5/ad_accounts/{adAccountId}/campaigns/analytics",
        handle: (req, res) => analytics(req, res, true),
      },
      {
        method: "POST",
        pattern: "/api/v5/ad_accounts/{adAccountId}/reports",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const body = (req.json ?? {}) as {
            start_date?: string;
            end_date?: string;
            granularity?: string;
            level?: string;
            columns?: unknown;
            report_format?: string;
            campaign_ids?: unknown;
          };
          const columns = Array.isArray(body.columns) ? body.columns.map(String) : [];
          const campaignLevel = body.level === "CAMPAIGN";
          if (
            body.granularity !== "DAY" ||
            (body.level !== "ADVERTISER" && !campaignLevel) ||
            body.report_format !== "JSON"
          ) {
            return pinError(
              res,
              400,
              400,
              "Invalid ad account ads analytics parameters: the sandbox serves DAY, ADVERTISER or CAMPAIGN, JSON.",
            );
          }
          const from = body.start_date ?? "";
          const to = body.end_date ?? "";
          if (!columnsOk(res, columns) || !windowOk(res, from, to, REPORT_LOOKBACK_DAYS, REPORT_MAX_DAYS))
            return;
          const ids = Array.isArray(body.campaign_ids) ? body.campaign_ids.map(String) : undefined;
          const selected = campaignLevel ? (ids ?? account.campaigns.map((c) => c.id)) : undefined;
          const file: ReportJob["file"] = {};
          for (const g of totals(account, from, to, selected)) {
            const key = g.campaignId ?? account.id;
            const rows = file[key] ?? [];
            rows.push(metricsRow(account, g, columns));
            file[key] = rows;
          }
          const token = randomBytes(12).toString("base64url");
          jobs.set(token, { accountId: account.id, pollsLeft: 1, file });
          sendJson(res, 200, { report_status: "IN_PROGRESS", token, message: null });
        },
      },
      {
        method: "GET",
        pattern: "/api/v5/ad_accounts/{adAccountId}/reports",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const token = req.url.searchParams.get("token") ?? "";
          const job = jobs.get(token);
          if (!job || job.accountId !== account.id) {
            return sendJson(res, 200, { report_status: "DOES_NOT_EXIST", url: null, size: null });
          }
          if (job.pollsLeft > 0) {
            job.pollsLeft--;
            return sendJson(res, 200, { report_status: "IN_PROGRESS", url: null, size: null });
          }
          const size = Buffer.byteLength(JSON.stringify(job.file));
          sendJson(res, 200, {
            report_status: "FINISHED",
            url: `${base()}/download/reports/${token}.json`,
            size,
          });
        },
      },
      {
        method: "GET",
        pattern: "/download/reports/{file}",
        handle: (req, res) => {
          const job = jobs.get((req.params.file ?? "").replace(/\.json$/, ""));
          if (!job) {
            res.writeHead(403, { "content-type": "application/xml" });
            res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code></Error>');
            return;
          }
          sendJson(res, 200, job.file);
        },
      },
    ],
    authFailure: unauthorized,
    serverError: (res) => pinError(res, 500, 12, "Something went wrong on our end. Sorry about that."),
    rateLimited: (res, seconds) =>
      pinError(res, 429, 429, "You have exceeded your rate limit. Try again later.", {
        "retry-after": String(seconds),
      }),
  };
};
