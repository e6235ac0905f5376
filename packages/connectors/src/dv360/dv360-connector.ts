import { localDate } from "@pacer/core";
import { displayvideo_v4 } from "googleapis/build/src/apis/displayvideo/v4.js";
import { doubleclickbidmanager_v2 } from "googleapis/build/src/apis/doubleclickbidmanager/v2.js";
import type { ConnectorConfig } from "../config.ts";
import {
  byName,
  CAMPAIGN_FILTERS,
  checkId,
  checkRange,
  dailyMetrics,
  followPages,
  httpClientFor,
  nameMatches,
  normaliseFilters,
  requireOAuth,
  selectedCampaignIds,
  settingsOf,
  valuesMatching,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { PlatformDownError } from "../errors.ts";
import { classifyGoogleError } from "../google-ads/classify.ts";
import { callGoogle, fetchThrough, googleOAuthClient, parseAnswer } from "../google-client.ts";
import { googleOAuth } from "../oauth/google-oauth.ts";
import { BID_MANAGER_SCOPE } from "../oauth/return-rules.ts";
import {
  DEFAULT_REPORT_POLL,
  pollUntil,
  type ReportPollSettings,
  realSleep,
  reportFileDownloader,
  reportText,
} from "../report-kit.ts";
import type {
  AdAccountView,
  BudgetQuery,
  Connector,
  Credentials,
  DailyMetrics,
  DailyMetricsRow,
  FilterValue,
  MetricsQuery,
  OAuthTokens,
  PlatformBudget,
} from "../types.ts";
import { dv360Descriptor } from "./descriptor.ts";
import { parseDv360Report } from "./report-csv.ts";
import {
  bidManagerQuerySchema,
  bidManagerReportSchema,
  type Dv360InsertionOrder,
  dv360AdvertiserSchema,
  dv360AdvertisersPageSchema,
  dv360CampaignsPageSchema,
  dv360InsertionOrdersPageSchema,
  dv360PartnersPageSchema,
} from "./schemas.ts";

const SLUG = "googledv360";

/** DV360 entity read access (partners, advertisers, campaigns). */
export const DISPLAY_VIDEO_SCOPE = "https://www.googleapis.com/auth/display-video";
/** Scopes asked for: Bid Manager (the return page requires it), DV360 entities, and `openid email` for the identity. */
export const DV360_SCOPES = [BID_MANAGER_SCOPE, DISPLAY_VIDEO_SCOPE, "openid", "email"];
/** Metrics of the daily query; spend is `METRIC_REVENUE_ADVERTISER` (billed to the advertiser, fees included). */
export const DV360_METRICS = [
  "METRIC_IMPRESSIONS",
  "METRIC_CLICKS",
  "METRIC_TOTAL_CONVERSIONS",
  "METRIC_REVENUE_ADVERTISER",
  "METRIC_MEDIA_COST_ADVERTISER",
];
/** Largest `pageSize` of `insertionOrders.list` ("Must be between 1 and 100"). */
const INSERTION_ORDERS_PAGE_SIZE = 100;
/** Pages followed at most per listing. */
const MAX_PAGES = 100;

const googleDate = (date: string) => {
  const [year, month, day] = date.split("-").map(Number);
  return { year, month, day };
};

/**
 * Google Display & Video 360 connector, on Google's official Node.js client: the per-API modules of
 * `googleapis` for Display & Video 360 v4 and Bid Manager v2 (never the whole package), authenticated
 * by a google-auth-library `OAuth2Client` holding the connection's access token (no refresh token:
 * the refresh stays the pipeline's `refreshAccessToken`, whose new token is stored, never a silent
 * one inside a call). Each call passes the client's `rootUrl` (the settings' base URL, locally the
 * sandbox's; given per call because the API-level `rootUrl` keeps only the origin and would drop the
 * sandbox's path prefix) and sends through the connector's HTTP layer (`google-client.ts`: the
 * shared retry policy with gaxios' retries off, call slots, typed errors). OAuth: Google's web-server flow (`oauth/google-oauth.ts`:
 * PKCE S256, `access_type=offline`, `prompt=consent`, identity from the `id_token`, refresh tokens
 * not rotated, revoke at `oauth2.googleapis.com/revoke`), scopes Bid Manager + Display & Video +
 * `openid email`. Accounts: DV360 API v4 `GET /partners`, then `GET /advertisers?partnerId=`
 * (paged); a view is an advertiser with its currency and time zone. Metrics: Bid Manager v2,
 * asynchronous: `POST /queries` (STANDARD, `CUSTOM_DATES`, grouped by date, advertiser and
 * currency, plus campaign (`FILTER_MEDIA_PLAN`) when the tracker filters), `POST
 * /queries/{id}:run`, poll `GET /queries/{id}/reports/{reportId}` until `DONE`, download the CSV at
 * `googleCloudStoragePath`, then delete the query. Spend is "Revenue (Adv Currency)" (what the
 * advertiser is billed); the standard report has no sales value, so revenue is 0.
 * https://developers.google.com/bid-manager/reference/rest/v2/queries
 */
export function createDv360Connector(config: ConnectorConfig): Connector {
  const settings = config.googledv360;
  const need = settingsOf(SLUG, settings);
  const http = httpClientFor(SLUG, config.http, { classify: classifyGoogleError });
  const downloadFile = reportFileDownloader(SLUG, config.http);
  const now = config.http?.now ?? Date.now;
  const sleep = config.http?.sleep ?? realSleep;
  const poll: ReportPollSettings = { ...DEFAULT_REPORT_POLL, ...settings?.reportPoll };

  /** The official clients of one connection: its access token only (see above). */
  function clients(tokens: OAuthTokens) {
    const auth = googleOAuthClient(http, {}, (url) => ({ operation: url.pathname }));
    auth.setCredentials({ access_token: tokens.accessToken });
    return {
      dv: new displayvideo_v4.Displayvideo({ auth }),
      bm: new doubleclickbidmanager_v2.Doubleclickbidmanager({ auth }),
    };
  }
  type Api = "displayVideo" | "bidManager";
  /** The per-call options of the official client: its root URL and the connector's HTTP layer. */
  const options = (api: Api, operation: string, signal: AbortSignal | undefined, retry?: false) => ({
    rootUrl: `${api === "displayVideo" ? need().displayVideoBaseUrl : need().bidManagerBaseUrl}/`,
    retry: false,
    fetchImplementation: fetchThrough(http, () => ({ operation, ...(retry === false ? { retry } : {}) })),
    ...(signal ? { signal } : {}),
  });
  /** One call of the official client, its answer's `data` through `parse`; typed errors. */
  async function send<T>(
    operation: string,
    run: () => Promise<{ data: unknown }>,
    parse: (body: unknown) => T,
  ): Promise<T> {
    const { data } = await callGoogle(SLUG, operation, run, classifyGoogleError);
    return parseAnswer(SLUG, operation, data, parse);
  }

  /**
   * Follows `nextPageToken`; `pageSize` is the listing's largest (200; insertion orders 100).
   * `list` is the official client's method, given the page's `pageSize` and `pageToken` and the
   * call's options.
   */
  async function paged<P extends { nextPageToken?: string | undefined }>(
    operation: string,
    list: (
      page: { pageSize: number; pageToken: string | undefined },
      options: ReturnType<typeof dvOptions>,
    ) => Promise<{ data: unknown }>,
    parse: (body: unknown) => P,
    onPage: (page: P) => void,
    signal: AbortSignal | undefined,
    pageSize = 200,
  ): Promise<void> {
    await followPages(
      SLUG,
      operation,
      MAX_PAGES,
      (pageToken) =>
        send(operation, () => list({ pageSize, pageToken }, dvOptions(operation, signal)), parse),
      (page) => page.nextPageToken || undefined,
      onPage,
    );
  }
  function dvOptions(operation: string, signal: AbortSignal | undefined) {
    return options("displayVideo", operation, signal);
  }

  async function advertiser(tokens: OAuthTokens, account: MetricsQuery["account"], signal?: AbortSignal) {
    if (account.currency && account.timeZone)
      return { currency: account.currency, timeZone: account.timeZone };
    const a = await send(
      "advertiser",
      () => clients(tokens).dv.advertisers.get({ advertiserId: account.id }, dvOptions("advertiser", signal)),
      (b) => dv360AdvertiserSchema.parse(b),
    );
    return {
      currency: account.currency || a.generalConfig?.currencyCode || "",
      timeZone: account.timeZone || a.generalConfig?.timeZone || "",
    };
  }

  /** Runs one Bid Manager query to its CSV, deleting the query afterwards (best effort). */
  async function runReport(
    tokens: OAuthTokens,
    body: doubleclickbidmanager_v2.Schema$Query,
    signal?: AbortSignal,
  ): Promise<string> {
    const { bm } = clients(tokens);
    const bmOptions = (operation: string, retry?: false) => options("bidManager", operation, signal, retry);
    const { queryId } = await send(
      "queries.create",
      () => bm.queries.create({ requestBody: body }, bmOptions("queries.create")),
      (b) => bidManagerQuerySchema.parse(b),
    );
    try {
      const run = await send(
        "queries.run",
        () => bm.queries.run({ queryId, synchronous: false, requestBody: {} }, bmOptions("queries.run")),
        (b) => bidManagerReportSchema.parse(b),
      );
      const path = await pollUntil(
        SLUG,
        "report",
        async () => {
          const report = await send(
            "reports.get",
            () => bm.queries.reports.get({ queryId, reportId: run.key.reportId }, bmOptions("reports.get")),
            (b) => bidManagerReportSchema.parse(b),
          );
          const state = report.metadata?.status?.state;
          if (state === "FAILED") {
            throw new PlatformDownError(`${SLUG}: report failed`, {
              platform: SLUG,
              reason: "report_failed",
            });
          }
          return state === "DONE" ? (report.metadata?.googleCloudStoragePath ?? "") : undefined;
        },
        poll,
        sleep,
        signal,
      );
      // A signed Cloud Storage URL: no Google token is sent to it (a plain download, not an API call).
      const bytes = await downloadFile({
        url: path,
        apiBase: need().bidManagerBaseUrl,
        operation: "report_download",
        signal,
      });
      return reportText(SLUG, bytes);
    } finally {
      await callGoogle(SLUG, "queries.delete", () =>
        bm.queries.delete({ queryId }, options("bidManager", "queries.delete", undefined, false)),
      ).catch(() => undefined); // a leftover one-time query is harmless
    }
  }

  return {
    ...connectorIdentity(dv360Descriptor),

    ...googleOAuth({ platform: SLUG, scopes: DV360_SCOPES, settings: need, http, now }),

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      const { dv } = clients(tokens);
      const partners: string[] = [];
      await paged(
        "partners",
        (page, options) => dv.partners.list(page, options),
        (b) => dv360PartnersPageSchema.parse(b),
        (page) => partners.push(...page.partners.map((p) => p.partnerId)),
        options?.signal,
      );
      const views = new Map<string, AdAccountView>();
      for (const partnerId of partners) {
        await paged(
          "advertisers",
          (page, options) => dv.advertisers.list({ ...page, partnerId }, options),
          (b) => dv360AdvertisersPageSchema.parse(b),
          (page) => {
            for (const a of page.advertisers) {
              if (
                a.entityStatus === "ENTITY_STATUS_ARCHIVED" ||
                a.entityStatus === "ENTITY_STATUS_SCHEDULED_FOR_DELETION"
              ) {
                continue;
              }
              views.set(a.advertiserId, {
                id: a.advertiserId,
                name: a.displayName ?? a.advertiserId,
                currency: a.generalConfig?.currencyCode ?? "",
                timeZone: a.generalConfig?.timeZone ?? "",
                metaData: { partnerId, entityStatus: a.entityStatus ?? "" },
              });
            }
          },
          options?.signal,
        );
      }
      return [...views.values()].sort(byName);
    },

    async fetchDailyMetrics(credentials, query): Promise<DailyMetrics> {
      const tokens = requireOAuth(credentials, SLUG);
      checkRange(query, SLUG);
      const advertiserId = checkAdvertiserId(query.account.id);
      const { currency, timeZone } = await advertiser(tokens, query.account, query.signal);
      const filters = normaliseFilters(query.filters);
      const byCampaign = Boolean(filters.campaignIds || filters.nameContains);
      const body: doubleclickbidmanager_v2.Schema$Query = {
        metadata: {
          title: `Pacer daily ${advertiserId} ${query.from}..${query.to}`,
          dataRange: {
            range: "CUSTOM_DATES",
            customStartDate: googleDate(query.from),
            customEndDate: googleDate(query.to),
          },
          format: "CSV",
          sendNotification: false,
        },
        params: {
          type: "STANDARD",
          groupBys: [
            "FILTER_DATE",
            "FILTER_ADVERTISER",
            "FILTER_ADVERTISER_CURRENCY",
            ...(byCampaign ? ["FILTER_MEDIA_PLAN", "FILTER_MEDIA_PLAN_NAME"] : []),
          ],
          filters: [
            { type: "FILTER_ADVERTISER", value: advertiserId },
            ...(filters.campaignIds ?? []).map((value) => ({ type: "FILTER_MEDIA_PLAN", value })),
          ],
          metrics: DV360_METRICS,
        },
        schedule: { frequency: "ONE_TIME" },
      };
      const csv = await runReport(tokens, body, query.signal);
      const partials: DailyMetricsRow[] = parseDv360Report(SLUG, csv)
        .filter((r) => !filters.campaignIds || filters.campaignIds.includes(r.campaignId ?? ""))
        .filter((r) => nameMatches(r.campaignName ?? "", filters.nameContains))
        .map((r) => ({
          date: r.date,
          spendMicros: r.spendMicros,
          impressions: r.impressions,
          clicks: r.clicks,
          conversions: r.conversions,
          revenueMicros: 0,
        }));
      return dailyMetrics(query, { accountId: advertiserId, currency, timeZone }, partials);
    },

    /**
     * The advertiser's lifetime (flight) budget, for lifetime trackers: the insertion orders with
     * `entityStatus` `ENTITY_STATUS_ACTIVE` (`GET /v4/advertisers/{id}/insertionOrders?filter=
     * entityStatus="ENTITY_STATUS_ACTIVE"`, paged) whose campaign the tracker's filters keep (a
     * name filter lists the campaigns once more), each with a currency budget
     * (`BUDGET_UNIT_CURRENCY`; impression budgets are not money) counting the budget segment whose
     * `dateRange` holds today in the advertiser's zone. The amounts (micros) are summed and the
     * flight runs from the earliest of those segments' start to the latest end.
     * https://developers.google.com/display-video/api/reference/rest/v4/advertisers.insertionOrders
     * @returns `{amount, period: "lifetime", startDate, endDate}`, or null when no active insertion
     *   order has a segment running today
     * @throws the typed errors of `errors.ts`, like every call
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const advertiserId = checkAdvertiserId(query.account.id);
      const filters = normaliseFilters(query.filters);
      const { timeZone } = await advertiser(tokens, query.account, query.signal);
      const orders: Dv360InsertionOrder[] = [];
      const { dv } = clients(tokens);
      await paged(
        "insertionOrders",
        (page, options) =>
          dv.advertisers.insertionOrders.list(
            { ...page, advertiserId, filter: 'entityStatus="ENTITY_STATUS_ACTIVE"' },
            options,
          ),
        (b) => dv360InsertionOrdersPageSchema.parse(b),
        (page) => orders.push(...page.insertionOrders),
        query.signal,
        INSERTION_ORDERS_PAGE_SIZE,
      );
      const names = filters.nameContains
        ? await campaignValues(tokens, advertiserId, query.signal)
        : orders.map((o) => ({ id: o.campaignId, name: "" }));
      return currentFlightBudget(orders, selectedCampaignIds(names, filters), localDate(now(), timeZone));
    },

    filterDefinitions: () => CAMPAIGN_FILTERS,

    async listFilterValues(credentials, query): Promise<FilterValue[]> {
      if (query.filterId !== "campaigns") return [];
      const tokens = requireOAuth(credentials, SLUG);
      const advertiserId = checkAdvertiserId(query.account.id);
      return valuesMatching(await campaignValues(tokens, advertiserId, query.signal), query.search);
    },
  };

  /** The advertiser's campaigns as filter values (id, name, status), all pages. */
  async function campaignValues(
    tokens: OAuthTokens,
    advertiserId: string,
    signal: AbortSignal | undefined,
  ): Promise<FilterValue[]> {
    const values: FilterValue[] = [];
    const { dv } = clients(tokens);
    await paged(
      "campaigns",
      (page, options) => dv.advertisers.campaigns.list({ ...page, advertiserId }, options),
      (b) => dv360CampaignsPageSchema.parse(b),
      (page) => {
        for (const c of page.campaigns) {
          values.push({
            id: c.campaignId,
            name: c.displayName ?? c.campaignId,
            status: c.entityStatus ?? "",
          });
        }
      },
      signal,
    );
    return values;
  }
}

/**
 * The lifetime (flight) budget of `orders` on `today` (`yyyy-MM-dd`, the advertiser's day): of the
 * active orders whose campaign is in `campaignIds`, with a currency budget, the segment whose
 * `dateRange` holds today; amounts summed (micros), flight from the earliest start to the latest end.
 * @returns null when no such segment runs today
 */
export function currentFlightBudget(
  orders: readonly Dv360InsertionOrder[],
  campaignIds: readonly string[],
  today: string,
): PlatformBudget | null {
  const kept = new Set(campaignIds);
  let amount = 0;
  let startDate = "";
  let endDate = "";
  for (const order of orders) {
    if (order.entityStatus !== "ENTITY_STATUS_ACTIVE" || !kept.has(order.campaignId)) continue;
    if (order.budget?.budgetUnit !== "BUDGET_UNIT_CURRENCY") continue;
    for (const segment of order.budget.budgetSegments) {
      const from = isoDate(segment.dateRange.startDate);
      const to = isoDate(segment.dateRange.endDate);
      if (from > today || to < today) continue;
      amount += Number(segment.budgetAmountMicros);
      if (!startDate || from < startDate) startDate = from;
      if (to > endDate) endDate = to;
    }
  }
  return startDate ? { amount, period: "lifetime", startDate, endDate } : null;
}

/** A google.type.Date -> `yyyy-MM-dd`. */
function isoDate(d: { year: number; month: number; day: number }): string {
  return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

function checkAdvertiserId(id: string): string {
  return checkId(SLUG, id, { what: "advertiser", reason: "bad_account_id" });
}

/** The dv360 connector: its descriptor and builder, for the registry. */
export const dv360Connector: ConnectorDefinition = { ...dv360Descriptor, create: createDv360Connector };
