import type { TrackerFilters } from "@pacer/connectors";

/**
 * A tracker's platform side as stored (`tracker.dataSource`, `tracker.filters`), read the way the
 * connectors take it: shared by the refresh job and AutoPilot.
 */

/** A stored data source (`tracker.dataSource`). */
export interface StoredDataSource {
  integration?: { slug?: string; email?: string; name?: string };
  view?: { id?: string; name?: string; metaData?: Record<string, unknown> };
}

/** A stored filter (`tracker.filters`, the web app's TrackerFilter without possible values). */
interface StoredFilter {
  id?: string;
  type?: string;
  disabled?: boolean;
  selection?: Array<{ id?: string; applyFilter?: boolean; filterString?: string }>;
}

/**
 * The connectors' filters from a tracker's stored filters (trackers.md section 2, Filters): a
 * multiple-choice filter's selection is the campaigns to keep; a text-box filter's applied string
 * is the name to match. Disabled filters are not applied.
 */
export function connectorFilters(filters: unknown): TrackerFilters {
  const out: TrackerFilters = {};
  for (const f of Array.isArray(filters) ? (filters as StoredFilter[]) : []) {
    if (!f || f.disabled) continue;
    const selection = Array.isArray(f.selection) ? f.selection : [];
    if (f.type === "multipleChoice" || f.id === "campaigns") {
      const ids = selection
        .map((s) => s.id)
        .filter((id): id is string => typeof id === "string" && id !== "");
      if (ids.length) out.campaignIds = [...(out.campaignIds ?? []), ...ids];
    } else if (f.type === "textBoxStringFilter" || f.id === "campaignName") {
      const applied = selection.find((s) => s.applyFilter !== false && s.filterString);
      if (applied?.filterString) out.campaignNameContains = applied.filterString;
    }
  }
  return out;
}

/** The view's `metaData` as text values (what the connectors read), or undefined. */
export function metaDataOf(view: StoredDataSource["view"]): Record<string, string> | undefined {
  if (!view?.metaData || typeof view.metaData !== "object") return undefined;
  const entries = Object.entries(view.metaData).filter(
    (e): e is [string, string] => typeof e[1] === "string",
  );
  return entries.length ? Object.fromEntries(entries) : undefined;
}
