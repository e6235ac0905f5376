import type { BudgetPeriod } from "@pacer/core/types";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api, changedElsewhereText, ifMatch, seg } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { platformPath } from "../../../lib/platforms";
import type {
  AssociatedUser,
  FutureBudgetEntry,
  TrackerDetail,
  TrackerFilter,
  TrackerMessage,
  TrackerView,
} from "../../../lib/tracker-types";
import { mergeTracker, removeTracker } from "./trackers";

/**
 * One tracker's calls (spec trackers.md section 7): the detail read and the update calls of the
 * manage modal. Every update answers the tracker, which replaces the modal's copy and the dashboard
 * row (the row updates in place). Failures are only logged (spec section 8).
 */

export const trackerQueryKey = (id: string) => ["tracker", id] as const;

/** `GET /api/tracker/get-tracker/{id}`: the tracker with filters, historic data, future budgets, messages. */
async function fetchTracker(id: string, signal?: AbortSignal): Promise<TrackerDetail> {
  return (await api.get<{ tracker: TrackerDetail }>(`/api/tracker/get-tracker/${seg(id)}`, { signal }))
    .tracker;
}

export function useTracker(id: string) {
  return useQuery({
    queryKey: trackerQueryKey(id),
    queryFn: ({ signal }) => fetchTracker(id, signal),
    gcTime: 0,
  });
}

/** One update call: its path and body; `versioned` calls send the tracker's version as `if-match`. */
export interface TrackerCall {
  path: string;
  body: unknown;
  versioned?: boolean;
}

/** The update calls, by the spec's paths and payloads (money in micros). */
export const trackerCalls = {
  name: (id: string, name: string): TrackerCall => ({
    path: `/api/tracker/update-name/${seg(id)}`,
    body: { name },
  }),
  client: (id: string, client: string): TrackerCall => ({
    path: `/api/tracker/update-client/${seg(id)}`,
    body: { client },
  }),
  budget: (id: string, budget: number, budgetPeriod: BudgetPeriod): TrackerCall => ({
    path: `/api/tracker/update-budget/${seg(id)}`,
    body: { budget, budgetPeriod },
  }),
  previousOverUnderSpend: (id: string, previousOverUnderSpend: number | null): TrackerCall => ({
    path: `/api/tracker/update-previous-over-under-spend/${seg(id)}`,
    body: { previousOverUnderSpend },
  }),
  historicData: (
    id: string,
    historicData: { month: string; budget: number | null; actualSpend: number }[],
  ): TrackerCall => ({
    path: "/api/tracker/update-tracker-historic-data",
    body: { tracker: id, historicData },
  }),
  futureBudgets: (id: string, futureBudgets: FutureBudgetEntry[]): TrackerCall => ({
    path: "/api/tracker/update-tracker-future-budgets",
    body: { tracker: id, futureBudgets },
  }),
  lifetimePrimary: (id: string, useLifetimeBudgetAsPrimary: boolean): TrackerCall => ({
    path: "/api/tracker/update-tracker-use-lifetime-budget",
    body: { tracker: id, useLifetimeBudgetAsPrimary },
  }),
  lifetimeBudget: (
    id: string,
    lifetimeBudget: number,
    lifetimeBudgetDates: { startDate: string; endDate: string | null },
  ): TrackerCall => ({
    path: `/api/tracker/update-lifetime-budget/${seg(id)}`,
    body: { tracker: id, lifetimeBudget, lifetimeBudgetDates },
  }),
  currency: (id: string, currency: string): TrackerCall => ({
    path: "/api/tracker/update-currency",
    body: { tracker: id, currency },
  }),
  automatedBudget: (id: string, automatedBudget: boolean): TrackerCall => ({
    path: "/api/tracker/update-automated-budget",
    body: { tracker: id, automatedBudget },
  }),
  includeLastMonth: (id: string, on: boolean): TrackerCall => ({
    path: "/api/tracker/update-include-last-month-over-under-spend-in-budget-calc",
    body: { tracker: id, lastMonthOverUnderSpendIncludedInBudgetCalc: on },
  }),
  includeLastSixMonths: (id: string, on: boolean): TrackerCall => ({
    path: "/api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc",
    body: { tracker: id, lastSixMonthsOverUnderSpendIncludedInBudgetCalc: on },
  }),
  weekdaysOnly: (id: string, weekdaysOnly: boolean): TrackerCall => ({
    path: "/api/tracker/update-weekday-budget-only",
    body: { tracker: id, weekdaysOnly },
  }),
  associatedUsers: (id: string, associatedUsers: AssociatedUser[]): TrackerCall => ({
    path: `/api/tracker/update-associated-users/${seg(id)}`,
    body: {
      associatedUsers: associatedUsers.map((u) => ({
        _id: u._id,
        name: u.name,
        userType: u.userType,
        email: u.email,
        avatar: u.avatar ?? null,
      })),
    },
  }),
  /** Filter changes (the spec's Update Tracker button). */
  singleTracker: (tracker: { _id: string; filters: TrackerFilter[] }): TrackerCall => ({
    path: "/api/tracker/update-single-tracker",
    body: { tracker },
  }),
  refresh: (id: string): TrackerCall => ({
    path: "/api/tracker/refresh-single-tracker-data",
    body: { tracker: id },
    versioned: false,
  }),
};

/** The modal's copy of the tracker and its dashboard row, from a tracker the server answered. */
function putTracker(queryClient: QueryClient, accountId: string, tracker: TrackerDetail): void {
  queryClient.setQueryData<TrackerDetail>(trackerQueryKey(tracker._id), (old) =>
    old ? { ...old, ...tracker, messages: tracker.messages ?? old.messages } : tracker,
  );
  const { historicData: _h, futureBudgets: _f, filters: _fl, messages: _m, ...row } = tracker;
  mergeTracker(queryClient, accountId, row as TrackerView);
}

/** The version of the tracker the modal shows: what the user's change is based on. */
function seenVersion(queryClient: QueryClient, trackerId: string): number | undefined {
  return queryClient.getQueryData<TrackerDetail>(trackerQueryKey(trackerId))?.version;
}

/**
 * Runs update calls of one tracker, each with `if-match: <version>` of the tracker the modal shows
 * (optimistic locking, functions/README.md): the answer's tracker replaces the modal's copy and the
 * dashboard row. A tracker changed by someone else meanwhile answers 409 `VERSION_CONFLICT`.
 */
export function useTrackerChange(accountId: string, trackerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: TrackerCall) =>
      api.post<{ tracker?: TrackerDetail }>(call.path, call.body, {
        headers: call.versioned === false ? {} : ifMatch(seenVersion(queryClient, trackerId)),
      }),
    onSuccess: (answer) => {
      if (answer?.tracker?._id) putTracker(queryClient, accountId, answer.tracker);
    },
  });
}

/** After a stale write: 'This Tracker was changed by someone else...', then the tracker afresh. */
export function useReloadTracker(accountId: string, trackerId: string) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    notify.danger(changedElsewhereText("Tracker"));
    const tracker = await queryClient.fetchQuery({
      queryKey: trackerQueryKey(trackerId),
      queryFn: ({ signal }) => fetchTracker(trackerId, signal),
      staleTime: 0,
    });
    putTracker(queryClient, accountId, tracker);
  }, [queryClient, accountId, trackerId]);
}

/** `POST /api/tracker/add-message/{trackerId}`: the message is added to the modal's list. */
export function useAddMessage(trackerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; text: string }) =>
      api.post<{ message: TrackerMessage }>(`/api/tracker/add-message/${seg(trackerId)}`, {
        id: input.id,
        type: "text",
        text: input.text,
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData<TrackerDetail>(trackerQueryKey(trackerId), (old) =>
        old ? { ...old, messages: [...(old.messages ?? []), answer.message] } : old,
      ),
  });
}

/** `POST /api/tracker/delete-message/{trackerId}/{messageId}`: toast 'Message deleted'. */
export function useDeleteMessage(trackerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api.post(`/api/tracker/delete-message/${seg(trackerId)}/${seg(messageId)}`),
    onSuccess: (_answer, messageId) => {
      queryClient.setQueryData<TrackerDetail>(trackerQueryKey(trackerId), (old) =>
        old ? { ...old, messages: (old.messages ?? []).filter((m) => m.id !== messageId) } : old,
      );
      notify.success("Message deleted");
    },
  });
}

/** `GET /api/tracker/delete-tracker/{id}`: the row goes, 'Tracker successfully deleted'. */
export function useDeleteTracker(accountId: string, trackerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.get(`/api/tracker/delete-tracker/${seg(trackerId)}`, {
        headers: ifMatch(seenVersion(queryClient, trackerId)),
      }),
    onSuccess: () => {
      removeTracker(queryClient, accountId, trackerId);
      void queryClient.invalidateQueries({ queryKey: ["pods", accountId] });
      void queryClient.invalidateQueries({ queryKey: ["shared-budgets", accountId] });
      notify.success("Tracker successfully deleted");
    },
  });
}

/** The failure text of a filter's values when the server gives none (spec section 8). */
export const FILTER_VALUES_FAILURE = "Something went wrong, please try again.";

/**
 * `POST /api/{channel}/filter-possible-values` with dataSource, filter and tracker: the values, or
 * the server's msg when statusCode is not 200.
 */
export async function fetchFilterValues(
  tracker: TrackerView,
  filter: TrackerFilter,
): Promise<{ values?: { id: string; name: string }[]; loading?: boolean; error?: string }> {
  const path = platformPath(tracker.dataSource.integration.slug, "filter-possible-values");
  if (!path) return { error: FILTER_VALUES_FAILURE };
  try {
    const answer = await api.post<{
      statusCode?: number;
      msg?: string;
      possibleValues?: { id: string; name: string }[];
      filterValuesLoading?: boolean;
    }>(path, {
      dataSource: {
        integration: {
          slug: tracker.dataSource.integration.slug,
          email: tracker.dataSource.integration.email,
        },
        view: tracker.dataSource.view,
      },
      filter: { id: filter.id },
      tracker: { _id: tracker._id },
    });
    if (answer.statusCode !== undefined && answer.statusCode !== 200)
      return { error: answer.msg || FILTER_VALUES_FAILURE };
    return { values: answer.possibleValues ?? [], loading: answer.filterValuesLoading === true };
  } catch (error) {
    return { error: error instanceof Error && error.message ? error.message : FILTER_VALUES_FAILURE };
  }
}

/** One firing or resolution of an alert on a tracker (the alert history, trackers the user may see). */
export interface TrackerAlertActivity {
  id: string;
  at: string;
  alertName: string;
  outcome: "fired" | "resolved" | "sent" | "failed";
}

/**
 * The tracker's alert activity for Notes & Activity: the firings and resolutions of the alerts the
 * user may see on this tracker, newest first (`GET /api/alerts/alert-history?target=<trackerId>`).
 */
export function useTrackerAlertActivity(trackerId: string) {
  return useQuery({
    queryKey: ["alerts", "tracker-activity", trackerId],
    queryFn: async () => {
      const data = await api.get<{ events: TrackerAlertActivity[] }>(
        `/api/alerts/alert-history?target=${encodeURIComponent(trackerId)}`,
      );
      return data.events.filter((e) => e.outcome === "fired" || e.outcome === "resolved");
    },
    retry: false,
  });
}
