/**
 * Units and small shared types of the engine.
 *
 * - Money is integer **micros** of the tracker's currency (1 GBP = 1,000,000 micros), held in a JS
 *   `number` (exact below 2^53, i.e. up to about 9 billion units of any currency).
 * - Dates are ISO `yyyy-MM-dd` strings in the ad account's time zone (an IANA name).
 * - Rates say in their name or docstring whether they are a percent (0..100 and beyond) or a ratio.
 */

/** Integer micros of a currency: 1 GBP = 1,000,000. Spec: STYLE.md habit 7. */
export type Micros = number;

/** A calendar date as `yyyy-MM-dd` (zero-padded), in the ad account's time zone. */
export type IsoDate = string;

/** How a budget amount is meant: per day or per month. Spec: trackers.md section 3 (budgetPeriod). */
export type BudgetPeriod = "day" | "month";

/** The budget periods, in the order the budget selector shows them. */
export const BUDGET_PERIODS: readonly BudgetPeriod[] = ["day", "month"];

/** Micros in one unit of a currency. */
export const MICROS_PER_UNIT = 1_000_000;

/**
 * Converts an amount in currency units (e.g. 12.34 GBP) to integer micros, rounding to the nearest
 * micro. Non-finite input becomes 0 (trackers.md section 5: "empty or non-numeric becomes 0").
 */
export function toMicros(units: number): Micros {
  if (!Number.isFinite(units)) return 0;
  return Math.round(units * MICROS_PER_UNIT);
}

/** Converts integer micros to currency units (a float, for display and inputs only). */
export function fromMicros(micros: Micros): number {
  return micros / MICROS_PER_UNIT;
}

/** `x` if it is a finite number, else 0: the spec's "non-finite becomes 0" (trackers.md, Metric formulas). */
export function finiteOr0(x: number): number {
  return Number.isFinite(x) ? x + 0 : 0; // `+ 0` turns -0 into 0
}

/** The three user types (spec overview-access-account.md section 6). */
export const USER_TYPES = ["Admin", "Manager", "Viewer"] as const;
/** One of {@link USER_TYPES}. */
export type UserType = (typeof USER_TYPES)[number];

/** Most trackers one create call may write (spec trackers.md 7): one transaction holds them and the counter. */
export const MAX_TRACKERS_PER_CREATE = 99;
