import type { AlertChannelForm, AlertForm, SnoozeDuration } from "@pacer/core/alerts";
import { listedTrackers } from "@pacer/core/tracker-list";
import type { Answer } from "@pacer/functions/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, seg } from "../../../lib/api-client";

/** The alert calls (spec pods-budgets-alerts-users-connections.md 7.4) and the target lists. */

/** An alert as the server keeps it (spec 3): the form plus its id and type. */
export type Alert = AlertForm & { _id: string; type?: "user"; snoozedUntil?: string | null };

/** An alert channel as `GET /api/alerts/alert-channels` answers (Admin only; the URL masked; the API contract). */
export type AlertChannel = Answer<"GET /api/alerts/alert-channels">["channels"][number];

const channelsKey = (accountId: string) => ["alerts", accountId, "channels"] as const;

/** The account's alert channels (Admins only: others never ask). */
export function useAlertChannels(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: channelsKey(accountId),
    queryFn: async () =>
      (await api.get<{ channels: AlertChannel[] }>("/api/alerts/alert-channels")).channels ?? [],
    enabled,
  });
}

/** Creates a channel; the answer's `secret` (webhooks) is shown once. */
export function useCreateAlertChannel(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: AlertChannelForm) =>
      api.post<{ channel: AlertChannel; secret: string | null; msg: string }>(
        "/api/alerts/create-alert-channel",
        form,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKey(accountId) }),
  });
}

export function useRemoveAlertChannel(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: AlertChannel) =>
      api.post<{ msg: string }>(`/api/alerts/remove-alert-channel/${seg(channel._id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKey(accountId) }),
    meta: { errorToast: "server" },
  });
}

/** 'Send test': `{ ok, reason, msg }`. */
export function useTestAlertChannel() {
  return useMutation({
    mutationFn: (channel: AlertChannel) =>
      api.post<{ ok: boolean; reason: string | null; msg: string }>(
        `/api/alerts/test-alert-channel/${seg(channel._id)}`,
      ),
    meta: { errorToast: "server" },
  });
}

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
      const data = await api.get<unknown>(
        `/api/trackers/get-trackers-without-load-by-account/${seg(accountId)}`,
      );
      return listedTrackers<TargetTracker>(data);
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

/** The alert history's answer (the API contract). */
type AlertHistoryAnswer = Answer<"GET /api/alerts/alert-history">;

/** One alert history entry (a firing, resolution or delivery), as `GET /api/alerts/alert-history` answers. */
export type AlertHistoryEntry = AlertHistoryAnswer["events"][number];

/** A target where an alert fires or is snoozed now. */
export type AlertTargetState = AlertHistoryAnswer["targets"][number];

/** The history filters, each optional (the URL keeps them). */
export interface AlertHistoryFilter {
  alertId?: string;
  target?: string;
  channel?: string;
  outcome?: string;
}

const historyKey = (accountId: string) => ["alerts", accountId, "history"] as const;

/** The alert history the user may see, newest first, and the targets firing or snoozed now. */
export function useAlertHistory(accountId: string, filter: AlertHistoryFilter) {
  const query = new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return useQuery({
    queryKey: [...historyKey(accountId), query],
    queryFn: () =>
      api.get<{ events: AlertHistoryEntry[]; targets: AlertTargetState[] }>(
        `/api/alerts/alert-history${query ? `?${query}` : ""}`,
      ),
    // A filter change keeps the tables in place until the new answer arrives.
    placeholderData: keepPreviousData,
  });
}

/** Snoozes an alert or one of its targets (`duration` null ends the snooze). */
export function useSnoozeAlert(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { alertId: string; duration: SnoozeDuration | null; target?: string }) =>
      api.post<{ msg: string; snoozedUntil: string | null }>(
        `/api/alerts/snooze-alert/${seg(input.alertId)}`,
        { duration: input.duration, ...(input.target ? { target: input.target } : {}) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["alerts", accountId] }),
    meta: { errorToast: "server" },
  });
}

/**
 * 'Add to Slack': asks `GET /api/alerts/slack-install` (Admin only) for Slack's authorize page and
 * sends the browser there; Slack comes back to the API's callback, which stores the channel the
 * user picked and returns to the Alerts page. A 503 (no Slack app configured) shows its message.
 */
export function useSlackInstall() {
  return useMutation({
    mutationFn: () => api.get<{ url: string }>("/api/alerts/slack-install"),
    onSuccess: (answer) => window.location.assign(answer.url),
    meta: { errorToast: "server" },
  });
}
