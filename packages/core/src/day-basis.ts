/**
 * Which calendar a tracker's days follow (its "day basis"), a fact of its platform's connector
 * (`packages/connectors/README.md`, "Which zone a platform's day is in"):
 * - `account`: the platform reports the ad account's own days; the tracker's `timeZone` is the
 *   account's zone and its 'today' starts at the account's midnight;
 * - `utc`: the platform reports UTC days only (LinkedIn: no hourly analytics; Pinterest: hourly data
 *   reaches back 8 days, enough to re-cut a week but not a month, so its days stay UTC for a
 *   consistent month); the tracker's `timeZone` is `UTC` and its 'today' starts at UTC midnight.
 */
export type DayBasis = "account" | "utc";

/** Every day basis, for schemas. */
export const DAY_BASES = ["account", "utc"] as const satisfies readonly DayBasis[];

/** The short marker beside a tracker on UTC days (its tooltip is {@link utcDayNote}). */
export const UTC_DAY_MARKER = "UTC days";

/**
 * The note a tracker on UTC days shows where its figures are read (the dashboard row's marker, the
 * Manage Tracker modal and its Warnings dialog). Information beyond the spec: it changes no state
 * or spec text. `platformName` is the catalogue's name, e.g. 'LinkedIn Ads'.
 */
export function utcDayNote(platformName: string): string {
  return `${platformName} reports days in UTC: today's figures follow UTC midnight, not the ad account's time zone.`;
}
