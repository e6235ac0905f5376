import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { plusDays } from "../data/calendar.ts";
import type { DemoAccount, DemoCampaign } from "../data/demo-accounts.ts";
import { type CampaignDay, campaignDays } from "../data/replay.ts";
import { escapeHtml, redirect, type SandboxRequest, sendHtml, sendJson } from "../http-kit.ts";
import { DEMO_USER, type Grant, OAuthServer, sandboxClient, userFor } from "../oauth-server.ts";
import { budgetOf, demoAdSets, demoBudgets } from "./demo-budgets.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "twitterads";
/** X access tokens do not expire; the sandbox gives them ten years. */
const ACCESS_TOKEN_TTL_SECONDS = 10 * 365 * 86_400;
/** Longest synchronous stats range, days. */
const MAX_STATS_DAYS = 7;
/** Longest asynchronous analytics job, days (non-segmented). */
const MAX_JOB_DAYS = 90;
/** Most `job_ids` of one job status call. */
const MAX_JOB_IDS = 200;
/** Share of each figure shown on the publisher network placement (the rest is on X itself), percent. */
const PUBLISHER_NETWORK_PERCENT = 10;

/** RFC 3986 percent-encoding (OAuth 1.0a, RFC 5849 3.6). */
function enc(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function dec(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, " "));
}

/** The `oauth_*` parameters of an `Authorization: OAuth ...` header. */
export function parseOAuthHeader(header: string | undefined): Record<string, string> | undefined {
  if (!header?.startsWith("OAuth ")) return undefined;
  const out: Record<string, string> = {};
  for (const m of header.slice(6).matchAll(/([A-Za-z_]+)="([^"]*)"/g))
    out[m[1] as string] = dec(m[2] as string);
  return out;
}

/**
 * Verifies an OAuth 1.0a HMAC-SHA1 signature (RFC 5849 3.4): method, base URL and the sorted,
 * encoded query, form and `oauth_*` parameters, keyed with the consumer secret and token secret.
 * Written independently of the connector's signer, so a test passing proves both agree with the
 * RFC.
 */
export function oauth1SignatureValid(
  req: SandboxRequest,
  consumer: { key: string; secret: string },
  tokenSecret: string,
): boolean {
  const params = parseOAuthHeader(req.headers.authorization);
  if (!params?.oauth_signature || params.oauth_signature_method !== "HMAC-SHA1") return false;
  if (params.oauth_consumer_key !== consumer.key || !params.oauth_nonce || !params.oauth_timestamp)
    return false;
  const pairs: Array<[string, string]> = [];
  const rawQuery = req.url.search.slice(1);
  if (rawQuery) {
    for (const part of rawQuery.split("&")) {
      const [k = "", v = ""] = part.split("=");
      pairs.push([dec(k), dec(v)]);
    }
  }
  for (const [k, v] of req.form) pairs.push([k, v]);
  for (const [k, v] of Object.entries(params))
    if (k !== "oauth_signature" && k !== "realm") pairs.push([k, v]);
  const normalised = pairs
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const baseUrl = `${req.url.protocol}//${req.url.host}${req.url.pathname}`;
  const base = `${req.method.toUpperCase()}&${enc(baseUrl)}&${enc(normalised)}`;
  const expected = createHmac("sha1", `${enc(consumer.secret)}&${enc(tokenSecret)}`)
    .update(base)
    .digest();
  const received = Buffer.from(params.oauth_signature, "base64");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

function xErrors(res: ServerResponse, status: number, code: string | number, message: string, headers = {}) {
  sendJson(res, status, { errors: [{ code, message }], request: { params: {} } }, headers);
}

function sendForm(res: ServerResponse, fields: Record<string, string>) {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(new URLSearchParams(fields).toString());
}

/** Local date, hour, minute and second of an instant in a zone. */
function localParts(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    midnight: get("hour") + get("minute") + get("second") === "000000",
  };
}

/** A cursor page the way the X Ads API pages (`count`, opaque `cursor`, `next_cursor`). */
function cursorPage<T>(req: SandboxRequest, items: T[], dataType: string) {
  const count = Math.min(Number(req.url.searchParams.get("count") ?? 200) || 200, 1000);
  const start = Number(req.url.searchParams.get("cursor") ?? 0) || 0;
  const data = items.slice(start, start + count);
  const next = start + count < items.length ? String(start + count) : null;
  return { request: { params: {} }, data, data_type: dataType, total_count: items.length, next_cursor: next };
}

/**
 * A campaign's budget fields: its daily budget with `budget_optimization: "CAMPAIGN"`, or none and
 * `LINE_ITEM` when its line items carry the budgets (X requires a daily budget on one of the two).
 */
function campaignBudgetJson(dailyMicros: number | undefined) {
  return dailyMicros === undefined
    ? { budget_optimization: "LINE_ITEM", daily_budget_amount_local_micro: null }
    : { budget_optimization: "CAMPAIGN", daily_budget_amount_local_micro: dailyMicros };
}

/** An asynchronous analytics job: the query it was created with and how often it was checked. */
interface StatsJob {
  id: string;
  accountId: string;
  query: string;
  checks: number;
  created: string;
}

/** A stats answer (the synchronous call's, and a job file's). */
interface StatsBody {
  data_type: string;
  time_series_length: number;
  data: unknown[];
  request: { params: Record<string, unknown> };
}

interface Totals {
  spendMicros: number;
  impressions: number;
  clicks: number;
  orders: number;
  revenueMicros: number;
}

/**
 * X (Twitter) Ads sandbox: OAuth 1.0a (request token, consent page, access token with
 * `oauth_verifier`, `1.1/oauth/invalidate_token`), every call's HMAC-SHA1 signature verified;
 * Ads API `accounts`, `accounts/{id}`, `funding_instruments`, `campaigns` (cursor paging;
 * `daily_budget_amount_local_micro` from `demo-budgets.ts`, no total budget; a campaign without
 * one has `budget_optimization: "LINE_ITEM"`), `line_items` (`campaign_ids`, cursor paging; the
 * daily budgets of such a campaign's line items, `demoAdSets`) and the
 * synchronous `stats/accounts/{id}` (DAY granularity, at most 7 days and 20 entities, times at the
 * account's midnight, placements `ALL_ON_TWITTER` and `PUBLISHER_NETWORK` sharing each figure
 * 90/10), asynchronous analytics jobs (`POST stats/jobs/accounts/{id}` with the same parameters
 * over at most 90 days, `GET stats/jobs/accounts/{id}?job_ids=` answering `PROCESSING` until the
 * first check, then `SUCCESS` with a `url`, the file the synchronous answer gzipped), errors as
 * `{"errors": [{"code", "message"}]}`.
 */
export const twitterAdsPlatform: PlatformFactory = (ctx) => {
  const client = sandboxClient(PREFIX);
  const consumer = { key: client.clientId, secret: client.clientSecret };
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "X",
      approvePath: "/api/oauth/approve",
      pkce: false,
      refreshTokens: "none",
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
      scopeSeparator: " ",
      returnScope: false,
      denyParams: {},
    },
    () => ctx.now().getTime(),
  );
  const requestTokens = new Map<
    string,
    { secret: string; callback: string; verifier?: string; grant?: Grant }
  >();
  const accessSecrets = new Map<string, string>();
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));
  const lineItems = new Map(ctx.accounts.map((a) => [a.id, demoAdSets(ctx.source, a)]));
  const random = (kind: string) => `${kind}-${randomBytes(18).toString("base64url")}`;

  const unauthorized = (res: ServerResponse) =>
    xErrors(res, 401, "UNAUTHORIZED_ACCESS", "This request is not properly authenticated");

  /** The grant of a correctly signed API call with a live access token, else answers 401. */
  const signedUser = (req: SandboxRequest, res: ServerResponse): Grant | undefined => {
    const token = parseOAuthHeader(req.headers.authorization)?.oauth_token;
    const secret = token ? accessSecrets.get(token) : undefined;
    const grant = oauth.validate(token);
    if (!grant || secret === undefined || !oauth1SignatureValid(req, consumer, secret)) {
      unauthorized(res);
      return undefined;
    }
    return grant;
  };
  const withAccount = (req: SandboxRequest, res: ServerResponse): DemoAccount | undefined => {
    if (!signedUser(req, res)) return undefined;
    const account = ctx.accounts.find((a) => a.id === req.params.accountId);
    if (!account) xErrors(res, 404, "NOT_FOUND", `Account ${req.params.accountId} was not found`);
    return account;
  };
  const accountJson = (a: DemoAccount) => ({
    name: a.name,
    timezone: a.timeZone,
    timezone_switch_at: "2020-01-01T08:00:00Z",
    id: a.id,
    created_at: "2020-01-01T10:00:00Z",
    updated_at: "2020-01-01T10:00:00Z",
    approval_status: "ACCEPTED",
    deleted: false,
  });
  const badParameter = (res: ServerResponse, parameter: string, message: string) =>
    sendJson(res, 400, {
      errors: [{ code: "INVALID_PARAMETER", message, parameter }],
      request: { params: {} },
    });

  /**
   * The stats answer of `q` (entity, entity_ids, placement, metric_groups, DAY granularity at the
   * account's midnights, at most `maxDays` days and 20 entity ids), or why X would refuse it.
   */
  const statsAnswer = (
    account: DemoAccount,
    q: URLSearchParams,
    maxDays: number,
  ): { refused: [parameter: string, message: string] } | { body: StatsBody } => {
    const entity = q.get("entity");
    const ids = (q.get("entity_ids") ?? "").split(",").filter(Boolean);
    const placement = q.get("placement");
    const groups = new Set((q.get("metric_groups") ?? "").split(",").filter(Boolean));
    if (entity !== "ACCOUNT" && entity !== "CAMPAIGN") return { refused: ["entity", "entity is invalid"] };
    if (!ids.length || ids.length > 20) return { refused: ["entity_ids", "1 to 20 entity_ids"] };
    if (q.get("granularity") !== "DAY") return { refused: ["granularity", "the sandbox serves DAY"] };
    if (placement !== "ALL_ON_TWITTER" && placement !== "PUBLISHER_NETWORK") {
      return { refused: ["placement", "placement is invalid"] };
    }
    if (!groups.size) return { refused: ["metric_groups", "metric_groups is required"] };
    const start = Date.parse(q.get("start_time") ?? "");
    const end = Date.parse(q.get("end_time") ?? "");
    if (Number.isNaN(start) || Number.isNaN(end)) return { refused: ["start_time", "invalid time"] };
    const from = localParts(start, account.timeZone);
    const to = localParts(end, account.timeZone);
    if (!from.midnight || !to.midnight) {
      return { refused: ["start_time", "start_time and end_time must be midnight in the account timezone"] };
    }
    const days: string[] = [];
    for (let d = from.date; d < to.date; d = plusDays(d, 1)) days.push(d);
    if (!days.length || days.length > maxDays) {
      return { refused: ["end_time", `time range must be 1 to ${maxDays} days`] };
    }
    const selectionOf = (id: string) => {
      if (entity === "ACCOUNT") return id === account.id ? {} : undefined;
      return account.campaigns.some((c) => c.id === id) ? { campaignIds: [id] } : undefined;
    };
    const data = [];
    for (const id of ids) {
      const selection = selectionOf(id);
      if (!selection) return { refused: ["entity_ids", `unknown entity ${id}`] };
      const byDate = new Map<string, Totals>();
      for (const d of campaignDays(
        ctx.source,
        account,
        days[0] as string,
        days.at(-1) as string,
        ctx.now(),
        selection,
        ctx.writes,
      )) {
        byDate.set(d.date, add(byDate.get(d.date), d));
      }
      const share = (v: number) => {
        const network = Math.floor((v * PUBLISHER_NETWORK_PERCENT) / 100);
        return placement === "PUBLISHER_NETWORK" ? network : v - network;
      };
      const series = (pick: (t: Totals) => number) => {
        const values = days.map((d) => {
          const t = byDate.get(d);
          return t ? share(pick(t)) : null;
        });
        return values.every((v) => v === null) ? null : values;
      };
      const metrics: Record<string, unknown> = {};
      if (groups.has("BILLING")) metrics.billed_charge_local_micro = series((t) => t.spendMicros);
      if (groups.has("ENGAGEMENT")) {
        metrics.impressions = series((t) => t.impressions);
        metrics.clicks = series((t) => t.clicks);
        metrics.engagements = series((t) => t.clicks);
      }
      if (groups.has("WEB_CONVERSION")) {
        const metric = series((t) => t.orders);
        metrics.conversion_purchases = metric
          ? {
              metric,
              order_quantity: metric,
              sale_amount: series((t) => t.revenueMicros),
              post_view: null,
              post_engagement: null,
              assisted: null,
            }
          : null;
      }
      data.push({ id, id_data: [{ segment: null, metrics }] });
    }
    return {
      body: {
        data_type: "stats",
        time_series_length: days.length,
        data,
        request: {
          params: {
            start_time: new Date(start).toISOString().replace(".000Z", "Z"),
            end_time: new Date(end).toISOString().replace(".000Z", "Z"),
            entity,
            entity_ids: ids,
            granularity: "DAY",
            placement,
            metric_groups: [...groups],
          },
        },
      },
    };
  };
  const jobs = new Map<string, StatsJob>();
  let jobCount = 0;
  /**
   * A job as X lists it: `PROCESSING` until it has been checked once, then `SUCCESS` with the
   * `url` of its gzip file (expiring a day later).
   */
  const jobJson = (job: StatsJob) => {
    const q = new URLSearchParams(job.query);
    const done = job.checks >= 1;
    const iso = (v: string | null) => new Date(Date.parse(v ?? "")).toISOString().replace(".000Z", "Z");
    return {
      start_time: iso(q.get("start_time")),
      segmentation_type: null,
      url: done ? `${base()}/ton/advertiser-api-async-analytics/${job.id}.json.gz` : null,
      id_str: job.id,
      entity_ids: (q.get("entity_ids") ?? "").split(","),
      end_time: iso(q.get("end_time")),
      country: null,
      placement: q.get("placement"),
      id: Number(job.id),
      expires_at: done
        ? new Date(ctx.now().getTime() + 86_400_000).toISOString().replace(".000Z", "Z")
        : null,
      account_id: job.accountId,
      status: done ? "SUCCESS" : "PROCESSING",
      granularity: q.get("granularity"),
      entity: q.get("entity"),
      created_at: job.created,
      platform: null,
      updated_at: job.created,
      metric_groups: (q.get("metric_groups") ?? "").split(","),
    };
  };

  /** A campaign as the Ads API answers it, as the writes so far leave it (status, daily budget). */
  const campaignJson = (account: DemoAccount, c: DemoCampaign) => {
    const at = ctx.now().getTime();
    const own = budgetOf(budgets.get(account.id) ?? [], c.id)?.amountMicros;
    const running = ctx.writes.status(account, c, at) === "ENABLED";
    return {
      name: c.name,
      id: c.id,
      account_id: account.id,
      entity_status: running ? "ACTIVE" : "PAUSED",
      currency: account.currency,
      servable: running,
      ...campaignBudgetJson(own === undefined ? undefined : ctx.writes.dailyBudget(account, c.id, at, own)),
      total_budget_amount_local_micro: null,
      standard_delivery: true,
      deleted: false,
    };
  };

  /** The account and campaign of a signed `accounts/{accountId}/campaigns/{campaignId}` call, else answered. */
  const withCampaign = (req: SandboxRequest, res: ServerResponse) => {
    const account = withAccount(req, res);
    if (!account) return undefined;
    const campaign = account.campaigns.find((c) => c.id === req.params.campaignId);
    if (!campaign) xErrors(res, 404, "NOT_FOUND", `Campaign ${req.params.campaignId} was not found`);
    return campaign ? { account, campaign } : undefined;
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      {
        method: "POST",
        pattern: "/api/oauth/request_token",
        kind: "token",
        handle: (req, res) => {
          const callback =
            req.url.searchParams.get("oauth_callback") ??
            parseOAuthHeader(req.headers.authorization)?.oauth_callback ??
            "";
          if (!oauth1SignatureValid(req, consumer, ""))
            return xErrors(res, 401, 32, "Could not authenticate you.");
          if (!/^https?:\/\//.test(callback)) {
            return xErrors(res, 403, 415, "Callback URL not approved for this client application.");
          }
          const token = random("rt");
          requestTokens.set(token, { secret: random("rts"), callback });
          sendForm(res, {
            oauth_token: token,
            oauth_token_secret: requestTokens.get(token)?.secret ?? "",
            oauth_callback_confirmed: "true",
          });
        },
      },
      {
        method: "GET",
        pattern: "/api/oauth/authorize",
        kind: "page",
        handle: (req, res) => {
          const token = req.url.searchParams.get("oauth_token") ?? "";
          if (!requestTokens.has(token)) {
            return sendHtml(
              res,
              400,
              "<!doctype html><title>Error</title><p>This page is no longer valid.</p>",
            );
          }
          sendHtml(
            res,
            200,
            `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize Pacer - X (sandbox)</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto">
<h1>X</h1>
<p>Sandbox consent: <strong>Pacer</strong> wants to read your X Ads data.</p>
<form method="post" action="${escapeHtml(`${base()}/api/oauth/approve`)}">
<input type="hidden" name="oauth_token" value="${escapeHtml(token)}">
<p><label>Email <input type="email" name="email" value="${escapeHtml(DEMO_USER.email)}" required></label></p>
<p><label>Name <input type="text" name="name" value="${escapeHtml(DEMO_USER.name)}"></label></p>
<p><button type="submit" name="decision" value="approve" id="approve">Authorize app</button>
<button type="submit" name="decision" value="deny" id="deny">Cancel</button></p>
</form></body></html>`,
          );
        },
      },
      {
        method: "POST",
        pattern: "/api/oauth/approve",
        kind: "page",
        handle: (req, res) => {
          const token = req.form.get("oauth_token") ?? "";
          const record = requestTokens.get(token);
          if (!record) return sendHtml(res, 400, "<!doctype html><title>Error</title><p>invalid request</p>");
          const target = new URL(record.callback);
          if (req.form.get("decision") === "deny") {
            requestTokens.delete(token);
            target.searchParams.set("denied", token);
            return redirect(res, target.toString());
          }
          record.verifier = randomBytes(16).toString("hex");
          record.grant = {
            user: userFor(req.form.get("email") || DEMO_USER.email, req.form.get("name") ?? undefined),
            clientId: consumer.key,
            scope: [],
          };
          target.searchParams.set("oauth_token", token);
          target.searchParams.set("oauth_verifier", record.verifier);
          redirect(res, target.toString());
        },
      },
      {
        method: "POST",
        pattern: "/api/oauth/access_token",
        kind: "token",
        handle: (req, res) => {
          const header = parseOAuthHeader(req.headers.authorization);
          const token = header?.oauth_token ?? "";
          const record = requestTokens.get(token);
          const verifier = req.url.searchParams.get("oauth_verifier") ?? header?.oauth_verifier;
          if (!record || !oauth1SignatureValid(req, consumer, record.secret)) {
            return xErrors(res, 401, 89, "Invalid or expired token.");
          }
          requestTokens.delete(token);
          if (!record.grant || !verifier || verifier !== record.verifier) {
            return xErrors(res, 401, 89, "Invalid or expired token.");
          }
          const issued = oauth.issue(record.grant, false);
          const secret = random("ats");
          accessSecrets.set(issued.access_token, secret);
          const user = record.grant.user;
          sendForm(res, {
            oauth_token: issued.access_token,
            oauth_token_secret: secret,
            user_id: BigInt(
              `0x${createHash("sha256").update(user.id).digest("hex").slice(0, 13)}`,
            ).toString(),
            screen_name: user.email.split("@")[0] ?? "pacer",
          });
        },
      },
      {
        method: "POST",
        pattern: "/api/1.1/oauth/invalidate_token",
        kind: "token",
        handle: (req, res) => {
          const token = parseOAuthHeader(req.headers.authorization)?.oauth_token ?? "";
          const secret = accessSecrets.get(token);
          if (
            !oauth.validate(token) ||
            secret === undefined ||
            !oauth1SignatureValid(req, consumer, secret)
          ) {
            return xErrors(res, 401, 89, "Invalid or expired token.");
          }
          oauth.revoke(token);
          sendJson(res, 200, { access_token: token });
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/{version}/accounts",
        handle: (req, res) => {
          if (!signedUser(req, res)) return;
          sendJson(res, 200, cursorPage(req, ctx.accounts.map(accountJson), "account"));
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/{version}/accounts/{accountId}",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (account)
            sendJson(res, 200, { request: { params: {} }, data: accountJson(account), data_type: "account" });
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/{version}/accounts/{accountId}/funding_instruments",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const instrument = {
            id: `f${account.id.slice(0, 4)}`,
            account_id: account.id,
            currency: account.currency,
            type: "CREDIT_CARD",
            description: "Sandbox card",
            able_to_fund: true,
            cancelled: false,
            deleted: false,
            paused: false,
          };
          sendJson(res, 200, cursorPage(req, [instrument], "funding_instrument"));
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/{version}/accounts/{accountId}/campaigns",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const data = account.campaigns.map((c) => campaignJson(account, c));
          sendJson(res, 200, cursorPage(req, data, "campaign"));
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/{version}/accounts/{accountId}/campaigns/{campaignId}",
        handle: (req, res) => {
          const found = withCampaign(req, res);
          if (found) {
            sendJson(res, 200, {
              request: { params: {} },
              data: campaignJson(found.account, found.campaign),
              data_type: "campaign",
            });
          }
        },
      },
      {
        // Campaign update: `entity_status` (ACTIVE | PAUSED) and/or `daily_budget_amount_local_micro`
        // as query parameters (signed with the rest), answering the updated campaign.
        // https://docs.x.com/x-ads-api/campaign-management/reference (PUT accounts/:account_id/campaigns/:campaign_id)
        method: "PUT",
        pattern: "/ads-api/{version}/accounts/{accountId}/campaigns/{campaignId}",
        handle: (req, res) => {
          const found = withCampaign(req, res);
          if (!found) return;
          const { account, campaign } = found;
          if (ctx.writes.refuses(PREFIX)) {
            return xErrors(
              res,
              403,
              "UNAUTHORIZED_ACCESS",
              "The authenticated user may not change campaigns of this account (ACCOUNT_ADMIN or AD_MANAGER needed)",
            );
          }
          const q = req.url.searchParams;
          const status = q.get("entity_status");
          const budget = q.get("daily_budget_amount_local_micro");
          if (status === null && budget === null) {
            return badParameter(
              res,
              "entity_status",
              "entity_status or daily_budget_amount_local_micro is required",
            );
          }
          if (status !== null && status !== "ACTIVE" && status !== "PAUSED") {
            return badParameter(res, "entity_status", "entity_status must be ACTIVE or PAUSED");
          }
          if (budget !== null) {
            if (!/^\d+$/.test(budget) || Number(budget) <= 0) {
              return badParameter(
                res,
                "daily_budget_amount_local_micro",
                "a positive whole number of micros",
              );
            }
            if (budgetOf(budgets.get(account.id) ?? [], campaign.id) === undefined) {
              return badParameter(
                res,
                "daily_budget_amount_local_micro",
                "budget_optimization is LINE_ITEM: the daily budgets sit on the line items",
              );
            }
          }
          ctx.writes.record(account, campaign.id, {
            at: ctx.now().getTime(),
            ...(status !== null ? { status: status === "ACTIVE" ? "ENABLED" : "PAUSED" } : {}),
            ...(budget !== null ? { dailyBudgetMicros: Number(budget) } : {}),
          });
          sendJson(res, 200, {
            request: { params: Object.fromEntries(q) },
            data: campaignJson(account, campaign),
            data_type: "campaign",
          });
        },
      },
      {
        // Line items carry the daily budget of a campaign with `budget_optimization=LINE_ITEM`.
        // https://docs.x.com/x-ads-api/campaign-management (GET accounts/:account_id/line_items)
        method: "GET",
        pattern: "/ads-api/{version}/accounts/{accountId}/line_items",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const asked = (req.url.searchParams.get("campaign_ids") ?? "").split(",").filter(Boolean);
          if (asked.length > 200) return badParameter(res, "campaign_ids", "at most 200 campaign_ids");
          const data = (lineItems.get(account.id) ?? [])
            .filter((li) => !asked.length || asked.includes(li.campaignId))
            .map((li) => ({
              id: li.id,
              name: li.name,
              account_id: account.id,
              campaign_id: li.campaignId,
              entity_status: li.paused ? "PAUSED" : "ACTIVE",
              currency: account.currency,
              daily_budget_amount_local_micro: li.dailyBudgetMicros ?? null,
              total_budget_amount_local_micro: null,
              deleted: false,
            }));
          sendJson(res, 200, cursorPage(req, data, "line_item"));
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/{version}/stats/accounts/{accountId}",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const answer = statsAnswer(account, req.url.searchParams, MAX_STATS_DAYS);
          if ("refused" in answer) return badParameter(res, ...answer.refused);
          sendJson(res, 200, answer.body);
        },
      },
      {
        // Asynchronous analytics: a job over at most 90 days, the synchronous call's parameters.
        // https://developer.x.com/en/docs/x-ads-api/analytics/guides/asynchronous-analytics
        method: "POST",
        pattern: "/ads-api/{version}/stats/jobs/accounts/{accountId}",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const q = req.url.searchParams;
          const answer = statsAnswer(account, q, MAX_JOB_DAYS);
          if ("refused" in answer) return badParameter(res, ...answer.refused);
          const id = (BigInt(Date.now()) * 1000n + BigInt(++jobCount)).toString();
          const created = ctx
            .now()
            .toISOString()
            .replace(/\.\d{3}Z$/, "Z");
          const job: StatsJob = { id, accountId: account.id, query: q.toString(), checks: 0, created };
          jobs.set(id, job);
          sendJson(res, 200, { request: { params: answer.body.request.params }, data: jobJson(job) });
        },
      },
      {
        method: "GET",
        pattern: "/ads-api/{version}/stats/jobs/accounts/{accountId}",
        handle: (req, res) => {
          const account = withAccount(req, res);
          if (!account) return;
          const asked = (req.url.searchParams.get("job_ids") ?? "").split(",").filter(Boolean);
          if (asked.length > MAX_JOB_IDS) return badParameter(res, "job_ids", "at most 200 job_ids");
          const mine = [...jobs.values()].filter(
            (j) => j.accountId === account.id && (!asked.length || asked.includes(j.id)),
          );
          const data = mine.map((job) => {
            const json = jobJson(job);
            job.checks++;
            return json;
          });
          sendJson(res, 200, {
            ...cursorPage(req, data, "job"),
            request: { params: { job_ids: asked, account_id: account.id } },
          });
        },
      },
      {
        // The job's file: the synchronous answer's JSON, gzipped (X serves it from ton.twimg.com).
        method: "GET",
        pattern: "/ton/advertiser-api-async-analytics/{file}",
        handle: (req, res) => {
          const job = jobs.get((req.params.file ?? "").replace(/\.json\.gz$/, ""));
          const account = job && ctx.accounts.find((a) => a.id === job.accountId);
          const answer = job && account && statsAnswer(account, new URLSearchParams(job.query), MAX_JOB_DAYS);
          if (!job || job.checks < 1 || !answer || "refused" in answer) {
            res.writeHead(404, { "content-type": "text/plain" });
            res.end("Not Found");
            return;
          }
          res.writeHead(200, { "content-type": "application/gzip" });
          res.end(gzipSync(JSON.stringify(answer.body)));
        },
      },
    ],
    authFailure: unauthorized,
    serverError: (res) => xErrors(res, 500, "INTERNAL_ERROR", "An internal error occurred."),
    rateLimited: (res, seconds) =>
      xErrors(res, 429, "TOO_MANY_REQUESTS", "Rate limit exceeded", {
        "retry-after": String(seconds),
        "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + seconds),
        "x-rate-limit-remaining": "0",
      }),
  };
};

function add(t: Totals | undefined, d: CampaignDay): Totals {
  return {
    spendMicros: (t?.spendMicros ?? 0) + d.spendMicros,
    impressions: (t?.impressions ?? 0) + d.impressions,
    clicks: (t?.clicks ?? 0) + d.clicks,
    orders: (t?.orders ?? 0) + d.orders,
    revenueMicros: (t?.revenueMicros ?? 0) + d.revenueMicros,
  };
}
