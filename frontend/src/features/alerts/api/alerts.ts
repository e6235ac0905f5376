import type { AlertForm } from "@pacer/core/alerts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, seg } from "../../../lib/api-client";

/** The alert calls (spec pods-budgets-alerts-users-connections.md 7.4) and the target lists. */

/** An alert as the server keeps it (spec 3): the form plus its id and type. */
export type Alert = AlertForm & { _id: string; type?: "user" };

export const alertsQueryKey = (accountId: string) => ["alerts", accountId] as const;

export function useAlerts(userId: string, accountId: string) {
  return useQuery({
    queryKey: alertsQueryKey(accountId),
    queryFn: async () => {
      const data = await api.get<{ alerts?: Alert[] } | Alert[]>(
        `/api/alerts/get-alerts/${seg(userId)}/${seg(accountId)}`,
      );
      return Array.isArray(data) ? data : (data?.alerts ?? []);
    },
  });
}

function useRefreshAlerts(accountId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertsQueryKey(accountId) });
}

export function useCreateAlert(accountId: string) {
  const refresh = useRefreshAlerts(accountId);
  return useMutation({
    mutationFn: (alert: AlertForm) =>
      api.post<{ alert?: Alert }>("/api/alerts/create-alert", { ...alert, type: "user" }),
    onSuccess: refresh,
  });
}

export function useEditAlert(accountId: string) {
  const refresh = useRefreshAlerts(accountId);
  return useMutation({
    mutationFn: (alert: AlertForm & { _id: string }) =>
      api.post<{ alert?: Alert }>("/api/alerts/edit-alert", alert),
    onSuccess: refresh,
  });
}

export function useRemoveAlert(accountId: string) {
  const refresh = useRefreshAlerts(accountId);
  return useMutation({
    mutationFn: (alert: Alert) => api.post(`/api/alerts/remove-alert/${seg(alert._id)}`),
    onSuccess: refresh,
  });
}

/** A tracker as the target picker needs it. */
export interface TargetTracker {
  _id: string;
  name: string;
  client?: string;
}

/** The trackers the user can see (the server filters by access), for the target picker. */
export function useTargetTrackers(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["alerts", accountId, "target-trackers"],
    queryFn: async () => {
      const data = await api.get<{ trackers?: TargetTracker[] } | TargetTracker[]>(
        `/api/trackers/get-trackers-without-load-by-account/${seg(accountId)}`,
      );
      return Array.isArray(data) ? data : (data?.trackers ?? []);
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** The pods the user can see, for the target picker. */
export function useTargetPods(accountId: string, userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["alerts", accountId, "target-pods"],
    queryFn: async () => {
      const data = await api.get<
        { pods?: { _id: string; name: string }[] } | { _id: string; name: string }[]
      >(`/api/pods/get-pods/${seg(accountId)}/${seg(userId)}`);
      return Array.isArray(data) ? data : (data?.pods ?? []);
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
