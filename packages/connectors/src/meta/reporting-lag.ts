import type { ReportingLag } from "../reporting-lag.ts";

/**
 * Meta reporting lag (data freshness): 3 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/meta_ads.md ("Daily account-level spend"): the
 * synchronous `/act_{id}/insights` call with `time_increment=1` returns today's spend so far, and
 * conversions are attributed up to 7 days after the click (`action_attribution_windows`, covered by
 * the refresh's 7-day restatement window). The reference states no delay: 3 hours is our estimate,
 * the same as Google Ads', for a synchronous reporting call.
 */
export const REPORTING_LAG: ReportingLag = { hours: 3 };
