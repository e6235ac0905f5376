import fc from "fast-check";
import type { TrackerBudgetSettings } from "../src/budget.ts";
import { dayNumber, fromDayNumber } from "../src/calendar.ts";
import type { DailyRow } from "../src/tracker-data.ts";

/** fast-check arbitraries shared by the property tests. Not part of the public API. */

/** Time zones spanning UTC-11 to UTC+14, with and without DST. */
export const TIME_ZONES = [
  "Europe/London",
  "America/New_York",
  "Europe/Berlin",
  "Asia/Tokyo",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Australia/Sydney",
  "UTC",
] as const;

/** An instant between 2020 and 2030. */
export const instantArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });

/** A date within `days` days either side of `around` (yyyy-MM-dd). */
export function dateNear(around: string, days: number): fc.Arbitrary<string> {
  const center = dayNumber(around);
  return fc.integer({ min: center - days, max: center + days }).map(fromDayNumber);
}

/** Daily rows near a date; spend up to 2^40 micros per row so sums stay exact but large. */
export function rowsNear(around: string, maxRows = 60): fc.Arbitrary<DailyRow[]> {
  return fc.array(
    fc.record({
      date: dateNear(around, 230),
      spendMicros: fc.integer({ min: 0, max: 2 ** 40 }),
      impressions: fc.nat({ max: 10_000_000 }),
      clicks: fc.nat({ max: 100_000 }),
      conversions: fc.double({ min: 0, max: 10_000, noNaN: true }),
      revenueMicros: fc.integer({ min: 0, max: 2 ** 40 }),
    }),
    { maxLength: maxRows },
  );
}

const micros = fc.integer({ min: -(2 ** 40), max: 2 ** 40 });
const budgetMicros = fc.integer({ min: 0, max: 2 ** 40 });
const period = fc.constantFrom("day" as const, "month" as const);

/** Any tracker budget settings, including missing, zero and odd ones. */
export function settingsNear(around: string): fc.Arbitrary<TrackerBudgetSettings> {
  return fc.record(
    {
      automatedBudget: fc.boolean(),
      platformBudget: fc.option(fc.record({ amount: budgetMicros, period })),
      manualBudgetValue: fc.option(fc.oneof(fc.constant(0), budgetMicros)),
      budgetPeriod: fc.option(period),
      weekdaysOnly: fc.boolean(),
      lifetimeBudget: fc.option(fc.oneof(fc.constant(0), budgetMicros)),
      lifetimeBudgetDates: fc.option(
        fc.record({ startDate: dateNear(around, 200), endDate: fc.option(dateNear(around, 200)) }),
      ),
      useLifetimeBudgetAsPrimary: fc.boolean(),
      lastMonthOverUnderSpendIncludedInBudgetCalc: fc.boolean(),
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: fc.boolean(),
      previousOverUnderSpend: fc.option(micros),
      historicData: fc.array(
        fc.record({
          month: dateNear(around, 200),
          budget: fc.option(budgetMicros),
          actualSpend: fc.option(budgetMicros),
        }),
        { maxLength: 8 },
      ),
      futureBudgets: fc.array(
        fc.record({
          month: dateNear(around, 60),
          budget: fc.oneof(fc.constant(false as const), budgetMicros),
          budgetPeriod: fc.oneof(fc.constant(false as const), period),
        }),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: [] },
  );
}

/** Every number inside a value (objects and arrays walked), with its path. */
export function numericLeaves(value: unknown, path = "$"): Array<[string, number]> {
  if (typeof value === "number") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numericLeaves(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => numericLeaves(v, `${path}.${k}`));
  }
  return [];
}
