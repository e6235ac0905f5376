import { resendUnprocessed } from "@pacer/core";

/** How many times the unprocessed part of a batch write is sent again. */
const BATCH_ATTEMPTS = 5;

/**
 * Writes `items` with `send` (an ElectroDB batch put or delete), sending again with backoff the items it
 * reports unprocessed (matched by `keyOf` on the item and on the unprocessed key).
 * @throws Error naming `what` when items are still unprocessed after the retries
 */
export async function batchWriteRetrying<T>(
  items: T[],
  send: (batch: T[]) => Promise<{ unprocessed: unknown[] }>,
  keyOf: (item: T) => string,
  what: string,
): Promise<void> {
  const left = await resendUnprocessed(
    items,
    async (batch) => {
      const { unprocessed } = await send(batch);
      const keys = new Set(unprocessed.map((u) => keyOf(u as T)));
      return batch.filter((p) => keys.has(keyOf(p)));
    },
    { attempts: BATCH_ATTEMPTS, delayMs: (attempt) => 50 * 2 ** attempt },
  );
  if (left.length > 0) throw new Error(`${left.length} ${what} were not written`);
}
