import type { ReportingLag } from "../reporting-lag.ts";

/**
 * Display & Video 360 reporting lag (data freshness): 12 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/dv360.md ("Quotas"): "Bid Manager report
 * generation is async and can take minutes–hours"; 12 hours is our estimate.
 */
export const REPORTING_LAG: ReportingLag = { hours: 12 };
