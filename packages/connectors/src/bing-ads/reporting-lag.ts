import type { ReportingLag } from "../reporting-lag.ts";

/**
 * Microsoft Advertising reporting lag (data freshness): 3 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/microsoft_ads.md ("Daily account-level spend (3
 * steps)"): an asynchronous report (Submit, Poll, download) asked with
 * `ReturnOnlyCompleteData: false`, so a day not yet complete in the account's time zone is
 * reported with partial data. The reference states no delay: 3 hours is our estimate.
 */
export const REPORTING_LAG: ReportingLag = { hours: 3 };
