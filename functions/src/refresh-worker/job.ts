import type {
  Connector,
  ConnectorRegistry,
  Credentials,
  MetricsQuery,
  PlatformBudget,
} from "@pacer/connectors";
import { isConnectorError } from "@pacer/connectors";
import {
  findTracker,
  findTrackerVersion,
  getIntegration,
  type Integration,
  putDailyMetrics,
  type Tracker,
  TrackerListWrites,
} from "@pacer/db";
import { evaluateAfterRefresh } from "../lib/autopilot.ts";
import { withCredentials } from "../lib/integration-credentials.ts";
import type { RefreshMessage } from "../lib/refresh-queue.ts";
import { recomputeTrackerData } from "../lib/tracker-data.ts";
import { connectorFilters, metaDataOf, type StoredDataSource } from "../lib/tracker-source.ts";
import { classifyFailure, JobError, REFRESH_ERROR_TEXTS, type TrackerErr } from "./failures.ts";

/**
 * One refresh job, the worker's unit of work: load the tracker and its connection, get fresh
 * credentials (refreshed and saved when near expiry: `withCredentials`), fetch the window's daily
 * metrics from the platform (and, for a tracker with an automated budget, its budget at the
 * platform), upsert one daily item per day, recompute the tracker's figures with the engine and
 * store them on the tracker with its platform budget and settled flags in one conditional write
 * (clearing 'Awaiting data refresh'), and evaluate
 * the tracker's AutoPilot when it has one on (`lib/autopilot.ts`; the tracker's `autopilotOn` flag
 * says so without reading the AutoPilot item). Rows fetched
 * with filters the tracker no longer has (changed during the fetch) are not stored.
 * Every write is an upsert or a conditional write, so running a job twice leaves the same items.
 */

/** What the job's failure handling needs to know about how far it got. */
export interface JobContext {
  tracker?: Tracker;
  integration?: Integration;
  /** The platform's name for texts (e.g. "Google Ads"), once known. */
  platform: string;
  /**
   * The job's tracker writes, announced on the account's list marker ahead of them (one marker
   * write per job instead of one after each tracker write); the failure handling writes with it too.
   */
  writes?: TrackerListWrites;
}

/** What a successful job leaves. */
export interface JobResult {
  /** The tracker with its new figures and settled flags. */
  tracker: Tracker;
  /** Days written. */
  days: number;
}

/**
 * Runs one job. Throws {@link JobError} for what the worker decides itself (tracker deleted,
 * connection removed or already refused, platform not live) and the connectors' typed errors.
 */
export async function runRefreshJob(
  message: RefreshMessage,
  ctx: JobContext,
  deps: {
    registry: ConnectorRegistry;
    now: () => Date;
    signal?: AbortSignal;
    /** Reads a connection (default `getIntegration`); the worker passes its batch's shared reads. */
    readIntegration?: typeof getIntegration;
  },
): Promise<JobResult> {
  const { accountId, trackerId } = message;
  ctx.writes ??= new TrackerListWrites(accountId);
  const writes = ctx.writes;
  const tracker = await findTracker(accountId, trackerId);
  if (!tracker) {
    throw new JobError(
      { errorClass: "TrackerDeleted", code: "tracker_deleted", retryable: false },
      "The tracker was deleted",
    );
  }
  ctx.tracker = tracker;
  const source = (tracker.dataSource ?? {}) as StoredDataSource;
  const slug = source.integration?.slug ?? message.slug;
  const integration = await (deps.readIntegration ?? getIntegration)(
    accountId,
    slug,
    source.integration?.email ?? "",
  );
  if (!integration) {
    throw new JobError(
      { errorClass: "ConnectionRemoved", code: "connection_removed", retryable: false },
      "The tracker's connection was removed",
    );
  }
  ctx.integration = integration;
  const connector = (deps.registry as Record<string, ConnectorRegistry[keyof ConnectorRegistry] | undefined>)[
    slug
  ];
  if (!connector?.live) {
    throw new JobError(
      { errorClass: "NotSupportedError", code: "not_supported", retryable: false },
      `No live connector for ${slug}`,
    );
  }
  ctx.platform = connector.displayName;
  if (integration.authFailedAt) {
    // The platform refused this connection earlier: no call until it is connected again.
    throw new JobError(
      {
        errorClass: "AuthError",
        code: "auth_failed",
        reason: integration.authFailure ?? "connection_refused",
        retryable: false,
      },
      "The connection was refused by the platform earlier; it must be connected again",
    );
  }
  const view = source.view ?? {};
  if (!view.id) {
    throw new JobError(
      { errorClass: "BadRequestError", code: "bad_request", reason: "no_view", retryable: false },
      "The tracker has no platform account",
    );
  }
  const metaData = metaDataOf(view);
  const query: MetricsQuery = {
    account: { id: view.id, ...(metaData ? { metaData } : {}) },
    from: message.from,
    to: message.to,
    filters: connectorFilters(tracker.filters),
    ...(deps.signal ? { signal: deps.signal } : {}),
  };
  const automated = tracker.automatedBudget === true;
  const { metrics, budget } = await withCredentials(
    integration,
    connector,
    async (credentials) => ({
      metrics: await connector.fetchDailyMetrics(credentials, query),
      budget: automated ? await platformBudgetOf(connector, credentials, query) : undefined,
    }),
    deps.now(),
  );
  // The tracker's filters changed while this job fetched: its rows count the old campaigns, and the
  // change queued its own full refresh, which owns the figures and the flags from now on. Store
  // nothing and settle nothing, so the figures follow the new filters.
  const fetchedWith = JSON.stringify(query.filters);
  const sameFilters = (t: Tracker) => JSON.stringify(connectorFilters(t.filters)) === fetchedWith;
  // The settings version alone tells whether they changed during the fetch (a projection, not the
  // whole item); only when they did is the tracker read again, to compare its filters.
  const stored = await findTrackerVersion(accountId, trackerId);
  const current =
    stored === undefined
      ? undefined
      : stored.version === tracker.version
        ? tracker
        : await findTracker(accountId, trackerId);
  if (!current) {
    throw new JobError(
      { errorClass: "TrackerDeleted", code: "tracker_deleted", retryable: false },
      "The tracker was deleted",
    );
  }
  if (!sameFilters(current)) return { tracker: current, days: 0 };
  await putDailyMetrics(accountId, trackerId, metrics.rows);
  // 'Awaiting data refresh' ends only if the filters are still those fetched with when the figures
  // are stored (a change in between keeps it, and its own refresh ends it). The figures, computed
  // with the platform budget read, the refresh stamp and the settled flags are one write.
  const recomputed = await recomputeTrackerData(accountId, trackerId, deps.now(), {
    refreshed: sameFilters,
    current,
    landing: {
      ...(budget?.ok ? { platformBudget: budget.budget } : {}),
      ...(budget && !budget.ok ? { budgetErr: budget.err } : {}),
    },
    writes,
  });
  if (!recomputed) {
    throw new JobError(
      { errorClass: "TrackerDeleted", code: "tracker_deleted", retryable: false },
      "The tracker was deleted",
    );
  }
  // Filters changed after the rows were stored: the change's refresh replaces them and settles.
  if (!sameFilters(recomputed)) return { tracker: recomputed, days: metrics.rows.length };
  // AutoPilot (beyond the spec; off unless the tracker set it): never fails the refresh. Its item is
  // read only for a tracker whose flag says it is on (or that predates the flag).
  if (recomputed.autopilotOn !== false) {
    await evaluateAfterRefresh(accountId, trackerId, { registry: deps.registry, now: deps.now() });
  }
  return { tracker: recomputed, days: metrics.rows.length };
}

/** The outcome of reading a tracker's budget at the platform. */
type BudgetOutcome = { ok: true; budget: PlatformBudget | null } | { ok: false; err: TrackerErr };

/**
 * The account's budget at the platform for a tracker with an automated budget (trackers.md section
 * 3). A platform without a budget call (`fetchBudget` absent), or a budget call that fails with a
 * platform error after the connector's retries, leaves the tracker's spend figures loaded and its
 * budget in error (`budgetLoadFail`, with a text saying what to do); a refused connection
 * (AuthError) or an unexpected error fails the job like any call.
 */
async function platformBudgetOf(
  connector: Connector,
  credentials: Credentials,
  query: MetricsQuery,
): Promise<BudgetOutcome> {
  const title = REFRESH_ERROR_TEXTS.budgetFailedTitle;
  if (!connector.fetchBudget) {
    return { ok: false, err: { title, msg: REFRESH_ERROR_TEXTS.budgetNotProvided(connector.displayName) } };
  }
  try {
    const budget = await connector.fetchBudget(credentials, {
      account: query.account,
      ...(query.filters ? { filters: query.filters } : {}),
      ...(query.signal ? { signal: query.signal } : {}),
    });
    return { ok: true, budget };
  } catch (error) {
    // Only the platform's typed errors are a budget that did not load; anything else ends the job.
    if (!isConnectorError(error) || classifyFailure(error).code === "auth_failed") throw error;
    return { ok: false, err: { title, msg: REFRESH_ERROR_TEXTS.budgetNotLoaded(connector.displayName) } };
  }
}
