import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, seg } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";

/** Shared budgets (spec pods-budgets-alerts-users-connections.md sections 3 and 7.2). Money in micros. */
export interface SharedBudgetAllocation {
  _id: string;
  /** Percent 0..100 (percentage mode). */
  budgetAllocation?: number | null;
  /** Micros 0..budget (money mode). */
  budgetAllocationMoney?: number | null;
}

export interface SharedBudgetView {
  _id: string;
  name: string;
  description: string;
  budget: number;
  allocatedBudgetAsAPercentage: boolean;
  hasManualAllocationBeenSet?: boolean;
  weekdaysOnly?: boolean;
  trackers: SharedBudgetAllocation[];
  users: string[];
  owner?: { _id: string; name: string; email: string; avatar?: string | null };
  version?: number;
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

export const sharedBudgetsQueryKey = (accountId: string) => ["shared-budgets", accountId] as const;

/** `GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}`. */
export function useSharedBudgets(accountId: string, userId: string) {
  return useQuery({
    queryKey: sharedBudgetsQueryKey(accountId),
    queryFn: async ({ signal }) => {
      const data = await api.get<{ sharedBudgets?: SharedBudgetView[] } | SharedBudgetView[]>(
        `/api/shared-budgets/get-shared-budgets/${seg(accountId)}/${seg(userId)}`,
        { signal },
      );
      return Array.isArray(data) ? data : (data?.sharedBudgets ?? []);
    },
    staleTime: 30_000,
  });
}

/** `GET /api/shared-budget/get-shared-budget/{id}`. */
export function useSharedBudget(id: string | null) {
  return useQuery({
    queryKey: ["shared-budget", id],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ sharedBudget: SharedBudgetView }>(
          `/api/shared-budget/get-shared-budget/${seg(id ?? "")}`,
          {
            signal,
          },
        )
      ).sharedBudget,
    enabled: Boolean(id),
    gcTime: 0,
  });
}

function useRefreshAfter(accountId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sharedBudgetsQueryKey(accountId) }),
      queryClient.invalidateQueries({ queryKey: ["trackers", accountId] }),
    ]);
}

/** `POST /api/shared-budget/create-shared-budget`: toast 'Shared Budget Created'. */
export function useCreateSharedBudget(accountId: string) {
  const refresh = useRefreshAfter(accountId);
  return useMutation({
    mutationFn: (form: SharedBudgetForm) =>
      api.post<{ sharedBudget: SharedBudgetView }>("/api/shared-budget/create-shared-budget", form),
    onSuccess: async () => {
      notify.success("Shared Budget Created");
      await refresh();
    },
  });
}

/** `POST /api/shared-budget/update-single-shared-budget/{id}`: toast 'Shared Budget successfully updated'. */
export function useUpdateSharedBudget(accountId: string) {
  const refresh = useRefreshAfter(accountId);
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: SharedBudgetForm }) =>
      api.post(`/api/shared-budget/update-single-shared-budget/${seg(id)}`, { _id: id, ...form }),
    onSuccess: async () => {
      notify.success("Shared Budget successfully updated");
      await refresh();
    },
  });
}

/** `GET /api/shared-budget/delete-shared-budget/{id}`: toast 'Shared Budget successfully deleted'. */
export function useDeleteSharedBudget(accountId: string) {
  const refresh = useRefreshAfter(accountId);
  return useMutation({
    mutationFn: (id: string) => api.get(`/api/shared-budget/delete-shared-budget/${seg(id)}`),
    onSuccess: async () => {
      notify.success("Shared Budget successfully deleted");
      await refresh();
    },
  });
}
