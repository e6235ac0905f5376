import type { ReportingLag } from "../reporting-lag.ts";

/**
 * Pinterest reporting lag (data freshness): 3 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/pinterest_ads.md ("Limits", "Daily account-level
 * spend"): synchronous `ad_accounts/{id}/analytics`, with HOUR granularity up to 8 days back, so
 * the day is reported as it runs. It states no delay: 3 hours is our estimate.
 */
export const REPORTING_LAG: ReportingLag = { hours: 3 };
