/**
 * Calendar dates as `yyyy-MM-dd` strings in an ad account's time zone. Arithmetic goes through UTC
 * day numbers so no local time zone or daylight saving change can shift a date.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True when `value` is a real calendar date written `yyyy-MM-dd`. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Days since 1970-01-01 for a `yyyy-MM-dd` date. @throws RangeError on a malformed date */
export function toEpochDay(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`not a yyyy-MM-dd date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The `yyyy-MM-dd` date of a day number since 1970-01-01. */
export function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `date` plus `days` (may be negative). */
export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function eachDate(from: string, to: string): string[] {
  const start = toEpochDay(from);
  const end = toEpochDay(to);
  const out: string[] = [];
  for (let d = start; d <= end; d++) out.push(fromEpochDay(d));
  return out;
}

/** Today's date (`yyyy-MM-dd`) in an IANA time zone, at instant `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** One window of a split range, both dates included (`yyyy-MM-dd`). */
export interface DateWindow {
  from: string;
  to: string;
}

/**
 * Splits `from..to` (inclusive) into consecutive windows of at most `maxDays` days, in order.
 * `splitRange("2026-03-01", "2026-03-10", 7)` gives 03-01..03-07 and 03-08..03-10.
 * @throws RangeError when `maxDays` is below 1
 */
export function splitRange(from: string, to: string, maxDays: number): DateWindow[] {
  if (!Number.isInteger(maxDays) || maxDays < 1) throw new RangeError("maxDays must be a positive integer");
  const out: DateWindow[] = [];
  const last = toEpochDay(to);
  for (let start = from; toEpochDay(start) <= last; start = addDays(start, maxDays)) {
    const end = addDays(start, maxDays - 1);
    out.push({ from: start, to: toEpochDay(end) > last ? to : end });
  }
  return out;
}
