import type { ServerResponse } from "node:http";
import { isDate, plusDays } from "../data/calendar.ts";
import type { DemoAccount } from "../data/demo-accounts.ts";
import { campaignDays, groupDays } from "../data/replay.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "cake";
/** The API key the sandbox Cake instance accepts. */
export const SANDBOX_CAKE_API_KEY = "sandbox-cake-api-key";

/** ASP.NET's JSON wrapper: `{"d": {...}}`, refusals as HTTP 200 with `success: false`. */
function answer(res: ServerResponse, type: string, body: Record<string, unknown>) {
  sendJson(res, 200, { d: { __type: `Cake.Api.${type}`, success: true, message: "", ...body } });
}
function refuse(res: ServerResponse, message: string) {
  sendJson(res, 200, { d: { __type: "Cake.Api.Response", success: false, message } });
}

/** Money in micros -> a JSON number in currency units (Cake sends decimals). */
const units = (micros: number) => micros / 1_000_000;

/** The same day one calendar month later, clamped to the month's end (`2026-01-31` -> `2026-02-28`). */
function plusOneMonth(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * Cake sandbox (an affiliate network's admin API, served for the reserved demo domain in local
 * mode): ASP.NET JSON methods `POST /api/2/reports.asmx/DailySummaryExport` (end date exclusive,
 * at most one month, filtered by advertiser and offer), `POST /api/6/export.asmx/Advertisers` and
 * `POST /api/5/export.asmx/Offers`, every parameter required in the body, the API key checked
 * (`Invalid API Key` refusal with HTTP 200). Demo advertisers are the platform's demo accounts and
 * their offers its campaigns; `cost` is the replayed spend, `views` the impressions, `revenue`
 * the replayed revenue.
 */
export const cakePlatform: PlatformFactory = (ctx) => {
  /** The JSON body when the key is right and every named parameter is present, else answers the refusal. */
  const params = (
    req: SandboxRequest,
    res: ServerResponse,
    names: string[],
  ): Record<string, unknown> | undefined => {
    const body = req.json as Record<string, unknown> | undefined;
    if (!body || !/json/.test(String(req.headers["content-type"] ?? ""))) {
      sendJson(res, 500, { Message: "Invalid JSON primitive.", ExceptionType: "System.ArgumentException" });
      return undefined;
    }
    if (body.api_key !== SANDBOX_CAKE_API_KEY) {
      refuse(res, "Invalid API Key");
      return undefined;
    }
    const missing = names.filter((n) => !(n in body));
    if (missing.length) {
      sendJson(res, 500, {
        Message: `Invalid web service call, missing value for parameter: '${missing[0]}'.`,
        ExceptionType: "System.InvalidOperationException",
      });
      return undefined;
    }
    return body;
  };
  const advertisers = (id: unknown): DemoAccount[] =>
    Number(id) === 0 ? ctx.accounts : ctx.accounts.filter((a) => a.id === String(id));

  return {
    prefix: PREFIX,
    routes: [
      {
        method: "POST",
        pattern: "/api/2/reports.asmx/DailySummaryExport",
        handle: (req, res) => {
          const p = params(req, res, [
            "start_date",
            "end_date",
            "source_affiliate_id",
            "brand_advertiser_id",
            "site_offer_id",
            "vertical_id",
            "campaign_id",
            "creative_id",
            "account_manager_id",
            "include_tests",
          ]);
          if (!p) return;
          const start = String(p.start_date).slice(0, 10);
          const end = String(p.end_date).slice(0, 10);
          if (!isDate(start) || !isDate(end) || end <= start)
            return refuse(res, "Invalid start_date or end_date");
          if (end > plusOneMonth(start)) return refuse(res, "Date range cannot be more than one month");
          const offer = String(p.site_offer_id);
          const selection = offer === "0" ? {} : { campaignIds: [offer] };
          const days = advertisers(p.brand_advertiser_id).flatMap((account) =>
            campaignDays(ctx.source, account, start, plusDays(end, -1), ctx.now(), selection),
          );
          const rows = groupDays(days, (d) => d.date)
            .map(({ first, figures: f }) => ({
              date: first.date,
              t: {
                views: f.impressions,
                clicks: f.clicks,
                conversions: f.orders,
                cost: f.spendMicros,
                revenue: f.revenueMicros,
              },
            }))
            .sort((a, b) => a.date.localeCompare(b.date))
            .map(({ date, t }) => ({
              date: `${date}T00:00:00`,
              views: t.views,
              clicks: t.clicks,
              click_thru_percentage: t.views ? t.clicks / t.views : 0,
              conversions: t.conversions,
              paid: t.conversions,
              sellable: t.conversions,
              conversion_rate: t.clicks ? t.conversions / t.clicks : 0,
              cost: units(t.cost),
              average_cost: t.conversions ? units(Math.round(t.cost / t.conversions)) : 0,
              revenue: units(t.revenue),
              revenue_per_transaction: t.conversions ? units(Math.round(t.revenue / t.conversions)) : 0,
              margin: t.revenue ? (t.revenue - t.cost) / t.revenue : 0,
              profit: units(t.revenue - t.cost),
            }));
          answer(res, "DailySummaryExportResponse", { row_count: rows.length, days: rows });
        },
      },
      {
        method: "POST",
        pattern: "/api/6/export.asmx/Advertisers",
        handle: (req, res) => {
          const p = params(req, res, [
            "advertiser_id",
            "advertiser_name",
            "account_manager_id",
            "tag_id",
            "start_at_row",
            "row_limit",
            "sort_field",
            "sort_descending",
          ]);
          if (!p) return;
          const list = advertisers(p.advertiser_id).map((a) => ({
            advertiser_id: Number(a.id),
            advertiser_name: a.name,
            account_status: { account_status_id: 1, account_status_name: "Active" },
            website: "https://demo.pacer.test",
          }));
          answer(res, "AdvertiserExportResponse", { row_count: list.length, advertisers: list });
        },
      },
      {
        method: "POST",
        pattern: "/api/5/export.asmx/Offers",
        handle: (req, res) => {
          const p = params(req, res, [
            "offer_id",
            "offer_name",
            "advertiser_id",
            "vertical_id",
            "offer_type_id",
            "media_type_id",
            "offer_status_id",
            "tag_id",
            "start_at_row",
            "row_limit",
            "sort_field",
            "sort_descending",
          ]);
          if (!p) return;
          const list = advertisers(p.advertiser_id).flatMap((a) =>
            a.campaigns.map((c) => ({
              offer_id: Number(c.id),
              offer_name: c.name,
              advertiser: { advertiser_id: Number(a.id), advertiser_name: a.name },
              offer_status: {
                offer_status_id: c.status === "ENABLED" ? 1 : 2,
                offer_status_name: c.status === "ENABLED" ? "Active" : "Inactive",
              },
            })),
          );
          answer(res, "OfferExportResponse", { row_count: list.length, offers: list });
        },
      },
    ],
    authFailure: (res) => refuse(res, "Invalid API Key"),
    serverError: (res) =>
      sendJson(res, 500, {
        Message: "There was an error processing the request.",
        StackTrace: "",
        ExceptionType: "",
      }),
    rateLimited: (res, seconds) =>
      sendJson(res, 429, { Message: "Too many requests" }, { "retry-after": String(seconds) }),
  };
};
