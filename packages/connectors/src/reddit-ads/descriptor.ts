import type { ConnectorDescriptor } from "../descriptor.ts";

/** Reddit Ads API version (`https://ads-api.reddit.com/api/{version}`; v2 was sunset on 2025-09-30). */
export const REDDIT_ADS_API_VERSION = "v3";

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

/** Reddit (v3 reports; beta): OAuth 2.0, permanent refresh tokens. */
export const redditAdsDescriptor: ConnectorDescriptor = {
  slug: "redditads",
  capabilities: {
    pkce: false,
    refresh: "refresh_token",
    rotatesRefreshToken: false,
    revoke: true,
  },
  reports: "synchronous",
  // Campaign updates (`PATCH /campaigns/{id}`) need `adsedit`; consent asks `adsread`.
  writeScopes: ["adsedit"],
  config: {
    endpoints: redditAdsEndpoints,
    credentials: { clientId: "REDDIT_ADS_CLIENT_ID", clientSecret: "REDDIT_ADS_CLIENT_SECRET" },
    optional: { userAgent: "REDDIT_ADS_USER_AGENT" },
  },
};
