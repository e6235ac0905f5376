import type { ServerResponse } from "node:http";
import { epochDay, isDate, monthStartBefore, plusDays, todayInZone } from "../data/calendar.ts";
import type { DemoAccount } from "../data/demo-accounts.ts";
import { campaignDays } from "../data/replay.ts";
import { microsText } from "../data/source-rows.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import type { Grant } from "../oauth-server.ts";
import { budgetOf, demoBudgets } from "./demo-budgets.ts";
import { googleOAuthRoutes, googleOAuthServer } from "./google-oauth.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "googledv360";
/** Scope of the DV360 API (entities). */
const DISPLAY_VIDEO_SCOPE = "https://www.googleapis.com/auth/display-video";
/** Scope of Bid Manager (reports); the product's return page requires it. */
const BID_MANAGER_SCOPE = "https://www.googleapis.com/auth/doubleclickbidmanager";
/** The demo partner every demo advertiser belongs to. */
export const DV360_SANDBOX_PARTNER = { partnerId: "1234567", displayName: "Pacer Demo Partner" } as const;
/** Media cost as a share of what the advertiser is billed (the rest is DV360 and partner fees), percent. */
const MEDIA_COST_PERCENT = 85;
/** Report states a run goes through: QUEUED, RUNNING, then DONE. */
const STATES = ["QUEUED", "RUNNING", "DONE"] as const;

/** Group-by filter -> CSV column, as Bid Manager names them. */
const GROUP_COLUMNS: Record<string, string> = {
  FILTER_DATE: "Date",
  FILTER_ADVERTISER: "Advertiser ID",
  FILTER_ADVERTISER_NAME: "Advertiser",
  FILTER_ADVERTISER_CURRENCY: "Advertiser Currency",
  FILTER_MEDIA_PLAN: "Campaign ID",
  FILTER_MEDIA_PLAN_NAME: "Campaign",
};
/** Metric -> CSV column. */
const METRIC_COLUMNS: Record<string, string> = {
  METRIC_IMPRESSIONS: "Impressions",
  METRIC_CLICKS: "Clicks",
  METRIC_TOTAL_CONVERSIONS: "Total Conversions",
  METRIC_REVENUE_ADVERTISER: "Revenue (Adv Currency)",
  METRIC_MEDIA_COST_ADVERTISER: "Media Cost (Advertiser Currency)",
};

interface GoogleDate {
  year?: number;
  month?: number;
  day?: number;
}
interface QueryBody {
  metadata?: {
    title?: string;
    format?: string;
    dataRange?: { range?: string; customStartDate?: GoogleDate; customEndDate?: GoogleDate };
  };
  params?: {
    type?: string;
    groupBys?: string[];
    filters?: Array<{ type?: string; value?: string }>;
    metrics?: string[];
  };
}
interface StoredQuery {
  queryId: string;
  body: QueryBody;
  from: string;
  to: string;
}
interface StoredReport {
  queryId: string;
  reportId: string;
  checks: number;
}

function rpcError(res: ServerResponse, status: number, code: string, message: string, headers = {}) {
  sendJson(res, status, { error: { code: status, message, status: code } }, headers);
}

/**
 * Google's system parameters, accepted on every call besides a method's own.
 * https://cloud.google.com/apis/docs/system-parameters
 */
const SYSTEM_PARAMETERS = new Set([
  "$.xgafv",
  "access_token",
  "alt",
  "callback",
  "fields",
  "key",
  "oauth_token",
  "prettyPrint",
  "quotaUser",
  "uploadType",
  "upload_protocol",
]);
/** The query parameters of a DV360 `list` method. */
const LIST_PARAMETERS = ["pageSize", "pageToken", "orderBy", "filter"] as const;

/**
 * Refuses a query parameter the method does not have, as Google's APIs do (400 INVALID_ARGUMENT,
 * "Cannot bind query parameter"), so a client sending a wrong name (`page_size`, `partner_id`)
 * fails here as it would there. @returns true when it answered
 */
function refuseUnknownParameter(req: SandboxRequest, res: ServerResponse, own: readonly string[]): boolean {
  const name = [...req.url.searchParams.keys()].find((k) => !SYSTEM_PARAMETERS.has(k) && !own.includes(k));
  if (name === undefined) return false;
  rpcError(
    res,
    400,
    "INVALID_ARGUMENT",
    `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
  );
  return true;
}

function isoOf(d: GoogleDate | undefined): string {
  if (!d?.year || !d.month || !d.day) return "";
  return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Google DV360 sandbox: Google OAuth (PKCE, static refresh tokens, `id_token` with `openid`,
 * revoke), the DV360 API v4 (`partners`, `advertisers?partnerId=`, `advertisers/{id}`,
 * `advertisers/{id}/campaigns`, `advertisers/{id}/insertionOrders` (`filter=entityStatus="..."`),
 * paged with `pageToken`, needing the display-video scope) and Bid
 * Manager v2 (`POST queries`, `POST queries/{id}:run`, `GET queries/{id}/reports/{reportId}`
 * QUEUED -> RUNNING -> DONE with a `googleCloudStoragePath`, `DELETE queries/{id}`, needing the
 * doubleclickbidmanager scope), the report a CSV with Bid Manager's column names, a totals row and
 * footer lines. Errors as google.rpc.Status. A query parameter the method does not have (beyond
 * Google's system parameters such as `alt`, `fields`, `prettyPrint`) is refused with 400
 * INVALID_ARGUMENT, as Google does; headers such as the official client's `user-agent` and
 * `x-goog-api-client` are ignored.
 */
export const googleDv360Platform: PlatformFactory = (ctx) => {
  const oauth = googleOAuthServer(ctx, PREFIX, "Google");
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  const queries = new Map<string, StoredQuery>();
  const reports = new Map<string, StoredReport>();
  let nextId = 900_000_001;

  const unauthenticated = (res: ServerResponse) =>
    rpcError(res, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
  const withScope = (req: SandboxRequest, res: ServerResponse, scope: string): Grant | undefined => {
    const grant = oauth.validate(req.bearer);
    if (!grant) {
      unauthenticated(res);
      return undefined;
    }
    if (!grant.scope.includes(scope)) {
      rpcError(res, 403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.");
      return undefined;
    }
    return grant;
  };
  const advertiserJson = (a: DemoAccount) => ({
    name: `advertisers/${a.id}`,
    advertiserId: a.id,
    partnerId: DV360_SANDBOX_PARTNER.partnerId,
    displayName: a.name,
    entityStatus: "ENTITY_STATUS_ACTIVE",
    updateTime: "2026-01-05T09:00:00.000Z",
    generalConfig: { domainUrl: "https://demo.pacer.test", timeZone: a.timeZone, currencyCode: a.currency },
  });
  /** A page with `pageSize` / `pageToken` / `nextPageToken`. */
  const page = <T>(req: SandboxRequest, items: T[]) => {
    const size = Math.min(Number(req.url.searchParams.get("pageSize") ?? 100) || 100, 200);
    const start = Number(req.url.searchParams.get("pageToken") ?? 0) || 0;
    const next = start + size < items.length ? String(start + size) : undefined;
    return { items: items.slice(start, start + size), ...(next ? { nextPageToken: next } : {}) };
  };
  const withAdvertiser = (req: SandboxRequest, res: ServerResponse): DemoAccount | undefined => {
    if (!withScope(req, res, DISPLAY_VIDEO_SCOPE)) return undefined;
    const advertiser = ctx.accounts.find((a) => a.id === req.params.advertiserId);
    if (!advertiser) rpcError(res, 403, "PERMISSION_DENIED", "The caller does not have permission");
    return advertiser;
  };

  /** The CSV of a query: its group-bys and metrics over the replayed rows, totals and footer. */
  const reportCsv = (q: StoredQuery): string => {
    const groupBys = q.body.params?.groupBys ?? [];
    const metrics = q.body.params?.metrics ?? [];
    const filters = q.body.params?.filters ?? [];
    const advertiserIds = filters.filter((f) => f.type === "FILTER_ADVERTISER").map((f) => f.value);
    const campaignIds = filters.filter((f) => f.type === "FILTER_MEDIA_PLAN").map((f) => String(f.value));
    const rows = new Map<string, { keys: Record<string, string>; values: Record<string, number> }>();
    for (const account of ctx.accounts.filter((a) => advertiserIds.includes(a.id))) {
      const selection = campaignIds.length ? { campaignIds } : {};
      for (const d of campaignDays(ctx.source, account, q.from, q.to, ctx.now(), selection)) {
        const keys: Record<string, string> = {
          FILTER_DATE: d.date.replace(/-/g, "/"),
          FILTER_ADVERTISER: account.id,
          FILTER_ADVERTISER_NAME: account.name,
          FILTER_ADVERTISER_CURRENCY: account.currency,
          FILTER_MEDIA_PLAN: d.campaign.id,
          FILTER_MEDIA_PLAN_NAME: d.campaign.name,
        };
        const key = groupBys.map((g) => keys[g] ?? "").join("|");
        const row = rows.get(key) ?? { keys, values: {} };
        const add = (metric: string, v: number) => {
          row.values[metric] = (row.values[metric] ?? 0) + v;
        };
        add("METRIC_IMPRESSIONS", d.impressions);
        add("METRIC_CLICKS", d.clicks);
        add("METRIC_TOTAL_CONVERSIONS", d.orders);
        add("METRIC_REVENUE_ADVERTISER", d.spendMicros);
        add("METRIC_MEDIA_COST_ADVERTISER", Math.floor((d.spendMicros * MEDIA_COST_PERCENT) / 100));
        rows.set(key, row);
      }
    }
    const cell = (metric: string, v: number) =>
      metric === "METRIC_REVENUE_ADVERTISER" || metric === "METRIC_MEDIA_COST_ADVERTISER"
        ? microsText(v, 6)
        : String(v);
    const lines = [
      [...groupBys.map((g) => GROUP_COLUMNS[g] ?? g), ...metrics.map((m) => METRIC_COLUMNS[m] ?? m)],
    ];
    const totals: Record<string, number> = {};
    for (const row of [...rows.values()].sort((a, b) =>
      (a.keys.FILTER_DATE ?? "").localeCompare(b.keys.FILTER_DATE ?? ""),
    )) {
      lines.push([
        ...groupBys.map((g) => row.keys[g] ?? ""),
        ...metrics.map((m) => {
          totals[m] = (totals[m] ?? 0) + (row.values[m] ?? 0);
          return cell(m, row.values[m] ?? 0);
        }),
      ]);
    }
    lines.push([...groupBys.map(() => ""), ...metrics.map((m) => cell(m, totals[m] ?? 0))]);
    const stamp = ctx.now().toISOString().slice(0, 16).replace("T", " ").replace(/-/g, "/");
    const footer = [
      [],
      ["Report Time:", `${stamp} UTC`],
      ["Date Range:", `${q.from.replace(/-/g, "/")} to ${q.to.replace(/-/g, "/")}`],
      ["Group By:", ...groupBys.map((g) => GROUP_COLUMNS[g] ?? g)],
      [
        "MRC Accredited Metrics",
        "Active View metrics are accredited only when Measurement Source = Measured",
      ],
      ["Filter by Advertiser ID:", advertiserIds.join(" ")],
    ];
    return `${[...lines, ...footer].map((l) => l.map(csvCell).join(",")).join("\n")}\n`;
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      ...googleOAuthRoutes(ctx, PREFIX, oauth),
      {
        method: "GET",
        pattern: "/displayvideo/{version}/partners",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, LIST_PARAMETERS)) return;
          if (!withScope(req, res, DISPLAY_VIDEO_SCOPE)) return;
          const partner = {
            name: `partners/${DV360_SANDBOX_PARTNER.partnerId}`,
            ...DV360_SANDBOX_PARTNER,
            entityStatus: "ENTITY_STATUS_ACTIVE",
            generalConfig: { timeZone: "Europe/London", currencyCode: "GBP" },
          };
          const p = page(req, [partner]);
          sendJson(res, 200, {
            partners: p.items,
            ...(p.nextPageToken ? { nextPageToken: p.nextPageToken } : {}),
          });
        },
      },
      {
        method: "GET",
        pattern: "/displayvideo/{version}/advertisers",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, [...LIST_PARAMETERS, "partnerId"])) return;
          if (!withScope(req, res, DISPLAY_VIDEO_SCOPE)) return;
          if (req.url.searchParams.get("partnerId") !== DV360_SANDBOX_PARTNER.partnerId) {
            return rpcError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument: partnerId.");
          }
          const p = page(req, ctx.accounts.map(advertiserJson));
          sendJson(res, 200, {
            advertisers: p.items,
            ...(p.nextPageToken ? { nextPageToken: p.nextPageToken } : {}),
          });
        },
      },
      {
        method: "GET",
        pattern: "/displayvideo/{version}/advertisers/{advertiserId}",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, [])) return;
          const advertiser = withAdvertiser(req, res);
          if (advertiser) sendJson(res, 200, advertiserJson(advertiser));
        },
      },
      {
        method: "GET",
        pattern: "/displayvideo/{version}/advertisers/{advertiserId}/campaigns",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, LIST_PARAMETERS)) return;
          const advertiser = withAdvertiser(req, res);
          if (!advertiser) return;
          const campaigns = advertiser.campaigns.map((c) => ({
            name: `advertisers/${advertiser.id}/campaigns/${c.id}`,
            advertiserId: advertiser.id,
            campaignId: c.id,
            displayName: c.name,
            entityStatus: c.status === "ENABLED" ? "ENTITY_STATUS_ACTIVE" : "ENTITY_STATUS_PAUSED",
          }));
          const p = page(req, campaigns);
          sendJson(res, 200, {
            campaigns: p.items,
            ...(p.nextPageToken ? { nextPageToken: p.nextPageToken } : {}),
          });
        },
      },
      {
        // One insertion order per campaign, status as the campaign's, a currency budget of two
        // segments: last month's (ended) and the current flight from this month's first day to next
        // month's last, each the campaign's daily budget (demo-budgets.ts) times its days. Dates are
        // the advertiser's days. https://developers.google.com/display-video/api/reference/rest/v4/advertisers.insertionOrders
        method: "GET",
        pattern: "/displayvideo/{version}/advertisers/{advertiserId}/insertionOrders",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, LIST_PARAMETERS)) return;
          const advertiser = withAdvertiser(req, res);
          if (!advertiser) return;
          // insertionOrders.list takes pageSize 1 to 100 (other listings up to 200).
          const pageSize = Number(req.url.searchParams.get("pageSize") ?? 100);
          if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
            return rpcError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument: pageSize.");
          }
          const filter = req.url.searchParams.get("filter");
          const wanted = filter
            ? /^entityStatus\s*=\s*"?(ENTITY_STATUS_[A-Z_]+)"?$/.exec(filter)?.[1]
            : undefined;
          if (filter && !wanted) {
            return rpcError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument: filter.");
          }
          const today = todayInZone(advertiser.timeZone, ctx.now());
          const thisMonth = monthStartBefore(today, 0);
          const lastMonth = monthStartBefore(today, 1);
          const flightEnd = plusDays(monthStartBefore(today, -2), -1);
          const budgets = demoBudgets(ctx.source, advertiser);
          const segment = (from: string, to: string, daily: number) => ({
            budgetAmountMicros: String(daily * (epochDay(to) - epochDay(from) + 1)),
            description: `${from} to ${to}`,
            dateRange: { startDate: googleDate(from), endDate: googleDate(to) },
          });
          const orders = advertiser.campaigns
            .map((c) => {
              const daily = budgetOf(budgets, c.id)?.amountMicros ?? 0;
              return {
                name: `advertisers/${advertiser.id}/insertionOrders/8${c.id}`,
                advertiserId: advertiser.id,
                campaignId: c.id,
                insertionOrderId: `8${c.id}`,
                displayName: `${c.name} IO`,
                entityStatus: c.status === "ENABLED" ? "ENTITY_STATUS_ACTIVE" : "ENTITY_STATUS_PAUSED",
                budget: {
                  budgetUnit: "BUDGET_UNIT_CURRENCY",
                  automationType: "INSERTION_ORDER_AUTOMATION_TYPE_NONE",
                  budgetSegments: [
                    segment(lastMonth, plusDays(thisMonth, -1), daily),
                    segment(thisMonth, flightEnd, daily),
                  ],
                },
              };
            })
            .filter((o) => !wanted || o.entityStatus === wanted);
          const p = page(req, orders);
          sendJson(res, 200, {
            insertionOrders: p.items,
            ...(p.nextPageToken ? { nextPageToken: p.nextPageToken } : {}),
          });
        },
      },
      {
        method: "POST",
        pattern: "/doubleclickbidmanager/{version}/queries",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, [])) return;
          if (!withScope(req, res, BID_MANAGER_SCOPE)) return;
          const body = (req.json ?? {}) as QueryBody;
          const range = body.metadata?.dataRange;
          const from = isoOf(range?.customStartDate);
          const to = isoOf(range?.customEndDate);
          const params = body.params;
          const invalid = (message: string) => rpcError(res, 400, "INVALID_ARGUMENT", message);
          if (range?.range !== "CUSTOM_DATES" || !isDate(from) || !isDate(to) || to < from) {
            return invalid("dataRange must be CUSTOM_DATES with valid customStartDate and customEndDate");
          }
          if (body.metadata?.format !== "CSV" || params?.type !== "STANDARD")
            return invalid("the sandbox serves STANDARD CSV reports");
          const groupBys = params.groupBys ?? [];
          const unknown = [
            ...groupBys.filter((g) => !GROUP_COLUMNS[g]),
            ...(params.metrics ?? []).filter((m) => !METRIC_COLUMNS[m]),
          ];
          if (!groupBys.includes("FILTER_DATE") || unknown.length)
            return invalid(`unsupported groupBys or metrics: ${unknown.join(", ")}`);
          const advertisers = (params.filters ?? []).filter((f) => f.type === "FILTER_ADVERTISER");
          if (!advertisers.length || advertisers.some((f) => !ctx.accounts.some((a) => a.id === f.value))) {
            return rpcError(
              res,
              403,
              "PERMISSION_DENIED",
              "The caller does not have permission to the advertiser.",
            );
          }
          const queryId = String(nextId++);
          queries.set(queryId, { queryId, body, from, to });
          sendJson(res, 200, {
            queryId,
            metadata: body.metadata,
            params: body.params,
            schedule: { frequency: "ONE_TIME" },
          });
        },
      },
      {
        method: "POST",
        pattern: "/doubleclickbidmanager/{version}/queries/{queryId}:run",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, ["synchronous"])) return;
          if (!withScope(req, res, BID_MANAGER_SCOPE)) return;
          const q = queries.get(req.params.queryId ?? "");
          if (!q) return rpcError(res, 404, "NOT_FOUND", "Query not found.");
          const reportId = String(nextId++);
          reports.set(reportId, { queryId: q.queryId, reportId, checks: 0 });
          sendJson(res, 200, {
            key: { queryId: q.queryId, reportId },
            metadata: { status: { state: "QUEUED", format: "CSV" } },
            params: q.body.params,
          });
        },
      },
      {
        method: "GET",
        pattern: "/doubleclickbidmanager/{version}/queries/{queryId}/reports/{reportId}",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, [])) return;
          if (!withScope(req, res, BID_MANAGER_SCOPE)) return;
          const report = reports.get(req.params.reportId ?? "");
          const q = queries.get(req.params.queryId ?? "");
          if (!report || !q || report.queryId !== q.queryId)
            return rpcError(res, 404, "NOT_FOUND", "Report not found.");
          const state = STATES[Math.min(report.checks, STATES.length - 1)] as string;
          report.checks++;
          const [y, m, d] = q.from.split("-").map(Number);
          const [ty, tm, td] = q.to.split("-").map(Number);
          sendJson(res, 200, {
            key: { queryId: q.queryId, reportId: report.reportId },
            metadata: {
              status: {
                state,
                format: "CSV",
                ...(state === "DONE" ? { finishTime: ctx.now().toISOString() } : {}),
              },
              reportDataStartDate: { year: y, month: m, day: d },
              reportDataEndDate: { year: ty, month: tm, day: td },
              ...(state === "DONE"
                ? {
                    googleCloudStoragePath: `${base()}/storage/dv360-reports/${report.reportId}.csv?Expires=3600&Signature=sandbox`,
                  }
                : {}),
            },
            params: q.body.params,
          });
        },
      },
      {
        method: "DELETE",
        pattern: "/doubleclickbidmanager/{version}/queries/{queryId}",
        handle: (req, res) => {
          if (refuseUnknownParameter(req, res, [])) return;
          if (!withScope(req, res, BID_MANAGER_SCOPE)) return;
          if (!queries.delete(req.params.queryId ?? ""))
            return rpcError(res, 404, "NOT_FOUND", "Query not found.");
          sendJson(res, 200, {});
        },
      },
      {
        method: "GET",
        pattern: "/storage/dv360-reports/{file}",
        handle: (req, res) => {
          const report = reports.get((req.params.file ?? "").replace(/\.csv$/, ""));
          const q = report && queries.get(report.queryId);
          if (!report || !q || report.checks < STATES.length) {
            res.writeHead(404, { "content-type": "application/xml" });
            res.end("<Error><Code>NoSuchKey</Code></Error>");
            return;
          }
          res.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
          res.end(reportCsv(q));
        },
      },
    ],
    authFailure: unauthenticated,
    serverError: (res) => rpcError(res, 500, "INTERNAL", "Internal error encountered."),
    rateLimited: (res, seconds) =>
      rpcError(res, 429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Queries'.", {
        "retry-after": String(seconds),
      }),
  };
};

/** `yyyy-MM-dd` -> a google.type.Date `{year, month, day}`. */
function googleDate(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  return { year, month, day };
}
