import type { ReportingLag } from "../reporting-lag.ts";

/**
 * Reddit reporting lag (data freshness): 3 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/reddit_ads.md ("Daily account-level spend"): the
 * reports call accepts DATE or HOUR breakdowns, so the day is reported as it runs. It states no
 * delay: 3 hours is our estimate.
 */
export const REPORTING_LAG: ReportingLag = { hours: 3 };
