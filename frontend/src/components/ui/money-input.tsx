import type { InputHTMLAttributes, ReactNode } from "react";
import { TextField } from "./field";

const symbols = new Map<string, string>();

/** The narrow symbol of a currency code, e.g. GBP -> '£' (the code itself when it has none). */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      symbol =
        new Intl.NumberFormat("en-GB", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
          .formatToParts(0)
          .find((p) => p.type === "currency")?.value ?? currency;
    } catch {
      symbol = currency;
    }
    symbols.set(currency, symbol);
  }
  return symbol;
}

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  label: ReactNode;
  currency: string;
  /** The typed text (parse it with the engine's parseAmountInput). */
  value: string;
  onChange: (text: string) => void;
  error?: string | null;
  hint?: ReactNode;
  hideLabel?: boolean;
  end?: ReactNode;
}

/** An amount field with the currency symbol in front; the text is kept as typed. */
export function MoneyInput({
  label,
  currency,
  value,
  onChange,
  error,
  hint,
  hideLabel,
  end,
  ...rest
}: MoneyInputProps) {
  return (
    <TextField
      label={label}
      hideLabel={hideLabel}
      error={error}
      hint={hint}
      inputMode="decimal"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      end={
        <>
          <span className="money-symbol" aria-hidden="true">
            {currencySymbol(currency)}
          </span>
          {end}
        </>
      }
      fieldClassName="money-field"
      {...rest}
    />
  );
}
