import {
  type Account,
  accountsDueForRefresh,
  listIntegrations,
  listTrackers,
  lowerRefreshRunTotal,
  markTrackerRefreshQueued,
  openRefreshRun,
  settleTrackerRefresh,
  startAccountRefreshRun,
  type Tracker,
  TrackerListWrites,
} from "@pacer/db";
import { logger } from "../lib/logger.ts";
import {
  enqueueRefreshes,
  hasRefreshQueue,
  type RefreshMessage,
  refreshMessageFor,
  slugOf,
} from "../lib/refresh-queue.ts";
import { trialExpired } from "../lib/session.ts";
import { REFRESH_ERROR_TEXTS } from "../refresh-worker/failures.ts";

/**
 * The scheduler (trackers.md section 4; overview-access-account.md section 3): every run finds the
 * accounts whose refresh is due (`nextRunAt`, last run plus `hourlyCycle` hours, on the
 * `byRefreshDue` index: a query, never a scan), starts each account's run (sets
 * `lastDashboardRunDate` and `nextRunAt`, which the dashboard header shows as last run and next
 * update; a conditional write, so two scheduler runs never both start it), and queues one refresh
 * message per tracker on its platform's queue (`SendMessageBatch`, 10 per call).
 *
 * Left out of a run: accounts past their free trial (their run time still moves on), and trackers
 * whose connection is gone or was refused by the platform: they get (once) the `err` saying so
 * instead of a job that could only fail, until the connection is added again.
 */

/** What one scheduler run did. */
export interface SchedulerSummary {
  accounts: number;
  trackers: number;
  queued: number;
  failed: number;
  skipped: number;
}

/** What the account's run needs from outside (the alert evaluation when nothing could be queued). */
export interface SchedulerDeps {
  evaluateAlerts: (accountId: string, now: Date) => Promise<unknown>;
}

const sameErr = (tracker: Tracker, msg: string) => tracker.dataLoadFail === true && tracker.err?.msg === msg;

/**
 * Queues the refresh of every tracker of an account for the run at `now` (its run id is `now` as
 * ISO). Opens the run (so the job that finishes it last runs the alert evaluation), marks trackers
 * that never had data as loading, then queues.
 */
export async function queueAccountRefresh(
  account: Pick<Account, "accountId">,
  now: Date,
  deps: SchedulerDeps,
): Promise<Omit<SchedulerSummary, "accounts">> {
  const runId = now.toISOString();
  const [trackers, integrations] = await Promise.all([
    listTrackers(account.accountId),
    listIntegrations(account.accountId),
  ]);
  const byKey = new Map(integrations.map((i) => [`${i.slug}#${i.email}`, i]));
  const messages: RefreshMessage[] = [];
  let skipped = 0;
  for (const tracker of trackers) {
    const source = tracker.dataSource as { integration?: { slug?: string; email?: string } };
    const integration = byKey.get(`${source?.integration?.slug}#${source?.integration?.email}`);
    if (!integration) {
      skipped++;
      if (!sameErr(tracker, REFRESH_ERROR_TEXTS.removed)) {
        await settleTrackerRefresh(account.accountId, tracker.trackerId, {
          ok: false,
          err: { title: REFRESH_ERROR_TEXTS.removedTitle, msg: REFRESH_ERROR_TEXTS.removed },
        });
      }
      continue;
    }
    if (integration.authFailedAt) {
      skipped++;
      if (!sameErr(tracker, REFRESH_ERROR_TEXTS.auth)) {
        await settleTrackerRefresh(account.accountId, tracker.trackerId, {
          ok: false,
          err: { title: REFRESH_ERROR_TEXTS.authTitle, msg: REFRESH_ERROR_TEXTS.auth },
        });
      }
      continue;
    }
    if (!hasRefreshQueue(slugOf(tracker))) {
      skipped++;
      continue;
    }
    messages.push(refreshMessageFor(tracker, { runId, reason: "schedule", now }));
  }
  if (messages.length === 0) return { trackers: trackers.length, queued: 0, failed: 0, skipped };

  await openRefreshRun(account.accountId, runId, messages.length, "schedule", now);
  const queuedIds = new Set(messages.map((m) => m.trackerId));
  // One list-marker write for the run's flag writes, not one per tracker.
  const writes = new TrackerListWrites(account.accountId);
  for (const t of trackers) {
    if (!t.lastRefreshedAt && !t.dataLoading && queuedIds.has(t.trackerId)) {
      await markTrackerRefreshQueued(
        account.accountId,
        t.trackerId,
        { isUpdating: false, dataLoading: true },
        writes,
      );
    }
  }
  let failed: RefreshMessage[];
  try {
    ({ failed } = await enqueueRefreshes(messages));
  } catch (error) {
    logger.error("Refresh messages not queued", {
      accountId: account.accountId,
      errorName: error instanceof Error ? error.name : "Error",
    });
    failed = messages;
  }
  if (failed.length && (await lowerRefreshRunTotal(account.accountId, runId, failed.length))) {
    await deps.evaluateAlerts(account.accountId, now);
  }
  return {
    trackers: trackers.length,
    queued: messages.length - failed.length,
    failed: failed.length,
    skipped,
  };
}

/** One scheduler run at `now`. One account's failure is logged and does not stop the others. */
export async function runRefreshScheduler(now: Date, deps: SchedulerDeps): Promise<SchedulerSummary> {
  const summary: SchedulerSummary = { accounts: 0, trackers: 0, queued: 0, failed: 0, skipped: 0 };
  for await (const page of accountsDueForRefresh(now)) {
    for (const due of page) {
      try {
        const account = await startAccountRefreshRun(due, now);
        if (!account) continue; // another scheduler run started it
        if (trialExpired(account, now)) continue;
        summary.accounts++;
        const done = await queueAccountRefresh(account, now, deps);
        summary.trackers += done.trackers;
        summary.queued += done.queued;
        summary.failed += done.failed;
        summary.skipped += done.skipped;
      } catch (error) {
        logger.error("Account refresh not started", {
          accountId: due.accountId,
          errorName: error instanceof Error ? error.name : "Error",
          stack: error instanceof Error ? error.stack : undefined,
        });
      }
    }
  }
  logger.info("Refresh scheduler run", { ...summary });
  return summary;
}
