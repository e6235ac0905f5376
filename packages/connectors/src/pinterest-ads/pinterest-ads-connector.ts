import { addDays, splitRange } from "@pacer/core";
import type { ConnectorConfig } from "../config.ts";
import {
  bearer,
  byName,
  CAMPAIGN_FILTERS,
  type CampaignDailyBudget,
  campaignFilterValues,
  campaignIdsToReport,
  checkId,
  checkRange,
  dailyMetrics,
  followPages,
  httpClientFor,
  type NormalisedFilters,
  normaliseFilters,
  requireOAuth,
  selectedCampaignIds,
  settingsOf,
  summedDailyBudget,
  versionedUrl,
  writeCampaignStatus,
  writeDailyBudgetMicros,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { asWriteError, BadRequestError, PlatformDownError } from "../errors.ts";
import { parseCount } from "../money.ts";
import {
  authorizeUrlWith,
  connectionIdentity,
  exchangeAuthorizationCode,
  oauthClient,
  refreshWithToken,
} from "../oauth/oauth2-client.ts";
import { toTokens } from "../oauth/token-response.ts";
import {
  checkedReportUrl,
  pollStepped,
  realSleep,
  STEPPED_MAX_POLLS,
  STEPPED_POLL_DELAYS_MS,
} from "../report-kit.ts";
import type {
  AdAccountView,
  BudgetLimits,
  BudgetQuery,
  CampaignState,
  CampaignTarget,
  CampaignWriter,
  Connector,
  Credentials,
  DailyMetrics,
  DailyMetricsRow,
  FilterValue,
  OAuthTokens,
  PlatformBudget,
  WriteOutcome,
} from "../types.ts";
import { classifyPinterestError } from "./classify.ts";
import { pinterestAdsDescriptor } from "./descriptor.ts";
import {
  adAccountSchema,
  adAccountsPageSchema,
  analyticsSchema,
  campaignsPageSchema,
  campaignsUpdateSchema,
  createReportSchema,
  type MetricsRow,
  type PinterestCampaign,
  reportFileSchema,
  reportStatusSchema,
  userAccountSchema,
} from "./schemas.ts";

const SLUG = "pinterestads";

/** Scopes asked for: ad accounts and analytics, and the user account for the connection's name. */
export const PINTEREST_ADS_SCOPES = ["ads:read", "user_accounts:read"];

/** Pinterest reports dates in UTC; ad accounts carry no time zone. */
export const PINTEREST_TIME_ZONE = "UTC";

/**
 * Synchronous analytics serve up to 90 days back from today (UTC) and at most 90 days per call;
 * the connector keeps one day of margin. Older days come from asynchronous reports, which serve up
 * to 914 days back and at most 186 days per report. Days older than that are beyond Pinterest's
 * retention and are reported as zeros.
 */
export const SYNC_LOOKBACK_DAYS = 89;
/** Longest range of one synchronous analytics call, in days. */
export const SYNC_MAX_DAYS = 90;
/** Oldest day an async report may start on, in days before today (UTC); one day of margin on 914. */
export const REPORT_LOOKBACK_DAYS = 913;
/** Longest range of one async report, in days. */
export const REPORT_MAX_DAYS = 186;

/** Waits between async report polls, ms; the last value repeats (the shared stepped schedule). */
export const REPORT_POLL_DELAYS_MS = STEPPED_POLL_DELAYS_MS;
/** Polls of one report before giving up with PlatformDownError `report_timeout`. */
export const REPORT_MAX_POLLS = STEPPED_MAX_POLLS;

/** Columns read: spend, delivery, and checkouts (purchases) with their value, all micros in the account currency. */
export const PINTEREST_COLUMNS = [
  "SPEND_IN_MICRO_DOLLAR",
  "TOTAL_IMPRESSION",
  "TOTAL_CLICKTHROUGH",
  "TOTAL_CHECKOUT",
  "TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR",
];

/**
 * Pinterest error codes that refuse a campaign write for lack of permission (the OpenAPI's
 * examples): 3 "Your token does not have sufficient permissions ... scopes" (HTTP 401: no
 * `ads:write`), 29 "You are not permitted to access that resource" (HTTP 403: the user's Business
 * Access role on the ad account may not edit campaigns, e.g. Analyst).
 */
const WRITE_PERMISSION_CODES = new Set(["3", "29"]);

/** Campaign ids per `campaigns/analytics` call (the API's maximum is 250). */
const CAMPAIGN_IDS_PER_CALL = 250;
const PAGE_SIZE = 250;
const MAX_PAGES = 200;

/**
 * Pinterest Ads connector (API v5).
 * - OAuth: `www.pinterest.com/oauth/` (no PKCE), token endpoint `POST /v5/oauth/token` with HTTP
 *   Basic client authentication; access tokens last 30 days, refresh tokens are "continuous": every
 *   refresh answers a new refresh token (60 days) that replaces the old one. User tokens cannot be
 *   revoked through the API (the revoke endpoint serves system users only). Identity from
 *   `/v5/user_account` (no email is available).
 * - Accounts: `/v5/ad_accounts` (shared accounts included, bookmark paging), time zone UTC.
 * - Metrics: `/v5/ad_accounts/{id}/analytics?granularity=DAY` (or `/campaigns/analytics` with
 *   `campaign_ids` when filtered) for the last 90 days, in calls of at most 90 days; older days
 *   through asynchronous reports (`POST /ad_accounts/{id}/reports`, poll with the token, download
 *   the JSON file) of at most 186 days. Money columns are already micros.
 * - Budget: the `daily_spend_cap` of the active campaigns (`fetchBudget`).
 * Every method throws the typed errors: AuthError, RateLimitedError, BadRequestError (also for
 * malformed dates or ids), PlatformDownError (after the shared retries), NotConfiguredError without
 * its config block.
 * https://developers.pinterest.com/docs/api/v5/ad_account-analytics
 */
export function createPinterestAdsConnector(config: ConnectorConfig): Connector {
  const need = settingsOf(SLUG, config.pinterestads);
  const http = httpClientFor(SLUG, config.http, { classify: classifyPinterestError });
  const now = config.http?.now ?? Date.now;
  const sleep = config.http?.sleep ?? realSleep;
  const client = () => {
    const s = need();
    return oauthClient(
      { clientId: s.appId, clientSecret: s.appSecret, tokenUrl: api("/oauth/token") },
      "client_secret_basic",
    );
  };
  function api(path: string): string {
    return versionedUrl(need().apiBaseUrl, need().apiVersion, path);
  }

  /** Follows `bookmark` through a listing. */
  async function paged<T extends { bookmark?: string | null | undefined }>(
    tokens: OAuthTokens,
    operation: string,
    path: string,
    query: Record<string, string | number | boolean>,
    parse: (body: unknown) => T,
    onPage: (page: T) => void,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    await followPages(
      SLUG,
      operation,
      MAX_PAGES,
      (bookmark) =>
        http.json(
          {
            operation,
            url: api(path),
            query: { ...query, page_size: PAGE_SIZE, bookmark },
            headers: bearer(tokens),
            signal,
          },
          parse,
        ),
      (page) => page.bookmark ?? undefined,
      onPage,
    );
  }

  /** The ad account's campaigns as Pinterest writes them, all pages; `query` narrows the listing (`entity_statuses`). */
  async function campaignItems(
    tokens: OAuthTokens,
    accountId: string,
    query: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<PinterestCampaign[]> {
    const out: PinterestCampaign[] = [];
    await paged(
      tokens,
      "campaigns",
      `/ad_accounts/${accountId}/campaigns`,
      query,
      (body) => campaignsPageSchema.parse(body),
      (page) => {
        out.push(...page.items);
      },
      signal,
    );
    return out;
  }

  async function campaigns(tokens: OAuthTokens, accountId: string, signal: AbortSignal | undefined) {
    const items = await campaignItems(tokens, accountId, {}, signal);
    return items.map((c): FilterValue => ({ id: c.id, name: c.name ?? c.id, status: c.status ?? "" }));
  }

  /** Synchronous analytics for one window (within the lookback), account or campaign level. */
  async function syncAnalytics(
    tokens: OAuthTokens,
    accountId: string,
    from: string,
    to: string,
    campaignIds: string[] | undefined,
    signal: AbortSignal | undefined,
  ): Promise<DailyMetricsRow[]> {
    const common = {
      start_date: from,
      end_date: to,
      granularity: "DAY",
      columns: PINTEREST_COLUMNS.join(","),
    };
    const batches = campaignIds ? chunk(campaignIds, CAMPAIGN_IDS_PER_CALL) : [undefined];
    const rows: DailyMetricsRow[] = [];
    for (const ids of batches) {
      const answer = await http.json(
        {
          operation: ids ? "campaignAnalytics" : "analytics",
          url: api(
            ids ? `/ad_accounts/${accountId}/campaigns/analytics` : `/ad_accounts/${accountId}/analytics`,
          ),
          query: ids ? { ...common, campaign_ids: ids.join(",") } : common,
          headers: bearer(tokens),
          signal,
        },
        // Rows are converted inside the parser, so an unreadable value is a malformed answer.
        (body) => analyticsSchema.parse(body).map(metricsToRow),
      );
      rows.push(...answer);
    }
    return rows;
  }

  /** An asynchronous report for one window older than the sync lookback: create, poll, download. */
  async function asyncReport(
    tokens: OAuthTokens,
    accountId: string,
    from: string,
    to: string,
    campaignIds: string[] | undefined,
    signal: AbortSignal | undefined,
  ): Promise<DailyMetricsRow[]> {
    const path = `/ad_accounts/${accountId}/reports`;
    const created = await http.json(
      {
        operation: "createReport",
        method: "POST",
        url: api(path),
        headers: bearer(tokens),
        json: {
          start_date: from,
          end_date: to,
          granularity: "DAY",
          level: campaignIds ? "CAMPAIGN" : "ADVERTISER",
          columns: PINTEREST_COLUMNS,
          report_format: "JSON",
          ...(campaignIds ? { campaign_ids: campaignIds } : {}),
        },
        signal,
      },
      (body) => createReportSchema.parse(body),
    );
    const finished = await pollStepped(
      SLUG,
      "getReport",
      async () => {
        const status = await http.json(
          {
            operation: "getReport",
            url: api(path),
            query: { token: created.token },
            headers: bearer(tokens),
            signal,
          },
          (body) => reportStatusSchema.parse(body),
        );
        if (status.report_status === "FINISHED") return { url: status.url };
        if (status.report_status !== "IN_PROGRESS") {
          throw new PlatformDownError(`${SLUG} getReport: report status ${status.report_status}`, {
            platform: SLUG,
            reason: "report_failed",
          });
        }
        return undefined;
      },
      sleep,
      signal,
    );
    return finished.url ? download(finished.url, signal) : [];
  }

  /** Downloads a report file from its pre-signed URL (https only, or the configured API host), without credentials. */
  async function download(reportUrl: string, signal: AbortSignal | undefined): Promise<DailyMetricsRow[]> {
    const url = checkedReportUrl(SLUG, reportUrl, need().apiBaseUrl);
    return http.json({ operation: "downloadReport", url, signal }, (body) =>
      Object.values(reportFileSchema.parse(body)).flat().map(metricsToRow),
    );
  }

  /** Spend per campaign over `from..to` (micros), from `campaigns/analytics`; days past the sync lookback count 0. */
  async function campaignSpend(
    tokens: OAuthTokens,
    accountId: string,
    ids: string[],
    from: string,
    to: string,
    signal: AbortSignal | undefined,
  ): Promise<Map<string, number>> {
    const spend = new Map<string, number>();
    const today = new Date(now()).toISOString().slice(0, 10);
    const recent = clip(from, to, addDays(today, -SYNC_LOOKBACK_DAYS), to);
    if (!ids.length || !recent) return spend;
    for (const w of splitRange(recent[0], recent[1], SYNC_MAX_DAYS)) {
      for (const batch of chunk(ids, CAMPAIGN_IDS_PER_CALL)) {
        const rows = await http.json(
          {
            operation: "campaignAnalytics",
            url: api(`/ad_accounts/${accountId}/campaigns/analytics`),
            query: {
              start_date: w.from,
              end_date: w.to,
              granularity: "DAY",
              columns: "SPEND_IN_MICRO_DOLLAR",
              campaign_ids: batch.join(","),
            },
            headers: bearer(tokens),
            signal,
          },
          (body) => analyticsSchema.parse(body),
        );
        for (const row of rows) {
          const campaign = row.CAMPAIGN_ID ?? "";
          spend.set(campaign, (spend.get(campaign) ?? 0) + micros(row.SPEND_IN_MICRO_DOLLAR));
        }
      }
    }
    return spend;
  }

  /**
   * Pinterest campaign writes (AutoPilot): `PATCH /v5/ad_accounts/{ad_account_id}/campaigns` with a
   * list of one `{id, ad_account_id, status}` (`ACTIVE` / `PAUSED`) or `{id, ad_account_id,
   * daily_spend_cap}` (integer micro-currency of the account), at most 30 items a call (the
   * OpenAPI's `maxItems`). The answer holds one item per campaign, refused ones with `exceptions`
   * in an HTTP 200 (BadRequestError with Pinterest's code as `reason`). Each write reads the
   * campaign first (`GET .../campaigns?campaign_ids={id}`, the listing's default statuses ACTIVE and
   * PAUSED) and sends nothing when the value holds. Only a campaign-level `daily_spend_cap` is
   * written: campaigns whose budgets sit on their ad groups (no campaign budget optimisation, so
   * no `daily_spend_cap`) or with a `lifetime_spend_cap` have none (`no_campaign_budget`). Needs the
   * `ads:write` scope and an Admin or Campaign Manager role: code 3 (401) or 29 (403) on a write
   * -> InsufficientScopeError. Spend per campaign from `campaigns/analytics` (last 90 days).
   * https://developers.pinterest.com/docs/api/v5/campaigns-update (operationId `campaigns/update`
   * in pinterest/api-description v5 OpenAPI 5.23.0; `campaigns/list` for the read)
   */
  function pinterestCampaignWriter(): CampaignWriter {
    const readOne = async (tokens: OAuthTokens, t: CampaignTarget) => {
      const accountId = checkId(SLUG, t.account.id, { what: "ad account" });
      const campaignId = checkId(SLUG, t.campaignId, { what: "campaign" });
      const [found] = (await campaignItems(tokens, accountId, { campaign_ids: campaignId }, t.signal)).filter(
        (c) => c.id === campaignId,
      );
      if (!found) {
        throw new BadRequestError(`${SLUG}: campaign ${campaignId} not found`, {
          platform: SLUG,
          reason: "campaign_not_found",
        });
      }
      return { accountId, campaignId, found };
    };
    const update = async (
      tokens: OAuthTokens,
      accountId: string,
      item: Record<string, unknown>,
      signal: AbortSignal | undefined,
    ): Promise<string> => {
      let answer: ReturnType<typeof campaignsUpdateSchema.parse>;
      try {
        answer = await http.json(
          {
            operation: "updateCampaigns",
            method: "PATCH",
            url: api(`/ad_accounts/${accountId}/campaigns`),
            headers: bearer(tokens),
            json: [{ ad_account_id: accountId, ...item }],
            signal,
          },
          (body) => campaignsUpdateSchema.parse(body),
        );
      } catch (error) {
        throw asWriteError(error, (reason) => WRITE_PERMISSION_CODES.has(reason));
      }
      const [result] = answer.items;
      const refusal = result?.exceptions?.[0];
      if (refusal || !result?.data) {
        throw new BadRequestError(
          `${SLUG} updateCampaigns: campaign refused (code ${refusal?.code ?? "none"}: ${refusal?.message ?? "no data"})`,
          { platform: SLUG, reason: String(refusal?.code ?? "no_data") },
        );
      }
      return `updated ${result.data.id ?? item.id}`;
    };
    return {
      async listCampaigns(credentials, query): Promise<CampaignState[]> {
        const tokens = requireOAuth(credentials, SLUG);
        const accountId = checkId(SLUG, query.account.id, { what: "ad account" });
        const selected = selectedCampaigns(
          await campaignItems(tokens, accountId, {}, query.signal),
          normaliseFilters(query.filters),
        );
        const ids = selected.map((c) => c.id);
        const spend = await campaignSpend(tokens, accountId, ids, query.from, query.to, query.signal);
        return selected.map((c) => ({
          id: c.id,
          name: c.name ?? c.id,
          status: pinterestCampaignStatus(c),
          dailyBudgetMicros: c.daily_spend_cap || null,
          spendMicros: spend.get(c.id) ?? 0,
        }));
      },

      async setCampaignStatus(credentials, target): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const { accountId, campaignId, found } = await readOne(tokens, target);
        return writeCampaignStatus(
          SLUG,
          campaignId,
          pinterestCampaignStatus(found),
          target.status,
          (enable) =>
            update(
              tokens,
              accountId,
              { id: campaignId, status: enable ? "ACTIVE" : "PAUSED" },
              target.signal,
            ),
        );
      },

      async setCampaignDailyBudget(credentials, target): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const { accountId, campaignId, found } = await readOne(tokens, target);
        return writeDailyBudgetMicros(
          SLUG,
          campaignId,
          found.daily_spend_cap || null,
          target.amountMicros,
          (cap) => update(tokens, accountId, { id: campaignId, daily_spend_cap: cap }, target.signal),
        );
      },

      budgetLimits: pinterestBudgetLimits,
    };
  }

  return {
    ...connectorIdentity(pinterestAdsDescriptor),

    authorizeUrl({ state, redirectUri }) {
      const s = need();
      const url = authorizeUrlWith(s.authorizeUrl, {
        client_id: s.appId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: PINTEREST_ADS_SCOPES.join(","),
        state,
      });
      return { url };
    },

    async exchangeCode({ code, redirectUri }) {
      const answer = await exchangeAuthorizationCode(http, client(), code, redirectUri, {
        continuous_refresh: "true",
      });
      const tokens = toTokens(answer, now());
      const user = await http.json(
        { operation: "userAccount", url: api("/user_account"), headers: bearer(tokens) },
        (body) => userAccountSchema.parse(body),
      );
      return {
        tokens,
        identity: connectionIdentity({ id: user.id, name: user.business_name || user.username }),
      };
    },

    // The answer carries the new continuous refresh token; toTokens keeps it over the old one.
    refreshAccessToken: (tokens) => refreshWithToken(http, client, tokens, SLUG, now),

    /**
     * Pinterest revokes only system-user tokens through the API: the caller deletes the stored
     * tokens and the user disconnects the app in their Pinterest settings.
     */
    async revoke(credentials) {
      requireOAuth(credentials, SLUG);
    },

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      const views: AdAccountView[] = [];
      await paged(
        tokens,
        "adAccounts",
        "/ad_accounts",
        { include_shared_accounts: true },
        (body) => adAccountsPageSchema.parse(body),
        (page) => {
          for (const a of page.items) {
            const metaData: Record<string, string> = {};
            if (a.country) metaData.country = a.country;
            if (a.permissions?.length) metaData.permissions = a.permissions.join(",");
            views.push({
              id: a.id,
              name: a.name ?? a.id,
              currency: a.currency ?? "",
              timeZone: PINTEREST_TIME_ZONE,
              metaData,
            });
          }
        },
        options?.signal,
      );
      return views.sort(byName);
    },

    async fetchDailyMetrics(credentials, query): Promise<DailyMetrics> {
      const tokens = requireOAuth(credentials, SLUG);
      checkRange(query, SLUG);
      const accountId = checkId(SLUG, query.account.id, { what: "ad account" });
      const filters = normaliseFilters(query.filters);
      const campaignIds = await campaignIdsToReport(
        filters,
        () => campaigns(tokens, accountId, query.signal),
        (id) => checkId(SLUG, id, { what: "campaign" }),
      );
      const partials: DailyMetricsRow[] = [];
      if (!campaignIds || campaignIds.length) {
        const today = new Date(now()).toISOString().slice(0, 10);
        const syncFirst = addDays(today, -SYNC_LOOKBACK_DAYS);
        const reportFirst = addDays(today, -REPORT_LOOKBACK_DAYS);
        const old = clip(query.from, query.to, reportFirst, addDays(syncFirst, -1));
        const recent = clip(query.from, query.to, syncFirst, query.to);
        for (const { from, to } of old ? splitRange(old[0], old[1], REPORT_MAX_DAYS) : []) {
          partials.push(...(await asyncReport(tokens, accountId, from, to, campaignIds, query.signal)));
        }
        for (const { from, to } of recent ? splitRange(recent[0], recent[1], SYNC_MAX_DAYS) : []) {
          partials.push(...(await syncAnalytics(tokens, accountId, from, to, campaignIds, query.signal)));
        }
      }
      let currency = query.account.currency ?? "";
      if (!currency) {
        const account = await http.json(
          {
            operation: "adAccount",
            url: api(`/ad_accounts/${accountId}`),
            headers: bearer(tokens),
            signal: query.signal,
          },
          (body) => adAccountSchema.parse(body),
        );
        currency = account.currency ?? "";
      }
      return dailyMetrics(query, { accountId, currency, timeZone: PINTEREST_TIME_ZONE }, partials);
    },

    /**
     * The ad account's daily budget at Pinterest, integer micros of the account currency: the sum of
     * the `daily_spend_cap` (already micro-currency) of the `ACTIVE` campaigns that pass the
     * tracker's filters, chosen as `fetchDailyMetrics` chooses them (`campaignIdsToReport`). Read
     * from `GET /v5/ad_accounts/{id}/campaigns?entity_statuses=ACTIVE` (bookmark paging).
     * Campaigns with only a `lifetime_spend_cap`, or no cap (null, which Pinterest treats as 0), are
     * not counted; budgets set on ad groups are not read. Pinterest has no budget shared between
     * campaigns, so each campaign's cap is its own.
     * https://developers.pinterest.com/docs/api/v5/campaigns-list
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily cap
     * @throws the typed errors of `errors.ts`, like every call (BadRequestError for a malformed
     *   campaign id, before any call)
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const accountId = checkId(SLUG, query.account.id, { what: "ad account" });
      const filters = normaliseFilters(query.filters);
      const checkCampaign = (id: string) => checkId(SLUG, id, { what: "campaign" });
      filters.campaignIds?.forEach(checkCampaign);
      const items = await campaignItems(tokens, accountId, { entity_statuses: "ACTIVE" }, query.signal);
      return summedDailyBudget(runningDailyCaps(items), filters);
    },

    filterDefinitions: () => CAMPAIGN_FILTERS,

    listFilterValues: (credentials, query) =>
      campaignFilterValues(query, () =>
        campaigns(
          requireOAuth(credentials, SLUG),
          checkId(SLUG, query.account.id, { what: "ad account" }),
          query.signal,
        ),
      ),

    campaigns: pinterestCampaignWriter(),
  };
}

/** A campaign's `status` as AutoPilot reads it: ACTIVE, PAUSED, anything else (ARCHIVED, DRAFT...) "other". */
export function pinterestCampaignStatus(c: PinterestCampaign): CampaignState["status"] {
  return c.status === "ACTIVE" ? "enabled" : c.status === "PAUSED" ? "paused" : "other";
}

/** Listed campaigns kept by the tracker's filters (ids, and the name containing a text). */
function selectedCampaigns(
  items: readonly PinterestCampaign[],
  filters: NormalisedFilters,
): PinterestCampaign[] {
  const wanted = selectedCampaignIds(
    items.map((c) => ({ id: c.id, name: c.name ?? "" })),
    filters,
  );
  return items.filter((c) => wanted.includes(c.id));
}

/**
 * Daily budget limits of a Pinterest campaign: Pinterest publishes no minimum `daily_spend_cap` in
 * its v5 OpenAPI or help pages (one currency unit here, an assumption), in steps of a hundredth.
 */
export function pinterestBudgetLimits(_currency: string): BudgetLimits {
  return { minDailyBudget: 1_000_000, budgetStep: 10_000 };
}

/**
 * The campaigns a Pinterest budget counts: `ACTIVE` ones (the call asks only for those; checked
 * again when the answer says otherwise) with a `daily_spend_cap` above zero, in micros as written.
 * `lifetime_spend_cap` is a total over the campaign's run, not a daily budget: left out.
 */
export function runningDailyCaps(items: readonly PinterestCampaign[]): CampaignDailyBudget[] {
  return items.flatMap((c) =>
    (c.status ?? "ACTIVE") === "ACTIVE" && c.daily_spend_cap
      ? [{ id: c.id, name: c.name ?? c.id, dailyMicros: c.daily_spend_cap }]
      : [],
  );
}

/** `from..to` limited to `first..last`, or undefined when they do not overlap. */
function clip(from: string, to: string, first: string, last: string): [string, string] | undefined {
  const start = from > first ? from : first;
  const end = to < last ? to : last;
  return start <= end ? [start, end] : undefined;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function micros(value: number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (!Number.isFinite(value)) throw new RangeError("micro amount is not a number");
  return Math.round(value);
}

/**
 * One analytics row -> a partial daily row: `SPEND_IN_MICRO_DOLLAR` and
 * `TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR` are micros of the account currency already; missing
 * columns (no value that day) are zeros; conversions are `TOTAL_CHECKOUT`.
 */
export function metricsToRow(row: MetricsRow): DailyMetricsRow {
  return {
    date: row.DATE,
    spendMicros: micros(row.SPEND_IN_MICRO_DOLLAR),
    impressions: parseCount(row.TOTAL_IMPRESSION),
    clicks: parseCount(row.TOTAL_CLICKTHROUGH),
    conversions: parseCount(row.TOTAL_CHECKOUT),
    revenueMicros: micros(row.TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR),
  };
}

/** The pinterestAds connector: its descriptor and builder, for the registry. */
export const pinterestAdsConnector: ConnectorDefinition = {
  ...pinterestAdsDescriptor,
  create: createPinterestAdsConnector,
};
