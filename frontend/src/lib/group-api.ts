import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, changedElsewhereText, ifMatch, isVersionConflict } from "./api-client";
import { notify } from "./notify";

/**
 * The calls pods and shared budgets have in common (spec pods-budgets-alerts-users-connections.md
 * 7.1 and 7.2): the account's list, one item loaded afresh for its manage modal, and create, update
 * and delete with the spec's success toasts; failures are only logged (spec section 8). Updates and
 * deletes send the version the user saw as `if-match` (functions/README.md, optimistic locking): when
 * someone else changed the item meanwhile, the server changes nothing, a toast says so and the item
 * is reloaded.
 */
export interface GroupResource {
  /** The item's name in messages, e.g. 'Pod'. */
  label: string;
  /** The query key prefixes of the list (`[list, accountId]`) and of one item (`[item, id]`). */
  listKey: string;
  itemKey: string;
  /** The answer fields: `{ pods }` for the list, `{ pod }` for one item. */
  listField: string;
  itemField: string;
  paths: {
    list: (accountId: string, userId: string) => string;
    get: (id: string) => string;
    create: string;
    update: (id: string) => string;
    remove: (id: string) => string;
  };
  /** Success toasts (spec section 8). */
  texts: { created: string; updated: string; deleted: string };
}

/** What every item carries: its id and, from the server, the version it is at. */
export interface Versioned {
  _id: string;
  version?: number;
}

export const groupListKey = (resource: GroupResource, accountId: string) =>
  [resource.listKey, accountId] as const;
export const groupItemKey = (resource: GroupResource, id: string | null) => [resource.itemKey, id] as const;

function field<T>(data: unknown, name: string): T | undefined {
  return data && typeof data === "object" ? ((data as Record<string, unknown>)[name] as T) : undefined;
}

/** The account's list: fetched when the user loads, or once `enabled` (default true) holds. */
function useGroupList<T>(resource: GroupResource, accountId: string, userId: string, enabled = true) {
  return useQuery({
    queryKey: groupListKey(resource, accountId),
    queryFn: async ({ signal }) => {
      const data = await api.get<unknown>(resource.paths.list(accountId, userId), { signal });
      return Array.isArray(data) ? (data as T[]) : (field<T[]>(data, resource.listField) ?? []);
    },
    staleTime: 30_000,
    enabled,
  });
}

/** One item, loaded afresh each time its manage modal opens. */
function useGroupItem<T>(resource: GroupResource, id: string | null) {
  return useQuery({
    queryKey: groupItemKey(resource, id),
    queryFn: async ({ signal }) =>
      field<T>(await api.get<unknown>(resource.paths.get(id ?? ""), { signal }), resource.itemField) as T,
    enabled: Boolean(id),
    gcTime: 0,
  });
}

function useAfterChange(resource: GroupResource, accountId: string) {
  const queryClient = useQueryClient();
  return {
    /** The list, and the trackers (their pod and shared budget are joined from these items). */
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupListKey(resource, accountId) }),
        queryClient.invalidateQueries({ queryKey: ["trackers", accountId] }),
      ]),
    /** After a stale write: the toast, then the item and the list afresh. */
    reload: async (error: unknown, id: string) => {
      if (!isVersionConflict(error)) return;
      notify.danger(changedElsewhereText(resource.label));
      await Promise.all([
        queryClient.refetchQueries({ queryKey: groupItemKey(resource, id) }),
        queryClient.invalidateQueries({ queryKey: groupListKey(resource, accountId) }),
      ]);
    },
  };
}

function useCreateGroup<F>(resource: GroupResource, accountId: string) {
  const { refresh } = useAfterChange(resource, accountId);
  return useMutation({
    mutationFn: (form: F) => api.post<unknown>(resource.paths.create, form),
    onSuccess: async () => {
      notify.success(resource.texts.created);
      await refresh();
    },
  });
}

/** Update with `if-match: <version>`; a stale write reloads the item (the error is passed on). */
function useUpdateGroup<F>(resource: GroupResource, accountId: string) {
  const { refresh, reload } = useAfterChange(resource, accountId);
  return useMutation({
    mutationFn: ({ id, version, form }: { id: string; version: number | undefined; form: F }) =>
      api.post<unknown>(resource.paths.update(id), { _id: id, ...form }, { headers: ifMatch(version) }),
    onSuccess: async () => {
      notify.success(resource.texts.updated);
      await refresh();
    },
    onError: (error, { id }) => reload(error, id),
  });
}

/** Delete with `if-match: <version>`; a stale delete reloads the item instead. */
function useDeleteGroup(resource: GroupResource, accountId: string) {
  const { refresh, reload } = useAfterChange(resource, accountId);
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number | undefined }) =>
      api.get(resource.paths.remove(id), { headers: ifMatch(version) }),
    onSuccess: async () => {
      notify.success(resource.texts.deleted);
      await refresh();
    },
    onError: (error, { id }) => reload(error, id),
  });
}

/** The hooks of one resource, named as its feature exports them. */
export function groupHooks<V, F>(resource: GroupResource) {
  return {
    useList: (accountId: string, userId: string, options: { enabled?: boolean } = {}) =>
      useGroupList<V>(resource, accountId, userId, options.enabled ?? true),
    useItem: (id: string | null) => useGroupItem<V>(resource, id),
    useCreate: (accountId: string) => useCreateGroup<F>(resource, accountId),
    useUpdate: (accountId: string) => useUpdateGroup<F>(resource, accountId),
    useDelete: (accountId: string) => useDeleteGroup(resource, accountId),
  };
}

export type GroupHooks<V, F> = ReturnType<typeof groupHooks<V, F>>;
