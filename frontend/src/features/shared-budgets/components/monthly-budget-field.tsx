import { formatBudgetAmount, parseAmountInput } from "@pacer/core/format";
import { useState } from "react";
import { useController } from "react-hook-form";
import { MoneyInput } from "../../../components/ui/money-input";
import type { SharedBudgetFormControl } from "./budget-form";

/**
 * The Monthly Budget field (spec pods-budgets-alerts-users-connections.md 5: numeric, minimum 0):
 * the amount as typed while the field has focus, formatted once it is left ('1,500', two decimals
 * only when fractional), kept in micros by the form. A budget cannot be negative, so a minus sign is
 * not taken: the field never shows '-50'. A change validates the allocations again (in money mode
 * they may not add up to more than the budget).
 */
export function MonthlyBudgetField({ form, currency }: { form: SharedBudgetFormControl; currency: string }) {
  const { field, fieldState } = useController({ control: form.control, name: "budget" });
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (field.value ? formatBudgetAmount(field.value) : "");
  return (
    <MoneyInput
      label="Monthly Budget"
      currency={currency}
      name={field.name}
      value={shown}
      placeholder="0"
      error={fieldState.error?.message}
      onChange={(text) => {
        const amount = text.replace(/-/g, "");
        setTyped(amount);
        field.onChange(parseAmountInput(amount));
        void form.trigger("trackers");
      }}
      onBlur={() => {
        setTyped(null);
        field.onBlur();
      }}
    />
  );
}
