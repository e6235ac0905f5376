import { TZDate } from "@date-fns/tz";
import type { IsoDate } from "./types.ts";
import { finiteOr0 } from "./types.ts";

/**
 * The budget calendar: which day it is in the ad account's time zone, and how many days of the
 * month (or of a lifetime range) are gone and left. Spec: trackers.md "Metric formulas"
 * (percentageThroughMonth, days gone, days left) and pods-budgets-alerts-users-connections.md
 * section 9 (shared-budget arithmetic).
 *
 * Only one step involves a time zone: turning the instant "now" into the local calendar date, done
 * with `@date-fns/tz` (`TZDate`), which is DST-safe. Everything after that is arithmetic on calendar
 * dates (day numbers since 1970-01-01, computed with `Date.UTC`), which has no offsets or DST at all.
 */

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Day counts of the current month for one setting of `weekdaysOnly` (when set, only Monday to
 * Friday count). Spec: trackers.md "Metric formulas".
 */
export interface MonthDayCounts {
  /** Days in the month (calendar days, or Monday-Friday days with weekdaysOnly). */
  readonly daysInMonth: number;
  /**
   * Days gone: from the first of the month to **tomorrow inclusive**, as the spec defines it,
   * clamped to the month (on the last day of a month tomorrow is next month, so daysGone = daysInMonth).
   */
  readonly daysGone: number;
  /** Days from the first of the month to today inclusive (used for daily averages). */
  readonly daysElapsed: number;
  /** Days left from today to the month end, **today included** (divisor of requiredDailySpend). */
  readonly daysLeft: number;
  /** Days after today to the month end (the "remaining days" of the end-of-month estimates). */
  readonly daysAfterToday: number;
  /** percentageThroughMonth: daysGone / daysInMonth x 100, a percent (0 if not finite). */
  readonly percentageThroughMonth: number;
}

/**
 * "Now" seen from one ad account's time zone, with the day counts the pacing formulas need.
 * Build it once per time zone and run (see {@link budgetCalendar}); it is immutable and cheap to share.
 */
export interface BudgetCalendar {
  /** IANA time-zone name the calendar was built for, e.g. "Europe/London". */
  readonly timeZone: string;
  /** Today's date in that time zone. */
  readonly today: IsoDate;
  readonly yesterday: IsoDate;
  readonly tomorrow: IsoDate;
  /** First day of the current month (`yyyy-MM-01`). */
  readonly monthStart: IsoDate;
  /** Last day of the current month. */
  readonly monthEnd: IsoDate;
  /** Day of the month of today, 1..31. */
  readonly dayOfMonth: number;
  /** Month counts with every calendar day counted. */
  readonly allDays: MonthDayCounts;
  /** Month counts with only Monday to Friday counted (weekdaysOnly). */
  readonly weekdays: MonthDayCounts;
  /**
   * First days of the six months before the current one, **oldest first**: index 5 is last month.
   * These are the months of historicData (trackers.md section 3).
   */
  readonly previousMonths: readonly IsoDate[];
}

/** Whether `value` is a real calendar date written `yyyy-MM-dd` (e.g. rejects 2023-02-29). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonthOf(y, mo);
}

/**
 * A daily row's `yyyy-MM-dd` date as the number yyyyMMdd (e.g. 20240415), read by character codes
 * for the per-row loops (no Date, no slicing); -1 when it is not of that shape (length 10, month
 * 1-12, day 1-31; the day is not checked against the month's length).
 */
export function isoDateKey(d: string): number {
  if (d.length !== 10) return -1;
  const y =
    (d.charCodeAt(0) - 48) * 1000 +
    (d.charCodeAt(1) - 48) * 100 +
    (d.charCodeAt(2) - 48) * 10 +
    (d.charCodeAt(3) - 48);
  const m = (d.charCodeAt(5) - 48) * 10 + (d.charCodeAt(6) - 48);
  const day = (d.charCodeAt(8) - 48) * 10 + (d.charCodeAt(9) - 48);
  if (!(y >= 0 && m >= 1 && m <= 12 && day >= 1 && day <= 31)) return -1;
  return y * 10000 + m * 100 + day;
}

/**
 * Days since 1970-01-01 of a `yyyy-MM-dd` date (negative before 1970).
 * @throws RangeError if `date` is not a real `yyyy-MM-dd` date.
 */
export function dayNumber(date: IsoDate): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a yyyy-MM-dd date: ${JSON.stringify(date)}`);
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

/** The `yyyy-MM-dd` date of a day number (inverse of {@link dayNumber}). */
export function fromDayNumber(day: number): IsoDate {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (negative to go back). @throws RangeError on a bad date. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}

/**
 * First day of the month `months` months after the month of `date` (negative to go back), as
 * `yyyy-MM-01`. @throws RangeError on a bad date.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  dayNumber(date);
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  return fromDayNumber(Date.UTC(y, m, 1) / MS_PER_DAY);
}

/** Number of days (28..31) in month `month` (1..12) of `year`; 29 February counts in leap years. */
export function daysInMonthOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Day of the week of a day number: 0 Sunday .. 6 Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * Days from day number `from` to day number `to`, both inclusive; 0 when `to < from`. With
 * `weekdaysOnly` only Monday to Friday count. O(1): whole weeks count 5, the rest is walked.
 */
export function countDaysBetween(from: number, to: number, weekdaysOnly: boolean): number {
  if (to < from) return 0;
  const total = to - from + 1;
  if (!weekdaysOnly) return total;
  const weeks = Math.floor(total / 7);
  let count = weeks * 5;
  for (let day = from + weeks * 7; day <= to; day++) {
    const w = weekdayOf(day);
    if (w !== 0 && w !== 6) count++;
  }
  return count;
}

/**
 * Days from `from` to `to` (`yyyy-MM-dd`, both inclusive), Monday-Friday only with `weekdaysOnly`;
 * 0 when `to` is before `from`. @throws RangeError on a bad date.
 */
export function countDays(from: IsoDate, to: IsoDate, weekdaysOnly = false): number {
  return countDaysBetween(dayNumber(from), dayNumber(to), weekdaysOnly);
}

const validZones = new Set<string>();

/**
 * The calendar date of instant `now` in time zone `timeZone` (IANA name), e.g. 2024-01-31T23:30Z in
 * "Europe/Berlin" is "2024-02-01". DST-safe (uses `TZDate`).
 * @throws RangeError if the time zone is unknown or `now` is not a valid instant.
 */
export function localDate(now: Date | number, timeZone: string): IsoDate {
  const ms = typeof now === "number" ? now : now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("now is not a valid instant");
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${JSON.stringify(timeZone)}`);
  return isoDateOf(new TZDate(ms, timeZone));
}

/**
 * The `yyyy-MM-dd` date of a date's calendar fields: a `Date`'s in the runtime's own time zone, a
 * `TZDate`'s in its zone. Builds no `Intl` object.
 */
export function isoDateOf(date: Pick<Date, "getFullYear" | "getMonth" | "getDate">): IsoDate {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(date.getFullYear()).padStart(4, "0")}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * The hour (0..23) of instant `now` in time zone `timeZone` (IANA name): the scheduled runs (alerts,
 * digests) use it to act at a fixed local hour of each account.
 * @throws RangeError if the time zone is unknown.
 */
export function localHour(now: Date | number, timeZone: string): number {
  const hour = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "numeric", hourCycle: "h23" }).format(now);
  return Number(hour);
}

function monthCounts(
  monthStart: number,
  today: number,
  monthEnd: number,
  weekdaysOnly: boolean,
): MonthDayCounts {
  const daysInMonth = countDaysBetween(monthStart, monthEnd, weekdaysOnly);
  const daysGone = countDaysBetween(monthStart, Math.min(today + 1, monthEnd), weekdaysOnly);
  const daysElapsed = countDaysBetween(monthStart, today, weekdaysOnly);
  return {
    daysInMonth,
    daysGone,
    daysElapsed,
    daysLeft: countDaysBetween(today, monthEnd, weekdaysOnly),
    daysAfterToday: countDaysBetween(today + 1, monthEnd, weekdaysOnly),
    percentageThroughMonth: finiteOr0((daysGone / daysInMonth) * 100),
  };
}

/**
 * Builds the budget calendar for instant `now` seen from `timeZone` (the ad account's IANA time zone).
 * Spec: trackers.md "Metric formulas" (days gone = first of month to tomorrow inclusive; days left
 * from today to month end; weekdaysOnly counts Monday to Friday only).
 * @throws RangeError if the time zone is unknown or `now` is invalid.
 */
export function budgetCalendar(now: Date | number, timeZone: string): BudgetCalendar {
  const today = localDate(now, timeZone);
  const todayDay = dayNumber(today);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const dayOfMonth = Number(today.slice(8, 10));
  const monthStartDay = todayDay - dayOfMonth + 1;
  const monthEndDay = monthStartDay + daysInMonthOf(y, m) - 1;
  const monthStart = fromDayNumber(monthStartDay);
  const previousMonths: IsoDate[] = [];
  for (let k = 6; k >= 1; k--) previousMonths.push(addMonths(monthStart, -k));
  return {
    timeZone,
    today,
    yesterday: fromDayNumber(todayDay - 1),
    tomorrow: fromDayNumber(todayDay + 1),
    monthStart,
    monthEnd: fromDayNumber(monthEndDay),
    dayOfMonth,
    allDays: monthCounts(monthStartDay, todayDay, monthEndDay, false),
    weekdays: monthCounts(monthStartDay, todayDay, monthEndDay, true),
    previousMonths,
  };
}

/** The month counts of `calendar` for a tracker's (or shared budget's) weekdaysOnly setting. */
export function monthDayCounts(calendar: BudgetCalendar, weekdaysOnly: boolean): MonthDayCounts {
  return weekdaysOnly ? calendar.weekdays : calendar.allDays;
}

/**
 * A lifetime budget's date range (trackers.md section 3, lifetimeBudgetDates). `endDate` null means
 * the range has no end ("the end may be cleared", trackers.md section 2, Budget Management).
 */
export interface LifetimeBudgetDates {
  startDate: IsoDate;
  endDate: IsoDate | null;
}

/** Day counts of a lifetime range on the budget calendar. Spec: trackers.md "Metric formulas". */
export interface LifetimeDayCounts {
  /**
   * Days in the range, start to end inclusive. A range with no end is taken to run to the end of
   * the current month (the form's default end date), so the pro-rata stays defined.
   */
  readonly daysInRange: number;
  /** Days of the range gone: start to tomorrow inclusive, clamped to the range (0 before it starts). */
  readonly daysGone: number;
  /** First day whose spend counts towards lifetimeSpend (the start date). */
  readonly spendFrom: IsoDate;
  /** Last day whose spend counts towards lifetimeSpend: the end date or today, whichever is earlier. */
  readonly spendTo: IsoDate;
}

/**
 * Counts the days of a lifetime range as of the calendar's today, with `weekdaysOnly` counting only
 * Monday to Friday. Spec: trackers.md "Metric formulas" (lifetime percentages: "adjusted uses a daily
 * pro-rata over the date range").
 * @throws RangeError if a date is not `yyyy-MM-dd`.
 */
export function lifetimeDayCounts(
  range: LifetimeBudgetDates,
  calendar: BudgetCalendar,
  weekdaysOnly: boolean,
): LifetimeDayCounts {
  const start = dayNumber(range.startDate);
  const end = dayNumber(range.endDate ?? calendar.monthEnd);
  const today = dayNumber(calendar.today);
  const spendTo = range.endDate === null ? today : Math.min(end, today);
  return {
    daysInRange: countDaysBetween(start, end, weekdaysOnly),
    daysGone: countDaysBetween(start, Math.min(today + 1, end), weekdaysOnly),
    spendFrom: range.startDate,
    spendTo: fromDayNumber(spendTo),
  };
}

/**
 * The default lifetime range of the Budget Management form: start of the previous month to the end
 * of the current month (trackers.md section 2, Manage Tracker modal).
 */
export function defaultLifetimeBudgetDates(calendar: BudgetCalendar): {
  startDate: IsoDate;
  endDate: IsoDate;
} {
  return { startDate: addMonths(calendar.monthStart, -1), endDate: calendar.monthEnd };
}

/** Every date from `from` to `to` (`yyyy-MM-dd`), both included; empty when `to` is before `from`. */
export function eachDate(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let day = dayNumber(from), last = dayNumber(to); day <= last; day++) out.push(fromDayNumber(day));
  return out;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  if (validZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    validZones.add(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** One window of a split date range, both dates included (`yyyy-MM-dd`). */
export interface DateWindow {
  from: IsoDate;
  to: IsoDate;
}

/**
 * Splits `from..to` (inclusive) into consecutive windows of at most `maxDays` days, in order (the
 * platforms cap the days of one report): `splitRange("2026-03-01", "2026-03-10", 7)` gives
 * 03-01..03-07 and 03-08..03-10; empty when `to` is before `from`.
 * @throws RangeError when `maxDays` is below 1 or a date is not `yyyy-MM-dd`
 */
export function splitRange(from: IsoDate, to: IsoDate, maxDays: number): DateWindow[] {
  if (!Number.isInteger(maxDays) || maxDays < 1) throw new RangeError("maxDays must be a positive integer");
  const out: DateWindow[] = [];
  const last = dayNumber(to);
  for (let start = dayNumber(from); start <= last; start += maxDays) {
    out.push({ from: fromDayNumber(start), to: fromDayNumber(Math.min(start + maxDays - 1, last)) });
  }
  return out;
}

/**
 * Midnight starting `date` in `timeZone`, written as ISO 8601 with the zone's offset
 * (`2026-03-08T00:00:00-08:00`), the instant resolved by `@date-fns/tz` (DST-safe; on a day whose
 * midnight a DST change skips, the instant of the change). What X's `granularity=DAY` stats need
 * (times aligned to the account's midnight).
 * @throws RangeError for a bad date or an unknown time zone
 */
export function midnightIso(date: IsoDate, timeZone: string): string {
  dayNumber(date);
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${JSON.stringify(timeZone)}`);
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  // The instant the day starts (TZDate moves a midnight that a DST change skips to the change);
  // the offset written is then wall-clock midnight minus that instant.
  const start = new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime();
  const offset = Math.round((Date.UTC(y, m - 1, d) - start) / 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const abs = Math.abs(offset);
  return `${date}T00:00:00${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
