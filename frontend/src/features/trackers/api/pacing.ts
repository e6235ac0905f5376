import type { TrackerPacing } from "@pacer/core/pacing-chart";
import { useQueries, useQuery } from "@tanstack/react-query";
import { api, seg } from "../../../lib/api-client";

/**
 * The pacing chart's calls: `GET /api/tracker/get-pacing/{id}` answers a tracker's series (computed
 * by the engine on the server, @pacer/core pacing-chart.ts). A group's chart asks for each of its
 * trackers and adds them up with the engine's `sumPacingSeries`.
 */

export const pacingQueryKey = (id: string) => ["tracker-pacing", id] as const;

async function fetchPacing(id: string, signal?: AbortSignal): Promise<TrackerPacing> {
  return (await api.get<{ pacing: TrackerPacing }>(`/api/tracker/get-pacing/${seg(id)}`, { signal })).pacing;
}

/** One tracker's pacing series (fetched when the chart opens; kept a minute). */
export function useTrackerPacing(id: string) {
  return useQuery({
    queryKey: pacingQueryKey(id),
    queryFn: ({ signal }) => fetchPacing(id, signal),
    staleTime: 60_000,
  });
}

/** Several trackers' answers: all in (`data` in the order asked), still loading, or one failed. */
export interface TrackersPacing {
  pending: boolean;
  failed: boolean;
  data: readonly (TrackerPacing | undefined)[];
}

const combinePacing = (results: readonly { isPending: boolean; isError: boolean; data?: TrackerPacing }[]) =>
  ({
    pending: results.some((r) => r.isPending),
    failed: results.some((r) => r.isError),
    data: results.map((r) => r.data),
  }) satisfies TrackersPacing;

/** The pacing series of several trackers (a group's), in the order of `ids`. */
export function useTrackersPacing(ids: readonly string[]): TrackersPacing {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: pacingQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchPacing(id, signal),
      staleTime: 60_000,
    })),
    combine: combinePacing,
  });
}
