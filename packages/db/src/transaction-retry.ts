import { retry } from "@pacer/core";
import { VersionConflictError } from "./errors.ts";

/**
 * Thrown by a {@link transactRetrying} step when its transaction was canceled because an item it
 * read changed meanwhile, so a fresh read and another try may go through.
 */
export class TransactionCollision extends Error {
  constructor() {
    super("an item of the transaction changed after it was read");
  }
}

/**
 * Runs `step` (read the items, then write them in one conditional transaction) until it goes
 * through, at most `attempts` times (core's `retry`, no wait: the next read sees the other writer's
 * change). A step that collides throws {@link TransactionCollision}; anything else it throws ends
 * the tries at once.
 * @returns what the first step that went through resolved to
 * @throws VersionConflictError naming `what` when the last attempt collided; what `step` throws otherwise
 */
export async function transactRetrying<T>(
  what: string,
  attempts: number,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await retry(step, { attempts, retryIf: (error) => error instanceof TransactionCollision });
  } catch (error) {
    if (error instanceof TransactionCollision) throw new VersionConflictError(what);
    throw error;
  }
}
