import type { Answer } from "@pacer/functions/contract";
import { seg } from "../../../lib/api-client";
import { type GroupResource, groupHooks } from "../../../lib/group-api";

/** A shared budget as its calls answer it (spec pods-budgets-alerts-users-connections.md 3 and 7.2; the API contract). Money in micros. */
export type SharedBudgetView = Answer<"GET /api/shared-budget/get-shared-budget/{id}">["sharedBudget"];

/** A tracker of the shared budget form with its allocation (what create and update send). */
export interface SharedBudgetAllocation {
  _id: string;
  /** Percent 0..100 (percentage mode). */
  budgetAllocation?: number | null;
  /** Micros 0..budget (money mode). */
  budgetAllocationMoney?: number | null;
}

/** The shared budget form (create and update). */
export interface SharedBudgetForm {
  name: string;
  description: string;
  budget: number;
  allocatedBudgetAsAPercentage: boolean;
  hasManualAllocationBeenSet: boolean;
  weekdaysOnly: boolean;
  trackers: SharedBudgetAllocation[];
  users: string[];
}

export const NO_SHARED_BUDGETS: readonly SharedBudgetView[] = Object.freeze(
  [],
) as readonly SharedBudgetView[];

/** The shared budget calls and toasts (spec 7.2 and 8). */
export const SHARED_BUDGET_RESOURCE: GroupResource = {
  label: "Shared Budget",
  listKey: "shared-budgets",
  itemKey: "shared-budget",
  listField: "sharedBudgets",
  itemField: "sharedBudget",
  paths: {
    list: (accountId, userId) => `/api/shared-budgets/get-shared-budgets/${seg(accountId)}/${seg(userId)}`,
    get: (id) => `/api/shared-budget/get-shared-budget/${seg(id)}`,
    create: "/api/shared-budget/create-shared-budget",
    update: (id) => `/api/shared-budget/update-single-shared-budget/${seg(id)}`,
    remove: (id) => `/api/shared-budget/delete-shared-budget/${seg(id)}`,
  },
  texts: {
    created: "Shared Budget Created",
    updated: "Shared Budget successfully updated",
    deleted: "Shared Budget successfully deleted",
  },
};

/**
 * The list (fetched when the user loads), one item loaded afresh for its manage modal, create, and
 * update and delete with `if-match`, each with the spec's toast.
 */
export const SHARED_BUDGET_HOOKS = groupHooks<SharedBudgetView, SharedBudgetForm>(SHARED_BUDGET_RESOURCE);
export const {
  useList: useSharedBudgets,
  useItem: useSharedBudget,
  useCreate: useCreateSharedBudget,
  useUpdate: useUpdateSharedBudget,
  useDelete: useDeleteSharedBudget,
} = SHARED_BUDGET_HOOKS;
