import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { isDate, plusDays, todayInZone } from "../data/calendar.ts";
import type { DemoAccount, DemoCampaign } from "../data/demo-accounts.ts";
import { campaignDays } from "../data/replay.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import { OAuthServer, sandboxClient, standardTokenEndpoint } from "../oauth-server.ts";
import { budgetOf, demoBudgets } from "./demo-budgets.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "amazonads";
/** Media type of a reporting v3 request. */
const REPORT_MEDIA_TYPE = "application/vnd.createasyncreportrequest.v3+json";
/** Media type of the Sponsored Products v3 campaign calls. */
const SP_CAMPAIGN_MEDIA_TYPE = "application/vnd.spCampaign.v3+json";
/** Media type of the Sponsored Brands v4 campaign calls. */
const SB_CAMPAIGN_MEDIA_TYPE = "application/vnd.sbcampaignresource.v4+json";
/** The `stateFilter.include` values of Sponsored Products v3 and Sponsored Brands v4. */
const LIST_STATES = new Set(["ENABLED", "PAUSED", "ARCHIVED"]);
/** The `stateFilter` values of `GET /sd/campaigns` (comma-delimited). */
const SD_STATES = new Set(["enabled", "paused", "archived"]);
/** Path segment of each regional API host under the sandbox prefix. */
const REGION_HOSTS: Record<string, "NA" | "EU" | "FE"> = {
  "advertising-api": "NA",
  "advertising-api-eu": "EU",
  "advertising-api-fe": "FE",
};

/** A campaign report type: its ad product, its retention (days) and its purchase columns. */
interface ReportType {
  adProduct: string;
  retentionDays: number;
  purchases: string;
  sales: string;
}
const REPORT_TYPES: Record<string, ReportType> = {
  spCampaigns: {
    adProduct: "SPONSORED_PRODUCTS",
    retentionDays: 95,
    purchases: "purchases7d",
    sales: "sales7d",
  },
  sbCampaigns: { adProduct: "SPONSORED_BRANDS", retentionDays: 60, purchases: "purchases", sales: "sales" },
  sdCampaigns: { adProduct: "SPONSORED_DISPLAY", retentionDays: 65, purchases: "purchases", sales: "sales" },
};

/**
 * The ad product of a demo campaign, from its name prefix: `sp_` Sponsored Products, `sb_`
 * Sponsored Brands, `sd_` Sponsored Display (see the demo accounts).
 */
export function amazonAdProductOf(campaign: DemoCampaign): string {
  if (campaign.name.startsWith("sb_")) return "SPONSORED_BRANDS";
  if (campaign.name.startsWith("sd_")) return "SPONSORED_DISPLAY";
  return "SPONSORED_PRODUCTS";
}

/** The region of a demo profile: USD profiles in North America, GBP and EUR in Europe, others in the Far East. */
export function amazonRegionOf(account: DemoAccount): "NA" | "EU" | "FE" {
  if (account.currency === "USD") return "NA";
  if (account.currency === "GBP" || account.currency === "EUR") return "EU";
  return "FE";
}

/** Status answers a report goes through before it is ready: two checks pending, then completed. */
const STATUS_STEPS = ["PENDING", "PROCESSING", "COMPLETED"] as const;

interface Report {
  reportId: string;
  profileId: string;
  key: string;
  startDate: string;
  endDate: string;
  type: ReportType;
  reportTypeId: string;
  checks: number;
  createdAt: string;
}

function amazonError(res: ServerResponse, status: number, code: string, details: string, headers = {}) {
  sendJson(res, status, { code, details }, headers);
}

/**
 * Amazon Ads sandbox: Login with Amazon (consent, token endpoint, static refresh tokens, user
 * profile with the `profile` scope), regional hosts (`advertising-api`, `-eu`, `-fe`) each serving
 * `GET /v2/profiles` of its region, reporting v3 (`POST /reporting/reports` checked like Amazon:
 * media type, 31-day range, retention SP 95 / SB 60 / SD 65 days, 425 naming the duplicate;
 * `GET /reporting/reports/{id}` PENDING -> PROCESSING -> COMPLETED; the gzip JSON rows from a
 * pre-signed-style URL), and the campaign lists with each campaign's daily budget (currency units,
 * from `demo-budgets.ts`): `POST /sp/campaigns/list` (v3 media type, `stateFilter`,
 * `maxResults`/`nextToken` paging, `budget: {budgetType: DAILY, budget}`),
 * `POST /sb/v4/campaigns/list` (v4 media type, the same body and paging, `budget` and
 * `budgetType` DAILY on the campaign) and `GET /sd/campaigns` (`stateFilter`,
 * `startIndex`/`count` paging, `budget` and `budgetType` daily). Every API call checks the
 * `Amazon-Advertising-API-ClientId` header, and `Amazon-Advertising-API-Scope` (a profile of that
 * region) where Amazon requires it. Campaign writes (AutoPilot): `PUT /sp/campaigns` (v3 media
 * type), `PUT /sb/v4/campaigns` (v4 media type) and `PUT /sd/campaigns` (JSON array) change a
 * campaign's state and daily budget, answered 207 per item, 403 when writes are refused
 * (`campaign-writes.ts`); the listings (`campaignIdFilter` honoured) and the reports obey them.
 */
export const amazonAdsPlatform: PlatformFactory = (ctx) => {
  const client = sandboxClient(PREFIX);
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "Amazon",
      approvePath: "/www/ap/approve",
      pkce: false,
      refreshTokens: "static",
      accessTokenTtlSeconds: 3600,
      scopeSeparator: " ",
      returnScope: true,
      denyParams: { error: "access_denied", error_description: "The user denied the request." },
    },
    () => ctx.now().getTime(),
  );
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  const reports = new Map<string, Report>();
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));
  const reportsByKey = new Map<string, string>();

  const unauthorized = (res: ServerResponse) =>
    amazonError(res, 401, "UNAUTHORIZED", "Not authorized to access this advertiser");
  /** Checks token and client id; with `withScope`, also the profile header. Answers and returns undefined on failure. */
  const authorized = (
    req: SandboxRequest,
    res: ServerResponse,
    withScope: boolean,
  ): { region: "NA" | "EU" | "FE"; profile: DemoAccount | undefined } | undefined => {
    const fail = (answer: () => void) => {
      answer();
      return undefined;
    };
    if (!oauth.validate(req.bearer)) return fail(() => unauthorized(res));
    if (req.headers["amazon-advertising-api-clientid"] !== client.clientId) {
      return fail(() => amazonError(res, 400, "400", "Invalid Amazon-Advertising-API-ClientId header"));
    }
    const region = REGION_HOSTS[req.params.host ?? ""];
    if (!region) return fail(() => amazonError(res, 404, "NOT_FOUND", "Not found"));
    if (!withScope) return { region, profile: undefined };
    const scope = String(req.headers["amazon-advertising-api-scope"] ?? "");
    const profile = ctx.accounts.find((a) => a.id === scope && amazonRegionOf(a) === region);
    if (!profile)
      return fail(() => amazonError(res, 401, "UNAUTHORIZED", "Invalid scope: not a profile of this region"));
    return { region, profile };
  };
  const profileJson = (a: DemoAccount) =>
    `{"profileId":${a.id},"countryCode":"${a.currency === "USD" ? "US" : a.currency === "GBP" ? "UK" : "DE"}",` +
    `"currencyCode":"${a.currency}","dailyBudget":0.0,"timezone":"${a.timeZone}",` +
    `"accountInfo":{"marketplaceStringId":"${a.currency === "USD" ? "ATVPDKIKX0DER" : "A1F83G8C2ARO7P"}",` +
    `"id":"A${a.id.slice(0, 12)}","type":"seller","name":${JSON.stringify(a.name.replace(/ \(\w+\)$/, ""))},` +
    `"validPaymentMethod":true}}`;
  /** A campaign's state now: its demo status as the writes so far leave it. */
  const stateOf = (profile: DemoAccount, c: DemoCampaign) =>
    ctx.writes.status(profile, c, ctx.now().getTime());
  const campaignJson = (profile: DemoAccount, c: DemoCampaign, lowerState = false) => ({
    campaignId: c.id,
    name: c.name,
    state: lowerState ? stateOf(profile, c).toLowerCase() : stateOf(profile, c),
  });
  /** A demo campaign's daily budget in currency units (every Amazon demo campaign has one), as written since. */
  const dailyUnits = (profile: DemoAccount, c: DemoCampaign) => {
    const budget = budgetOf(budgets.get(profile.id) ?? [], c.id);
    const amount = ctx.writes.dailyBudget(profile, c.id, ctx.now().getTime(), budget?.amountMicros);
    return amount === undefined ? undefined : amount / 1_000_000;
  };
  /**
   * A campaign update (SP v3, SB v4, SD): the media type (else 415), a refused grant (403, as a
   * role without `advertiser_campaign_edit` gets), each item checked (a campaign of this ad
   * product, a state `states` allows, a budget of at least one unit) and kept as a write; the 207
   * answer built by `answer` from the item results (an error type, or none).
   */
  const updateAnswer = (
    req: SandboxRequest,
    res: ServerResponse,
    update: {
      adProduct: string;
      mediaType?: string;
      items: (body: unknown) => unknown[] | undefined;
      states: readonly string[];
      answer: (results: Array<{ campaignId: string; error?: string }>) => unknown;
    },
  ) => {
    const auth = authorized(req, res, true);
    if (!auth?.profile) return;
    const profile = auth.profile;
    const type = String(req.headers["content-type"] ?? "").toLowerCase();
    if (update.mediaType && !type.startsWith(update.mediaType.toLowerCase())) {
      return amazonError(res, 415, "415", `Content-Type must be ${update.mediaType}`);
    }
    if (ctx.writes.refuses(PREFIX)) {
      return amazonError(res, 403, "403", "The user may not edit campaigns of this advertiser");
    }
    const items = update.items(req.json);
    if (!items?.length) return amazonError(res, 400, "400", "Expected at least one campaign");
    const at = ctx.now().getTime();
    const results = items.map((raw) => {
      const item = (raw ?? {}) as { campaignId?: unknown; state?: unknown; budget?: unknown };
      const campaignId = String(item.campaignId ?? "");
      const campaign = profile.campaigns.find(
        (c) => c.id === campaignId && amazonAdProductOf(c) === update.adProduct,
      );
      if (!campaign) return { campaignId, error: "ENTITY_NOT_FOUND" };
      const budget =
        typeof item.budget === "object" && item.budget !== null
          ? (item.budget as { budget?: unknown }).budget
          : item.budget;
      if (item.state !== undefined && !update.states.includes(String(item.state))) {
        return { campaignId, error: "INVALID_ARGUMENT" };
      }
      if (budget !== undefined && (typeof budget !== "number" || budget < 1)) {
        return { campaignId, error: "BUDGET_TOO_LOW" };
      }
      ctx.writes.record(profile, campaign.id, {
        at,
        ...(item.state !== undefined
          ? {
              status:
                String(item.state).toUpperCase() === "ENABLED" ? ("ENABLED" as const) : ("PAUSED" as const),
            }
          : {}),
        ...(typeof budget === "number" ? { dailyBudgetMicros: Math.round(budget * 1_000_000) } : {}),
      });
      return { campaignId };
    });
    sendJson(res, 207, update.answer(results));
  };
  /** The 207 answer of SP v3 and SB v4 updates: successes and errors by index. */
  const bulkAnswer = (results: Array<{ campaignId: string; error?: string }>) => ({
    campaigns: {
      success: results.flatMap((r, index) => (r.error ? [] : [{ campaignId: r.campaignId, index }])),
      error: results.flatMap((r, index) =>
        r.error ? [{ index, errors: [{ errorType: r.error, errorValue: {} }] }] : [],
      ),
    },
  });
  /** The `campaignIdFilter.include` of an SP v3 / SB v4 list body, if given. */
  const idFilter = (req: SandboxRequest): string[] | undefined => {
    const include = (req.json as { campaignIdFilter?: { include?: unknown } } | undefined)?.campaignIdFilter
      ?.include;
    return Array.isArray(include) ? include.map(String) : undefined;
  };
  /**
   * A campaign `list` answer (SP v3, SB v4): the media type in one of `mediaHeaders` (else 415),
   * `stateFilter.include` ENABLED / PAUSED / ARCHIVED (else 400; all states without it),
   * `maxResults` / `nextToken` paging (all in one page without `maxResults`), the campaigns of
   * `adProduct` written by `toJson`, and their count under the answer's own name (`total`: SP v3
   * answers `totalResults`, SB v4 `totalCount`, as Amazon's saved example answers show).
   */
  const listAnswer = (
    req: SandboxRequest,
    res: ServerResponse,
    profile: DemoAccount,
    list: {
      adProduct: string;
      mediaType: string;
      mediaHeaders: readonly ("content-type" | "accept")[];
      toJson: (c: DemoCampaign) => Record<string, unknown>;
      total: "totalResults" | "totalCount";
    },
  ) => {
    const sent = list.mediaHeaders.map((h) => String(req.headers[h] ?? "").toLowerCase());
    if (!sent.some((v) => v.startsWith(list.mediaType.toLowerCase()))) {
      return amazonError(res, 415, "415", `Content-Type must be ${list.mediaType}`);
    }
    const body = (req.json ?? {}) as {
      stateFilter?: { include?: unknown };
      maxResults?: unknown;
      nextToken?: unknown;
    };
    const include = body.stateFilter?.include;
    const states = include === undefined ? [] : Array.isArray(include) ? include.map(String) : ["?"];
    if (states.some((v) => !LIST_STATES.has(v))) {
      return amazonError(res, 400, "INVALID_ARGUMENT", "stateFilter.include: ENABLED, PAUSED or ARCHIVED");
    }
    // Without maxResults, one page holds every campaign (Amazon: "defaults to max page size").
    const size = body.maxResults === undefined ? Number.MAX_SAFE_INTEGER : Number(body.maxResults);
    if (!Number.isInteger(size) || size < 1) {
      return amazonError(res, 400, "INVALID_ARGUMENT", "maxResults must be a positive integer");
    }
    const start =
      body.nextToken === undefined
        ? 0
        : Number(Buffer.from(String(body.nextToken), "base64url").toString() || "-");
    if (!Number.isInteger(start) || start < 0) {
      return amazonError(res, 400, "INVALID_ARGUMENT", "Invalid nextToken");
    }
    const ids = idFilter(req);
    const campaigns = profile.campaigns
      .filter((c) => amazonAdProductOf(c) === list.adProduct)
      .filter((c) => !ids || ids.includes(c.id))
      .filter((c) => states.length === 0 || states.includes(stateOf(profile, c)));
    const next =
      start + size < campaigns.length ? Buffer.from(String(start + size)).toString("base64url") : undefined;
    sendJson(res, 200, {
      campaigns: campaigns.slice(start, start + size).map(list.toJson),
      [list.total]: campaigns.length,
      ...(next ? { nextToken: next } : {}),
    });
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      ...oauth.consentRoutes("/www/ap/oa", base),
      { method: "POST", pattern: "/api/auth/o2/token", kind: "token", handle: standardTokenEndpoint(oauth) },
      {
        method: "GET",
        pattern: "/api/user/profile",
        handle: (req, res) => {
          const grant = oauth.validate(req.bearer);
          if (!grant)
            return sendJson(res, 401, {
              error: "invalid_token",
              error_description: "The access token is invalid",
            });
          if (!grant.scope.includes("profile")) return sendJson(res, 403, { error: "insufficient_scope" });
          sendJson(res, 200, {
            user_id: `amzn1.account.${grant.user.id.toUpperCase()}`,
            name: grant.user.name,
            email: grant.user.email,
          });
        },
      },
      {
        method: "GET",
        pattern: "/{host}/v2/profiles",
        handle: (req, res) => {
          const auth = authorized(req, res, false);
          if (!auth) return;
          // Written by hand: profile ids are JSON numbers, as Amazon sends them.
          const body = `[${ctx.accounts
            .filter((a) => amazonRegionOf(a) === auth.region)
            .map(profileJson)
            .join(",")}]`;
          res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
          res.end(body);
        },
      },
      {
        method: "POST",
        pattern: "/{host}/reporting/reports",
        handle: (req, res) => {
          const auth = authorized(req, res, true);
          if (!auth?.profile) return;
          if (!String(req.headers["content-type"] ?? "").startsWith(REPORT_MEDIA_TYPE)) {
            return amazonError(res, 415, "415", `Content-Type must be ${REPORT_MEDIA_TYPE}`);
          }
          const body = (req.json ?? {}) as {
            startDate?: string;
            endDate?: string;
            configuration?: Record<string, unknown>;
          };
          const c = body.configuration ?? {};
          const reportTypeId = String(c.reportTypeId ?? "");
          const type = REPORT_TYPES[reportTypeId];
          const { startDate = "", endDate = "" } = body;
          if (!type || c.adProduct !== type.adProduct)
            return amazonError(res, 400, "400", "reportTypeId and adProduct do not match");
          if (c.timeUnit !== "DAILY" || c.format !== "GZIP_JSON") {
            return amazonError(res, 400, "400", "The sandbox serves timeUnit DAILY in GZIP_JSON");
          }
          const columns = Array.isArray(c.columns) ? c.columns.map(String) : [];
          if (!columns.includes("date"))
            return amazonError(res, 400, "400", "DAILY reports need the date column");
          if (!isDate(startDate) || !isDate(endDate) || endDate < startDate) {
            return amazonError(
              res,
              400,
              "400",
              "startDate and endDate must be yyyy-MM-dd, endDate not before startDate",
            );
          }
          let days = 0;
          for (let d = startDate; d <= endDate; d = plusDays(d, 1)) days++;
          if (days > 31) return amazonError(res, 400, "400", "The date range cannot exceed 31 days");
          const today = todayInZone(auth.profile.timeZone, ctx.now());
          if (startDate < plusDays(today, -(type.retentionDays - 1))) {
            return amazonError(
              res,
              400,
              "400",
              `startDate is beyond the ${type.retentionDays}-day retention of ${reportTypeId}`,
            );
          }
          const key = JSON.stringify([auth.profile.id, reportTypeId, startDate, endDate, columns]);
          const duplicate = reportsByKey.get(key);
          if (duplicate) return amazonError(res, 425, "425", `The Request is a duplicate of : ${duplicate}`);
          const report: Report = {
            reportId: randomUUID(),
            profileId: auth.profile.id,
            key,
            startDate,
            endDate,
            type,
            reportTypeId,
            checks: 0,
            createdAt: ctx.now().toISOString(),
          };
          reports.set(report.reportId, report);
          reportsByKey.set(key, report.reportId);
          sendJson(res, 200, {
            configuration: { ...c, filters: null },
            createdAt: report.createdAt,
            endDate,
            failureReason: null,
            fileSize: null,
            generatedAt: null,
            name: String((body as { name?: unknown }).name ?? ""),
            reportId: report.reportId,
            startDate,
            status: "PENDING",
            updatedAt: report.createdAt,
            url: null,
            urlExpiresAt: null,
          });
        },
      },
      {
        method: "GET",
        pattern: "/{host}/reporting/reports/{reportId}",
        handle: (req, res) => {
          const auth = authorized(req, res, true);
          if (!auth?.profile) return;
          const report = reports.get(req.params.reportId ?? "");
          if (!report || report.profileId !== auth.profile.id)
            return amazonError(res, 404, "404", "Report not found");
          const status = STATUS_STEPS[Math.min(report.checks, STATUS_STEPS.length - 1)] as string;
          report.checks++;
          const done = status === "COMPLETED";
          sendJson(res, 200, {
            reportId: report.reportId,
            status,
            startDate: report.startDate,
            endDate: report.endDate,
            createdAt: report.createdAt,
            url: done
              ? `${base()}/s3/reports/${report.reportId}.json.gz?X-Amz-Expires=3600&X-Amz-Signature=sandbox`
              : null,
            urlExpiresAt: done ? new Date(ctx.now().getTime() + 3_600_000).toISOString() : null,
            failureReason: null,
          });
        },
      },
      {
        method: "GET",
        pattern: "/s3/reports/{file}",
        handle: (req, res) => {
          const report = reports.get((req.params.file ?? "").replace(/\.json\.gz$/, ""));
          const profile = report && ctx.accounts.find((a) => a.id === report.profileId);
          if (!report || !profile) {
            res.writeHead(403, { "content-type": "application/xml" });
            res.end("<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>");
            return;
          }
          const rows = campaignDays(
            ctx.source,
            profile,
            report.startDate,
            report.endDate,
            ctx.now(),
            {},
            ctx.writes,
          )
            .filter(
              (d) =>
                amazonAdProductOf(d.campaign) === report.type.adProduct &&
                (d.impressions > 0 || d.spendMicros > 0),
            )
            .map((d) => ({
              date: d.date,
              campaignId: Number(d.campaign.id),
              campaignName: d.campaign.name,
              impressions: d.impressions,
              clicks: d.clicks,
              cost: d.spendMicros / 1_000_000,
              [report.type.purchases]: d.orders,
              [report.type.sales]: d.revenueMicros / 1_000_000,
            }));
          res.writeHead(200, { "content-type": "application/octet-stream", "cache-control": "no-store" });
          res.end(gzipSync(JSON.stringify(rows)));
        },
      },
      {
        method: "POST",
        pattern: "/{host}/sp/campaigns/list",
        handle: (req, res) => {
          const auth = authorized(req, res, true);
          if (!auth?.profile) return;
          const profile = auth.profile;
          listAnswer(req, res, profile, {
            adProduct: "SPONSORED_PRODUCTS",
            mediaType: SP_CAMPAIGN_MEDIA_TYPE,
            mediaHeaders: ["content-type"],
            total: "totalResults",
            toJson: (c) => {
              const budget = dailyUnits(profile, c);
              return {
                ...campaignJson(profile, c),
                targetingType: c.name.includes("auto") ? "AUTO" : "MANUAL",
                ...(budget === undefined ? {} : { budget: { budgetType: "DAILY", budget } }),
              };
            },
          });
        },
      },
      {
        method: "POST",
        pattern: "/{host}/sb/v4/campaigns/list",
        handle: (req, res) => {
          const auth = authorized(req, res, true);
          if (!auth?.profile) return;
          const profile = auth.profile;
          // Amazon's own v4 samples send the media type in Accept with Content-Type text/plain.
          listAnswer(req, res, profile, {
            adProduct: "SPONSORED_BRANDS",
            mediaType: SB_CAMPAIGN_MEDIA_TYPE,
            mediaHeaders: ["content-type", "accept"],
            total: "totalCount",
            toJson: (c) => {
              const budget = dailyUnits(profile, c);
              return {
                ...campaignJson(profile, c),
                ...(budget === undefined ? {} : { budget, budgetType: "DAILY" }),
              };
            },
          });
        },
      },
      {
        method: "GET",
        pattern: "/{host}/sd/campaigns",
        handle: (req, res) => {
          const auth = authorized(req, res, true);
          if (!auth?.profile) return;
          const profile = auth.profile;
          const stateFilter = req.url.searchParams.get("stateFilter");
          const states = stateFilter === null ? [] : stateFilter.split(",").map((v) => v.trim());
          if (states.some((v) => !SD_STATES.has(v))) {
            return amazonError(res, 400, "400", "stateFilter: enabled, paused or archived, comma-delimited");
          }
          const idsParam = req.url.searchParams.get("campaignIdFilter");
          const ids = idsParam === null ? undefined : idsParam.split(",").map((v) => v.trim());
          const list = profile.campaigns
            .filter((c) => amazonAdProductOf(c) === "SPONSORED_DISPLAY")
            .filter((c) => !ids || ids.includes(c.id))
            .filter((c) => states.length === 0 || states.includes(stateOf(profile, c).toLowerCase()));
          const start = Number(req.url.searchParams.get("startIndex") ?? 0) || 0;
          const count = Number(req.url.searchParams.get("count") ?? 100) || 100;
          sendJson(
            res,
            200,
            list.slice(start, start + count).map((c) => {
              const budget = dailyUnits(profile, c);
              return {
                ...campaignJson(profile, c, true),
                campaignId: Number(c.id),
                ...(budget === undefined ? {} : { budget, budgetType: "daily" }),
              };
            }),
          );
        },
      },
      {
        // UpdateSponsoredProductsCampaigns: `{campaigns: [{campaignId, state?, budget?: {budgetType, budget}}]}`.
        method: "PUT",
        pattern: "/{host}/sp/campaigns",
        handle: (req, res) =>
          updateAnswer(req, res, {
            adProduct: "SPONSORED_PRODUCTS",
            mediaType: SP_CAMPAIGN_MEDIA_TYPE,
            items: (b) => (b as { campaigns?: unknown[] } | undefined)?.campaigns,
            states: ["ENABLED", "PAUSED"],
            answer: bulkAnswer,
          }),
      },
      {
        // UpdateSponsoredBrandsCampaigns (v4): `{campaigns: [{campaignId, state?, budget?}]}`.
        method: "PUT",
        pattern: "/{host}/sb/v4/campaigns",
        handle: (req, res) =>
          updateAnswer(req, res, {
            adProduct: "SPONSORED_BRANDS",
            mediaType: SB_CAMPAIGN_MEDIA_TYPE,
            items: (b) => (b as { campaigns?: unknown[] } | undefined)?.campaigns,
            states: ["ENABLED", "PAUSED"],
            answer: bulkAnswer,
          }),
      },
      {
        // Sponsored Display updateCampaigns: a bare array `[{campaignId, state?, budget?}]`.
        method: "PUT",
        pattern: "/{host}/sd/campaigns",
        handle: (req, res) =>
          updateAnswer(req, res, {
            adProduct: "SPONSORED_DISPLAY",
            items: (b) => (Array.isArray(b) ? b : undefined),
            states: ["enabled", "paused"],
            answer: (results) =>
              results.map((r) => ({
                code: r.error ?? "SUCCESS",
                campaignId: Number(r.campaignId),
                ...(r.error ? { description: "The campaign could not be updated." } : {}),
              })),
          }),
      },
    ],
    authFailure: unauthorized,
    serverError: (res) => amazonError(res, 500, "INTERNAL_ERROR", "Internal error, please retry"),
    rateLimited: (res, seconds) =>
      amazonError(res, 429, "THROTTLED", "Too many requests", { "retry-after": String(seconds) }),
  };
};
