import { AsyncLocalStorage } from "node:async_hooks";
import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { ConnectorRegistry } from "@pacer/connectors";
import {
  claimRefreshAuthNotice,
  claimRefreshJob,
  finishRefreshJob,
  getIntegration,
  type Integration,
  type RefreshJob,
  type RefreshJobKey,
  recordRefreshRunOutcome,
  settleTrackerRefresh,
  stampTrackerRefreshFailure,
  type Tracker,
} from "@pacer/db";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { QUEUES, type QueueDef } from "../../resources.ts";
import { logger } from "../lib/logger.ts";
import { recordMetric } from "../lib/metrics.ts";
import { PlatformCallLimiter, withPlatformCallLimit } from "../lib/platform-call-slots.ts";
import { delayRedelivery, type SqsClientSource, sendToDeadLetter } from "../lib/queue-records.ts";
import { jobKeyOf, type RefreshMessage, refreshMessageSchema } from "../lib/refresh-queue.ts";
import { sharedPromises } from "../lib/shared-promise.ts";
import { TrackerPushBatch } from "../lib/tracker-push.ts";
import { classifyFailure, type JobFailure, retryDelaySeconds, trackerErrOf } from "./failures.ts";
import { type JobContext, runRefreshJob } from "./job.ts";

/**
 * The refresh worker: the consumer of every `refresh-<platform>` queue (functions/resources.ts).
 * Powertools `BatchProcessor` + `processPartialResponse`: a batch's records run concurrently, with
 * at most the queue's `callsInFlightPerInvocation` platform calls in flight in the invocation (one
 * {@link PlatformCallLimiter} per invocation; a job holds a slot only during an HTTP attempt, not
 * while it writes or waits between polls of a report), so the queue's `maxConcurrency` times that
 * limit is the platform's cap on calls in flight. Each record succeeds or fails on its own: the
 * failed ones are reported as `batchItemFailures`, and the others are deleted. For each record:
 *
 * 1. Parse the message; one that is not a refresh message goes to the dead-letter queue at once.
 * 2. Claim the job (tracker + window + run) with a conditional write: a duplicate of a finished job
 *    is acknowledged without doing anything; one that finds another delivery working on the job
 *    comes back later (visibility change), when it finds the job done, or waiting for a retry.
 * 3. Run it (`job.ts`): fetch, upsert the days, recompute and store the figures, settle the flags.
 *    Then the job is recorded succeeded, the tracker pushed to the account's open dashboards (the
 *    account's connections read once per batch: `TrackerPushBatch`), and the job counted on its run
 *    once the batch's records are done (one counter write per run and batch, not one per job): the
 *    write that finishes the run runs the account's alert evaluation (a direct call, once per run).
 * 4. On failure:
 *    - not retryable (refused credentials, bad request, connection removed), or retryable but on the
 *      queue's last delivery (`maxReceiveCount`): the tracker gets its `err`, the job is recorded
 *      failed, and the message is moved to the dead-letter queue with its reason as message
 *      attributes (`ErrorClass`, `ErrorCode`, `ErrorReason`, `ErrorMessage`, `Attempts`); no retry.
 *      A refused connection is marked danger (by `withCredentials`) and warned about once (log and
 *      an `integration` push) however many jobs meet it; later jobs of its trackers make no call.
 *    - retryable: the job is recorded `retrying`, the tracker's `lastFailedAt` / `lastFailure`
 *      stamped, the message's visibility is set to the backoff (at least the platform's
 *      `Retry-After`), and the record is reported failed.
 *    Every failure leaves `lastRefreshedAt` (the last success) as it was: a tracker whose last
 *    success is older than two refresh cycles shows 'Stale' with the last failure as its cause.
 *    A consumer that dies mid-job leaves the message to SQS: it comes back after the visibility
 *    timeout, and after `maxReceiveCount` receives SQS moves it to the dead-letter queue.
 */

/** What the worker needs from outside; the Lambda uses {@link defaultRefreshWorkerDeps}. */
export interface RefreshWorkerDeps {
  /** The connector registry (built once per cold start). */
  registry: () => Promise<ConnectorRegistry>;
  /**
   * SQS, for visibility changes and the dead-letter queue: failure paths only (the entry's:
   * `sqsClientAtFirstUse`, so a batch that succeeds never loads the SQS SDK).
   */
  sqs: SqsClientSource;
  now: () => Date;
  /** Backoff base of retries, seconds (`REFRESH_RETRY_BASE_SECONDS`, default 30). */
  retryBaseSeconds: number;
  /**
   * Pushes a tracker to its account's open dashboards (`pushTrackerChange`); `batch` is the
   * invocation's, so a batch reads each account's open connections once.
   */
  pushTracker: (tracker: Tracker, batch?: TrackerPushBatch) => Promise<unknown>;
  pushIntegration: (integration: Integration, now: Date) => Promise<unknown>;
  /** The alert evaluation of the trackers work (`evaluateAlertsForAccount`). */
  evaluateAlerts: (accountId: string, now: Date) => Promise<unknown>;
  random?: () => number;
  /** Told of each duplicate delivery acknowledged without work (metrics, tests). */
  onDuplicate?: (key: RefreshJobKey, found: "finished" | "leased") => void;
}

/**
 * The job the current code runs for, across its awaits (platform calls, logs): lets a connector's
 * attempt hook or a log line name the job it belongs to.
 */
export const refreshJobContext = new AsyncLocalStorage<RefreshJobKey>();

/** The definition of the queue a record came from (by the name at the end of its ARN). */
function queueOf(record: SQSRecord): QueueDef {
  const name = record.eventSourceARN.split(":").pop() ?? "";
  return (
    QUEUES.find((q) => q.name === name) ?? {
      name,
      consumer: "refresh-worker",
      consumerTimeoutSeconds: 300,
      maxReceiveCount: 5,
      batchSize: 10,
      maxConcurrency: 2,
      callsInFlightPerInvocation: 5,
    }
  );
}

/**
 * The connection reads of one batch: each connection (integration item) is read once and the read
 * shared by the batch's jobs that need it. The jobs of a batch start together, so each would have
 * read the same item at the same moment; a failed read is not kept.
 */
function batchIntegrationReads(): typeof getIntegration {
  return sharedPromises(getIntegration, (accountId, slug, email) => JSON.stringify([accountId, slug, email]));
}

/** The jobs of a batch finished for good, by run (`accountId runId`), counted once the batch is done. */
type BatchRuns = Map<string, { accountId: string; runId: string; succeeded: number; failed: number }>;

/** Counts a job finished for good on its run, in the batch's tally. */
function countRunOutcome(runs: BatchRuns, message: RefreshMessage, outcome: "succeeded" | "failed"): void {
  const key = `${message.accountId} ${message.runId}`;
  let run = runs.get(key);
  if (!run) {
    run = { accountId: message.accountId, runId: message.runId, succeeded: 0, failed: 0 };
    runs.set(key, run);
  }
  run[outcome]++;
}

/** A record is not started when less time than this is left in the invocation. */
function timeGuardMs(queue: QueueDef): number {
  return Math.min(60_000, (queue.consumerTimeoutSeconds * 1000) / 3);
}

const recordError = (f: JobFailure): NonNullable<RefreshJob["lastError"]> => ({
  errorClass: f.errorClass,
  code: f.code,
  ...(f.reason ? { reason: f.reason } : {}),
  message: f.message,
  retryable: f.retryable,
});

function parseMessage(body: string): RefreshMessage | undefined {
  try {
    const parsed = refreshMessageSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Builds the worker's Lambda handler. */
export function createRefreshWorker(deps: RefreshWorkerDeps) {
  const changeVisibility = (record: SQSRecord, queue: QueueDef, seconds: number) =>
    delayRedelivery(deps.sqs, queue.name, record, seconds);

  /**
   * Moves a message to its queue's dead-letter queue with the reason (then the caller acknowledges
   * it). Throws when that fails, so the message stays and is retried.
   */
  const deadLetter = (record: SQSRecord, queue: QueueDef, failure: JobFailure, attempts: number) =>
    sendToDeadLetter(
      deps.sqs,
      queue.name,
      record,
      {
        ErrorClass: failure.errorClass,
        ErrorCode: failure.code,
        ...(failure.reason ? { ErrorReason: failure.reason } : {}),
        ErrorMessage: failure.message,
      },
      attempts,
    );

  /**
   * Counts a batch's finished jobs on their runs, one counter write per run (the jobs of a batch
   * are mostly of one run), once the batch's records are done; the write that finishes a run runs
   * the account's alert evaluation (a direct call, once per run).
   */
  const finishRuns = async (runs: BatchRuns) => {
    await Promise.all(
      [...runs.values()].map(async ({ accountId, runId, succeeded, failed }) => {
        try {
          if (await recordRefreshRunOutcome(accountId, runId, { succeeded, failed })) {
            await deps.evaluateAlerts(accountId, deps.now());
          }
        } catch (error) {
          logger.error("Alert evaluation after a refresh run failed", {
            accountId,
            runId,
            errorName: error instanceof Error ? error.name : "Error",
          });
        }
      }),
    );
  };

  /** The one reconnect warning of a refused connection (log and push), however many jobs met it. */
  const warnReconnect = async (ctx: JobContext, failure: JobFailure) => {
    const integration = ctx.integration;
    if (!integration) return;
    const first = await claimRefreshAuthNotice(
      {
        accountId: integration.accountId,
        slug: integration.slug,
        email: integration.email,
        connectedAt: integration.connectedAt,
        reason: failure.reason ?? failure.code,
      },
      deps.now(),
    );
    if (!first) return;
    logger.warn("A connection must be reconnected: the platform refused its credentials", {
      accountId: integration.accountId,
      slug: integration.slug,
      reason: failure.reason,
    });
    const marked = await getIntegration(integration.accountId, integration.slug, integration.email);
    if (marked) await deps.pushIntegration(marked, deps.now());
  };

  const handleRecord = async (
    record: SQSRecord,
    context: Context | undefined,
    batch: { pushes: TrackerPushBatch; readIntegration: typeof getIntegration; runs: BatchRuns },
  ): Promise<void> => {
    const finishRun = (message: RefreshMessage, outcome: "succeeded" | "failed") =>
      countRunOutcome(batch.runs, message, outcome);
    const queue = queueOf(record);
    const deliveries = Number(record.attributes.ApproximateReceiveCount ?? "1");
    const message = parseMessage(record.body);
    if (!message) {
      const failure: JobFailure = {
        errorClass: "InvalidMessage",
        code: "invalid_message",
        message: "The message is not a refresh message",
        retryable: false,
      };
      logger.error("Refresh message refused", { queue: queue.name, messageId: record.messageId });
      await deadLetter(record, queue, failure, deliveries);
      return;
    }
    if (context && context.getRemainingTimeInMillis() < timeGuardMs(queue)) {
      // Not enough time left for a job: hand it back at once for another invocation.
      await changeVisibility(record, queue, 0);
      throw new Error("Not started: the invocation is about to time out");
    }
    const key = jobKeyOf(message);
    const claim = await claimRefreshJob(
      key,
      { slug: message.slug, leaseMs: queue.consumerTimeoutSeconds * 1000 + 30_000 },
      deps.now(),
    );
    if (claim.kind === "finished") {
      // A duplicate delivery of a job that is done: nothing to write.
      logger.debug("Duplicate refresh delivery", { ...key, found: claim.kind });
      deps.onDuplicate?.(key, claim.kind);
      return;
    }
    if (claim.kind === "leased") {
      // Another delivery is on the job now. Come back when it should be done (it may still fail and
      // need this message); on the last delivery, leave the job to the one running it.
      deps.onDuplicate?.(key, claim.kind);
      if (deliveries >= queue.maxReceiveCount) return;
      const wait = Math.max(0, (claim.leaseUntil - deps.now().getTime()) / 1000);
      const recheck = Math.max(1, deps.retryBaseSeconds) * 2 ** (deliveries - 1);
      await changeVisibility(record, queue, Math.ceil(Math.min(wait, recheck)) + 1);
      throw new Error("The job is being run by another delivery");
    }

    const ctx: JobContext = { platform: message.slug };
    const registry = await deps.registry();
    const signal = context
      ? AbortSignal.timeout(Math.max(1000, context.getRemainingTimeInMillis() - 5000))
      : undefined;
    try {
      const result = await refreshJobContext.run(key, () =>
        runRefreshJob(message, ctx, {
          registry,
          now: deps.now,
          readIntegration: batch.readIntegration,
          ...(signal ? { signal } : {}),
        }),
      );
      const recorded = await finishRefreshJob(
        key,
        claim.leaseId,
        { status: "succeeded", days: result.days },
        deps.now(),
      );
      if (!recorded) return; // another delivery took the job over and reports it
      recordMetric("refreshSucceeded", { platform: message.slug });
      await deps.pushTracker(result.tracker, batch.pushes);
      finishRun(message, "succeeded");
      return;
    } catch (error) {
      const failure = classifyFailure(error);
      const last = !failure.retryable || deliveries >= queue.maxReceiveCount;
      if (!last) {
        await finishRefreshJob(
          key,
          claim.leaseId,
          { status: "retrying", error: recordError(failure) },
          deps.now(),
        );
        if (failure.code !== "tracker_deleted") {
          // The last success stays as it was; the failure is what a stale tracker's warning shows.
          await stampTrackerRefreshFailure(
            message.accountId,
            message.trackerId,
            trackerErrOf(failure, ctx.platform),
            deps.now(),
            ctx.writes,
          );
        }
        const delay = retryDelaySeconds(failure, deliveries, deps.retryBaseSeconds, deps.random);
        await changeVisibility(record, queue, delay);
        recordMetric("refreshRetried", { platform: message.slug });
        logger.info("Refresh will be retried", {
          ...key,
          errorClass: failure.errorClass,
          delivery: deliveries,
          delaySeconds: delay,
        });
        throw error;
      }
      if (failure.code === "tracker_deleted") {
        // Nothing to refresh any more: recorded, not dead-lettered.
        await finishRefreshJob(
          key,
          claim.leaseId,
          { status: "failed", error: recordError(failure) },
          deps.now(),
        );
        finishRun(message, "failed");
        return;
      }
      if (failure.code === "auth_failed") await warnReconnect(ctx, failure);
      const settled = await settleTrackerRefresh(
        message.accountId,
        message.trackerId,
        { ok: false, err: trackerErrOf(failure, ctx.platform), failedAt: deps.now() },
        ctx.writes,
      );
      // Dead-lettered before the job is recorded failed: if the move fails, the message stays.
      await deadLetter(record, queue, failure, claim.attempts);
      await finishRefreshJob(
        key,
        claim.leaseId,
        { status: "failed", error: recordError(failure) },
        deps.now(),
      );
      recordMetric("refreshFailed", { platform: message.slug });
      logger.warn("Refresh failed; message moved to the dead-letter queue", {
        ...key,
        errorClass: failure.errorClass,
        code: failure.code,
        reason: failure.reason,
        attempts: claim.attempts,
      });
      if (settled) await deps.pushTracker(settled, batch.pushes);
      finishRun(message, "failed");
    }
  };

  return async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    // One processor, one call limiter, one push batch (each account's open connections read once)
    // and one read of each platform connection per invocation: the local runtime runs several
    // invocations in one process. A batch comes from one queue (one event source per queue).
    const first = event.Records[0];
    const limit = first ? queueOf(first).callsInFlightPerInvocation : undefined;
    const processor = new BatchProcessor(EventType.SQS);
    const batch = {
      pushes: new TrackerPushBatch(),
      readIntegration: batchIntegrationReads(),
      runs: new Map() as BatchRuns,
    };
    const record = (r: SQSRecord, ctx?: Context) => handleRecord(r, ctx, batch);
    const processBatch = () =>
      processPartialResponse(event, record, processor, {
        ...(context ? { context } : {}),
        processInParallel: limit !== undefined,
        throwOnFullBatchFailure: false,
      });
    const answer = await (limit
      ? withPlatformCallLimit(new PlatformCallLimiter(limit), processBatch)
      : processBatch());
    await finishRuns(batch.runs);
    return answer;
  };
}
