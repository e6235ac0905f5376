import { useFormState, useWatch } from "react-hook-form";
import { TextField, Toggle } from "../../../components/ui/field";
import { EDIT, type SharedBudgetFormControl } from "./budget-form";
import { MonthlyBudgetField } from "./monthly-budget-field";

/**
 * The Preferences of the shared budget form (spec pods-budgets-alerts-users-connections.md 2.7 step
 * 1 and 2.8): Budget Name ('Must provide a Budget Name' while empty), Monthly Budget (minimum 0) and
 * Weekdays Only.
 */
export function PreferencesFields({ form, currency }: { form: SharedBudgetFormControl; currency: string }) {
  const { errors } = useFormState({ control: form.control, name: "name" });
  const weekdaysOnly = useWatch({ control: form.control, name: "weekdaysOnly" });
  return (
    <>
      <TextField
        label="Budget Name"
        {...form.register("name")}
        error={errors.name?.message}
        autoComplete="off"
      />
      <MonthlyBudgetField form={form} currency={currency} />
      <Toggle
        checked={weekdaysOnly ?? false}
        onChange={(on) => form.setValue("weekdaysOnly", on, EDIT)}
        label="Weekdays Only"
      />
    </>
  );
}
