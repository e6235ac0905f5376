import { randomUUID } from "node:crypto";
import { platformGivesBudget } from "@pacer/connectors";
import {
  budgetCalendar,
  budgetSettings,
  computeTrackerData,
  encodeTrackerData,
  lifetimeDatesError,
  retry,
  TRACKER_ALLOWANCE_TEXTS,
  toggleOverUnderSpendOption,
} from "@pacer/core";
import { canSeeTracker } from "@pacer/core/visibility";
import {
  addMessage,
  createTrackers,
  deleteMessageBy,
  deleteTracker,
  findTracker,
  getIntegration,
  getMessage,
  type Integration,
  listMessages,
  type NewTracker,
  type Tracker,
  TrackerAllowanceError,
  type TrackerSettingsChanges,
  updateTrackerAt,
  VersionConflictError,
} from "@pacer/db";
import type { z } from "zod";
import type { newTrackerSchema } from "../../contract/trackers.ts";
import { AppError, badRequest, forbidden, notFound } from "../lib/errors.ts";
import { logger } from "../lib/logger.ts";
import { autoRefreshForNewUser, requestTrackerRefreshes } from "../lib/refresh-queue.ts";
import type { Session } from "../lib/session.ts";
import { requireWriter, visibleTracker } from "../lib/tracker-access.ts";
import { computeTrackerFigures, computeTrackerPacing } from "../lib/tracker-data.ts";
import { trackerView } from "./views.ts";

/**
 * The tracker use-cases (spec trackers.md sections 4-7). Each reads the tracker as the caller may see
 * it (404 otherwise), applies the change the spec describes, recomputes the figures with the engine
 * and writes settings and figures in one conditional write (optimistic locking on `version`).
 */

/** Texts of the tracker rules the spec gives the rule but not the wording of. */
export const TRACKER_TEXTS = {
  futureBudgetsAutomated: "Future budgets cannot be edited for Trackers with an automated budget",
  adminUser: "Admin users cannot be added to a tracker",
  unknownUser: "User not found",
  notAuthor: "Only the author can delete this message",
  deleted: "Tracker successfully deleted",
  messageDeleted: "Message deleted",
  unknownConnection: "This connection is not connected to the account",
  trackerMismatch: "The tracker in the body is not the tracker of the path",
  noPlatformBudget: (platform: string) =>
    `${platform} does not provide a budget, please set the budget of this Tracker manually`,
} as const;

/**
 * The list of trackers the caller may see (get-trackers-by-account) is answered from the account's
 * list snapshot: see `trackerListAnswerFor` in list.ts.
 */
export { type ListAnswer, trackerListAnswerFor, trackerListTextFor } from "./list.ts";

/** One tracker with its messages (404 when the caller may not see it). */
export async function getTrackerFor(session: Session, trackerId: string) {
  const [{ tracker, joins }, messages] = await Promise.all([
    visibleTracker(session.accountId, session, trackerId),
    listMessages(session.accountId, trackerId),
  ]);
  return trackerView(tracker, joins, "detail", messages);
}

/**
 * One tracker's pacing chart series (beyond the spec; @pacer/core pacing-chart.ts) at `now`: 404
 * when the caller may not see the tracker.
 */
export async function getTrackerPacingFor(session: Session, trackerId: string, now: Date) {
  const [{ tracker }, messages] = await Promise.all([
    visibleTracker(session.accountId, session, trackerId),
    listMessages(session.accountId, trackerId),
  ]);
  return computeTrackerPacing(tracker, messages, now);
}

/**
 * Creates trackers (spec section 2, Create Tracker wizard) within the account's tracker allowance
 * (section 5; enforced in the same transaction as the writes). Each tracker starts with
 * `requiresUpdate` and figures computed from no data, and its first data refresh is queued at once
 * (answered `isUpdating`, `dataLoading`). A Manager who creates trackers is attached to them, so
 * they can see what they made.
 * @throws AppError 403 with the spec's allowance text; 400 for a connection the account does not
 * have, or for a tracker without a manual budget on a platform that gives no budget.
 */
export async function createTrackersFor(
  session: Session,
  drafts: z.output<typeof newTrackerSchema>[],
  now: Date,
) {
  requireWriter(session);
  const connections = new Map<string, Integration | undefined>();
  const connectionKey = (integration: { slug?: string; email?: string }) =>
    `${integration.slug}#${integration.email}`;
  for (const [i, d] of drafts.entries()) {
    const key = connectionKey(d.dataSource.integration);
    if (!connections.has(key)) {
      const found = await getIntegration(
        session.accountId,
        d.dataSource.integration.slug,
        d.dataSource.integration.email,
      );
      connections.set(key, found);
    }
    if (!connections.get(key)) {
      throw badRequest(TRACKER_TEXTS.unknownConnection, `body.trackers.${i}.dataSource.integration`);
    }
    const integration = d.dataSource.integration;
    const automated = d.manualBudgetValue === undefined || d.manualBudgetValue === null;
    if (automated && !platformGivesBudget(integration.slug)) {
      throw badRequest(
        TRACKER_TEXTS.noPlatformBudget(integration.name || integration.slug),
        `body.trackers.${i}.manualBudgetValue`,
      );
    }
  }
  const associatedUserIds = session.userType === "Admin" ? [] : [session.userId];
  const items: NewTracker[] = drafts.map((d) => {
    const automatedBudget = d.manualBudgetValue === undefined || d.manualBudgetValue === null;
    const timeZone = d.timeZone ?? d.dataSource.view.timeZone ?? session.account.timeZone;
    const settings = {
      automatedBudget,
      ...(automatedBudget ? {} : { manualBudgetValue: d.manualBudgetValue as number }),
      budgetPeriod: d.budgetPeriod,
    };
    const data = computeTrackerData({ settings: budgetSettings(settings), rows: [], now, timeZone });
    return {
      name: d.name,
      client: d.client,
      currency: d.currency ?? d.dataSource.view.currency ?? session.account.currency,
      timeZone,
      dataSource: d.dataSource,
      associatedUserIds,
      createdBy: session.userId,
      data: encodeTrackerData(data),
      dataComputedAt: now.toISOString(),
      ...settings,
    };
  });
  let created: Tracker[];
  try {
    created = await createTrackers(session.accountId, items, session.account.trackerAllowance, now);
  } catch (error) {
    if (error instanceof TrackerAllowanceError) {
      throw new AppError(
        "FORBIDDEN",
        drafts.length > 1 ? TRACKER_ALLOWANCE_TEXTS.selectAll : TRACKER_ALLOWANCE_TEXTS.select,
      );
    }
    throw error;
  }
  // Trackers on a connection the platform refused are left to the scheduler, which says so on them.
  const refreshing = await queueFirstRefresh(
    created.filter((t) => {
      const source = t.dataSource as { integration?: { slug?: string; email?: string } };
      return !connections.get(connectionKey(source.integration ?? {}))?.authFailedAt;
    }),
    now,
  );
  // New trackers are in no pod or shared budget; their only associated user is the caller, if any.
  const joins = { podOf: new Map(), budgetOf: new Map(), users: new Map([[session.userId, session.user]]) };
  return created.map((t) => trackerView(refreshing.get(t.trackerId) ?? t, joins, "detail"));
}

/**
 * The first refresh of new trackers, queued at once through the pipeline (one run for the trackers
 * created together), so their figures arrive within seconds rather than at the account's next
 * scheduled run. Best effort: the trackers are created, so a refresh that cannot be queued is
 * logged and they stay 'Awaiting data refresh' until the next scheduled run.
 * @returns the trackers queued, by id, with their flags as stored (`isUpdating`, `dataLoading`).
 */
async function queueFirstRefresh(trackers: readonly Tracker[], now: Date): Promise<Map<string, Tracker>> {
  try {
    const { flagged } = await requestTrackerRefreshes(trackers, { reason: "created", now });
    return new Map(flagged.map((t) => [t.trackerId, t]));
  } catch (error) {
    logger.warn("First refresh of new trackers not queued", {
      trackers: trackers.length,
      errorName: error instanceof Error ? error.name : "Error",
      message: error instanceof Error ? error.message : undefined,
    });
    return new Map();
  }
}

/**
 * A settings change of one tracker: what to write, given the tracker as stored and "now".
 * `refreshesForNewUser`: a budget or lifetime change, after which the 12-hour rule applies.
 */
export type TrackerChange = ((tracker: Tracker, now: Date) => TrackerSettingsChanges) & {
  refreshesForNewUser?: true;
};

/**
 * Marks a budget or lifetime change: made by a user registered less than 12 hours ago
 * (trackers.md section 4, core `isNewUser`), it is followed by the tracker's data refresh.
 */
function budgetChange(change: (tracker: Tracker, now: Date) => TrackerSettingsChanges): TrackerChange {
  return Object.assign(change, { refreshesForNewUser: true as const });
}

/** How many times a change without `if-match` is re-applied to a fresh read after a collision. */
const CHANGE_ATTEMPTS = 3;

/**
 * Applies a settings change to a tracker the caller may see and may edit, recomputes its figures with
 * the new settings, and writes both only if the tracker is still at the version read.
 * - With `expectedVersion` (the `if-match` header): a tracker at another version answers 409 and
 *   nothing changes.
 * - Without it: a collision re-reads and re-applies the change (up to 3 times), so no update is lost;
 *   after that, 409.
 * A budget or lifetime change by a user registered less than 12 hours ago then queues the tracker's
 * data refresh (the 12-hour rule, trackers.md section 4; best effort) and the answer carries the
 * refresh flags (`isUpdating`, `dataLoading`).
 * @throws AppError 403 (Viewer), 404 (not visible), 409 (VersionConflictError), 400 from `change`.
 */
export async function changeTracker(
  session: Session,
  trackerId: string,
  expectedVersion: number | undefined,
  change: TrackerChange,
  now: Date,
) {
  requireWriter(session);
  const { tracker: read, joins } = await visibleTracker(session.accountId, session, trackerId);
  const view = await retry(
    async (attempt) => {
      // After a collision: the change is re-applied to a fresh read (still visible to the caller).
      const fresh = attempt === 1 ? read : await findTracker(session.accountId, trackerId);
      if (!fresh || !canSeeTracker(session, fresh, joins.podOf.get(trackerId))) throw notFound("Tracker");
      if (expectedVersion !== undefined && fresh.version !== expectedVersion) {
        throw new VersionConflictError("Tracker");
      }
      const changes = change(fresh, now);
      const { write } = await computeTrackerFigures(fresh, now, changes);
      const updated = await updateTrackerAt(session.accountId, trackerId, fresh.version, changes, write);
      return trackerView(updated, joins, "detail");
    },
    {
      attempts: CHANGE_ATTEMPTS,
      retryIf: (error) => error instanceof VersionConflictError && expectedVersion === undefined,
    },
  );
  const flags = change.refreshesForNewUser ? await autoRefreshForNewUser(session, trackerId, now) : undefined;
  return flags ? { ...view, ...flags } : view;
}

// ---------------------------------------------------------------------------------------------
// The changes of trackers.md section 4, one per call
// ---------------------------------------------------------------------------------------------

/** Manual monthly or daily budget: automation off, awaiting a data refresh. */
export const setBudget = (amount: number, budgetPeriod: "day" | "month"): TrackerChange =>
  budgetChange(() => ({
    manualBudgetValue: amount,
    budgetPeriod,
    automatedBudget: false,
    requiresUpdate: true,
  }));

/** A user-entered over/under spend (null: back to the computed one); awaiting a data refresh. */
export const setPreviousOverUnderSpend =
  (value: number | null): TrackerChange =>
  () => ({ previousOverUnderSpend: value, requiresUpdate: true });

/** The edited historic months (replacing the stored edits); awaiting a data refresh. */
export const setHistoricData =
  (historicData: { month: string; budget: number | null; actualSpend: number }[]): TrackerChange =>
  () => {
    const byMonth = new Map(historicData.map((h) => [h.month.slice(0, 7), h]));
    return { historicData: [...byMonth.values()], requiresUpdate: true };
  };

/**
 * Future budgets (replacing the stored list). Refused for automated trackers (spec section 2:
 * 'Future budgets cannot be edited for Trackers with an automated budget').
 */
export const setFutureBudgets =
  (
    futureBudgets: { month: string; budget: number | false; budgetPeriod: "day" | "month" | false }[],
  ): TrackerChange =>
  (tracker) => {
    if (tracker.automatedBudget) throw badRequest(TRACKER_TEXTS.futureBudgetsAutomated, "body.futureBudgets");
    const byMonth = new Map(futureBudgets.map((f) => [f.month.slice(0, 7), f]));
    return { futureBudgets: [...byMonth.values()], requiresUpdate: true };
  };

/**
 * The lifetime toggle flips useLifetimeBudgetAsPrimary (or sets it when `value` is given); awaiting a
 * data refresh. Decision: turning lifetime on turns automation off (the lifetime block exists only
 * while automation is off, and turning automation on turns lifetime off).
 */
export const setUseLifetimeBudget = (value: boolean | undefined): TrackerChange =>
  budgetChange((tracker) => {
    const on = value ?? !tracker.useLifetimeBudgetAsPrimary;
    return {
      useLifetimeBudgetAsPrimary: on,
      ...(on ? { automatedBudget: false } : {}),
      requiresUpdate: true,
    };
  });

/**
 * Lifetime budget and dates (spec section 2 date rules, checked in the tracker's time zone): a
 * budget update, so automation off and awaiting a data refresh.
 */
export const setLifetimeBudget = (
  lifetimeBudget: number,
  dates: { startDate: string; endDate: string | null },
): TrackerChange =>
  budgetChange((tracker, now) => {
    const problem = lifetimeDatesError(dates, budgetCalendar(now, tracker.timeZone));
    if (problem) throw badRequest(problem, "body.lifetimeBudgetDates.endDate");
    return {
      lifetimeBudget,
      lifetimeBudgetDates: {
        startDate: dates.startDate,
        ...(dates.endDate ? { endDate: dates.endDate } : {}),
      },
      automatedBudget: false,
      requiresUpdate: true,
    };
  });

/** The currency chosen by a user. */
export const setCurrency =
  (currency: string): TrackerChange =>
  () => ({ currency, currencySet: true });

/**
 * Automated budget on (or flipped when `value` is absent): lifetime off, awaiting a data refresh.
 * Off ("manually setting the budget"): awaiting a data refresh; decision: a tracker with no manual
 * amount yet keeps the platform's budget as its manual budget, so its figures do not drop to 0.
 */
export const setAutomatedBudget = (value: boolean | undefined): TrackerChange =>
  budgetChange((tracker) => {
    const on = value ?? !tracker.automatedBudget;
    if (on) {
      const integration = (tracker.dataSource as { integration?: { slug?: string; name?: string } })
        .integration;
      if (!platformGivesBudget(integration?.slug ?? "")) {
        throw badRequest(
          TRACKER_TEXTS.noPlatformBudget(integration?.name || integration?.slug || "This platform"),
          "body.automatedBudget",
        );
      }
      return { automatedBudget: true, useLifetimeBudgetAsPrimary: false, requiresUpdate: true };
    }
    const platform = tracker.platformBudget;
    if (platform?.period === "lifetime") {
      // A flight budget (DV360) stays as the tracker's own lifetime budget and dates.
      return {
        automatedBudget: false,
        requiresUpdate: true,
        ...(platform.startDate
          ? {
              lifetimeBudget: platform.amount,
              lifetimeBudgetDates: {
                startDate: platform.startDate,
                ...(platform.endDate ? { endDate: platform.endDate } : {}),
              },
            }
          : {}),
      };
    }
    const keepPlatform =
      (tracker.manualBudgetValue === undefined || tracker.manualBudgetValue === null) && platform;
    return {
      automatedBudget: false,
      requiresUpdate: true,
      ...(keepPlatform && platform
        ? { manualBudgetValue: platform.amount, budgetPeriod: platform.period }
        : {}),
    };
  });

/**
 * One of the over/under spend options on (or flipped): the other goes off (spec section 5, mutually
 * exclusive); awaiting a data refresh.
 */
export const setOverUnderSpendOption =
  (option: "lastMonth" | "lastSixMonths", value: boolean | undefined): TrackerChange =>
  (tracker) => {
    const current = {
      lastMonth: tracker.lastMonthOverUnderSpendIncludedInBudgetCalc,
      lastSixMonths: tracker.lastSixMonthsOverUnderSpendIncludedInBudgetCalc,
    };
    const next = toggleOverUnderSpendOption(option, value ?? !current[option], current);
    return {
      lastMonthOverUnderSpendIncludedInBudgetCalc: next.lastMonth,
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: next.lastSixMonths,
      requiresUpdate: true,
    };
  };

/** Weekdays only on (or flipped): the figures count Monday to Friday. */
export const setWeekdaysOnly =
  (value: boolean | undefined): TrackerChange =>
  (tracker) => ({ weekdaysOnly: value ?? !tracker.weekdaysOnly });

/**
 * The full list of users attached to a tracker. Every id must be a user of the account, and none an
 * Admin (spec section 6: Admin-type users are never offered; they see every tracker anyway).
 * @throws AppError 400 naming the offending entry.
 */
export async function setAssociatedUsers(
  session: Session,
  trackerId: string,
  expectedVersion: number | undefined,
  userIds: string[],
  now: Date,
) {
  requireWriter(session);
  const { joins } = await visibleTracker(session.accountId, session, trackerId);
  for (const [i, id] of userIds.entries()) {
    const user = joins.users.get(id);
    if (!user) throw badRequest(TRACKER_TEXTS.unknownUser, `body.associatedUsers.${i}._id`);
    if (user.userType === "Admin") throw badRequest(TRACKER_TEXTS.adminUser, `body.associatedUsers.${i}._id`);
  }
  const unique = [...new Set(userIds)];
  return changeTracker(session, trackerId, expectedVersion, () => ({ associatedUserIds: unique }), now);
}

/** Adds a message to a tracker the caller may see and edit; sender, date, name and avatar are the caller's. */
export async function postMessage(
  session: Session,
  trackerId: string,
  input: { id?: string | undefined; type: string; text: string },
  now: Date,
) {
  requireWriter(session);
  await visibleTracker(session.accountId, session, trackerId);
  return addMessage({
    accountId: session.accountId,
    trackerId,
    messageId: input.id ?? randomUUID(),
    senderId: session.userId,
    date: now.toISOString(),
    type: input.type,
    text: input.text,
    title: session.user.name,
    ...(session.user.avatar ? { avatar: session.user.avatar } : {}),
  });
}

/**
 * Deletes a message; only its author may (spec section 2: only the author sees the delete icon).
 * @throws AppError 404 (tracker or message), 403 'Only the author can delete this message'.
 */
export async function removeMessage(session: Session, trackerId: string, messageId: string) {
  requireWriter(session);
  await visibleTracker(session.accountId, session, trackerId);
  const message = await getMessage(session.accountId, trackerId, messageId);
  if (message.senderId !== session.userId) throw forbidden(TRACKER_TEXTS.notAuthor);
  if (!(await deleteMessageBy(session.accountId, trackerId, messageId, session.userId))) {
    throw notFound("Message");
  }
}

/**
 * Deletes a tracker the caller may see and edit, taking it out of its pod and shared budget in the
 * same transaction, then its messages and daily metrics.
 */
export async function removeTracker(
  session: Session,
  trackerId: string,
  expectedVersion: number | undefined,
) {
  requireWriter(session);
  await visibleTracker(session.accountId, session, trackerId);
  await deleteTracker(session.accountId, trackerId, expectedVersion);
}

/** The tracker of the body must be the tracker of the path when both are given. */
export function assertSameTracker(pathId: string, bodyId: string | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId)
    throw badRequest(TRACKER_TEXTS.trackerMismatch, "body.tracker");
}
