import { z } from "zod";
import type { AttemptEvent, FetchLike } from "./http/http-client.ts";
import type { RetryPolicy } from "./http/retry-policy.ts";
import type { SsrfGuardOptions } from "./security/ssrf-guard.ts";

/** Google Ads API version every Google Ads call uses (Google sunsets a version about a year after release). */
export const GOOGLE_ADS_API_VERSION = "v23";
/** Meta Graph / Marketing API version every Meta call uses (each version lives about two years). */
export const META_GRAPH_API_VERSION = "v25.0";
/** Microsoft Advertising API version (REST reporting, Customer and Campaign Management; SOAP retires in 2027). */
export const MICROSOFT_ADS_API_VERSION = "v13";
/** LinkedIn Marketing API version sent as `Linkedin-Version` (monthly versions, each supported at least a year). */
export const LINKEDIN_ADS_API_VERSION = "202603";
/** TikTok API for Business version (path segment of every Marketing API call). */
export const TIKTOK_ADS_API_VERSION = "v1.3";
/** Pinterest API version (path segment of every call). */
export const PINTEREST_ADS_API_VERSION = "v5";
/** X Ads API version (`https://ads-api.x.com/{version}`); X announces each sunset ahead. */
export const X_ADS_API_VERSION = "12";
/** Reddit Ads API version (`https://ads-api.reddit.com/api/{version}`; v2 was sunset on 2025-09-30). */
export const REDDIT_ADS_API_VERSION = "v3";
/** Amazon Ads reporting version, sent in the media type `application/vnd.createasyncreportrequest.v3+json`. */
export const AMAZON_ADS_REPORTING_VERSION = "v3";
/** Display & Video 360 API version (partners, advertisers, campaigns); v1 to v3 are sunset. */
export const DV360_API_VERSION = "v4";
/** Bid Manager API version (DV360 reporting: queries and reports); v1 and v1.1 are sunset. */
export const BID_MANAGER_API_VERSION = "v2";
/** Cake method versions: every Cake API method carries its own version in its path (`/api/{v}/...`). */
export const CAKE_API_VERSIONS = Object.freeze({
  dailySummaryExport: "2",
  exportAdvertisers: "6",
  exportOffers: "5",
});

/** HTTP settings shared by all connectors (see `http/http-client.ts`). Injectables are for tests. */
export interface HttpSettings {
  timeoutMs?: number;
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  onAttempt?: (event: AttemptEvent) => void;
}

/**
 * Google Ads: OAuth client, developer token and endpoints.
 * Real endpoints: authorize `https://accounts.google.com/o/oauth2/v2/auth`, token
 * `https://oauth2.googleapis.com/token`, revoke `https://oauth2.googleapis.com/revoke`, API
 * `https://googleads.googleapis.com`.
 */
export interface GoogleAdsConfig {
  clientId: string;
  clientSecret: string;
  /** Sent as the `developer-token` header on every API call. */
  developerToken: string;
  /** Manager account (digits only) sent as `login-customer-id` when a view does not carry one. */
  loginCustomerId?: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Without version, e.g. `https://googleads.googleapis.com`. */
  apiBaseUrl: string;
  apiVersion: string;
}

/**
 * Meta (Facebook/Instagram) Marketing API: app credentials and endpoints.
 * Real endpoints: dialog `https://www.facebook.com`, Graph `https://graph.facebook.com`.
 */
export interface MetaConfig {
  appId: string;
  appSecret: string;
  /** Host of the login dialog, without version, e.g. `https://www.facebook.com`. */
  dialogBaseUrl: string;
  /** Graph API host, without version, e.g. `https://graph.facebook.com`. */
  graphBaseUrl: string;
  apiVersion: string;
  /** Facebook Login for Business configuration id, if the app uses one instead of `scope`. */
  configId?: string;
  /**
   * Action types counted as conversions (and whose `action_values` are revenue), in order of
   * preference: the first one present on a row is used, so one purchase is never counted twice.
   */
  conversionActionTypes: string[];
}

/**
 * Microsoft Advertising (Bing Ads): Microsoft identity platform client, developer token and the three
 * API services. Real endpoints: authorize `https://login.microsoftonline.com/common/oauth2/v2.0/authorize`,
 * token `https://login.microsoftonline.com/common/oauth2/v2.0/token`, Customer Management
 * `https://clientcenter.api.bingads.microsoft.com/CustomerManagement`, Campaign Management
 * `https://campaign.api.bingads.microsoft.com/CampaignManagement`, Reporting
 * `https://reporting.api.bingads.microsoft.com/Reporting`.
 */
export interface MicrosoftAdsConfig {
  clientId: string;
  clientSecret: string;
  /** Sent as the `DeveloperToken` header on every API call. */
  developerToken: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Service roots without version, e.g. `https://clientcenter.api.bingads.microsoft.com/CustomerManagement`. */
  customerManagementUrl: string;
  campaignManagementUrl: string;
  reportingUrl: string;
  apiVersion: string;
}

/**
 * LinkedIn Marketing API (Rest.li 2.0, versioned). Real endpoints: authorize
 * `https://www.linkedin.com/oauth/v2/authorization`, token `https://www.linkedin.com/oauth/v2/accessToken`,
 * revoke `https://www.linkedin.com/oauth/v2/revoke`, API `https://api.linkedin.com` (`/rest/...`, `/v2/userinfo`).
 */
export interface LinkedInAdsConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** API host without path, e.g. `https://api.linkedin.com`. */
  apiBaseUrl: string;
  /** `Linkedin-Version` header value (YYYYMM). */
  apiVersion: string;
}

/**
 * TikTok API for Business (Marketing API). Real endpoints: advertiser authorization page
 * `https://business-api.tiktok.com/portal/auth`, API `https://business-api.tiktok.com/open_api`.
 */
export interface TikTokAdsConfig {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  /** Without version, e.g. `https://business-api.tiktok.com/open_api`. */
  apiBaseUrl: string;
  apiVersion: string;
}

/**
 * Pinterest API v5. Real endpoints: authorize `https://www.pinterest.com/oauth/`, API (token endpoint
 * included) `https://api.pinterest.com`.
 */
export interface PinterestAdsConfig {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  /** Without version, e.g. `https://api.pinterest.com`. */
  apiBaseUrl: string;
  apiVersion: string;
}

/**
 * X (Twitter) Ads: OAuth 1.0a consumer credentials and hosts. Real endpoints: OAuth
 * `https://api.x.com` (`/oauth/request_token`, `/oauth/authorize`, `/oauth/access_token`,
 * `/1.1/oauth/invalidate_token`), Ads API `https://ads-api.x.com`.
 */
export interface TwitterAdsConfig {
  consumerKey: string;
  consumerSecret: string;
  /** OAuth host, e.g. `https://api.x.com`. */
  oauthBaseUrl: string;
  /** Ads API host without version, e.g. `https://ads-api.x.com`. */
  adsApiBaseUrl: string;
  apiVersion: string;
}

/**
 * Reddit Ads (beta): OAuth client and hosts. Real endpoints: authorize
 * `https://www.reddit.com/api/v1/authorize`, token `https://www.reddit.com/api/v1/access_token`,
 * revoke `https://www.reddit.com/api/v1/revoke_token`, API `https://ads-api.reddit.com/api`.
 */
export interface RedditAdsConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Without version, e.g. `https://ads-api.reddit.com/api`. */
  apiBaseUrl: string;
  apiVersion: string;
  /** Reddit requires a descriptive `User-Agent` on every call (`<platform>:<app>:<version>`). */
  userAgent: string;
}

/** How long to wait for an asynchronous report (Amazon Ads, DV360); see `report-kit.ts`. */
export interface ReportPollConfig {
  initialDelayMs?: number;
  maxDelayMs?: number;
  maxWaitMs?: number;
}

/** An Amazon Ads API region and its host. */
export interface AmazonAdsRegion {
  code: "NA" | "EU" | "FE";
  /** e.g. `https://advertising-api.amazon.com`. */
  apiBaseUrl: string;
}

/**
 * Amazon Ads: Login with Amazon client and the regional Advertising API hosts. Real endpoints:
 * authorize `https://www.amazon.com/ap/oa`, token `https://api.amazon.com/auth/o2/token`, user
 * profile `https://api.amazon.com/user/profile`, API NA `https://advertising-api.amazon.com`, EU
 * `https://advertising-api-eu.amazon.com`, FE `https://advertising-api-fe.amazon.com`.
 */
export interface AmazonAdsConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Login with Amazon user profile (name and email of the connection). */
  profileUrl: string;
  /** Regions whose profiles are listed; a view remembers its region. */
  regions: AmazonAdsRegion[];
  reportingVersion: string;
  reportPoll?: ReportPollConfig;
}

/**
 * Google Display & Video 360: Google OAuth client, the DV360 API (advertisers, campaigns) and Bid
 * Manager (reports). Real endpoints: authorize `https://accounts.google.com/o/oauth2/v2/auth`,
 * token `https://oauth2.googleapis.com/token`, revoke `https://oauth2.googleapis.com/revoke`, APIs
 * `https://displayvideo.googleapis.com` and `https://doubleclickbidmanager.googleapis.com`.
 */
export interface GoogleDv360Config {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Without version, e.g. `https://displayvideo.googleapis.com`. */
  displayVideoBaseUrl: string;
  displayVideoVersion: string;
  /** Without version, e.g. `https://doubleclickbidmanager.googleapis.com`. */
  bidManagerBaseUrl: string;
  bidManagerVersion: string;
  reportPoll?: ReportPollConfig;
}

/**
 * Cake (API key + user-given instance domain). Nothing to configure in a deployment: every call
 * goes to `https://{domain}` through the SSRF guard. `sandbox` exists only in local mode (set by
 * `sandboxConnectorConfig`, never from user input): the one reserved demo domain
 * {@link CAKE_SANDBOX_DOMAIN} is then served by the local sandbox; every other domain, including
 * the sandbox's own address, still goes through the guard and is refused when not public.
 */
export interface CakeConfig {
  sandbox?: { domain: string; baseUrl: string };
  /** Test hooks of the SSRF guard (DNS lookup, pinned transport). Never set in a deployment. */
  ssrfGuard?: SsrfGuardOptions;
  /** Currency and time zone of views, Cake's API stating neither (default GBP, Europe/London). */
  defaultCurrency?: string;
  defaultTimeZone?: string;
}

/** The reserved demo Cake domain the local sandbox serves (`.test` never resolves publicly). */
export const CAKE_SANDBOX_DOMAIN = "demo.cake.sandbox.pacer.test";

/** "Sign in with Google" (OIDC). The server verifies ID tokens with aws-jwt-verify against `jwksUri`. */
export interface GoogleIdentityConfig {
  clientId: string;
  clientSecret: string;
  /** `https://accounts.google.com` for real Google. */
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUri: string;
}

/**
 * Everything the connectors read from their deployment: one optional block per platform (a missing
 * block makes that connector answer `NotConfiguredError`) and the shared HTTP settings.
 */
export interface ConnectorConfig {
  http?: HttpSettings;
  googleads?: GoogleAdsConfig;
  facebookads?: MetaConfig;
  bingads?: MicrosoftAdsConfig;
  linkedinads?: LinkedInAdsConfig;
  tiktokads?: TikTokAdsConfig;
  pinterestads?: PinterestAdsConfig;
  googleIdentity?: GoogleIdentityConfig;
  twitterads?: TwitterAdsConfig;
  redditads?: RedditAdsConfig;
  amazonads?: AmazonAdsConfig;
  googledv360?: GoogleDv360Config;
  /** Cake needs no deployment credentials; see {@link CakeConfig} for the local-mode sandbox mapping. */
  cake?: CakeConfig;
}

/** Default Meta conversion action types, most inclusive first (`omni_purchase` spans web, app and shop). */
export const DEFAULT_META_CONVERSION_ACTION_TYPES = [
  "omni_purchase",
  "purchase",
  "offsite_conversion.fb_pixel_purchase",
];

/** Real Google Ads endpoints, credentials left to the caller. */
export function googleAdsEndpoints(): Omit<GoogleAdsConfig, "clientId" | "clientSecret" | "developerToken"> {
  return {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    revokeUrl: "https://oauth2.googleapis.com/revoke",
    apiBaseUrl: "https://googleads.googleapis.com",
    apiVersion: GOOGLE_ADS_API_VERSION,
  };
}

/** Real Meta endpoints, credentials left to the caller. */
export function metaEndpoints(): Omit<MetaConfig, "appId" | "appSecret"> {
  return {
    dialogBaseUrl: "https://www.facebook.com",
    graphBaseUrl: "https://graph.facebook.com",
    apiVersion: META_GRAPH_API_VERSION,
    conversionActionTypes: [...DEFAULT_META_CONVERSION_ACTION_TYPES],
  };
}

/** Real Microsoft Advertising endpoints, credentials left to the caller. */
export function microsoftAdsEndpoints(): Omit<
  MicrosoftAdsConfig,
  "clientId" | "clientSecret" | "developerToken"
> {
  return {
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    customerManagementUrl: "https://clientcenter.api.bingads.microsoft.com/CustomerManagement",
    campaignManagementUrl: "https://campaign.api.bingads.microsoft.com/CampaignManagement",
    reportingUrl: "https://reporting.api.bingads.microsoft.com/Reporting",
    apiVersion: MICROSOFT_ADS_API_VERSION,
  };
}

/** Real LinkedIn endpoints, credentials left to the caller. */
export function linkedInAdsEndpoints(): Omit<LinkedInAdsConfig, "clientId" | "clientSecret"> {
  return {
    authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    revokeUrl: "https://www.linkedin.com/oauth/v2/revoke",
    apiBaseUrl: "https://api.linkedin.com",
    apiVersion: LINKEDIN_ADS_API_VERSION,
  };
}

/** Real TikTok endpoints, credentials left to the caller. */
export function tikTokAdsEndpoints(): Omit<TikTokAdsConfig, "appId" | "appSecret"> {
  return {
    authorizeUrl: "https://business-api.tiktok.com/portal/auth",
    apiBaseUrl: "https://business-api.tiktok.com/open_api",
    apiVersion: TIKTOK_ADS_API_VERSION,
  };
}

/** Real Pinterest endpoints, credentials left to the caller. */
export function pinterestAdsEndpoints(): Omit<PinterestAdsConfig, "appId" | "appSecret"> {
  return {
    authorizeUrl: "https://www.pinterest.com/oauth/",
    apiBaseUrl: "https://api.pinterest.com",
    apiVersion: PINTEREST_ADS_API_VERSION,
  };
}

/** Real X endpoints, consumer credentials left to the caller. */
export function twitterAdsEndpoints(): Omit<TwitterAdsConfig, "consumerKey" | "consumerSecret"> {
  return {
    oauthBaseUrl: "https://api.x.com",
    adsApiBaseUrl: "https://ads-api.x.com",
    apiVersion: X_ADS_API_VERSION,
  };
}

/** Default Reddit `User-Agent` (`<platform>:<app id>:<version>`, as Reddit asks). */
export const REDDIT_ADS_DEFAULT_USER_AGENT = "web:pacer-spend-tracker:1.0";

/** Real Reddit endpoints, credentials left to the caller. */
export function redditAdsEndpoints(): Omit<RedditAdsConfig, "clientId" | "clientSecret"> {
  return {
    authorizeUrl: "https://www.reddit.com/api/v1/authorize",
    tokenUrl: "https://www.reddit.com/api/v1/access_token",
    revokeUrl: "https://www.reddit.com/api/v1/revoke_token",
    apiBaseUrl: "https://ads-api.reddit.com/api",
    apiVersion: REDDIT_ADS_API_VERSION,
    userAgent: REDDIT_ADS_DEFAULT_USER_AGENT,
  };
}

/** Real Amazon Ads endpoints (all three regions), credentials left to the caller. */
export function amazonAdsEndpoints(): Omit<AmazonAdsConfig, "clientId" | "clientSecret"> {
  return {
    authorizeUrl: "https://www.amazon.com/ap/oa",
    tokenUrl: "https://api.amazon.com/auth/o2/token",
    profileUrl: "https://api.amazon.com/user/profile",
    regions: [
      { code: "NA", apiBaseUrl: "https://advertising-api.amazon.com" },
      { code: "EU", apiBaseUrl: "https://advertising-api-eu.amazon.com" },
      { code: "FE", apiBaseUrl: "https://advertising-api-fe.amazon.com" },
    ],
    reportingVersion: AMAZON_ADS_REPORTING_VERSION,
  };
}

/** Real DV360 and Bid Manager endpoints, credentials left to the caller. */
export function googleDv360Endpoints(): Omit<GoogleDv360Config, "clientId" | "clientSecret"> {
  return {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    revokeUrl: "https://oauth2.googleapis.com/revoke",
    displayVideoBaseUrl: "https://displayvideo.googleapis.com",
    displayVideoVersion: DV360_API_VERSION,
    bidManagerBaseUrl: "https://doubleclickbidmanager.googleapis.com",
    bidManagerVersion: BID_MANAGER_API_VERSION,
  };
}

/** Real "Sign in with Google" endpoints (the issuer and its keys), credentials left to the caller. */
export function googleIdentityEndpoints(): Omit<GoogleIdentityConfig, "clientId" | "clientSecret"> {
  return {
    issuer: "https://accounts.google.com",
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
  };
}

/** The Microsoft Advertising developer token the sandbox accepts. */
export const SANDBOX_MICROSOFT_ADS_DEVELOPER_TOKEN = "sandbox-bingads-developer-token";

/**
 * The sandbox's client credentials for a platform prefix: the sandbox accepts exactly
 * `sandbox-{prefix}-client` / `sandbox-{prefix}-secret`.
 */
export function sandboxClient(prefix: string): { clientId: string; clientSecret: string } {
  return { clientId: `sandbox-${prefix}-client`, clientSecret: `sandbox-${prefix}-secret` };
}

/** The config blocks built from credentials plus endpoints (Cake has no deployment credentials). */
type PlatformKey = Exclude<keyof ConnectorConfig, "http" | "cake">;

/**
 * How one platform's config block is built: its real endpoints plus its credentials, read from
 * the environment by {@link connectorConfigFromEnv} or set to the sandbox's by
 * {@link sandboxConnectorConfig}, which also moves every endpoint below the sandbox.
 */
interface PlatformBlock {
  key: PlatformKey;
  /** The block's real endpoints and pinned API versions. */
  endpoints: () => object;
  /**
   * Credential field -> environment variable; the block exists only when every one is set. The
   * first two are the client id and secret: in the sandbox, `sandboxClient(sandboxPrefix)`.
   */
  credentials: Record<string, string>;
  /** Sandbox values of the credentials after the client id and secret (e.g. a developer token). */
  sandboxCredentials?: Record<string, string>;
  /** Optional field -> environment variable, copied when set. */
  optional?: Record<string, string>;
  /** Variables with a stricter rule than "non-empty text". */
  rules?: Record<string, z.ZodType<string>>;
  /** The platform's prefix in the sandbox (its integration slug, `google-identity` for Sign in with Google). */
  sandboxPrefix: string;
  /** Each real host of the platform -> its path below the sandbox prefix. */
  sandboxHosts: Record<string, string>;
}

/** Every platform's block, in the order the environment variables are checked and documented. */
const PLATFORM_BLOCKS: readonly PlatformBlock[] = [
  {
    key: "googleads",
    endpoints: googleAdsEndpoints,
    credentials: {
      clientId: "GOOGLE_ADS_CLIENT_ID",
      clientSecret: "GOOGLE_ADS_CLIENT_SECRET",
      developerToken: "GOOGLE_ADS_DEVELOPER_TOKEN",
    },
    sandboxCredentials: { developerToken: "sandbox-developer-token" },
    optional: { loginCustomerId: "GOOGLE_ADS_LOGIN_CUSTOMER_ID" },
    rules: { GOOGLE_ADS_LOGIN_CUSTOMER_ID: z.string().regex(/^\d{10}$/, "ten digits, no dashes") },
    sandboxPrefix: "googleads",
    sandboxHosts: {
      "accounts.google.com": "",
      "oauth2.googleapis.com": "",
      "googleads.googleapis.com": "/api",
    },
  },
  {
    key: "facebookads",
    endpoints: metaEndpoints,
    credentials: { appId: "META_APP_ID", appSecret: "META_APP_SECRET" },
    optional: { configId: "META_CONFIG_ID" },
    sandboxPrefix: "facebookads",
    sandboxHosts: { "www.facebook.com": "/www", "graph.facebook.com": "/graph" },
  },
  {
    key: "bingads",
    endpoints: microsoftAdsEndpoints,
    credentials: {
      clientId: "MICROSOFT_ADS_CLIENT_ID",
      clientSecret: "MICROSOFT_ADS_CLIENT_SECRET",
      developerToken: "MICROSOFT_ADS_DEVELOPER_TOKEN",
    },
    sandboxCredentials: { developerToken: SANDBOX_MICROSOFT_ADS_DEVELOPER_TOKEN },
    sandboxPrefix: "bingads",
    sandboxHosts: {
      "login.microsoftonline.com": "/login",
      "clientcenter.api.bingads.microsoft.com": "/clientcenter",
      "campaign.api.bingads.microsoft.com": "/campaign",
      "reporting.api.bingads.microsoft.com": "/reporting",
    },
  },
  {
    key: "linkedinads",
    endpoints: linkedInAdsEndpoints,
    credentials: { clientId: "LINKEDIN_ADS_CLIENT_ID", clientSecret: "LINKEDIN_ADS_CLIENT_SECRET" },
    sandboxPrefix: "linkedinads",
    sandboxHosts: { "www.linkedin.com": "/www", "api.linkedin.com": "/api" },
  },
  {
    key: "tiktokads",
    endpoints: tikTokAdsEndpoints,
    credentials: { appId: "TIKTOK_ADS_APP_ID", appSecret: "TIKTOK_ADS_APP_SECRET" },
    sandboxPrefix: "tiktokads",
    sandboxHosts: { "business-api.tiktok.com": "" },
  },
  {
    key: "pinterestads",
    endpoints: pinterestAdsEndpoints,
    credentials: { appId: "PINTEREST_ADS_APP_ID", appSecret: "PINTEREST_ADS_APP_SECRET" },
    sandboxPrefix: "pinterestads",
    sandboxHosts: { "www.pinterest.com": "/www", "api.pinterest.com": "/api" },
  },
  {
    key: "twitterads",
    endpoints: twitterAdsEndpoints,
    credentials: { consumerKey: "X_ADS_CONSUMER_KEY", consumerSecret: "X_ADS_CONSUMER_SECRET" },
    sandboxPrefix: "twitterads",
    sandboxHosts: { "api.x.com": "/api", "ads-api.x.com": "/ads-api" },
  },
  {
    key: "redditads",
    endpoints: redditAdsEndpoints,
    credentials: { clientId: "REDDIT_ADS_CLIENT_ID", clientSecret: "REDDIT_ADS_CLIENT_SECRET" },
    optional: { userAgent: "REDDIT_ADS_USER_AGENT" },
    sandboxPrefix: "redditads",
    sandboxHosts: { "www.reddit.com": "/www", "ads-api.reddit.com": "/ads-api" },
  },
  {
    key: "amazonads",
    endpoints: amazonAdsEndpoints,
    credentials: { clientId: "AMAZON_ADS_CLIENT_ID", clientSecret: "AMAZON_ADS_CLIENT_SECRET" },
    sandboxPrefix: "amazonads",
    sandboxHosts: {
      "www.amazon.com": "/www",
      "api.amazon.com": "/api",
      "advertising-api.amazon.com": "/advertising-api",
      "advertising-api-eu.amazon.com": "/advertising-api-eu",
      "advertising-api-fe.amazon.com": "/advertising-api-fe",
    },
  },
  {
    key: "googledv360",
    endpoints: googleDv360Endpoints,
    credentials: { clientId: "GOOGLE_DV360_CLIENT_ID", clientSecret: "GOOGLE_DV360_CLIENT_SECRET" },
    sandboxPrefix: "googledv360",
    sandboxHosts: {
      "accounts.google.com": "",
      "oauth2.googleapis.com": "",
      "displayvideo.googleapis.com": "/displayvideo",
      "doubleclickbidmanager.googleapis.com": "/doubleclickbidmanager",
    },
  },
  {
    key: "googleIdentity",
    endpoints: googleIdentityEndpoints,
    credentials: { clientId: "GOOGLE_SIGNIN_CLIENT_ID", clientSecret: "GOOGLE_SIGNIN_CLIENT_SECRET" },
    sandboxPrefix: "google-identity",
    sandboxHosts: { "accounts.google.com": "", "oauth2.googleapis.com": "", "www.googleapis.com": "" },
  },
];

/**
 * The names of every platform credential variable `connectorConfigFromEnv` reads (required and
 * optional, every platform, `PACER_SANDBOX_URL` excluded). On AWS they are the keys of the platform
 * credentials secret; the infrastructure tests check each one is provided.
 */
export function platformCredentialVariables(): string[] {
  return PLATFORM_BLOCKS.flatMap((block) => [
    ...Object.values(block.credentials),
    ...Object.values(block.optional ?? {}),
  ]);
}

/** Every variable of every block: non-empty text unless the block gives a stricter rule. */
const envSchema = z.object({
  PACER_SANDBOX_URL: z.url().optional(),
  ...Object.fromEntries(
    PLATFORM_BLOCKS.flatMap((block) =>
      [...Object.values(block.credentials), ...Object.values(block.optional ?? {})].map((name) => [
        name,
        (block.rules?.[name] ?? z.string().min(1)).optional(),
      ]),
    ),
  ),
});

/**
 * Reads real credentials from the environment. `PACER_SANDBOX_URL` set: every platform points at
 * the sandbox (see {@link sandboxConnectorConfig}). Otherwise each platform is configured when all
 * of its variables are set:
 * - Google Ads: `GOOGLE_ADS_CLIENT_ID`, `GOOGLE_ADS_CLIENT_SECRET`, `GOOGLE_ADS_DEVELOPER_TOKEN`
 *   (optional `GOOGLE_ADS_LOGIN_CUSTOMER_ID`);
 * - Meta: `META_APP_ID`, `META_APP_SECRET` (optional `META_CONFIG_ID`);
 * - Microsoft Advertising: `MICROSOFT_ADS_CLIENT_ID`, `MICROSOFT_ADS_CLIENT_SECRET`, `MICROSOFT_ADS_DEVELOPER_TOKEN`;
 * - LinkedIn: `LINKEDIN_ADS_CLIENT_ID`, `LINKEDIN_ADS_CLIENT_SECRET`;
 * - TikTok: `TIKTOK_ADS_APP_ID`, `TIKTOK_ADS_APP_SECRET`;
 * - Pinterest: `PINTEREST_ADS_APP_ID`, `PINTEREST_ADS_APP_SECRET`;
 * - X: `X_ADS_CONSUMER_KEY`, `X_ADS_CONSUMER_SECRET`;
 * - Reddit: `REDDIT_ADS_CLIENT_ID`, `REDDIT_ADS_CLIENT_SECRET` (optional `REDDIT_ADS_USER_AGENT`);
 * - Amazon Ads: `AMAZON_ADS_CLIENT_ID`, `AMAZON_ADS_CLIENT_SECRET`;
 * - Google DV360: `GOOGLE_DV360_CLIENT_ID`, `GOOGLE_DV360_CLIENT_SECRET`;
 * - Cake: nothing (API key and domain come from the user; calls go through the SSRF guard);
 * - Sign in with Google: `GOOGLE_SIGNIN_CLIENT_ID`, `GOOGLE_SIGNIN_CLIENT_SECRET`.
 * A configured block is the platform's real endpoints with those values.
 * @throws Error naming the malformed variable (never its value)
 */
export function connectorConfigFromEnv(env: Record<string, string | undefined>): ConnectorConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`connector configuration: invalid environment variable(s): ${names}`);
  }
  const e = parsed.data as Record<string, string | undefined>;
  if (e.PACER_SANDBOX_URL) return sandboxConnectorConfig(e.PACER_SANDBOX_URL);
  const config: Record<string, object> = {};
  for (const block of PLATFORM_BLOCKS) {
    const credentials = Object.entries(block.credentials).map(([field, name]) => [field, e[name]] as const);
    if (credentials.some(([, value]) => !value)) continue;
    const optional = Object.entries(block.optional ?? {}).filter(([, name]) => e[name]);
    config[block.key] = {
      ...block.endpoints(),
      ...Object.fromEntries(credentials),
      ...Object.fromEntries(optional.map(([field, name]) => [field, e[name]])),
    };
  }
  return config as ConnectorConfig;
}

/**
 * Points every connector at the sandbox started by the local runtime (`@pacer/sandbox`), whose
 * routes mirror each platform's hosts under a per-platform prefix: every block is its real
 * endpoints with each host replaced by its sandbox path (`https://accounts.google.com/o/oauth2/v2/auth`
 * -> `{sandbox}/googleads/o/oauth2/v2/auth`) and the sandbox's credentials. Only base URLs and
 * credentials change; API versions stay pinned. Cake maps its reserved demo domain to the sandbox.
 */
export function sandboxConnectorConfig(sandboxBaseUrl: string, http?: HttpSettings): ConnectorConfig {
  const base = sandboxBaseUrl.replace(/\/+$/, "");
  const config: Record<string, object> = http ? { http } : {};
  for (const block of PLATFORM_BLOCKS) {
    const [idField = "", secretField = ""] = Object.keys(block.credentials);
    const client = sandboxClient(block.sandboxPrefix);
    config[block.key] = {
      [idField]: client.clientId,
      [secretField]: client.clientSecret,
      ...block.sandboxCredentials,
      ...inSandbox(block.endpoints(), `${base}/${block.sandboxPrefix}`, block.sandboxHosts),
    };
  }
  config.cake = { sandbox: { domain: CAKE_SANDBOX_DOMAIN, baseUrl: `${base}/cake` } };
  return config as ConnectorConfig;
}

/**
 * `value` with every `https://{host}{path}` URL moved to `{prefix}{hosts[host]}{path}`, through
 * arrays and objects; other values unchanged.
 * @throws Error for a URL whose host has no sandbox path (a sandbox config must never reach a real platform)
 */
function inSandbox<T>(value: T, prefix: string, hosts: Record<string, string>): T {
  if (typeof value === "string") {
    const url = /^https:\/\/([^/]+)(.*)$/.exec(value);
    if (!url) return value;
    const [, host = "", path = ""] = url;
    if (!Object.hasOwn(hosts, host)) throw new Error(`sandbox configuration: no sandbox path for ${host}`);
    return `${prefix}${hosts[host]}${path}` as T;
  }
  if (Array.isArray(value)) return value.map((v) => inSandbox(v, prefix, hosts)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inSandbox(v, prefix, hosts)])) as T;
  }
  return value;
}
