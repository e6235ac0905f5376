import { splitRange } from "@pacer/core";
import type { ConnectorConfig } from "../config.ts";
import {
  bearer,
  byName,
  CAMPAIGN_FILTERS,
  type CampaignDailyBudget,
  type CampaignDayRow,
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
  spendByCampaign,
  summedDailyBudget,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { buildUrl } from "../http/http-client.ts";
import { decimalToMicros } from "../money.ts";
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
  BudgetQuery,
  Connector,
  Credentials,
  DailyMetrics,
  DailyMetricsRow,
  FilterValue,
  OAuthTokens,
  PlatformBudget,
} from "../types.ts";
import { linkedInCampaignWriter } from "./campaign-writer.ts";
import { classifyLinkedInError } from "./classify.ts";
import { linkedInAdsDescriptor } from "./descriptor.ts";
import {
  type AnalyticsElement,
  adAccountSchema,
  adAccountsPageSchema,
  adCampaignGroupsPageSchema,
  adCampaignsPageSchema,
  analyticsSchema,
  type LinkedInCampaign,
  type LinkedInCampaignGroup,
  userInfoSchema,
} from "./schemas.ts";

const SLUG = "linkedinads";

/** Scopes asked for: ad accounts and campaigns, reporting, and OpenID Connect for the connection's identity. */
export const LINKEDIN_ADS_SCOPES = ["r_ads", "r_ads_reporting", "openid", "profile", "email"];

/** LinkedIn reports and serves dates in UTC; ad accounts carry no time zone. */
export const LINKEDIN_TIME_ZONE = "UTC";

/** Most elements one `adAnalytics` answer holds (LinkedIn's documented cap). */
const MAX_ELEMENTS = 15_000;
/** Elements per finder page. */
const PAGE_SIZE = 100;
/** Pages followed at most per listing. */
const MAX_PAGES = 200;

/** The `search` criteria of the budget's campaign listing (Rest.li 2.0, written literally). */
export const ACTIVE_CAMPAIGNS_SEARCH = "(status:(values:List(ACTIVE)))";

/** The analytics fields read (LinkedIn answers only the fields asked for). */
const ANALYTICS_FIELDS = [
  "dateRange",
  "pivotValues",
  "costInLocalCurrency",
  "impressions",
  "clicks",
  "externalWebsiteConversions",
  "conversionValueInLocalCurrency",
];

/**
 * LinkedIn Ads connector (Marketing API, Rest.li 2.0, `Linkedin-Version` pinned).
 * - OAuth: `www.linkedin.com/oauth/v2` authorization code flow (no PKCE for web apps), scopes
 *   `r_ads r_ads_reporting openid profile email`; access tokens last 60 days; programmatic refresh
 *   tokens (approved partners) last a year from consent and are not rotated (a refresh answers the
 *   same refresh token with its remaining lifetime). Revoke: `POST /oauth/v2/revoke`. Identity from
 *   the OpenID Connect `/v2/userinfo`.
 * - Accounts: `GET /rest/adAccounts?q=search` (paged by `pageToken`), time zone UTC.
 * - Metrics: `GET /rest/adAnalytics?q=analytics&pivot=ACCOUNT&timeGranularity=DAILY`, or
 *   `pivot=CAMPAIGN` with `campaigns=List(urn:li:sponsoredCampaign:...)` when the tracker filters
 *   (the name filter is resolved to ids through `adCampaigns`). Cost and conversion value are decimal
 *   strings in the account currency; conversions are `externalWebsiteConversions`.
 * - Budget: the `dailyBudget` of the `ACTIVE` campaigns (`adCampaigns` search), see `fetchBudget`.
 * Every method throws the typed errors: AuthError, RateLimitedError, BadRequestError (also for
 * malformed dates or ids), PlatformDownError (after the shared retries), NotConfiguredError without
 * its config block.
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting
 */
export function createLinkedInAdsConnector(config: ConnectorConfig): Connector {
  const need = settingsOf(SLUG, config.linkedinads);
  const http = httpClientFor(SLUG, config.http, { classify: classifyLinkedInError });
  const now = config.http?.now ?? Date.now;
  const client = () => oauthClient(need(), "client_secret_post");
  const api = (path: string) => `${need().apiBaseUrl.replace(/\/+$/, "")}${path}`;
  const headers = (tokens: OAuthTokens) => ({
    ...bearer(tokens),
    "linkedin-version": need().apiVersion,
    "x-restli-protocol-version": "2.0.0",
  });

  /**
   * Follows `metadata.nextPageToken` through a `q=search` finder. `search` (Rest.li criteria such as
   * {@link ACTIVE_CAMPAIGNS_SEARCH}) goes into the query string as written: its structure
   * characters must stay literal, so it is appended after the encoded parameters.
   */
  async function finder<T extends { metadata?: { nextPageToken?: string | null } | null | undefined }>(
    tokens: OAuthTokens,
    operation: string,
    path: string,
    parse: (body: unknown) => T,
    onPage: (page: T) => void,
    signal: AbortSignal | undefined,
    search?: string,
  ): Promise<void> {
    await followPages(
      SLUG,
      operation,
      MAX_PAGES,
      (pageToken) =>
        http.json(
          {
            operation,
            url: `${buildUrl(api(path), { q: "search", pageSize: PAGE_SIZE, pageToken })}${search ? `&search=${search}` : ""}`,
            headers: headers(tokens),
            signal,
          },
          parse,
        ),
      (page) => page.metadata?.nextPageToken ?? undefined,
      onPage,
    );
  }

  /** The account's campaigns (`adAccounts/{id}/adCampaigns?q=search`, all pages), optionally narrowed by `search`. */
  async function campaignList(
    tokens: OAuthTokens,
    accountId: string,
    signal: AbortSignal | undefined,
    search?: string,
  ): Promise<LinkedInCampaign[]> {
    const out: LinkedInCampaign[] = [];
    await finder(
      tokens,
      "adCampaigns",
      `/rest/adAccounts/${accountId}/adCampaigns`,
      (body) => adCampaignsPageSchema.parse(body),
      (page) => {
        out.push(...page.elements);
      },
      signal,
      search,
    );
    return out;
  }

  /** The account's campaigns as filter values (id, name, status). */
  async function campaigns(tokens: OAuthTokens, accountId: string, signal: AbortSignal | undefined) {
    const list = await campaignList(tokens, accountId, signal);
    return list.map((c): FilterValue => ({ id: c.id, name: c.name ?? c.id, status: c.status ?? "" }));
  }

  /**
   * One `adAnalytics` call for a date range (already within the element cap): each element's day
   * row with the campaign it belongs to (`pivotValues`, `pivot=CAMPAIGN`; the account id under
   * `pivot=ACCOUNT`).
   */
  async function analytics(
    tokens: OAuthTokens,
    accountId: string,
    from: string,
    to: string,
    campaignIds: string[] | undefined,
    signal: AbortSignal | undefined,
  ): Promise<CampaignDayRow[]> {
    // Rest.li 2.0 query syntax: the structure characters stay literal, the URNs inside are encoded,
    // so the query string is written here rather than by URLSearchParams.
    const params = [
      "q=analytics",
      `pivot=${campaignIds ? "CAMPAIGN" : "ACCOUNT"}`,
      "timeGranularity=DAILY",
      `dateRange=(start:${restliDate(from)},end:${restliDate(to)})`,
      `accounts=List(${encodeURIComponent(`urn:li:sponsoredAccount:${accountId}`)})`,
      ...(campaignIds
        ? [
            `campaigns=List(${campaignIds.map((id) => encodeURIComponent(`urn:li:sponsoredCampaign:${id}`)).join(",")})`,
          ]
        : []),
      `fields=${ANALYTICS_FIELDS.join(",")}`,
    ];
    return http.json(
      {
        operation: "adAnalytics",
        url: `${api("/rest/adAnalytics")}?${params.join("&")}`,
        headers: headers(tokens),
        signal,
      },
      // Elements are converted inside the parser, so an unreadable amount is a malformed answer.
      (b) =>
        analyticsSchema.parse(b).elements.map((e) => ({
          campaignId: (e.pivotValues?.[0] ?? "").replace(/^urn:li:sponsored(Campaign|Account):/, ""),
          row: analyticsToRow(e),
        })),
    );
  }

  /**
   * The analytics over `from`-`to`, split into ranges that keep each answer within LinkedIn's
   * {@link MAX_ELEMENTS} (days x campaigns); by campaign when `campaignIds` is given.
   */
  async function analyticsOver(
    tokens: OAuthTokens,
    accountId: string,
    range: { from: string; to: string; signal?: AbortSignal | undefined },
    campaignIds: string[] | undefined,
  ): Promise<CampaignDayRow[]> {
    const out: CampaignDayRow[] = [];
    const days = Math.max(1, Math.floor(MAX_ELEMENTS / Math.max(1, campaignIds?.length ?? 1)));
    for (const { from, to } of splitRange(range.from, range.to, days)) {
      out.push(...(await analytics(tokens, accountId, from, to, campaignIds, range.signal)));
    }
    return out;
  }

  const connector: Connector = {
    ...connectorIdentity(linkedInAdsDescriptor),

    authorizeUrl({ state, redirectUri }) {
      const s = need();
      const url = authorizeUrlWith(s.authorizeUrl, {
        response_type: "code",
        client_id: s.clientId,
        redirect_uri: redirectUri,
        state,
        scope: LINKEDIN_ADS_SCOPES.join(" "),
      });
      return { url };
    },

    async exchangeCode({ code, redirectUri }) {
      const answer = await exchangeAuthorizationCode(http, client(), code, redirectUri);
      const tokens = toTokens(answer, now());
      const me = await http.json(
        { operation: "userinfo", url: api("/v2/userinfo"), headers: bearer(tokens) },
        (body) => userInfoSchema.parse(body),
      );
      return { tokens, identity: { id: me.sub, ...connectionIdentity({ email: me.email, name: me.name }) } };
    },

    refreshAccessToken: (tokens) => refreshWithToken(http, client, tokens, SLUG, now),

    async revoke(credentials) {
      const tokens = requireOAuth(credentials, SLUG);
      const s = need();
      // An AuthError answer: the token is already invalid, nothing left to revoke.
      await revokeIgnoringInvalid(() =>
        http.raw({
          operation: "revoke",
          method: "POST",
          url: s.revokeUrl,
          form: { client_id: s.clientId, client_secret: s.clientSecret, token: tokens.accessToken },
        }),
      );
    },

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      const views: AdAccountView[] = [];
      await finder(
        tokens,
        "adAccounts",
        "/rest/adAccounts",
        (body) => adAccountsPageSchema.parse(body),
        (page) => {
          for (const a of page.elements) {
            const metaData: Record<string, string> = {};
            if (a.status) metaData.status = a.status;
            if (a.type) metaData.type = a.type;
            views.push({
              id: a.id,
              name: a.name ?? a.id,
              currency: a.currency ?? "",
              timeZone: LINKEDIN_TIME_ZONE,
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
      const accountId = checkId(SLUG, query.account.id, { what: "account" });
      const filters = normaliseFilters(query.filters);
      const campaignIds = await campaignIdsToReport(
        filters,
        () => campaigns(tokens, accountId, query.signal),
        (id) => checkId(SLUG, id, { what: "campaign" }),
      );
      const partials =
        !campaignIds || campaignIds.length
          ? (await analyticsOver(tokens, accountId, query, campaignIds)).map((r) => r.row)
          : [];
      let currency = query.account.currency;
      if (!currency) {
        const account = await http.json(
          {
            operation: "adAccount",
            url: api(`/rest/adAccounts/${accountId}`),
            headers: headers(tokens),
            signal: query.signal,
          },
          (body) => adAccountSchema.parse(body),
        );
        currency = account.currency ?? "";
      }
      return dailyMetrics(query, { accountId, currency, timeZone: LINKEDIN_TIME_ZONE }, partials);
    },

    /**
     * The account's daily budget at LinkedIn, integer micros of the account currency: the sum of
     * the `dailyBudget.amount` (a decimal string in currency units) of the `ACTIVE` campaigns that
     * pass the tracker's filters (ids, and the name as `fetchDailyMetrics` resolves it), read from
     * `GET /rest/adAccounts/{id}/adCampaigns?q=search&search=(status:(values:List(ACTIVE)))` (paged,
     * the pinned `Linkedin-Version`). Campaigns with only a `totalBudget` (lifetime) are not
     * counted. An `ACTIVE` campaign the filters keep with no budget of its own spends from its
     * campaign group (the group's budget optimisation): then one more search,
     * `GET /rest/adAccounts/{id}/adCampaignGroups?q=search&search=(status:(values:List(ACTIVE)))`,
     * and each `ACTIVE` group of such a campaign counts its `dailyBudget` once.
     * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-campaign-groups
     * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-campaigns
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily budget
     * @throws the typed errors of `errors.ts`, like every call
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const accountId = checkId(SLUG, query.account.id, { what: "account" });
      const filters = normaliseFilters(query.filters);
      const list = await campaignList(tokens, accountId, query.signal, ACTIVE_CAMPAIGNS_SEARCH);
      const groups: LinkedInCampaignGroup[] = [];
      if (campaignsBudgetedOnGroups(list, filters).length > 0) {
        await finder(
          tokens,
          "adCampaignGroups",
          `/rest/adAccounts/${accountId}/adCampaignGroups`,
          (body) => adCampaignGroupsPageSchema.parse(body),
          (page) => {
            groups.push(...page.elements);
          },
          query.signal,
          ACTIVE_CAMPAIGNS_SEARCH,
        );
      }
      return activeDailyBudget(list, filters, groups);
    },

    filterDefinitions: () => CAMPAIGN_FILTERS,

    listFilterValues: (credentials, query) =>
      campaignFilterValues(query, () =>
        campaigns(
          requireOAuth(credentials, SLUG),
          checkId(SLUG, query.account.id, { what: "account" }),
          query.signal,
        ),
      ),
  };
  return {
    ...connector,
    campaigns: linkedInCampaignWriter({
      http,
      api,
      headers,
      campaignList,
      campaignSpend: async (tokens, accountId, range, campaignIds) =>
        spendByCampaign(await analyticsOver(tokens, accountId, range, campaignIds)),
    }),
  };
}

/**
 * `adCampaigns` elements -> the daily budget: the `ACTIVE` campaigns (the search asks only for
 * those; checked again) kept by the tracker's filters (as {@link selectedCampaignIds} keeps them),
 * their `dailyBudget.amount` (currency units) -> micros; a campaign without one counts its
 * `ACTIVE` campaign group's `dailyBudget` (from `groups`), a group once however many of its
 * campaigns are kept; summed. `totalBudget` (lifetime) is not read.
 * @returns `{amount, period: "day"}` in micros, or null when no campaign has a daily budget
 */
export function activeDailyBudget(
  campaigns: readonly LinkedInCampaign[],
  filters: NormalisedFilters,
  groups: readonly LinkedInCampaignGroup[] = [],
): PlatformBudget | null {
  const groupById = new Map(groups.filter((g) => g.status === "ACTIVE").map((g) => [g.id, g]));
  return summedDailyBudget(
    campaigns.flatMap((c): CampaignDailyBudget[] => {
      if (c.status !== "ACTIVE") return [];
      const name = c.name ?? "";
      if (c.dailyBudget) return [{ id: c.id, name, dailyMicros: decimalToMicros(c.dailyBudget.amount) }];
      const groupId = groupIdOf(c);
      const group = groupId === undefined ? undefined : groupById.get(groupId);
      return group?.dailyBudget
        ? [
            {
              id: c.id,
              name,
              dailyMicros: decimalToMicros(group.dailyBudget.amount),
              budgetId: `group:${group.id}`,
            },
          ]
        : [];
    }),
    filters,
  );
}

/** The `ACTIVE` campaigns the tracker's filters keep that carry no daily budget of their own. */
export function campaignsBudgetedOnGroups(
  campaigns: readonly LinkedInCampaign[],
  filters: NormalisedFilters,
): LinkedInCampaign[] {
  const budgetless = campaigns.filter((c) => c.status === "ACTIVE" && !c.dailyBudget && groupIdOf(c));
  const kept = new Set(
    selectedCampaignIds(
      budgetless.map((c) => ({ id: c.id, name: c.name ?? "" })),
      filters,
    ),
  );
  return budgetless.filter((c) => kept.has(c.id));
}

/** The id in a campaign's `campaignGroup` URN (`urn:li:sponsoredCampaignGroup:{id}`). */
function groupIdOf(campaign: LinkedInCampaign): string | undefined {
  return /^urn:li:sponsoredCampaignGroup:(\d+)$/.exec(campaign.campaignGroup ?? "")?.[1];
}

/** `yyyy-MM-dd` -> Rest.li `(year:2024,month:6,day:1)`. */
function restliDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `(year:${y},month:${m},day:${d})`;
}

/**
 * One `adAnalytics` element -> a partial daily row: `costInLocalCurrency` and
 * `conversionValueInLocalCurrency` (decimal strings in the account currency) -> micros; the date is
 * the element's `dateRange.start` (UTC).
 */
export function analyticsToRow(element: AnalyticsElement): DailyMetricsRow {
  const s = element.dateRange.start;
  return {
    date: `${s.year}-${String(s.month).padStart(2, "0")}-${String(s.day).padStart(2, "0")}`,
    spendMicros: element.costInLocalCurrency ? decimalToMicros(element.costInLocalCurrency) : 0,
    impressions: element.impressions ?? 0,
    clicks: element.clicks ?? 0,
    conversions: element.externalWebsiteConversions ?? 0,
    revenueMicros: element.conversionValueInLocalCurrency
      ? decimalToMicros(element.conversionValueInLocalCurrency)
      : 0,
  };
}

/** The linkedInAds connector: its descriptor and builder, for the registry. */
export const linkedInAdsConnector: ConnectorDefinition = {
  ...linkedInAdsDescriptor,
  create: createLinkedInAdsConnector,
};
