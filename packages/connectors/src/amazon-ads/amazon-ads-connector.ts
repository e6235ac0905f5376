import { addDays, type DateWindow, localDate, splitRange } from "@pacer/core";
import type { ConnectorConfig } from "../config.ts";
import {
  bearer,
  byName,
  CAMPAIGN_FILTERS,
  campaignFilterValues,
  checkId,
  checkRange,
  dailyMetrics,
  httpClientFor,
  type NormalisedFilters,
  nameMatches,
  normaliseFilters,
  requireOAuth,
  settingsOf,
  summedDailyBudget,
  writeDailyBudgetInCents,
  writeIfChanged,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { AuthError, asWriteError, BadRequestError, isConnectorError, PlatformDownError } from "../errors.ts";
import { decimalToMicros, parseCount } from "../money.ts";
import {
  authorizeUrlWith,
  connectionIdentity,
  exchangeAuthorizationCode,
  oauthClient,
  refreshWithToken,
} from "../oauth/oauth2-client.ts";
import { toTokens } from "../oauth/token-response.ts";
import {
  DEFAULT_REPORT_POLL,
  pollUntil,
  type ReportPollSettings,
  realSleep,
  reportFileDownloader,
  reportJson,
} from "../report-kit.ts";
import type {
  AdAccountView,
  BudgetLimits,
  BudgetQuery,
  CampaignState,
  CampaignTarget,
  CampaignWriter,
  ConnectionIdentity,
  Connector,
  DailyMetrics,
  DailyMetricsRow,
  FilterValue,
  MetricsQuery,
  OAuthTokens,
  PlatformBudget,
  WriteOutcome,
} from "../types.ts";
import { AmazonDuplicateReportError, classifyAmazonError } from "./classify.ts";
import { type AmazonAdsConfig, type AmazonAdsRegion, amazonAdsDescriptor } from "./descriptor.ts";
import {
  type AmazonBudgetedCampaign,
  type AmazonReportRow,
  amazonBulkCampaignUpdateSchema,
  amazonCampaignPageSchema,
  amazonProfilesSchema,
  amazonReportRowsSchema,
  amazonReportSchema,
  amazonSbCampaignPageSchema,
  amazonSdBudgetedCampaignsSchema,
  amazonSdCampaignsSchema,
  amazonSdCampaignUpdateSchema,
  amazonSpCampaignPageSchema,
  amazonUserProfileSchema,
  quoteLargeIds,
} from "./schemas.ts";

const SLUG = "amazonads";

/** Scopes asked for: campaign management (reporting included) and the Login with Amazon profile (name, email). */
export const AMAZON_ADS_SCOPES = ["advertising::campaign_management", "profile"];
/** Longest range of one report (all sponsored ads campaign reports: 31 days). */
export const AMAZON_REPORT_MAX_DAYS = 31;

/** An ad product's daily campaign report: type, how far back Amazon keeps it, its purchase columns. */
export interface AmazonReportSpec {
  adProduct: "SPONSORED_PRODUCTS" | "SPONSORED_BRANDS" | "SPONSORED_DISPLAY";
  reportTypeId: string;
  /** Days of data Amazon keeps for this report type; older days cannot be requested. */
  retentionDays: number;
  purchases: "purchases7d" | "purchases";
  sales: "sales7d" | "sales";
}

/**
 * The three sponsored ads reports summed into an account's day (reporting v3 campaign reports:
 * SP keeps 95 days, SB 60, SD 65). Sponsored Products use the 7-day attribution columns (the
 * advertiser-facing default); Sponsored Brands and Display report their own window in
 * `purchases` / `sales`.
 */
export const AMAZON_REPORTS: readonly AmazonReportSpec[] = Object.freeze([
  {
    adProduct: "SPONSORED_PRODUCTS",
    reportTypeId: "spCampaigns",
    retentionDays: 95,
    purchases: "purchases7d",
    sales: "sales7d",
  },
  {
    adProduct: "SPONSORED_BRANDS",
    reportTypeId: "sbCampaigns",
    retentionDays: 60,
    purchases: "purchases",
    sales: "sales",
  },
  {
    adProduct: "SPONSORED_DISPLAY",
    reportTypeId: "sdCampaigns",
    retentionDays: 65,
    purchases: "purchases",
    sales: "sales",
  },
]);

/** The first date a report type still holds, on `today` (account time zone). */
export function retentionStart(today: string, spec: Pick<AmazonReportSpec, "retentionDays">): string {
  return addDays(today, -(spec.retentionDays - 1));
}

/**
 * The report windows of one ad product for `from..to`: the range cut to the product's retention
 * (relative to `today`) and split into 31-day windows. Empty when the whole range is older.
 */
export function reportWindows(from: string, to: string, today: string, spec: AmazonReportSpec): DateWindow[] {
  const first = retentionStart(today, spec);
  const start = from > first ? from : first;
  return start > to ? [] : splitRange(start, to, AMAZON_REPORT_MAX_DAYS);
}

/** A campaign `list` call of the campaign management API: `POST`, its media type, paged by `nextToken`. */
interface CampaignList {
  path: string;
  mediaType: string;
  operation: string;
}

/** Sponsored Products campaigns, v3. */
const SP_CAMPAIGNS: CampaignList = {
  path: "/sp/campaigns/list",
  mediaType: "application/vnd.spCampaign.v3+json",
  operation: "sp_campaigns",
};

/** Sponsored Brands campaigns, v4. */
const SB_CAMPAIGNS: CampaignList = {
  path: "/sb/v4/campaigns/list",
  mediaType: "application/vnd.sbcampaignresource.v4+json",
  operation: "sb_campaigns",
};

/** Campaigns per `list` page (and per `GET /sd/campaigns` page). Every page is read, however many. */
const CAMPAIGN_PAGE_SIZE = 100;

/**
 * A listing that hands back a page token (or, for `GET /sd/campaigns`, a first campaign) it already
 * gave: refused rather than looping or stopping short with a partial listing.
 */
function repeatedPage(what: string): PlatformDownError {
  return new PlatformDownError(`${SLUG}: ${what} listing repeats a page`, {
    platform: SLUG,
    reason: "repeated_page_token",
  });
}

/** The `stateFilter` of the SP v3 and SB v4 `list` bodies that asks for running campaigns only. */
const ENABLED_ONLY = { stateFilter: { include: ["ENABLED"] } };

interface PendingReport {
  region: AmazonAdsRegion;
  spec: AmazonReportSpec;
  window: DateWindow;
  reportId: string;
  url?: string;
}

/**
 * Amazon Ads connector: Login with Amazon (authorization code, refresh tokens that are not
 * rotated, no PKCE, no revocation endpoint: the user removes the app in their Amazon account, so
 * `revoke` is a no-op), the regional Advertising API with `Amazon-Advertising-API-ClientId` and
 * `Amazon-Advertising-API-Scope` (profile) headers. Accounts: `GET /v2/profiles` in every
 * configured region (a profile is an account in one marketplace; the view keeps its region).
 * Metrics: reporting v3, asynchronous: `POST /reporting/reports` per ad product (SP, SB, SD) and
 * 31-day window, poll `GET /reporting/reports/{id}` until `COMPLETED`, download the gzip JSON from
 * the returned URL, sum campaigns per day. Days older than a report type's retention (SP 95, SB
 * 60, SD 65 days) cannot be reported and count as zero. A 425 duplicate answer resumes the report
 * Amazon already has. Cost and sales are in the profile currency's units. Budget: the daily budgets
 * of the enabled campaigns of the same three ad products (`POST /sp/campaigns/list`,
 * `POST /sb/v4/campaigns/list`, `GET /sd/campaigns`), see `fetchBudget`.
 * https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/get-started
 */
export function createAmazonAdsConnector(config: ConnectorConfig): Connector {
  const settings = config.amazonads;
  const need = settingsOf<AmazonAdsConfig>(SLUG, settings);
  const http = httpClientFor(SLUG, config.http, { classify: classifyAmazonError });
  const downloadFile = reportFileDownloader(SLUG, config.http);
  const now = config.http?.now ?? Date.now;
  const sleep = config.http?.sleep ?? realSleep;
  const poll: ReportPollSettings = { ...DEFAULT_REPORT_POLL, ...settings?.reportPoll };
  const client = () => oauthClient(need(), "client_secret_post");
  const headers = (tokens: OAuthTokens, profileId?: string): Record<string, string> => ({
    ...bearer(tokens),
    "amazon-advertising-api-clientid": need().clientId,
    ...(profileId ? { "amazon-advertising-api-scope": profileId } : {}),
  });
  const root = (region: AmazonAdsRegion) => region.apiBaseUrl.replace(/\/+$/, "");
  const reportMediaType = () => `application/vnd.createasyncreportrequest.${need().reportingVersion}+json`;

  /** JSON read through {@link quoteLargeIds}, so ids above 2^53 keep every digit. */
  async function jsonWithIds<T>(
    request: Parameters<typeof http.raw>[0],
    parse: (body: unknown) => T,
  ): Promise<T> {
    const response = await http.raw(request);
    let body: unknown;
    try {
      body = JSON.parse(quoteLargeIds(response.text));
    } catch (error) {
      throw new PlatformDownError(`${SLUG} ${request.operation}: malformed response body`, {
        platform: SLUG,
        reason: "malformed_response",
        status: response.status,
        cause: error,
      });
    }
    try {
      return parse(body);
    } catch (error) {
      throw new PlatformDownError(`${SLUG} ${request.operation}: unexpected response shape`, {
        platform: SLUG,
        reason: "unexpected_shape",
        status: response.status,
        cause: error,
      });
    }
  }

  async function profiles(tokens: OAuthTokens, signal?: AbortSignal): Promise<AdAccountView[]> {
    const views: AdAccountView[] = [];
    for (const region of need().regions) {
      const list = await jsonWithIds(
        { operation: "profiles", url: `${root(region)}/v2/profiles`, headers: headers(tokens), signal },
        (b) => amazonProfilesSchema.parse(b),
      );
      for (const p of list) {
        const name = p.accountInfo?.name ?? p.profileId;
        views.push({
          id: p.profileId,
          name: p.countryCode ? `${name} (${p.countryCode})` : name,
          currency: p.currencyCode ?? "",
          timeZone: p.timezone ?? "",
          metaData: {
            region: region.code,
            countryCode: p.countryCode ?? "",
            accountType: p.accountInfo?.type ?? "",
            marketplaceId: p.accountInfo?.marketplaceStringId ?? "",
          },
        });
      }
    }
    return views;
  }

  /** The view's region, currency and time zone: from the view when it carries them, else from the profiles. */
  async function profileOf(tokens: OAuthTokens, account: MetricsQuery["account"], signal?: AbortSignal) {
    const s = need();
    let region = s.regions.find((r) => r.code === account.metaData?.region);
    let currency = account.currency;
    let timeZone = account.timeZone;
    if (!region || !currency || !timeZone) {
      const view = (await profiles(tokens, signal)).find((v) => v.id === account.id);
      if (!view) {
        throw new BadRequestError(`${SLUG}: profile not accessible with this connection`, {
          platform: SLUG,
          reason: "unknown_profile",
        });
      }
      region = s.regions.find((r) => r.code === view.metaData?.region);
      currency ||= view.currency;
      timeZone ||= view.timeZone;
    }
    if (!region)
      throw new BadRequestError(`${SLUG}: unknown region`, { platform: SLUG, reason: "unknown_region" });
    return { region, currency: currency ?? "", timeZone: timeZone ?? "" };
  }

  async function createReport(
    tokens: OAuthTokens,
    region: AmazonAdsRegion,
    profileId: string,
    spec: AmazonReportSpec,
    window: DateWindow,
    signal?: AbortSignal,
  ): Promise<string> {
    try {
      const report = await http.json(
        {
          operation: `report:${spec.reportTypeId}`,
          method: "POST",
          url: `${root(region)}/reporting/reports`,
          headers: {
            ...headers(tokens, profileId),
            "content-type": reportMediaType(),
            accept: reportMediaType(),
          },
          json: {
            name: `Pacer daily ${spec.reportTypeId} ${window.from}..${window.to}`,
            startDate: window.from,
            endDate: window.to,
            configuration: {
              adProduct: spec.adProduct,
              groupBy: ["campaign"],
              columns: [
                "date",
                "campaignId",
                "campaignName",
                "impressions",
                "clicks",
                "cost",
                spec.purchases,
                spec.sales,
              ],
              reportTypeId: spec.reportTypeId,
              timeUnit: "DAILY",
              format: "GZIP_JSON",
            },
          },
          signal,
        },
        (b) => amazonReportSchema.parse(b),
      );
      return report.reportId;
    } catch (error) {
      // A retried or repeated request: Amazon still has the report and names it.
      if (error instanceof AmazonDuplicateReportError) return error.reportId;
      throw error;
    }
  }

  /** Checks every pending report once; returns true when all have a download URL. */
  async function checkReports(
    tokens: OAuthTokens,
    profileId: string,
    reports: PendingReport[],
    signal?: AbortSignal,
  ): Promise<true | undefined> {
    for (const r of reports.filter((p) => !p.url)) {
      const status = await http.json(
        {
          operation: "report_status",
          url: `${root(r.region)}/reporting/reports/${encodeURIComponent(r.reportId)}`,
          headers: headers(tokens, profileId),
          signal,
        },
        (b) => amazonReportSchema.parse(b),
      );
      if (status.status === "FAILED") {
        throw new PlatformDownError(`${SLUG}: report ${r.spec.reportTypeId} failed`, {
          platform: SLUG,
          reason: "report_failed",
        });
      }
      if (status.status === "COMPLETED" && status.url) r.url = status.url;
    }
    return reports.every((r) => r.url) ? true : undefined;
  }

  /** Downloads a finished report (a pre-signed storage URL: no Amazon headers are sent to it). */
  async function download(r: PendingReport, signal?: AbortSignal): Promise<AmazonReportRow[]> {
    const bytes = await downloadFile({
      url: r.url ?? "",
      apiBase: r.region.apiBaseUrl,
      operation: "report_download",
      signal,
    });
    return reportJson(
      SLUG,
      bytes,
      (b) => amazonReportRowsSchema.parse(b),
      (text) => JSON.parse(quoteLargeIds(text)),
    );
  }

  /**
   * Every campaign of a `list` call (`POST`, `maxResults` 100 a page, paged by `nextToken` until
   * none is given, however many pages), with `filter` (e.g. `stateFilter`) in each request body.
   * @throws PlatformDownError `repeated_page_token` when a `nextToken` comes back a second time
   */
  async function listedCampaigns<T>(
    tokens: OAuthTokens,
    region: AmazonAdsRegion,
    profileId: string,
    list: CampaignList,
    parse: (body: unknown) => { campaigns: T[]; nextToken?: string | null | undefined },
    filter: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<T[]> {
    const out: T[] = [];
    let nextToken: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const body = await jsonWithIds(
        {
          operation: list.operation,
          method: "POST",
          url: `${root(region)}${list.path}`,
          headers: { ...headers(tokens, profileId), "content-type": list.mediaType, accept: list.mediaType },
          json: { ...filter, maxResults: CAMPAIGN_PAGE_SIZE, ...(nextToken ? { nextToken } : {}) },
          signal,
        },
        parse,
      );
      out.push(...body.campaigns);
      nextToken = body.nextToken || undefined;
      if (!nextToken) return out;
      if (seen.has(nextToken)) throw repeatedPage(list.operation);
      seen.add(nextToken);
    }
  }

  /**
   * Every Sponsored Display campaign (`GET /sd/campaigns`, a bare array, paged by `startIndex` and
   * `count` 100: a short page is the last, however many pages), with `filter` in the query (e.g.
   * `stateFilter`, comma-delimited lower-case states; `campaignIdFilter`, comma-delimited ids).
   * @throws PlatformDownError `repeated_page_token` when a page starts with a campaign already listed
   */
  async function sdCampaigns<T extends { campaignId: string }>(
    tokens: OAuthTokens,
    region: AmazonAdsRegion,
    profileId: string,
    parse: (body: unknown) => T[],
    filter: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<T[]> {
    const out: T[] = [];
    const state = Object.entries(filter)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}&`)
      .join("");
    const firsts = new Set<string>();
    for (let page = 0; ; page++) {
      const start = page * CAMPAIGN_PAGE_SIZE;
      const campaigns = await jsonWithIds(
        {
          operation: "sd_campaigns",
          url: `${root(region)}/sd/campaigns?${state}startIndex=${start}&count=${CAMPAIGN_PAGE_SIZE}`,
          headers: headers(tokens, profileId),
          signal,
        },
        parse,
      );
      out.push(...campaigns);
      if (campaigns.length < CAMPAIGN_PAGE_SIZE) return out;
      const first = campaigns[0]?.campaignId ?? "";
      if (firsts.has(first)) throw repeatedPage("sd_campaigns");
      firsts.add(first);
    }
  }

  /**
   * The daily campaign rows of `from..to` of the three ad products' reports (each product's range
   * cut to its retention, in 31-day windows): create, poll until all are ready, download; rows
   * outside their window dropped.
   */
  async function campaignRows(
    tokens: OAuthTokens,
    region: AmazonAdsRegion,
    profileId: string,
    timeZone: string,
    range: { from: string; to: string; signal?: AbortSignal | undefined },
  ): Promise<Array<{ row: AmazonReportRow; spec: AmazonReportSpec }>> {
    const today = localDate(now(), timeZone || "UTC");
    const reports: PendingReport[] = [];
    for (const spec of AMAZON_REPORTS) {
      for (const window of reportWindows(range.from, range.to, today, spec)) {
        const reportId = await createReport(tokens, region, profileId, spec, window, range.signal);
        reports.push({ region, spec, window, reportId });
      }
    }
    if (reports.length) {
      await pollUntil(
        SLUG,
        "report",
        () => checkReports(tokens, profileId, reports, range.signal),
        poll,
        sleep,
        range.signal,
      );
    }
    const rows: Array<{ row: AmazonReportRow; spec: AmazonReportSpec }> = [];
    for (const r of reports) {
      for (const row of await download(r, range.signal)) {
        if (row.date < r.window.from || row.date > r.window.to) continue;
        rows.push({ row, spec: r.spec });
      }
    }
    return rows;
  }

  /**
   * Every campaign of the three ad products with its budget, all states, each with its ad
   * product; with `campaignId`, only that campaign (`campaignIdFilter` in each listing).
   */
  async function budgetedCampaigns(
    tokens: OAuthTokens,
    region: AmazonAdsRegion,
    profileId: string,
    campaignId: string | undefined,
    signal?: AbortSignal,
  ): Promise<AmazonCampaignOf[]> {
    const byId = campaignId ? { campaignIdFilter: { include: [campaignId] } } : {};
    const sp = (b: unknown) => amazonSpCampaignPageSchema.parse(b);
    const sb = (b: unknown) => amazonSbCampaignPageSchema.parse(b);
    const sd = (b: unknown) => amazonSdBudgetedCampaignsSchema.parse(b);
    const of = (product: AmazonAdProduct) => (campaign: AmazonBudgetedCampaign) => ({ product, campaign });
    return [
      ...(await listedCampaigns(tokens, region, profileId, SP_CAMPAIGNS, sp, byId, signal)).map(of("SP")),
      ...(await listedCampaigns(tokens, region, profileId, SB_CAMPAIGNS, sb, byId, signal)).map(of("SB")),
      ...(
        await sdCampaigns(
          tokens,
          region,
          profileId,
          sd,
          campaignId ? { campaignIdFilter: campaignId } : {},
          signal,
        )
      ).map(of("SD")),
    ];
  }

  /**
   * Amazon Ads campaign writes (AutoPilot), Sponsored Products, Brands and Display: state and
   * daily budget through each product's update call (see {@link amazonCampaignUpdate}). Each
   * write reads the campaign first (the three listings with `campaignIdFilter`) and sends nothing
   * when the value holds. A campaign with a lifetime budget has no daily budget to write; an
   * archived one is never written. A user whose role may not edit campaigns (Amazon's
   * `advertiser_campaign_edit` permission) gets 403: InsufficientScopeError. An item refused in
   * the 207 answer is a BadRequestError with Amazon's error type / code as the reason.
   */
  function amazonCampaignWriter(): CampaignWriter {
    const target = async (tokens: OAuthTokens, t: CampaignTarget) => {
      const profileId = checkProfileId(t.account.id);
      const campaignId = checkId(SLUG, t.campaignId, { what: "campaign", reason: "bad_campaign_id" });
      const { region } = await profileOf(tokens, t.account, t.signal);
      const found = (await budgetedCampaigns(tokens, region, profileId, campaignId, t.signal)).find(
        (c) => c.campaign.campaignId === campaignId,
      );
      if (!found) {
        throw new BadRequestError(`${SLUG}: campaign ${campaignId} not found`, {
          platform: SLUG,
          reason: "campaign_not_found",
        });
      }
      if (amazonCampaignStatus(found.campaign) === "other") {
        throw new BadRequestError(`${SLUG}: campaign ${campaignId} is archived`, {
          platform: SLUG,
          reason: "campaign_archived",
        });
      }
      return { profileId, region, campaignId, found };
    };
    const update = async (
      tokens: OAuthTokens,
      t: Awaited<ReturnType<typeof target>>,
      change: AmazonCampaignChange,
      signal?: AbortSignal,
    ): Promise<string> => {
      const call = amazonCampaignUpdate(t.found.product, t.campaignId, change);
      try {
        const answer = await jsonWithIds(
          {
            operation: call.operation,
            method: "PUT",
            url: `${root(t.region)}${call.path}`,
            headers: {
              ...headers(tokens, t.profileId),
              ...(call.mediaType ? { "content-type": call.mediaType, accept: call.mediaType } : {}),
            },
            json: call.body,
            signal,
          },
          (b) => b,
        );
        const refused = call.refusal(answer);
        if (refused) {
          throw new BadRequestError(`${SLUG} ${call.operation}: refused (${refused})`, {
            platform: SLUG,
            reason: refused,
          });
        }
        return "success";
      } catch (error) {
        throw error instanceof AuthError && error.status === 403 ? asWriteError(error, () => true) : error;
      }
    };
    return {
      async listCampaigns(credentials, query): Promise<CampaignState[]> {
        const tokens = requireOAuth(credentials, SLUG);
        const profileId = checkProfileId(query.account.id);
        const { region, timeZone } = await profileOf(tokens, query.account, query.signal);
        const filters = normaliseFilters(query.filters);
        const selected = (await budgetedCampaigns(tokens, region, profileId, undefined, query.signal))
          .map((c) => c.campaign)
          .filter((c) => !filters.campaignIds || filters.campaignIds.includes(c.campaignId))
          .filter((c) => nameMatches(c.name ?? "", filters.nameContains));
        const spend = new Map<string, number>();
        if (selected.length > 0) {
          for (const { row } of await campaignRows(tokens, region, profileId, timeZone, query)) {
            const id = row.campaignId ?? "";
            spend.set(id, (spend.get(id) ?? 0) + amountMicros(row.cost));
          }
        }
        return selected.map((c) => ({
          id: c.campaignId,
          name: c.name ?? c.campaignId,
          status: amazonCampaignStatus(c),
          dailyBudgetMicros: ownDailyBudget(c),
          spendMicros: spend.get(c.campaignId) ?? 0,
        }));
      },

      async setCampaignStatus(credentials, write): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const t = await target(tokens, write);
        const before = amazonCampaignStatus(t.found.campaign) === "enabled" ? 1 : 0;
        const after = write.status === "enabled" ? 1 : 0;
        return writeIfChanged(before, after, () =>
          update(tokens, t, { state: after ? "enabled" : "paused" }, write.signal),
        );
      },

      async setCampaignDailyBudget(credentials, write): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const t = await target(tokens, write);
        return writeDailyBudgetInCents(
          SLUG,
          t.campaignId,
          ownDailyBudget(t.found.campaign),
          write.amountMicros,
          (budget) => update(tokens, t, { budget }, write.signal),
        );
      },

      budgetLimits: amazonBudgetLimits,
    };
  }

  async function campaigns(
    tokens: OAuthTokens,
    region: AmazonAdsRegion,
    profileId: string,
    signal?: AbortSignal,
  ) {
    const out: FilterValue[] = [];
    const push = (c: { campaignId: string; name?: string | undefined; state?: string | undefined }) =>
      out.push({ id: c.campaignId, name: c.name ?? c.campaignId, status: (c.state ?? "").toUpperCase() });
    const parse = (b: unknown) => amazonCampaignPageSchema.parse(b);
    for (const list of [SP_CAMPAIGNS, SB_CAMPAIGNS]) {
      (await listedCampaigns(tokens, region, profileId, list, parse, {}, signal)).forEach(push);
    }
    const sdParse = (b: unknown) => amazonSdCampaignsSchema.parse(b);
    (await sdCampaigns(tokens, region, profileId, sdParse, {}, signal)).forEach(push);
    return out;
  }

  return {
    ...connectorIdentity(amazonAdsDescriptor),

    authorizeUrl({ state, redirectUri }) {
      const s = need();
      return {
        url: authorizeUrlWith(s.authorizeUrl, {
          client_id: s.clientId,
          scope: AMAZON_ADS_SCOPES.join(" "),
          response_type: "code",
          redirect_uri: redirectUri,
          state,
        }),
      };
    },

    async exchangeCode({ code, redirectUri }) {
      const answer = await exchangeAuthorizationCode(http, client(), code, redirectUri);
      const tokens = toTokens(answer, now());
      let identity: ConnectionIdentity = {};
      try {
        const me = await http.json(
          {
            operation: "user_profile",
            url: need().profileUrl,
            headers: bearer(tokens),
            retry: { maxAttempts: 2 },
          },
          (b) => amazonUserProfileSchema.parse(b),
        );
        identity = connectionIdentity({ id: me.user_id, name: me.name, email: me.email });
      } catch (error) {
        // The identity only labels the connection; the single-use code's tokens must not be lost.
        if (!isConnectorError(error)) throw error;
      }
      return { tokens, identity };
    },

    refreshAccessToken: (tokens) => refreshWithToken(http, client, tokens, SLUG, now),

    async revoke(credentials) {
      // Login with Amazon has no revocation endpoint: removing the app happens in the user's Amazon account.
      requireOAuth(credentials, SLUG);
    },

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      return (await profiles(tokens, options?.signal)).sort(byName);
    },

    async fetchDailyMetrics(credentials, query): Promise<DailyMetrics> {
      const tokens = requireOAuth(credentials, SLUG);
      checkRange(query, SLUG);
      const profileId = checkProfileId(query.account.id);
      const { region, currency, timeZone } = await profileOf(tokens, query.account, query.signal);
      const filters = normaliseFilters(query.filters);
      const partials: DailyMetricsRow[] = [];
      for (const { row, spec } of await campaignRows(tokens, region, profileId, timeZone, query)) {
        if (filters.campaignIds && !filters.campaignIds.includes(row.campaignId ?? "")) continue;
        if (!nameMatches(row.campaignName ?? "", filters.nameContains)) continue;
        partials.push(reportRowToPartial(row, spec));
      }
      return dailyMetrics(query, { accountId: profileId, currency, timeZone }, partials);
    },

    /**
     * The profile's daily budget at Amazon, integer micros of the profile currency: the sum of the
     * daily budgets (currency units) of the campaigns of the three ad products the metrics report
     * (Sponsored Products, Brands and Display) whose state is enabled, whose budget type is daily
     * and that pass the tracker's filters (ids and name, as `fetchDailyMetrics` applies them to the
     * report rows). One listing per ad product, each asking for enabled campaigns only, all pages:
     * `POST /sp/campaigns/list` (media type `application/vnd.spCampaign.v3+json`, `stateFilter`
     * ENABLED, `nextToken` paging; `budget: {budgetType DAILY, budget}`), `POST
     * /sb/v4/campaigns/list` (media type `application/vnd.sbcampaignresource.v4+json`, the same
     * body and paging; `budget` with `budgetType` DAILY, LIFETIME budgets not counted) and `GET
     * /sd/campaigns?stateFilter=enabled` (`startIndex`/`count` paging; `budget` with `budgetType`
     * daily). `effectiveBudget` (SP budget rules) is not used. Amazon shares no budget between
     * campaigns. A listing that fails fails the whole call (no partial sum).
     * https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod#tag/Campaigns/operation/ListSponsoredProductsCampaigns
     * https://advertising.amazon.com/API/docs/en-us/sponsored-brands/3-0/openapi/prod#tag/Campaigns/operation/ListSponsoredBrandsCampaigns
     * https://advertising.amazon.com/API/docs/en-us/sponsored-display/3-0/openapi#tag/Campaigns/operation/listCampaigns
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily budget
     * @throws the typed errors of `errors.ts`, like every call
     */
    async fetchBudget(credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const profileId = checkProfileId(query.account.id);
      const { region } = await profileOf(tokens, query.account, query.signal);
      const { signal } = query;
      const sp = (b: unknown) => amazonSpCampaignPageSchema.parse(b);
      const sb = (b: unknown) => amazonSbCampaignPageSchema.parse(b);
      const sd = (b: unknown) => amazonSdBudgetedCampaignsSchema.parse(b);
      const enabled = [
        ...(await listedCampaigns(tokens, region, profileId, SP_CAMPAIGNS, sp, ENABLED_ONLY, signal)),
        ...(await listedCampaigns(tokens, region, profileId, SB_CAMPAIGNS, sb, ENABLED_ONLY, signal)),
        ...(await sdCampaigns(tokens, region, profileId, sd, { stateFilter: "enabled" }, signal)),
      ];
      return enabledDailyBudget(enabled, normaliseFilters(query.filters));
    },

    filterDefinitions: () => CAMPAIGN_FILTERS,

    listFilterValues: (credentials, query) =>
      campaignFilterValues(query, async () => {
        const tokens = requireOAuth(credentials, SLUG);
        const profileId = checkProfileId(query.account.id);
        const { region } = await profileOf(tokens, query.account, query.signal);
        return campaigns(tokens, region, profileId, query.signal);
      }),

    campaigns: amazonCampaignWriter(),
  };
}

function checkProfileId(id: string): string {
  return checkId(SLUG, id, { what: "profile", reason: "bad_account_id" });
}

const amountMicros = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? 0 : decimalToMicros(value);

/**
 * Listed campaigns of any ad product (SP read into the SB v4 / SD shape) -> the daily budget: those
 * whose `state` is enabled (checked again though the calls ask only for them; SP and SB v4 write
 * ENABLED, SD enabled) and whose `budgetType` is daily (SP and SB v4 DAILY, SD daily; SP OTHER and
 * SB LIFETIME budgets not counted), kept by the tracker's filters (as connector-kit's
 * `selectedCampaignIds` keeps them), `budget` (currency units) -> micros, summed; budgets of 0 or
 * none left out.
 * @returns `{amount, period: "day"}` in micros, or null when no campaign has a daily budget
 */
export function enabledDailyBudget(
  campaigns: readonly AmazonBudgetedCampaign[],
  filters: NormalisedFilters,
): PlatformBudget | null {
  const upper = (value: string | null | undefined) => (value ?? "").toUpperCase();
  return summedDailyBudget(
    campaigns
      .filter((c) => upper(c.state) === "ENABLED" && upper(c.budgetType) === "DAILY")
      .map((c) => ({ id: c.campaignId, name: c.name ?? c.campaignId, dailyMicros: amountMicros(c.budget) })),
    filters,
  );
}

/** An Amazon ad product: Sponsored Products, Brands or Display. */
export type AmazonAdProduct = "SP" | "SB" | "SD";

/** A listed campaign with the ad product it belongs to (its update call depends on it). */
export interface AmazonCampaignOf {
  product: AmazonAdProduct;
  campaign: AmazonBudgetedCampaign;
}

/** One change of a campaign: its state, or its daily budget in currency units (two decimals). */
export type AmazonCampaignChange = { state: "enabled" | "paused" } | { budget: number };

/** A campaign update call: path, media type (none: `application/json`), body, and how to read a refusal. */
export interface AmazonCampaignUpdate {
  operation: string;
  path: string;
  mediaType?: string;
  body: unknown;
  /** The refusal in a 207 answer (Amazon's error type or code), or undefined when the item succeeded. */
  refusal: (answer: unknown) => string | undefined;
}

/**
 * The update call that makes `change` to campaign `campaignId` of ad product `product`:
 * - SP: `PUT /sp/campaigns`, media type `application/vnd.spCampaign.v3+json`,
 *   `{campaigns: [{campaignId, state: ENABLED|PAUSED}]}` or `{campaigns: [{campaignId, budget:
 *   {budgetType: DAILY, budget}}]}` (ids as strings);
 * - SB: `PUT /sb/v4/campaigns`, media type `application/vnd.sbcampaignresource.v4+json`,
 *   `{campaigns: [{campaignId, state}]}` or `{campaigns: [{campaignId, budget}]}`;
 * - SD: `PUT /sd/campaigns`, `application/json`, a bare array `[{campaignId, state:
 *   enabled|paused}]` or `[{campaignId, budget}]` (ids as JSON numbers: an id past 2^53 cannot be
 *   sent exactly and is refused with BadRequestError `unsafe_campaign_id`).
 * SP and SB answer 207 `{campaigns: {success: [...], error: [{index, errors: [{errorType}]}]}}`,
 * SD 207 `[{code: SUCCESS | ..., campaignId}]`.
 * https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod#tag/Campaigns/operation/UpdateSponsoredProductsCampaigns
 * https://advertising.amazon.com/API/docs/en-us/sponsored-brands/3-0/openapi/prod#tag/Campaigns/operation/UpdateSponsoredBrandsCampaigns
 * https://advertising.amazon.com/API/docs/en-us/sponsored-display/3-0/openapi#tag/Campaigns/operation/updateCampaigns
 */
export function amazonCampaignUpdate(
  product: AmazonAdProduct,
  campaignId: string,
  change: AmazonCampaignChange,
): AmazonCampaignUpdate {
  const bulkRefusal = (answer: unknown) => {
    const parsed = amazonBulkCampaignUpdateSchema.safeParse(answer);
    if (!parsed.success) return "unexpected_shape";
    const error = parsed.data.campaigns.error[0];
    if (error) return error.errors[0]?.errorType ?? "refused";
    return parsed.data.campaigns.success.length ? undefined : "unexpected_shape";
  };
  if (product === "SD") {
    const id = Number(campaignId);
    if (!Number.isSafeInteger(id)) {
      throw new BadRequestError(`${SLUG}: campaign id ${campaignId} cannot be sent exactly`, {
        platform: SLUG,
        reason: "unsafe_campaign_id",
      });
    }
    return {
      operation: "sd_update_campaigns",
      path: "/sd/campaigns",
      body: [
        "state" in change
          ? { campaignId: id, state: change.state }
          : { campaignId: id, budget: change.budget },
      ],
      refusal: (answer) => {
        const parsed = amazonSdCampaignUpdateSchema.safeParse(answer);
        if (!parsed.success || !parsed.data[0]) return "unexpected_shape";
        const code = parsed.data[0].code ?? "unknown";
        return code === "SUCCESS" ? undefined : code;
      },
    };
  }
  const upper = "state" in change ? change.state.toUpperCase() : undefined;
  if (product === "SP") {
    return {
      operation: "sp_update_campaigns",
      path: "/sp/campaigns",
      mediaType: SP_CAMPAIGNS.mediaType,
      body: {
        campaigns: [
          "budget" in change
            ? { campaignId, budget: { budgetType: "DAILY", budget: change.budget } }
            : { campaignId, state: upper },
        ],
      },
      refusal: bulkRefusal,
    };
  }
  return {
    operation: "sb_update_campaigns",
    path: "/sb/v4/campaigns",
    mediaType: SB_CAMPAIGNS.mediaType,
    body: {
      campaigns: ["budget" in change ? { campaignId, budget: change.budget } : { campaignId, state: upper }],
    },
    refusal: bulkRefusal,
  };
}

/** A listed campaign's state as AutoPilot reads it (SP / SB upper case, SD lower case). */
export function amazonCampaignStatus(c: AmazonBudgetedCampaign): CampaignState["status"] {
  const state = (c.state ?? "").toUpperCase();
  return state === "ENABLED" ? "enabled" : state === "PAUSED" ? "paused" : "other";
}

/** A listed campaign's daily budget, micros, or null (a lifetime budget, or none). */
function ownDailyBudget(c: AmazonBudgetedCampaign): number | null {
  const micros = amountMicros(c.budget);
  return (c.budgetType ?? "").toUpperCase() === "DAILY" && micros > 0 ? micros : null;
}

/**
 * Daily budget limits of Amazon campaigns: at least one unit of the currency (100 in JPY), in
 * steps of a hundredth (whole yen). Amazon's minimums differ by marketplace and ad product; these
 * are the lowest common ones (Sponsored Products "Campaign budget" help: 1.00 USD / GBP / EUR,
 * 100 JPY).
 */
export function amazonBudgetLimits(currency: string): BudgetLimits {
  return currency.toUpperCase() === "JPY"
    ? { minDailyBudget: 100_000_000, budgetStep: 1_000_000 }
    : { minDailyBudget: 1_000_000, budgetStep: 10_000 };
}

/** One report row -> a partial daily row: `cost` and sales in currency units -> micros, purchases counted. */
export function reportRowToPartial(
  row: AmazonReportRow,
  spec: Pick<AmazonReportSpec, "purchases" | "sales">,
): DailyMetricsRow {
  return {
    date: row.date.slice(0, 10),
    spendMicros: amountMicros(row.cost),
    impressions: parseCount(row.impressions),
    clicks: parseCount(row.clicks),
    conversions: parseCount(row[spec.purchases]),
    revenueMicros: amountMicros(row[spec.sales]),
  };
}

/** The amazonAds connector: its descriptor and builder, for the registry. */
export const amazonAdsConnector: ConnectorDefinition = {
  ...amazonAdsDescriptor,
  create: createAmazonAdsConnector,
};
