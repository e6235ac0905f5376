import type { SharedBudgetAllocation } from "../api/shared-budgets";

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
