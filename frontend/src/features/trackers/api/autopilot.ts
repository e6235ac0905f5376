import type { AutopilotSettings } from "@pacer/core/autopilot";
import type { Answer } from "@pacer/functions/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, errorMessage, seg } from "../../../lib/api-client";
import { consentTarget, openConsentPopup } from "../../../lib/consent-popup";
import { notify } from "../../../lib/notify";
import { platformPath } from "../../../lib/platforms";

/**
 * AutoPilot's calls for one tracker (beyond the spec; functions/README.md "AutoPilot"): the settings,
 * the proposals and the audit trail, and apply / dismiss / undo / check now. Admins and Managers only.
 */

/** One action as the API answers it (money in micros; status before/after as 1 enabled / 0 paused; the API contract). */
export type AutopilotActionView = Answer<"GET /api/tracker/get-autopilot-actions/{id}">["actions"][number];

/** The settings answer (the API contract). */
export type AutopilotView = Answer<"GET /api/tracker/get-autopilot/{id}">["autopilot"];

export const autopilotKey = (trackerId: string) => ["autopilot", trackerId] as const;
export const autopilotActionsKey = (trackerId: string) => ["autopilot", trackerId, "actions"] as const;

/** `GET /api/tracker/get-autopilot/{id}`. */
export function useAutopilot(trackerId: string) {
  return useQuery({
    queryKey: autopilotKey(trackerId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ autopilot: AutopilotView }>(`/api/tracker/get-autopilot/${seg(trackerId)}`, {
          signal,
        })
      ).autopilot,
    retry: false,
  });
}

/** An alert channel as AutoPilot's 'Send proposals to' offers it (the API contract). */
export type ProposalChannel = Answer<"GET /api/alerts/alert-channels">["channels"][number];

/**
 * The account's alert channels (`GET /api/alerts/alert-channels`), for an Admin's 'Send proposals
 * to' (only Admins choose channels; others never ask).
 */
export function useProposalChannels(enabled: boolean) {
  return useQuery({
    queryKey: ["autopilot", "channels"],
    queryFn: async () =>
      (await api.get<{ channels: ProposalChannel[] }>("/api/alerts/alert-channels")).channels ?? [],
    enabled,
    retry: false,
  });
}

/** `GET /api/tracker/get-autopilot-actions/{id}`: newest first. */
export function useAutopilotActions(trackerId: string, enabled = true) {
  return useQuery({
    queryKey: autopilotActionsKey(trackerId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ actions: AutopilotActionView[] }>(
          `/api/tracker/get-autopilot-actions/${seg(trackerId)}`,
          {
            signal,
          },
        )
      ).actions,
    enabled,
    retry: false,
  });
}

/** Saves the settings (`POST /api/tracker/update-autopilot/{id}`). */
export function useSaveAutopilot(trackerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AutopilotSettings) =>
      (
        await api.post<{ autopilot: AutopilotView }>(
          `/api/tracker/update-autopilot/${seg(trackerId)}`,
          settings,
        )
      ).autopilot,
    onSuccess: (view) => {
      client.setQueryData(autopilotKey(trackerId), view);
      notify.success("AutoPilot saved");
    },
    onError: (error) => notify.danger(errorMessage(error, "AutoPilot could not be saved, please try again")),
  });
}

/** Check now, apply, dismiss and undo: each refreshes the settings (last failure) and the actions. */
export function useAutopilotCall(trackerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (call: { verb: "run" } | { verb: "apply" | "dismiss" | "undo"; actionId: string }) => {
      const path =
        call.verb === "run"
          ? `/api/tracker/run-autopilot/${seg(trackerId)}`
          : `/api/tracker/${call.verb}-autopilot-action/${seg(trackerId)}/${seg(call.actionId)}`;
      return api.post<{ action?: AutopilotActionView; actions?: AutopilotActionView[] }>(path);
    },
    onSuccess: (answer) => {
      if (answer.action?.status === "failed") {
        notify.danger(`The platform refused the change: ${answer.action.error?.message ?? "unknown error"}`);
      }
    },
    onError: (error) => notify.danger(errorMessage(error, "AutoPilot could not do this, please try again")),
    onSettled: () => client.invalidateQueries({ queryKey: autopilotKey(trackerId) }),
  });
}

/**
 * The rows of the export's 'Actions' sheet: every decided AutoPilot action on the trackers the user
 * sees (`GET /api/trackers/get-autopilot-actions`), in each tracker's currency (`currencyOf`).
 * Admins and Managers only (Viewers get 403).
 */
export async function fetchExportActions(currencyOf: (trackerId: string) => string) {
  const { actions } = await api.get<{
    actions: Array<AutopilotActionView & { trackerId: string; trackerName: string }>;
  }>("/api/trackers/get-autopilot-actions");
  return actions.map((a) => ({
    trackerName: a.trackerName,
    currency: currencyOf(a.trackerId),
    campaignName: a.campaignName,
    kind: a.kind,
    before: a.before,
    after: a.after,
    rule: a.rule,
    status: a.status,
    by: !a.actor ? "" : a.actor.type === "autopilot" ? "AutoPilot" : a.actor.name,
    at: a.decidedAt ?? a.createdAt,
    answer: a.error?.message ?? a.answer ?? "",
  }));
}

/**
 * Turns every AutoPilot of the account on or off (`POST /api/account/update-autopilot-switch`,
 * Admins only): `{ enabled }`. Every tracker's AutoPilot view is read again after.
 */
export function useAutopilotSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      await api.post<{ enabled: boolean }>("/api/account/update-autopilot-switch", { enabled }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["autopilot"] }),
    onError: (error) => notify.danger(errorMessage(error)),
  });
}

/**
 * Whether an AutoPilot call was refused because the tracker's connection lacks the platform's write
 * scopes (409 `WRITE_SCOPE_NEEDED`): its platform's name, else undefined.
 */
export function writeScopeNeeded(error: unknown): { platformName: string } | undefined {
  if (!(error instanceof ApiError) || error.code !== "WRITE_SCOPE_NEEDED") return undefined;
  const details = (error.body as { details?: { platformName?: string } } | undefined)?.details;
  return { platformName: details?.platformName ?? "this platform" };
}

/**
 * Reconnect with the write scopes: the platform's connect flow (`GET /api/{segment}/authenticate`)
 * with `access=write`, in the connect popup (opened at once so the browser does not block it); the
 * return page in the popup stores the connection with its granted scopes as usual.
 */
export async function reconnectWithWriteScopes(slug: string): Promise<void> {
  try {
    await openConsentPopup(async () => {
      const path = platformPath(slug, "authenticate");
      if (!path) throw new Error("This platform has no connect flow");
      return consentTarget(await api.get<{ redirectUrl?: string; url?: string }>(`${path}?access=write`));
    });
  } catch (error) {
    notify.danger(errorMessage(error));
  }
}
