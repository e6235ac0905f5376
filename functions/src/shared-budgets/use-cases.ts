import { allocationTotalError, clampAllocation } from "@pacer/core";
import { canSeeSharedBudget, canSeeTracker, podByTracker, type Viewer } from "@pacer/core/visibility";
import {
  deleteSharedBudget,
  getTrackerAccess,
  listPods,
  listSharedBudgets,
  listUsers,
  type Pod,
  type SharedBudget,
  type SharedBudgetAllocationInput,
  saveSharedBudget,
  type TrackerAccess,
  type User,
} from "@pacer/db";
import { badRequest, notFound } from "../lib/errors.ts";
import type { Session } from "../lib/session.ts";
import { requireWriter } from "../lib/tracker-access.ts";
import { ownerView } from "../lib/views.ts";

/**
 * The shared-budget use-cases (spec pods-budgets-alerts-users-connections.md sections 2.6-2.8, 3-7.2).
 * The shared-budget item is the one record of its trackers; a tracker's sharedBudgetId is joined
 * from it at read. Allocations are clamped with the engine's rule before they are stored.
 */

export const SHARED_BUDGET_TEXTS = {
  created: "Shared Budget Created",
  updated: "Shared Budget successfully updated",
  deleted: "Shared Budget successfully deleted",
  unknownTracker: "Tracker not found",
  unknownUser: "User not found",
  idMismatch: "The shared budget in the body is not the shared budget of the path",
} as const;

/**
 * What a shared-budget answer needs: the account's shared budgets, pods (the tracker rule depends on
 * a tracker's pod) and users, and the access fields of the trackers this call names (the budgets', a
 * form's; never every tracker of the account).
 */
interface BudgetWorld {
  budgets: SharedBudget[];
  /** Access fields by tracker id, of the named trackers that exist (see `getTrackerAccess`). */
  trackers: Map<string, TrackerAccess>;
  podOf: Map<string, Pod>;
  users: Map<string, User>;
}

/**
 * Reads the account's shared budgets, pods and users (three queries of small items, in parallel),
 * then the access fields of the trackers `named` picks from the budgets (BatchGetItem, 100 a request).
 */
async function loadWorld(
  accountId: string,
  named: (budgets: SharedBudget[]) => Iterable<string>,
): Promise<BudgetWorld> {
  const [budgets, pods, users] = await Promise.all([
    listSharedBudgets(accountId),
    listPods(accountId),
    listUsers(accountId),
  ]);
  return {
    budgets,
    trackers: await getTrackerAccess(accountId, named(budgets)),
    podOf: podByTracker(pods),
    users: new Map(users.map((u) => [u.userId, u])),
  };
}

/** The tracker ids of the budgets. */
const trackerIdsOf = (budgets: readonly SharedBudget[]) =>
  budgets.flatMap((b) => b.trackers.map((t) => t._id));

/**
 * The trackers the viewer may see among those the world holds (the named ones): enough for
 * `canSeeSharedBudget` and the views, which only ask about the budgets' (and the form's) trackers.
 */
function visibleTrackerIdSet(viewer: Viewer, world: BudgetWorld): Set<string> {
  const ids = new Set<string>();
  for (const t of world.trackers.values()) {
    if (canSeeTracker(viewer, t, world.podOf.get(t.trackerId))) ids.add(t.trackerId);
  }
  return ids;
}

/**
 * A shared budget as the web app sees it (spec section 3). Money in micros; `trackers` holds the
 * allocations of the trackers the viewer may see; `owner` and `account` are joined.
 */
function budgetView(budget: SharedBudget, visible: Set<string>, world: BudgetWorld, session: Session) {
  return {
    _id: budget.sharedBudgetId,
    name: budget.name,
    description: budget.description,
    budget: budget.budget,
    allocatedBudgetAsAPercentage: budget.allocatedBudgetAsAPercentage,
    hasManualAllocationBeenSet: budget.hasManualAllocationBeenSet,
    weekdaysOnly: budget.weekdaysOnly,
    trackers: budget.trackers
      .filter((t) => visible.has(t._id))
      .map((t) => ({
        _id: t._id,
        budgetAllocation: t.budgetAllocation ?? null,
        budgetAllocationMoney: t.budgetAllocationMoney ?? null,
      })),
    users: budget.users.filter((id) => world.users.has(id)),
    owner: ownerView(world.users, budget.ownerId),
    account: { _id: session.accountId, name: session.account.name },
    createdAt: budget.createdAt,
    version: budget.version,
  };
}

/** The shared budgets the caller may see. */
export async function listSharedBudgetsFor(session: Session) {
  const world = await loadWorld(session.accountId, trackerIdsOf);
  const visible = visibleTrackerIdSet(session, world);
  return world.budgets
    .filter((b) => canSeeSharedBudget(session, b, visible))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((b) => budgetView(b, visible, world, session));
}

/**
 * One shared budget the caller may see, with the access fields of its trackers and of `also` (a
 * form's). @throws AppError 404
 */
async function visibleBudget(session: Session, id: string, also: readonly string[] = []) {
  const world = await loadWorld(session.accountId, (budgets) => [
    ...trackerIdsOf(budgets.filter((b) => b.sharedBudgetId === id)),
    ...also,
  ]);
  const visible = visibleTrackerIdSet(session, world);
  const budget = world.budgets.find((b) => b.sharedBudgetId === id);
  if (!budget || !canSeeSharedBudget(session, budget, visible)) throw notFound("Shared Budget");
  return { budget, world, visible };
}

/** One shared budget the caller may see. @throws AppError 404 */
export async function getSharedBudgetFor(session: Session, id: string) {
  const { budget, world, visible } = await visibleBudget(session, id);
  return budgetView(budget, visible, world, session);
}

/** The shared budget form, validated (money in micros). */
export interface SharedBudgetForm {
  name: string;
  description: string;
  budget: number;
  allocatedBudgetAsAPercentage: boolean;
  hasManualAllocationBeenSet: boolean;
  weekdaysOnly: boolean;
  trackers: {
    _id: string;
    budgetAllocation?: number | null | undefined;
    budgetAllocationMoney?: number | null | undefined;
  }[];
  users: string[];
}

/**
 * Clamps each allocation with the engine's rule (spec section 5): a percent to 0..100, money to
 * 0..the total budget (whole micros).
 */
export function clampAllocations(form: SharedBudgetForm): SharedBudgetAllocationInput[] {
  return form.trackers.map((t) => ({
    _id: t._id,
    ...(t.budgetAllocation === null || t.budgetAllocation === undefined
      ? {}
      : { budgetAllocation: clampAllocation(t.budgetAllocation, true, form.budget) }),
    ...(t.budgetAllocationMoney === null || t.budgetAllocationMoney === undefined
      ? {}
      : { budgetAllocationMoney: Math.round(clampAllocation(t.budgetAllocationMoney, false, form.budget)) }),
  }));
}

/**
 * The allocations to store, refused when they add up to more than the budget (100% in percentage
 * mode, the budget in money mode), with the sum in the message; `kept` are the allocations of the
 * trackers the caller cannot see, which count too. @throws AppError 400 on `body.trackers`.
 */
function allocationsToStore(
  form: SharedBudgetForm,
  kept: readonly SharedBudgetAllocationInput[] = [],
): SharedBudgetAllocationInput[] {
  const trackers = [...clampAllocations(form), ...kept];
  const error = allocationTotalError({ ...form, trackers });
  if (error) throw badRequest(error, "body.trackers");
  return trackers;
}

function checkForm(_session: Session, form: SharedBudgetForm, world: BudgetWorld, visible: Set<string>) {
  for (const [i, t] of form.trackers.entries()) {
    if (!visible.has(t._id)) throw badRequest(SHARED_BUDGET_TEXTS.unknownTracker, `body.trackers.${i}._id`);
  }
  for (const [i, id] of form.users.entries()) {
    if (!world.users.has(id)) throw badRequest(SHARED_BUDGET_TEXTS.unknownUser, `body.users.${i}`);
  }
}

/**
 * Creates a shared budget owned by the caller; trackers in another one move to it (one transaction).
 * @throws AppError 403, 400 (unknown tracker or user, allocations over the budget).
 */
export async function createSharedBudgetFor(session: Session, form: SharedBudgetForm, now: Date) {
  requireWriter(session);
  const world = await loadWorld(session.accountId, () => form.trackers.map((t) => t._id));
  const visible = visibleTrackerIdSet(session, world);
  checkForm(session, form, world, visible);
  const saved = await saveSharedBudget(
    session.accountId,
    { ownerId: session.userId },
    { ...form, trackers: allocationsToStore(form) },
    now,
  );
  return budgetView(saved, visible, world, session);
}

/**
 * Replaces a shared budget's settings, trackers and allocations; its trackers the caller cannot see
 * keep their allocations (and count in the allocations' sum). @throws AppError 404, 403, 400; 409
 * when stale.
 */
export async function updateSharedBudgetFor(
  session: Session,
  id: string,
  expectedVersion: number | undefined,
  form: SharedBudgetForm,
  now: Date,
) {
  requireWriter(session);
  const { budget, world, visible } = await visibleBudget(
    session,
    id,
    form.trackers.map((t) => t._id),
  );
  checkForm(session, form, world, visible);
  const hidden = budget.trackers.filter((t) => !visible.has(t._id) && world.trackers.has(t._id));
  const saved = await saveSharedBudget(
    session.accountId,
    {
      sharedBudgetId: id,
      ownerId: budget.ownerId,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    },
    { ...form, trackers: allocationsToStore(form, hidden) },
    now,
  );
  return budgetView(saved, visible, world, session);
}

/** Deletes a shared budget the caller may see. @throws AppError 404, 403; 409 when stale. */
export async function deleteSharedBudgetFor(
  session: Session,
  id: string,
  expectedVersion: number | undefined,
) {
  requireWriter(session);
  await visibleBudget(session, id);
  await deleteSharedBudget(session.accountId, id, expectedVersion);
}

export function assertSameBudget(pathId: string, bodyId: string | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId) throw badRequest(SHARED_BUDGET_TEXTS.idMismatch, "body._id");
}
