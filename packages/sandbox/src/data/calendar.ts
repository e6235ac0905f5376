/** Calendar helpers on `yyyy-MM-dd` strings (UTC day numbers, so no time zone can shift a date). */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01. */
export function epochDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The date of a day number. */
export function dateOfEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `date` plus `days`. */
export function plusDays(date: string, days: number): string {
  return dateOfEpochDay(epochDay(date) + days);
}

/** Formatters already built, by use and IANA time zone. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per use (`name`, always with the same `options`) and IANA time zone: building one
 * costs far more than formatting with it. @throws RangeError for an unknown time zone.
 */
export function zoneFormat(
  name: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${name}|${timeZone}`;
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { ...options, timeZone });
    zoneFormats.set(key, format);
  }
  return format;
}

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/** Today in an IANA time zone at instant `now`. @throws RangeError for an unknown time zone. */
export function todayInZone(timeZone: string, now: Date): string {
  return zoneFormat("day", timeZone, DAY).format(now);
}

/** The first day of the month `monthsBack` months before the month of `date`. */
export function monthStartBefore(date: string, monthsBack: number): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) - monthsBack;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${String(month).padStart(2, "0")}-01`;
}

/** True when `value` is a real `yyyy-MM-dd` date. */
export function isDate(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value
  );
}
