import { describe, expect, it } from "vitest";
import { aTracker, aTrackerRow, flatRows, monthToDateRows } from "../testing/builders.ts";
import { aggregateTrackers } from "./aggregate.ts";
import { cellTone, cellValue } from "./cells.ts";
import type { MetricColumnId } from "./columns.ts";
import { METRIC_COLUMNS } from "./columns.ts";
import { formatCell } from "./format.ts";

const GBP = 1_000_000;

// The spec's N/A sets (trackers.md "Metric formulas", section 2): monthly and daily budget figures,
// and the lifetime budget, spend and percentage columns; plus the forecast columns of each kind.
const MONTHLY: MetricColumnId[] = [
  "forecastVsBudgetPercentage",
  "dailyBudget",
  "budget",
  "percentageThroughBudget",
  "adjustedPercentageThroughBudget",
  "spendRemaining",
  "todaySpendRemaining",
  "requiredDailySpend",
  "endOfMonthEstSpend",
];
const LIFETIME: MetricColumnId[] = [
  "forecastLifetimeSpend",
  "forecastVsLifetimeBudgetPercentage",
  "lifetimeBudget",
  "percentageThroughLifetimeBudget",
  "adjustedPercentageThroughLifetimeBudget",
  "lifetimeSpend",
];

// Both have a budget recorded for last month (February).
const february = [{ month: "2024-02-01", budget: 3000 * GBP }];
const monthly = aTrackerRow({ settings: aTracker({ historicData: february }) });
const lifetime = aTrackerRow({
  id: "l",
  settings: aTracker({
    historicData: february,
    useLifetimeBudgetAsPrimary: true,
    lifetimeBudget: 10_000 * GBP,
    lifetimeBudgetDates: { startDate: "2024-03-01", endDate: null },
  }),
});

/** The value cell of a tracker's column: its field, or for the range column its two ends. */
function valueCell(row: typeof monthly, id: MetricColumnId) {
  if (id !== "forecastRange") return { kind: "value", value: row.data[id] };
  const { forecastEomSpendLow: low, forecastEomSpendHigh: high } = row.data;
  return { kind: "value", value: low, range: { low, high } };
}

describe("cellValue: the N/A rules (trackers.md Metric formulas; section 2, row states)", () => {
  it.each(METRIC_COLUMNS.map((c) => [c.id] as const))("%s", (id) => {
    const expectMonthly = MONTHLY.includes(id);
    const expectLifetime = LIFETIME.includes(id);
    // Non-lifetime trackers show N/A for lifetime figures.
    expect(cellValue(monthly, id)).toEqual(
      expectLifetime ? { kind: "na", reason: "notLifetime" } : valueCell(monthly, id),
    );
    // Lifetime trackers show N/A for monthly and daily figures.
    expect(cellValue(lifetime, id)).toEqual(
      expectMonthly ? { kind: "na", reason: "lifetimePrimary" } : valueCell(lifetime, id),
    );
    // Errored trackers show N/A everywhere.
    expect(cellValue({ ...monthly, errored: true }, id)).toEqual({ kind: "na", reason: "errored" });
  });

  it("a group shows a budget figure when any included tracker has that kind of budget", () => {
    const mixed = aggregateTrackers([monthly, lifetime]);
    expect(cellValue(mixed, "budget")).toEqual({ kind: "value", value: 3100 * GBP });
    expect(cellValue(mixed, "lifetimeBudget")).toEqual({ kind: "value", value: 10_000 * GBP });
    expect(cellValue(aggregateTrackers([lifetime]), "budget")).toEqual({
      kind: "na",
      reason: "lifetimePrimary",
    });
    expect(cellValue(aggregateTrackers([monthly]), "lifetimeSpend")).toEqual({
      kind: "na",
      reason: "notLifetime",
    });
  });

  it("a tracker without a last month budget: Last Month Budget '-', Over/Under Spend N/A, neither red", () => {
    // February's spend is in the daily rows, but no budget was recorded for February.
    const unbudgeted = aTrackerRow({
      rows: [...flatRows("2024-02-01", "2024-02-29", 100 * GBP), ...monthToDateRows()],
    });
    expect(cellValue(unbudgeted, "lastMonthBudget")).toEqual({ kind: "none" });
    expect(formatCell(cellValue(unbudgeted, "lastMonthBudget"), "lastMonthBudget", "GBP")).toBe("-");
    expect(cellValue(unbudgeted, "lastMonthOverUnderSpend")).toEqual({ kind: "na", reason: "noBudget" });
    expect(
      formatCell(cellValue(unbudgeted, "lastMonthOverUnderSpend"), "lastMonthOverUnderSpend", "GBP"),
    ).toBe("N/A");
    expect(cellTone(unbudgeted, "lastMonthOverUnderSpend")).toBe("normal");
    expect(cellValue(unbudgeted, "lastMonthSpend")).toEqual({ kind: "value", value: 2900 * GBP });
    // An errored tracker is N/A first.
    expect(cellValue({ ...unbudgeted, errored: true }, "lastMonthBudget")).toEqual({
      kind: "na",
      reason: "errored",
    });
  });

  it("throws RangeError for an unknown column", () => {
    expect(() => cellValue(monthly, "nope" as MetricColumnId)).toThrow(RangeError);
  });
});

describe("cellTone: over-budget styling (trackers.md section 9)", () => {
  // Over: spend 3,440 of 3,100 by the 15th (200 a day, 640 today).
  const over = aTrackerRow({ rows: monthToDateRows(200 * GBP, 640 * GBP) });
  const adjusted = aTrackerRow({
    settings: aTracker({
      manualBudgetValue: 3100 * GBP,
      lastMonthOverUnderSpendIncludedInBudgetCalc: true,
      historicData: [{ month: "2024-02-01", budget: 1000 * GBP, actualSpend: 1500 * GBP }],
    }),
  });

  it.each<[string, ReturnType<typeof aTrackerRow>, MetricColumnId, "negative" | "normal"]>([
    ["% through budget over 100 is negative", over, "percentageThroughBudget", "negative"],
    ["% through budget at 46% is normal", monthly, "percentageThroughBudget", "normal"],
    ["% adjusted through budget over 100 is negative", over, "adjustedPercentageThroughBudget", "negative"],
    ["% adjusted at exactly 90 is normal", monthly, "adjustedPercentageThroughBudget", "normal"],
    ["EOM estimate above the budget is negative", over, "endOfMonthEstSpend", "negative"],
    ["EOM estimate under the budget is normal", monthly, "endOfMonthEstSpend", "normal"],
    // Budget adjusted to 2,600: estimate 1,440 + 83.87 x 16 = 2,782 > 2,600, though under the base 3,100.
    [
      "EOM estimate compares with the adjusted budget when an adjustment applies",
      adjusted,
      "endOfMonthEstSpend",
      "negative",
    ],
    ["last month over/under spend above 0 is negative", adjusted, "lastMonthOverUnderSpend", "negative"],
    ["money columns are never styled", over, "actualSpend", "normal"],
    ["N/A cells are normal", { ...over, errored: true }, "percentageThroughBudget", "normal"],
  ])("%s", (_rule, row, column, tone) => {
    expect(cellTone(row, column)).toBe(tone);
  });

  it("styles lifetime percentages over 100 and group rows the same way", () => {
    const overLifetime = aTrackerRow({
      settings: aTracker({
        useLifetimeBudgetAsPrimary: true,
        lifetimeBudget: 1000 * GBP,
        lifetimeBudgetDates: { startDate: "2024-03-01", endDate: "2024-03-31" },
      }),
    });
    expect(cellTone(overLifetime, "percentageThroughLifetimeBudget")).toBe("negative");
    expect(cellTone(aggregateTrackers([over, monthly]), "percentageThroughBudget")).toBe("normal");
    expect(cellTone(aggregateTrackers([over]), "endOfMonthEstSpend")).toBe("negative");
  });
});
