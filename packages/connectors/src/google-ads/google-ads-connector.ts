import type { ConnectorConfig } from "../config.ts";
import {
  byName,
  CAMPAIGN_FILTERS,
  checkId,
  checkRange,
  dailyMetrics,
  httpClientFor,
  normaliseFilters,
  requireOAuth,
  settingsOf,
  versionedUrl,
  writeIfChanged,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { asWriteError, BadRequestError, isConnectorError } from "../errors.ts";
import type { HttpClient } from "../http/http-client.ts";
import { decimalToMicros, parseCount } from "../money.ts";
import { googleOAuth } from "../oauth/google-oauth.ts";
import { GOOGLE_ADS_SCOPE } from "../oauth/return-rules.ts";
import type {
  AdAccountView,
  BudgetQuery,
  CampaignState,
  CampaignTarget,
  CampaignWriter,
  Connector,
  Credentials,
  DailyMetrics,
  DailyMetricsRow,
  FilterValue,
  FilterValuesQuery,
  MetricsQuery,
  OAuthTokens,
  PlatformBudget,
  WriteOutcome,
} from "../types.ts";
import { classifyGoogleError } from "./classify.ts";
import { type GoogleAdsConfig, googleAdsDescriptor } from "./descriptor.ts";
import {
  budgetQuery,
  CUSTOMER_CLIENT_QUERY,
  CUSTOMER_INFO_QUERY,
  campaignSpendQuery,
  campaignStatesQuery,
  campaignsQuery,
  checkCampaignIds,
  dailyMetricsQuery,
} from "./gaql.ts";
import {
  accessibleCustomersSchema,
  type GoogleAdsRow,
  mutateResponseSchema,
  searchStreamSchema,
} from "./schemas.ts";

const SLUG = "googleads";

/** Scopes asked for: Google Ads, plus `openid email` for the connection's identity. */
export const GOOGLE_ADS_SCOPES = [GOOGLE_ADS_SCOPE, "openid", "email"];

/**
 * Google Ads connector (REST). Accounts: `customers:listAccessibleCustomers`, then a `customer_client`
 * query per accessible customer (managers expand to their direct clients, which then carry
 * `metaData.loginCustomerId`). Metrics: `googleAds:searchStream` with GAQL, `developer-token` header.
 * Budget: the enabled campaigns' daily `campaign_budget`s, each counted once (`fetchBudget`).
 * OAuth: Google's web-server flow (`oauth/google-oauth.ts`, shared with DV360): PKCE S256,
 * `access_type=offline`, `prompt=consent` (so a refresh token is always returned); refresh tokens
 * are not rotated.
 * https://developers.google.com/google-ads/api/rest/overview
 */
export function createGoogleAdsConnector(config: ConnectorConfig): Connector {
  const need = settingsOf(SLUG, config.googleads);
  const http = httpClientFor(SLUG, config.http, { classify: classifyGoogleError });
  const now = config.http?.now ?? Date.now;

  return {
    ...connectorIdentity(googleAdsDescriptor),

    ...googleOAuth({ platform: SLUG, scopes: GOOGLE_ADS_SCOPES, settings: need, http, now }),

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      const s = need();
      const accessible = await http.json(
        {
          operation: "listAccessibleCustomers",
          url: `${apiRoot(s)}/customers:listAccessibleCustomers`,
          headers: apiHeaders(s, tokens),
          signal: options?.signal,
        },
        (body) => accessibleCustomersSchema.parse(body),
      );
      const ids = accessible.resourceNames.map((name) => name.replace(/^customers\//, ""));
      const views = new Map<string, AdAccountView>();
      for (const loginId of ids) {
        let rows: GoogleAdsRow[];
        try {
          rows = await searchStream(
            http,
            s,
            tokens,
            loginId,
            loginId,
            CUSTOMER_CLIENT_QUERY,
            options?.signal,
          );
        } catch (error) {
          // A customer the user can list but not query (e.g. a cancelled account) is skipped.
          if (isConnectorError(error) && error.status === 403) continue;
          throw error;
        }
        for (const row of rows) {
          const c = row.customerClient;
          if (!c || c.manager) continue;
          const direct = c.id === loginId;
          if (views.has(c.id) && !direct) continue;
          const metaData: Record<string, string> = { status: c.status ?? "UNKNOWN" };
          if (!direct) metaData.loginCustomerId = loginId;
          views.set(c.id, {
            id: c.id,
            name: c.descriptiveName ?? c.id,
            currency: c.currencyCode ?? "",
            timeZone: c.timeZone ?? "",
            metaData,
          });
        }
      }
      return [...views.values()].sort(byName);
    },

    async fetchDailyMetrics(credentials: Credentials, query: MetricsQuery): Promise<DailyMetrics> {
      const tokens = requireOAuth(credentials, SLUG);
      checkRange(query, SLUG);
      const s = need();
      const customerId = checkCustomerId(query.account.id);
      const loginId = query.account.metaData?.loginCustomerId ?? s.loginCustomerId;
      const filters = normaliseFilters(query.filters);
      const gaql = dailyMetricsQuery(query.from, query.to, filters);
      const rows = await searchStream(http, s, tokens, customerId, loginId, gaql, query.signal);
      let currency = rows[0]?.customer?.currencyCode ?? query.account.currency;
      let timeZone = rows[0]?.customer?.timeZone ?? query.account.timeZone;
      if (!currency || !timeZone) {
        const info = await searchStream(
          http,
          s,
          tokens,
          customerId,
          loginId,
          CUSTOMER_INFO_QUERY,
          query.signal,
        );
        currency = info[0]?.customer?.currencyCode ?? "";
        timeZone = info[0]?.customer?.timeZone ?? "";
      }
      return dailyMetrics(query, { accountId: customerId, currency, timeZone }, rows.map(toPartialRow));
    },

    /**
     * The account's daily budget at Google Ads, integer micros of the account currency: the sum of
     * the `campaign_budget.amount_micros` of the `ENABLED` campaigns that pass the tracker's filters
     * (the metrics query's conditions), each budget counted once however many campaigns share it
     * (a shared budget counts in full when any of its campaigns passes). Budgets whose period is not
     * `DAILY` (`CUSTOM_PERIOD`: a total over the campaign's dates) are left out. One
     * `googleAds:searchStream` call, `FROM campaign` with its attributed `campaign_budget`.
     * https://developers.google.com/google-ads/api/fields/v23/campaign_budget
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily budget
     * @throws the typed errors of `errors.ts`, like every call
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const s = need();
      const customerId = checkCustomerId(query.account.id);
      const loginId = query.account.metaData?.loginCustomerId ?? s.loginCustomerId;
      const gaql = budgetQuery(normaliseFilters(query.filters));
      const rows = await searchStream(http, s, tokens, customerId, loginId, gaql, query.signal);
      return dailyBudgetOf(rows);
    },

    campaigns: googleAdsCampaignWriter(http, need),

    filterDefinitions: () => CAMPAIGN_FILTERS,

    async listFilterValues(credentials: Credentials, query: FilterValuesQuery): Promise<FilterValue[]> {
      if (query.filterId !== "campaigns") return [];
      const tokens = requireOAuth(credentials, SLUG);
      const s = need();
      const customerId = checkCustomerId(query.account.id);
      const loginId = query.account.metaData?.loginCustomerId ?? s.loginCustomerId;
      const rows = await searchStream(
        http,
        s,
        tokens,
        customerId,
        loginId,
        campaignsQuery(query.search),
        query.signal,
      );
      return rows
        .filter((r) => r.campaign?.id)
        .map((r) => ({
          id: String(r.campaign?.id),
          name: r.campaign?.name ?? "",
          status: r.campaign?.status ?? "",
        }));
    },
  };
}

/** A permission refusal (not a token problem): `authorizationError.*` or a bare PERMISSION_DENIED. */
const isGooglePermission = (reason: string) =>
  reason.startsWith("authorizationError.") || reason === "PERMISSION_DENIED";

/** Google Ads status -> the writer's status. */
function campaignStatus(status: string | undefined): CampaignState["status"] {
  return status === "ENABLED" ? "enabled" : status === "PAUSED" ? "paused" : "other";
}

/**
 * Google Ads campaign writes (AutoPilot): `campaigns:mutate` (`update.status` ENABLED / PAUSED,
 * `updateMask: "status"`) and `campaignBudgets:mutate` (`update.amountMicros`, `updateMask:
 * "amount_micros"`: the budget the campaign spends from, so a shared budget changes for all its
 * campaigns). Each write reads the campaign first with GAQL and sends nothing when the value holds.
 * Budgets: multiples of 10,000 micros (one hundredth of a unit), at least one unit here (Google has
 * no fixed minimum beyond the currency's smallest unit).
 * https://developers.google.com/google-ads/api/rest/common/mutate
 * https://developers.google.com/google-ads/api/reference/rpc/v23/CampaignBudgetOperation
 */
function googleAdsCampaignWriter(http: HttpClient, need: () => GoogleAdsConfig): CampaignWriter {
  const target = (credentials: Credentials, t: CampaignTarget) => {
    const s = need();
    return {
      s,
      tokens: requireOAuth(credentials, SLUG),
      customerId: checkCustomerId(t.account.id),
      loginId: t.account.metaData?.loginCustomerId ?? s.loginCustomerId,
      campaignId: checkCampaignIds([t.campaignId])[0] as string,
    };
  };
  const readOne = async (t: ReturnType<typeof target>, signal?: AbortSignal): Promise<GoogleAdsRow> => {
    const rows = await searchStream(
      http,
      t.s,
      t.tokens,
      t.customerId,
      t.loginId,
      campaignStatesQuery({ campaignIds: [t.campaignId] }),
      signal,
    );
    const row = rows[0];
    if (!row?.campaign) {
      throw new BadRequestError(`${SLUG}: campaign ${t.campaignId} not found`, {
        platform: SLUG,
        reason: "campaign_not_found",
      });
    }
    return row;
  };
  const mutate = async (
    t: ReturnType<typeof target>,
    resource: "campaigns" | "campaignBudgets",
    update: Record<string, string>,
    updateMask: string,
    signal?: AbortSignal,
  ): Promise<string> => {
    try {
      const answer = await http.json(
        {
          operation: `${resource}:mutate`,
          method: "POST",
          url: `${apiRoot(t.s)}/customers/${t.customerId}/${resource}:mutate`,
          headers: apiHeaders(t.s, t.tokens, t.loginId),
          json: { operations: [{ update, updateMask }] },
          signal,
        },
        (body) => mutateResponseSchema.parse(body),
      );
      return answer.results[0]?.resourceName ?? "ok";
    } catch (error) {
      throw asWriteError(error, isGooglePermission);
    }
  };

  return {
    async listCampaigns(credentials, query): Promise<CampaignState[]> {
      const tokens = requireOAuth(credentials, SLUG);
      const s = need();
      const customerId = checkCustomerId(query.account.id);
      const loginId = query.account.metaData?.loginCustomerId ?? s.loginCustomerId;
      const filters = normaliseFilters(query.filters);
      const rows = await searchStream(
        http,
        s,
        tokens,
        customerId,
        loginId,
        campaignStatesQuery(filters),
        query.signal,
      );
      const spendRows = await searchStream(
        http,
        s,
        tokens,
        customerId,
        loginId,
        campaignSpendQuery(query.from, query.to, filters),
        query.signal,
      );
      const spend = new Map<string, number>();
      for (const r of spendRows) {
        const id = String(r.campaign?.id ?? "");
        spend.set(id, (spend.get(id) ?? 0) + parseCount(r.metrics?.costMicros));
      }
      return rows
        .filter((r) => r.campaign?.id)
        .map((r) => {
          const id = String(r.campaign?.id);
          const budget = r.campaignBudget;
          const daily = budget?.period === "DAILY" && budget.amountMicros !== undefined;
          return {
            id,
            name: r.campaign?.name ?? id,
            status: campaignStatus(r.campaign?.status),
            dailyBudgetMicros: daily ? parseCount(budget?.amountMicros) : null,
            ...(daily && budget?.resourceName ? { budgetId: budget.resourceName } : {}),
            spendMicros: spend.get(id) ?? 0,
          };
        });
    },

    async setCampaignStatus(credentials, write): Promise<WriteOutcome> {
      const t = target(credentials, write);
      const row = await readOne(t, write.signal);
      const before = campaignStatus(row.campaign?.status) === "enabled" ? 1 : 0;
      const after = write.status === "enabled" ? 1 : 0;
      const resourceName = `customers/${t.customerId}/campaigns/${t.campaignId}`;
      const status = write.status === "enabled" ? "ENABLED" : "PAUSED";
      return writeIfChanged(before, after, () =>
        mutate(t, "campaigns", { resourceName, status }, "status", write.signal),
      );
    },

    async setCampaignDailyBudget(credentials, write): Promise<WriteOutcome> {
      const t = target(credentials, write);
      const row = await readOne(t, write.signal);
      const budget = row.campaignBudget;
      if (!budget?.resourceName || budget.period !== "DAILY" || budget.amountMicros === undefined) {
        throw new BadRequestError(`${SLUG}: campaign ${t.campaignId} has no daily budget`, {
          platform: SLUG,
          reason: "no_campaign_budget",
        });
      }
      const before = parseCount(budget.amountMicros);
      const after = Math.round(write.amountMicros / 10_000) * 10_000;
      const resourceName = budget.resourceName;
      return writeIfChanged(before, after, () =>
        mutate(
          t,
          "campaignBudgets",
          { resourceName, amountMicros: String(after) },
          "amount_micros",
          write.signal,
        ),
      );
    },

    budgetLimits: () => ({ minDailyBudget: 1_000_000, budgetStep: 10_000 }),
  };
}

function apiRoot(s: GoogleAdsConfig): string {
  return versionedUrl(s.apiBaseUrl, s.apiVersion);
}

function apiHeaders(
  s: GoogleAdsConfig,
  tokens: OAuthTokens,
  loginCustomerId?: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${tokens.accessToken}`,
    "developer-token": s.developerToken,
  };
  if (loginCustomerId) headers["login-customer-id"] = loginCustomerId.replace(/-/g, "");
  return headers;
}

/** A customer id without its dashes (`123-456-7890` -> `1234567890`). @throws BadRequestError `bad_account_id` */
function checkCustomerId(id: string): string {
  return checkId(SLUG, id.replace(/-/g, ""), { what: "customer", reason: "bad_account_id" });
}

async function searchStream(
  http: HttpClient,
  s: GoogleAdsConfig,
  tokens: OAuthTokens,
  customerId: string,
  loginCustomerId: string | undefined,
  query: string,
  signal: AbortSignal | undefined,
): Promise<GoogleAdsRow[]> {
  const batches = await http.json(
    {
      operation: "searchStream",
      method: "POST",
      url: `${apiRoot(s)}/customers/${customerId}/googleAds:searchStream`,
      headers: apiHeaders(s, tokens, loginCustomerId),
      json: { query },
      signal,
    },
    (body) => searchStreamSchema.parse(body),
  );
  return batches.flatMap((b) => b.results);
}

/** One GoogleAdsRow -> a partial daily row (money: cost_micros as is; conversions_value in units -> micros). */
export function toPartialRow(row: GoogleAdsRow): DailyMetricsRow {
  const m = row.metrics ?? {};
  return {
    date: row.segments?.date ?? "",
    spendMicros: parseCount(m.costMicros),
    impressions: parseCount(m.impressions),
    clicks: parseCount(m.clicks),
    conversions: m.conversions ?? 0,
    revenueMicros: m.conversionsValue === undefined ? 0 : decimalToMicros(m.conversionsValue),
  };
}

/**
 * Rows of the budget query -> the daily budget: the `amountMicros` (already micros of the account
 * currency) of each distinct `campaignBudget.resourceName` whose period is `DAILY`, summed.
 * @returns null when no row carries a daily budget
 */
export function dailyBudgetOf(rows: readonly GoogleAdsRow[]): PlatformBudget | null {
  const daily = new Map<string, number>();
  for (const row of rows) {
    const budget = row.campaignBudget;
    if (!budget?.resourceName || budget.period !== "DAILY" || budget.amountMicros === undefined) continue;
    daily.set(budget.resourceName, parseCount(budget.amountMicros));
  }
  if (daily.size === 0) return null;
  let amount = 0;
  for (const micros of daily.values()) amount += micros;
  return { amount, period: "day" };
}

/** The googleAds connector: its descriptor and builder, for the registry. */
export const googleAdsConnector: ConnectorDefinition = {
  ...googleAdsDescriptor,
  create: createGoogleAdsConnector,
};
