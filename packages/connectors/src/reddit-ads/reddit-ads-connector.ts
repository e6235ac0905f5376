import { addDays, isIsoDate, splitRange } from "@pacer/core";
import type { ConnectorConfig } from "../config.ts";
import {
  bearer,
  byName,
  CAMPAIGN_FILTERS,
  type CampaignDailyBudget,
  campaignFilterValues,
  checkId,
  checkRange,
  dailyMetrics,
  followPages,
  httpClientFor,
  normaliseFilters,
  requireOAuth,
  sameOriginLink,
  selectedCampaignIds,
  settingsOf,
  summedDailyBudget,
  versionedUrl,
  writeCampaignStatus,
  writeDailyBudgetMicros,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { asWriteError, BadRequestError, isConnectorError, PlatformDownError } from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";
import { decimalToMicros, parseCount } from "../money.ts";
import {
  authorizeUrlWith,
  connectionIdentity,
  exchangeAuthorizationCode,
  oauthClient,
  refreshWithToken,
  revokeIgnoringInvalid,
} from "../oauth/oauth2-client.ts";
import { toTokens } from "../oauth/token-response.ts";
import type {
  AdAccountView,
  BudgetLimits,
  BudgetQuery,
  CampaignState,
  CampaignWriter,
  ConnectionIdentity,
  Connector,
  Credentials,
  DailyMetrics,
  DailyMetricsRow,
  FilterValue,
  MetricsQuery,
  OAuthTokens,
  PlatformBudget,
  WriteOutcome,
} from "../types.ts";
import { classifyRedditError } from "./classify.ts";
import { redditAdsDescriptor } from "./descriptor.ts";
import {
  type RedditAdGroup,
  type RedditCampaign,
  type RedditReportRow,
  redditAdAccountResponseSchema,
  redditAdAccountsPageSchema,
  redditAdGroupsPageSchema,
  redditBusinessesPageSchema,
  redditCampaignsPageSchema,
  redditCampaignUpdateSchema,
  redditMeSchema,
  redditReportPageSchema,
} from "./schemas.ts";

const SLUG = "redditads";

/** Scope asked for: read access to ads data (reports, accounts, campaigns). */
export const REDDIT_ADS_SCOPES = ["adsread"];
/** Days per report request (the connector keeps each report to about a month). */
export const REDDIT_REPORT_MAX_DAYS = 31;
/** Report fields (request names are upper case, answer keys lower case). */
export const REDDIT_REPORT_FIELDS = [
  "SPEND",
  "IMPRESSIONS",
  "CLICKS",
  "CONVERSION_PURCHASE_CLICKS",
  "CONVERSION_PURCHASE_VIEWS",
  "CONVERSION_PURCHASE_TOTAL_VALUE",
];
/** Pages followed at most per listing or report. */
const MAX_PAGES = 200;

/**
 * Reddit Ads connector (beta), Ads API v3. OAuth: `www.reddit.com/api/v1/authorize` with
 * `duration=permanent` (so a refresh token is issued) and scope `adsread`; token and revoke calls
 * authenticate with HTTP Basic; no PKCE. A refresh answer that carries a new refresh token replaces
 * the stored one. Revoke: `POST /api/v1/revoke_token` with the refresh token. Every call sends the
 * descriptive `User-Agent` Reddit requires. Accounts: `GET /me/businesses`, then
 * `GET /businesses/{id}/ad_accounts` (paged by `pagination.next_url`). Metrics:
 * `POST /ad_accounts/{id}/reports` with `breakdowns: [DATE]` (plus `CAMPAIGN_ID` when filtered) in
 * the account's time zone, at most 31 days per report, pages re-posted to `next_url`; spend is in
 * micros, purchase value in cents, conversions are purchase clicks + views. Budget: the active
 * campaigns' `DAILY_SPEND` `goal_value` (`fetchBudget`).
 * https://ads-api.reddit.com/docs/v3/
 */
export function createRedditAdsConnector(config: ConnectorConfig): Connector {
  const settings = config.redditads;
  const now = config.http?.now ?? Date.now;
  const need = settingsOf(SLUG, settings);
  const baseFetch: FetchLike = config.http?.fetch ?? ((input, init) => fetch(input, init));
  // Reddit refuses (or throttles) calls without a descriptive User-Agent, token calls included.
  const withUserAgent: FetchLike = (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    headers["user-agent"] = settings?.userAgent ?? "";
    return baseFetch(url, { ...init, headers });
  };
  const http = httpClientFor(
    SLUG,
    { ...config.http, fetch: withUserAgent },
    { classify: classifyRedditError },
  );
  const client = () => oauthClient(need(), "client_secret_basic");
  const api = (path: string) => versionedUrl(need().apiBaseUrl, need().apiVersion, path);

  /** Follows `pagination.next_url` (same host only); POST pages re-send the same body. */
  async function eachPage<
    P extends { pagination?: { next_url?: string | null | undefined } | null | undefined },
  >(
    tokens: OAuthTokens,
    operation: string,
    first: string,
    parse: (body: unknown) => P,
    onPage: (page: P) => void,
    signal: AbortSignal | undefined,
    json?: unknown,
  ): Promise<void> {
    const origin = new URL(need().apiBaseUrl).origin;
    await followPages(
      SLUG,
      operation,
      MAX_PAGES,
      (next) =>
        http.json<P>(
          {
            operation,
            method: json === undefined ? "GET" : "POST",
            url: next ?? first,
            headers: bearer(tokens),
            json,
            signal,
          },
          parse,
        ),
      (page) => sameOriginLink(SLUG, operation, page.pagination?.next_url, origin),
      onPage,
    );
  }

  /**
   * Every record of an ad account's listing (`GET /ad_accounts/{id}/{listing}`, 1,000 a page, all
   * pages) as Reddit writes them.
   */
  async function accountListing<T>(
    tokens: OAuthTokens,
    accountId: string,
    listing: "campaigns" | "ad_groups",
    parse: (body: unknown) => {
      data: T[];
      pagination?: { next_url?: string | null | undefined } | null | undefined;
    },
    signal?: AbortSignal,
  ): Promise<T[]> {
    const out: T[] = [];
    await eachPage(
      tokens,
      listing,
      api(`/ad_accounts/${accountId}/${listing}?page.size=1000`),
      parse,
      (page) => {
        out.push(...page.data);
      },
      signal,
    );
    return out;
  }

  /** The ad account's campaigns as Reddit writes them, all pages. */
  const campaignRecords = (tokens: OAuthTokens, accountId: string, signal?: AbortSignal) =>
    accountListing(tokens, accountId, "campaigns", (b) => redditCampaignsPageSchema.parse(b), signal);

  /** Every ad group of an account (`GET /ad_accounts/{id}/ad_groups`, all pages). */
  const adGroupRecords = (tokens: OAuthTokens, accountId: string, signal?: AbortSignal) =>
    accountListing(tokens, accountId, "ad_groups", (b) => redditAdGroupsPageSchema.parse(b), signal);

  async function campaigns(tokens: OAuthTokens, accountId: string, signal?: AbortSignal) {
    return (await campaignRecords(tokens, accountId, signal)).map(
      (c): FilterValue => ({
        id: c.id,
        name: c.name ?? c.id,
        status: c.effective_status ?? c.configured_status ?? "",
      }),
    );
  }

  /** The account's currency and time zone: the query's, else `GET /ad_accounts/{id}`. */
  async function currencyAndZone(
    tokens: OAuthTokens,
    accountId: string,
    account: MetricsQuery["account"],
    signal: AbortSignal | undefined,
  ): Promise<{ currency: string; timeZone: string }> {
    let currency = account.currency ?? "";
    let timeZone = account.timeZone ?? "";
    if (!currency || !timeZone) {
      const info = await http.json(
        { operation: "ad_account", url: api(`/ad_accounts/${accountId}`), headers: bearer(tokens), signal },
        (b) => redditAdAccountResponseSchema.parse(b),
      );
      currency ||= info.data.currency ?? "";
      timeZone ||= info.data.time_zone_id ?? "";
    }
    return { currency, timeZone };
  }

  /**
   * Every report row of `from..to` (days in the account's time zone, reports of at most
   * {@link REDDIT_REPORT_MAX_DAYS} days, all pages), by DATE or by CAMPAIGN_ID and DATE; rows
   * outside their window are dropped.
   */
  async function reportRows(
    tokens: OAuthTokens,
    accountId: string,
    range: { from: string; to: string; timeZone: string },
    byCampaign: boolean,
    signal: AbortSignal | undefined,
    onRow: (row: RedditReportRow, partial: DailyMetricsRow) => void,
  ): Promise<void> {
    for (const window of splitRange(range.from, range.to, REDDIT_REPORT_MAX_DAYS)) {
      const body = {
        data: {
          starts_at: `${window.from}T00:00:00Z`,
          ends_at: `${addDays(window.to, 1)}T00:00:00Z`,
          fields: REDDIT_REPORT_FIELDS,
          breakdowns: byCampaign ? ["CAMPAIGN_ID", "DATE"] : ["DATE"],
          time_zone_id: range.timeZone || "GMT",
        },
      };
      await eachPage(
        tokens,
        "report",
        api(`/ad_accounts/${accountId}/reports`),
        (b) => redditReportPageSchema.parse(b),
        (page) => {
          for (const row of page.data.metrics ?? []) {
            const partial = reportRowToPartial(row);
            if (partial.date >= window.from && partial.date <= window.to) onRow(row, partial);
          }
        },
        signal,
        body,
      );
    }
  }

  /**
   * Reddit campaign writes (AutoPilot): `PATCH /api/v3/campaigns/{campaign_id}` with `{"data":
   * {"configured_status": "ACTIVE" | "PAUSED"}}` or `{"data": {"goal_value": <micros>}}`, answered
   * with the campaign under `data`. Each write reads the campaign first from the ad account's own
   * listing (`GET /ad_accounts/{id}/campaigns`, so a campaign of another account is never written)
   * and sends nothing when the value holds. Only a campaign-level daily budget is written: a
   * campaign with campaign budget optimisation (`goal_type` DAILY_SPEND, `goal_value` micros).
   * Campaigns whose budgets sit on their ad groups are not re-budgeted (`no_campaign_budget`): a
   * campaign's share of spend says nothing of how to split it among its ad groups, so AutoPilot
   * changes only what the campaign itself holds; their status is still written. LIFETIME_SPEND
   * goals are not written. Needs the `adsedit` scope: a 403 on a write -> InsufficientScopeError
   * (401 stays AuthError: the token). Spend per campaign from the report with the CAMPAIGN_ID
   * breakdown. Reddit's v3 reference (https://ads-api.reddit.com/docs/v3/, "Update Campaign") was
   * not reachable from here; the method, path, `data` envelope and fields agree with independent
   * published v3 clients and with the campaign shape the reads use (see the README's write table).
   */
  function redditCampaignWriter(): CampaignWriter {
    const readOne = async (
      tokens: OAuthTokens,
      target: { account: { id: string }; campaignId: string; signal?: AbortSignal },
    ) => {
      const accountId = checkAccountId(target.account.id);
      const campaignId = checkCampaignId(target.campaignId);
      const found = (await campaignRecords(tokens, accountId, target.signal)).find(
        (c) => c.id === campaignId,
      );
      if (!found) {
        throw new BadRequestError(`${SLUG}: campaign ${campaignId} not found`, {
          platform: SLUG,
          reason: "campaign_not_found",
        });
      }
      return { campaignId, found };
    };
    const update = async (
      tokens: OAuthTokens,
      campaignId: string,
      data: Record<string, unknown>,
      signal: AbortSignal | undefined,
    ): Promise<string> => {
      try {
        const answer = await http.json(
          {
            operation: "updateCampaign",
            method: "PATCH",
            url: api(`/campaigns/${campaignId}`),
            headers: bearer(tokens),
            json: { data },
            signal,
          },
          (b) => redditCampaignUpdateSchema.parse(b),
        );
        return `updated ${answer.data.id ?? campaignId}`;
      } catch (error) {
        throw asWriteError(error, (reason) => reason === "forbidden");
      }
    };
    return {
      async listCampaigns(credentials, query): Promise<CampaignState[]> {
        const tokens = requireOAuth(credentials, SLUG);
        const accountId = checkAccountId(query.account.id);
        const records = await campaignRecords(tokens, accountId, query.signal);
        const wanted = new Set(
          selectedCampaignIds(
            records.map((c) => ({ id: c.id, name: c.name ?? "" })),
            normaliseFilters(query.filters),
          ),
        );
        const selected = records.filter((c) => wanted.has(c.id));
        const spend = new Map<string, number>();
        if (selected.length) {
          const { timeZone } = await currencyAndZone(tokens, accountId, query.account, query.signal);
          await reportRows(tokens, accountId, { ...query, timeZone }, true, query.signal, (row, partial) => {
            const id = row.campaign_id ?? "";
            if (wanted.has(id)) spend.set(id, (spend.get(id) ?? 0) + partial.spendMicros);
          });
        }
        return selected.map((c) => ({
          id: c.id,
          name: c.name ?? c.id,
          status: redditCampaignStatus(c),
          dailyBudgetMicros: campaignDailyGoal(c),
          spendMicros: spend.get(c.id) ?? 0,
        }));
      },

      async setCampaignStatus(credentials, target): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const { campaignId, found } = await readOne(tokens, target);
        return writeCampaignStatus(SLUG, campaignId, redditCampaignStatus(found), target.status, (enable) =>
          update(tokens, campaignId, { configured_status: enable ? "ACTIVE" : "PAUSED" }, target.signal),
        );
      },

      async setCampaignDailyBudget(credentials, target): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const { campaignId, found } = await readOne(tokens, target);
        return writeDailyBudgetMicros(
          SLUG,
          campaignId,
          campaignDailyGoal(found),
          target.amountMicros,
          (micros) => update(tokens, campaignId, { goal_value: micros }, target.signal),
        );
      },

      budgetLimits: redditBudgetLimits,
    };
  }

  return {
    ...connectorIdentity(redditAdsDescriptor),

    authorizeUrl({ state, redirectUri }) {
      const s = need();
      const url = authorizeUrlWith(s.authorizeUrl, {
        client_id: s.clientId,
        response_type: "code",
        state,
        redirect_uri: redirectUri,
        duration: "permanent",
        scope: REDDIT_ADS_SCOPES.join(" "),
      });
      return { url };
    },

    async exchangeCode({ code, redirectUri }) {
      const answer = await exchangeAuthorizationCode(http, client(), code, redirectUri);
      const tokens = toTokens(answer, now());
      // The identity only labels the connection: a failing /me must not lose the single-use code's tokens.
      let identity: ConnectionIdentity = {};
      try {
        const me = await http.json(
          { operation: "me", url: api("/me"), headers: bearer(tokens), retry: { maxAttempts: 2 } },
          (b) => redditMeSchema.parse(b),
        );
        identity = connectionIdentity({ id: me.data.id, name: me.data.username, email: me.data.email });
      } catch (error) {
        if (!isConnectorError(error)) throw error;
      }
      return { tokens, identity };
    },

    refreshAccessToken: (tokens) => refreshWithToken(http, client, tokens, SLUG, now),

    async revoke(credentials) {
      const tokens = requireOAuth(credentials, SLUG);
      const s = need();
      const basic = Buffer.from(`${encodeURIComponent(s.clientId)}:${encodeURIComponent(s.clientSecret)}`);
      // An AuthError answer: the token is already revoked.
      await revokeIgnoringInvalid(() =>
        http.raw({
          operation: "revoke",
          method: "POST",
          url: s.revokeUrl,
          headers: { authorization: `Basic ${basic.toString("base64")}` },
          form: {
            token: tokens.refreshToken ?? tokens.accessToken,
            token_type_hint: tokens.refreshToken ? "refresh_token" : "access_token",
          },
        }),
      );
    },

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      const businesses: string[] = [];
      await eachPage(
        tokens,
        "businesses",
        api("/me/businesses"),
        (b) => redditBusinessesPageSchema.parse(b),
        (page) => businesses.push(...page.data.map((b) => b.id)),
        options?.signal,
      );
      const views = new Map<string, AdAccountView>();
      for (const businessId of businesses) {
        await eachPage(
          tokens,
          "ad_accounts",
          api(`/businesses/${encodeURIComponent(businessId)}/ad_accounts?page.size=1000`),
          (b) => redditAdAccountsPageSchema.parse(b),
          (page) => {
            for (const a of page.data) {
              views.set(a.id, {
                id: a.id,
                name: a.name ?? a.id,
                currency: a.currency ?? "",
                timeZone: a.time_zone_id ?? "",
                metaData: { businessId },
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
      const accountId = checkAccountId(query.account.id);
      const { currency, timeZone } = await currencyAndZone(tokens, accountId, query.account, query.signal);
      const filters = normaliseFilters(query.filters);
      let keep: Set<string> | undefined;
      if (filters.campaignIds || filters.nameContains) {
        keep = new Set(selectedCampaignIds(await campaigns(tokens, accountId, query.signal), filters));
      }
      const partials: DailyMetricsRow[] = [];
      if (keep?.size !== 0) {
        await reportRows(
          tokens,
          accountId,
          { ...query, timeZone },
          Boolean(keep),
          query.signal,
          (row, partial) => {
            if (!keep || keep.has(row.campaign_id ?? "")) partials.push(partial);
          },
        );
      }
      return dailyMetrics(query, { accountId, currency, timeZone }, partials);
    },

    /**
     * The ad account's daily budget at Reddit, integer micros of the account currency: the sum of
     * the `goal_value` of the campaigns whose `configured_status` is `ACTIVE`, whose `goal_type` is
     * `DAILY_SPEND` and that pass the tracker's filters (`selectedCampaignIds`, as
     * `fetchDailyMetrics` chooses its campaigns). Read from `GET /ad_accounts/{id}/campaigns`
     * (paged by `pagination.next_url`). Not established by Reddit's own reference (its v3 docs are
     * not reachable here): the field names come from the Airbyte source-reddit-ads manifest
     * (`goal_type`, `goal_value`, `spend_cap`, `is_campaign_budget_optimization`) and the micro
     * unit from third-party v3 clients. `LIFETIME_SPEND` goals and `spend_cap` (totals over a run)
     * are not counted, nor are budgets set on ad groups (campaigns without campaign budget
     * optimization), which this call does not read.
     * https://ads-api.reddit.com/docs/v3/
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily budget
     * @throws the typed errors of `errors.ts`, like every call
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const accountId = checkAccountId(query.account.id);
      const filters = normaliseFilters(query.filters);
      const records = await campaignRecords(tokens, accountId, query.signal);
      const running = activeDailyGoals(records);
      const onAdGroups = campaignsBudgetedOnAdGroups(records);
      if (selectedCampaignIds(onAdGroups, filters).length > 0) {
        running.push(...adGroupDailyGoals(onAdGroups, await adGroupRecords(tokens, accountId, query.signal)));
      }
      return summedDailyBudget(running, filters);
    },

    filterDefinitions: () => CAMPAIGN_FILTERS,

    listFilterValues: (credentials, query) =>
      campaignFilterValues(query, () =>
        campaigns(requireOAuth(credentials, SLUG), checkAccountId(query.account.id), query.signal),
      ),

    campaigns: redditCampaignWriter(),
  };
}

/** A campaign's `configured_status` (else `effective_status`) as AutoPilot reads it: ACTIVE, PAUSED, else "other" (ARCHIVED, DELETED). */
export function redditCampaignStatus(c: RedditCampaign): CampaignState["status"] {
  const status = c.configured_status ?? c.effective_status;
  return status === "ACTIVE" ? "enabled" : status === "PAUSED" ? "paused" : "other";
}

/** A campaign's own daily budget, micros: its `goal_value` under `goal_type` DAILY_SPEND (campaign budget optimisation), else null. */
function campaignDailyGoal(c: RedditCampaign): number | null {
  return c.goal_type === "DAILY_SPEND" && c.goal_value ? c.goal_value : null;
}

/**
 * Daily budget limits of a Reddit campaign: the v3 reference that would give Reddit's minimum was
 * not reachable here (one currency unit, an assumption), in steps of a hundredth.
 */
export function redditBudgetLimits(_currency: string): BudgetLimits {
  return { minDailyBudget: 1_000_000, budgetStep: 10_000 };
}

/**
 * The campaigns a Reddit budget counts, with their daily budget in micros as written:
 * `configured_status` `ACTIVE` (else, when absent, `effective_status`), `goal_type` `DAILY_SPEND`
 * and a `goal_value` above zero. `LIFETIME_SPEND` goals and `spend_cap` are totals: left out.
 */
export function activeDailyGoals(records: readonly RedditCampaign[]): CampaignDailyBudget[] {
  return records.flatMap((c) =>
    (c.configured_status ?? c.effective_status) === "ACTIVE" && c.goal_type === "DAILY_SPEND" && c.goal_value
      ? [{ id: c.id, name: c.name ?? c.id, dailyMicros: c.goal_value }]
      : [],
  );
}

/**
 * The active campaigns whose budgets sit on their ad groups: no `goal_type` (neither DAILY_SPEND
 * nor LIFETIME_SPEND) on the campaign, i.e. no campaign budget optimisation.
 */
export function campaignsBudgetedOnAdGroups(
  records: readonly RedditCampaign[],
): { id: string; name: string }[] {
  return records.flatMap((c) =>
    (c.configured_status ?? c.effective_status) === "ACTIVE" && !c.goal_type
      ? [{ id: c.id, name: c.name ?? c.id }]
      : [],
  );
}

/**
 * The daily budgets of the active ad groups (`configured_status` ACTIVE, else `effective_status`;
 * `goal_type` DAILY_SPEND, `goal_value` above zero, micros) of `campaigns`, each as an entry of
 * its campaign (so the tracker's filters apply by campaign) with the ad group as its own budget.
 * LIFETIME_SPEND ad groups are totals: left out.
 */
export function adGroupDailyGoals(
  campaigns: readonly { id: string; name: string }[],
  adGroups: readonly RedditAdGroup[],
): CampaignDailyBudget[] {
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  return adGroups.flatMap((g) => {
    const campaign = byId.get(g.campaign_id);
    const active = (g.configured_status ?? g.effective_status) === "ACTIVE";
    return campaign && active && g.goal_type === "DAILY_SPEND" && g.goal_value
      ? [{ id: campaign.id, name: campaign.name, dailyMicros: g.goal_value, budgetId: `ad_group/${g.id}` }]
      : [];
  });
}

/** A Reddit campaign id (letters, digits, `_`, `-`). @throws BadRequestError `bad_campaign_id` */
function checkCampaignId(id: string): string {
  return checkId(SLUG, id, {
    what: "campaign",
    pattern: /^[A-Za-z0-9_-]{1,100}$/,
    problem: "is malformed",
    reason: "bad_campaign_id",
  });
}

function checkAccountId(id: string): string {
  return checkId(SLUG, id, {
    what: "ad account",
    pattern: /^[A-Za-z0-9_-]{1,100}$/,
    problem: "is malformed",
    reason: "bad_account_id",
  });
}

/**
 * One report row -> a partial daily row: `spend` micros as is, `conversion_purchase_total_value`
 * cents -> micros (x 10,000, exactly), conversions = purchase clicks + purchase views.
 * @throws PlatformDownError for a row whose date is not `yyyy-MM-dd`
 */
export function reportRowToPartial(row: RedditReportRow): DailyMetricsRow {
  const date = row.date.slice(0, 10);
  if (!isIsoDate(date)) {
    throw new PlatformDownError(`${SLUG} report: malformed date`, {
      platform: SLUG,
      reason: "unexpected_shape",
    });
  }
  const cents = row.conversion_purchase_total_value;
  return {
    date,
    spendMicros: Math.round(parseCount(row.spend)),
    impressions: parseCount(row.impressions),
    clicks: parseCount(row.clicks),
    conversions: parseCount(row.conversion_purchase_clicks) + parseCount(row.conversion_purchase_views),
    revenueMicros:
      cents === null || cents === undefined || cents === "" ? 0 : Math.round(decimalToMicros(cents) / 100),
  };
}

/** The redditAds connector: its descriptor and builder, for the registry. */
export const redditAdsConnector: ConnectorDefinition = {
  ...redditAdsDescriptor,
  create: createRedditAdsConnector,
};
