import { type DailyRow, PLATFORM_SLUGS, type PlatformSlug } from "@pacer/core";
import type { ReturnAcceptance, ReturnQuery } from "./oauth/return-rules.ts";

/**
 * Integration slugs, as stored on the account's integrations and the tracker's
 * `dataSource.integration.slug` (spec pods-budgets-alerts-users-connections 3): every platform of
 * `@pacer/core`'s `PLATFORM_CATALOGUE`, in slug order.
 */
export const INTEGRATION_SLUGS = [...PLATFORM_SLUGS].sort() as unknown as readonly [
  PlatformSlug,
  ...PlatformSlug[],
];

/** One of {@link INTEGRATION_SLUGS}. */
export type IntegrationSlug = PlatformSlug;

/** True when `value` is a known integration slug. */
export function isIntegrationSlug(value: string): value is IntegrationSlug {
  return (INTEGRATION_SLUGS as readonly string[]).includes(value);
}

/**
 * OAuth credentials of one connection, as kept in the secret store. Timestamps are epoch
 * milliseconds (UTC). `accessTokenSecret` is for OAuth 1.0a platforms (X).
 */
export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  accessTokenSecret?: string;
  /** When the access token stops working, epoch ms. Absent: the platform did not say (long-lived). */
  expiresAt?: number;
  /** When the refresh token stops working, epoch ms (Pinterest, LinkedIn), if the platform says. */
  refreshTokenExpiresAt?: number;
  /** Granted scopes, space separated, as the platform returned them (Meta: read from `/me/permissions`). */
  scope?: string;
}

/** Credentials of an API-key platform (Cake): the key and the user-given instance domain. */
export interface ApiKeyCredentials {
  apiKey: string;
  /** Host name only, e.g. `demo.cakemarketing.com`; checked by the SSRF guard on every call. */
  domain: string;
}

/**
 * Where imported CSV rows live: implemented by the data layer, bound to one Pacer account (the
 * tenant), and passed to the CSV connector as its credentials.
 */
export interface CsvRowReader {
  /** The CSV ad accounts of this tenant (one per imported `account_id`). */
  listAccounts(): Promise<AdAccountView[]>;
  /** The imported rows of one CSV account from `from` to `to` (inclusive), any order. */
  dailyRows(accountId: string, from: string, to: string): Promise<DailyMetricsRow[]>;
}

/** Credentials of the "Manual / CSV" source: a tenant-bound reader of imported rows. */
export interface CsvSourceCredentials {
  csv: CsvRowReader;
}

/** What a connector method receives: OAuth tokens, an API key (Cake), or a CSV reader. */
export type Credentials = OAuthTokens | ApiKeyCredentials | CsvSourceCredentials;

/** Narrows {@link Credentials} to OAuth tokens. */
export function isOAuthTokens(credentials: Credentials): credentials is OAuthTokens {
  return typeof (credentials as OAuthTokens).accessToken === "string";
}

/** Who connected: shown on the Connections tile (name and email). */
export interface ConnectionIdentity {
  /** Stable platform user id, when the platform gives one. */
  id?: string;
  email?: string;
  name?: string;
}

/** The result of exchanging an authorization code. */
export interface ExchangeResult {
  tokens: OAuthTokens;
  identity: ConnectionIdentity;
}

/** Input to {@link Connector.authorizeUrl}. */
export interface AuthorizeRequest {
  /** Opaque value bound to the user's session by the caller; echoed back on the return page. */
  state: string;
  /** The product's return page for this platform, e.g. `https://app.example/google-ads-response`. */
  redirectUri: string;
  /** Optional hint shown by the platform's consent screen. */
  loginHint?: string;
}

/** Output of {@link Connector.authorizeUrl}. */
export interface AuthorizeUrl {
  /** Where the popup goes. */
  url: string;
  /** PKCE verifier (RFC 7636) to keep next to `state` in the session and give back to `exchangeCode`. */
  codeVerifier?: string;
}

/** Input to {@link Connector.exchangeCode}: the accepted return-page query plus what the session kept. */
export interface ExchangeRequest {
  code: string;
  redirectUri: string;
  codeVerifier?: string;
  /** OAuth 1.0a only (X): the verifier and request-token secret. */
  oauthVerifier?: string;
  requestTokenSecret?: string;
}

/**
 * A platform ad account (the spec's "view"): what the tracker wizard lists and what a tracker is
 * created on. `metaData` carries what later calls need (e.g. Google's `loginCustomerId`).
 */
export interface AdAccountView {
  id: string;
  name: string;
  /** ISO 4217 code, e.g. `GBP`. */
  currency: string;
  /** IANA time zone, e.g. `Europe/London`. */
  timeZone: string;
  metaData?: Record<string, string>;
}

/** A tracker's filters as they reach the connector (spec trackers 2, Filters). */
export interface TrackerFilters {
  /** Only these campaigns (ids as the platform writes them). Empty or absent: all campaigns. */
  campaignIds?: string[];
  /** Only campaigns whose name contains this text, case-insensitively. Empty or absent: no filter. */
  campaignNameContains?: string;
}

/** Input to {@link Connector.fetchDailyMetrics}. Dates are `yyyy-MM-dd` in the account time zone. */
export interface MetricsQuery {
  /** The view: id and the `metaData` returned by `listAdAccounts`. */
  account: Pick<AdAccountView, "id"> & Partial<Pick<AdAccountView, "currency" | "timeZone" | "metaData">>;
  from: string;
  /** Inclusive. */
  to: string;
  filters?: TrackerFilters;
  signal?: AbortSignal;
}

/**
 * One day of one ad account: core's {@link DailyRow}, the row the pacing engine reads, defined
 * there once. Money in integer micros of the account currency; counts as the platform reports them
 * (conversions may be fractional: attribution models split them); `date` is `yyyy-MM-dd` in the
 * account time zone.
 */
export type DailyMetricsRow = DailyRow;

/**
 * The answer of {@link Connector.fetchDailyMetrics}: exactly one row per date from `from` to `to`,
 * ascending, with zeros for days the platform reported nothing.
 */
export interface DailyMetrics {
  accountId: string;
  currency: string;
  timeZone: string;
  rows: DailyMetricsRow[];
}

/** Input to {@link Connector.fetchBudget}: the ad account and the tracker's filters. */
export interface BudgetQuery {
  account: MetricsQuery["account"];
  filters?: TrackerFilters;
  signal?: AbortSignal;
}

/**
 * An ad account's budget at the platform, as the pacing engine reads it (core's `PlatformBudget`,
 * trackers.md section 3 "automated budget"): integer micros of the account currency per day or per
 * month, or with period "lifetime" over the flight `startDate`..`endDate` (`yyyy-MM-dd`, the ad
 * account's days, inclusive; DV360 insertion-order budget segments).
 */
export interface PlatformBudget {
  amount: number;
  period: "day" | "month" | "lifetime";
  startDate?: string;
  endDate?: string;
}

/** A filter a tracker can set on this platform (spec: multipleChoice or textBoxStringFilter). */
export interface FilterDefinition {
  id: "campaigns" | "campaignName";
  name: string;
  type: "multipleChoice" | "textBoxStringFilter";
  descriptionText: string;
}

/** One possible value of a multiple-choice filter. */
export interface FilterValue {
  id: string;
  name: string;
  /** Platform status, e.g. `ENABLED`, `PAUSED`, `ACTIVE`. */
  status?: string;
}

/** Input to {@link Connector.listFilterValues}. */
export interface FilterValuesQuery {
  account: MetricsQuery["account"];
  filterId: FilterDefinition["id"];
  /** Narrow the values by name (case-insensitive substring). */
  search?: string;
  signal?: AbortSignal;
}

/** What a connector can do; read by the handlers and the health rules. */
export interface ConnectorCapabilities {
  auth: "oauth2" | "oauth1" | "apiKey" | "file";
  /** Authorize URL carries a PKCE S256 challenge. */
  pkce: boolean;
  /** How an access token is renewed: refresh token, re-exchange of the current token, or not at all. */
  refresh: "refresh_token" | "token_exchange" | "none";
  /** A refresh answer carries a new refresh token that replaces the old one. */
  rotatesRefreshToken: boolean;
  /** The platform has a revocation call. */
  revoke: boolean;
  /** The health rules' "needs a refresh token" list (spec 4). */
  needsRefreshToken: boolean;
}

/**
 * The one connector interface. Every platform implements it; what differs is only the platform
 * mapping. All methods throw the typed errors of `errors.ts`.
 */
export interface Connector {
  readonly slug: IntegrationSlug;
  /** Product name, e.g. "Google Ads". */
  readonly displayName: string;
  /** False for Snapchat (listed, not live) and for platforms not built yet. */
  readonly live: boolean;
  readonly capabilities: ConnectorCapabilities;
  /**
   * The OAuth scopes campaign writes need beyond the read scopes (the descriptor's `writeScopes`;
   * absent or empty: none, the read scopes cover writes).
   */
  readonly writeScopes?: readonly string[];
  /** The spec section 5 return-page rule for this platform (pure; `state` is checked separately). */
  acceptReturn(query: ReturnQuery): ReturnAcceptance;
  /** The platform's consent page URL for the popup. */
  authorizeUrl(request: AuthorizeRequest): AuthorizeUrl;
  /** Trades the return page's code for tokens and the connection's identity. */
  exchangeCode(request: ExchangeRequest): Promise<ExchangeResult>;
  /**
   * A fresh access token. Returns the complete new token set: `refreshToken` is the rotated one
   * when the platform rotates, otherwise the one given. Store the result whenever it differs.
   * @throws AuthError when the refresh token is revoked or expired (`invalid_grant`)
   */
  refreshAccessToken(tokens: OAuthTokens): Promise<OAuthTokens>;
  /** Revokes the grant at the platform (best effort; an already-revoked token is not an error). */
  revoke(credentials: Credentials): Promise<void>;
  /** The ad accounts these credentials can read. */
  listAdAccounts(credentials: Credentials, options?: { signal?: AbortSignal }): Promise<AdAccountView[]>;
  /** Daily account-level metrics for the range, with the tracker's filters applied. */
  fetchDailyMetrics(credentials: Credentials, query: MetricsQuery): Promise<DailyMetrics>;
  /** The filters a tracker on this platform can use. */
  filterDefinitions(): FilterDefinition[];
  /** The possible values of a multiple-choice filter (campaigns). */
  listFilterValues(credentials: Credentials, query: FilterValuesQuery): Promise<FilterValue[]>;
  /**
   * The account's current budget at the platform, for trackers with an automated budget: the sum
   * of the daily budgets of the running campaigns that pass the tracker's filters (a budget shared
   * by several campaigns counted once), per day. Absent on platforms that have no campaign budget
   * to read (Cake, the CSV source): their trackers need a manual budget.
   * @returns null when no running campaign has a daily budget
   * @throws the typed errors of `errors.ts`, like every call
   */
  fetchBudget?(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null>;
  /** Campaign writes (AutoPilot); absent on platforms where they are not supported yet. */
  readonly campaigns?: CampaignWriter;
}

/** A campaign as AutoPilot reads it before writing (status, daily budget, recent spend). */
export interface CampaignState {
  id: string;
  name: string;
  /** "enabled" (serving or able to), "paused", or "other" (removed, archived, ...: never written). */
  status: "enabled" | "paused" | "other";
  /** The campaign's daily budget, integer micros of the account currency; null without a campaign-level daily budget. */
  dailyBudgetMicros: number | null;
  /** The platform's id of the budget it spends from, when several campaigns can share one (Google Ads). */
  budgetId?: string;
  /** Spend from `from` to `to` of the query, micros. */
  spendMicros: number;
}

/** Input to {@link CampaignWriter.listCampaigns}: the campaigns the tracker's filters select, their spend over the range. */
export interface CampaignsQuery {
  account: MetricsQuery["account"];
  filters?: TrackerFilters;
  /** `yyyy-MM-dd`, inclusive: the range of `spendMicros`. */
  from: string;
  to: string;
  signal?: AbortSignal;
}

/** Input to the write methods: one campaign of one ad account. */
export interface CampaignTarget {
  account: MetricsQuery["account"];
  campaignId: string;
  signal?: AbortSignal;
}

/**
 * What a write did. Writes read first and write only when the value differs (idempotent):
 * `changed` false means nothing was sent. Status as 1 (enabled) / 0 (paused); budgets in micros.
 */
export interface WriteOutcome {
  changed: boolean;
  before: number;
  after: number;
  /** The platform's answer, short (e.g. the mutated resource name, `success`), or "unchanged". */
  answer: string;
}

/** A platform's rules for daily budgets written through {@link CampaignWriter}. */
export interface BudgetLimits {
  /** Smallest daily budget accepted, micros of the account currency. */
  minDailyBudget: number;
  /** Budgets are whole multiples of this, micros. */
  budgetStep: number;
}

/**
 * The write side of a connector (AutoPilot, beyond the spec): campaign status and campaign daily
 * budget. Present only on platforms whose APIs allow both (see the README's table). Every write
 * reads the current value first and sends nothing when it already holds (idempotent); calls go
 * through the platform's HTTP client (retries with backoff on 429/5xx, as reads). Errors are the
 * typed errors of `errors.ts`; a grant without the write permission throws InsufficientScopeError.
 */
export interface CampaignWriter {
  /** The campaigns the tracker's filters select, with status, daily budget and spend over the range. */
  listCampaigns(credentials: Credentials, query: CampaignsQuery): Promise<CampaignState[]>;
  /** Pauses or enables a campaign. @throws BadRequestError `campaign_not_found` for an unknown campaign */
  setCampaignStatus(
    credentials: Credentials,
    target: CampaignTarget & { status: "enabled" | "paused" },
  ): Promise<WriteOutcome>;
  /**
   * Sets a campaign's daily budget (Google Ads: the budget it spends from, shared ones included).
   * @throws BadRequestError `no_campaign_budget` when the campaign has no campaign-level daily budget
   */
  setCampaignDailyBudget(
    credentials: Credentials,
    target: CampaignTarget & { amountMicros: number },
  ): Promise<WriteOutcome>;
  /** Daily budget limits for an account currency (ISO 4217). */
  budgetLimits(currency: string): BudgetLimits;
}

/** Step 1 of OAuth 1.0a: the consent URL and the request token pair to keep in the session. */
export interface OAuth1AuthorizeUrl {
  /** The consent page with the request token (X: `https://api.x.com/oauth/authorize?oauth_token=...`), opened in the popup. */
  url: string;
  /** Keep in the session as the "state": the return page's `oauth_token` must equal it. */
  requestToken: string;
  /** Keep in the session (server side only); `exchangeCode` needs it as `requestTokenSecret`. */
  requestTokenSecret: string;
}

/**
 * A connector whose consent starts with a server call (OAuth 1.0a): `authorizeUrl` cannot be
 * synchronous, so the authenticate call of an OAuth 1.0a platform calls {@link requestToken}.
 */
export interface OAuth1Connector extends Connector {
  /**
   * Obtains a request token for `redirectUri` (`POST /oauth/request_token` with `oauth_callback`)
   * and returns the consent URL. `state` is not sent (X echoes only `oauth_token` and
   * `oauth_verifier`); bind `requestToken` to the session instead.
   * @throws AuthError when X refuses the consumer credentials or the callback
   */
  requestToken(request: AuthorizeRequest): Promise<OAuth1AuthorizeUrl>;
}

/** True for a connector that starts its consent with {@link OAuth1Connector.requestToken} (X). */
export function isOAuth1Connector(connector: Connector): connector is OAuth1Connector {
  return (
    connector.capabilities.auth === "oauth1" &&
    typeof (connector as Partial<OAuth1Connector>).requestToken === "function"
  );
}

/** The platform user of a two-step account listing (the catalogue's `TwoStepListing`; Microsoft's `GetUser`). */
export interface ListingUser {
  userId: string;
  /** The user's own customer. */
  customerId: string;
  /** The customers (and accounts, when restricted) the user holds a role in. */
  customerRoles: Array<{ roleId?: number; customerId: string; accountIds?: string[] }>;
  email?: string;
  name?: string;
}

/**
 * A connector whose account listing takes two calls (Microsoft Ads: `get-user`, then
 * `get-accounts` with the user): {@link getUser}, then {@link getAccounts}. `listAdAccounts` does both.
 */
export interface TwoStepListingConnector extends Connector {
  /** The user behind the credentials. */
  getUser(credentials: Credentials, options?: { signal?: AbortSignal }): Promise<ListingUser>;
  /** The views the user reaches. */
  getAccounts(
    credentials: Credentials,
    user: Pick<ListingUser, "userId">,
    options?: { signal?: AbortSignal },
  ): Promise<AdAccountView[]>;
}

/** True for a connector with the two listing steps of {@link TwoStepListingConnector}. */
export function hasTwoStepListing(connector: Connector): connector is TwoStepListingConnector {
  const c = connector as Partial<TwoStepListingConnector>;
  return typeof c.getUser === "function" && typeof c.getAccounts === "function";
}
