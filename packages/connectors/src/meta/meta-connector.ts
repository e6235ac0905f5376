import type { ConnectorConfig } from "../config.ts";
import {
  bearer,
  byName,
  CAMPAIGN_FILTERS,
  checkId,
  checkRange,
  dailyMetrics,
  followPages,
  httpClientFor,
  type NormalisedFilters,
  nameMatches,
  normaliseFilters,
  notSupported,
  requireOAuth,
  sameOriginLink,
  settingsOf,
  versionedUrl,
  writeIfChanged,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { asWriteError, BadRequestError } from "../errors.ts";
import type { HttpClient } from "../http/http-client.ts";
import { decimalToMicros, parseCount } from "../money.ts";
import { authorizeUrlWith, connectionIdentity, revokeIgnoringInvalid } from "../oauth/oauth2-client.ts";
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
  OAuthTokens,
  PlatformBudget,
  WriteOutcome,
} from "../types.ts";
import { classifyMetaError } from "./classify.ts";
import { metaBudgetToMicros, metaCurrencyOffset } from "./currencies.ts";
import { type MetaConfig, metaDescriptor } from "./descriptor.ts";
import {
  adAccountSchema,
  adAccountsPageSchema,
  adSetsPageSchema,
  campaignSchema,
  campaignsPageSchema,
  type InsightsRow,
  insightsPageSchema,
  type MetaCampaign,
  meSchema,
  metaTokenSchema,
  permissionsSchema,
  updateAnswerSchema,
} from "./schemas.ts";

const SLUG = "facebookads";

/** Permissions asked for: reporting, listing Business Manager accounts, and the user's email. */
export const META_SCOPES = ["ads_read", "business_management", "email"];

/** Pages followed at most per listing (a safety bound against endless `paging.next`). */
const MAX_PAGES = 200;

/**
 * Meta (Facebook / Instagram) Marketing API connector. OAuth: Facebook Login code flow; the
 * short-lived user token is exchanged at once for a long-lived one (~60 days,
 * `grant_type=fb_exchange_token`). There is no refresh token: when the token nears expiry the user
 * reconnects ("Refresh this Connection"), so `refreshAccessToken` throws NotSupportedError.
 * Metrics: `GET /act_{id}/insights?time_increment=1` (account level, or campaign level summed per
 * day when the tracker has filters); conversions and revenue from `actions` / `action_values`,
 * using the first configured action type present so one purchase is never counted twice.
 * Budget: the `daily_budget` of the active campaigns (`/act_{id}/campaigns`), see `fetchBudget`.
 * https://developers.facebook.com/docs/marketing-api/insights
 */
export function createMetaConnector(config: ConnectorConfig): Connector {
  const need = settingsOf(SLUG, config.facebookads);
  const http = httpClientFor(SLUG, config.http, { classify: classifyMetaError });
  const now = config.http?.now ?? Date.now;
  const graph = (path: string) => versionedUrl(need().graphBaseUrl, need().apiVersion, path);

  async function tokenCall(query: Record<string, string>, operation: string, once: boolean) {
    const s = need();
    return http.json(
      {
        operation,
        url: graph("/oauth/access_token"),
        query: { client_id: s.appId, client_secret: s.appSecret, ...query },
        retry: once ? false : {},
      },
      (body) => metaTokenSchema.parse(body),
    );
  }

  /** `GET /act_{id}?fields=currency,timezone_name`: the ad account's currency and time zone. */
  function accountInfo(tokens: OAuthTokens, accountId: string, signal: AbortSignal | undefined) {
    return http.json(
      {
        operation: "adaccount",
        url: graph(`/act_${accountId}`),
        query: { fields: "currency,timezone_name" },
        headers: bearer(tokens),
        signal,
      },
      (body) => adAccountSchema.parse(body),
    );
  }

  /** Every campaign of an ad account (`GET /act_{id}/campaigns`, paged), with the query's `fields` and filters. */
  async function accountCampaigns(
    tokens: OAuthTokens,
    accountId: string,
    query: Record<string, string | number>,
    signal: AbortSignal | undefined,
  ): Promise<MetaCampaign[]> {
    const campaigns: MetaCampaign[] = [];
    await eachPage(
      http,
      need(),
      { url: graph(`/act_${accountId}/campaigns`), query: { ...query, limit: 200 } },
      tokens,
      "campaigns",
      (body) => campaignsPageSchema.parse(body),
      (page) => {
        campaigns.push(...page.data);
      },
      signal,
    );
    return campaigns;
  }

  /**
   * The `daily_budget` texts (offset units) of the active ad sets of `campaignIds`
   * (`GET /act_{id}/adsets`, paged, `filtering` on `campaign.id`); ad sets with only a lifetime
   * budget are left out.
   */
  async function adSetBudgets(
    tokens: OAuthTokens,
    accountId: string,
    campaignIds: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<string[]> {
    const amounts: string[] = [];
    await eachPage(
      http,
      need(),
      {
        url: graph(`/act_${accountId}/adsets`),
        query: {
          fields: "id,campaign_id,daily_budget,effective_status",
          effective_status: JSON.stringify(["ACTIVE"]),
          filtering: JSON.stringify([{ field: "campaign.id", operator: "IN", value: campaignIds }]),
          limit: 200,
        },
      },
      tokens,
      "adsets",
      (body) => adSetsPageSchema.parse(body),
      (page) => {
        for (const set of page.data) {
          const running = set.effective_status === undefined || set.effective_status === "ACTIVE";
          if (running && campaignIds.includes(set.campaign_id) && positive(set.daily_budget)) {
            amounts.push(set.daily_budget);
          }
        }
      },
      signal,
    );
    return amounts;
  }

  /** The account currency: the view's, else `GET /act_{id}`. */
  async function currencyOf(tokens: OAuthTokens, account: CampaignTarget["account"], signal?: AbortSignal) {
    return account.currency || (await accountInfo(tokens, checkAccountId(account.id), signal)).currency;
  }

  /**
   * Meta campaign writes (AutoPilot): `POST /{campaign-id}` with `status` (ACTIVE / PAUSED) or
   * `daily_budget` (the currency's offset units: cents, or whole units for offset-1 currencies),
   * answered `{"success": true}`; the permission `ads_management` is needed (else #200, thrown as
   * InsufficientScopeError). Each write reads `GET /{campaign-id}` first and sends nothing when the
   * value holds. A campaign whose budgets sit on its ad sets has no `daily_budget` to change.
   * Minimum daily budget: Meta's depends on currency and billing event; one unit here.
   * https://developers.facebook.com/docs/marketing-api/reference/ad-campaign-group#Updating
   */
  function metaCampaignWriter(): CampaignWriter {
    const readOne = (tokens: OAuthTokens, id: string, signal?: AbortSignal) =>
      http.json(
        {
          operation: "campaign",
          url: graph(`/${id}`),
          query: { fields: "id,name,status,daily_budget" },
          headers: bearer(tokens),
          signal,
        },
        (body) => campaignSchema.parse(body),
      );
    const update = async (
      tokens: OAuthTokens,
      id: string,
      form: Record<string, string>,
      signal?: AbortSignal,
    ) => {
      try {
        const answer = await http.json(
          {
            operation: "updateCampaign",
            method: "POST",
            url: graph(`/${id}`),
            form,
            headers: bearer(tokens),
            signal,
          },
          (body) => updateAnswerSchema.parse(body),
        );
        return answer.success ? "success" : "not updated";
      } catch (error) {
        throw asWriteError(error, (reason) => /^2\d\d(\/|$)/.test(reason));
      }
    };
    const campaignId = (t: CampaignTarget) =>
      checkId(SLUG, t.campaignId, { what: "campaign", reason: "bad_campaign_id" });
    return {
      async listCampaigns(credentials, query): Promise<CampaignState[]> {
        const tokens = requireOAuth(credentials, SLUG);
        const accountId = checkAccountId(query.account.id);
        const filters = normaliseFilters(query.filters);
        const campaigns = await accountCampaigns(
          tokens,
          accountId,
          { fields: "id,name,status,effective_status,daily_budget" },
          query.signal,
        );
        const selected = campaigns
          .filter((c) => !filters.campaignIds || filters.campaignIds.includes(c.id))
          .filter((c) => nameMatches(c.name ?? "", filters.nameContains));
        const spend = new Map<string, number>();
        if (selected.length > 0) {
          await eachPage(
            http,
            need(),
            {
              url: graph(`/act_${accountId}/insights`),
              query: {
                level: "campaign",
                time_increment: 1,
                time_range: JSON.stringify({ since: query.from, until: query.to }),
                fields: "campaign_id,spend,date_start,date_stop",
                limit: 500,
              },
            },
            tokens,
            "insights",
            (body) => insightsPageSchema.parse(body),
            (page) => {
              for (const row of page.data) {
                const id = row.campaign_id ?? "";
                spend.set(id, (spend.get(id) ?? 0) + (row.spend ? decimalToMicros(row.spend) : 0));
              }
            },
            query.signal,
          );
        }
        const currency = selected.some((c) => c.daily_budget)
          ? await currencyOf(tokens, query.account, query.signal)
          : "";
        return selected.map((c) => {
          const status = c.status ?? c.effective_status;
          return {
            id: c.id,
            name: c.name ?? c.id,
            status: status === "ACTIVE" ? "enabled" : status === "PAUSED" ? "paused" : "other",
            dailyBudgetMicros:
              c.daily_budget && /[1-9]/.test(c.daily_budget)
                ? metaBudgetToMicros(c.daily_budget, currency)
                : null,
            spendMicros: spend.get(c.id) ?? 0,
          };
        });
      },

      async setCampaignStatus(credentials, write): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const id = campaignId(write);
        const current = await readOne(tokens, id, write.signal);
        const before = current.status === "ACTIVE" ? 1 : 0;
        const after = write.status === "enabled" ? 1 : 0;
        return writeIfChanged(before, after, () =>
          update(tokens, id, { status: after ? "ACTIVE" : "PAUSED" }, write.signal),
        );
      },

      async setCampaignDailyBudget(credentials, write): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const id = campaignId(write);
        const current = await readOne(tokens, id, write.signal);
        if (!current.daily_budget || !/[1-9]/.test(current.daily_budget)) {
          throw new BadRequestError(`${SLUG}: campaign ${id} has no campaign daily budget`, {
            platform: SLUG,
            reason: "no_campaign_budget",
          });
        }
        const currency = await currencyOf(tokens, write.account, write.signal);
        const unit = metaCurrencyOffset(currency) === 1 ? 1_000_000 : 10_000;
        const before = metaBudgetToMicros(current.daily_budget, currency);
        const units = Math.round(write.amountMicros / unit);
        const after = units * unit;
        return writeIfChanged(before, after, () =>
          update(tokens, id, { daily_budget: String(units) }, write.signal),
        );
      },

      budgetLimits: (currency) => ({
        minDailyBudget: 1_000_000,
        budgetStep: metaCurrencyOffset(currency) === 1 ? 1_000_000 : 10_000,
      }),
    };
  }

  return {
    ...connectorIdentity(metaDescriptor),

    authorizeUrl({ state, redirectUri }) {
      const s = need();
      const url = authorizeUrlWith(versionedUrl(s.dialogBaseUrl, s.apiVersion, "/dialog/oauth"), {
        client_id: s.appId,
        redirect_uri: redirectUri,
        state,
        response_type: "code",
        ...(s.configId ? { config_id: s.configId } : { scope: META_SCOPES.join(",") }),
      });
      return { url };
    },

    async exchangeCode({ code, redirectUri }) {
      const short = await tokenCall({ code, redirect_uri: redirectUri }, "token:authorization_code", true);
      const long = await tokenCall(
        { grant_type: "fb_exchange_token", fb_exchange_token: short.access_token },
        "token:fb_exchange_token",
        false,
      );
      const tokens: OAuthTokens = { accessToken: long.access_token };
      if (long.expires_in !== undefined) tokens.expiresAt = now() + long.expires_in * 1000;
      const me = await http.json(
        { operation: "me", url: graph("/me"), query: { fields: "id,name,email" }, headers: bearer(tokens) },
        (body) => meSchema.parse(body),
      );
      // Meta's token answer names no scopes and the dialog lets the person untick any permission:
      // what was granted is read back, so a connection without ads_management is known as such.
      const permissions = await http.json(
        { operation: "permissions", url: graph("/me/permissions"), headers: bearer(tokens) },
        (body) => permissionsSchema.parse(body),
      );
      tokens.scope = permissions.data
        .filter((p) => p.status === "granted")
        .map((p) => p.permission)
        .join(" ");
      return { tokens, identity: { id: me.id, ...connectionIdentity({ email: me.email, name: me.name }) } };
    },

    async refreshAccessToken() {
      throw notSupported(SLUG, "refresh");
    },

    async revoke(credentials) {
      const tokens = requireOAuth(credentials, SLUG);
      // An AuthError answer: the token is already invalid, nothing left to revoke.
      await revokeIgnoringInvalid(() =>
        http.raw({
          operation: "revoke",
          method: "DELETE",
          url: graph("/me/permissions"),
          headers: bearer(tokens),
        }),
      );
    },

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      const views: AdAccountView[] = [];
      await eachPage(
        http,
        need(),
        {
          url: graph("/me/adaccounts"),
          query: { fields: "id,account_id,name,currency,timezone_name,account_status", limit: 100 },
        },
        tokens,
        "adaccounts",
        (body) => adAccountsPageSchema.parse(body),
        (page) => {
          for (const a of page.data) {
            views.push({
              id: a.account_id,
              name: a.name ?? a.account_id,
              currency: a.currency ?? "",
              timeZone: a.timezone_name ?? "",
              metaData: { accountStatus: String(a.account_status ?? "") },
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
      const s = need();
      const accountId = checkAccountId(query.account.id);
      const filters = normaliseFilters(query.filters);
      const filtered = Boolean(filters.campaignIds || filters.nameContains);
      const fields = [
        "account_currency",
        "date_start",
        "date_stop",
        "spend",
        "impressions",
        "clicks",
        "actions",
        "action_values",
      ];
      if (filtered) fields.push("campaign_id", "campaign_name");
      const q: Record<string, string | number> = {
        level: filtered ? "campaign" : "account",
        time_increment: 1,
        time_range: JSON.stringify({ since: query.from, until: query.to }),
        fields: fields.join(","),
        limit: 500,
      };
      if (filters.campaignIds) {
        q.filtering = JSON.stringify([{ field: "campaign.id", operator: "IN", value: filters.campaignIds }]);
      }
      const partials: DailyMetricsRow[] = [];
      let currency: string | undefined;
      await eachPage(
        http,
        s,
        { url: graph(`/act_${accountId}/insights`), query: q },
        tokens,
        "insights",
        (body) => insightsPageSchema.parse(body),
        (page) => {
          for (const row of page.data) {
            if (filters.nameContains && !nameMatches(row.campaign_name ?? "", filters.nameContains)) continue;
            currency ??= row.account_currency;
            partials.push(insightsToRow(row, s.conversionActionTypes));
          }
        },
        query.signal,
      );
      let timeZone = query.account.timeZone;
      currency ??= query.account.currency;
      if (!timeZone || !currency) {
        const info = await accountInfo(tokens, accountId, query.signal);
        timeZone = info.timezone_name;
        currency ??= info.currency;
      }
      return dailyMetrics(query, { accountId, currency, timeZone }, partials);
    },

    /**
     * The account's daily budget at Meta, integer micros of the account currency: the sum of the
     * `daily_budget` of the campaigns whose `effective_status` is `ACTIVE` and that pass the
     * tracker's filters (ids, and the name as `fetchDailyMetrics` applies it), read from
     * `GET /act_{id}/campaigns?fields=id,name,daily_budget,effective_status&effective_status=["ACTIVE"]`
     * (paged). `daily_budget` is in the currency's offset units (cents; whole units for JPY and the
     * other offset-1 currencies, see `currencies.ts`). Campaigns without a campaign budget (budgets
     * set on their ad sets) or with only a `lifetime_budget` are not counted. Meta has no budget
     * shared between campaigns, so each campaign's budget is its own. The currency comes from the
     * view, or else from `GET /act_{id}` (only when some campaign has a budget).
     * https://developers.facebook.com/docs/marketing-api/reference/ad-campaign-group
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily budget
     * @throws the typed errors of `errors.ts`, like every call
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const accountId = checkAccountId(query.account.id);
      const filters = normaliseFilters(query.filters);
      const campaigns = await accountCampaigns(
        tokens,
        accountId,
        {
          fields: "id,name,daily_budget,lifetime_budget,effective_status",
          effective_status: JSON.stringify(["ACTIVE"]),
        },
        query.signal,
      );
      const budgeted = runningBudgets(campaigns, filters);
      const onAdSets = campaignsBudgetedOnAdSets(campaigns, filters);
      if (onAdSets.length > 0)
        budgeted.push(...(await adSetBudgets(tokens, accountId, onAdSets, query.signal)));
      if (budgeted.length === 0) return null;
      let currency = query.account.currency;
      if (!currency) {
        const info = await accountInfo(tokens, accountId, query.signal);
        currency = info.currency;
      }
      const amount = budgeted.reduce((sum, text) => sum + metaBudgetToMicros(text, currency), 0);
      return { amount, period: "day" };
    },

    campaigns: metaCampaignWriter(),

    filterDefinitions: () => CAMPAIGN_FILTERS,

    async listFilterValues(credentials, query): Promise<FilterValue[]> {
      if (query.filterId !== "campaigns") return [];
      const tokens = requireOAuth(credentials, SLUG);
      const accountId = checkAccountId(query.account.id);
      const campaigns = await accountCampaigns(
        tokens,
        accountId,
        { fields: "id,name,effective_status" },
        query.signal,
      );
      return campaigns
        .filter((c) => nameMatches(c.name ?? "", query.search?.trim()))
        .map((c): FilterValue => ({ id: c.id, name: c.name ?? c.id, status: c.effective_status ?? "" }))
        .sort(byName);
    },
  };
}

/**
 * The `daily_budget` texts (offset units) of the campaigns a budget counts: `ACTIVE` ones (the call
 * asks only for those; checked again when the answer says otherwise), kept by the tracker's
 * filters, with a campaign budget above zero (absent: the budgets sit on the ad sets).
 */
export function runningBudgets(campaigns: readonly MetaCampaign[], filters: NormalisedFilters): string[] {
  return runningCampaigns(campaigns, filters).flatMap((c) =>
    positive(c.daily_budget) ? [c.daily_budget] : [],
  );
}

/**
 * The ids of the running campaigns the filters keep whose budgets sit on their ad sets: neither a
 * daily nor a lifetime campaign budget (Advantage campaign budget off).
 * https://developers.facebook.com/docs/marketing-api/bidding/guides/advantage-campaign-budget
 */
export function campaignsBudgetedOnAdSets(
  campaigns: readonly MetaCampaign[],
  filters: NormalisedFilters,
): string[] {
  return runningCampaigns(campaigns, filters)
    .filter((c) => !positive(c.daily_budget) && !positive(c.lifetime_budget))
    .map((c) => c.id);
}

/** The `ACTIVE` campaigns (the call asks only for those; checked again) the tracker's filters keep. */
function runningCampaigns(campaigns: readonly MetaCampaign[], filters: NormalisedFilters): MetaCampaign[] {
  return campaigns
    .filter((c) => c.effective_status === undefined || c.effective_status === "ACTIVE")
    .filter((c) => !filters.campaignIds || filters.campaignIds.includes(c.id))
    .filter((c) => nameMatches(c.name ?? "", filters.nameContains));
}

/** A budget amount text above zero (Meta writes "0" for no budget). */
function positive(amount: string | undefined): amount is string {
  return amount !== undefined && /[1-9]/.test(amount);
}

/** An ad account id without its `act_` prefix. @throws BadRequestError `bad_account_id` */
function checkAccountId(id: string): string {
  return checkId(SLUG, id.replace(/^act_/, ""), { what: "ad account", reason: "bad_account_id" });
}

/**
 * Follows `paging.next` until the last page. Next links must stay on the Graph host we called
 * (they are absolute URLs chosen by the answer).
 */
async function eachPage<P extends { paging?: { next?: string | undefined } | undefined }>(
  http: HttpClient,
  s: MetaConfig,
  first: { url: string; query: Record<string, string | number> },
  tokens: OAuthTokens,
  operation: string,
  parse: (body: unknown) => P,
  onPage: (page: P) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const origin = new URL(s.graphBaseUrl).origin;
  await followPages(
    SLUG,
    operation,
    MAX_PAGES,
    (next) => {
      const request: { url: string; query?: Record<string, string | number> } = next ? { url: next } : first;
      return http.json<P>(
        { operation, url: request.url, query: request.query, headers: bearer(tokens), signal },
        parse,
      );
    },
    (page) => sameOriginLink(SLUG, operation, page.paging?.next, origin),
    onPage,
  );
}

/**
 * One insights row -> a partial daily row: `spend` (units, decimal string) -> micros; conversions
 * and revenue from the first of `actionTypes` present in `actions` / `action_values`.
 */
export function insightsToRow(row: InsightsRow, actionTypes: readonly string[]): DailyMetricsRow {
  const type = actionTypes.find((t) => row.actions?.some((a) => a.action_type === t));
  const conv = type ? row.actions?.find((a) => a.action_type === type)?.value : undefined;
  const value = type ? row.action_values?.find((a) => a.action_type === type)?.value : undefined;
  return {
    date: row.date_start,
    spendMicros: row.spend ? decimalToMicros(row.spend) : 0,
    impressions: parseCount(row.impressions),
    clicks: parseCount(row.clicks),
    conversions: conv ? Number(conv) : 0,
    revenueMicros: value ? decimalToMicros(value) : 0,
  };
}

/** The meta connector: its descriptor and builder, for the registry. */
export const metaConnector: ConnectorDefinition = { ...metaDescriptor, create: createMetaConnector };
