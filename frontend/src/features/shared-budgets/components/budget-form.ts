import { zodResolver } from "@hookform/resolvers/zod";
import { sharedBudgetFormSchema } from "@pacer/core/validation";
import { useEffect } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { z } from "zod";
import type { SharedBudgetAllocation, SharedBudgetForm } from "../api/shared-budgets";

/**
 * The shared budget form of the Create wizard and the Manage modal (spec
 * pods-budgets-alerts-users-connections.md 2.7, 2.8, 4 and 5) in react-hook-form, validated by the
 * engine's `sharedBudgetFormSchema` ('Must provide a Budget Name', 'Must select at least 1 Tracker',
 * budget minimum 0, allocations adding up to no more than the budget, reported on `trackers`), with
 * the users the form also carries. Money in micros.
 */
const formSchema = sharedBudgetFormSchema.safeExtend({ users: z.array(z.string()) });

/** The form's values as edited (defaults not yet applied) and as sent (the schema's output). */
export type SharedBudgetFormValues = z.input<typeof formSchema>;
export type SharedBudgetFormControl = UseFormReturn<SharedBudgetFormValues, unknown, SharedBudgetForm>;

/**
 * The form, validated as soon as it opens (the spec shows 'Must provide a Budget Name' on an empty
 * name) and on every change; `values` is the starting form.
 */
export function useSharedBudgetForm(values: SharedBudgetForm): SharedBudgetFormControl {
  const form = useForm<SharedBudgetFormValues, unknown, SharedBudgetForm>({
    resolver: zodResolver(formSchema),
    defaultValues: values,
    mode: "onChange",
  });
  useEffect(() => {
    void form.trigger();
  }, [form]);
  return form;
}

/** The form of a new shared budget: percentage allocations, equal shares until set by hand. */
export const EMPTY_SHARED_BUDGET_FORM: SharedBudgetForm = {
  name: "",
  description: "",
  budget: 0,
  allocatedBudgetAsAPercentage: true,
  hasManualAllocationBeenSet: false,
  weekdaysOnly: false,
  trackers: [],
  users: [],
};

/** A change made by the form's own controls: the form is changed and validated again. */
export const EDIT = { shouldDirty: true, shouldValidate: true } as const;

/** The allocations after a change of selection: kept trackers keep theirs, new ones start empty. */
export function withSelection(
  allocations: readonly SharedBudgetAllocation[],
  ids: readonly string[],
  select: boolean,
): SharedBudgetAllocation[] {
  if (!select) {
    const drop = new Set(ids);
    return allocations.filter((a) => !drop.has(a._id));
  }
  const have = new Set(allocations.map((a) => a._id));
  return [
    ...allocations,
    ...ids
      .filter((id) => !have.has(id))
      .map((id) => ({ _id: id, budgetAllocation: null, budgetAllocationMoney: null })),
  ];
}
