import { addDays, type DateWindow, eachDate, midnightIso, splitRange } from "@pacer/core";
import type { ConnectorConfig } from "../config.ts";
import {
  byName,
  CAMPAIGN_FILTERS,
  type CampaignDailyBudget,
  type CampaignDayRow,
  campaignFilterValues,
  checkId,
  checkRange,
  dailyMetrics,
  followPages,
  httpClientFor,
  type NormalisedFilters,
  normaliseFilters,
  notSupported,
  requireOAuth,
  selectedCampaignIds,
  settingsOf,
  spendByCampaign,
  summedDailyBudget,
  versionedUrl,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { AuthError, BadRequestError, PlatformDownError } from "../errors.ts";
import type { FetchLike, HttpClient } from "../http/http-client.ts";
import { connectionIdentity, revokeIgnoringInvalid } from "../oauth/oauth2-client.ts";
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
  BudgetQuery,
  Credentials,
  DailyMetrics,
  DailyMetricsRow,
  OAuth1Connector,
  OAuthTokens,
  PlatformBudget,
} from "../types.ts";
import { xCampaignWriter } from "./campaign-writer.ts";
import { classifyXError } from "./classify.ts";
import { twitterAdsDescriptor } from "./descriptor.ts";
import { type OAuth1Token, oauth1Fetch, parseTokenAnswer, urlWithQuery } from "./oauth1.ts";
import {
  type XAccount,
  type XCampaign,
  type XLineItem,
  type XMetrics,
  type XStats,
  xAccountResponseSchema,
  xAccountsPageSchema,
  xCampaignsPageSchema,
  xFundingInstrumentsPageSchema,
  xLineItemsPageSchema,
  xStatsJobResponseSchema,
  xStatsJobsPageSchema,
  xStatsSchema,
} from "./schemas.ts";

export { isOAuth1Connector, type OAuth1AuthorizeUrl, type OAuth1Connector } from "../types.ts";

const SLUG = "twitterads";

/** Longest range of one synchronous stats call (X: 7 days); longer ranges go through jobs. */
export const X_SYNC_STATS_MAX_DAYS = 7;
/**
 * Longest range of one asynchronous analytics job without segmentation (X: 90 days; 45 with
 * segmentation, which Pacer does not ask for). https://docs.x.com/x-ads-api/analytics
 * ("Synchronous vs. Asynchronous").
 */
export const X_ASYNC_STATS_MAX_DAYS = 90;
/**
 * Most entity ids one stats call or job accepts ("Up to 20 entity IDs may be provided", the
 * synchronous reference; the job takes the same parameters).
 */
export const X_STATS_MAX_ENTITY_IDS = 20;
/** Most ids one job status call accepts (`job_ids`: "Up to 200 IDs may be provided"). */
export const X_MAX_JOB_IDS_PER_CALL = 200;
/** Job statuses after which a job never gives a file. */
const X_JOB_ENDED_WITHOUT_FILE = new Set(["FAILED", "EXPIRED", "CANCELLED"]);
/**
 * Placements summed into a day: X reports its own surfaces and the publisher network apart, one
 * placement per call or job.
 */
export const X_PLACEMENTS = ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"] as const;
/** Metric groups asked for: spend (`BILLING`), impressions and clicks (`ENGAGEMENT`), purchases (`WEB_CONVERSION`). */
export const X_METRIC_GROUPS = "BILLING,ENGAGEMENT,WEB_CONVERSION";
/** Pages followed at most per listing. */
const MAX_PAGES = 100;
/** Most ids one `*_ids` listing parameter takes (`campaign_ids` of `line_items`). */
export const X_MAX_IDS_PER_CALL = 200;

/**
 * X (Twitter) Ads connector, Ads API v12 with OAuth 1.0a user context (HMAC-SHA1; every attempt
 * signed afresh). Connect: `requestToken` -> consent -> return page with `oauth_token` and
 * `oauth_verifier` -> `exchangeCode` (`POST /oauth/access_token`) -> access token and secret, which
 * never expire (no refresh: `refreshAccessToken` throws NotSupportedError). Revoke:
 * `POST /1.1/oauth/invalidate_token` signed with the token and its secret. Accounts:
 * `GET /accounts` (cursor paging), currency from the account's funding instruments. Metrics:
 * `granularity=DAY`, times at midnight in the account time zone, at most 20 entities per call or
 * job, `ALL_ON_TWITTER` and `PUBLISHER_NETWORK` asked apart and summed: up to 7 days through the
 * synchronous `GET /stats/accounts/{id}`, longer ranges through asynchronous jobs of at most 90
 * days (`POST /stats/jobs/accounts/{id}`, polled with `GET /stats/jobs/accounts/{id}?job_ids=`
 * until `SUCCESS`, the gzip JSON file at the job's `url` downloaded unsigned; see `jobStats`);
 * spend `billed_charge_local_micro` (micros), conversions and revenue from
 * `conversion_purchases` (`metric`, `sale_amount` in micros). Filters: campaigns listed, then
 * `entity=CAMPAIGN` with the matching ids. Budget: the active campaigns'
 * `daily_budget_amount_local_micro` (`fetchBudget`).
 * https://docs.x.com/x-ads-api/analytics
 * https://developer.x.com/en/docs/x-ads-api/analytics/guides/asynchronous-analytics
 */
export function createTwitterAdsConnector(config: ConnectorConfig): OAuth1Connector {
  const settings = config.twitterads;
  const now = config.http?.now ?? Date.now;
  const baseFetch: FetchLike = config.http?.fetch ?? ((input, init) => fetch(input, init));
  const classify = classifyXError(now);
  const need = settingsOf(SLUG, settings);
  const sleep = config.http?.sleep ?? realSleep;
  const poll: ReportPollSettings = { ...DEFAULT_REPORT_POLL, ...settings?.reportPoll };
  /**
   * Unsigned: a job's file lives on X's file host (`ton.twimg.com`), which takes no OAuth; a file
   * it refuses is PlatformDownError `report_download`, not a token problem.
   */
  const downloadFile = reportFileDownloader(SLUG, config.http);
  /** A client signing every attempt with the consumer credentials and `token`. */
  const signed = (token?: OAuth1Token, protocolParams?: Record<string, string>): HttpClient => {
    const s = need();
    const consumer = { key: s.consumerKey, secret: s.consumerSecret };
    const fetchImpl = oauth1Fetch(baseFetch, consumer, token, protocolParams);
    return httpClientFor(SLUG, { ...config.http, fetch: fetchImpl }, { classify });
  };
  const userToken = (tokens: OAuthTokens): OAuth1Token => {
    if (!tokens.accessTokenSecret) {
      throw new AuthError(`${SLUG}: access token secret missing, reconnect`, {
        platform: SLUG,
        reason: "missing_token_secret",
      });
    }
    return { key: tokens.accessToken, secret: tokens.accessTokenSecret };
  };
  const ads = (path: string) => versionedUrl(need().adsApiBaseUrl, need().apiVersion, path);
  const oauthUrl = (path: string) => `${need().oauthBaseUrl.replace(/\/+$/, "")}${path}`;

  async function eachCursorPage<P extends { next_cursor?: string | null | undefined }>(
    http: HttpClient,
    operation: string,
    url: string,
    params: Record<string, string | number | undefined>,
    parse: (body: unknown) => P,
    onPage: (page: P) => void,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    await followPages(
      SLUG,
      operation,
      MAX_PAGES,
      (cursor) => http.json({ operation, url: urlWithQuery(url, { ...params, cursor }), signal }, parse),
      (page) => page.next_cursor ?? undefined,
      onPage,
    );
  }

  async function accountInfo(http: HttpClient, accountId: string, signal?: AbortSignal): Promise<XAccount> {
    const body = await http.json({ operation: "account", url: ads(`/accounts/${accountId}`), signal }, (b) =>
      xAccountResponseSchema.parse(b),
    );
    return body.data;
  }

  async function currencyOf(http: HttpClient, accountId: string, signal?: AbortSignal): Promise<string> {
    let currency: string | undefined;
    await eachCursorPage(
      http,
      "funding_instruments",
      ads(`/accounts/${accountId}/funding_instruments`),
      { count: 1000 },
      (b) => xFundingInstrumentsPageSchema.parse(b),
      (page) => {
        currency ??= page.data.find((f) => f.currency && !f.deleted && !f.cancelled)?.currency;
        currency ??= page.data.find((f) => f.currency)?.currency;
      },
      signal,
    );
    return currency ?? "";
  }

  /** The account's campaigns as X writes them (deleted ones left out), all cursor pages. */
  async function campaignRecords(http: HttpClient, accountId: string, signal?: AbortSignal) {
    const out: XCampaign[] = [];
    await eachCursorPage(
      http,
      "campaigns",
      ads(`/accounts/${accountId}/campaigns`),
      { count: 1000 },
      (b) => xCampaignsPageSchema.parse(b),
      (page) => {
        for (const c of page.data) if (!c.deleted) out.push(c);
      },
      signal,
    );
    return out;
  }

  /**
   * The line items of `campaignIds` (deleted ones left out), `campaign_ids` at most
   * {@link X_MAX_IDS_PER_CALL} per call, all cursor pages.
   */
  async function lineItemRecords(
    http: HttpClient,
    accountId: string,
    campaignIds: readonly string[],
    signal?: AbortSignal,
  ): Promise<XLineItem[]> {
    const out: XLineItem[] = [];
    for (let i = 0; i < campaignIds.length; i += X_MAX_IDS_PER_CALL) {
      await eachCursorPage(
        http,
        "line_items",
        ads(`/accounts/${accountId}/line_items`),
        { count: 1000, campaign_ids: campaignIds.slice(i, i + X_MAX_IDS_PER_CALL).join(",") },
        (b) => xLineItemsPageSchema.parse(b),
        (page) => {
          for (const li of page.data) if (!li.deleted) out.push(li);
        },
        signal,
      );
    }
    return out;
  }

  async function campaigns(http: HttpClient, accountId: string, signal?: AbortSignal) {
    const records = await campaignRecords(http, accountId, signal);
    return records.map((c) => ({ id: c.id, name: c.name ?? c.id, status: c.entity_status ?? "" }));
  }

  /** The query of one stats call or job: `DAY` at the account's midnights, one placement. */
  const statsQuery = (entity: XStatsEntity, r: XStatsRequest, timeZone: string) => ({
    entity,
    entity_ids: r.entityIds.join(","),
    start_time: midnightIso(r.window.from, timeZone),
    end_time: midnightIso(addDays(r.window.to, 1), timeZone),
    granularity: "DAY",
    metric_groups: X_METRIC_GROUPS,
    placement: r.placement,
  });

  /** Up to 7 days: one synchronous `GET /stats/accounts/{id}` per 20 ids and placement. */
  /**
   * The zone X's stats are asked in: the ad account's (the view's, else `GET accounts/:id`).
   * @throws PlatformDownError `no_time_zone` when X names none
   */
  async function statsTimeZone(
    http: HttpClient,
    accountId: string,
    query: { account: { timeZone?: string }; signal?: AbortSignal | undefined },
  ): Promise<string> {
    const timeZone = query.account.timeZone || (await accountInfo(http, accountId, query.signal)).timezone;
    if (!timeZone) {
      throw new PlatformDownError(`${SLUG}: account time zone unknown`, {
        platform: SLUG,
        reason: "no_time_zone",
      });
    }
    return timeZone;
  }

  /**
   * The stats of `scope`'s entities over its range, each day row with the entity it belongs to:
   * synchronous up to {@link X_SYNC_STATS_MAX_DAYS} days, asynchronous jobs beyond.
   */
  function stats(scope: StatsScope): Promise<CampaignDayRow[]> {
    const days = eachDate(scope.range.from, scope.range.to).length;
    return days <= X_SYNC_STATS_MAX_DAYS ? syncStats(scope) : jobStats(scope);
  }

  async function syncStats(scope: StatsScope): Promise<CampaignDayRow[]> {
    const { http, accountId, entity, ids, range, timeZone } = scope;
    const partials: CampaignDayRow[] = [];
    for (const r of statsRequests(ids, range.from, range.to, X_SYNC_STATS_MAX_DAYS)) {
      const stats = await http.json(
        {
          operation: "stats",
          url: urlWithQuery(ads(`/stats/accounts/${accountId}`), statsQuery(entity, r, timeZone)),
          signal: range.signal,
        },
        (b) => xStatsSchema.parse(b),
      );
      partials.push(...statsRows(r.window.from, stats));
    }
    return partials;
  }

  /**
   * Over 7 days: one asynchronous job per window of at most 90 days, 20 ids and placement
   * (`POST /stats/jobs/accounts/{id}` with the synchronous call's parameters, answered with the
   * job `PROCESSING`); every job polled (`GET /stats/jobs/accounts/{id}?job_ids=`, 200 ids a
   * call) with the shared report polling until `SUCCESS`; each job's file downloaded from its
   * `url` (checked like every report location, no OAuth header), gunzipped and read as the
   * synchronous answer ("The response object returned in the data file has the same JSON schema as
   * the synchronous analytics endpoint response").
   * https://developer.x.com/en/docs/x-ads-api/analytics/guides/asynchronous-analytics
   * @throws PlatformDownError `report_failed` (a job `FAILED`, `EXPIRED` or `CANCELLED`),
   *   `report_timeout` (not finished within the poll settings), `report_url`, `malformed_report`
   */
  async function jobStats(scope: StatsScope): Promise<CampaignDayRow[]> {
    const { http, accountId, entity, ids, range, timeZone } = scope;
    const jobs: PendingJob[] = [];
    for (const r of statsRequests(ids, range.from, range.to, X_ASYNC_STATS_MAX_DAYS)) {
      const created = await http.json(
        {
          operation: "stats_job",
          method: "POST",
          url: urlWithQuery(ads(`/stats/jobs/accounts/${accountId}`), statsQuery(entity, r, timeZone)),
          signal: range.signal,
        },
        (b) => xStatsJobResponseSchema.parse(b),
      );
      jobs.push({ id: created.data.id_str, from: r.window.from });
    }
    if (!jobs.length) return [];
    await pollUntil(
      SLUG,
      "stats_job",
      () => checkJobs(http, accountId, jobs, range.signal),
      poll,
      sleep,
      range.signal,
    );
    const partials: CampaignDayRow[] = [];
    for (const job of jobs) {
      const bytes = await downloadFile({
        url: job.url ?? "",
        apiBase: need().adsApiBaseUrl,
        operation: "stats_job_file",
        signal: range.signal,
      });
      partials.push(
        ...statsRows(
          job.from,
          reportJson(SLUG, bytes, (b) => xStatsSchema.parse(b)),
        ),
      );
    }
    return partials;
  }

  /** Checks the pending jobs once (200 ids a call); true when every job has its file. */
  async function checkJobs(
    http: HttpClient,
    accountId: string,
    jobs: PendingJob[],
    signal: AbortSignal | undefined,
  ): Promise<true | undefined> {
    const pending = jobs.filter((j) => !j.url);
    for (let i = 0; i < pending.length; i += X_MAX_JOB_IDS_PER_CALL) {
      const batch = pending.slice(i, i + X_MAX_JOB_IDS_PER_CALL);
      const page = await http.json(
        {
          operation: "stats_job_status",
          url: urlWithQuery(ads(`/stats/jobs/accounts/${accountId}`), {
            job_ids: batch.map((j) => j.id).join(","),
            count: X_MAX_JOB_IDS_PER_CALL,
          }),
          signal,
        },
        (b) => xStatsJobsPageSchema.parse(b),
      );
      for (const job of batch) {
        const status = page.data.find((d) => d.id_str === job.id);
        if (status && X_JOB_ENDED_WITHOUT_FILE.has(status.status)) {
          throw new PlatformDownError(`${SLUG}: analytics job ${status.status}`, {
            platform: SLUG,
            reason: "report_failed",
          });
        }
        if (status?.status === "SUCCESS" && status.url) job.url = status.url;
      }
    }
    return jobs.every((j) => j.url) ? true : undefined;
  }

  const connector: OAuth1Connector = {
    ...connectorIdentity(twitterAdsDescriptor),

    authorizeUrl() {
      throw notSupported(SLUG, "authorizeUrl (OAuth 1.0a: call requestToken)");
    },

    async requestToken({ redirectUri }) {
      const response = await signed(undefined, { oauth_callback: redirectUri }).raw({
        operation: "request_token",
        method: "POST",
        url: oauthUrl("/oauth/request_token"),
      });
      const fields = parseTokenAnswer(response.text);
      if (fields?.oauth_callback_confirmed !== "true") {
        throw new PlatformDownError(`${SLUG} request_token: unexpected answer`, {
          platform: SLUG,
          reason: "unexpected_shape",
          status: response.status,
        });
      }
      const requestToken = fields.oauth_token as string;
      return {
        url: urlWithQuery(oauthUrl("/oauth/authorize"), { oauth_token: requestToken }),
        requestToken,
        requestTokenSecret: fields.oauth_token_secret as string,
      };
    },

    async exchangeCode({ code, oauthVerifier, requestTokenSecret }) {
      if (!oauthVerifier || !requestTokenSecret) {
        throw new BadRequestError(`${SLUG}: oauth_verifier and the request token secret are required`, {
          platform: SLUG,
          reason: "missing_verifier",
        });
      }
      const token = { key: code, secret: requestTokenSecret };
      const response = await signed(token, { oauth_verifier: oauthVerifier }).raw({
        operation: "access_token",
        method: "POST",
        url: oauthUrl("/oauth/access_token"),
        retry: false,
      });
      const fields = parseTokenAnswer(response.text);
      if (!fields) {
        throw new PlatformDownError(`${SLUG} access_token: unexpected answer`, {
          platform: SLUG,
          reason: "unexpected_shape",
          status: response.status,
        });
      }
      const identity = connectionIdentity({ id: fields.user_id, name: fields.screen_name });
      return {
        tokens: { accessToken: fields.oauth_token as string, accessTokenSecret: fields.oauth_token_secret },
        identity,
      };
    },

    async refreshAccessToken() {
      throw notSupported(SLUG, "refresh");
    },

    async revoke(credentials) {
      const token = userToken(requireOAuth(credentials, SLUG));
      // An AuthError answer (#89): the token is already invalid, nothing left to revoke.
      await revokeIgnoringInvalid(() =>
        signed(token).raw({
          operation: "invalidate_token",
          method: "POST",
          url: oauthUrl("/1.1/oauth/invalidate_token"),
        }),
      );
    },

    async listAdAccounts(credentials, options) {
      const http = signed(userToken(requireOAuth(credentials, SLUG)));
      const accounts: XAccount[] = [];
      await eachCursorPage(
        http,
        "accounts",
        ads("/accounts"),
        { count: 1000 },
        (b) => xAccountsPageSchema.parse(b),
        (page) => {
          for (const a of page.data) if (!a.deleted) accounts.push(a);
        },
        options?.signal,
      );
      const views: AdAccountView[] = [];
      for (const a of accounts) {
        views.push({
          id: a.id,
          name: a.name ?? a.id,
          currency: await currencyOf(http, a.id, options?.signal),
          timeZone: a.timezone ?? "",
          metaData: { approvalStatus: a.approval_status ?? "" },
        });
      }
      return views.sort(byName);
    },

    async fetchDailyMetrics(credentials, query): Promise<DailyMetrics> {
      const http = signed(userToken(requireOAuth(credentials, SLUG)));
      checkRange(query, SLUG);
      const accountId = checkAccountId(query.account.id);
      const timeZone = await statsTimeZone(http, accountId, query);
      const currency = query.account.currency || (await currencyOf(http, accountId, query.signal));
      const filters = normaliseFilters(query.filters);
      let entity: XStatsEntity = "ACCOUNT";
      let ids = [accountId];
      if (filters.campaignIds || filters.nameContains) {
        entity = "CAMPAIGN";
        ids = selectedCampaignIds(await campaigns(http, accountId, query.signal), filters);
      }
      const partials = await stats({ http, accountId, entity, ids, range: query, timeZone });
      return dailyMetrics(
        query,
        { accountId, currency, timeZone },
        partials.map((p) => p.row),
      );
    },

    /**
     * The account's daily budget at X, integer micros of the account currency: the sum of the
     * `daily_budget_amount_local_micro` (already micros) of the campaigns whose `entity_status` is
     * `ACTIVE` and that pass the tracker's filters (`selectedCampaignIds`, as `fetchDailyMetrics`
     * chooses its campaigns). Read from `GET /{version}/accounts/{id}/campaigns` (cursor paging,
     * signed like every call); the v12 listing has no status parameter, so the status is checked on
     * each campaign. Campaigns with only a `total_budget_amount_local_micro` (a total over their
     * run) are not counted. An active campaign the filters keep without a daily budget
     * (`budget_optimization=LINE_ITEM`: its line items carry the daily budgets) costs one more
     * call, `GET /{version}/accounts/{id}/line_items?campaign_ids=` (at most 200 ids a call), and
     * counts the daily budgets of its `ACTIVE` line items. X has no budget shared between
     * campaigns, so each campaign's (or line item's) budget is its own.
     * https://docs.x.com/x-ads-api/campaign-management/reference (GET accounts/:account_id/campaigns,
     * GET accounts/:account_id/line_items)
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily budget
     * @throws the typed errors of `errors.ts`, like every call
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const http = signed(userToken(requireOAuth(credentials, SLUG)));
      const accountId = checkAccountId(query.account.id);
      const filters = normaliseFilters(query.filters);
      const records = await campaignRecords(http, accountId, query.signal);
      const running = activeDailyBudgets(records);
      const onLineItems = campaignsBudgetedOnLineItems(records, filters);
      if (onLineItems.length > 0) {
        const items = await lineItemRecords(
          http,
          accountId,
          onLineItems.map((c) => c.id),
          query.signal,
        );
        running.push(...activeLineItemBudgets(onLineItems, items));
      }
      return summedDailyBudget(running, filters);
    },

    filterDefinitions: () => CAMPAIGN_FILTERS,

    listFilterValues: (credentials, query) =>
      campaignFilterValues(query, () =>
        campaigns(
          signed(userToken(requireOAuth(credentials, SLUG))),
          checkAccountId(query.account.id),
          query.signal,
        ),
      ),
  };
  return {
    ...connector,
    campaigns: xCampaignWriter({
      client: (tokens) => signed(userToken(tokens)),
      ads,
      campaignRecords,
      checkAccountId,
      async campaignSpend(http, accountId, query, campaignIds) {
        const timeZone = await statsTimeZone(http, accountId, query);
        const range = { from: query.from, to: query.to, signal: query.signal };
        return spendByCampaign(
          await stats({ http, accountId, entity: "CAMPAIGN", ids: campaignIds, range, timeZone }),
        );
      },
    }),
  };
}

function checkAccountId(id: string): string {
  return checkId(SLUG, id, {
    what: "ad account",
    pattern: /^[a-z0-9]{1,24}$/i,
    problem: "must be alphanumeric",
    reason: "bad_account_id",
  });
}

/**
 * The campaigns an X budget counts, with their daily budget in micros as written: `entity_status`
 * `ACTIVE` and a `daily_budget_amount_local_micro` above zero. `total_budget_amount_local_micro`
 * alone is a total over the campaign's run, not a daily budget: left out.
 */
export function activeDailyBudgets(records: readonly XCampaign[]): CampaignDailyBudget[] {
  return records.flatMap((c) =>
    c.entity_status === "ACTIVE" && !c.deleted && c.daily_budget_amount_local_micro
      ? [{ id: c.id, name: c.name ?? c.id, dailyMicros: c.daily_budget_amount_local_micro }]
      : [],
  );
}

/**
 * The active campaigns the tracker's filters keep that hold no daily budget of their own: with
 * `budget_optimization=LINE_ITEM` their line items carry the daily budgets.
 */
export function campaignsBudgetedOnLineItems(
  records: readonly XCampaign[],
  filters: NormalisedFilters,
): XCampaign[] {
  const budgetless = records.filter(
    (c) => c.entity_status === "ACTIVE" && !c.deleted && !c.daily_budget_amount_local_micro,
  );
  const kept = new Set(
    selectedCampaignIds(
      budgetless.map((c) => ({ id: c.id, name: c.name ?? c.id })),
      filters,
    ),
  );
  return budgetless.filter((c) => kept.has(c.id));
}

/**
 * The daily budgets of the `ACTIVE` line items of `campaigns` (micros as written), each under its
 * campaign's id and name (so the tracker's filters apply to the campaign) and counted once by its
 * own id; line items with no daily budget, paused or deleted ones left out.
 */
export function activeLineItemBudgets(
  campaigns: readonly XCampaign[],
  items: readonly XLineItem[],
): CampaignDailyBudget[] {
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  return items.flatMap((li) => {
    const campaign = byId.get(li.campaign_id);
    return campaign && li.entity_status === "ACTIVE" && !li.deleted && li.daily_budget_amount_local_micro
      ? [
          {
            id: campaign.id,
            name: campaign.name ?? campaign.id,
            dailyMicros: li.daily_budget_amount_local_micro,
            budgetId: `line_item:${li.id}`,
          },
        ]
      : [];
  });
}

/**
 * The metrics of one entity over a window starting at `from` -> one partial row per day of the
 * series (index i is `from` + i days). `null` counts as 0; money is already micros.
 */
export function statsToRows(from: string, metrics: XMetrics): DailyMetricsRow[] {
  const purchases = metrics.conversion_purchases;
  const conversions = Array.isArray(purchases) ? purchases : purchases?.metric;
  const saleAmount = Array.isArray(purchases) ? undefined : purchases?.sale_amount;
  const length = Math.max(
    metrics.billed_charge_local_micro?.length ?? 0,
    metrics.impressions?.length ?? 0,
    metrics.clicks?.length ?? 0,
    conversions?.length ?? 0,
  );
  const at = (s: ReadonlyArray<number | null> | null | undefined, i: number) => s?.[i] ?? 0;
  const rows: DailyMetricsRow[] = [];
  for (let i = 0; i < length; i++) {
    rows.push({
      date: addDays(from, i),
      spendMicros: Math.round(at(metrics.billed_charge_local_micro, i)),
      impressions: at(metrics.impressions, i),
      clicks: at(metrics.clicks, i),
      conversions: at(conversions, i),
      revenueMicros: Math.round(at(saleAmount, i)),
    });
  }
  return rows;
}

/** The entity a stats call or job reports on. */
type XStatsEntity = "ACCOUNT" | "CAMPAIGN";

/** What one metrics fetch reports on: the signed client, account, entity, ids, days and zone. */
interface StatsScope {
  http: HttpClient;
  accountId: string;
  entity: XStatsEntity;
  ids: readonly string[];
  range: { from: string; to: string; signal?: AbortSignal | undefined };
  timeZone: string;
}

/** An asynchronous analytics job created and not yet read: its id, first day and file once ready. */
interface PendingJob {
  id: string;
  from: string;
  url?: string;
}

/** One stats call or job: its days, at most 20 entity ids and one placement. */
export interface XStatsRequest {
  window: DateWindow;
  entityIds: string[];
  placement: (typeof X_PLACEMENTS)[number];
}

/**
 * The stats calls (or jobs) covering `from..to` for `ids`: windows of at most `maxDays` days,
 * {@link X_STATS_MAX_ENTITY_IDS} ids each, one per placement; none without ids.
 */
export function statsRequests(
  ids: readonly string[],
  from: string,
  to: string,
  maxDays: number,
): XStatsRequest[] {
  const out: XStatsRequest[] = [];
  for (const window of ids.length ? splitRange(from, to, maxDays) : []) {
    for (let i = 0; i < ids.length; i += X_STATS_MAX_ENTITY_IDS) {
      const entityIds = ids.slice(i, i + X_STATS_MAX_ENTITY_IDS);
      for (const placement of X_PLACEMENTS) out.push({ window, entityIds, placement });
    }
  }
  return out;
}

/** The partial rows of a stats answer (synchronous or a job's file) whose series start at `from`. */
function statsRows(from: string, stats: XStats): CampaignDayRow[] {
  return stats.data.flatMap((entry) =>
    entry.id_data.flatMap((idData) =>
      idData.segment ? [] : statsToRows(from, idData.metrics).map((row) => ({ campaignId: entry.id, row })),
    ),
  );
}

/** The twitterAds connector: its descriptor and builder, for the registry. */
export const twitterAdsConnector: ConnectorDefinition = {
  ...twitterAdsDescriptor,
  create: createTwitterAdsConnector,
};
