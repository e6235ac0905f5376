import { formatDisplayDateTime } from "@pacer/core/format";

/**
 * A reading's time as the dashboard shows dates (trackers.md section 9: dd/MM/yyyy), with the time of
 * day, in the account's time zone (UTC when unknown): `21/11/2026 08:00:00`. The text as given when
 * it is not a date.
 */
export function formatReadingTime(iso: string, timeZone = "UTC"): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDisplayDateTime(ms, timeZone);
}
