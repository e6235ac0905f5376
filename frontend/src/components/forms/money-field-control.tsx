import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { MoneyInput } from "../ui/money-input";

/**
 * An amount field of a react-hook-form form: the text as typed (the form's schema reads it, e.g.
 * core's budgetAmountInputSchema), the currency symbol in front and the field's error beside it.
 */
export function MoneyFieldControl<F extends FieldValues, O>({
  control,
  name,
  label,
  currency,
}: {
  control: Control<F, unknown, O>;
  name: Path<F>;
  label: string;
  currency: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyInput
          label={label}
          currency={currency}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          placeholder="0"
        />
      )}
    />
  );
}
