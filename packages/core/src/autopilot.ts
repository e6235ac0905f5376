import type { AutopilotSettings } from "./autopilot-settings.ts";
import type { BudgetCalendar, LifetimeBudgetDates } from "./calendar.ts";
import { countDays, dayNumber, weekdayOf } from "./calendar.ts";
import { FORECAST_PARAMETERS, fitDailyModel, forecastTracker, type PeriodForecast } from "./forecast.ts";
import type { DailyRow } from "./tracker-data.ts";
import type { IsoDate, Micros } from "./types.ts";

export * from "./autopilot-settings.ts";

/**
 * AutoPilot (beyond the spec): the rules that act on a tracker's campaigns at the ad platform so its
 * budget lands on target. Pure: this module only *proposes* actions; the pipeline applies them (or,
 * in Suggest mode, lists them) through the connectors' write methods and keeps an audit trail.
 *
 * Two rules, both off by default (with AutoPilot off nothing anywhere changes):
 *
 * - **Pause at budget**: when the period's (month's, or the lifetime flight's) remaining budget is
 *   under `remainingSharePercent` of the budget, or (with `useForecast`) the spend forecast
 *   (forecast.ts) says the budget runs out more than `forecastMarginDays` days before the period
 *   ends, every running campaign of
 *   the tracker is paused. In a later period, the campaigns AutoPilot paused (and only those: never
 *   one a person paused) are enabled again.
 * - **Cruise**: the remaining budget spread over the remaining counting days (Monday-Friday only
 *   when the tracker counts weekdays only) gives a daily target; it is split across the running
 *   campaigns that have a campaign budget by their share of recent spend, each new daily budget kept
 *   within `maxChangePercent` of the budget in force when the day began (so however often AutoPilot
 *   runs in a day, a budget moves by at most the cap in that day) and at least the platform's minimum,
 *   rounded to the nearest budget step of the platform. After a refresh (not the daily run) Cruise only acts when
 *   the campaigns' budgets drift more than `bandPercent` from the target. Two corrections make the
 *   budgets land the spend rather than the budgets: the recent daily spend of running campaigns
 *   without a campaign budget (which Cruise cannot steer) is taken off the daily target, and a
 *   campaign that recently spent only part of its budget (budget use = recent daily spend / daily
 *   budget, taken at 50% at least) gets its share divided by that use, since a daily budget is a
 *   ceiling the platform does not always reach.
 *   Catching up late: in the last {@link CATCH_UP_DAYS} counting days of the period, the cap on a
 *   *raise* widens in inverse proportion to the counting days left (`maxChangePercent` x
 *   CATCH_UP_DAYS / days left: 30% a week before the end, 70% with 3 days left, 210% on the last
 *   day), so a tracker that is behind can still reach its budget; cuts keep the plain cap. A raise
 *   is only wanted when the remaining budget per day is above the budgets' spend, i.e. when behind.
 *   Three rules land the month where the spend swings from day to day:
 *   - *Spread by expected spend*: the remaining budget is spread over the counting days left in
 *     proportion to each day's expected natural spend (the forecast's weekday indices, forecast.ts,
 *     fitted on the tracker's rows), not evenly: today's target is remaining x index(today) / sum of
 *     the indices of the counting days left, so Cruise front-loads when the days ahead are weaker
 *     days of the week, and keeps back for the stronger ones. With a flat history it is the even spread.
 *   - *Budget as a ceiling on a swinging spend*: a daily budget only clips the days that would spend
 *     more. Over the tracker's last {@link CLIP_WINDOW_DAYS} complete days, Cruise finds the ceiling L
 *     at which those days, each clipped to L, average the daily target (the expected spend under a
 *     ceiling, from the recent days as they came), and sets the budgets to L (less what campaigns
 *     without a campaign budget spend), split by share. A budget at the target itself would clip the
 *     high days and never give back on the low ones, so the month would undershoot. When even the
 *     unclipped days average under the target (behind, and no ceiling can force spend), the plain
 *     rule above applies (target over the budgets' use, within the caps).
 *   - *Never cut more than the period must lose*: the period's forecast (forecast.ts, as Pause at
 *     budget reads it: the month's, or the lifetime flight's) says how much the period will
 *     overspend, O = forecast end spend - budget, micros. Budgets at a ceiling B held over the D
 *     calendar days left (today included: budgets act every day) cut D x mean(max(0, day - B)) if
 *     those days swing as the window's days did. Cruise never sets the budgets (all campaigns, less
 *     the unsteered spend) under the lowest B whose cut is at most max(0, O), the *cut floor*,
 *     whichever rule above set them. Without it, a target that sits under days still to come (a
 *     spread that rates today a strong weekday while the high days fall elsewhere, or the plain
 *     rule's target when the window averages under it) clips the high days by more than the period
 *     must lose, and no budget can force the spend back on the weak days that follow. When the
 *     period is forecast to land under its budget (O <= 0) nothing may be cut: the floor is the
 *     window's largest day and the budgets rise toward it within the cap. Where the window and the
 *     forecast agree (the days ahead are forecast at the window's mean), the floor is the ceiling
 *     itself. The end-of-period guard below still bounds what the floor lets through.
 *   - *End-of-period guard*: when the remaining budget (before today) is under what the platform may
 *     spend today at the proposed budgets, including its documented overdelivery
 *     (`limits.dayOverdelivery`: Google Ads may spend 2x a daily budget in a day), the budgets are
 *     set so that the worst case spends exactly the remaining budget (the budgets' sum = remaining /
 *     overdelivery, less what unbudgeted campaigns spend), below the per-change cap if need be; when
 *     that would put a budget under the platform's minimum, or the budget left (today's spend
 *     included) is under Pause at budget's share (`pauseAtBudget.remainingSharePercent`, used even
 *     when that rule is off), Cruise pauses the campaigns instead: nothing else can hold the budget.
 *     They are enabled again in the next period, as Pause at budget's are.
 *
 * Money: integer micros of the tracker currency. Percentages are percents (2 = 2%).
 */

/** A campaign of the tracker as AutoPilot sees it (the campaigns its filters select). */
export interface AutopilotCampaign {
  id: string;
  name: string;
  status: "enabled" | "paused";
  /**
   * Set when the campaign is paused *by AutoPilot* (the period start, `yyyy-MM-dd`, of the period
   * in which it paused it) and the pause still holds; null for running campaigns and for campaigns
   * a person paused, which AutoPilot never enables.
   */
  pausedByAutopilotIn: IsoDate | null;
  /** The campaign's daily budget, micros; null when it has none at campaign level (ad-set budgets). */
  dailyBudget: Micros | null;
  /** Id of the budget it spends from; campaigns sharing one budget are changed once, together. */
  budgetId?: string;
  /** The campaign's spend over the recent days (e.g. the last 7), micros: its share of the split. */
  recentSpend: Micros;
  /**
   * The daily budget in force when today began (account time), micros, when AutoPilot changed it
   * since: Cruise's per-change cap is measured from it. Default: `dailyBudget`.
   */
  dayStartBudget?: Micros;
}

/** A platform's limits on daily budgets. */
export interface AutopilotLimits {
  /** Smallest daily budget the platform accepts, micros. */
  minDailyBudget: Micros;
  /** Budgets are whole multiples of this, micros (10_000 = a hundredth of a unit). */
  budgetStep: Micros;
  /**
   * Most a campaign may spend in one day, as a ratio of its daily budget (the platform's documented
   * overdelivery; default 1: the budget is a hard daily cap). See {@link DAY_OVERDELIVERY}.
   */
  dayOverdelivery?: number;
}

/**
 * The platforms' documented daily overdelivery, a ratio of the daily budget (platforms not listed: 1).
 * Google Ads, "About average daily budgets" (support.google.com/google-ads/answer/2375423): up to 2x the
 * average daily budget in a day, the month under 30.4 days' worth. Meta documents days up to 75% above
 * a daily budget (1.75x) within a weekly limit of 7 days' worth ("About ad set budgets").
 */
export const DAY_OVERDELIVERY: Readonly<Record<string, number>> = Object.freeze({
  googleads: 2,
  facebookads: 1.75,
});

/** Which rule proposed an action. */
export type AutopilotRule = "pauseAtBudget" | "cruise";

/** One proposed change to one campaign. `before` / `after`: status 0 (paused) / 1 (enabled), or micros. */
export interface AutopilotAction {
  campaignId: string;
  campaignName: string;
  kind: "pause" | "enable" | "set-daily-budget";
  /** Daily budget before (micros), or for status changes 1 = enabled, 0 = paused. */
  before: number;
  after: number;
  rule: AutopilotRule;
  /** The figures that triggered it (micros, percents, days), for the audit trail. */
  figures: Record<string, number | string>;
}

/** The budget period AutoPilot works on. */
export interface AutopilotPeriod {
  /** "month": the calendar month; "lifetime": the flight of `lifetimeBudgetDates`. */
  kind: "month" | "lifetime";
  /** The period's budget, micros (the month's adjusted budget, or the lifetime budget). */
  budget: Micros;
  lifetimeBudgetDates?: LifetimeBudgetDates | null;
}

/** Input of {@link evaluateAutopilot}. */
export interface AutopilotInput {
  settings: AutopilotSettings;
  calendar: BudgetCalendar;
  /** The tracker counts Monday to Friday only. */
  weekdaysOnly: boolean;
  period: AutopilotPeriod;
  /** The tracker's daily rows (six months back to today; today in progress). */
  rows: readonly DailyRow[];
  campaigns: readonly AutopilotCampaign[];
  limits: AutopilotLimits;
  /** "daily": the once-a-day run; "refresh": after a refresh (Cruise then only acts beyond the band). */
  trigger: "daily" | "refresh";
  /** Days the campaigns' `recentSpend` covers (default {@link RECENT_DAYS}). */
  recentDays?: number;
}

/** Days of recent spend Cruise reads by default (complete days before today). */
export const RECENT_DAYS = 7;

/**
 * Counting days before the period end from which Cruise's cap on a raise widens (module doc:
 * catching up late). A week: the last pacing week of the period.
 */
export const CATCH_UP_DAYS = 7;

/**
 * Complete days before today whose spend Cruise reads for the ceiling rule (module doc): four weeks,
 * the forecast's trailing window, so each weekday counts four times.
 */
export const CLIP_WINDOW_DAYS = FORECAST_PARAMETERS.trailingDays;

/** Lowest budget use Cruise corrects for: a campaign spending under half its budget is taken at half. */
const MIN_BUDGET_USE = 0.5;

/** First and last day of the period. */
function periodRange(period: AutopilotPeriod, calendar: BudgetCalendar): { start: IsoDate; end: IsoDate } {
  const dates = period.kind === "lifetime" ? period.lifetimeBudgetDates : null;
  if (!dates) return { start: calendar.monthStart, end: calendar.monthEnd };
  return { start: dates.startDate, end: dates.endDate ?? calendar.monthEnd };
}

/** `value` rounded to the nearest multiple of `step` (step <= 1: to whole micros). */
function toStep(value: number, step: number): number {
  return step > 1 ? Math.round(value / step) * step : Math.round(value);
}

/**
 * The actions AutoPilot proposes for one tracker now. Pause at budget comes first: when it fires,
 * it pauses every running campaign and Cruise proposes nothing. A campaign a person paused is
 * never touched (neither enabled nor re-budgeted). Nothing is proposed when AutoPilot is off, the
 * period has no budget, or today is outside the period.
 * @returns the actions, empty when nothing should change (so a re-run after applying is empty)
 * @throws RangeError on a bad date in the rows or the lifetime dates
 */
export function evaluateAutopilot(input: AutopilotInput): AutopilotAction[] {
  const { settings, calendar, period, campaigns } = input;
  if (!settings.enabled || period.budget <= 0) return [];
  const { start, end } = periodRange(period, calendar);
  const today = calendar.today;
  if (today < start || today > end) return [];

  let spend = 0;
  let spendBeforeToday = 0;
  for (const row of input.rows) {
    if (row.date < start || row.date > today) continue;
    spend += row.spendMicros;
    if (row.date < today) spendBeforeToday += row.spendMicros;
  }
  const remaining = Math.max(0, period.budget - spend);
  const remainingSharePercent = (remaining / period.budget) * 100;
  const actions: AutopilotAction[] = [];

  // Re-enable what AutoPilot paused in an earlier period.
  for (const c of campaigns) {
    if (c.status === "paused" && c.pausedByAutopilotIn !== null && c.pausedByAutopilotIn < start) {
      actions.push({
        campaignId: c.id,
        campaignName: c.name,
        kind: "enable",
        before: 0,
        after: 1,
        rule: "pauseAtBudget",
        figures: { pausedIn: c.pausedByAutopilotIn, periodStart: start },
      });
    }
  }

  const pause = settings.pauseAtBudget;
  if (pause.enabled) {
    const f = periodForecast(input);
    const ahead = f.point - f.actual;
    // Days (from today) until the forecast spends the remaining budget; Infinity when it never does.
    const daysToRunOut = ahead > 0 ? (remaining / ahead) * f.daysAhead : Number.POSITIVE_INFINITY;
    const runOutDaysEarly = Math.max(0, f.daysAhead - daysToRunOut);
    const underShare = remainingSharePercent < pause.remainingSharePercent;
    const runsOut =
      pause.useForecast && f.point > period.budget && runOutDaysEarly > pause.forecastMarginDays;
    if (underShare || runsOut) {
      const figures = {
        budget: period.budget,
        spend,
        remaining,
        remainingSharePercent: Math.round(remainingSharePercent * 100) / 100,
        forecastEndSpend: f.point,
        runOutDaysEarly: Math.round(runOutDaysEarly * 10) / 10,
        trigger: underShare ? "remainingShare" : "forecast",
      };
      for (const c of campaigns) {
        if (c.status !== "enabled") continue;
        actions.push({
          campaignId: c.id,
          campaignName: c.name,
          kind: "pause",
          before: 1,
          after: 0,
          rule: "pauseAtBudget",
          figures,
        });
      }
      return actions.filter((a) => a.kind !== "enable");
    }
  }

  if (settings.cruise.enabled) {
    const cruise = cruiseActions(input, start, end, spendBeforeToday, spend);
    if (cruise.some((a) => a.kind === "pause"))
      return [...actions.filter((a) => a.kind !== "enable"), ...cruise];
    actions.push(...cruise);
  }
  return actions;
}

/**
 * The spend forecast (forecast.ts) of the period AutoPilot works on: the lifetime flight's for a
 * lifetime period, else the month's. Micros.
 */
function periodForecast(input: AutopilotInput): PeriodForecast {
  const { period } = input;
  const lifetimeBudgetDates = period.kind === "lifetime" ? (period.lifetimeBudgetDates ?? null) : null;
  const forecast = forecastTracker({ rows: input.rows, lifetimeBudgetDates }, input.calendar);
  return period.kind === "lifetime" && forecast.lifetime ? forecast.lifetime : forecast.month;
}

/** A unit Cruise re-budgets: one budget (several campaigns when shared), its current amount and recent spend. */
interface BudgetUnit {
  campaign: AutopilotCampaign;
  dailyBudget: Micros;
  recentSpend: Micros;
}

/**
 * Today's share of the spend expected over the counting days from today to `end` (module doc:
 * spread by expected spend): index(today) / sum of the indices, from the forecast's weekday indices
 * fitted on the rows' complete days (all 1, so 1 / days left, on a short or flat history).
 */
function todayShare(rows: readonly DailyRow[], today: IsoDate, end: IsoDate, weekdaysOnly: boolean): number {
  const todayDay = dayNumber(today);
  const days = FORECAST_PARAMETERS.lookbackDays;
  const firstDay = todayDay - days;
  const values = new Float64Array(days);
  for (const row of rows) {
    const day = dayNumber(row.date);
    if (day >= firstDay && day < todayDay)
      values[day - firstDay] = (values[day - firstDay] as number) + row.spendMicros;
  }
  const index = fitDailyModel({ firstDay, values }).weekdayIndex;
  let sum = 0;
  for (let day = todayDay; day <= dayNumber(end); day++) {
    const w = weekdayOf(day);
    if (weekdaysOnly && (w === 0 || w === 6)) continue;
    sum += Math.max(0, index[w] as number);
  }
  const own = Math.max(0, index[weekdayOf(todayDay)] as number);
  return sum > 0 ? own / sum : 0;
}

/**
 * The spend of each of the tracker's last {@link CLIP_WINDOW_DAYS} complete days (a day without a
 * row is 0), micros, in ascending order: the recent days as they came, which Cruise's ceilings clip.
 */
function clipWindow(rows: readonly DailyRow[], today: IsoDate): number[] {
  const todayDay = dayNumber(today);
  const days = new Float64Array(CLIP_WINDOW_DAYS);
  for (const row of rows) {
    const back = todayDay - dayNumber(row.date);
    if (back >= 1 && back <= CLIP_WINDOW_DAYS) days[back - 1] = (days[back - 1] as number) + row.spendMicros;
  }
  return [...days].sort((x, y) => x - y);
}

/**
 * The ceiling L at which the window's days (`sorted`, from {@link clipWindow}), each clipped to L,
 * average `target` (module doc: budget as a ceiling), micros; null when even unclipped they
 * average under it (no ceiling reaches the target) or there is no such history.
 */
function clipCeiling(sorted: readonly number[], target: number): number | null {
  const n = sorted.length;
  const total = sorted.reduce((s, x) => s + x, 0);
  if (target <= 0) return 0;
  if (total / n < target) return null;
  // mean(min(x, L)) = (sum of the days under L + L x the days at or above it) / n; walk up the sorted days.
  let below = 0;
  for (let i = 0; i < n; i++) {
    const level = (target * n - below) / (n - i);
    if (level <= (sorted[i] as number)) return level;
    below += sorted[i] as number;
  }
  return sorted[n - 1] as number;
}

/**
 * The lowest ceiling at which the window's days (`sorted`, from {@link clipWindow}), each clipped to
 * it, lose at most `cutPerDay` micros a day on average (module doc: never cut more than the period
 * must lose), micros: the window's largest day when nothing may be cut, 0 when the cut allowed is
 * the window's whole mean (or there is no history).
 */
function cutFloor(sorted: readonly number[], cutPerDay: number): number {
  const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
  if (cutPerDay >= mean) return 0;
  // Cut at L = mean - mean(min(x, L)): the ceiling at which the clipped days average mean - cutPerDay.
  return clipCeiling(sorted, mean - cutPerDay) ?? 0;
}

/** Cruise (module doc): the daily budgets that spread the remaining budget over the counting days left. */
function cruiseActions(
  input: AutopilotInput,
  start: IsoDate,
  end: IsoDate,
  spendBeforeToday: Micros,
  spend: Micros,
): AutopilotAction[] {
  const { calendar, limits, settings, period } = input;
  const cruise = settings.cruise;
  const daysLeft = countDays(calendar.today, end, input.weekdaysOnly);
  if (daysLeft === 0 || dayNumber(end) < dayNumber(start)) return [];
  const remaining = Math.max(0, period.budget - spendBeforeToday);
  const recentDays = input.recentDays ?? RECENT_DAYS;
  // What the campaigns Cruise cannot steer (no campaign budget) spend a day, recently.
  let unsteeredDaily = 0;
  for (const c of input.campaigns) {
    if (c.status === "enabled" && c.dailyBudget === null) unsteeredDaily += c.recentSpend / recentDays;
  }
  const share = todayShare(input.rows, calendar.today, end, input.weekdaysOnly);
  const dayTarget = remaining * share;
  const dailyTarget = Math.max(0, Math.floor(dayTarget - unsteeredDaily));

  const units = new Map<string, BudgetUnit>();
  for (const c of input.campaigns) {
    if (c.status !== "enabled" || c.dailyBudget === null) continue;
    const key = c.budgetId ?? `campaign:${c.id}`;
    const unit = units.get(key);
    if (unit) unit.recentSpend += c.recentSpend;
    else units.set(key, { campaign: c, dailyBudget: c.dailyBudget, recentSpend: c.recentSpend });
  }
  const list = [...units.values()];
  if (list.length === 0) return [];
  const overdelivery = Math.max(1, limits.dayOverdelivery ?? 1);
  const leftShare = ((period.budget - spend) / period.budget) * 100;
  const guardFigures = {
    budget: period.budget,
    spendBeforeToday,
    spend,
    remaining,
    remainingSharePercent: Math.round(leftShare * 100) / 100,
    dayOverdelivery: overdelivery,
  };
  const pauseAll = (trigger: string): AutopilotAction[] =>
    input.campaigns
      .filter((c) => c.status === "enabled")
      .map((c) => ({
        campaignId: c.id,
        campaignName: c.name,
        kind: "pause" as const,
        before: 1,
        after: 0,
        rule: "cruise" as const,
        figures: { ...guardFigures, trigger },
      }));
  // The pause-at-budget guard: under Pause at budget's share left, only a pause holds the budget.
  if (leftShare < settings.pauseAtBudget.remainingSharePercent) return pauseAll("remainingShare");

  const currentTotal = list.reduce((s, u) => s + u.dailyBudget, 0);
  const drift = dailyTarget > 0 ? (Math.abs(currentTotal - dailyTarget) / dailyTarget) * 100 : 100;
  if (input.trigger === "refresh" && drift <= cruise.bandPercent) return [];

  // The ceiling at which the recent days average today's target (all campaigns), never under the
  // one whose cut over the days left is the forecast's overspend; less the unsteered spend.
  const window = clipWindow(input.rows, calendar.today);
  const forecast = periodForecast(input);
  const overspend = forecast.point - period.budget;
  const floor = cutFloor(window, Math.max(0, overspend) / Math.max(1, forecast.daysAhead));
  const steeredFloor = Math.max(0, floor - unsteeredDaily);
  const ceiling = clipCeiling(window, dayTarget);
  const steeredCeiling = ceiling === null ? null : Math.max(0, Math.max(ceiling, floor) - unsteeredDaily);
  const spendTotal = list.reduce((s, u) => s + u.recentSpend, 0);
  const cap = cruise.maxChangePercent / 100;
  const raiseCap = daysLeft < CATCH_UP_DAYS ? (cap * CATCH_UP_DAYS) / daysLeft : cap;
  const planned = list.map((u) => {
    // Share of the split: recent spend, else the current budgets, else equal.
    const split =
      spendTotal > 0
        ? u.recentSpend / spendTotal
        : currentTotal > 0
          ? u.dailyBudget / currentTotal
          : 1 / list.length;
    // A budget is a ceiling: a unit that spent only part of it gets its share over that use.
    const use =
      u.dailyBudget > 0 && u.recentSpend > 0
        ? Math.min(1, Math.max(MIN_BUDGET_USE, u.recentSpend / recentDays / u.dailyBudget))
        : 1;
    const wanted =
      steeredCeiling === null
        ? Math.max((dailyTarget * split) / use, steeredFloor * split)
        : steeredCeiling * split;
    const base = u.campaign.dayStartBudget ?? u.dailyBudget;
    const low = base * (1 - cap);
    const high = base > 0 ? base * (1 + raiseCap) : wanted;
    const capped = Math.min(Math.max(wanted, low), high);
    return {
      unit: u,
      split,
      use,
      wanted,
      after: Math.max(limits.minDailyBudget, toStep(capped, limits.budgetStep)),
    };
  });

  // End-of-period guard: the worst case of today at the planned budgets must not pass the remaining budget.
  const worstToday = planned.reduce((s, p) => s + p.after, 0) * overdelivery + unsteeredDaily;
  let guarded = false;
  if (remaining < worstToday) {
    guarded = true;
    const steered = Math.max(0, remaining - unsteeredDaily) / overdelivery;
    for (const p of planned) {
      const after =
        Math.floor((steered * p.split) / Math.max(1, limits.budgetStep)) * Math.max(1, limits.budgetStep);
      if (after < limits.minDailyBudget) return pauseAll("endOfPeriod");
      p.wanted = steered * p.split;
      p.after = after;
    }
  }

  const actions: AutopilotAction[] = [];
  for (const { unit: u, split, use, wanted, after } of planned) {
    if (after === u.dailyBudget) continue;
    actions.push({
      campaignId: u.campaign.id,
      campaignName: u.campaign.name,
      kind: "set-daily-budget",
      before: u.dailyBudget,
      after,
      rule: "cruise",
      figures: {
        budget: period.budget,
        spendBeforeToday,
        remaining,
        countingDaysLeft: daysLeft,
        todaySharePercent: Math.round(share * 10000) / 100,
        dailyTarget,
        sharePercent: Math.round(split * 10000) / 100,
        budgetUsePercent: Math.round(use * 10000) / 100,
        ...(steeredCeiling !== null ? { ceiling: Math.round(steeredCeiling) } : {}),
        forecastEndSpend: forecast.point,
        forecastOverspend: overspend,
        cutFloor: Math.round(steeredFloor),
        unsteeredDaily: Math.round(unsteeredDaily),
        wanted: Math.round(wanted),
        ...(guarded
          ? { endOfPeriodGuard: "worst case lands on the budget", dayOverdelivery: overdelivery }
          : {}),
        ...(u.campaign.budgetId ? { budgetId: u.campaign.budgetId } : {}),
      },
    });
  }
  return actions;
}

/**
 * The action that undoes `action`: pause <-> enable, a budget change back to its `before`.
 * (The audit trail's one-click undo.)
 */
export function undoAction(action: AutopilotAction): AutopilotAction {
  const kind = action.kind === "pause" ? "enable" : action.kind === "enable" ? "pause" : "set-daily-budget";
  return { ...action, kind, before: action.after, after: action.before, figures: { undoes: action.kind } };
}
