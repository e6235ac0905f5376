/**
 * A tracker row's display state. Spec: trackers.md sections 2 (Tracker row states) and 3 (transient
 * flags), pods-budgets-alerts-users-connections.md section 4.
 */

/** The transient flags of a tracker (trackers.md section 3). */
export interface TrackerFlags {
  dataLoading?: boolean;
  isUpdating?: boolean;
  isBudgetUpdating?: boolean;
  requiresUpdate?: boolean;
  dataLoadFail?: boolean;
  budgetLoadFail?: boolean;
  err?: { title?: string; msg?: string } | null;
}

/** Row states in display priority (1 wins). */
export type TrackerRowState =
  | "loadError"
  | "loading"
  | "updating"
  | "awaitingRefresh"
  | "budgetUpdating"
  | "normal";

/** Texts shown in the name cell for some states. */
export const ROW_STATE_TEXTS = {
  updating: "Currently Updating",
  awaitingRefresh: "Awaiting data refresh",
  budgetUpdating: "Budget Updating",
} as const;

/**
 * A tracker is in error if either its data or its budget failed to load (trackers.md section 3).
 * Its value cells show N/A (see cellValue); the export marks it _hasErrored.
 */
export function isTrackerErrored(flags: TrackerFlags): boolean {
  return flags.dataLoadFail === true || flags.budgetLoadFail === true;
}

/**
 * The row state, by the spec's priority: 1 load error (only when the tracker is in error and no update
 * or budget update is running; the message is err.msg), 2 data loading, 3 currently updating, 4 awaiting data refresh
 * (requiresUpdate), 5 budget updating, 6 normal.
 */
export function trackerRowState(flags: TrackerFlags): TrackerRowState {
  if (isTrackerErrored(flags) && !flags.isUpdating && !flags.isBudgetUpdating) return "loadError";
  if (flags.dataLoading) return "loading";
  if (flags.isUpdating) return "updating";
  if (flags.requiresUpdate) return "awaitingRefresh";
  if (flags.isBudgetUpdating) return "budgetUpdating";
  return "normal";
}
