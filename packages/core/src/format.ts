import { TZDate } from "@date-fns/tz";
import { isIsoDate } from "./calendar.ts";
import type { CellValue } from "./cells.ts";
import type { ColumnFormat, MetricColumnId } from "./columns.ts";
import { columnDef } from "./columns.ts";
import type { IsoDate, Micros } from "./types.ts";
import { MICROS_PER_UNIT, toMicros } from "./types.ts";

/**
 * Display formats. Spec: trackers.md section 9 (number formats, date format dd/MM/yyyy, months like
 * 'Jan 24'), section 5 (budget inputs), pods-budgets-alerts-users-connections.md section 9.
 * Locale defaults to "en-GB"; every function takes another BCP 47 locale.
 */

/** Text of an N/A cell. */
export const NA_TEXT = "N/A";

/**
 * Text of a budget that was never recorded (a `{ kind: "none" }` cell, e.g. a month before the
 * tracker existed).
 */
export const NO_BUDGET_TEXT = "-";

/** The default currency (trackers.md section 9: "Default currency GBP"). */
export const DEFAULT_CURRENCY = "GBP";

const DEFAULT_LOCALE = "en-GB";
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, decimals: number, currency: string | null): Intl.NumberFormat {
  const key = `${locale}|${decimals}|${currency ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      ...(currency ? { style: "currency", currency } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: "negative",
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Money as whole currency units with the currency symbol, e.g. 1_234_567_890 micros GBP -> "£1,235".
 * `currency` null (e.g. an empty group) formats the number without a symbol.
 * @throws RangeError for a malformed currency code.
 */
export function formatMoney(micros: Micros, currency: string | null, locale = DEFAULT_LOCALE): string {
  return formatter(locale, 0, currency).format(micros / MICROS_PER_UNIT);
}

/** Money with two decimals (CPC, cost per conversion), e.g. 452_100 micros GBP -> "£0.45". */
export function formatMoney2(micros: Micros, currency: string | null, locale = DEFAULT_LOCALE): string {
  return formatter(locale, 2, currency).format(micros / MICROS_PER_UNIT);
}

/** Two amounts of money, low to high, e.g. "£2,850 – £3,150" (the forecast range). */
export function formatMoneyRange(
  low: Micros,
  high: Micros,
  currency: string | null,
  locale = DEFAULT_LOCALE,
): string {
  return `${formatMoney(low, currency, locale)} – ${formatMoney(high, currency, locale)}`;
}

/** A count as a whole number with grouping, e.g. 12345.6 -> "12,346". */
export function formatCount(value: number, locale = DEFAULT_LOCALE): string {
  return formatter(locale, 0, null).format(value);
}

/** A percent (0..100+) with two decimals and '%', e.g. 51.6129 -> "51.61%". */
export function formatPercent(percent: number, locale = DEFAULT_LOCALE): string {
  return `${formatter(locale, 2, null).format(percent)}%`;
}

/** ROAS (a ratio) with two decimals and an 'x' suffix, e.g. 3.2 -> "3.20x". */
export function formatRoas(ratio: number, locale = DEFAULT_LOCALE): string {
  return `${formatter(locale, 2, null).format(ratio)}x`;
}

/** Formats a number by a column format (text columns: the number as is). */
export function formatByKind(
  value: number,
  format: ColumnFormat,
  currency: string | null,
  locale = DEFAULT_LOCALE,
): string {
  switch (format) {
    case "money":
      return formatMoney(value, currency, locale);
    case "money2":
      return formatMoney2(value, currency, locale);
    case "count":
      return formatCount(value, locale);
    case "percent":
      return formatPercent(value, locale);
    case "roas":
      return formatRoas(value, locale);
    case "moneyRange":
      return formatMoney(value, currency, locale);
    case "text":
      return String(value);
  }
}

/**
 * The text of a cell: "N/A" for an N/A cell, "-" for a budget never recorded, else the value in its
 * column's format, money in `currency` (the row's currency; null for a multi-currency group, whose
 * money cells are N/A anyway). A range cell reads "low – high" ("£2,850 – £3,150").
 * @throws RangeError for an unknown column.
 */
export function formatCell(
  cell: CellValue,
  columnId: MetricColumnId,
  currency: string | null,
  locale = DEFAULT_LOCALE,
): string {
  if (cell.kind === "na") return NA_TEXT;
  if (cell.kind === "none") return NO_BUDGET_TEXT;
  if (cell.range) return formatMoneyRange(cell.range.low, cell.range.high, currency, locale);
  return formatByKind(cell.value, columnDef(columnId).format, currency, locale);
}

/**
 * A budget amount as the budget inputs show it (trackers.md section 5: "Amounts show two decimals if
 * fractional, otherwise none"), with grouping and, when given, the currency symbol:
 * 1_500_000_000 -> "1,500"; 1_500_500_000 -> "1,500.50".
 */
export function formatBudgetAmount(
  micros: Micros,
  currency: string | null = null,
  locale = DEFAULT_LOCALE,
): string {
  const decimals = micros % MICROS_PER_UNIT === 0 ? 0 : 2;
  return formatter(locale, decimals, currency).format(micros / MICROS_PER_UNIT);
}

const AMOUNT = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * Parses a typed amount in currency units into micros, exactly (decimal digits, no float
 * multiplication), rounding a 7th decimal half up (trackers.md section 5: "Budget inputs are numeric;
 * empty or non-numeric becomes 0"). Spaces and thousands commas are ignored:
 * "1,500.5" -> 1_500_500_000; "" -> 0; "abc" -> 0; amounts beyond 2^53 micros -> 0. Negative
 * amounts parse (an over/under spend can be negative); budget fields apply their minimum of 0
 * through the schemas in validation.ts. A number is taken as currency units.
 */
export function parseAmountInput(text: string | number | null | undefined): Micros {
  if (typeof text === "number") return toMicros(text);
  const m = AMOUNT.exec((text ?? "").replace(/[\s,]/g, ""));
  const whole = m?.[2] ?? "";
  const fraction = m?.[3] ?? "";
  if (!m || (whole === "" && fraction === "")) return 0;
  const digits = fraction.padEnd(7, "0");
  const micros =
    Number(whole || "0") * MICROS_PER_UNIT + Number(digits.slice(0, 6)) + (Number(digits[6]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(micros) || micros === 0) return 0;
  return m[1] ? -micros : micros;
}

/**
 * Whether a typed amount is a number the budget fields accept (trackers.md section 5): empty (0), or
 * digits with an optional sign, decimals, spaces and thousands commas; 'abc' or '12a' are not.
 */
export function isAmountInput(text: string): boolean {
  const clean = text.replace(/[\s,]/g, "");
  const m = AMOUNT.exec(clean);
  return m !== null && (clean === "" || `${m[2] ?? ""}${m[3] ?? ""}` !== "");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A month like 'Jan 24' (trackers.md section 9), from any `yyyy-MM-dd` date in it.
 * @throws RangeError for a bad date.
 */
export function formatMonth(date: IsoDate): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a yyyy-MM-dd date: ${JSON.stringify(date)}`);
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(2, 4)}`;
}

/** `yyyy-MM-dd` -> `dd/MM/yyyy` (trackers.md section 9). @throws RangeError for a bad date. */
export function formatDisplayDate(date: IsoDate): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a yyyy-MM-dd date: ${JSON.stringify(date)}`);
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/**
 * An instant as the product shows dates, with the time of day: `dd/MM/yyyy HH:mm:ss` (24-hour) in
 * time zone `timeZone` (IANA name), e.g. 2026-07-01T23:30Z in "Europe/London" is
 * "02/07/2026 00:30:00". DST-safe (`TZDate`).
 * @throws RangeError for an invalid instant or an unknown time zone.
 */
export function formatDisplayDateTime(instant: Date | number, timeZone: string): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  const local = new TZDate(ms, timeZone);
  if (!Number.isFinite(ms) || Number.isNaN(local.getTime()))
    throw new RangeError(`Not a valid instant in ${JSON.stringify(timeZone)}`);
  const two = (n: number) => String(n).padStart(2, "0");
  const date = `${two(local.getDate())}/${two(local.getMonth() + 1)}/${local.getFullYear()}`;
  return `${date} ${two(local.getHours())}:${two(local.getMinutes())}:${two(local.getSeconds())}`;
}

/** `dd/MM/yyyy` -> `yyyy-MM-dd`, or null when the text is not a real date in that format. */
export function parseDisplayDate(text: string): IsoDate | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * A count with its noun, singular or plural (trackers.md section 2: 'N trackers', 'N channels'):
 * countLabel(1, "tracker") -> "1 tracker"; countLabel(3, "channel") -> "3 channels".
 */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
