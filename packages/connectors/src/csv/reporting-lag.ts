import type { ReportingLag } from "../reporting-lag.ts";

/**
 * Manual / CSV reporting lag (data freshness): 0 hours.
 * A platform fact of this connector, kept on its own so it moves with the platform's descriptor.
 *
 * The rows are the ones imported by hand: nothing is fetched from a platform, so there is no
 * platform delay (0 hours); the figures are as fresh as the last import.
 */
export const REPORTING_LAG: ReportingLag = { hours: 0 };
