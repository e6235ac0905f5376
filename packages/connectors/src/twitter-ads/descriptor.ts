import type { ReportPollConfig } from "../config.ts";
import type { ConnectorDescriptor } from "../descriptor.ts";

/** X Ads API version (`https://ads-api.x.com/{version}`); X announces each sunset ahead. */
export const X_ADS_API_VERSION = "12";

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
  /** Waiting for asynchronous analytics jobs (tests shorten it); default `DEFAULT_REPORT_POLL`. */
  reportPoll?: ReportPollConfig;
}

/** Real X endpoints, consumer credentials left to the caller. */
export function twitterAdsEndpoints(): Omit<TwitterAdsConfig, "consumerKey" | "consumerSecret"> {
  return {
    oauthBaseUrl: "https://api.x.com",
    adsApiBaseUrl: "https://ads-api.x.com",
    apiVersion: X_ADS_API_VERSION,
  };
}

/**
 * X: OAuth 1.0a, so the consent starts with a server call (request token), the return page echoes
 * the request token as `oauth_token` and tokens carry a secret. Reports are asynchronous: ranges
 * over 7 days (a month's refresh) go through analytics jobs that are created, polled and downloaded.
 */
export const twitterAdsDescriptor: ConnectorDescriptor = {
  slug: "twitterads",
  capabilities: { pkce: false, refresh: "none", rotatesRefreshToken: false, revoke: true },
  reports: "asynchronous",
  // OAuth 1.0a has no scopes: the app's Ads API access and the user's role on the ad account
  // (ACCOUNT_ADMIN or AD_MANAGER may change campaigns) decide whether a write is allowed.
  writeScopes: [],
  config: {
    endpoints: twitterAdsEndpoints,
    credentials: { consumerKey: "X_ADS_CONSUMER_KEY", consumerSecret: "X_ADS_CONSUMER_SECRET" },
  },
};
