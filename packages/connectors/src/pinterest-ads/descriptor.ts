import type { ConnectorDescriptor } from "../descriptor.ts";

/** Pinterest API version (path segment of every call). */
export const PINTEREST_ADS_API_VERSION = "v5";

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

/** Real Pinterest endpoints, credentials left to the caller. */
export function pinterestAdsEndpoints(): Omit<PinterestAdsConfig, "appId" | "appSecret"> {
  return {
    authorizeUrl: "https://www.pinterest.com/oauth/",
    apiBaseUrl: "https://api.pinterest.com",
    apiVersion: PINTEREST_ADS_API_VERSION,
  };
}

/** Pinterest (v5 analytics, async reports for older days): OAuth 2.0, rotated refresh tokens. */
export const pinterestAdsDescriptor: ConnectorDescriptor = {
  slug: "pinterestads",
  capabilities: {
    pkce: false,
    refresh: "refresh_token",
    rotatesRefreshToken: true,
    revoke: false,
  },
  reports: "synchronous",
  // Analytics days are UTC; hourly data reaches back 8 days only, so the month stays on UTC days (README).
  dayBasis: "utc",
  // Campaign updates (`PATCH /ad_accounts/{id}/campaigns`) need `ads:write`; consent asks `ads:read`.
  writeScopes: ["ads:write"],
  config: {
    endpoints: pinterestAdsEndpoints,
    credentials: { appId: "PINTEREST_ADS_APP_ID", appSecret: "PINTEREST_ADS_APP_SECRET" },
  },
};
