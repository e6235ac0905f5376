import { formatBudgetAmount, isAmountInput, parseAmountInput } from "@pacer/core/format";
import { AMOUNT_INPUT_TEXT } from "@pacer/core/validation";
import { useState } from "react";
import { useController } from "react-hook-form";
import { MoneyInput } from "../../../components/ui/money-input";
import type { SharedBudgetFormControl } from "./budget-form";

/**
 * What the form holds while the field's text is not an amount: a negative budget, which typing cannot
 * give (the minus sign is not taken) and the shared budget schema refuses (minimum 0).
 */
export const NOT_AN_AMOUNT = -1;

/**
 * The Monthly Budget field (spec pods-budgets-alerts-users-connections.md 5: numeric, minimum 0):
 * the amount as typed while the field has focus, formatted once it is left ('1,500', two decimals
 * only when fractional), kept in micros by the form. A budget cannot be negative, so a minus sign is
 * not taken: the field never shows '-50'. Text that is not an amount ('abc') is kept as typed, the
 * form holds {@link NOT_AN_AMOUNT} (which the schema refuses, so the form cannot be sent) and the
 * field says {@link AMOUNT_INPUT_TEXT}. A change validates the allocations again (in money mode they may not add
 * up to more than the budget).
 */
export function MonthlyBudgetField({ form, currency }: { form: SharedBudgetFormControl; currency: string }) {
  const { field, fieldState } = useController({ control: form.control, name: "budget" });
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (field.value ? formatBudgetAmount(field.value) : "");
  const notAnAmount = typed !== null && !isAmountInput(typed);
  return (
    <MoneyInput
      label="Monthly Budget"
      currency={currency}
      name={field.name}
      value={shown}
      placeholder="0"
      error={notAnAmount ? AMOUNT_INPUT_TEXT : fieldState.error?.message}
      onChange={(text) => {
        const amount = text.replace(/-/g, "");
        setTyped(amount);
        field.onChange(isAmountInput(amount) ? parseAmountInput(amount) : NOT_AN_AMOUNT);
        void form.trigger("trackers");
      }}
      onBlur={() => {
        if (!notAnAmount) setTyped(null);
        field.onBlur();
      }}
    />
  );
}
