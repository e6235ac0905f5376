import { randomUUID } from "node:crypto";
import type { SharedBudget } from "@pacer/core";
import { nowIso } from "./entities/common.ts";
import { isConditionFailure, NotFoundError, VersionConflictError } from "./errors.ts";
import { db } from "./service.ts";
import { TransactionCollision, transactRetrying } from "./transaction-retry.ts";

/** A shared budget as stored: the one record of which trackers share it. */
export type { SharedBudget };

/** One tracker's allocation (already clamped by the use-case). */
export interface SharedBudgetAllocationInput {
  _id: string;
  budgetAllocation?: number;
  budgetAllocationMoney?: number;
}

/** The fields of a shared budget a create or an update sets. Money in micros. */
export interface SharedBudgetInput {
  name: string;
  description: string;
  budget: number;
  allocatedBudgetAsAPercentage: boolean;
  hasManualAllocationBeenSet: boolean;
  weekdaysOnly: boolean;
  /** A tracker in another shared budget moves to this one. */
  trackers: SharedBudgetAllocationInput[];
  users: string[];
}

const ATTEMPTS = 4;
const MAX_TRANSACTION_ITEMS = 100;

/** Every shared budget of an account (one query). */
export async function listSharedBudgets(accountId: string): Promise<SharedBudget[]> {
  const { data } = await (await db()).entities.sharedBudget.query
    .byAccount({ accountId })
    .go({ pages: "all" });
  return data;
}

/**
 * One shared budget of an account.
 * @throws NotFoundError
 */
export async function getSharedBudget(accountId: string, sharedBudgetId: string): Promise<SharedBudget> {
  const { data } = await (await db()).entities.sharedBudget.get({ accountId, sharedBudgetId }).go();
  if (!data) throw new NotFoundError("Shared Budget");
  return data;
}

/**
 * Creates (no `sharedBudgetId`) or updates a shared budget, and in the same transaction takes its
 * trackers out of any other shared budget (a tracker is in at most one). Written like pods: every
 * item conditioned on the version read, retried from a fresh read when another one changed.
 * @throws NotFoundError (update of a missing one), VersionConflictError.
 */
export async function saveSharedBudget(
  accountId: string,
  target: { sharedBudgetId?: string; ownerId: string; expectedVersion?: number },
  input: SharedBudgetInput,
  now: Date = new Date(),
): Promise<SharedBudget> {
  const sharedBudgetId = target.sharedBudgetId ?? randomUUID();
  const seen = new Set<string>();
  const trackers = input.trackers.filter((t) => !seen.has(t._id) && seen.add(t._id));
  const users = [...new Set(input.users)];
  const fields = {
    name: input.name,
    description: input.description,
    budget: input.budget,
    allocatedBudgetAsAPercentage: input.allocatedBudgetAsAPercentage,
    hasManualAllocationBeenSet: input.hasManualAllocationBeenSet,
    weekdaysOnly: input.weekdaysOnly,
    trackers,
    users,
  };
  return transactRetrying("Shared Budget", ATTEMPTS, async () => {
    const budgets = await listSharedBudgets(accountId);
    const current = budgets.find((b) => b.sharedBudgetId === sharedBudgetId);
    if (target.sharedBudgetId && !current) throw new NotFoundError("Shared Budget");
    if (current && target.expectedVersion !== undefined && current.version !== target.expectedVersion) {
      throw new VersionConflictError("Shared Budget");
    }
    const others = budgets.filter(
      (b) => b.sharedBudgetId !== sharedBudgetId && b.trackers.some((t) => seen.has(t._id)),
    );
    if (others.length + 1 > MAX_TRANSACTION_ITEMS) {
      throw new RangeError("Too many shared budgets change at once");
    }
    const result = await (await db()).transaction
      .write(({ sharedBudget }) => [
        current
          ? sharedBudget
              .patch({ accountId, sharedBudgetId })
              .set(fields)
              .add({ version: 1 })
              .where(({ version }, { eq }) => eq(version, current.version))
              .commit()
          : sharedBudget
              .create({
                ...fields,
                accountId,
                sharedBudgetId,
                ownerId: target.ownerId,
                createdAt: nowIso(now),
              })
              .commit(),
        ...others.map((b) =>
          sharedBudget
            .patch({ accountId, sharedBudgetId: b.sharedBudgetId })
            .set({ trackers: b.trackers.filter((t) => !seen.has(t._id)) })
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, b.version))
            .commit(),
        ),
      ])
      .go();
    if (!result.canceled) return getSharedBudget(accountId, sharedBudgetId);
    const selfFailed = result.data[0]?.code === "ConditionalCheckFailed";
    if (selfFailed && target.expectedVersion !== undefined) throw new VersionConflictError("Shared Budget");
    throw new TransactionCollision();
  });
}

/**
 * Deletes a shared budget (its trackers are then in none).
 * @param expectedVersion delete only if it is still at this version (undefined: any).
 * @throws NotFoundError, VersionConflictError.
 */
export async function deleteSharedBudget(
  accountId: string,
  sharedBudgetId: string,
  expectedVersion?: number,
): Promise<SharedBudget> {
  const budget = await getSharedBudget(accountId, sharedBudgetId);
  if (expectedVersion !== undefined && budget.version !== expectedVersion) {
    throw new VersionConflictError("Shared Budget");
  }
  await (await db()).entities.sharedBudget
    .delete({ accountId, sharedBudgetId })
    .where(({ version }, { eq }) => eq(version, budget.version))
    .go()
    .catch((error: unknown) => {
      throw isConditionFailure(error) ? new VersionConflictError("Shared Budget") : error;
    });
  return budget;
}
