import type { EntityItem } from "electrodb";
import { batchWriteRetrying } from "./batch-write.ts";
import { type DailyMetricsRow, dailyFigures } from "./daily-rows.ts";
import type { DailyMetricEntity } from "./entities/daily-metric.ts";
import { db } from "./service.ts";

export type { DailyMetricsRow } from "./daily-rows.ts";

/** A daily metrics item as stored. */
export type DailyMetric = EntityItem<DailyMetricEntity>;

/**
 * Upserts a tracker's daily rows: one item per day, written with a plain put, so writing the same
 * day again (an SQS redelivery, an overlapping refresh window) replaces it and leaves one item.
 * Batches of 25; unprocessed items are retried with backoff.
 * @throws Error when some days are still unprocessed after the retries (the refresh can run again).
 */
export async function putDailyMetrics(
  accountId: string,
  trackerId: string,
  rows: readonly DailyMetricsRow[],
): Promise<void> {
  // One item per day: the last row of a date wins within one call, as it does across calls.
  const byDate = new Map<string, DailyMetricsRow>();
  for (const row of rows) byDate.set(row.date, row);
  await batchWriteRetrying(
    [...byDate.values()].map((r) => ({ accountId, trackerId, ...dailyFigures(r) })),
    async (batch) => (await db()).entities.dailyMetric.put(batch).go({ concurrent: 4 }),
    (item) => item.date,
    "daily metrics",
  );
}

/** A tracker's daily rows from `from` to `to` (inclusive, `yyyy-MM-dd`), oldest first. */
export async function listDailyMetrics(
  accountId: string,
  trackerId: string,
  from: string,
  to: string,
): Promise<DailyMetricsRow[]> {
  const { data } = await (await db()).entities.dailyMetric.query
    .byTracker({ accountId, trackerId })
    .between({ date: from }, { date: to })
    .go({ pages: "all" });
  return data.map(dailyFigures);
}
