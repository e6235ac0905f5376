/**
 * `@pacer/connectors`: one interface over every ad platform, the shared HTTP layer with retries
 * and typed errors, the SSRF guard for user-given hosts, and the "Manual / CSV" source.
 * See README.md.
 */
export {
  type BingAdsConnector,
  createBingAdsConnector,
  type MicrosoftAdsUser,
} from "./bing-ads/bing-ads-connector.ts";
export * from "./config.ts";
export * from "./connector-kit.ts";
export { createCsvConnector } from "./csv/csv-connector.ts";
export * from "./csv/parse-daily-csv.ts";
export * from "./dates.ts";
export * from "./errors.ts";
export { createGoogleAdsConnector } from "./google-ads/google-ads-connector.ts";
export * from "./http/classify.ts";
export * from "./http/http-client.ts";
export * from "./http/retry-policy.ts";
export { createLinkedInAdsConnector } from "./linkedin-ads/linkedin-ads-connector.ts";
export { createMetaConnector } from "./meta/meta-connector.ts";
export * from "./money.ts";
export * from "./oauth/oauth2-client.ts";
export * from "./oauth/pkce.ts";
export * from "./oauth/return-rules.ts";
export * from "./oauth/token-response.ts";
export { createPendingConnector } from "./pending-connector.ts";
export { createPinterestAdsConnector } from "./pinterest-ads/pinterest-ads-connector.ts";
export * from "./registry.ts";
export * from "./security/ssrf-guard.ts";
export { createTikTokAdsConnector } from "./tiktok-ads/tiktok-ads-connector.ts";
export * from "./tokens.ts";
export * from "./types.ts";
