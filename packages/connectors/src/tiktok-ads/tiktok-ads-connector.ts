import { isTimeZone, splitRange } from "@pacer/core";
import type { ConnectorConfig } from "../config.ts";
import {
  byName,
  CAMPAIGN_FILTERS,
  campaignFilterValues,
  campaignIdsToReport,
  checkId,
  checkRange,
  dailyMetrics,
  httpClientFor,
  type NormalisedFilters,
  normaliseFilters,
  notSupported,
  requireOAuth,
  selectedCampaignIds,
  settingsOf,
  summedDailyBudget,
  tooManyPages,
  versionedUrl,
  writeCampaignStatus,
  writeDailyBudgetInCents,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { asWriteError, BadRequestError } from "../errors.ts";
import { decimalToMicros, parseCount } from "../money.ts";
import { authorizeUrlWith, connectionIdentity, revokeIgnoringInvalid } from "../oauth/oauth2-client.ts";
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
import { classifyTikTokError } from "./classify.ts";
import { tikTokAdsDescriptor } from "./descriptor.ts";
import {
  accessTokenSchema,
  advertiserInfoSchema,
  advertisersSchema,
  campaignsSchema,
  campaignWriteSchema,
  type ReportRow,
  reportSchema,
  revokeSchema,
  type TikTokCampaign,
  userInfoSchema,
} from "./schemas.ts";

const SLUG = "tiktokads";

/** Longest range of one synchronous report with the `stat_time_day` dimension, in days. */
export const REPORT_MAX_DAYS = 30;
/** Rows per report or listing page (TikTok's maximum). */
const PAGE_SIZE = 1000;
/** Advertiser ids per `advertiser/info` call. */
const INFO_BATCH = 100;
/** Pages followed at most per listing. */
const MAX_PAGES = 200;

/** Campaign fields read for the campaign filter. */
const CAMPAIGN_FIELDS = ["campaign_id", "campaign_name", "operation_status"];
/** Campaign fields read for the budget. */
const BUDGET_FIELDS = [...CAMPAIGN_FIELDS, "budget", "budget_mode"];

/** Report metrics read: spend, delivery, and purchases ("Complete Payment" events) with their value. */
export const TIKTOK_REPORT_METRICS = [
  "spend",
  "impressions",
  "clicks",
  "complete_payment",
  "total_complete_payment_rate",
];

/**
 * TikTok Ads connector (API for Business v1.3, `Access-Token` header, not `Authorization`).
 * - OAuth: advertiser authorization page (`business-api.tiktok.com/portal/auth?app_id&state&redirect_uri`;
 *   scopes are granted per app in the developer portal); the callback carries `auth_code` (and
 *   `code`); `POST /oauth2/access_token/` answers a long-term access token with no expiry and no
 *   refresh token (valid until the advertiser revokes). Revoke: `POST /oauth2/revoke_token/`.
 *   Identity from `/user/info/`.
 * - Accounts: `/oauth2/advertiser/get/` (app id and secret) then `/advertiser/info/` for currency
 *   and time zone (`display_timezone`, an IANA name).
 * - Metrics: `/report/integrated/get/` (`report_type=BASIC`, `data_level=AUCTION_ADVERTISER` or
 *   `AUCTION_CAMPAIGN` with a `campaign_ids` filter), dimension `stat_time_day`, in windows of at most
 *   30 days, paged. Spend is a decimal string in the advertiser currency; conversions and revenue
 *   are the Complete Payment count and value.
 * - Budget: the `BUDGET_MODE_DAY` budgets of the enabled campaigns (`/campaign/get/`), see `fetchBudget`.
 * - Quirk: errors come in HTTP 200 answers with a non-zero `code` (see `classify.ts`).
 * Every method throws the typed errors: AuthError, RateLimitedError, BadRequestError (also for
 * malformed dates or ids), PlatformDownError (after the shared retries), NotConfiguredError without
 * its config block.
 * https://business-api.tiktok.com/portal/docs?id=1740302848100353
 */
export function createTikTokAdsConnector(config: ConnectorConfig): Connector {
  const need = settingsOf(SLUG, config.tiktokads);
  const http = httpClientFor(SLUG, config.http, { classify: classifyTikTokError });
  const api = (path: string) => versionedUrl(need().apiBaseUrl, need().apiVersion, path);
  const headers = (tokens: OAuthTokens) => ({ "access-token": tokens.accessToken });

  async function advertiserInfo(tokens: OAuthTokens, ids: string[], signal: AbortSignal | undefined) {
    const out = [];
    for (let i = 0; i < ids.length; i += INFO_BATCH) {
      const answer = await http.json(
        {
          operation: "advertiserInfo",
          url: api("/advertiser/info/"),
          query: {
            advertiser_ids: JSON.stringify(ids.slice(i, i + INFO_BATCH)),
            fields: JSON.stringify([
              "advertiser_id",
              "name",
              "currency",
              "timezone",
              "display_timezone",
              "status",
            ]),
          },
          headers: headers(tokens),
          signal,
        },
        (body) => advertiserInfoSchema.parse(body),
      );
      out.push(...answer.data.list);
    }
    return out;
  }

  /** Every campaign of an advertiser (`/campaign/get/`, all pages) with the `fields` asked for. */
  async function campaignList(
    tokens: OAuthTokens,
    advertiserId: string,
    fields: string[],
    signal: AbortSignal | undefined,
  ): Promise<TikTokCampaign[]> {
    const out: TikTokCampaign[] = [];
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES) throw tooManyPages(SLUG, "campaigns");
      const answer = await http.json(
        {
          operation: "campaigns",
          url: api("/campaign/get/"),
          query: { advertiser_id: advertiserId, page, page_size: PAGE_SIZE, fields: JSON.stringify(fields) },
          headers: headers(tokens),
          signal,
        },
        (body) => campaignsSchema.parse(body),
      );
      out.push(...answer.data.list);
      if (page >= (answer.data.page_info?.total_page ?? 1)) return out;
    }
  }

  /** The advertiser's campaigns as filter values (id, name, `operation_status`). */
  async function campaigns(tokens: OAuthTokens, advertiserId: string, signal: AbortSignal | undefined) {
    const list = await campaignList(tokens, advertiserId, CAMPAIGN_FIELDS, signal);
    return list.map(
      (c): FilterValue => ({
        id: c.campaign_id,
        name: c.campaign_name ?? c.campaign_id,
        status: c.operation_status ?? "",
      }),
    );
  }

  /** Every report row for one window of at most {@link REPORT_MAX_DAYS} days, all pages. */
  async function report(
    tokens: OAuthTokens,
    advertiserId: string,
    from: string,
    to: string,
    campaignIds: string[] | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Array<DailyMetricsRow & { campaignId?: string }>> {
    const rows: Array<DailyMetricsRow & { campaignId?: string }> = [];
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES) throw tooManyPages(SLUG, "report");
      const answer = await http.json(
        {
          operation: "report",
          url: api("/report/integrated/get/"),
          query: {
            advertiser_id: advertiserId,
            service_type: "AUCTION",
            report_type: "BASIC",
            data_level: campaignIds ? "AUCTION_CAMPAIGN" : "AUCTION_ADVERTISER",
            dimensions: JSON.stringify(
              campaignIds ? ["campaign_id", "stat_time_day"] : ["advertiser_id", "stat_time_day"],
            ),
            metrics: JSON.stringify(TIKTOK_REPORT_METRICS),
            start_date: from,
            end_date: to,
            page,
            page_size: PAGE_SIZE,
            filtering: campaignIds
              ? JSON.stringify([
                  {
                    field_name: "campaign_ids",
                    filter_type: "IN",
                    filter_value: JSON.stringify(campaignIds),
                  },
                ])
              : undefined,
          },
          headers: headers(tokens),
          signal,
        },
        // Rows are converted inside the parser, so an unreadable amount is a malformed answer.
        (body) => {
          const data = reportSchema.parse(body).data;
          return {
            list: data.list.map((r) => ({
              ...reportRowToDaily(r),
              ...(r.dimensions.campaign_id ? { campaignId: r.dimensions.campaign_id } : {}),
            })),
            totalPage: data.page_info?.total_page ?? 1,
          };
        },
      );
      rows.push(...answer.list);
      if (page >= answer.totalPage) return rows;
    }
  }

  /**
   * TikTok campaign writes (AutoPilot): `POST /campaign/status/update/` (`{advertiser_id,
   * campaign_ids, operation_status: ENABLE | DISABLE}`) and `POST /campaign/update/`
   * (`{advertiser_id, campaign_id, budget}`, currency units), both answering the `{code, message,
   * data}` envelope. Each write reads the campaign first (`GET /campaign/get/`) and sends nothing
   * when the value holds. Only a `BUDGET_MODE_DAY` campaign budget is written (campaigns whose
   * budgets sit on their ad groups, `BUDGET_MODE_INFINITE`, or with a lifetime budget have none).
   * An advertiser the authorization may not operate (40001) -> InsufficientScopeError; other
   * non-zero codes are the usual typed errors (`classify.ts`).
   * https://business-api.tiktok.com/portal/docs?id=1739320994354178 (campaign status update)
   * https://business-api.tiktok.com/portal/docs?id=1739320422086657 (campaign update)
   */
  function tikTokCampaignWriter(): CampaignWriter {
    const readOne = async (tokens: OAuthTokens, t: CampaignTarget) => {
      const advertiserId = checkTikTokId(t.account.id, "advertiser");
      const campaignId = checkTikTokId(t.campaignId, "campaign");
      const found = (await campaignList(tokens, advertiserId, BUDGET_FIELDS, t.signal)).find(
        (c) => c.campaign_id === campaignId,
      );
      if (!found) {
        throw new BadRequestError(`${SLUG}: campaign ${campaignId} not found`, {
          platform: SLUG,
          reason: "campaign_not_found",
        });
      }
      return { advertiserId, campaignId, found };
    };
    const write = async (tokens: OAuthTokens, path: string, json: unknown, signal?: AbortSignal) => {
      try {
        await http.json(
          { operation: path, method: "POST", url: api(path), headers: headers(tokens), json, signal },
          (body) => campaignWriteSchema.parse(body),
        );
        return "success";
      } catch (error) {
        throw asWriteError(error, (reason) => reason === "40001");
      }
    };
    return {
      async listCampaigns(credentials, query): Promise<CampaignState[]> {
        const tokens = requireOAuth(credentials, SLUG);
        const advertiserId = checkTikTokId(query.account.id, "advertiser");
        const selected = selectedCampaigns(
          await campaignList(tokens, advertiserId, BUDGET_FIELDS, query.signal),
          normaliseFilters(query.filters),
        );
        const spend = new Map<string, number>();
        if (selected.length) {
          const ids = selected.map((c) => c.campaign_id);
          for (const { from, to } of splitRange(query.from, query.to, REPORT_MAX_DAYS)) {
            for (const row of await report(tokens, advertiserId, from, to, ids, query.signal)) {
              const id = row.campaignId ?? "";
              spend.set(id, (spend.get(id) ?? 0) + row.spendMicros);
            }
          }
        }
        return selected.map((c) => ({
          id: c.campaign_id,
          name: c.campaign_name ?? c.campaign_id,
          status: tikTokCampaignStatus(c),
          dailyBudgetMicros: campaignDailyBudget(c),
          spendMicros: spend.get(c.campaign_id) ?? 0,
        }));
      },

      async setCampaignStatus(credentials, target): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const { advertiserId, campaignId, found } = await readOne(tokens, target);
        return writeCampaignStatus(SLUG, campaignId, tikTokCampaignStatus(found), target.status, (enable) =>
          write(
            tokens,
            "/campaign/status/update/",
            {
              advertiser_id: advertiserId,
              campaign_ids: [campaignId],
              operation_status: enable ? "ENABLE" : "DISABLE",
            },
            target.signal,
          ),
        );
      },

      async setCampaignDailyBudget(credentials, target): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const { advertiserId, campaignId, found } = await readOne(tokens, target);
        return writeDailyBudgetInCents(
          SLUG,
          campaignId,
          campaignDailyBudget(found),
          target.amountMicros,
          (budget) =>
            write(
              tokens,
              "/campaign/update/",
              { advertiser_id: advertiserId, campaign_id: campaignId, budget },
              target.signal,
            ),
        );
      },

      budgetLimits: tikTokBudgetLimits,
    };
  }

  return {
    ...connectorIdentity(tikTokAdsDescriptor),

    authorizeUrl({ state, redirectUri }) {
      const s = need();
      return { url: authorizeUrlWith(s.authorizeUrl, { app_id: s.appId, state, redirect_uri: redirectUri }) };
    },

    async exchangeCode({ code }) {
      const s = need();
      const answer = await http.json(
        {
          operation: "token:authorization_code",
          method: "POST",
          url: api("/oauth2/access_token/"),
          json: { app_id: s.appId, secret: s.appSecret, auth_code: code },
          retry: false,
        },
        (body) => accessTokenSchema.parse(body),
      );
      const tokens: OAuthTokens = { accessToken: answer.data.access_token };
      if (answer.data.scope?.length) tokens.scope = answer.data.scope.join(" ");
      const user = await http.json(
        { operation: "userInfo", url: api("/user/info/"), headers: headers(tokens) },
        (body) => userInfoSchema.parse(body),
      );
      const identity = connectionIdentity({
        id: user.data.core_user_id,
        email: user.data.email,
        name: user.data.display_name,
      });
      return { tokens, identity };
    },

    /** Advertiser tokens are long-term and TikTok issues no refresh token: reconnect instead. */
    async refreshAccessToken() {
      throw notSupported(SLUG, "refresh");
    },

    async revoke(credentials) {
      const tokens = requireOAuth(credentials, SLUG);
      const s = need();
      // An AuthError answer: already revoked or invalid, nothing left to do.
      await revokeIgnoringInvalid(() =>
        http.json(
          {
            operation: "revoke",
            method: "POST",
            url: api("/oauth2/revoke_token/"),
            headers: headers(tokens),
            json: { app_id: s.appId, secret: s.appSecret, access_token: tokens.accessToken },
          },
          (body) => revokeSchema.parse(body),
        ),
      );
    },

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      const s = need();
      const granted = await http.json(
        {
          operation: "advertisers",
          url: api("/oauth2/advertiser/get/"),
          query: { app_id: s.appId, secret: s.appSecret },
          headers: headers(tokens),
          signal: options?.signal,
        },
        (body) => advertisersSchema.parse(body),
      );
      const ids = granted.data.list.map((a) => a.advertiser_id);
      const info = new Map(
        (await advertiserInfo(tokens, ids, options?.signal)).map((a) => [a.advertiser_id, a]),
      );
      const views: AdAccountView[] = granted.data.list.map((a) => {
        const i = info.get(a.advertiser_id);
        const metaData: Record<string, string> = {};
        if (i?.status) metaData.status = i.status;
        if (i?.timezone) metaData.timezone = i.timezone;
        return {
          id: a.advertiser_id,
          name: i?.name ?? a.advertiser_name ?? a.advertiser_id,
          currency: i?.currency ?? "",
          timeZone: accountTimeZone(i),
          metaData,
        };
      });
      return views.sort(byName);
    },

    async fetchDailyMetrics(credentials, query): Promise<DailyMetrics> {
      const tokens = requireOAuth(credentials, SLUG);
      checkRange(query, SLUG);
      const advertiserId = checkTikTokId(query.account.id, "advertiser");
      const filters = normaliseFilters(query.filters);
      const campaignIds = await campaignIdsToReport(
        filters,
        () => campaigns(tokens, advertiserId, query.signal),
        (id) => checkTikTokId(id, "campaign"),
      );
      const partials: DailyMetricsRow[] = [];
      if (!campaignIds || campaignIds.length) {
        for (const { from, to } of splitRange(query.from, query.to, REPORT_MAX_DAYS)) {
          partials.push(...(await report(tokens, advertiserId, from, to, campaignIds, query.signal)));
        }
      }
      let currency = query.account.currency ?? "";
      let timeZone = query.account.timeZone ?? "";
      if (!currency || !timeZone) {
        const [info] = await advertiserInfo(tokens, [advertiserId], query.signal);
        currency ||= info?.currency ?? "";
        timeZone ||= accountTimeZone(info);
      }
      return dailyMetrics(query, { accountId: advertiserId, currency, timeZone }, partials);
    },

    /**
     * The advertiser's daily budget at TikTok, integer micros of the advertiser currency: the sum of
     * the `budget` (currency units) of the campaigns whose `operation_status` is `ENABLE`, whose
     * `budget_mode` is `BUDGET_MODE_DAY` and that pass the tracker's filters (ids, and the name as
     * `fetchDailyMetrics` resolves it), read from `GET /campaign/get/` (all pages, `fields` with
     * `budget` and `budget_mode`). `BUDGET_MODE_TOTAL` (lifetime) and `BUDGET_MODE_INFINITE` (no
     * campaign budget: the ad groups carry the budgets) are not counted. The listing is not narrowed
     * by `secondary_status`: an enabled campaign that has spent today's budget
     * (`CAMPAIGN_STATUS_BUDGET_EXCEED`) still counts. TikTok has no budget shared between campaigns.
     * https://business-api.tiktok.com/portal/docs?id=1739315828649986
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily budget
     * @throws the typed errors of `errors.ts`, like every call (errors in 200 bodies included)
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const advertiserId = checkTikTokId(query.account.id, "advertiser");
      const list = await campaignList(tokens, advertiserId, BUDGET_FIELDS, query.signal);
      return enabledDailyBudget(list, normaliseFilters(query.filters));
    },

    filterDefinitions: () => CAMPAIGN_FILTERS,

    listFilterValues: (credentials, query) =>
      campaignFilterValues(query, () =>
        campaigns(
          requireOAuth(credentials, SLUG),
          checkTikTokId(query.account.id, "advertiser"),
          query.signal,
        ),
      ),

    campaigns: tikTokCampaignWriter(),
  };
}

/**
 * `/campaign/get/` campaigns -> the daily budget: those with `operation_status` `ENABLE` and
 * `budget_mode` `BUDGET_MODE_DAY`, kept by the tracker's filters (as {@link selectedCampaignIds}
 * keeps them), their `budget` (currency units) -> micros, summed.
 * @returns `{amount, period: "day"}` in micros, or null when no campaign has a daily budget
 */
export function enabledDailyBudget(
  campaigns: readonly TikTokCampaign[],
  filters: NormalisedFilters,
): PlatformBudget | null {
  return summedDailyBudget(
    campaigns
      .filter(
        (c) => c.operation_status === "ENABLE" && c.budget_mode === "BUDGET_MODE_DAY" && c.budget != null,
      )
      .map((c) => ({
        id: c.campaign_id,
        name: c.campaign_name ?? "",
        dailyMicros: decimalToMicros(c.budget ?? 0),
      })),
    filters,
  );
}

/** `/campaign/get/` campaigns kept by the tracker's filters (ids, and the name containing a text). */
function selectedCampaigns(
  campaigns: readonly TikTokCampaign[],
  filters: NormalisedFilters,
): TikTokCampaign[] {
  const wanted = selectedCampaignIds(
    campaigns.map((c) => ({ id: c.campaign_id, name: c.campaign_name ?? "" })),
    filters,
  );
  return campaigns.filter((c) => wanted.includes(c.campaign_id));
}

/** A campaign's `operation_status` as AutoPilot reads it: ENABLE, DISABLE, anything else (deleted) "other". */
export function tikTokCampaignStatus(c: TikTokCampaign): CampaignState["status"] {
  return c.operation_status === "ENABLE" ? "enabled" : c.operation_status === "DISABLE" ? "paused" : "other";
}

/** A campaign's daily budget, micros: its `budget` under `BUDGET_MODE_DAY`, else null. */
function campaignDailyBudget(c: TikTokCampaign): number | null {
  return c.budget_mode === "BUDGET_MODE_DAY" && c.budget != null && Number(c.budget) > 0
    ? decimalToMicros(c.budget)
    : null;
}

/**
 * Daily budget limits of a TikTok campaign: TikTok's campaign-level daily budget minimum is 50
 * units of a USD-like currency; other currencies have their own (not listed here: one unit), in
 * steps of a hundredth.
 */
export function tikTokBudgetLimits(currency: string): BudgetLimits {
  return { minDailyBudget: currency.toUpperCase() === "USD" ? 50_000_000 : 1_000_000, budgetStep: 10_000 };
}

/** The advertiser's IANA time zone: `display_timezone`, else `timezone` (e.g. `Etc/GMT+8`), else UTC. */
function accountTimeZone(
  info: { timezone?: string | null; display_timezone?: string | null } | undefined,
): string {
  for (const zone of [info?.display_timezone, info?.timezone]) if (zone && isTimeZone(zone)) return zone;
  return "UTC";
}

/** A TikTok id (advertiser, campaign): up to 25 digits. @throws BadRequestError `bad_<what>_id` */
function checkTikTokId(id: string, what: string): string {
  return checkId(SLUG, id, { what, pattern: /^\d{1,25}$/ });
}

/**
 * One report row -> a partial daily row: `stat_time_day` (`2024-06-01 00:00:00`, advertiser time
 * zone) -> date; `spend` and `total_complete_payment_rate` (the Complete Payment value; decimal
 * strings in the advertiser currency) -> micros; `complete_payment` -> conversions.
 */
export function reportRowToDaily(row: ReportRow): DailyMetricsRow {
  const m = row.metrics;
  return {
    date: row.dimensions.stat_time_day.slice(0, 10),
    spendMicros: m.spend ? decimalToMicros(m.spend) : 0,
    impressions: parseCount(m.impressions),
    clicks: parseCount(m.clicks),
    conversions: parseCount(m.complete_payment),
    revenueMicros: m.total_complete_payment_rate ? decimalToMicros(m.total_complete_payment_rate) : 0,
  };
}

/** The tikTokAds connector: its descriptor and builder, for the registry. */
export const tikTokAdsConnector: ConnectorDefinition = {
  ...tikTokAdsDescriptor,
  create: createTikTokAdsConnector,
};
