import { listedTrackers } from "@pacer/core/tracker-list";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getLater, seg } from "../../../lib/api-client";
import { takeArrivedEarlyAnswer, takeEarlyAnswer, takeEarlyAnswerLater } from "../../../lib/early-request";
import { useRealtime } from "../../../lib/realtime";
import type { TrackerView } from "../../../lib/tracker-types";
import {
  EARLY_FIRST_PAGE_SLOT,
  EARLY_SLOT,
  firstPagePath,
  LAST_ACCOUNT_KEY,
  listPath,
  TRACKERS_TIMEOUT_MS,
} from "./early-list";

/**
 * The account's trackers (spec trackers.md sections 2, 4, 7 and 9): the first load reads
 * `get-trackers-by-account` (cancelled after 27.5 s), later re-fetches read
 * `get-trackers-without-load-by-account` without the loading state, every 30 seconds while any
 * tracker is updating or loading. Realtime `tracker` messages update rows in place.
 */

/** Quiet re-fetch period while anything is updating or loading (spec section 9). */
export const QUIET_REFETCH_MS = 30_000;

/** A stable empty list (never `data ?? []` in render). */
export const NO_TRACKERS: readonly TrackerView[] = Object.freeze([]) as readonly TrackerView[];

export const trackersQueryKey = (accountId: string) => ["trackers", accountId] as const;

export { FIRST_PAGE_ROWS, LAST_ACCOUNT_KEY, startTrackerListEarly, TRACKERS_TIMEOUT_MS } from "./early-list";

/** {@link needsQuietRefetch}'s answer per list (a list is replaced, never changed in place). */
const quietRefetchOf = new WeakMap<readonly TrackerView[], boolean>();

/**
 * Whether the list should be re-fetched quietly: a tracker is updating, budget-updating or loading.
 * Asked at every render of a component that reads the list (the query's `refetchInterval`), so the
 * answer is kept per list: a keystroke in the search does not scan 10,000 trackers again.
 */
export function needsQuietRefetch(trackers: readonly TrackerView[] | undefined): boolean {
  if (!trackers) return false;
  let needs = quietRefetchOf.get(trackers);
  if (needs === undefined) {
    needs = trackers.some((t) => t.isUpdating || t.isBudgetUpdating || t.dataLoading);
    quietRefetchOf.set(trackers, needs);
  }
  return needs;
}

/** The first page's query (see {@link useTrackerListFirstPage}). */
export const firstPageQueryKey = (accountId: string) => ["trackers-first-page", accountId] as const;

/**
 * The longest the whole list's first answer waits for its first page to settle before it is read
 * (see {@link firstPageFirst}): a first page slower than this does not hold the whole list back.
 */
export const FIRST_PAGE_WAIT_MS = 2_000;

/**
 * Resolves once a frame has been painted and the page is idle (an animation frame, then an idle
 * period, at most 300 ms later; a task where the browser has no idle callbacks), or after 100 ms
 * when the page paints none (a hidden tab runs no animation frames).
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    if (typeof requestAnimationFrame !== "function") return;
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 300 });
      else setTimeout(resolve, 0);
    });
  });
}

/**
 * The first rows first: when the list's first page is being asked beside the whole list (the
 * dashboard's first load), resolves once it has settled (shown, or not coming) and a frame has been
 * painted, at most {@link FIRST_PAGE_WAIT_MS} after the call; at once when no first page is asked.
 * Reading the whole list (decoding thousands of rows) and rendering it take the main thread for a
 * while, so the whole list's answer waits for this before it is read: the first page's small
 * answer is rendered and painted first even when both answers arrive together.
 */
async function firstPageFirst(queryClient: QueryClient, accountId: string): Promise<void> {
  const query = queryClient.getQueryCache().find({ queryKey: firstPageQueryKey(accountId), exact: true });
  if (!query || query.state.data === null || query.state.status === "error") return;
  if (query.state.data === undefined) {
    if (query.state.fetchStatus !== "fetching") return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, FIRST_PAGE_WAIT_MS);
      const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        if (event.query === query && query.state.fetchStatus !== "fetching") done();
      });
    });
  }
  // The first page is shown (perhaps at this very render, its answer in before the page's first
  // render): its frame is painted before the whole list is read.
  await afterNextPaint();
}

export function useTrackers(accountId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: trackersQueryKey(accountId),
    queryFn: async ({ signal }) => {
      const loaded = queryClient.getQueryData(trackersQueryKey(accountId)) !== undefined;
      const earlyAnswer = loaded ? undefined : await takeEarlyAnswerLater(EARLY_SLOT, listPath(accountId));
      const path = loaded
        ? `/api/trackers/get-trackers-without-load-by-account/${seg(accountId)}`
        : listPath(accountId);
      const read = earlyAnswer ?? (await getLater<unknown>(path, { signal, timeoutMs: TRACKERS_TIMEOUT_MS }));
      localStorage.setItem(LAST_ACCOUNT_KEY, accountId);
      // The whole list is parsed and decoded once its first page is on screen.
      if (!loaded) await firstPageFirst(queryClient, accountId);
      return listedTrackers<TrackerView>(read());
    },
    refetchInterval: (q) => (needsQuietRefetch(q.state.data) ? QUIET_REFETCH_MS : false),
    staleTime: 20_000,
  });
  useRealtime("tracker", (message) => {
    const tracker = message.tracker as Partial<TrackerView> | undefined;
    if (tracker?._id) mergeTracker(queryClient, accountId, tracker as Partial<TrackerView> & { _id: string });
  });
  useRealtime("tracker-deleted", (message) => {
    const id = (message._id ?? message.trackerId) as string | undefined;
    if (id) removeTracker(queryClient, accountId, id);
  });
  useRealtime("trackers", () => {
    void queryClient.invalidateQueries({ queryKey: trackersQueryKey(accountId) });
  });
  return query;
}

/** The list's first page: its trackers in list order, and how many the whole list holds. */
export interface TrackerListFirstPage {
  trackers: TrackerView[];
  total: number;
}

/** How long the first page stays cached once nothing reads it, ms. */
const FIRST_PAGE_GC_MS = 60_000;

/** A first-page answer's trackers and total; null when the server had none ready (no `total`). */
function firstPageOf(answer: unknown): TrackerListFirstPage | null {
  // No `total`: the server had no first page ready (the whole list's answer builds it).
  const total = (answer as { total?: unknown } | null)?.total;
  return typeof total === "number" ? { trackers: listedTrackers<TrackerView>(answer), total } : null;
}

/**
 * The first page of the account's list (`get-trackers-by-account?first=100`, asked beside the whole
 * list, or taken from the request the page started as it loaded), while `wanted` (the dashboard:
 * until the whole list has arrived): the first rows show from it. Never re-fetched; undefined until
 * it arrives, when not wanted, when the server had none ready (an answer without `total`), or when
 * it failed (the whole list's own request reports errors).
 */
export function useTrackerListFirstPage(
  accountId: string,
  wanted: boolean,
): TrackerListFirstPage | undefined {
  const query = useQuery({
    queryKey: firstPageQueryKey(accountId),
    queryFn: async ({ signal }): Promise<TrackerListFirstPage | null> => {
      const path = firstPagePath(accountId);
      return firstPageOf(
        (await takeEarlyAnswer(EARLY_FIRST_PAGE_SLOT, path)) ??
          (await api.get(path, { signal, timeoutMs: TRACKERS_TIMEOUT_MS })),
      );
    },
    // The answer of the request the page started, when already in: the rows at the first render.
    initialData: () => {
      if (!wanted) return undefined;
      const read = takeArrivedEarlyAnswer(EARLY_FIRST_PAGE_SLOT, firstPagePath(accountId));
      return read ? firstPageOf(read()) : undefined;
    },
    enabled: wanted,
    staleTime: Number.POSITIVE_INFINITY,
    // Kept a while after its last reader, not dropped at once: the page's first render builds the
    // query with the answer it takes, and its reader subscribes after the commit, which can come
    // after a zero time-out; a query dropped between would ask for the first page again.
    gcTime: FIRST_PAGE_GC_MS,
    retry: false,
  });
  return (wanted && query.data) || undefined;
}

/**
 * Puts a tracker (whole, or the fields a push carries) into the list in place; a tracker not in the
 * list yet is appended. Other rows keep their object identity, so their cells do not re-render.
 */
export function mergeTracker(
  queryClient: QueryClient,
  accountId: string,
  tracker: Partial<TrackerView> & { _id: string },
): void {
  queryClient.setQueryData<TrackerView[]>(trackersQueryKey(accountId), (list) => {
    if (!list) return list;
    const index = list.findIndex((t) => t._id === tracker._id);
    if (index < 0) return "name" in tracker ? [...list, tracker as TrackerView] : list;
    const next = list.slice();
    const current = list[index] as TrackerView;
    next[index] = { ...current, ...tracker, data: tracker.data === undefined ? current.data : tracker.data };
    return next;
  });
}

export function removeTracker(queryClient: QueryClient, accountId: string, trackerId: string): void {
  queryClient.setQueryData<TrackerView[]>(trackersQueryKey(accountId), (list) =>
    list ? list.filter((t) => t._id !== trackerId) : list,
  );
}
