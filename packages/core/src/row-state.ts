/**
 * A tracker row's display state. Spec: trackers.md sections 2 (Tracker row states) and 3 (transient
 * flags), pods-budgets-alerts-users-connections.md section 4. Beyond the spec: the 'Stale' state
 * (data freshness), placed right after the load error.
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
  | "stale"
  | "loading"
  | "updating"
  | "awaitingRefresh"
  | "budgetUpdating"
  | "normal";

/** Texts shown in the name cell for some states. */
export const ROW_STATE_TEXTS = {
  stale: "Stale",
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
 * or budget update is running; the message is err.msg), then (beyond the spec) 'Stale' when `stale`
 * (see {@link trackerStaleness}), then the spec's 2 data loading, 3 currently updating, 4 awaiting
 * data refresh (requiresUpdate), 5 budget updating, 6 normal. A stale tracker that is updating or
 * loading shows 'Stale': an update that has not landed for two refresh cycles is what it warns of.
 */
export function trackerRowState(flags: TrackerFlags, stale = false): TrackerRowState {
  if (isTrackerErrored(flags) && !flags.isUpdating && !flags.isBudgetUpdating) return "loadError";
  if (stale) return "stale";
  if (flags.dataLoading) return "loading";
  if (flags.isUpdating) return "updating";
  if (flags.requiresUpdate) return "awaitingRefresh";
  if (flags.isBudgetUpdating) return "budgetUpdating";
  return "normal";
}

/** A tracker is stale when its last successful refresh is older than this many refresh cycles. */
export const STALE_AFTER_CYCLES = 2;

/** When a tracker's figures were last fetched, and its last failure (ISO timestamps). */
export interface TrackerFreshness {
  /** Last successful data refresh (the figures' fetch time); absent before the first. */
  lastRefreshedAt?: string | null;
  /** When the tracker was created: the reference of a tracker never refreshed. */
  createdAt?: string | null;
  /** The last failed refresh attempt (a retry or a final failure) and what it said. */
  lastFailedAt?: string | null;
  lastFailure?: { title?: string; msg?: string } | null;
}

/** Why a stale tracker is stale: its last failure, or no successful refresh since a time. */
export type StaleCause =
  | { kind: "failure"; at: string; title: string; msg: string }
  | { kind: "noSuccess"; since: string };

/** A stale tracker's warning: since when it has had no successful refresh, and why. */
export interface Staleness {
  /** The last successful refresh, or the creation time of a tracker never refreshed (ISO). */
  since: string;
  /** True when the tracker has never been refreshed successfully. */
  neverRefreshed: boolean;
  cause: StaleCause;
}

const HOUR_MS = 3_600_000;

function epochMs(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Whether a tracker is stale at `now` and why (beyond the spec, issue "data freshness"): its last
 * successful refresh (or, never refreshed, its creation) is more than {@link STALE_AFTER_CYCLES}
 * refresh cycles ago, a cycle being the account's `hourlyCycle` hours (1 when not positive). The
 * cause is the last failure when it came after that success (the Warnings dialog shows its time and
 * message), else "no successful refresh since". Exactly two cycles is not yet stale.
 * @param hourlyCycle the account's hours between scheduled refreshes.
 * @param now a Date or epoch ms.
 * @returns null when fresh, or when neither time is known.
 */
export function trackerStaleness(
  tracker: TrackerFreshness,
  hourlyCycle: number,
  now: Date | number,
): Staleness | null {
  const success = epochMs(tracker.lastRefreshedAt);
  const reference = success ?? epochMs(tracker.createdAt);
  if (reference === null) return null;
  const cycleHours = hourlyCycle > 0 ? hourlyCycle : 1;
  const nowMs = typeof now === "number" ? now : now.getTime();
  if (nowMs - reference <= STALE_AFTER_CYCLES * cycleHours * HOUR_MS) return null;
  const since = new Date(reference).toISOString();
  const failedAt = epochMs(tracker.lastFailedAt);
  const failure = tracker.lastFailure;
  const cause: StaleCause =
    failedAt !== null && failedAt >= reference && failure && (failure.msg || failure.title)
      ? {
          kind: "failure",
          at: new Date(failedAt).toISOString(),
          title: failure.title ?? "",
          msg: failure.msg ?? failure.title ?? "",
        }
      : { kind: "noSuccess", since };
  return { since, neverRefreshed: success === null, cause };
}

/** Texts of the freshness warnings; `when` is a time already formatted for the reader. */
export const STALE_TEXTS = {
  /** The cause when no failure is known. */
  noSuccessSince: (when: string) => `No successful refresh since ${when}`,
  /** The Warnings dialog's line of the last success. */
  lastSuccess: (when: string) => `Figures last fetched successfully at ${when}`,
  neverFetched: (when: string) => `No figures fetched since the tracker was created at ${when}`,
  /** The Warnings dialog's line of the last failure. */
  lastFailure: (when: string) => `Last refresh failure at ${when}`,
  /** The platform's reporting lag. */
  reportingLag: (platform: string, hours: number) =>
    hours > 0
      ? `${platform} reports spend with a delay of up to ${hours} ${hours === 1 ? "hour" : "hours"}`
      : `${platform} reports spend as it happens`,
  /** The dashboard header's count. */
  staleCount: (count: number) => `${count} ${count === 1 ? "tracker" : "trackers"} stale`,
} as const;
