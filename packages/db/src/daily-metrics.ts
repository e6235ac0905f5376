import type { EntityItem } from "electrodb";
import type { DailyMetricEntity } from "./entities/daily-metric.ts";
import { db } from "./service.ts";

/** A daily metrics item as stored. */
export type DailyMetric = EntityItem<typeof DailyMetricEntity>;

/**
 * One day of an ad account's performance, as the connectors deliver it (connectors' DailyMetricsRow,
 * core's DailyRow): money in integer micros, the date `yyyy-MM-dd` in the ad account's time zone.
 */
export interface DailyMetricsRow {
  date: string;
  spendMicros: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenueMicros: number;
}

/** How many times the unprocessed part of a batch write is sent again. */
const BATCH_ATTEMPTS = 5;

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
  let pending = [...byDate.values()].map((r) => ({
    accountId,
    trackerId,
    date: r.date,
    spendMicros: r.spendMicros,
    impressions: r.impressions,
    clicks: r.clicks,
    conversions: r.conversions,
    revenueMicros: r.revenueMicros,
  }));
  for (let attempt = 1; pending.length > 0; attempt++) {
    const { unprocessed } = await db().entities.dailyMetric.put(pending).go({ concurrent: 4 });
    if (unprocessed.length === 0) return;
    if (attempt >= BATCH_ATTEMPTS) throw new Error(`${unprocessed.length} daily metrics were not written`);
    const left = new Set(unprocessed.map((u) => u.date));
    pending = pending.filter((p) => left.has(p.date));
    await new Promise((done) => setTimeout(done, 50 * 2 ** attempt));
  }
}

/** A tracker's daily rows from `from` to `to` (inclusive, `yyyy-MM-dd`), oldest first. */
export async function listDailyMetrics(
  accountId: string,
  trackerId: string,
  from: string,
  to: string,
): Promise<DailyMetricsRow[]> {
  const { data } = await db()
    .entities.dailyMetric.query.byTracker({ accountId, trackerId })
    .between({ date: from }, { date: to })
    .go({ pages: "all" });
  return data.map((d) => ({
    date: d.date,
    spendMicros: d.spendMicros,
    impressions: d.impressions,
    clicks: d.clicks,
    conversions: d.conversions,
    revenueMicros: d.revenueMicros,
  }));
}
