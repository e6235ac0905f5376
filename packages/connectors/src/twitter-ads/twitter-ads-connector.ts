import { addDays, midnightIso, splitRange } from "@pacer/core";
import type { ConnectorConfig } from "../config.ts";
import {
  byName,
  CAMPAIGN_FILTERS,
  type CampaignDailyBudget,
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
  summedDailyBudget,
  versionedUrl,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { AuthError, BadRequestError, PlatformDownError } from "../errors.ts";
import type { FetchLike, HttpClient } from "../http/http-client.ts";
import { connectionIdentity, revokeIgnoringInvalid } from "../oauth/oauth2-client.ts";
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
  xAccountResponseSchema,
  xAccountsPageSchema,
  xCampaignsPageSchema,
  xFundingInstrumentsPageSchema,
  xLineItemsPageSchema,
  xStatsSchema,
} from "./schemas.ts";

export { isOAuth1Connector, type OAuth1AuthorizeUrl, type OAuth1Connector } from "../types.ts";

const SLUG = "twitterads";

/** Longest range of one synchronous stats call (X: 7 days). */
export const X_SYNC_STATS_MAX_DAYS = 7;
/** Most entity ids one stats call accepts. */
export const X_STATS_MAX_ENTITY_IDS = 20;
/** Placements summed into a day: X reports its own surfaces and the publisher network apart. */
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
 * synchronous `GET /stats/accounts/{id}` (`granularity=DAY`, at most 7 days and 20 entities per
 * call, times at midnight in the account time zone), `ALL_ON_TWITTER` and `PUBLISHER_NETWORK`
 * summed; spend `billed_charge_local_micro` (micros), conversions and revenue from
 * `conversion_purchases` (`metric`, `sale_amount` in micros). Filters: campaigns listed, then
 * `entity=CAMPAIGN` with the matching ids. Budget: the active campaigns'
 * `daily_budget_amount_local_micro` (`fetchBudget`).
 * https://docs.x.com/x-ads-api/analytics
 */
export function createTwitterAdsConnector(config: ConnectorConfig): OAuth1Connector {
  const settings = config.twitterads;
  const now = config.http?.now ?? Date.now;
  const baseFetch: FetchLike = config.http?.fetch ?? ((input, init) => fetch(input, init));
  const classify = classifyXError(now);
  const need = settingsOf(SLUG, settings);
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
      const timeZone =
        query.account.timeZone || (await accountInfo(http, accountId, query.signal)).timezone || "";
      if (!timeZone) {
        throw new PlatformDownError(`${SLUG}: account time zone unknown`, {
          platform: SLUG,
          reason: "no_time_zone",
        });
      }
      const currency = query.account.currency || (await currencyOf(http, accountId, query.signal));
      const filters = normaliseFilters(query.filters);
      let entity: "ACCOUNT" | "CAMPAIGN" = "ACCOUNT";
      let ids = [accountId];
      if (filters.campaignIds || filters.nameContains) {
        entity = "CAMPAIGN";
        ids = selectedCampaignIds(await campaigns(http, accountId, query.signal), filters);
      }
      const partials: DailyMetricsRow[] = [];
      for (const window of ids.length ? splitRange(query.from, query.to, X_SYNC_STATS_MAX_DAYS) : []) {
        for (let i = 0; i < ids.length; i += X_STATS_MAX_ENTITY_IDS) {
          const batch = ids.slice(i, i + X_STATS_MAX_ENTITY_IDS);
          for (const placement of X_PLACEMENTS) {
            const stats = await http.json(
              {
                operation: "stats",
                url: urlWithQuery(ads(`/stats/accounts/${accountId}`), {
                  entity,
                  entity_ids: batch.join(","),
                  start_time: midnightIso(window.from, timeZone),
                  end_time: midnightIso(addDays(window.to, 1), timeZone),
                  granularity: "DAY",
                  metric_groups: X_METRIC_GROUPS,
                  placement,
                }),
                signal: query.signal,
              },
              (b) => xStatsSchema.parse(b),
            );
            for (const entry of stats.data) {
              for (const idData of entry.id_data) {
                if (idData.segment) continue;
                partials.push(...statsToRows(window.from, idData.metrics));
              }
            }
          }
        }
      }
      return dailyMetrics(query, { accountId, currency, timeZone }, partials);
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
      fetchDailyMetrics: (credentials, query) => connector.fetchDailyMetrics(credentials, query),
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

/** The twitterAds connector: its descriptor and builder, for the registry. */
export const twitterAdsConnector: ConnectorDefinition = {
  ...twitterAdsDescriptor,
  create: createTwitterAdsConnector,
};
