import { type ColumnDef as CatalogueColumn, columnsWithPreferences } from "@pacer/core/columns";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, seg } from "../../../lib/api-client";
import { type Account, type CurrentUser, userQueryKey } from "../../../lib/auth";
import { notify } from "../../../lib/notify";
import type { DashboardView } from "../lib/views";

/**
 * The dashboard's user and account settings (spec trackers.md section 7;
 * pods-budgets-alerts-users-connections.md 7.3): visible table columns, favourites and the primary
 * view on the user; column order and show totals on the account. Each call answers the changed user
 * or account, which replaces the cached one (the account inside the user keeps its connections).
 */

export type Favourite = { _id: string; name: string };

function mergeUser(queryClient: QueryClient, answer: { user?: Partial<CurrentUser> } | undefined) {
  if (!answer?.user) return;
  queryClient.setQueryData<CurrentUser | null>(userQueryKey, (old) =>
    old ? { ...old, ...answer.user, account: old.account } : old,
  );
}

function mergeAccount(queryClient: QueryClient, answer: { account?: Partial<Account> } | undefined) {
  if (!answer?.account) return;
  queryClient.setQueryData<CurrentUser | null>(userQueryKey, (old) =>
    old ? { ...old, account: { ...old.account, ...answer.account, _id: old.account._id } } : old,
  );
}

function patchUser(queryClient: QueryClient, patch: (user: CurrentUser) => CurrentUser) {
  queryClient.setQueryData<CurrentUser | null>(userQueryKey, (old) => (old ? patch(old) : old));
}

/** The catalogue with the user's visibility preferences (engine: columnsWithPreferences). */
export function userColumns(user: CurrentUser): CatalogueColumn[] {
  const prefs = (user.preferences?.tableColumns ?? []) as { id: string; hideColumn: boolean }[];
  return columnsWithPreferences(prefs.filter((p) => p && typeof p.id === "string"));
}

/** `POST /api/auth/update-user-table-columns`: the whole list (id, name, description, formula, hideColumn). */
export function useSaveTableColumns(user: CurrentUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: readonly CatalogueColumn[]) =>
      api.post<{ user?: CurrentUser }>("/api/auth/update-user-table-columns", {
        user: user._id,
        tableColumns: columns.map((c) => ({
          id: c.id,
          name: c.name,
          description: c.description,
          formula: c.formula,
          hideColumn: c.hideColumn,
        })),
      }),
    onSuccess: (answer) => mergeUser(queryClient, answer),
  });
}

/** `POST /api/account/toggle-show-account-totals/{accountId}`: toast 'Show Table Totals Updated'. */
export function useSetShowTotals(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showTableTotals: boolean) =>
      api.post<{ account?: Account; msg?: string }>(
        `/api/account/toggle-show-account-totals/${seg(accountId)}`,
        {
          showTableTotals,
        },
      ),
    onSuccess: (answer) => {
      mergeAccount(queryClient, answer);
      notify.success("Show Table Totals Updated");
    },
  });
}

/** `POST /api/account/update-column-ordering`: columnsOrder as a list of `{ id }`. */
export function useSaveColumnOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      api.post<{ account?: Account }>("/api/account/update-column-ordering", {
        columnsOrder: ids.map((id) => ({ id })),
      }),
    onSuccess: (answer) => mergeAccount(queryClient, answer),
  });
}

/**
 * `POST /api/auth/update-favourite-trackers`: adds or removes a tracker (list of _id and name).
 * The star changes at once; a failure puts the list back.
 */
export function useToggleFavourite(user: CurrentUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favouriteTrackers: Favourite[]) =>
      api.post<{ user?: CurrentUser }>("/api/auth/update-favourite-trackers", {
        user: user._id,
        favouriteTrackers,
      }),
    onMutate: (favouriteTrackers) => {
      const previous = queryClient.getQueryData<CurrentUser>(userQueryKey)?.favouriteTrackers;
      patchUser(queryClient, (u) => ({ ...u, favouriteTrackers }));
      return { previous };
    },
    onError: (_error, _vars, context) =>
      patchUser(queryClient, (u) => ({ ...u, favouriteTrackers: context?.previous ?? [] })),
    onSuccess: (answer) => mergeUser(queryClient, answer),
  });
}

/** `POST /api/auth/change-user-preference` with userPreference primaryDashboardView. */
export function useSetPrimaryView(user: CurrentUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: DashboardView) =>
      api.post<{ user?: CurrentUser }>("/api/auth/change-user-preference", {
        user: user._id,
        userPreference: "primaryDashboardView",
        selection: view,
      }),
    onMutate: (view) =>
      patchUser(queryClient, (u) => ({
        ...u,
        preferences: { ...u.preferences, primaryDashboardView: view },
      })),
    onSuccess: (answer) => mergeUser(queryClient, answer),
  });
}
