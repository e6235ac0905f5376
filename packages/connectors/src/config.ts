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

const envSchema = z.object({
  PACER_SANDBOX_URL: z.url().optional(),
  GOOGLE_ADS_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ADS_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().min(1).optional(),
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: z
    .string()
    .regex(/^\d{10}$/, "ten digits, no dashes")
    .optional(),
  META_APP_ID: z.string().min(1).optional(),
  META_APP_SECRET: z.string().min(1).optional(),
  META_CONFIG_ID: z.string().min(1).optional(),
  MICROSOFT_ADS_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_ADS_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_ADS_DEVELOPER_TOKEN: z.string().min(1).optional(),
  LINKEDIN_ADS_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_ADS_CLIENT_SECRET: z.string().min(1).optional(),
  TIKTOK_ADS_APP_ID: z.string().min(1).optional(),
  TIKTOK_ADS_APP_SECRET: z.string().min(1).optional(),
  PINTEREST_ADS_APP_ID: z.string().min(1).optional(),
  PINTEREST_ADS_APP_SECRET: z.string().min(1).optional(),
  X_ADS_CONSUMER_KEY: z.string().min(1).optional(),
  X_ADS_CONSUMER_SECRET: z.string().min(1).optional(),
  REDDIT_ADS_CLIENT_ID: z.string().min(1).optional(),
  REDDIT_ADS_CLIENT_SECRET: z.string().min(1).optional(),
  REDDIT_ADS_USER_AGENT: z.string().min(1).optional(),
  AMAZON_ADS_CLIENT_ID: z.string().min(1).optional(),
  AMAZON_ADS_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DV360_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_DV360_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_SIGNIN_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_SIGNIN_CLIENT_SECRET: z.string().min(1).optional(),
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
 * @throws Error naming the malformed variable (never its value)
 */
export function connectorConfigFromEnv(env: Record<string, string | undefined>): ConnectorConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`connector configuration: invalid environment variable(s): ${names}`);
  }
  const e = parsed.data;
  if (e.PACER_SANDBOX_URL) return sandboxConnectorConfig(e.PACER_SANDBOX_URL);
  const config: ConnectorConfig = {};
  if (e.GOOGLE_ADS_CLIENT_ID && e.GOOGLE_ADS_CLIENT_SECRET && e.GOOGLE_ADS_DEVELOPER_TOKEN) {
    config.googleads = {
      ...googleAdsEndpoints(),
      clientId: e.GOOGLE_ADS_CLIENT_ID,
      clientSecret: e.GOOGLE_ADS_CLIENT_SECRET,
      developerToken: e.GOOGLE_ADS_DEVELOPER_TOKEN,
      ...(e.GOOGLE_ADS_LOGIN_CUSTOMER_ID ? { loginCustomerId: e.GOOGLE_ADS_LOGIN_CUSTOMER_ID } : {}),
    };
  }
  if (e.META_APP_ID && e.META_APP_SECRET) {
    config.facebookads = {
      ...metaEndpoints(),
      appId: e.META_APP_ID,
      appSecret: e.META_APP_SECRET,
      ...(e.META_CONFIG_ID ? { configId: e.META_CONFIG_ID } : {}),
    };
  }
  if (e.MICROSOFT_ADS_CLIENT_ID && e.MICROSOFT_ADS_CLIENT_SECRET && e.MICROSOFT_ADS_DEVELOPER_TOKEN) {
    config.bingads = {
      ...microsoftAdsEndpoints(),
      clientId: e.MICROSOFT_ADS_CLIENT_ID,
      clientSecret: e.MICROSOFT_ADS_CLIENT_SECRET,
      developerToken: e.MICROSOFT_ADS_DEVELOPER_TOKEN,
    };
  }
  if (e.LINKEDIN_ADS_CLIENT_ID && e.LINKEDIN_ADS_CLIENT_SECRET) {
    config.linkedinads = {
      ...linkedInAdsEndpoints(),
      clientId: e.LINKEDIN_ADS_CLIENT_ID,
      clientSecret: e.LINKEDIN_ADS_CLIENT_SECRET,
    };
  }
  if (e.TIKTOK_ADS_APP_ID && e.TIKTOK_ADS_APP_SECRET) {
    config.tiktokads = {
      ...tikTokAdsEndpoints(),
      appId: e.TIKTOK_ADS_APP_ID,
      appSecret: e.TIKTOK_ADS_APP_SECRET,
    };
  }
  if (e.PINTEREST_ADS_APP_ID && e.PINTEREST_ADS_APP_SECRET) {
    config.pinterestads = {
      ...pinterestAdsEndpoints(),
      appId: e.PINTEREST_ADS_APP_ID,
      appSecret: e.PINTEREST_ADS_APP_SECRET,
    };
  }
  if (e.X_ADS_CONSUMER_KEY && e.X_ADS_CONSUMER_SECRET) {
    config.twitterads = {
      ...twitterAdsEndpoints(),
      consumerKey: e.X_ADS_CONSUMER_KEY,
      consumerSecret: e.X_ADS_CONSUMER_SECRET,
    };
  }
  if (e.REDDIT_ADS_CLIENT_ID && e.REDDIT_ADS_CLIENT_SECRET) {
    config.redditads = {
      ...redditAdsEndpoints(),
      clientId: e.REDDIT_ADS_CLIENT_ID,
      clientSecret: e.REDDIT_ADS_CLIENT_SECRET,
      ...(e.REDDIT_ADS_USER_AGENT ? { userAgent: e.REDDIT_ADS_USER_AGENT } : {}),
    };
  }
  if (e.AMAZON_ADS_CLIENT_ID && e.AMAZON_ADS_CLIENT_SECRET) {
    config.amazonads = {
      ...amazonAdsEndpoints(),
      clientId: e.AMAZON_ADS_CLIENT_ID,
      clientSecret: e.AMAZON_ADS_CLIENT_SECRET,
    };
  }
  if (e.GOOGLE_DV360_CLIENT_ID && e.GOOGLE_DV360_CLIENT_SECRET) {
    config.googledv360 = {
      ...googleDv360Endpoints(),
      clientId: e.GOOGLE_DV360_CLIENT_ID,
      clientSecret: e.GOOGLE_DV360_CLIENT_SECRET,
    };
  }
  if (e.GOOGLE_SIGNIN_CLIENT_ID && e.GOOGLE_SIGNIN_CLIENT_SECRET) {
    config.googleIdentity = {
      clientId: e.GOOGLE_SIGNIN_CLIENT_ID,
      clientSecret: e.GOOGLE_SIGNIN_CLIENT_SECRET,
      issuer: "https://accounts.google.com",
      authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: "https://oauth2.googleapis.com/token",
      jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
    };
  }
  return config;
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

/**
 * Points every connector at the sandbox started by the local runtime (`@pacer/sandbox`), whose
 * routes mirror each platform's hosts under a per-platform prefix. Only base URLs and credentials
 * change; API versions stay pinned.
 */
export function sandboxConnectorConfig(sandboxBaseUrl: string, http?: HttpSettings): ConnectorConfig {
  const base = sandboxBaseUrl.replace(/\/+$/, "");
  const g = `${base}/googleads`;
  const m = `${base}/facebookads`;
  const id = `${base}/google-identity`;
  const ms = `${base}/bingads`;
  const li = `${base}/linkedinads`;
  const tt = `${base}/tiktokads`;
  const pin = `${base}/pinterestads`;
  const x = `${base}/twitterads`;
  const rd = `${base}/redditads`;
  const amz = `${base}/amazonads`;
  const dv = `${base}/googledv360`;
  return {
    ...(http ? { http } : {}),
    googleads: {
      ...sandboxClient("googleads"),
      developerToken: "sandbox-developer-token",
      authorizeUrl: `${g}/o/oauth2/v2/auth`,
      tokenUrl: `${g}/token`,
      revokeUrl: `${g}/revoke`,
      apiBaseUrl: `${g}/api`,
      apiVersion: GOOGLE_ADS_API_VERSION,
    },
    facebookads: {
      appId: sandboxClient("facebookads").clientId,
      appSecret: sandboxClient("facebookads").clientSecret,
      dialogBaseUrl: `${m}/www`,
      graphBaseUrl: `${m}/graph`,
      apiVersion: META_GRAPH_API_VERSION,
      conversionActionTypes: [...DEFAULT_META_CONVERSION_ACTION_TYPES],
    },
    bingads: {
      ...sandboxClient("bingads"),
      developerToken: SANDBOX_MICROSOFT_ADS_DEVELOPER_TOKEN,
      authorizeUrl: `${ms}/login/common/oauth2/v2.0/authorize`,
      tokenUrl: `${ms}/login/common/oauth2/v2.0/token`,
      customerManagementUrl: `${ms}/clientcenter/CustomerManagement`,
      campaignManagementUrl: `${ms}/campaign/CampaignManagement`,
      reportingUrl: `${ms}/reporting/Reporting`,
      apiVersion: MICROSOFT_ADS_API_VERSION,
    },
    linkedinads: {
      ...sandboxClient("linkedinads"),
      authorizeUrl: `${li}/www/oauth/v2/authorization`,
      tokenUrl: `${li}/www/oauth/v2/accessToken`,
      revokeUrl: `${li}/www/oauth/v2/revoke`,
      apiBaseUrl: `${li}/api`,
      apiVersion: LINKEDIN_ADS_API_VERSION,
    },
    tiktokads: {
      appId: sandboxClient("tiktokads").clientId,
      appSecret: sandboxClient("tiktokads").clientSecret,
      authorizeUrl: `${tt}/portal/auth`,
      apiBaseUrl: `${tt}/open_api`,
      apiVersion: TIKTOK_ADS_API_VERSION,
    },
    pinterestads: {
      appId: sandboxClient("pinterestads").clientId,
      appSecret: sandboxClient("pinterestads").clientSecret,
      authorizeUrl: `${pin}/www/oauth/`,
      apiBaseUrl: `${pin}/api`,
      apiVersion: PINTEREST_ADS_API_VERSION,
    },
    twitterads: {
      consumerKey: sandboxClient("twitterads").clientId,
      consumerSecret: sandboxClient("twitterads").clientSecret,
      oauthBaseUrl: `${x}/api`,
      adsApiBaseUrl: `${x}/ads-api`,
      apiVersion: X_ADS_API_VERSION,
    },
    redditads: {
      ...sandboxClient("redditads"),
      authorizeUrl: `${rd}/www/api/v1/authorize`,
      tokenUrl: `${rd}/www/api/v1/access_token`,
      revokeUrl: `${rd}/www/api/v1/revoke_token`,
      apiBaseUrl: `${rd}/ads-api/api`,
      apiVersion: REDDIT_ADS_API_VERSION,
      userAgent: REDDIT_ADS_DEFAULT_USER_AGENT,
    },
    amazonads: {
      ...sandboxClient("amazonads"),
      authorizeUrl: `${amz}/www/ap/oa`,
      tokenUrl: `${amz}/api/auth/o2/token`,
      profileUrl: `${amz}/api/user/profile`,
      regions: [
        { code: "NA", apiBaseUrl: `${amz}/advertising-api` },
        { code: "EU", apiBaseUrl: `${amz}/advertising-api-eu` },
        { code: "FE", apiBaseUrl: `${amz}/advertising-api-fe` },
      ],
      reportingVersion: AMAZON_ADS_REPORTING_VERSION,
    },
    googledv360: {
      ...sandboxClient("googledv360"),
      authorizeUrl: `${dv}/o/oauth2/v2/auth`,
      tokenUrl: `${dv}/token`,
      revokeUrl: `${dv}/revoke`,
      displayVideoBaseUrl: `${dv}/displayvideo`,
      displayVideoVersion: DV360_API_VERSION,
      bidManagerBaseUrl: `${dv}/doubleclickbidmanager`,
      bidManagerVersion: BID_MANAGER_API_VERSION,
    },
    cake: { sandbox: { domain: CAKE_SANDBOX_DOMAIN, baseUrl: `${base}/cake` } },
    googleIdentity: {
      ...sandboxClient("google-identity"),
      issuer: id,
      authorizeUrl: `${id}/o/oauth2/v2/auth`,
      tokenUrl: `${id}/token`,
      jwksUri: `${id}/oauth2/v3/certs`,
    },
  };
}
