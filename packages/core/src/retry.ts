/**
 * THE retry helper: every loop that tries something again (platform HTTP calls, optimistic
 * locking, Secrets Manager creates, partial batch writes) runs through {@link retry}, each call site
 * keeping its own limits as options. No I/O of its own: waiting is `sleep`, injectable for tests.
 */

/** How {@link retry} goes on after a failure. */
export interface RetryOptions {
  /** Attempts in all, the first included (1 = no retry). */
  attempts: number;
  /** Whether the failure of attempt `attempt` (counted from 1) is worth another; default: every failure. */
  retryIf?: (error: unknown, attempt: number) => boolean;
  /**
   * How long to wait before the next attempt after attempt `attempt` failed, in ms; `undefined`
   * (or no function): go on at once, without calling `sleep`.
   */
  delayMs?: (attempt: number, error: unknown) => number | undefined;
  /** Waits `ms` milliseconds; default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Told before each retry (logs, metrics). */
  onRetry?: (error: unknown, attempt: number, delayMs: number | undefined) => void;
  /** Told when the last failure is thrown (no attempt left, or not worth another). */
  onGiveUp?: (error: unknown, attempt: number) => void;
}

const timerSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Runs `run(attempt)` until it resolves, at most `options.attempts` times, waiting
 * `options.delayMs(attempt, error)` between attempts.
 * @returns what the first successful attempt resolved to
 * @throws the last attempt's error when no attempt is left or `retryIf` says no
 */
export async function retry<T>(run: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? timerSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      const again = attempt < options.attempts && (options.retryIf?.(error, attempt) ?? true);
      if (!again) {
        options.onGiveUp?.(error, attempt);
        throw error;
      }
      const delay = options.delayMs?.(attempt, error);
      options.onRetry?.(error, attempt, delay);
      if (delay !== undefined) await sleep(delay);
    }
  }
}

/** Thrown inside {@link resendUnprocessed} while part of a batch is not done. */
class Unprocessed<T> extends Error {
  constructor(readonly left: T[]) {
    super(`${left.length} items not processed`);
  }
}

/**
 * A batch call with partial failures (DynamoDB `BatchWriteItem`'s unprocessed items, SQS
 * `SendMessageBatch`'s failed entries): sends `items`, then sends again what `send` reports as not
 * done, at most `options.attempts` sends in all (through {@link retry}).
 * @param send sends a batch and resolves to the items of it that were not done (empty: all done)
 * @returns the items still not done after the last send (empty when all went through)
 * @throws what `send` throws (a call that failed as a whole)
 */
export async function resendUnprocessed<T>(
  items: readonly T[],
  send: (batch: T[], attempt: number) => Promise<T[]>,
  options: Omit<RetryOptions, "retryIf" | "onGiveUp">,
): Promise<T[]> {
  let pending = [...items];
  if (pending.length === 0) return [];
  try {
    await retry(
      async (attempt) => {
        pending = await send(pending, attempt);
        if (pending.length > 0) throw new Unprocessed(pending);
      },
      { ...options, retryIf: (error) => error instanceof Unprocessed },
    );
    return [];
  } catch (error) {
    if (error instanceof Unprocessed) return error.left as T[];
    throw error;
  }
}
