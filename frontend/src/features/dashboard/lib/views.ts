import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The dashboard views (spec trackers.md section 2; pods-budgets-alerts-users-connections.md 2.2) and
 * their URL state: `?view=<id>&search=<text>`. The primary view (user preference
 * primaryDashboardView) applies when the URL names none; otherwise the Tracker view.
 */
export type DashboardView = "favourites" | "tracker" | "client" | "pod" | "sharedBudgets";

export const VIEWS: readonly { id: DashboardView; label: string }[] = [
  { id: "favourites", label: "Favourites" },
  { id: "tracker", label: "Tracker" },
  { id: "client", label: "Client" },
  { id: "pod", label: "Pod" },
];

/**
 * The tabs a Viewer gets: no Favourites, since Viewers have no favourite column and cannot mark
 * favourites (spec trackers.md section 6; the server refuses their favourites).
 */
export const VIEWER_VIEWS: readonly { id: DashboardView; label: string }[] = VIEWS.filter(
  (v) => v.id !== "favourites",
);

/** The Shared Budgets view has no tab (spec): it is reached from a link beside the tabs. */
export const SHARED_BUDGETS_VIEW = { id: "sharedBudgets", label: "Shared Budgets" } as const;

const ALL: readonly string[] = ["favourites", "tracker", "client", "pod", "sharedBudgets"];

export function isDashboardView(value: unknown): value is DashboardView {
  return typeof value === "string" && ALL.includes(value);
}

/** The view to show: the URL's, else the primary view, else Tracker; never Favourites for a Viewer. */
export function resolveView(
  fromUrl: string | null,
  primary: string | undefined,
  viewer = false,
): DashboardView {
  const allowed = (v: unknown): v is DashboardView => isDashboardView(v) && !(viewer && v === "favourites");
  if (allowed(fromUrl)) return fromUrl;
  if (allowed(primary)) return primary;
  return "tracker";
}

/** The view and search text in the URL, and their setters (history entries are replaced). */
export function useDashboardUrlState(primary: string | undefined, viewer = false) {
  const [params, setParams] = useSearchParams();
  const view = resolveView(params.get("view"), primary, viewer);
  const search = params.get("search") ?? "";
  /** `stale=1`: only the stale trackers (the header's "N trackers stale" links here). */
  const staleOnly = params.get("stale") === "1";
  const setView = useCallback(
    (next: DashboardView) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          copy.set("view", next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setSearch = useCallback(
    (next: string) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          if (next) copy.set("search", next);
          else copy.delete("search");
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  const showAll = useCallback(
    () =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          copy.delete("stale");
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  /**
   * `tracker=<id>` (and `tab=<tab id>`): a link that opens one tracker's Manage Tracker modal on a
   * tab, e.g. the AutoPilot proposals an e-mail links to (`paths.trackerTab`). Taken once: the
   * parameters leave the URL when the modal opens.
   */
  const linkedTracker = params.get("tracker");
  const linkedTab = params.get("tab");
  const takeLinkedTracker = useCallback((): { id: string; tab: string | null } | null => {
    if (!linkedTracker) return null;
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.delete("tracker");
        copy.delete("tab");
        return copy;
      },
      { replace: true },
    );
    return { id: linkedTracker, tab: linkedTab };
  }, [linkedTracker, linkedTab, setParams]);
  return { view, search, staleOnly, setView, setSearch, showAll, takeLinkedTracker };
}
