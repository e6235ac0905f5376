import type { ReportingLag } from "../reporting-lag.ts";

/**
 * CAKE reporting lag (data freshness): 0 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * Reference: shared/reference/ad-platform-apis/cake.md ("Daily spend/revenue"): CAKE is the
 * tracking platform itself; `DailySummaryExport` sums the clicks and conversions it recorded, so
 * there is no platform delay (0 hours).
 */
export const REPORTING_LAG: ReportingLag = { hours: 0 };
