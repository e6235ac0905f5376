import { randomUUID } from "node:crypto";
import type { Pod } from "@pacer/core";
import { nowIso } from "./entities/common.ts";
import { isConditionFailure, NotFoundError, VersionConflictError } from "./errors.ts";
import { db } from "./service.ts";
import { TransactionCollision, transactRetrying } from "./transaction-retry.ts";

/** A pod as stored: the one record of which trackers are in it. */
export type { Pod };

/** The fields of a pod a create or an update sets. */
export interface PodInput {
  name: string;
  description: string;
  /** Tracker ids; a tracker in another pod moves to this one. */
  trackers: string[];
  users: string[];
}

/** How many times a write over several pods is retried when one of the other pods changed. */
const ATTEMPTS = 4;
/** DynamoDB's limit of items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

/** Every pod of an account (one query). */
export async function listPods(accountId: string): Promise<Pod[]> {
  const { data } = await (await db()).entities.pod.query.byAccount({ accountId }).go({ pages: "all" });
  return data;
}

/**
 * One pod of an account.
 * @throws NotFoundError
 */
export async function getPod(accountId: string, podId: string): Promise<Pod> {
  const { data } = await (await db()).entities.pod.get({ accountId, podId }).go();
  if (!data) throw new NotFoundError("Pod");
  return data;
}

/**
 * Creates (no `podId`) or updates a pod, and in the same transaction takes its trackers out of any
 * other pod (a tracker is in at most one pod). Every pod written is conditioned on the version read,
 * so a concurrent change of any of them cancels the whole write, which is then retried from a fresh
 * read; a change of the pod itself from `expectedVersion` is a conflict.
 * @throws NotFoundError (update of a missing pod), VersionConflictError.
 */
export async function savePod(
  accountId: string,
  target: { podId?: string; ownerId: string; expectedVersion?: number },
  input: PodInput,
  now: Date = new Date(),
): Promise<Pod> {
  const podId = target.podId ?? randomUUID();
  const trackers = [...new Set(input.trackers)];
  const users = [...new Set(input.users)];
  return transactRetrying("Pod", ATTEMPTS, async () => {
    const pods = await listPods(accountId);
    const current = pods.find((p) => p.podId === podId);
    if (target.podId && !current) throw new NotFoundError("Pod");
    if (current && target.expectedVersion !== undefined && current.version !== target.expectedVersion) {
      throw new VersionConflictError("Pod");
    }
    const moving = new Set(trackers);
    const others = pods.filter((p) => p.podId !== podId && p.trackers.some((t) => moving.has(t)));
    if (others.length + 1 > MAX_TRANSACTION_ITEMS) throw new RangeError("Too many pods change at once");
    const result = await (await db()).transaction
      .write(({ pod }) => [
        current
          ? pod
              .patch({ accountId, podId })
              .set({ name: input.name, description: input.description, trackers, users })
              .add({ version: 1 })
              .where(({ version }, { eq }) => eq(version, current.version))
              .commit()
          : pod
              .create({
                accountId,
                podId,
                name: input.name,
                description: input.description,
                trackers,
                users,
                ownerId: target.ownerId,
                createdAt: nowIso(now),
              })
              .commit(),
        ...others.map((p) =>
          pod
            .patch({ accountId, podId: p.podId })
            .set({ trackers: p.trackers.filter((t) => !moving.has(t)) })
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, p.version))
            .commit(),
        ),
      ])
      .go();
    if (!result.canceled) return getPod(accountId, podId);
    const selfFailed = result.data[0]?.code === "ConditionalCheckFailed";
    if (selfFailed && target.expectedVersion !== undefined) throw new VersionConflictError("Pod");
    throw new TransactionCollision();
  });
}

/**
 * Deletes a pod (its trackers are then in no pod: membership is only recorded on the pod).
 * @param expectedVersion delete only if the pod is still at this version (undefined: any).
 * @throws NotFoundError, VersionConflictError.
 */
export async function deletePod(accountId: string, podId: string, expectedVersion?: number): Promise<Pod> {
  const pod = await getPod(accountId, podId);
  if (expectedVersion !== undefined && pod.version !== expectedVersion) throw new VersionConflictError("Pod");
  const { data } = await (await db()).entities.pod
    .delete({ accountId, podId })
    .where(({ version }, { eq }) => eq(version, pod.version))
    .go({ response: "all_old" })
    .catch((error: unknown) => {
      throw isConditionFailure(error) ? new VersionConflictError("Pod") : error;
    });
  return (data as Pod | null) ?? pod;
}
