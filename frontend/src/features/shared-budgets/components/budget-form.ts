import { sharedBudgetInputFormSchema } from "@pacer/core/validation";
import type { z } from "zod";
import type { SharedBudgetAllocation } from "../api/shared-budgets";

/**
 * The shared budget form's pieces shared by Create Shared Budget and Manage Shared Budget: the form
 * as typed (core's sharedBudgetInputFormSchema, the server's rules with the monthly budget as text)
 * and the allocations after a change of selection.
 */

/** The shared budget form as typed: the monthly budget is its text. */
export type SharedBudgetFormInput = z.input<typeof sharedBudgetInputFormSchema>;

/** A blank shared budget form: percentages, no trackers. */
export const NEW_SHARED_BUDGET: SharedBudgetFormInput = {
  name: "",
  description: "",
  budget: "",
  allocatedBudgetAsAPercentage: true,
  hasManualAllocationBeenSet: false,
  weekdaysOnly: false,
  trackers: [],
};

/** Whether one field of the form passes the server's rule (e.g. to open the next wizard step). */
export function sharedBudgetFieldValid(field: "name" | "budget" | "trackers", value: unknown): boolean {
  return sharedBudgetInputFormSchema.shape[field].safeParse(value).success;
}

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
