import { REPORTING_LAG as amazonads } from "./amazon-ads/reporting-lag.ts";
import { REPORTING_LAG as bingads } from "./bing-ads/reporting-lag.ts";
import { REPORTING_LAG as cake } from "./cake/reporting-lag.ts";
import { REPORTING_LAG as csv } from "./csv/reporting-lag.ts";
import { REPORTING_LAG as googledv360 } from "./dv360/reporting-lag.ts";
import { REPORTING_LAG as googleads } from "./google-ads/reporting-lag.ts";
import { REPORTING_LAG as linkedinads } from "./linkedin-ads/reporting-lag.ts";
import { REPORTING_LAG as facebookads } from "./meta/reporting-lag.ts";
import { REPORTING_LAG as pinterestads } from "./pinterest-ads/reporting-lag.ts";
import { REPORTING_LAG as redditads } from "./reddit-ads/reporting-lag.ts";
import { REPORTING_LAG as tiktokads } from "./tiktok-ads/reporting-lag.ts";
import { REPORTING_LAG as twitterads } from "./twitter-ads/reporting-lag.ts";
import { type IntegrationSlug, isIntegrationSlug } from "./types.ts";

/**
 * A platform's reporting lag (data freshness): how many hours after the fact the spend it reports
 * for a day may still be incomplete or an estimate, so figures fetched within that window may still
 * rise. Each connector folder states its own in `reporting-lag.ts`, citing its reference.
 */
export interface ReportingLag {
  /** Hours; 0 when the source reports as things happen (or is imported by hand). */
  hours: number;
}

/** The reporting lag of every live platform; a platform not built yet (Snapchat) has none. */
const REPORTING_LAGS: Readonly<Partial<Record<IntegrationSlug, ReportingLag>>> = {
  amazonads,
  bingads,
  cake,
  csv,
  facebookads,
  googleads,
  googledv360,
  linkedinads,
  pinterestads,
  redditads,
  tiktokads,
  twitterads,
};

/** The reporting lag in hours of the platform of `slug`, or null when unknown (see {@link ReportingLag}). */
export function reportingLagHours(slug: string): number | null {
  return isIntegrationSlug(slug) ? (REPORTING_LAGS[slug]?.hours ?? null) : null;
}
