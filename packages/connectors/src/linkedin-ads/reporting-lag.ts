import type { ReportingLag } from "../reporting-lag.ts";

/**
 * LinkedIn reporting lag (data freshness): 12 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/linkedin_ads.md ("Daily account-level spend"):
 * `adAnalytics` with `timeGranularity=DAILY`, synchronous; the reference states no delay and no
 * hourly granularity, so the day is reported as a whole: 12 hours is our estimate.
 */
export const REPORTING_LAG: ReportingLag = { hours: 12 };
