import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { Account } from "./accounts.ts";
import { nowIso } from "./entities/common.ts";
import type { RefreshJobEntity, RefreshRunEntity } from "./entities/refresh.ts";
import { isConditionFailure } from "./errors.ts";
import { epochSeconds } from "./secrets.ts";
import { db } from "./service.ts";
import { type TrackerListWrites, trackerWrite } from "./tracker-list-snapshot.ts";
import type { Tracker } from "./trackers.ts";

/**
 * The refresh pipeline's data: the scheduler's account query and run claim, the worker's job
 * records (idempotency and run state), runs (one alert evaluation per run), the one reconnect
 * warning per refused connection, and the tracker's transient refresh flags.
 */

/** A refresh job as stored. */
export type RefreshJob = EntityItem<RefreshJobEntity>;
/** A refresh run as stored. */
export type RefreshRun = EntityItem<RefreshRunEntity>;

/** What names a job: the tracker, the window and the run (see `RefreshJobEntity`). */
export interface RefreshJobKey {
  accountId: string;
  trackerId: string;
  from: string;
  to: string;
  runId: string;
}

/** Job, run and notice records are kept this long (TTL). */
const JOB_TTL_SECONDS = 7 * 24 * 60 * 60;
const NOTICE_TTL_SECONDS = 30 * 24 * 60 * 60;

// ---------------------------------------------------------------------------------------------
// Scheduler: accounts due, and the account's run
// ---------------------------------------------------------------------------------------------

/**
 * The accounts whose next refresh is due at `now` (`byRefreshDue`: `nextRunAt <= now`), one page
 * at a time, oldest due first. A query on the index, never a scan.
 */
export async function* accountsDueForRefresh(now: Date = new Date()): AsyncGenerator<Account[]> {
  let cursor: string | null = null;
  do {
    const page: { data: Account[]; cursor: string | null } = await (await db()).entities.account.query
      .byRefreshDue({})
      // "~" sorts after every account id: accounts due exactly at `now` are included.
      .lte({ nextRunAt: nowIso(now), accountId: "~" })
      .go({ cursor, limit: 100 });
    if (page.data.length) yield page.data;
    cursor = page.cursor;
  } while (cursor);
}

/**
 * Starts the account's refresh run: sets `lastDashboardRunDate` to `now` and `nextRunAt` to `now`
 * plus the account's `hourlyCycle` hours, only if `nextRunAt` is still the value read (so two
 * scheduler runs never both start it). The settings `version` is not touched.
 * @returns the account as updated, or undefined when another run started it (or it is gone).
 */
export async function startAccountRefreshRun(
  account: Pick<Account, "accountId" | "nextRunAt" | "hourlyCycle">,
  now: Date = new Date(),
): Promise<Account | undefined> {
  const cycleHours = account.hourlyCycle > 0 ? account.hourlyCycle : 1;
  const next = new Date(now.getTime() + cycleHours * 3_600_000);
  try {
    const { data } = await (await db()).entities.account
      .patch({ accountId: account.accountId })
      .set({ lastDashboardRunDate: nowIso(now), nextRunAt: nowIso(next) })
      .where(({ nextRunAt }, { eq }) => eq(nextRunAt, account.nextRunAt))
      .go({ response: "all_new" });
    return data as Account;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------

/** What a delivery finds when it tries to claim a job. */
export type RefreshJobClaim =
  /** The job is this delivery's to run (`attempts` counts this one). */
  | { kind: "claimed"; leaseId: string; attempts: number }
  /** It already succeeded or failed for good: a duplicate delivery, nothing to do. */
  | { kind: "finished"; job: RefreshJob }
  /** Another delivery holds a live lease: come back after `leaseUntil` (epoch ms). */
  | { kind: "leased"; leaseUntil: number };

/** One job record, or undefined. */
export async function getRefreshJob(key: RefreshJobKey): Promise<RefreshJob | undefined> {
  const { data } = await (await db()).entities.refreshJob.get(key).go();
  return data ?? undefined;
}

/** A tracker's job records (tests, support). */
export async function listRefreshJobs(accountId: string, trackerId: string): Promise<RefreshJob[]> {
  const { data } = await (await db()).entities.refreshJob.query
    .byJob({ accountId, trackerId })
    .go({ pages: "all" });
  return data;
}

/**
 * Claims a job for one delivery with a conditional write: it succeeds when the job is new, waiting
 * for a retry, or held by a lease that has run out; it counts the attempt and takes a lease of
 * `leaseMs`. Otherwise nothing is written and the answer says why.
 */
export async function claimRefreshJob(
  key: RefreshJobKey,
  input: { slug: string; leaseMs: number },
  now: Date = new Date(),
): Promise<RefreshJobClaim> {
  const leaseId = randomUUID();
  const nowMs = now.getTime();
  try {
    const { data } = await (await db()).entities.refreshJob
      .update(key)
      .set({
        slug: input.slug,
        status: "running",
        leaseId,
        leaseUntil: nowMs + input.leaseMs,
        startedAt: nowIso(now),
        expiresAt: epochSeconds(now) + JOB_TTL_SECONDS,
      })
      .add({ attempts: 1 })
      .where(
        ({ status, leaseUntil }, { notExists, eq, lt }) =>
          `${notExists(status)} OR ${eq(status, "retrying")} OR (${eq(status, "running")} AND ${lt(leaseUntil, nowMs)})`,
      )
      .go({ response: "all_new" });
    return { kind: "claimed", leaseId, attempts: (data as RefreshJob).attempts ?? 1 };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const job = await getRefreshJob(key);
  if (job && (job.status === "succeeded" || job.status === "failed")) return { kind: "finished", job };
  return { kind: "leased", leaseUntil: job?.leaseUntil ?? nowMs };
}

/** How a claimed job ended (for this delivery). */
export type RefreshJobOutcome =
  | { status: "succeeded"; days: number }
  | { status: "retrying" | "failed"; error: NonNullable<RefreshJob["lastError"]> };

/**
 * Records how a claimed job ended, only while this delivery still holds the lease.
 * @returns false when the lease was lost (another delivery took the job over): the caller then
 *   leaves the outcome to that delivery.
 */
export async function finishRefreshJob(
  key: RefreshJobKey,
  leaseId: string,
  outcome: RefreshJobOutcome,
  now: Date = new Date(),
): Promise<boolean> {
  const set: Partial<RefreshJob> = { status: outcome.status, leaseUntil: 0 };
  if (outcome.status === "succeeded") {
    set.days = outcome.days;
    set.finishedAt = nowIso(now);
  } else {
    set.lastError = outcome.error;
    if (outcome.status === "failed") set.finishedAt = nowIso(now);
  }
  try {
    await (await db()).entities.refreshJob
      .patch(key)
      .set(set)
      .where((attr, { eq }) => eq(attr.leaseId, leaseId))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

/** Opens a run of `total` jobs (before they are queued). */
export async function openRefreshRun(
  accountId: string,
  runId: string,
  total: number,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  await (await db()).entities.refreshRun
    .put({
      accountId,
      runId,
      total,
      succeeded: 0,
      failed: 0,
      reason,
      startedAt: nowIso(now),
      expiresAt: epochSeconds(now) + JOB_TTL_SECONDS,
    })
    .go();
}

/** One run, or undefined. */
export async function getRefreshRun(accountId: string, runId: string): Promise<RefreshRun | undefined> {
  const { data } = await (await db()).entities.refreshRun.get({ accountId, runId }).go();
  return data ?? undefined;
}

const runFinished = (run: Partial<RefreshRun>) =>
  run.total !== undefined && run.total > 0 && (run.succeeded ?? 0) + (run.failed ?? 0) === run.total;

/**
 * Counts one job of a run as finished for good (atomic counter), or several at once
 * (`{ succeeded, failed }`: a refresh batch's jobs of the run, in one write).
 * @returns true for exactly one caller: the one whose count finished the run.
 */
export async function recordRefreshRunOutcome(
  accountId: string,
  runId: string,
  outcome: "succeeded" | "failed" | { succeeded: number; failed: number },
): Promise<boolean> {
  const counts = outcome === "succeeded" ? { succeeded: 1 } : outcome === "failed" ? { failed: 1 } : outcome;
  const { data } = await (await db()).entities.refreshRun
    .update({ accountId, runId })
    .add(counts)
    .go({ response: "all_new" });
  return runFinished(data as Partial<RefreshRun>);
}

/**
 * Lowers a run's total by jobs that could not be queued.
 * @returns true when that leaves the run finished (every queued job already done).
 */
export async function lowerRefreshRunTotal(accountId: string, runId: string, by: number): Promise<boolean> {
  if (by <= 0) return false;
  const { data } = await (await db()).entities.refreshRun
    .update({ accountId, runId })
    .add({ total: -by })
    .go({ response: "all_new" });
  return runFinished(data as Partial<RefreshRun>);
}

// ---------------------------------------------------------------------------------------------
// The one reconnect warning per refused connection
// ---------------------------------------------------------------------------------------------

/**
 * Claims the reconnect warning of a connection the platform refused (see RefreshAuthNoticeEntity).
 * @returns true for the first caller per connection (and `connectedAt`), false for every other.
 */
export async function claimRefreshAuthNotice(
  notice: { accountId: string; slug: string; email: string; connectedAt: string; reason: string },
  now: Date = new Date(),
): Promise<boolean> {
  try {
    await (await db()).entities.refreshAuthNotice
      .create({
        ...notice,
        reason: notice.reason.slice(0, 200),
        createdAt: nowIso(now),
        expiresAt: epochSeconds(now) + NOTICE_TTL_SECONDS,
      })
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The tracker's transient refresh flags (trackers.md sections 2 and 3)
// ---------------------------------------------------------------------------------------------

/**
 * Marks a tracker's refresh as queued: `isUpdating` ('Currently Updating'), for a tracker that
 * has never had data `dataLoading` (the spinner), and for an automated budget `isBudgetUpdating`
 * ('Budget Updating'). The settings version does not change. `writes`: the caller's announced
 * tracker writes (tracker-list-snapshot.ts `TrackerListWrites`), else the list marker is bumped after.
 * @returns the tracker as updated, or undefined when it is gone.
 */
export async function markTrackerRefreshQueued(
  accountId: string,
  trackerId: string,
  flags: { isUpdating: boolean; dataLoading: boolean; isBudgetUpdating?: boolean },
  writes?: TrackerListWrites,
): Promise<Tracker | undefined> {
  try {
    return await trackerWrite(accountId, writes, async () => {
      const { data } = await (await db()).entities.tracker
        .patch({ accountId, trackerId })
        .set(flags)
        .go({ response: "all_new" });
      return data as Tracker;
    });
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Settles a tracker's refresh flags when its refresh ended: `isUpdating`, `isBudgetUpdating` and
 * `dataLoading` off. On success the data load error (`dataLoadFail`) is cleared, and the budget load
 * error (`budgetLoadFail`) is set with its `err` when the platform budget of an automated tracker
 * did not load (`budgetErr`), else cleared with `err`; on failure `dataLoadFail` is set with `err`,
 * and the failure is stamped (`lastFailedAt` = `failedAt`, `lastFailure` = `err`) while
 * `lastRefreshedAt` keeps the last success. `writes`: as for {@link markTrackerRefreshQueued}.
 * @returns the tracker as updated, or undefined when it is gone.
 */
export async function settleTrackerRefresh(
  accountId: string,
  trackerId: string,
  outcome:
    | { ok: true; budgetErr?: { title: string; msg: string } }
    | { ok: false; err: { title: string; msg: string }; failedAt?: Date },
  writes?: TrackerListWrites,
): Promise<Tracker | undefined> {
  const idle = { isUpdating: false, isBudgetUpdating: false, dataLoading: false };
  try {
    let op = (await db()).entities.tracker.patch({ accountId, trackerId }).set(
      !outcome.ok
        ? {
            ...idle,
            dataLoadFail: true,
            err: outcome.err,
            lastFailedAt: nowIso(outcome.failedAt ?? new Date()),
            lastFailure: outcome.err,
          }
        : outcome.budgetErr
          ? { ...idle, dataLoadFail: false, budgetLoadFail: true, err: outcome.budgetErr }
          : { ...idle, dataLoadFail: false, budgetLoadFail: false },
    );
    if (outcome.ok && !outcome.budgetErr) op = op.remove(["err"]);
    return await trackerWrite(
      accountId,
      writes,
      async () => (await op.go({ response: "all_new" })).data as Tracker,
    );
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Stamps a failed refresh attempt that will be retried (`lastFailedAt`, `lastFailure`), leaving the
 * flags (the refresh is still under way) and `lastRefreshedAt` (the last success) as they are.
 * A tracker that is gone is left alone. `writes`: as for {@link markTrackerRefreshQueued}.
 */
export async function stampTrackerRefreshFailure(
  accountId: string,
  trackerId: string,
  failure: { title: string; msg: string },
  now: Date = new Date(),
  writes?: TrackerListWrites,
): Promise<void> {
  try {
    await trackerWrite(accountId, writes, async () =>
      (await db()).entities.tracker
        .patch({ accountId, trackerId })
        .set({ lastFailedAt: nowIso(now), lastFailure: failure })
        .go(),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
