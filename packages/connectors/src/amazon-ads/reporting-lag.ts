import type { ReportingLag } from "../reporting-lag.ts";

/**
 * Amazon Ads reporting lag (data freshness): 12 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/amazon_ads.md ("Daily spend (async, 3 steps)"):
 * reports are created, polled until COMPLETED and downloaded (Reporting v3, `timeUnit: DAILY`). The
 * reference states no delay: 12 hours is our estimate for an asynchronous daily report.
 */
export const REPORTING_LAG: ReportingLag = { hours: 12 };
