import type { Pod, SharedBudget, Tracker } from "./domain.ts";
import type { UserType } from "./types.ts";

/**
 * Who sees which tracker, pod and shared budget (spec trackers.md sections 1 and 6;
 * pods-budgets-alerts-users-connections.md sections 5 and 6). Pure rules; the use-cases load the
 * items and answer 404 for an item the caller may not see, exactly as for a missing one.
 */

/** The caller as the rules see them. */
export interface Viewer {
  userId: string;
  userType: UserType;
}

/** Trackers' pod, by tracker id (a tracker is in at most one pod; the pod items record it). */
export function podByTracker(pods: readonly Pod[]): Map<string, Pod> {
  const map = new Map<string, Pod>();
  for (const pod of pods) for (const trackerId of pod.trackers) map.set(trackerId, pod);
  return map;
}

/** Trackers' shared budget, by tracker id. */
export function sharedBudgetByTracker(budgets: readonly SharedBudget[]): Map<string, SharedBudget> {
  const map = new Map<string, SharedBudget>();
  for (const budget of budgets) for (const t of budget.trackers) map.set(t._id, budget);
  return map;
}

/**
 * A pod lists the user: among its users, or its owner. Decision: the owner counts, because the
 * Create Pod wizard leaves the current user out of the pod's users list (spec section 2.4) and a
 * Manager must still see the pod they created.
 */
export function podListsUser(pod: Pod, userId: string): boolean {
  return pod.ownerId === userId || pod.users.includes(userId);
}

/**
 * The tracker rule (trackers.md section 1): Admins see every tracker; Managers and Viewers see the
 * trackers that list them in associatedUsers, and a tracker in a pod only when the pod lists them too.
 */
export function canSeeTracker(
  viewer: Viewer,
  tracker: Pick<Tracker, "associatedUserIds">,
  pod: Pod | undefined,
): boolean {
  if (viewer.userType === "Admin") return true;
  if (!tracker.associatedUserIds.includes(viewer.userId)) return false;
  return pod === undefined || podListsUser(pod, viewer.userId);
}

/** Admins see every pod; Managers and Viewers the pods that list them (spec section 6: "granted"). */
export function canSeePod(viewer: Viewer, pod: Pod): boolean {
  return viewer.userType === "Admin" || podListsUser(pod, viewer.userId);
}

/**
 * Admins see every shared budget; Managers and Viewers the ones they own, are listed in, or that
 * hold a tracker they can see. Decision (spec silent): the Create Shared Budget wizard has no users
 * step, so a shared budget is reached through its trackers.
 */
export function canSeeSharedBudget(
  viewer: Viewer,
  budget: SharedBudget,
  visibleTrackerIds: ReadonlySet<string>,
): boolean {
  if (viewer.userType === "Admin") return true;
  if (budget.ownerId === viewer.userId || budget.users.includes(viewer.userId)) return true;
  return budget.trackers.some((t) => visibleTrackerIds.has(t._id));
}

/** Viewers never write (spec sections 6): the policy table refuses them, and so do the use-cases. */
export function canWrite(viewer: Viewer): boolean {
  return viewer.userType !== "Viewer";
}
