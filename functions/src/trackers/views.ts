import { dayBasisOf } from "@pacer/connectors/day-basis";
import { reportingLagHours } from "@pacer/connectors/reporting-lag";
import type { TrackerData } from "@pacer/core";
import { storedTrackerData } from "@pacer/core";
import type { Message, Pod, SharedBudget, Tracker, User } from "@pacer/db";

/** What a tracker's answer joins from other items of the account. */
export interface TrackerJoins {
  /** The pod of each tracker in one. */
  podOf: ReadonlyMap<string, Pod>;
  /** The shared budget of each tracker in one. */
  budgetOf: ReadonlyMap<string, SharedBudget>;
  /** The account's users, by id. */
  users: ReadonlyMap<string, User>;
}

/**
 * The columns of a tracker's answer joined from other items: its pod (id and name) and shared
 * budget (id) from the pods and shared budgets, its attached users from the account's users (users
 * since removed are left out).
 */
export function trackerJoinValues(
  trackerId: string,
  associatedUserIds: readonly string[],
  joins: TrackerJoins,
) {
  const pod = joins.podOf.get(trackerId);
  const budget = joins.budgetOf.get(trackerId);
  const associatedUsers = [];
  for (const id of associatedUserIds) {
    const user = joins.users.get(id);
    if (user) associatedUsers.push(associatedUserView(user));
  }
  return {
    podId: pod?.podId ?? null,
    podName: pod?.name ?? null,
    sharedBudgetId: budget?.sharedBudgetId ?? null,
    associatedUsers,
  };
}

/** A user attached to a tracker, as the Users tab shows them (spec section 2: _id, name, userType, email, avatar). */
export function associatedUserView(user: User) {
  return {
    _id: user.userId,
    name: user.name,
    userType: user.userType,
    email: user.email,
    avatar: user.avatar ?? null,
  };
}

/** A message as the Notes & Activity tab shows it (spec: id, senderId, date, type, text, title, avatar). */
export function messageView(m: Message) {
  return {
    id: m.messageId,
    senderId: m.senderId,
    date: m.date,
    type: m.type,
    text: m.text,
    title: m.title,
    avatar: m.avatar ?? null,
  };
}

function withoutMetaData(dataSource: unknown) {
  const ds = dataSource as {
    integration?: { name?: string; slug?: string; email?: string; avatar?: string };
    view?: { id?: string; name?: string };
  };
  return {
    integration: {
      name: ds.integration?.name,
      slug: ds.integration?.slug,
      email: ds.integration?.email,
      avatar: ds.integration?.avatar,
    },
    view: { id: ds.view?.id, name: ds.view?.name },
  };
}

/**
 * A tracker as the web app sees it (spec trackers.md section 3). Money in micros. `data` is the
 * engine's TrackerData stored at the last computation (null before the first); freshness:
 * `lastRefreshedAt` (last successful fetch), `lastFailedAt` / `lastFailure` (last failed attempt) and
 * the platform's `reportingLagHours`; `dayBasis` (`utc` when the platform reports UTC days, shown
 * on the tracker); `podId`, `podName`
 * and `sharedBudgetId` are joined from the pods and shared budgets; `associatedUsers` from the
 * account's users (users since removed are left out).
 *
 * - `list` (get-trackers-by-account, sent as the table of `@pacer/core/tracker-list`): lean for
 *   10,000 trackers: no `data.historicData`, no stored historic or future budget edits, no filters,
 *   no data-source metaData, no `dataComputedAt` (the dashboard shows `lastRefreshedAt`).
 * - `detail` (get-tracker and every update answer): everything, plus `messages` when given.
 */
export function trackerView(
  t: Tracker,
  joins: TrackerJoins,
  mode: "list" | "detail",
  messages?: readonly Message[],
) {
  const { podId, podName, sharedBudgetId, associatedUsers } = trackerJoinValues(
    t.trackerId,
    t.associatedUserIds,
    joins,
  );
  const slug = (t.dataSource as { integration?: { slug?: string } })?.integration?.slug ?? "";
  let data: Partial<TrackerData> | null = storedTrackerData(t);
  if (data && mode === "list") {
    const { historicData: _h, ...lean } = data;
    data = lean;
  }
  const view = {
    _id: t.trackerId,
    name: t.name,
    client: t.client,
    podId,
    podName,
    sharedBudgetId,
    currency: t.currency,
    currencySet: t.currencySet,
    timeZone: t.timeZone,
    automatedBudget: t.automatedBudget,
    platformBudget: t.platformBudget ?? null,
    manualBudgetValue: t.manualBudgetValue ?? null,
    budgetPeriod: t.budgetPeriod,
    weekdaysOnly: t.weekdaysOnly,
    lifetimeBudget: t.lifetimeBudget ?? null,
    lifetimeBudgetDates: t.lifetimeBudgetDates
      ? { startDate: t.lifetimeBudgetDates.startDate, endDate: t.lifetimeBudgetDates.endDate ?? null }
      : null,
    useLifetimeBudgetAsPrimary: t.useLifetimeBudgetAsPrimary,
    lastMonthOverUnderSpendIncludedInBudgetCalc: t.lastMonthOverUnderSpendIncludedInBudgetCalc,
    lastSixMonthsOverUnderSpendIncludedInBudgetCalc: t.lastSixMonthsOverUnderSpendIncludedInBudgetCalc,
    previousOverUnderSpend: t.previousOverUnderSpend ?? null,
    requiresUpdate: t.requiresUpdate,
    associatedUsers,
    dataSource: mode === "list" ? withoutMetaData(t.dataSource) : t.dataSource,
    dataLoading: t.dataLoading ?? false,
    isUpdating: t.isUpdating ?? false,
    isBudgetUpdating: t.isBudgetUpdating ?? false,
    dataLoadFail: t.dataLoadFail ?? false,
    budgetLoadFail: t.budgetLoadFail ?? false,
    err: t.err ?? null,
    data,
    ...(mode === "list" ? {} : { dataComputedAt: t.dataComputedAt ?? null }),
    lastRefreshedAt: t.lastRefreshedAt ?? null,
    lastFailedAt: t.lastFailedAt ?? null,
    lastFailure: t.lastFailure ?? null,
    /** The platform's reporting lag in hours (its connector's fact), null when unknown. */
    reportingLagHours: reportingLagHours(slug),
    /** Whether the tracker's days are the platform's UTC days or the account's (its connector's fact). */
    dayBasis: dayBasisOf(slug),
    createdAt: t.createdAt,
    version: t.version,
  };
  if (mode === "list") return view;
  return {
    ...view,
    historicData: (t.historicData as unknown[] | undefined) ?? [],
    futureBudgets: (t.futureBudgets as unknown[] | undefined) ?? [],
    filters: (t.filters as unknown[] | undefined) ?? [],
    ...(messages ? { messages: messages.map(messageView) } : {}),
  };
}
