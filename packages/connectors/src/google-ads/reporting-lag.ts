import type { ReportingLag } from "../reporting-lag.ts";

/**
 * Google Ads reporting lag (data freshness): 3 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/google_ads.md ("Daily account-level spend"): the
 * synchronous `googleAds:searchStream` query returns the day being spent (`segments.date` in the
 * account time zone); the reference gives no delay. Google Ads Help "About data freshness"
 * (support.google.com/google-ads/answer/2544985): most statistics are delayed by less than 3 hours.
 */
export const REPORTING_LAG: ReportingLag = { hours: 3 };
