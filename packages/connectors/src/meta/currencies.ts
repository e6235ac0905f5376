import { decimalToMicros } from "../money.ts";

/**
 * Currencies whose Meta "offset" is 1: Meta writes their budgets in whole units (`daily_budget`
 * "5000" is ¥5000). Every other currency has offset 100: budgets in hundredths (`"5000"` is
 * £50.00). Meta's table, not ISO 4217's: HUF and TWD have two ISO decimals but offset 1 here.
 * https://developers.facebook.com/docs/marketing-api/currencies
 */
export const META_OFFSET_ONE_CURRENCIES: ReadonlySet<string> = new Set([
  "CLP",
  "COP",
  "CRC",
  "HUF",
  "ISK",
  "IDR",
  "JPY",
  "KRW",
  "PYG",
  "TWD",
  "VND",
]);

/** Meta's offset of a currency (ISO 4217 code): 1 or 100. */
export function metaCurrencyOffset(currency: string): 1 | 100 {
  return META_OFFSET_ONE_CURRENCIES.has(currency.trim().toUpperCase()) ? 1 : 100;
}

/**
 * A Meta budget amount (`daily_budget`, `lifetime_budget`: an integer string in the account
 * currency's offset units, e.g. cents for GBP) -> integer micros of the account currency, exactly
 * (`"10076000"` GBP -> 100_760_000_000; `"5000"` JPY -> 5_000_000_000).
 * @throws RangeError when the text is not an integer string or the result is not a safe integer
 */
export function metaBudgetToMicros(amount: string, currency: string): number {
  const text = amount.trim();
  if (!/^\d+$/.test(text))
    throw new RangeError(`not a Meta budget amount: ${JSON.stringify(text).slice(0, 40)}`);
  if (metaCurrencyOffset(currency) === 1) return decimalToMicros(text);
  const digits = text.padStart(3, "0");
  return decimalToMicros(`${digits.slice(0, -2)}.${digits.slice(-2)}`);
}
