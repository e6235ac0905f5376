import { describe, expect, it } from "vitest";
import {
  aRow,
  aTracker,
  aTrackerRow,
  flatRows,
  monthToDateRows,
  REFERENCE_NOW,
} from "../testing/builders.ts";
import { aggregateTrackers, sharedBudgetTable } from "./aggregate.ts";
import { budgetCalendar } from "./calendar.ts";
import { cellTone, cellValue } from "./cells.ts";
import { columnDef, searchColumns } from "./columns.ts";
import { NO_FORECAST } from "./forecast.ts";
import { formatCell } from "./format.ts";

/**
 * The forecast columns on tracker, client/pod and shared-budget rows (cells.ts, aggregate.ts): the
 * model itself is tested in forecast.test.ts. All rows are computed on 15 March 2024 (31 days,
 * 16 after today) in London.
 */

const GBP = 1_000_000;

// A: 100 a day on 1-14 March, 40 so far today, budget 3,100: forecast 1,400 + 100 + 16 x 100 = 3,100.
const a = aTrackerRow({ id: "a" });
// B: 30 a day, 80 so far today, budget 1,000: forecast 420 + 80 (today is over its usual 30) + 16 x 30 = 980.
const b = aTrackerRow({
  id: "b",
  settings: aTracker({ manualBudgetValue: 1000 * GBP }),
  rows: monthToDateRows(30 * GBP, 80 * GBP),
});
// C: since February, 80 and 120 on alternate days: a range of its own past errors.
const c = aTrackerRow({
  id: "c",
  rows: [
    ...flatRows("2024-02-01", "2024-03-14", 0).map((r, i) => ({
      ...r,
      spendMicros: (i % 2 ? 120 : 80) * GBP,
    })),
    aRow("2024-03-15", 40 * GBP),
  ],
});
// L: lifetime primary, 10,000 over March, A's spend: forecast to 31 March 3,100.
const lifetime = aTrackerRow({
  id: "l",
  settings: aTracker({
    useLifetimeBudgetAsPrimary: true,
    lifetimeBudget: 10_000 * GBP,
    lifetimeBudgetDates: { startDate: "2024-03-01", endDate: "2024-03-31" },
  }),
});

describe("forecast columns on a tracker row", () => {
  it("show the month-end forecast, its range and its share of the budget", () => {
    expect(cellValue(a, "forecastEomSpend")).toEqual({ kind: "value", value: 3100 * GBP });
    expect(cellValue(b, "forecastEomSpend")).toEqual({ kind: "value", value: 980 * GBP });
    expect(cellValue(b, "forecastVsBudgetPercentage")).toEqual({ kind: "value", value: 98 });
    const range = cellValue(c, "forecastRange");
    expect(c.data.forecastRangeMethod).toBe("empirical");
    expect(range).toEqual({
      kind: "value",
      value: c.data.forecastEomSpendLow,
      range: { low: c.data.forecastEomSpendLow, high: c.data.forecastEomSpendHigh },
    });
    expect(c.data.forecastEomSpendLow).toBeLessThan(c.data.forecastEomSpend);
    expect(c.data.forecastEomSpendHigh).toBeGreaterThan(c.data.forecastEomSpend);
    expect(formatCell(cellValue(a, "forecastRange"), "forecastRange", "GBP")).toBe("£3,100 – £3,100");
  });

  it("a lifetime tracker: the month's forecast shows, the budget share is the lifetime one", () => {
    expect(cellValue(lifetime, "forecastEomSpend")).toEqual({ kind: "value", value: 3100 * GBP });
    expect(cellValue(lifetime, "forecastVsBudgetPercentage")).toEqual({
      kind: "na",
      reason: "lifetimePrimary",
    });
    expect(cellValue(lifetime, "forecastLifetimeSpend")).toEqual({ kind: "value", value: 3100 * GBP });
    expect(cellValue(lifetime, "forecastVsLifetimeBudgetPercentage")).toEqual({ kind: "value", value: 31 });
    expect(cellValue(a, "forecastLifetimeSpend")).toEqual({ kind: "na", reason: "notLifetime" });
  });

  it("a forecast over budget is styled negative, with the forecast spend beside it", () => {
    // 200 a day against 3,100: 2,800 + 200 + 16 x 200 = 6,200, 200% of the budget.
    const over = aTrackerRow({ rows: monthToDateRows(200 * GBP, 40 * GBP) });
    expect(cellValue(over, "forecastVsBudgetPercentage")).toEqual({ kind: "value", value: 200 });
    expect(cellTone(over, "forecastVsBudgetPercentage")).toBe("negative");
    expect(cellTone(over, "forecastEomSpend")).toBe("negative");
    expect(cellTone(b, "forecastVsBudgetPercentage")).toBe("normal");
    expect(cellTone(b, "forecastEomSpend")).toBe("normal");
  });

  it("figures stored before forecasts existed, and a tracker with one day of spend, show N/A", () => {
    const stored = { ...a, data: { ...a.data, ...NO_FORECAST } };
    const oneDay = aTrackerRow({ rows: [aRow("2024-03-14", 100 * GBP)] });

    expect(cellValue(stored, "forecastEomSpend")).toEqual({ kind: "na", reason: "noForecast" });
    expect(cellValue(stored, "actualSpend")).toEqual({ kind: "value", value: 1440 * GBP });
    expect(oneDay.data.forecastMethod).toBe("run-rate");
    expect(cellValue(oneDay, "forecastRange")).toEqual({ kind: "na", reason: "noForecast" });
    expect(cellValue(oneDay, "forecastEomSpend")).toEqual({
      kind: "value",
      value: Math.round((100 / 15) * 31 * GBP),
    });
  });

  it("are in the catalogue, hidden by default, with a formula for the Metrics Explainer", () => {
    const found = searchColumns("forecast").map((col) => [col.name, col.hideColumn, col.format]);
    expect(found).toEqual([
      ["Forecast EOM Spend", true, "money"],
      ["Forecast Range", true, "moneyRange"],
      ["Forecast vs Budget %", true, "percent"],
      ["Forecast Lifetime Spend", true, "money"],
      ["Forecast vs Lifetime Budget %", true, "percent"],
    ]);
    expect(columnDef("forecastRange").formula).toContain("conservative");
  });
});

describe("forecast columns on group rows", () => {
  it("sum the trackers' forecasts and their P10s and P90s; the budget share counts monthly trackers", () => {
    const group = aggregateTrackers([a, b, c, lifetime]);
    const sum = (pick: (d: typeof a.data) => number) =>
      [a, b, c, lifetime].reduce((s, r) => s + pick(r.data), 0);

    expect(cellValue(group, "forecastEomSpend")).toEqual({
      kind: "value",
      value: sum((d) => d.forecastEomSpend),
    });
    expect(cellValue(group, "forecastRange")).toEqual({
      kind: "value",
      value: sum((d) => d.forecastEomSpendLow),
      range: { low: sum((d) => d.forecastEomSpendLow), high: sum((d) => d.forecastEomSpendHigh) },
    });
    const monthly = a.data.forecastEomSpend + b.data.forecastEomSpend + c.data.forecastEomSpend;
    const value = cellValue(group, "forecastVsBudgetPercentage");
    expect(value.kind === "value" && value.value).toBeCloseTo(
      (monthly / (3100 + 1000 + 3100) / GBP) * 100,
      9,
    );
    expect(cellValue(group, "forecastVsLifetimeBudgetPercentage")).toEqual({ kind: "value", value: 31 });
    expect(group.forecastEomConversions).toBeCloseTo(
      sum((d) => d.forecastEomConversions),
      9,
    );
  });

  it("show N/A when a tracker has no forecast or no range, and leave errored trackers out", () => {
    const stored = { ...b, data: { ...b.data, ...NO_FORECAST } };
    const oneDay = aTrackerRow({ id: "new", rows: [aRow("2024-03-14", 100 * GBP)] });

    expect(cellValue(aggregateTrackers([a, stored]), "forecastEomSpend")).toEqual({
      kind: "na",
      reason: "noForecast",
    });
    expect(cellValue(aggregateTrackers([a, oneDay]), "forecastRange")).toEqual({
      kind: "na",
      reason: "noForecast",
    });
    expect(cellValue(aggregateTrackers([a, oneDay]), "forecastEomSpend").kind).toBe("value");
    expect(cellValue(aggregateTrackers([a, { ...stored, errored: true }]), "forecastEomSpend")).toEqual({
      kind: "value",
      value: 3100 * GBP,
    });
    expect(cellValue(aggregateTrackers([a, { ...b, currency: "EUR" }]), "forecastRange")).toEqual({
      kind: "na",
      reason: "multiCurrency",
    });
  });

  it("in a shared budget, set each forecast against its allocation and the group's against the total", () => {
    const table = sharedBudgetTable(
      {
        budget: 2000 * GBP,
        allocatedBudgetAsAPercentage: true,
        hasManualAllocationBeenSet: true,
        trackers: [
          { _id: "a", budgetAllocation: 50 },
          { _id: "b", budgetAllocation: 50 },
        ],
      },
      [a, b],
      budgetCalendar(REFERENCE_NOW, "Europe/London"),
    );

    expect(table.trackers.map((t) => cellValue(t, "forecastVsBudgetPercentage"))).toEqual([
      { kind: "value", value: 310 },
      { kind: "value", value: 98 },
    ]);
    expect(cellValue(table.group, "forecastVsBudgetPercentage")).toEqual({ kind: "value", value: 204 });
    expect(cellValue(table.group, "forecastEomSpend")).toEqual({ kind: "value", value: 4080 * GBP });
  });
});
