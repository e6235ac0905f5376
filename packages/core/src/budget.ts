import type { BudgetCalendar, LifetimeBudgetDates } from "./calendar.ts";
import { monthDayCounts } from "./calendar.ts";
import type { BudgetPeriod, IsoDate, Micros } from "./types.ts";

/**
 * Tracker budget resolution: which monthly and daily budget a tracker has this month, and how the
 * over/under spend of earlier months adjusts it. Spec: trackers.md sections 2 (Budget Management,
 * Advanced Settings, Historic Data, Future Budgets), 3 (tracker fields), 4 (states) and "Metric
 * formulas"; pods-budgets-alerts-users-connections.md sections 5 and 9 (shared-budget allocation).
 *
 * All money is integer micros of the tracker currency.
 */

/** One stored month of historic data (trackers.md section 3, historicData). Money in micros. */
export interface HistoricDataInput {
  /** Any date in the month, normally its first day (`yyyy-MM-01`). */
  month: IsoDate;
  /**
   * The month's budget in micros as recorded or typed by a user; missing or null means the month has
   * no budget (e.g. a month before the tracker existed): not a budget of 0.
   */
  budget?: Micros | null;
  /**
   * The month's actual spend in micros as recorded or edited by a user; missing means "sum the daily
   * rows of that month".
   */
  actualSpend?: Micros | null;
}

/** One month of resolved historic data: budget and actual spend in micros. */
export interface HistoricDataEntry {
  /** First day of the month, `yyyy-MM-01`. */
  month: IsoDate;
  /**
   * The month's recorded budget in micros, or null when none was recorded: the month has no budget
   * (shown '-'), no over/under spend, and the over/under spend adjustments skip it.
   */
  budget: Micros | null;
  actualSpend: Micros;
}

/**
 * A historic month's over/under spend in micros: actual spend minus budget (positive = overspent),
 * or null when the month has no recorded budget (trackers.md "Metric formulas": lastMonthOverUnderSpend
 * = last month spend minus last month budget; a month without a budget has no over/under spend).
 */
export function monthOverUnderSpend(entry: HistoricDataEntry): Micros | null {
  return entry.budget === null ? null : entry.actualSpend - entry.budget;
}

/**
 * A future month's budget (trackers.md section 2, Future Budgets). `budget: false` means "use the
 * tracker's budget"; `budgetPeriod: false` means "use the tracker's budget period".
 */
export interface FutureBudget {
  /** Any date in the month, normally its first day. */
  month: IsoDate;
  /** Amount in micros, per `budgetPeriod`; false = the tracker's budget. */
  budget: Micros | false;
  budgetPeriod: BudgetPeriod | false;
}

/**
 * A budget read from the ad platform for an automated tracker: `amount` in micros per `period`
 * ("day" or "month"), or, with period "lifetime", over the flight `startDate`..`endDate`
 * (`yyyy-MM-dd`, inclusive, the ad account's days; e.g. DV360 insertion-order budget segments).
 */
export interface PlatformBudget {
  amount: Micros;
  period: BudgetPeriod | "lifetime";
  /** First day of a lifetime budget's flight; only with period "lifetime". */
  startDate?: IsoDate | undefined;
  /** Last day of a lifetime budget's flight; only with period "lifetime". */
  endDate?: IsoDate | undefined;
}

/** The platform's lifetime (flight) budget of an automated tracker, or null when it gives none. */
function platformFlight(
  settings: TrackerBudgetSettings,
): { amount: Micros; startDate: IsoDate; endDate: IsoDate | null } | null {
  const platform = settings.automatedBudget ? settings.platformBudget : null;
  if (platform?.period !== "lifetime" || !platform.startDate) return null;
  return { amount: platform.amount, startDate: platform.startDate, endDate: platform.endDate ?? null };
}

/**
 * A tracker's lifetime budget and its dates (trackers.md section 3): an automated tracker whose
 * platform budget is a lifetime (flight) budget takes the platform's amount and flight; every other
 * tracker keeps its own `lifetimeBudget` (0 when missing) and `lifetimeBudgetDates`.
 */
export function lifetimeBudgetOf(settings: TrackerBudgetSettings): {
  lifetimeBudget: Micros;
  lifetimeBudgetDates: LifetimeBudgetDates | null;
} {
  const flight = platformFlight(settings);
  if (flight) {
    return {
      lifetimeBudget: Math.max(0, flight.amount),
      lifetimeBudgetDates: { startDate: flight.startDate, endDate: flight.endDate },
    };
  }
  return {
    lifetimeBudget: Math.max(0, settings.lifetimeBudget ?? 0),
    lifetimeBudgetDates: settings.lifetimeBudgetDates ?? null,
  };
}

/**
 * The budget settings of one tracker, as stored (trackers.md section 3). Every field is optional so
 * that a half-configured tracker still computes (a missing budget is a budget of 0).
 */
export interface TrackerBudgetSettings {
  /** Budget taken from the platform (true) or set by hand (false). */
  automatedBudget?: boolean;
  /** The platform's budget, used when automatedBudget is on. */
  platformBudget?: PlatformBudget | null;
  /** The manual budget amount in micros, per budgetPeriod. */
  manualBudgetValue?: Micros | null;
  /** Period of manualBudgetValue; default "month". */
  budgetPeriod?: BudgetPeriod | null;
  /** Count only Monday to Friday in the month (and in the lifetime range). */
  weekdaysOnly?: boolean;
  /** Lifetime budget in micros (minimum 0). */
  lifetimeBudget?: Micros | null;
  lifetimeBudgetDates?: LifetimeBudgetDates | null;
  /** Lifetime budget is the tracker's primary budget: monthly and daily figures show N/A. */
  useLifetimeBudgetAsPrimary?: boolean;
  /** Adjust this month's budget by last month's over/under spend. */
  lastMonthOverUnderSpendIncludedInBudgetCalc?: boolean;
  /** Adjust this month's budget by the last six months' over/under spend. */
  lastSixMonthsOverUnderSpendIncludedInBudgetCalc?: boolean;
  /**
   * A user-entered over/under spend in micros ("Previous over/under spend", Advanced Settings). When
   * set it replaces the computed amount of whichever adjustment is on.
   */
  previousOverUnderSpend?: Micros | null;
  historicData?: readonly HistoricDataInput[] | null;
  futureBudgets?: readonly FutureBudget[] | null;
}

/** Where this month's budget came from. */
export type BudgetSource = "automated" | "manual" | "futureBudget" | "none";

/** Which over/under spend adjustment applies (trackers.md section 2, Advanced Settings). */
export type BudgetAdjustmentKind = "lastMonth" | "lastSixMonths";

/** An applied over/under spend adjustment. */
export interface BudgetAdjustment {
  kind: BudgetAdjustmentKind;
  /** Over (positive) or under (negative) spend in micros taken off this month's budget. */
  overUnderSpend: Micros;
}

/** A tracker's budget for the current month, resolved. Money in micros. */
export interface ResolvedBudget {
  /** "lifetime" when useLifetimeBudgetAsPrimary is on or the automated platform budget is a flight budget, else "monthly". */
  primary: "monthly" | "lifetime";
  source: BudgetSource;
  /** Period of the amount the budget was given in. */
  budgetPeriod: BudgetPeriod;
  weekdaysOnly: boolean;
  /** Monthly budget before any over/under spend adjustment. */
  baseBudget: Micros;
  /** Daily budget before any adjustment. */
  baseDailyBudget: Micros;
  /**
   * The monthly budget the figures use and the Budget column shows: the adjusted budget when an
   * adjustment applies (the spec's trackerBudgetWithAdjustedLastMonthOverUnderSpendAmount), else
   * baseBudget. Never negative.
   */
  budget: Micros;
  /**
   * The daily budget the figures use: adjusted when an adjustment applies (the spec's
   * trackerDailyBudgetWithAdjustedLastMonthOverUnderSpendAmount), else baseDailyBudget.
   */
  dailyBudget: Micros;
  adjustment: BudgetAdjustment | null;
  /** The six months before the current one, oldest first (index 5 = last month). */
  historicData: HistoricDataEntry[];
  /**
   * Last month's budget: the sixth historicData entry's budget (trackers.md "Metric formulas"); null
   * when last month has no recorded budget.
   */
  lastMonthBudget: Micros | null;
  /** Lifetime budget in micros (0 when missing). */
  lifetimeBudget: Micros;
  lifetimeBudgetDates: LifetimeBudgetDates | null;
}

function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

/**
 * The six months of historicData before the calendar's month, oldest first, so that the sixth entry
 * is last month (trackers.md section 3: "the sixth entry's budget is used as last month's budget").
 * Stored entries are matched by month (yyyy-MM); stored entries outside the six months are dropped.
 * A month's budget is the stored budget, or null when none is stored (no budget: not 0); its
 * actualSpend is the stored actualSpend when present (a recorded or user-edited figure), else
 * `rowSpend[i]`, the sum of that month's daily rows.
 *
 * @param rowSpend six monthly spend sums in micros, oldest first, aligned with calendar.previousMonths.
 */
export function resolveHistoricData(
  stored: readonly HistoricDataInput[] | null | undefined,
  calendar: BudgetCalendar,
  rowSpend: readonly Micros[],
): HistoricDataEntry[] {
  const byMonth = new Map<string, HistoricDataInput>();
  for (const entry of stored ?? []) byMonth.set(monthOf(entry.month), entry);
  return calendar.previousMonths.map((month, i) => {
    const entry = byMonth.get(monthOf(month));
    return {
      month,
      budget: entry?.budget ?? null,
      actualSpend: entry?.actualSpend ?? rowSpend[i] ?? 0,
    };
  });
}

/** The future budget stored for the calendar's month, if any and not reset to false. */
function futureBudgetFor(
  futureBudgets: readonly FutureBudget[] | null | undefined,
  calendar: BudgetCalendar,
): FutureBudget | undefined {
  const month = monthOf(calendar.monthStart);
  return futureBudgets?.find((f) => monthOf(f.month) === month && f.budget !== false);
}

/**
 * Resolves a tracker's budget for the calendar's month.
 *
 * Rules (trackers.md sections 2-4, "Metric formulas"):
 * 1. Amount: automated trackers use the platform budget; manual trackers use this month's future
 *    budget when one is set (budget not false), else manualBudgetValue. No amount = budget 0
 *    (source "none"). Future budgets apply to manual trackers only ("Future budgets cannot be edited
 *    for Trackers with an automated budget").
 * 2. Period: a "month" amount is the monthly budget and the daily budget is it divided by the days
 *    in the month; a "day" amount is the daily budget and the monthly budget is it times the days in
 *    the month. With weekdaysOnly the days are Monday to Friday. Daily budgets round to whole micros.
 * 3. Adjustment: with lastMonthOverUnderSpendIncludedInBudgetCalc the over/under spend is last
 *    month's (actualSpend - budget of the sixth historic entry); with
 *    lastSixMonthsOverUnderSpendIncludedInBudgetCalc it is the sum over the six entries. Months
 *    without a recorded budget are skipped: with none left (and no stored amount) there is no
 *    adjustment. A stored previousOverUnderSpend replaces the computed amount. The adjusted budget
 *    is base budget minus the over/under spend, never below 0, and the adjusted daily budget is it
 *    over the days in the month. The two options are mutually exclusive (trackers.md section 5);
 *    if both are set the last-month option wins.
 *
 * @param rowSpend the six previous months' spend sums from daily rows (see {@link resolveHistoricData}).
 */
export function resolveTrackerBudget(
  settings: TrackerBudgetSettings,
  calendar: BudgetCalendar,
  rowSpend: readonly Micros[] = [],
): ResolvedBudget {
  const weekdaysOnly = settings.weekdaysOnly === true;
  const { daysInMonth } = monthDayCounts(calendar, weekdaysOnly);

  let source: BudgetSource = "none";
  let amount = 0;
  let budgetPeriod: BudgetPeriod = settings.budgetPeriod ?? "month";
  if (settings.automatedBudget) {
    const platform = settings.platformBudget;
    if (platform) source = "automated";
    // A lifetime (flight) budget is the tracker's lifetime budget (lifetimeBudgetOf): no monthly one.
    if (platform && platform.period !== "lifetime") {
      amount = platform.amount;
      budgetPeriod = platform.period;
    }
  } else {
    const future = futureBudgetFor(settings.futureBudgets, calendar);
    if (future && future.budget !== false) {
      source = "futureBudget";
      amount = future.budget;
      budgetPeriod = future.budgetPeriod || budgetPeriod;
    } else if (settings.manualBudgetValue !== null && settings.manualBudgetValue !== undefined) {
      source = "manual";
      amount = settings.manualBudgetValue;
    }
  }
  amount = Math.max(0, amount);
  const baseBudget = budgetPeriod === "day" ? amount * daysInMonth : amount;
  const baseDailyBudget = budgetPeriod === "day" ? amount : perDay(amount, daysInMonth);

  const historicData = resolveHistoricData(settings.historicData, calendar, rowSpend);
  const lastMonth = historicData[5];
  const lastMonthBudget = lastMonth?.budget ?? null;

  let kind: BudgetAdjustmentKind | null = null;
  let computed: Micros | null = null;
  if (settings.lastMonthOverUnderSpendIncludedInBudgetCalc) {
    kind = "lastMonth";
    computed = lastMonth ? monthOverUnderSpend(lastMonth) : null;
  } else if (settings.lastSixMonthsOverUnderSpendIncludedInBudgetCalc) {
    kind = "lastSixMonths";
    for (const h of historicData) {
      const overUnder = monthOverUnderSpend(h);
      if (overUnder !== null) computed = (computed ?? 0) + overUnder;
    }
  }
  const overUnderSpend = settings.previousOverUnderSpend ?? computed;
  const adjustment: BudgetAdjustment | null =
    kind && overUnderSpend !== null ? { kind, overUnderSpend } : null;
  const budget = adjustment ? Math.max(0, baseBudget - adjustment.overUnderSpend) : baseBudget;
  const dailyBudget = adjustment ? perDay(budget, daysInMonth) : baseDailyBudget;

  return {
    primary: settings.useLifetimeBudgetAsPrimary || platformFlight(settings) ? "lifetime" : "monthly",
    source,
    budgetPeriod,
    weekdaysOnly,
    baseBudget,
    baseDailyBudget,
    budget,
    dailyBudget,
    adjustment,
    historicData,
    lastMonthBudget,
    ...lifetimeBudgetOf(settings),
  };
}

/** A monthly amount spread over `days` days, rounded to whole micros (0 when there are no days). */
export function perDay(monthly: Micros, days: number): Micros {
  return days > 0 ? Math.round(monthly / days) : 0;
}

/**
 * The tooltip of a tracker whose budget is adjusted (trackers.md section 2, Tracker row states).
 * The six-month variant is also marked with a '6' icon.
 */
export function budgetAdjustmentTooltip(kind: BudgetAdjustmentKind): string {
  return kind === "lastSixMonths"
    ? "Budget & Daily Budget adjusted for last six months over/under spend"
    : "Budget & Daily Budget adjusted for last month over/under spend";
}

// ---------------------------------------------------------------------------------------------
// Shared budgets (pods-budgets-alerts-users-connections.md sections 3, 5, 9)
// ---------------------------------------------------------------------------------------------

/** One tracker's stored allocation in a shared budget. */
export interface SharedBudgetTrackerAllocation {
  _id: string;
  /** Allocation as a percent of the shared budget (0..100), used when allocatedBudgetAsAPercentage. */
  budgetAllocation?: number | null;
  /** Allocation in micros (0..budget), used otherwise. */
  budgetAllocationMoney?: Micros | null;
}

/** A shared budget's settings (spec section 3, Shared budget). */
export interface SharedBudgetSettings {
  _id?: string;
  name?: string;
  /** Total monthly budget in micros. */
  budget: Micros;
  /** Allocations are percentages (true) or money (false). */
  allocatedBudgetAsAPercentage: boolean;
  /**
   * Whether a user has set the percentage allocations by hand; until then every tracker gets an
   * equal share. Default false.
   */
  hasManualAllocationBeenSet?: boolean;
  /** Count only Monday to Friday in the month. */
  weekdaysOnly?: boolean;
  trackers: readonly SharedBudgetTrackerAllocation[];
}

/** A tracker's allocation in a shared budget, resolved. */
export interface ResolvedAllocation {
  trackerId: string;
  /** The percent shown in percentage mode (0..100); null in money mode. */
  allocationPercent: number | null;
  /** The tracker's monthly budget within the shared budget, in micros. */
  budget: Micros;
}

/**
 * Clamps a typed allocation: a percent to 0..100, or money (micros) to 0..total (spec section 5).
 * Non-finite input becomes 0.
 */
export function clampAllocation(value: number, asPercentage: boolean, total: Micros): number {
  if (!Number.isFinite(value)) return 0;
  const max = asPercentage ? 100 : Math.max(0, total);
  return Math.min(max, Math.max(0, value));
}

/** The equal share each of `trackerCount` trackers shows: 100 / count, rounded (spec section 5). */
export function equalSharePercent(trackerCount: number): number {
  return trackerCount > 0 ? Math.round(100 / trackerCount) : 0;
}

/**
 * Each tracker's budget within a shared budget (spec section 9: "A shared tracker's budget is a
 * percentage of the shared budget when allocatedBudgetAsAPercentage is set, otherwise its money
 * allocation"). Percent mode: the stored percent clamped to 0..100, or the equal share (100 / n,
 * rounded) until hasManualAllocationBeenSet; budget = total x percent / 100, rounded to micros.
 * Money mode: the stored money clamped to 0..total (missing = 0).
 */
export function sharedBudgetAllocations(shared: SharedBudgetSettings): ResolvedAllocation[] {
  const total = Math.max(0, shared.budget);
  const n = shared.trackers.length;
  return shared.trackers.map((t) => {
    if (shared.allocatedBudgetAsAPercentage) {
      const percent = shared.hasManualAllocationBeenSet
        ? clampAllocation(t.budgetAllocation ?? 0, true, total)
        : equalSharePercent(n);
      return { trackerId: t._id, allocationPercent: percent, budget: Math.round((total * percent) / 100) };
    }
    return {
      trackerId: t._id,
      allocationPercent: null,
      budget: Math.round(clampAllocation(t.budgetAllocationMoney ?? 0, false, total)),
    };
  });
}

/** A shared budget's allocation settings: the mode, the manual flag and each tracker's allocation. */
export interface SharedBudgetAllocationState {
  allocatedBudgetAsAPercentage: boolean;
  hasManualAllocationBeenSet: boolean;
  trackers: SharedBudgetTrackerAllocation[];
}

/**
 * Whole units that add up to `target`, each the floor or the ceiling of its exact share (largest
 * remainder first; ties go to the earlier entry), so rounding never makes a total drift.
 * `target` must lie between the sums of the floors and of the ceilings.
 */
function apportion(exact: readonly number[], target: number): number[] {
  const units = exact.map((x) => Math.floor(x));
  let rest = target - units.reduce((s, u) => s + u, 0);
  const order = exact.map((x, i) => ({ i, remainder: x - Math.floor(x) }));
  order.sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    units[i] = (units[i] as number) + 1;
    rest--;
  }
  return units;
}

/**
 * Switches a shared budget's allocations between percentage and money, converting each tracker's
 * allocation so that every tracker keeps its share of the budget (spec section 5: "Allocation in
 * percentage mode ... In money mode ..."; the spec does not say what a switch does, and a user
 * expects the shares to survive it).
 * - Percentage to money: each tracker's money is its share of `budget` in micros: its percent (clamped
 *   to 0..100) of the total, or an exact equal share (total / n) while no percent was set by hand.
 *   The amounts are rounded so that they add up to the rounded total of the shares (never more).
 * - Money to percentage: each tracker's percent is its money (clamped to 0..budget) over the budget,
 *   to two decimals, rounded so that the percents add up to the rounded total; the percents now count
 *   as set by hand. With a budget of 0 there is nothing to convert: the percents stay as they were.
 * The other mode's stored values are kept; switching to the mode already set changes nothing.
 */
export function switchAllocationMode(
  state: SharedBudgetAllocationState & { budget: Micros },
  asPercentage: boolean,
): SharedBudgetAllocationState {
  const { trackers, hasManualAllocationBeenSet } = state;
  const unchanged = { allocatedBudgetAsAPercentage: asPercentage, hasManualAllocationBeenSet, trackers };
  if (state.allocatedBudgetAsAPercentage === asPercentage) return unchanged;
  const total = Math.max(0, state.budget);
  const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);
  if (!asPercentage) {
    const exact = trackers.map((t) =>
      hasManualAllocationBeenSet
        ? (total * clampAllocation(t.budgetAllocation ?? 0, true, total)) / 100
        : total / trackers.length,
    );
    const money = apportion(exact, Math.round(sum(exact)));
    return { ...unchanged, trackers: trackers.map((t, i) => ({ ...t, budgetAllocationMoney: money[i] })) };
  }
  if (total === 0) return unchanged;
  const hundredths = trackers.map(
    (t) => (clampAllocation(t.budgetAllocationMoney ?? 0, false, total) * 10_000) / total,
  );
  const percents = apportion(hundredths, Math.round(sum(hundredths)));
  return {
    allocatedBudgetAsAPercentage: true,
    hasManualAllocationBeenSet: true,
    trackers: trackers.map((t, i) => ({ ...t, budgetAllocation: (percents[i] as number) / 100 })),
  };
}

/** The sum of a shared budget's allocations and its limit (spec section 5). */
export interface AllocationTotal {
  /** "percent": percents (limit 100); "micros": money (limit the shared budget). */
  unit: "percent" | "micros";
  /** The sum of the clamped allocations, in `unit`. */
  sum: number;
  /** 100 percent, or the shared budget in micros. */
  limit: number;
  /** sum > limit: the allocations hand out more than the budget. */
  over: boolean;
}

/**
 * The sum of a shared budget's allocations, each clamped as the engine uses it (see
 * sharedBudgetAllocations), against its limit: 100% in percentage mode, the budget in money mode.
 * Null in percentage mode until an allocation is set by hand: the equal shares are the spec's
 * display rule (100 / n rounded, which may add up to a little more than 100) and not the user's.
 * Percents are added in millionths, so 33.33 + 33.33 + 33.34 is exactly 100.
 */
export function allocationTotal(shared: SharedBudgetSettings): AllocationTotal | null {
  const total = Math.max(0, shared.budget);
  if (shared.allocatedBudgetAsAPercentage) {
    if (!shared.hasManualAllocationBeenSet) return null;
    let millionths = 0;
    for (const t of shared.trackers) {
      millionths += Math.round(clampAllocation(t.budgetAllocation ?? 0, true, total) * 1_000_000);
    }
    return { unit: "percent", sum: millionths / 1_000_000, limit: 100, over: millionths > 100_000_000 };
  }
  let micros = 0;
  for (const t of shared.trackers)
    micros += Math.round(clampAllocation(t.budgetAllocationMoney ?? 0, false, total));
  return { unit: "micros", sum: micros, limit: total, over: micros > total };
}
