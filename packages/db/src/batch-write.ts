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
  let pending = items;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const { unprocessed } = await send(pending);
    if (unprocessed.length === 0) return;
    if (attempt >= BATCH_ATTEMPTS) throw new Error(`${unprocessed.length} ${what} were not written`);
    const left = new Set(unprocessed.map((u) => keyOf(u as T)));
    pending = pending.filter((p) => left.has(keyOf(p)));
    await new Promise((done) => setTimeout(done, 50 * 2 ** attempt));
  }
}
