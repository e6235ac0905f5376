import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, seg } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";

/** Pods (spec pods-budgets-alerts-users-connections.md sections 3 and 7.1). */
export interface PodView {
  _id: string;
  name: string;
  description: string;
  /** Tracker ids the user may see, in the pod's order. */
  trackers: string[];
  /** User ids. */
  users: string[];
  owner?: { _id: string; name: string; email: string; avatar?: string | null };
  account?: { _id: string; name: string };
  version?: number;
}

/** The pod form: name, description, tracker ids and user ids. */
export interface PodForm {
  name: string;
  description: string;
  trackers: string[];
  users: string[];
}

export const NO_PODS: readonly PodView[] = Object.freeze([]) as readonly PodView[];

export const podsQueryKey = (accountId: string) => ["pods", accountId] as const;

/** `GET /api/pods/get-pods/{accountId}/{userId}`: fetched when the user loads. */
export function usePods(accountId: string, userId: string) {
  return useQuery({
    queryKey: podsQueryKey(accountId),
    queryFn: async ({ signal }) => {
      const data = await api.get<{ pods?: PodView[] } | PodView[]>(
        `/api/pods/get-pods/${seg(accountId)}/${seg(userId)}`,
        { signal },
      );
      return Array.isArray(data) ? data : (data?.pods ?? []);
    },
    staleTime: 30_000,
  });
}

/** `GET /api/pod/get-pod/{id}` (the manage modal loads the pod afresh). */
export function usePod(id: string | null) {
  return useQuery({
    queryKey: ["pod", id],
    queryFn: async ({ signal }) =>
      (await api.get<{ pod: PodView }>(`/api/pod/get-pod/${seg(id ?? "")}`, { signal })).pod,
    enabled: Boolean(id),
    gcTime: 0,
  });
}

function useRefreshAfter(accountId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: podsQueryKey(accountId) }),
      // A tracker's podId and podName are joined from its pod.
      queryClient.invalidateQueries({ queryKey: ["trackers", accountId] }),
    ]);
}

/** `POST /api/pod/create-pod`: toast 'Pod Created'. Failures are only logged. */
export function useCreatePod(accountId: string) {
  const refresh = useRefreshAfter(accountId);
  return useMutation({
    mutationFn: (form: PodForm) => api.post<{ pod: PodView }>("/api/pod/create-pod", form),
    onSuccess: async () => {
      notify.success("Pod Created");
      await refresh();
    },
  });
}

/** `POST /api/pod/update-single-pod/{id}`: toast 'Pod successfully updated'. */
export function useUpdatePod(accountId: string) {
  const refresh = useRefreshAfter(accountId);
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: PodForm }) =>
      api.post<{ pod: PodView }>(`/api/pod/update-single-pod/${seg(id)}`, { _id: id, ...form }),
    onSuccess: async () => {
      notify.success("Pod successfully updated");
      await refresh();
    },
  });
}

/** `GET /api/pod/delete-pod/{id}`: toast 'Pod successfully deleted'. */
export function useDeletePod(accountId: string) {
  const refresh = useRefreshAfter(accountId);
  return useMutation({
    mutationFn: (id: string) => api.get(`/api/pod/delete-pod/${seg(id)}`),
    onSuccess: async () => {
      notify.success("Pod successfully deleted");
      await refresh();
    },
  });
}
