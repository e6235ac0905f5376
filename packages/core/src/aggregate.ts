import type { SharedBudgetSettings } from "./budget.ts";
import { perDay, sharedBudgetAllocations } from "./budget.ts";
import type { BudgetCalendar } from "./calendar.ts";
import { monthDayCounts } from "./calendar.ts";
import { forecastVsBudget } from "./forecast.ts";
import type { MonthlyPacing, TrackerData } from "./tracker-data.ts";
import { monthlyPacing } from "./tracker-data.ts";
import type { Micros } from "./types.ts";
import { finiteOr0 } from "./types.ts";

/**
 * Group rows of the client, pod and shared-budget tables. Spec: pods-budgets-alerts-users-
 * connections.md sections 2.3, 2.6 and 9; trackers.md section 2 (Client-grouped table) and "Metric
 * formulas" (Group aggregates).
 *
 * Rules:
 * - Errored trackers (data or budget load failed) show N/A, so they are left out of every sum and
 *   counted in erroredCount (a pod row is red when erroredCount > 0).
 * - Monthly budget figures are summed over trackers whose primary budget is monthly, lifetime
 *   figures over lifetime trackers (the N/A rules); everything else over all included trackers.
 * - Ratios (CPC, CTR, CVR, ROAS, cost per conversion, percentages) come from the summed totals;
 *   non-finite results become 0. Percent through budget = spend / budget of the monthly trackers.
 * - adjustedPercentageThroughBudget of client and pod rows is the client rule: actual spend x 100
 *   over the sum of (dailyBudget x days gone), truncated to an integer (0 if not finite). The spec
 *   gives it for clients; pods use it too so the two tables agree.
 * - percentageThroughMonth is the mean of the trackers' (their calendars may differ).
 * - Last month budget and over/under spend sum the trackers whose last month has a recorded budget
 *   (a month without one has no budget, not a budget of 0); with none, they are null ('-' and N/A).
 * - **Multiple currencies**: money cannot be added across currencies, so a group whose trackers use
 *   more than one currency has `currency: null`, `multiCurrency: true` and `money: null`; the tables
 *   show the multi-currency icon (tooltip {@link MULTI_CURRENCY_TOOLTIP}) and N/A in money cells.
 *   Counts, CTR, CVR and % through month are still shown.
 * - **Forecasts** (beyond the spec; forecast.ts): a group's forecast is the sum of its trackers'
 *   (Forecast EOM Spend over all included trackers, like Actual Spend; Forecast Lifetime Spend over
 *   the lifetime ones). Its range is the sum of the trackers' P10s to the sum of their P90s: the
 *   P10 of a sum is higher than the sum of P10s unless the trackers always miss together, so this
 *   range is conservative (wider than the group's own). Forecast vs Budget % = the monthly
 *   trackers' forecasts / their budgets (as % Through Budget); vs lifetime budget likewise. A group
 *   with an included tracker without a forecast (or range) shows N/A there (reason noForecast).
 */

/** A tracker as the tables see it: identity, currency, error state and computed data. */
export interface TrackerRow {
  id: string;
  name: string;
  /** Client name; empty when none. */
  client: string;
  /** Integration slug of the tracker's data source, e.g. "googleads". */
  channel: string;
  /** ISO currency code of the tracker's money (default GBP). */
  currency: string;
  /** dataLoadFail or budgetLoadFail (trackers.md section 3: "A tracker is in error if either..."). */
  errored: boolean;
  data: TrackerData;
}

/** Money totals and money ratios of a group, all in micros of the group's one currency. */
export interface GroupMoney {
  budget: Micros;
  dailyBudget: Micros;
  /** Sum over the trackers whose last month has a recorded budget; null when none has. */
  lastMonthBudget: Micros | null;
  actualSpend: Micros;
  lifetimeBudget: Micros;
  lifetimeSpend: Micros;
  lastMonthSpend: Micros;
  /**
   * Sum of the over/under spend of the trackers whose last month has a recorded budget (their spend
   * minus their budget); null when none has.
   */
  lastMonthOverUnderSpend: Micros | null;
  lastMonthOverUnderSpendPositive: boolean;
  spendRemaining: Micros;
  yesterdaySpend: Micros;
  todaySpend: Micros;
  todaySpendRemaining: Micros;
  requiredDailySpend: Micros;
  endOfMonthEstSpend: Micros;
  actualRevenue: Micros;
  /** Sum of the monthly trackers' dailyBudget x daysGone. */
  proRatedBudget: Micros;
  /** Sum of the lifetime trackers' pro-rated lifetime budgets. */
  proRatedLifetimeBudget: Micros;
  /** Spend of the monthly trackers / their budgets x 100, a percent. */
  percentageThroughBudget: number;
  /** Client rule, truncated integer percent (see module doc); plain percent on shared budgets. */
  adjustedPercentageThroughBudget: number;
  /** Percent. */
  percentageThroughLifetimeBudget: number;
  /** Percent. */
  adjustedPercentageThroughLifetimeBudget: number;
  /** Micros. */
  cpc: Micros;
  /** Micros. */
  costPerConversion: Micros;
  /** Ratio. */
  roas: number;
  /** Sum of the included trackers' month-end forecasts (forecast.ts). */
  forecastEomSpend: Micros;
  /** Sum of their P10s (a conservative low end, see the module doc). */
  forecastEomSpendLow: Micros;
  /** Sum of their P90s. */
  forecastEomSpendHigh: Micros;
  /** The monthly trackers' forecasts / their budgets x 100, a percent. */
  forecastVsBudgetPercentage: number;
  /** Sum of the lifetime trackers' flight-end forecasts. */
  forecastLifetimeSpend: Micros;
  forecastLifetimeSpendLow: Micros;
  forecastLifetimeSpendHigh: Micros;
  /** The lifetime trackers' forecasts / their lifetime budgets x 100, a percent. */
  forecastVsLifetimeBudgetPercentage: number;
}

/** A client, pod or shared-budget group row. */
export interface GroupData {
  /** Trackers in the group, errored ones included. */
  trackerCount: number;
  /** Distinct channels (integration slugs) in the group. */
  channelCount: number;
  /** Trackers left out of the figures because they errored. */
  erroredCount: number;
  /** Included trackers whose primary budget is monthly / lifetime. */
  monthlyCount: number;
  lifetimeCount: number;
  /** The one currency of the group, or null when it mixes currencies (or is empty). */
  currency: string | null;
  multiCurrency: boolean;
  actualClicks: number;
  actualImpressions: number;
  actualConversions: number;
  endOfMonthEstConversions: number;
  /** Percent. */
  ctr: number;
  /** Percent. */
  cvr: number;
  /** Percent: mean of the included trackers'. */
  percentageThroughMonth: number;
  /** Sum of the included trackers' month-end conversions forecasts (forecast.ts). */
  forecastEomConversions: number;
  /** Included trackers without a forecast (figures stored before forecasts existed). */
  forecastUnavailableCount: number;
  /** Included trackers without a forecast range (fewer than two days with spend). */
  forecastRangeUnavailableCount: number;
  /** Money totals; null when the group mixes currencies. */
  money: GroupMoney | null;
}

/** The multi-currency icon's tooltip (trackers.md section 2, Client-grouped table). */
export const MULTI_CURRENCY_TOOLTIP = "Multiple currencies used for this client";

function safeSum(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError("A group's money total exceeds 2^53 micros");
  return value;
}

/**
 * Aggregates tracker rows into one group row (client, pod, or the base of a shared budget).
 * See the module doc for the rules. @throws RangeError if a money total exceeds 2^53 micros.
 */
export function aggregateTrackers(rows: readonly TrackerRow[]): GroupData {
  const currencies = new Set<string>();
  const channels = new Set<string>();
  let erroredCount = 0;
  let monthlyCount = 0;
  let lifetimeCount = 0;
  let clicks = 0;
  let impressions = 0;
  let conversions = 0;
  let eomConversions = 0;
  let throughMonth = 0;
  let monthlySpend = 0;
  /** Last month's budget and over/under spend of the trackers that have a budget for it; micros. */
  let lastMonthBudget: Micros | null = null;
  let lastMonthOverUnderSpend: Micros | null = null;
  let eomConversionsForecast = 0;
  let noForecast = 0;
  let noRange = 0;
  let monthlyForecast = 0;
  /** Money sums, in micros. */
  const m = {
    budget: 0,
    dailyBudget: 0,
    actualSpend: 0,
    lifetimeBudget: 0,
    lifetimeSpend: 0,
    lastMonthSpend: 0,
    spendRemaining: 0,
    yesterdaySpend: 0,
    todaySpend: 0,
    todaySpendRemaining: 0,
    requiredDailySpend: 0,
    endOfMonthEstSpend: 0,
    actualRevenue: 0,
    proRatedBudget: 0,
    proRatedLifetimeBudget: 0,
  };
  /** Forecast sums, in micros: estimates, so not held to the 2^53 check of the exact sums. */
  const f = {
    forecastEomSpend: 0,
    forecastEomSpendLow: 0,
    forecastEomSpendHigh: 0,
    forecastLifetimeSpend: 0,
    forecastLifetimeSpendLow: 0,
    forecastLifetimeSpendHigh: 0,
  };
  for (const row of rows) {
    currencies.add(row.currency);
    channels.add(row.channel);
    if (row.errored) {
      erroredCount++;
      continue;
    }
    const d = row.data;
    clicks += d.actualClicks;
    impressions += d.actualImpressions;
    conversions += d.actualConversions;
    eomConversions += d.endOfMonthEstConversions;
    throughMonth += d.percentageThroughMonth;
    if (d.lastMonthBudget !== null) lastMonthBudget = (lastMonthBudget ?? 0) + d.lastMonthBudget;
    if (d.lastMonthOverUnderSpend !== null) {
      lastMonthOverUnderSpend = (lastMonthOverUnderSpend ?? 0) + d.lastMonthOverUnderSpend;
    }
    m.actualSpend += d.actualSpend;
    m.lastMonthSpend += d.lastMonthSpend;
    m.yesterdaySpend += d.yesterdaySpend;
    m.todaySpend += d.todaySpend;
    m.actualRevenue += d.actualRevenue;
    if (d.forecastMethod === "none") noForecast++;
    if (d.forecastRangeMethod === "none") noRange++;
    eomConversionsForecast += d.forecastEomConversions;
    f.forecastEomSpend += d.forecastEomSpend;
    f.forecastEomSpendLow += d.forecastEomSpendLow;
    f.forecastEomSpendHigh += d.forecastEomSpendHigh;
    if (d.primary === "lifetime") {
      lifetimeCount++;
      m.lifetimeBudget += d.lifetimeBudget;
      m.lifetimeSpend += d.lifetimeSpend;
      m.proRatedLifetimeBudget += d.proRatedLifetimeBudget;
      f.forecastLifetimeSpend += d.forecastLifetimeSpend;
      f.forecastLifetimeSpendLow += d.forecastLifetimeSpendLow;
      f.forecastLifetimeSpendHigh += d.forecastLifetimeSpendHigh;
    } else {
      monthlyForecast += d.forecastEomSpend;
      monthlyCount++;
      m.budget += d.budget;
      m.dailyBudget += d.dailyBudget;
      monthlySpend += d.actualSpend;
      m.spendRemaining += d.spendRemaining;
      m.todaySpendRemaining += d.todaySpendRemaining;
      m.requiredDailySpend += d.requiredDailySpend;
      m.endOfMonthEstSpend += d.endOfMonthEstSpend;
      m.proRatedBudget += d.proRatedBudget;
    }
  }
  for (const value of [...Object.values(m), lastMonthBudget ?? 0, lastMonthOverUnderSpend ?? 0])
    safeSum(value);
  const included = monthlyCount + lifetimeCount;
  const multiCurrency = currencies.size > 1;
  const money: GroupMoney | null = multiCurrency
    ? null
    : {
        ...m,
        ...f,
        lastMonthBudget,
        lastMonthOverUnderSpend,
        lastMonthOverUnderSpendPositive: lastMonthOverUnderSpend !== null && lastMonthOverUnderSpend > 0,
        percentageThroughBudget: finiteOr0((monthlySpend / m.budget) * 100),
        adjustedPercentageThroughBudget: Math.trunc(finiteOr0((monthlySpend * 100) / m.proRatedBudget)),
        percentageThroughLifetimeBudget: finiteOr0((m.lifetimeSpend / m.lifetimeBudget) * 100),
        adjustedPercentageThroughLifetimeBudget: finiteOr0(
          (m.lifetimeSpend / m.proRatedLifetimeBudget) * 100,
        ),
        cpc: Math.round(finiteOr0(m.actualSpend / clicks)),
        costPerConversion: Math.round(finiteOr0(m.actualSpend / conversions)),
        roas: finiteOr0(m.actualRevenue / m.actualSpend),
        forecastVsBudgetPercentage: forecastVsBudget(monthlyForecast, m.budget),
        forecastVsLifetimeBudgetPercentage: forecastVsBudget(f.forecastLifetimeSpend, m.lifetimeBudget),
      };
  return {
    trackerCount: rows.length,
    channelCount: channels.size,
    erroredCount,
    monthlyCount,
    lifetimeCount,
    currency: currencies.size === 1 ? (currencies.values().next().value as string) : null,
    multiCurrency,
    actualClicks: clicks,
    actualImpressions: impressions,
    actualConversions: conversions,
    endOfMonthEstConversions: eomConversions,
    ctr: finiteOr0((clicks / impressions) * 100),
    cvr: finiteOr0((conversions / clicks) * 100),
    percentageThroughMonth: finiteOr0(throughMonth / included),
    forecastEomConversions: eomConversionsForecast,
    forecastUnavailableCount: noForecast,
    forecastRangeUnavailableCount: noRange,
    money,
  };
}

/** A group with its member rows. */
export interface Group<Key> {
  key: Key;
  rows: TrackerRow[];
  data: GroupData;
}

/**
 * Client rows (trackers.md section 2, Client-grouped table): one group per non-empty client name,
 * in order of first appearance; trackers without a client are not listed.
 */
export function groupByClient(rows: readonly TrackerRow[]): Group<string>[] {
  const byClient = new Map<string, TrackerRow[]>();
  for (const row of rows) {
    if (!row.client) continue;
    let list = byClient.get(row.client);
    if (!list) {
      list = [];
      byClient.set(row.client, list);
    }
    list.push(row);
  }
  return [...byClient].map(([key, list]) => ({ key, rows: list, data: aggregateTrackers(list) }));
}

/** A pod as stored (spec section 3): its tracker list holds ids or `{ _id }` objects. */
export interface PodInput {
  _id: string;
  name: string;
  trackers: readonly (string | { _id: string })[];
}

/**
 * Pod rows (spec section 2.3): one group per pod with the rows of its trackers that are loaded
 * (trackers the user cannot see, or that no longer exist, are left out), in the pod's order.
 */
export function groupByPod(pods: readonly PodInput[], rows: readonly TrackerRow[]): Group<PodInput>[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return pods.map((pod) => {
    const list: TrackerRow[] = [];
    for (const t of pod.trackers) {
      const row = byId.get(typeof t === "string" ? t : t._id);
      if (row) list.push(row);
    }
    return { key: pod, rows: list, data: aggregateTrackers(list) };
  });
}

/**
 * A pods-spend helper (spec section 9): spend divided by the sum of dailyBudget x days in month,
 * as an integer percent (truncated; 0 if not finite). Monthly, non-errored trackers only.
 */
export function podSpendPercentage(rows: readonly TrackerRow[]): number {
  let spend = 0;
  let monthBudget = 0;
  for (const row of rows) {
    if (row.errored || row.data.primary === "lifetime") continue;
    spend += row.data.actualSpend;
    monthBudget += row.data.dailyBudget * row.data.daysInMonth;
  }
  return Math.trunc(finiteOr0((spend * 100) / monthBudget));
}

/** A tracker row inside a shared budget: its figures re-paced on its allocation. */
export interface SharedBudgetTrackerRow extends TrackerRow {
  /** The allocation percent in percentage mode; null in money mode. */
  allocationPercent: number | null;
  /** The tracker's budget within the shared budget, micros (also data.budget). */
  allocation: Micros;
}

/** The shared-budget table for one shared budget (spec section 2.6). */
export interface SharedBudgetTable {
  /** The group row: the shared budget's total paced against its trackers' spend. */
  group: GroupData;
  trackers: SharedBudgetTrackerRow[];
  /** Ids the shared budget lists but that are not among the loaded trackers. */
  missingTrackerIds: string[];
}

/**
 * Builds a shared budget's rows (spec section 9, shared-budget arithmetic). Each listed tracker found
 * in `rows` becomes a monthly row whose budget is its allocation (see sharedBudgetAllocations), whose
 * daily budget is the allocation over the days of the month (weekdays only with the shared budget's
 * weekdaysOnly) and whose budget figures are re-paced on `calendar` (pass the account's time zone's
 * calendar: a shared budget has no time zone of its own). Spend and performance figures stay the
 * tracker's own. The group row sums the trackers like any group, then paces the shared budget's own
 * total: budget = total, daily = total / days, spend remaining, required daily spend, % and adjusted %
 * (not truncated) and EOM estimate from the summed spend. Forecast vs Budget % follows the same
 * budgets: each tracker's month-end forecast against its allocation, the group's against the total.
 */
export function sharedBudgetTable(
  shared: SharedBudgetSettings,
  rows: readonly TrackerRow[],
  calendar: BudgetCalendar,
): SharedBudgetTable {
  const counts = monthDayCounts(calendar, shared.weekdaysOnly === true);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const trackers: SharedBudgetTrackerRow[] = [];
  const missingTrackerIds: string[] = [];
  for (const allocation of sharedBudgetAllocations(shared)) {
    const row = byId.get(allocation.trackerId);
    if (!row) {
      missingTrackerIds.push(allocation.trackerId);
      continue;
    }
    const pacing = monthlyPacing(
      allocation.budget,
      perDay(allocation.budget, counts.daysInMonth),
      row.data.actualSpend,
      row.data.todaySpend,
      counts,
    );
    trackers.push({
      ...row,
      allocationPercent: allocation.allocationPercent,
      allocation: allocation.budget,
      data: {
        ...row.data,
        ...pacing,
        primary: "monthly",
        baseBudget: pacing.budget,
        baseDailyBudget: pacing.dailyBudget,
        budgetAdjustment: null,
        percentageThroughMonth: counts.percentageThroughMonth,
        daysGone: counts.daysGone,
        daysInMonth: counts.daysInMonth,
        forecastVsBudgetPercentage: forecastVsBudget(row.data.forecastEomSpend, pacing.budget),
      },
    });
  }
  const group = aggregateTrackers(trackers);
  if (group.money) {
    const total = Math.max(0, shared.budget);
    const pacing = monthlyPacing(
      total,
      perDay(total, counts.daysInMonth),
      group.money.actualSpend,
      group.money.todaySpend,
      counts,
    );
    group.money = pacedOn(group.money, [pacing]);
  }
  return {
    group: { ...group, percentageThroughMonth: counts.percentageThroughMonth },
    trackers,
    missingTrackerIds,
  };
}

/** The figures of a monthly pacing that add up across budgets (micros). */
const PACED_SUMS = [
  "budget",
  "dailyBudget",
  "proRatedBudget",
  "spendRemaining",
  "todaySpendRemaining",
  "requiredDailySpend",
  "endOfMonthEstSpend",
] as const satisfies readonly (keyof MonthlyPacing & keyof GroupMoney)[];

/**
 * A group's money with its budget figures taken from budgets paced on their own (the shared budgets'
 * totals): the paced figures summed, percent and adjusted percent through budget (not truncated)
 * from the group's spend over those sums. One pacing gives exactly its own figures; the group row
 * and the Totals footer of the shared-budget table both come from here.
 */
function pacedOn(
  money: GroupMoney,
  pacings: readonly Pick<MonthlyPacing, (typeof PACED_SUMS)[number]>[],
): GroupMoney {
  const paced = { ...money };
  for (const field of PACED_SUMS) {
    let sum = 0;
    for (const pacing of pacings) sum += pacing[field];
    paced[field] = safeSum(sum);
  }
  paced.percentageThroughBudget = finiteOr0((money.actualSpend / paced.budget) * 100);
  paced.adjustedPercentageThroughBudget = finiteOr0((money.actualSpend * 100) / paced.proRatedBudget);
  paced.forecastVsBudgetPercentage = forecastVsBudget(money.forecastEomSpend, paced.budget);
  return paced;
}

/**
 * The Totals footer of the shared-budget table (spec sections 2.6 and 2.9, 'Show Totals'): the
 * trackers of every shared budget shown summed like any group (spend, performance, counts), and the
 * budget figures (budget, daily budget, spend remaining, today spend remaining, required daily spend,
 * EOM estimate, % and adjusted % through budget) summed from the shared budgets' group rows, each
 * paced on its own total (see sharedBudgetTable). So the footer agrees with the group rows: with one
 * shared budget it is its group row; it never sums the trackers' own spend remaining, which would
 * count an overspent tracker's allocation as 0 while the shared budget still has money left.
 * Pass each shared budget's group row and its tracker rows, as shown (e.g. after a search).
 * @throws RangeError if a money total exceeds 2^53 micros.
 */
export function sharedBudgetTotals(
  tables: readonly { group: GroupData; trackers: readonly TrackerRow[] }[],
): GroupData {
  const totals = aggregateTrackers(tables.flatMap((t) => t.trackers));
  if (!totals.money) return totals;
  const pacings: GroupMoney[] = [];
  for (const { group } of tables) if (group.money) pacings.push(group.money);
  return { ...totals, money: pacedOn(totals.money, pacings) };
}
