import {
  canSeeTracker,
  canWrite,
  podByTracker,
  sharedBudgetByTracker,
  type Viewer,
} from "@pacer/core/visibility";
import {
  findTracker,
  listPods,
  listSharedBudgets,
  listTrackers,
  listUsers,
  type Pod,
  type SharedBudget,
  type Tracker,
  type User,
} from "@pacer/db";
import { forbidden, notFound } from "./errors.ts";

/**
 * Loading trackers as a caller may see them. Every call reads the account's pods (the tracker rule
 * depends on them), shared budgets and users (joined into the answers): three queries of small
 * items, whatever the number of trackers.
 */

/** The account's pods, shared budgets and users, indexed for joins and the visibility rule. */
export interface AccountJoins {
  pods: Pod[];
  sharedBudgets: SharedBudget[];
  podOf: Map<string, Pod>;
  budgetOf: Map<string, SharedBudget>;
  users: Map<string, User>;
}

/** Reads an account's pods, shared budgets and users (three queries, in parallel). */
export async function loadAccountJoins(accountId: string): Promise<AccountJoins> {
  const [pods, sharedBudgets, users] = await Promise.all([
    listPods(accountId),
    listSharedBudgets(accountId),
    listUsers(accountId),
  ]);
  return {
    pods,
    sharedBudgets,
    podOf: podByTracker(pods),
    budgetOf: sharedBudgetByTracker(sharedBudgets),
    users: new Map(users.map((u) => [u.userId, u])),
  };
}

/** The trackers of an account the viewer may see (trackers.md section 1), and the joins. */
export async function visibleTrackers(
  accountId: string,
  viewer: Viewer,
): Promise<{ trackers: Tracker[]; joins: AccountJoins }> {
  const [all, joins] = await Promise.all([listTrackers(accountId), loadAccountJoins(accountId)]);
  const trackers = all.filter((t) => canSeeTracker(viewer, t, joins.podOf.get(t.trackerId)));
  return { trackers, joins };
}

/**
 * One tracker the viewer may see, with the joins.
 * @throws AppError 404 'Tracker not found' when it does not exist, is another account's, or is not
 *   visible to the viewer (the three are indistinguishable).
 */
export async function visibleTracker(
  accountId: string,
  viewer: Viewer,
  trackerId: string,
): Promise<{ tracker: Tracker; joins: AccountJoins }> {
  const [tracker, joins] = await Promise.all([
    findTracker(accountId, trackerId),
    loadAccountJoins(accountId),
  ]);
  if (!tracker || !canSeeTracker(viewer, tracker, joins.podOf.get(trackerId))) throw notFound("Tracker");
  return { tracker, joins };
}

/**
 * Refuses Viewers (spec section 6: they cannot edit). The policy table already refuses them on every
 * write route; use-cases check again so no other caller can skip it.
 * @throws AppError 403
 */
export function requireWriter(viewer: Viewer): void {
  if (!canWrite(viewer)) throw forbidden();
}
