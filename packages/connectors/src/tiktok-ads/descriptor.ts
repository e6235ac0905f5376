import type { ConnectorDescriptor } from "../descriptor.ts";

/** TikTok API for Business version (path segment of every Marketing API call). */
export const TIKTOK_ADS_API_VERSION = "v1.3";

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

/** Real TikTok endpoints, credentials left to the caller. */
export function tikTokAdsEndpoints(): Omit<TikTokAdsConfig, "appId" | "appSecret"> {
  return {
    authorizeUrl: "https://business-api.tiktok.com/portal/auth",
    apiBaseUrl: "https://business-api.tiktok.com/open_api",
    apiVersion: TIKTOK_ADS_API_VERSION,
  };
}

/** TikTok (report/integrated/get): OAuth 2.0, long-lived tokens without refresh. */
export const tikTokAdsDescriptor: ConnectorDescriptor = {
  slug: "tiktokads",
  capabilities: { pkce: false, refresh: "none", rotatesRefreshToken: false, revoke: true },
  reports: "synchronous",
  config: {
    endpoints: tikTokAdsEndpoints,
    credentials: { appId: "TIKTOK_ADS_APP_ID", appSecret: "TIKTOK_ADS_APP_SECRET" },
  },
};
