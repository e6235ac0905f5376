import type { ReportingLag } from "../reporting-lag.ts";

/**
 * X reporting lag (data freshness): 72 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/x_twitter_ads.md (Sources: docs.x.com/x-ads-api/
 * analytics): `billed_charge_local_micro` is an estimate for up to 3 days, so a day's spend may
 * still change for 72 hours.
 */
export const REPORTING_LAG: ReportingLag = { hours: 72 };
