import type { ReportingLag } from "../reporting-lag.ts";

/**
 * TikTok reporting lag (data freshness): 3 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/tiktok_ads.md ("Daily account-level spend"): the
 * synchronous `report/integrated/get`; the reference's fixtures include hourly reports
 * (advertisers_reports_hourly.json), so the day is reported as it runs. It states no delay: 3 hours
 * is our estimate.
 */
export const REPORTING_LAG: ReportingLag = { hours: 3 };
