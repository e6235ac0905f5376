/**
 * `@pacer/connectors`: one interface over every ad platform, the shared HTTP layer with retries
 * and typed errors, the SSRF guard for user-given hosts, and the "Manual / CSV" source.
 * See README.md.
 */
export {
  AMAZON_REPORTS,
  type AmazonReportSpec,
  createAmazonAdsConnector,
} from "./amazon-ads/amazon-ads-connector.ts";
export * from "./amazon-ads/descriptor.ts";
export {
  type BingAdsConnector,
  createBingAdsConnector,
  type MicrosoftAdsUser,
} from "./bing-ads/bing-ads-connector.ts";
export * from "./bing-ads/descriptor.ts";
export * from "./budget-platforms.ts";
export { CAKE_FILTERS, createCakeConnector } from "./cake/cake-connector.ts";
export * from "./cake/descriptor.ts";
export * from "./config.ts";
export * from "./connector-kit.ts";
export { createCsvConnector } from "./csv/csv-connector.ts";
export * from "./csv/descriptor.ts";
export * from "./csv/parse-daily-csv.ts";
export * from "./descriptor.ts";
export * from "./dv360/descriptor.ts";
export { createDv360Connector, DV360_SCOPES } from "./dv360/dv360-connector.ts";
export * from "./errors.ts";
export * from "./google-ads/descriptor.ts";
export { createGoogleAdsConnector } from "./google-ads/google-ads-connector.ts";
export * from "./google-identity.ts";
export * from "./http/classify.ts";
export * from "./http/http-client.ts";
export * from "./http/retry-policy.ts";
export * from "./linkedin-ads/descriptor.ts";
export { createLinkedInAdsConnector } from "./linkedin-ads/linkedin-ads-connector.ts";
export * from "./meta/descriptor.ts";
export { createMetaConnector } from "./meta/meta-connector.ts";
export * from "./money.ts";
export * from "./oauth/oauth2-client.ts";
export * from "./oauth/pkce.ts";
export * from "./oauth/return-rules.ts";
// Its own module: the connect flow reads it at load, without the OAuth client and the HTTP layer.
export * from "./oauth/scopes.ts";
export * from "./oauth/token-response.ts";
export { createPendingConnector } from "./pending-connector.ts";
export * from "./pinterest-ads/descriptor.ts";
export { createPinterestAdsConnector } from "./pinterest-ads/pinterest-ads-connector.ts";
export * from "./reddit-ads/descriptor.ts";
export { createRedditAdsConnector } from "./reddit-ads/reddit-ads-connector.ts";
export * from "./registry.ts";
export * from "./reporting-lag.ts";
export * from "./security/ssrf-guard.ts";
export * from "./tiktok-ads/descriptor.ts";
export { createTikTokAdsConnector } from "./tiktok-ads/tiktok-ads-connector.ts";
export * from "./tokens.ts";
export * from "./twitter-ads/descriptor.ts";
export { createTwitterAdsConnector } from "./twitter-ads/twitter-ads-connector.ts";
// `isOAuth1Connector` and the OAuth 1.0a types come from types.ts (the connector module re-exports
// them too): a function that reads them through this barrel must not reach a connector's module,
// which would put every platform's code in the chunks its bundle reads at load.
export * from "./types.ts";
