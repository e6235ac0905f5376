import { z } from "zod";
import type { AttemptEvent, FetchLike } from "./http/http-client.ts";
import type { RetryPolicy } from "./http/retry-policy.ts";

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
  /** Cake: lets tests reach a local https server; never set in a deployment. */
  cake?: { allowPrivateHostsForTests?: boolean };
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
    googleIdentity: {
      ...sandboxClient("google-identity"),
      issuer: id,
      authorizeUrl: `${id}/o/oauth2/v2/auth`,
      tokenUrl: `${id}/token`,
      jwksUri: `${id}/oauth2/v3/certs`,
    },
  };
}
