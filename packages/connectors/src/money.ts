/**
 * Exact money arithmetic: amounts travel as integer micros (1 currency unit = 1,000,000 micros).
 * Platforms send decimals as strings ("5339.5") or numbers (14.5); we never multiply floats.
 */

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/**
 * Converts a decimal amount in currency units to integer micros, exactly.
 * Accepts `"12"`, `"12.5"`, `"-0.000001"`, `"1e3"`-free decimal strings, or a finite number
 * (converted through its shortest decimal representation, so `14.35` is 14_350_000).
 * More than 6 decimals are rounded half away from zero.
 * @throws RangeError when the text is not a plain decimal or the result is not a safe integer.
 */
export function decimalToMicros(amount: string | number): number {
  const text = typeof amount === "number" ? numberToPlainDecimal(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(text).slice(0, 40)}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const padded = `${fraction}0000000`.slice(0, 7);
  let micros = BigInt(whole) * 1_000_000n + BigInt(padded.slice(0, 6));
  if (Number(padded[6]) >= 5) micros += 1n;
  if (sign === "-") micros = -micros;
  const result = Number(micros);
  if (!Number.isSafeInteger(result)) throw new RangeError("amount out of range");
  return result === 0 ? 0 : result;
}

/** Formats micros as a plain decimal string in currency units, e.g. 14_350_000 -> "14.35". */
export function microsToDecimal(micros: number): string {
  if (!Number.isSafeInteger(micros)) throw new RangeError("micros must be a safe integer");
  const negative = micros < 0;
  const abs = BigInt(Math.abs(micros));
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

function numberToPlainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError("amount must be finite");
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent notation (very small or very large): fall back to fixed with 7 decimals, then round.
  return value.toFixed(7);
}

/** Parses an integer count sent as a string or number ("82000", 82000). @throws RangeError */
export function parseCount(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === "") return 0;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) throw new RangeError("count is not a number");
  return n;
}
