import { randomUUID } from "node:crypto";
import { reportingLagHours } from "@pacer/connectors/reporting-lag";
import {
  addDays,
  budgetCalendar,
  isIsoDate,
  isNewUser,
  localDate,
  metricsWindow,
  resendUnprocessed,
} from "@pacer/core";
import {
  findTracker,
  lowerRefreshRunTotal,
  markTrackerRefreshQueued,
  openRefreshRun,
  type Tracker,
  TrackerListWrites,
  type User,
} from "@pacer/db";
import * as z from "zod";
import { queueUrlEnv, REFRESH_PLATFORMS, refreshQueueName } from "../../resources.ts";
import { logger } from "./logger.ts";
import { sqsForSend } from "./sqs-sdk.ts";

/**
 * The refresh messages and how they are queued: THE one place that builds a refresh job (the
 * scheduler, the refresh and update calls and the 12-hour rule all come here) and sends it to the
 * refresh queue of the tracker's platform (`refresh-<slug>` in functions/resources.ts).
 *
 * A message names one job: the account, the tracker, its platform, the date window and the run.
 * The worker is idempotent by tracker + window + run: every delivery of the same message (and any
 * other message naming the same job) writes once.
 */

/** Days before today that every refresh fetches again: platforms revise recent days. */
export const RESTATEMENT_DAYS = 7;

/** Why a refresh was queued (`created`: the first refresh of a new tracker). */
export const REFRESH_REASONS = [
  "schedule",
  "on-demand",
  "filters-changed",
  "settings-change",
  "created",
] as const;
export type RefreshReason = (typeof REFRESH_REASONS)[number];

const isoDate = z.string().refine(isIsoDate, "a yyyy-MM-dd date");

/** The body of a refresh message (version 1). */
export const refreshMessageSchema = z.object({
  v: z.literal(1),
  accountId: z.string().min(1).max(100),
  trackerId: z.string().min(1).max(100),
  /** Integration slug: which platform, hence which queue. */
  slug: z.string().min(1).max(50),
  /** First and last day (inclusive) to fetch, `yyyy-MM-dd` in the ad account's time zone. */
  from: isoDate,
  to: isoDate,
  /** The whole history (first run, filters changed, lifetime start moved back). */
  full: z.boolean(),
  /** The run: the account's scheduled run time (ISO), or `ondemand-<uuid>`. */
  runId: z.string().min(1).max(100),
  reason: z.enum(REFRESH_REASONS),
  /** When the job was queued (ISO). */
  queuedAt: z.string().min(1).max(40),
});
export type RefreshMessage = z.output<typeof refreshMessageSchema>;

/** The job a message names (the idempotency key): tracker + window + run. */
export function jobKeyOf(m: Pick<RefreshMessage, "accountId" | "trackerId" | "from" | "to" | "runId">) {
  return { accountId: m.accountId, trackerId: m.trackerId, from: m.from, to: m.to, runId: m.runId };
}

/** The tracker's integration slug (`dataSource.integration.slug`). */
export function slugOf(tracker: Pick<Tracker, "dataSource">): string {
  return String((tracker.dataSource as { integration?: { slug?: string } })?.integration?.slug ?? "");
}

/** True when the platform has a refresh queue. */
export function hasRefreshQueue(slug: string): boolean {
  return (REFRESH_PLATFORMS as readonly string[]).includes(slug);
}

/**
 * The days a refresh of this tracker fetches at `now`, in its ad account's time zone:
 * - the whole history the figures use (the six previous months and this month, or from the lifetime
 *   start when earlier: `metricsWindow`) on the first run (never refreshed), when `full` is asked
 *   (its filters changed), or when a settings change moved the lifetime start before that history;
 * - on the first refresh of a day (the last success was on an earlier day in the account's zone), or
 *   for a platform without a known reporting lag: the current month plus the restatement window,
 *   from the earlier of the first of the month and {@link RESTATEMENT_DAYS} days ago, to today (the
 *   platforms' later corrections, once a day);
 * - on the day's later refreshes, only the days that can have changed since the last success: a
 *   day's figures may move until its platform's reporting lag (`@pacer/connectors` reporting-lag,
 *   hours) has passed after its end, so from the day that held `lastRefreshedAt - lag` to today.
 *   The days before it are stored and closed, and are neither fetched nor rewritten; the figures
 *   are recomputed from the stored month as always.
 */
export function refreshWindow(
  tracker: Pick<Tracker, "timeZone" | "lastRefreshedAt" | "requiresUpdate" | "lifetimeBudgetDates"> &
    Partial<Pick<Tracker, "dataSource">>,
  now: Date,
  options: { full?: boolean } = {},
): { from: string; to: string; full: boolean } {
  const calendar = budgetCalendar(now, tracker.timeZone);
  const history = metricsWindow(tracker, calendar);
  const historyStart = calendar.previousMonths[0] ?? calendar.monthStart;
  const full =
    options.full === true ||
    !tracker.lastRefreshedAt ||
    (tracker.requiresUpdate && history.from < historyStart);
  if (full) return { from: history.from, to: calendar.today, full: true };
  const lagHours = reportingLagHours(slugOf({ dataSource: tracker.dataSource }));
  const last = Date.parse(tracker.lastRefreshedAt as string);
  if (lagHours !== null && Number.isFinite(last) && localDate(last, tracker.timeZone) === calendar.today) {
    const open = localDate(last - lagHours * 3_600_000, tracker.timeZone);
    return { from: open < calendar.today ? open : calendar.today, to: calendar.today, full: false };
  }
  const restated = addDays(calendar.today, -RESTATEMENT_DAYS);
  return {
    // The earlier of two yyyy-MM-dd dates (they sort as text).
    from: [restated, calendar.monthStart].sort()[0] as string,
    to: calendar.today,
    full: false,
  };
}

/** The refresh message of a tracker for a run. */
export function refreshMessageFor(
  tracker: Tracker,
  run: { runId: string; reason: RefreshReason; now: Date; full?: boolean },
): RefreshMessage {
  const window = refreshWindow(tracker, run.now, { full: run.full ?? false });
  return {
    v: 1,
    accountId: tracker.accountId,
    trackerId: tracker.trackerId,
    slug: slugOf(tracker),
    from: window.from,
    to: window.to,
    full: window.full,
    runId: run.runId,
    reason: run.reason,
    queuedAt: run.now.toISOString(),
  };
}

/** The URL of a queue from the environment (`QUEUE_URL_<NAME>`), or undefined. */
export function queueUrlOf(queueName: string): string | undefined {
  return process.env[queueUrlEnv(queueName)] || undefined;
}

/** SendMessageBatch calls in flight at once while queueing. */
const SEND_CONCURRENCY = 8;
/** Times the entries SQS reports as failed are sent again. */
const SEND_ATTEMPTS = 3;

/**
 * Queues refresh messages on their platforms' queues with `SendMessageBatch`, 10 entries per call
 * (SQS's maximum), the queues' calls taken in turn (busiest queue first) so every platform's
 * workers start at once; entries SQS refuses are sent again (3 attempts in all).
 * @returns the messages queued and those that could not be (no queue for the platform, or refused
 *   on every attempt; logged). Never throws for a refused entry; throws when SQS cannot be reached.
 */
export async function enqueueRefreshes(
  messages: readonly RefreshMessage[],
): Promise<{ queued: RefreshMessage[]; failed: RefreshMessage[] }> {
  const queued: RefreshMessage[] = [];
  const failed: RefreshMessage[] = [];
  type Batch = { url: string; entries: RefreshMessage[] };
  const bySlug = new Map<string, RefreshMessage[]>();
  for (const m of messages) {
    const list = bySlug.get(m.slug);
    if (list) list.push(m);
    else bySlug.set(m.slug, [m]);
  }
  const perQueue: Batch[][] = [];
  for (const [slug, list] of bySlug) {
    const url = hasRefreshQueue(slug) ? queueUrlOf(refreshQueueName(slug)) : undefined;
    if (!url) {
      logger.error("No refresh queue for a platform", { slug, messages: list.length });
      failed.push(...list);
      continue;
    }
    const own: Batch[] = [];
    for (let i = 0; i < list.length; i += 10) own.push({ url, entries: list.slice(i, i + 10) });
    perQueue.push(own);
  }
  // Every queue gets its first messages in the first calls (the busiest queue first, as it bounds
  // the run), so no platform's workers wait while other platforms' messages are sent.
  perQueue.sort((a, b) => b.length - a.length);
  const batches: Batch[] = [];
  for (let round = 0; round < (perQueue[0]?.length ?? 0); round++) {
    for (const own of perQueue) if (round < own.length) batches.push(own[round] as Batch);
  }
  if (batches.length === 0) return { queued, failed };
  const {
    sdk: { SendMessageBatchCommand },
    sqsClient,
  } = await sqsForSend();
  let next = 0;
  const lane = async () => {
    while (next < batches.length) {
      const batch = batches[next++] as (typeof batches)[number];
      const pending = await resendUnprocessed(
        batch.entries,
        async (entries) => {
          const out = await sqsClient().send(
            new SendMessageBatchCommand({
              QueueUrl: batch.url,
              Entries: entries.map((m, i) => ({ Id: String(i), MessageBody: JSON.stringify(m) })),
            }),
          );
          const refused = new Set((out.Failed ?? []).map((f) => f.Id));
          queued.push(...entries.filter((_m, i) => !refused.has(String(i))));
          return entries.filter((_m, i) => refused.has(String(i)));
        },
        { attempts: SEND_ATTEMPTS },
      );
      if (pending.length) {
        logger.error("Refresh messages refused by SQS", { messages: pending.length });
        failed.push(...pending);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, batches.length) }, lane));
  return { queued, failed };
}

/**
 * Refreshes trackers of one account now through the pipeline (the refresh and update calls, the
 * 12-hour rule, a new tracker's first refresh): opens one run of as many jobs, marks each tracker
 * `isUpdating` ('Currently Updating', and `dataLoading` when it never had data), then queues their
 * messages on their platforms' queues. The worker clears the flags when each refresh lands (or
 * fails) and pushes the tracker. A tracker whose message could not be queued (no queue for its
 * platform, or refused by SQS) gets its flags back and is left to the next scheduled run.
 * @returns `flagged`: the trackers queued, with their flags as stored (a tracker deleted meanwhile
 *   is in neither list); `notQueued`: the trackers whose refresh could not be queued.
 * @throws Error when the trackers are not all of one account; DynamoDB errors.
 */
export async function requestTrackerRefreshes(
  trackers: readonly Tracker[],
  options: { reason: RefreshReason; now: Date; full?: boolean },
): Promise<{ flagged: Tracker[]; notQueued: Tracker[] }> {
  const accountId = trackers[0]?.accountId;
  if (accountId === undefined) return { flagged: [], notQueued: [] };
  if (trackers.some((t) => t.accountId !== accountId)) {
    throw new Error("A refresh request names trackers of one account only");
  }
  const runId = `ondemand-${randomUUID()}`;
  const notQueued: Tracker[] = [];
  const jobs: Array<{ tracker: Tracker; message: RefreshMessage }> = [];
  for (const tracker of trackers) {
    const message = refreshMessageFor(tracker, { runId, ...options });
    if (hasRefreshQueue(message.slug) && queueUrlOf(refreshQueueName(message.slug))) {
      jobs.push({ tracker, message });
    } else {
      logger.warn("No refresh queue for a tracker's platform", {
        trackerId: tracker.trackerId,
        slug: message.slug,
      });
      notQueued.push(tracker);
    }
  }
  if (jobs.length === 0) return { flagged: [], notQueued };

  await openRefreshRun(accountId, runId, jobs.length, options.reason, options.now);
  const flaggedById = new Map<string, Tracker>();
  const live: typeof jobs = [];
  // One list-marker write for these flag writes, not one per tracker.
  const writes = new TrackerListWrites(accountId);
  for (const job of jobs) {
    const flagged = await markTrackerRefreshQueued(
      accountId,
      job.tracker.trackerId,
      {
        isUpdating: true,
        dataLoading: !job.tracker.lastRefreshedAt,
        isBudgetUpdating: job.tracker.automatedBudget === true,
      },
      writes,
    );
    if (flagged) {
      flaggedById.set(flagged.trackerId, flagged);
      live.push(job);
    }
  }
  if (live.length < jobs.length) await lowerRefreshRunTotal(accountId, runId, jobs.length - live.length);

  let failed: RefreshMessage[];
  try {
    ({ failed } = await enqueueRefreshes(live.map((j) => j.message)));
  } catch (error) {
    failed = live.map((j) => j.message);
    logger.error("Refresh not queued", {
      accountId,
      trackers: failed.length,
      errorName: error instanceof Error ? error.name : "Error",
    });
  }
  if (failed.length) {
    await lowerRefreshRunTotal(accountId, runId, failed.length);
    for (const m of failed) {
      flaggedById.delete(m.trackerId);
      await markTrackerRefreshQueued(
        accountId,
        m.trackerId,
        { isUpdating: false, dataLoading: false, isBudgetUpdating: false },
        writes,
      );
      const tracker = live.find((j) => j.message === m)?.tracker;
      if (tracker) notQueued.push(tracker);
    }
  }
  return { flagged: [...flaggedById.values()], notQueued };
}

/**
 * Refreshes one tracker now through the pipeline (see {@link requestTrackerRefreshes}).
 * @returns the tracker with its flags as stored, or undefined when it is gone.
 * @throws Error when the message could not be queued (the flags are put back first).
 */
export async function requestTrackerRefresh(
  tracker: Tracker,
  options: { reason: RefreshReason; now: Date; full?: boolean },
): Promise<Tracker | undefined> {
  const { flagged, notQueued } = await requestTrackerRefreshes([tracker], options);
  if (notQueued.length) {
    throw new Error(`The refresh of tracker ${tracker.trackerId} could not be queued`);
  }
  return flagged[0];
}

/**
 * The 12-hour rule (trackers.md section 4): after a budget or lifetime change by a user registered
 * less than 12 hours ago, the tracker's data refresh follows automatically. Reads the tracker only
 * for such a user. Best effort: the change itself has succeeded, so a refresh that cannot be queued
 * is logged and left to the next scheduled run (the tracker stays 'Awaiting data refresh').
 * @returns the flags to show on the change's answer (`isUpdating`, `dataLoading`), or undefined
 *   when no refresh was queued.
 */
export async function autoRefreshForNewUser(
  session: { accountId: string; user: Pick<User, "registrationDate"> },
  trackerId: string,
  now: Date,
): Promise<{ isUpdating: boolean; dataLoading: boolean } | undefined> {
  if (!isNewUser(session.user, now)) return undefined;
  try {
    const tracker = await findTracker(session.accountId, trackerId);
    if (!tracker) return undefined;
    const flagged = await requestTrackerRefresh(tracker, { reason: "settings-change", now });
    return flagged ? { isUpdating: true, dataLoading: flagged.dataLoading ?? false } : undefined;
  } catch (error) {
    logger.warn("Automatic refresh after a change not queued", {
      trackerId,
      errorName: error instanceof Error ? error.name : "Error",
      message: error instanceof Error ? error.message : undefined,
    });
    return undefined;
  }
}
