import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { strToU8, zipSync } from "fflate";
import type { DemoAccount } from "../data/demo-accounts.ts";
import { type CampaignDay, campaignDays } from "../data/replay.ts";
import { microsText } from "../data/source-rows.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import { OAuthServer, standardTokenEndpoint } from "../oauth-server.ts";
import { budgetOf, demoBudgets } from "./demo-budgets.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "bingads";
/** The developer token the sandbox accepts (mirrors the connectors' sandbox config). */
export const SANDBOX_MICROSOFT_ADS_DEVELOPER_TOKEN = "sandbox-bingads-developer-token";

/** Microsoft time zone names of the IANA zones the demo accounts use. */
export const MICROSOFT_TIME_ZONE_OF: Readonly<Record<string, string>> = Object.freeze({
  "America/New_York": "EasternTimeUSCanada",
  "America/Chicago": "CentralTimeUSCanada",
  "America/Los_Angeles": "PacificTimeUSCanadaTijuana",
  "Europe/London": "GreenwichMeanTimeDublinEdinburghLisbonLondon",
  "Europe/Berlin": "AmsterdamBerlinBernRomeStockholmVienna",
  "Europe/Paris": "BrusselsCopenhagenMadridParis",
});

/** Columns the sandbox's account and campaign performance reports can fill. */
const REPORT_COLUMNS = new Set([
  "TimePeriod",
  "AccountId",
  "AccountName",
  "CurrencyCode",
  "CampaignId",
  "CampaignName",
  "CampaignStatus",
  "Spend",
  "Impressions",
  "Clicks",
  "Conversions",
  "Revenue",
]);

interface MicrosoftError {
  Code: number;
  ErrorCode: string;
  Message: string;
}

/** `AdApiFaultDetail` (authentication and service faults). */
function adApiFault(res: ServerResponse, status: number, errors: MicrosoftError[], headers = {}) {
  sendJson(res, status, { Errors: errors, TrackingId: trackingId(), Type: "AdApiFaultDetail" }, headers);
}

/** `ApiFaultDetail` (operation faults of a well-authenticated call). */
function apiFault(res: ServerResponse, errors: MicrosoftError[]) {
  sendJson(res, 400, {
    BatchErrors: [],
    OperationErrors: errors,
    TrackingId: trackingId(),
    Type: "ApiFaultDetail",
  });
}

function trackingId(): string {
  const h = randomBytes(16).toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A stable all-digits Microsoft user id for a sandbox user (ids are int64 in Microsoft's API). */
function microsoftUserId(userId: string): string {
  return String(100_000_000 + (Number.parseInt(userId.slice(0, 7), 16) % 900_000_000));
}

function isoOf(d: unknown): string | undefined {
  const o = d as { Day?: number; Month?: number; Year?: number } | undefined;
  if (!o?.Day || !o.Month || !o.Year) return undefined;
  return `${o.Year}-${String(o.Month).padStart(2, "0")}-${String(o.Day).padStart(2, "0")}`;
}

function csvLine(values: Array<string | number>): string {
  return values.map((v) => `"${String(v).replace(/"/g, '""')}"`).join(",");
}

interface ReportJob {
  accountId: string;
  pollsLeft: number;
  zip: Uint8Array | undefined;
  sig: string;
}

/**
 * Microsoft Advertising sandbox: the Microsoft identity platform (`/login/{tenant}/oauth2/v2.0/...`,
 * PKCE, rotating refresh tokens, no revocation endpoint), Customer Management REST (`User/Query`,
 * `Accounts/Search`, `Account/Query`), Campaign Management `Campaigns/QueryByAccountId`,
 * `Campaigns/QueryByIds` and `PUT Campaigns` (UpdateCampaigns: status and daily budget, kept in the
 * write store the replay obeys), and
 * Reporting `GenerateReport/Submit` + `GenerateReport/Poll` (one `Pending` poll, then `Success`)
 * with a ZIP of one CSV served from a signed download URL (null when the report has no rows).
 * Campaigns carry `DailyBudget` (currency units) from `demo-budgets.ts` and `BudgetId` for a shared one.
 * Checks `DeveloperToken`, and `CustomerId`/`CustomerAccountId` on account-scoped calls. Errors as
 * `AdApiFaultDetail` / `ApiFaultDetail`.
 */
export const bingAdsPlatform: PlatformFactory = (ctx) => {
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "Microsoft Advertising",
      approvePath: "/login/{tenant}/oauth2/v2.0/approve",
      pkce: true,
      refreshTokens: "rotating",
      accessTokenTtlSeconds: 3599,
      scopeSeparator: " ",
      returnScope: false,
      denyParams: {
        error: "access_denied",
        error_description: "The user has denied access to the scope requested by the client application.",
      },
    },
    () => ctx.now().getTime(),
  );
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  const jobs = new Map<string, ReportJob>();
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));

  const tokenExpired = (res: ServerResponse) =>
    adApiFault(res, 401, [
      {
        Code: 109,
        ErrorCode: "AuthenticationTokenExpired",
        Message: "Authentication token expired. Please renew it or obtain a new token.",
      },
    ]);

  /** The grant of a call with a live token and the sandbox developer token, or undefined (answered). */
  const authorized = (req: SandboxRequest, res: ServerResponse) => {
    const grant = oauth.validate(req.bearer);
    if (!grant) {
      tokenExpired(res);
      return undefined;
    }
    if (req.headers.developertoken !== SANDBOX_MICROSOFT_ADS_DEVELOPER_TOKEN) {
      adApiFault(res, 401, [
        {
          Code: 105,
          ErrorCode: "InvalidCredentials",
          Message:
            "Authentication failed. Either supplied credentials are invalid or the account is inactive.",
        },
      ]);
      return undefined;
    }
    return grant;
  };

  /** The account an account-scoped call addresses through `CustomerId` / `CustomerAccountId`, or undefined (answered). */
  const scopedAccount = (req: SandboxRequest, res: ServerResponse): DemoAccount | undefined => {
    const account = ctx.accounts.find((a) => a.id === String(req.headers.customeraccountid ?? ""));
    if (!account || String(req.headers.customerid ?? "") !== account.customerId) {
      adApiFault(res, 401, [
        {
          Code: 106,
          ErrorCode: "UserIsNotAuthorized",
          Message: "The user does not represent an authorized customer or account.",
        },
      ]);
      return undefined;
    }
    return account;
  };

  /** A campaign as Campaign Management answers it, with the writes so far (DailyBudget in currency units). */
  const campaignJson = (account: DemoAccount, c: DemoAccount["campaigns"][number]) => {
    // DailyBudget: a double in currency units (a shared budget's amount when BudgetId is set).
    const budget = budgetOf(budgets.get(account.id) ?? [], c.id);
    const at = ctx.now().getTime();
    const amount = budget ? ctx.writes.dailyBudget(account, c.id, at, budget.amountMicros) : undefined;
    return {
      Id: c.id,
      Name: c.name,
      Status: ctx.writes.status(account, c, at) === "PAUSED" ? "Paused" : "Active",
      CampaignType: "Search",
      BudgetType: "DailyBudgetStandard",
      DailyBudget: amount !== undefined ? amount / 1_000_000 : null,
      BudgetId: budget?.shared ? budget.id : null,
      TimeZone: MICROSOFT_TIME_ZONE_OF[account.timeZone] ?? null,
    };
  };

  const accountJson = (a: DemoAccount) => ({
    AccountFinancialStatus: "ClearFinancialStatus",
    AccountLifeCycleStatus: "Active",
    BillToCustomerId: a.customerId,
    CurrencyCode: a.currency,
    Id: a.id,
    Language: "English",
    Name: a.name,
    Number: `F${a.id.slice(-7)}`,
    ParentCustomerId: a.customerId,
    PauseReason: null,
    TimeZone: MICROSOFT_TIME_ZONE_OF[a.timeZone] ?? "GreenwichMeanTimeDublinEdinburghLisbonLondon",
    ForwardCompatibilityMap: null,
  });

  /** Builds the report file (or undefined when no row has delivery). */
  const buildReport = (
    account: DemoAccount,
    columns: string[],
    from: string,
    to: string,
    campaignIds: string[] | undefined,
    campaignLevel: boolean,
  ): Uint8Array | undefined => {
    const days = campaignDays(
      ctx.source,
      account,
      from,
      to,
      ctx.now(),
      campaignIds ? { campaignIds } : {},
      ctx.writes,
    );
    const rows: Array<{ date: string; campaign?: DemoAccount["campaigns"][number]; t: CampaignDay }> = [];
    if (campaignLevel) {
      for (const d of days) rows.push({ date: d.date, campaign: d.campaign, t: d });
    } else {
      const byDate = new Map<string, CampaignDay>();
      for (const d of days) {
        const t = byDate.get(d.date);
        byDate.set(
          d.date,
          t
            ? {
                ...t,
                impressions: t.impressions + d.impressions,
                spendMicros: t.spendMicros + d.spendMicros,
                clicks: t.clicks + d.clicks,
                leads: t.leads + d.leads,
                orders: t.orders + d.orders,
                revenueMicros: t.revenueMicros + d.revenueMicros,
              }
            : d,
        );
      }
      for (const [date, t] of byDate) rows.push({ date, t });
    }
    const delivered = rows.filter((r) => r.t.impressions || r.t.spendMicros);
    if (!delivered.length) return undefined;
    const value = (column: string, r: (typeof rows)[number]): string | number => {
      switch (column) {
        case "TimePeriod":
          return r.date;
        case "AccountId":
          return account.id;
        case "AccountName":
          return account.name;
        case "CurrencyCode":
          return account.currency;
        case "CampaignId":
          return r.campaign?.id ?? "";
        case "CampaignName":
          return r.campaign?.name ?? "";
        case "CampaignStatus":
          return r.campaign?.status === "PAUSED" ? "Paused" : "Active";
        case "Spend":
          return microsText(r.t.spendMicros);
        case "Impressions":
          return r.t.impressions;
        case "Clicks":
          return r.t.clicks;
        case "Conversions":
          return r.t.orders;
        case "Revenue":
          return microsText(r.t.revenueMicros);
        default:
          return "";
      }
    };
    const lines = [csvLine(columns), ...delivered.map((r) => csvLine(columns.map((c) => value(c, r))))];
    const name = campaignLevel ? "CampaignPerformanceReport.csv" : "AccountPerformanceReport.csv";
    return zipSync({ [name]: strToU8(`\uFEFF${lines.join("\r\n")}\r\n`) });
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      ...oauth.consentRoutes("/login/{tenant}/oauth2/v2.0/authorize", base),
      {
        method: "POST",
        pattern: "/login/{tenant}/oauth2/v2.0/token",
        kind: "token",
        handle: standardTokenEndpoint(oauth, (issued) => ({ ext_expires_in: issued.expires_in })),
      },
      {
        method: "POST",
        pattern: "/clientcenter/CustomerManagement/{version}/User/Query",
        handle: (req, res) => {
          const grant = authorized(req, res);
          if (!grant) return;
          const customers = [...new Set(ctx.accounts.map((a) => a.customerId ?? ""))].filter(Boolean);
          const [first = "", ...others] = grant.user.name.split(" ");
          sendJson(res, 200, {
            User: {
              ContactInfo: { Email: grant.user.email, Phone1: null },
              CustomerId: customers[0] ?? null,
              Id: microsoftUserId(grant.user.id),
              Lcid: "EnglishUS",
              Name: { FirstName: first, LastName: others.join(" "), MiddleInitial: null },
              UserLifeCycleStatus: "Active",
              UserName: grant.user.email,
            },
            CustomerRoles: customers.map((customerId) => ({
              RoleId: 41,
              CustomerId: customerId,
              AccountIds: null,
              LinkedAccountIds: null,
              CustomerLinkPermission: null,
            })),
          });
        },
      },
      {
        method: "POST",
        pattern: "/clientcenter/CustomerManagement/{version}/Accounts/Search",
        handle: (req, res) => {
          const grant = authorized(req, res);
          if (!grant) return;
          const body = req.json as
            | {
                Predicates?: Array<{ Field?: string; Value?: string }>;
                PageInfo?: { Index?: number; Size?: number };
              }
            | undefined;
          const byUser = body?.Predicates?.find((p) => p.Field === "UserId");
          const size = Math.min(body?.PageInfo?.Size ?? 100, 1000);
          if (!byUser || !Number.isInteger(body?.PageInfo?.Index) || size < 1) {
            return apiFault(res, [
              { Code: 100, ErrorCode: "NullRequest", Message: "Predicates and PageInfo are required." },
            ]);
          }
          const mine = String(byUser.Value) === microsoftUserId(grant.user.id) ? ctx.accounts : [];
          const index = body?.PageInfo?.Index ?? 0;
          sendJson(res, 200, { Accounts: mine.slice(index * size, index * size + size).map(accountJson) });
        },
      },
      {
        method: "POST",
        pattern: "/clientcenter/CustomerManagement/{version}/Account/Query",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const id = String((req.json as { AccountId?: unknown } | undefined)?.AccountId ?? "");
          const account = ctx.accounts.find((a) => a.id === id);
          if (!account) {
            return apiFault(res, [
              { Code: 1102, ErrorCode: "InvalidAccountId", Message: "The account ID is invalid." },
            ]);
          }
          sendJson(res, 200, { Account: accountJson(account) });
        },
      },
      {
        method: "POST",
        pattern: "/campaign/CampaignManagement/{version}/Campaigns/QueryByAccountId",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const account = scopedAccount(req, res);
          if (!account) return;
          if (String((req.json as { AccountId?: unknown } | undefined)?.AccountId ?? "") !== account.id) {
            return apiFault(res, [
              { Code: 1102, ErrorCode: "InvalidAccountId", Message: "The account ID is invalid." },
            ]);
          }
          sendJson(res, 200, {
            Campaigns: account.campaigns.map((c) => campaignJson(account, c)),
            PartialErrors: null,
          });
        },
      },
      {
        // GetCampaignsByIds: the campaigns of `CampaignIds` (a null entry for an unknown id).
        // https://learn.microsoft.com/en-us/advertising/campaign-management-service/getcampaignsbyids
        method: "POST",
        pattern: "/campaign/CampaignManagement/{version}/Campaigns/QueryByIds",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const account = scopedAccount(req, res);
          if (!account) return;
          const body = req.json as { AccountId?: unknown; CampaignIds?: unknown } | undefined;
          if (String(body?.AccountId ?? "") !== account.id || !Array.isArray(body?.CampaignIds)) {
            return apiFault(res, [
              { Code: 1102, ErrorCode: "InvalidAccountId", Message: "The account ID is invalid." },
            ]);
          }
          const ids = (body.CampaignIds as unknown[]).map(String);
          sendJson(res, 200, {
            Campaigns: ids.map((id) => {
              const c = account.campaigns.find((x) => x.id === id);
              return c ? campaignJson(account, c) : null;
            }),
            PartialErrors: null,
          });
        },
      },
      {
        // UpdateCampaigns: `Status` (Active | Paused) and/or `DailyBudget` (currency units) per
        // campaign; a campaign on a shared budget (BudgetId) cannot take a DailyBudget of its own.
        // A user whose role may not change campaigns gets 106 UserIsNotAuthorized.
        // https://learn.microsoft.com/en-us/advertising/campaign-management-service/updatecampaigns
        method: "PUT",
        pattern: "/campaign/CampaignManagement/{version}/Campaigns",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const account = scopedAccount(req, res);
          if (!account) return;
          if (ctx.writes.refuses(PREFIX)) {
            return apiFault(res, [
              {
                Code: 106,
                ErrorCode: "UserIsNotAuthorized",
                Message: "The user does not represent an authorized customer or account.",
              },
            ]);
          }
          const body = req.json as { AccountId?: unknown; Campaigns?: unknown } | undefined;
          if (String(body?.AccountId ?? "") !== account.id || !Array.isArray(body?.Campaigns)) {
            return apiFault(res, [
              { Code: 1102, ErrorCode: "InvalidAccountId", Message: "The account ID is invalid." },
            ]);
          }
          const at = ctx.now().getTime();
          const partial: Array<{ Code: number; ErrorCode: string; Index: number; Message: string }> = [];
          (body.Campaigns as Array<{ Id?: unknown; Status?: unknown; DailyBudget?: unknown }>).forEach(
            (u, index) => {
              const campaign = account.campaigns.find((c) => c.id === String(u?.Id ?? ""));
              const status = u?.Status;
              const amount = u?.DailyBudget;
              if (!campaign) {
                partial.push({
                  Code: 1100,
                  ErrorCode: "CampaignServiceInvalidCampaignId",
                  Index: index,
                  Message: "The campaign ID is invalid.",
                });
                return;
              }
              const shared = budgetOf(budgets.get(account.id) ?? [], campaign.id)?.shared;
              if (
                (status !== undefined && status !== null && status !== "Active" && status !== "Paused") ||
                (amount !== undefined &&
                  amount !== null &&
                  (typeof amount !== "number" || !(amount > 0) || shared))
              ) {
                partial.push({
                  Code: 1115,
                  ErrorCode: "CampaignServiceInvalidDailyBudget",
                  Index: index,
                  Message: "The campaign's daily budget or status is invalid.",
                });
                return;
              }
              ctx.writes.record(account, campaign.id, {
                at,
                ...(status === "Active" || status === "Paused"
                  ? { status: status === "Active" ? ("ENABLED" as const) : ("PAUSED" as const) }
                  : {}),
                ...(typeof amount === "number" ? { dailyBudgetMicros: Math.round(amount * 1_000_000) } : {}),
              });
            },
          );
          sendJson(res, 200, { PartialErrors: partial.length ? partial : null });
        },
      },
      {
        method: "POST",
        pattern: "/reporting/Reporting/{version}/GenerateReport/Submit",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const account = scopedAccount(req, res);
          if (!account) return;
          const r = (req.json as { ReportRequest?: Record<string, unknown> } | undefined)?.ReportRequest;
          const type = r?.Type;
          const columns = Array.isArray(r?.Columns) ? (r.Columns as unknown[]).map(String) : [];
          const time = r?.Time as {
            CustomDateRangeStart?: unknown;
            CustomDateRangeEnd?: unknown;
            ReportTimeZone?: string;
          };
          const from = isoOf(time?.CustomDateRangeStart);
          const to = isoOf(time?.CustomDateRangeEnd);
          const scope = r?.Scope as {
            AccountIds?: unknown[];
            Campaigns?: Array<{ AccountId?: unknown; CampaignId?: unknown }>;
          };
          const campaignLevel = type === "CampaignPerformanceReportRequest";
          const refuse = (Code: number, ErrorCode: string, Message: string) =>
            apiFault(res, [{ Code, ErrorCode, Message }]);
          if (type !== "AccountPerformanceReportRequest" && !campaignLevel) {
            return refuse(
              2001,
              "ReportingServiceInvalidReportType",
              "The sandbox serves account and campaign performance reports.",
            );
          }
          if (r?.Format !== "Csv" || r?.Aggregation !== "Daily") {
            return refuse(
              2002,
              "ReportingServiceInvalidFormat",
              "The sandbox serves Csv reports with Daily aggregation.",
            );
          }
          if (
            !columns.length ||
            columns.some((c) => !REPORT_COLUMNS.has(c)) ||
            (!campaignLevel && columns.some((c) => c.startsWith("Campaign")))
          ) {
            return refuse(
              2004,
              "ReportingServiceInvalidReportColumns",
              "A requested column is not valid for this report.",
            );
          }
          if (!from || !to || from > to) {
            return refuse(
              2005,
              "ReportingServiceInvalidCustomDateRange",
              "The custom date range is not valid.",
            );
          }
          if (time?.ReportTimeZone !== MICROSOFT_TIME_ZONE_OF[account.timeZone]) {
            return refuse(
              2006,
              "ReportingServiceInvalidTimeZone",
              "The sandbox reports in the account's own time zone.",
            );
          }
          const scopedIds =
            scope?.AccountIds?.map(String) ?? scope?.Campaigns?.map((c) => String(c.AccountId)) ?? [];
          if (!scopedIds.length || scopedIds.some((id) => id !== account.id)) {
            return refuse(
              2007,
              "ReportingServiceInvalidAccountIds",
              "The report scope must name the CustomerAccountId account.",
            );
          }
          const campaignIds = scope?.Campaigns?.map((c) => String(c.CampaignId));
          const id = `${Date.now()}${randomBytes(4).readUInt32BE(0)}`;
          jobs.set(id, {
            accountId: account.id,
            pollsLeft: 1,
            zip: buildReport(account, columns, from, to, campaignIds, campaignLevel),
            sig: randomBytes(12).toString("base64url"),
          });
          sendJson(res, 200, { ReportRequestId: id });
        },
      },
      {
        method: "POST",
        pattern: "/reporting/Reporting/{version}/GenerateReport/Poll",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const account = scopedAccount(req, res);
          if (!account) return;
          const id = String((req.json as { ReportRequestId?: unknown } | undefined)?.ReportRequestId ?? "");
          const job = jobs.get(id);
          if (!job || job.accountId !== account.id) {
            return apiFault(res, [
              {
                Code: 2100,
                ErrorCode: "ReportingServiceInvalidReportId",
                Message: "The report request ID is not valid.",
              },
            ]);
          }
          if (job.pollsLeft > 0) {
            job.pollsLeft--;
            return sendJson(res, 200, {
              ReportRequestStatus: { ReportDownloadUrl: null, Status: "Pending" },
            });
          }
          const url = job.zip
            ? `${base()}/blob/reports/${id}.zip?sv=2023-11-03&sr=b&sp=r&sig=${job.sig}`
            : null;
          sendJson(res, 200, { ReportRequestStatus: { ReportDownloadUrl: url, Status: "Success" } });
        },
      },
      {
        method: "GET",
        pattern: "/blob/reports/{file}",
        handle: (req, res) => {
          const job = jobs.get((req.params.file ?? "").replace(/\.zip$/, ""));
          if (!job?.zip || req.url.searchParams.get("sig") !== job.sig) {
            res.writeHead(403, { "content-type": "application/xml" });
            res.end('<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code></Error>');
            return;
          }
          res.writeHead(200, {
            "content-type": "application/x-zip-compressed",
            "content-length": job.zip.byteLength,
          });
          res.end(Buffer.from(job.zip));
        },
      },
    ],
    authFailure: tokenExpired,
    serverError: (res) =>
      adApiFault(res, 500, [
        { Code: 0, ErrorCode: "InternalError", Message: "An internal error has occurred." },
      ]),
    rateLimited: (res, seconds) =>
      adApiFault(
        res,
        429,
        [
          {
            Code: 117,
            ErrorCode: "CallRateExceeded",
            Message:
              "You have exceeded the number of calls that you are allowed to make in a given time period.",
          },
        ],
        { "retry-after": String(seconds) },
      ),
  };
};
