import { describe, expect, it } from "vitest";
import { aTracker, aTrackerRow } from "../testing/builders.ts";
import {
  COLUMNS,
  columnDef,
  columnsWithPreferences,
  isColumnId,
  isMetricColumnId,
  METRIC_COLUMNS,
  orderColumns,
  SMALL_TABLE_PAGING,
  searchColumns,
  searchMetrics,
  tablePageSize,
} from "./columns.ts";

describe("the column catalogue (trackers.md sections 2 and 3)", () => {
  it("lists the tracker table's columns in order, with the spec's header texts", () => {
    expect(COLUMNS.map((c) => c.name)).toEqual([
      "Name",
      "Client",
      "Channel",
      "Daily Budget",
      "Budget",
      "Last Month Budget",
      "% Through Budget",
      "% Adj. Through Budget",
      "Actual Spend",
      "Lifetime Budget",
      "% Through Lifetime Budget",
      "% Adj. Through Lifetime Budget",
      "Lifetime Spend",
      "% Through Month",
      "Last Month Spend",
      "Last Month Over/Under Spend",
      "Spend Remaining",
      "Yesterday Spend",
      "Today Spend",
      "Today Spend Remaining",
      "Required Daily Spend",
      "EOM est. Spend",
      "Clicks",
      "CPC",
      "Impressions",
      "CTR",
      "Conversions",
      "CVR",
      "EOM est. Conversions",
      "Cost per Conversions",
      "Revenue",
      "ROAS",
      // Beyond the spec, after its columns: the forecast (forecast.ts).
      "Forecast EOM Spend",
      "Forecast Range",
      "Forecast vs Budget %",
      "Forecast Lifetime Spend",
      "Forecast vs Lifetime Budget %",
    ]);
  });

  it("hides by default exactly the spec's list (trackers.md section 2, Tracker table)", () => {
    expect(
      COLUMNS.filter((c) => c.hideColumn)
        .map((c) => c.id)
        .sort(),
    ).toEqual(
      [
        "lastMonthBudget",
        "lifetimeBudget",
        "lifetimeSpend",
        "percentageThroughLifetimeBudget",
        "adjustedPercentageThroughLifetimeBudget",
        "adjustedPercentageThroughBudget",
        "percentageThroughMonth",
        "actualClicks",
        "cpc",
        "actualImpressions",
        "ctr",
        "actualConversions",
        "costPerConversion",
        "cvr",
        "endOfMonthEstConversions",
        "actualRevenue",
        "roas",
        // Beyond the spec: the forecast columns are off by default.
        "forecastEomSpend",
        "forecastRange",
        "forecastVsBudgetPercentage",
        "forecastLifetimeSpend",
        "forecastVsLifetimeBudgetPercentage",
      ].sort(),
    );
  });

  it("gives every column a description and a formula, and every metric a TrackerData field", () => {
    const data = aTrackerRow({
      settings: aTracker({ historicData: [{ month: "2024-02-01", budget: 1_000_000_000 }] }),
    }).data;
    for (const c of COLUMNS) {
      expect(c.description.length).toBeGreaterThan(5);
      expect(c.formula.length).toBeGreaterThan(5);
    }
    for (const c of METRIC_COLUMNS) {
      if (c.id === "forecastRange") {
        expect([typeof data.forecastEomSpendLow, typeof data.forecastEomSpendHigh]).toEqual([
          "number",
          "number",
        ]);
      } else {
        expect(typeof data[c.id]).toBe("number");
      }
    }
  });

  it.each([
    ["actualSpend", "money"],
    ["cpc", "money2"],
    ["costPerConversion", "money2"],
    ["ctr", "percent"],
    ["cvr", "percent"],
    ["percentageThroughBudget", "percent"],
    ["roas", "roas"],
    ["actualClicks", "count"],
  ])("%s is formatted as %s (trackers.md section 9, number formats)", (id, format) => {
    expect(columnDef(id).format).toBe(format);
  });

  it("marks money and money ratios as currency-dependent, counts and rates not", () => {
    expect(columnDef("roas").currencyDependent).toBe(true);
    expect(columnDef("percentageThroughBudget").currencyDependent).toBe(true);
    expect(columnDef("ctr").currencyDependent).toBe(false);
    expect(columnDef("percentageThroughMonth").currencyDependent).toBe(false);
  });

  it("knows its ids and throws for unknown ones", () => {
    expect(isColumnId("roas")).toBe(true);
    expect(isColumnId("favourite")).toBe(false);
    expect(isMetricColumnId("actualSpend")).toBe(true);
    expect(isMetricColumnId("name")).toBe(false);
    expect(METRIC_COLUMNS.every((c) => isMetricColumnId(c.id))).toBe(true);
    expect(() => columnDef("favourite")).toThrow(RangeError);
  });
});

describe("orderColumns: the column-order rule (trackers.md section 2, Column Ordering)", () => {
  const cols = ["name", "client", "a", "b", "c", "d"].map((id) => ({ id }));
  it.each<[string, (string | { id: string })[] | null, string[]]>([
    ["no order keeps the default", null, ["name", "client", "a", "b", "c", "d"]],
    [
      "listed columns follow the list, unlisted are appended",
      ["c", "a"],
      ["name", "client", "c", "a", "b", "d"],
    ],
    [
      "the first two keep their place even when listed",
      ["a", "client", "name", "b"],
      ["name", "client", "a", "b", "c", "d"],
    ],
    [
      "unknown ids and duplicates are ignored",
      ["zzz", "d", "d", "b"],
      ["name", "client", "d", "b", "a", "c"],
    ],
    ["items may be { id } objects", [{ id: "d" }, { id: "c" }], ["name", "client", "d", "c", "a", "b"]],
  ])("%s", (_rule, order, expected) => {
    expect(orderColumns(cols, order).map((c) => c.id)).toEqual(expected);
  });
});

describe("column preferences and search", () => {
  it("applies a user's preferences.tableColumns over the defaults", () => {
    const cols = columnsWithPreferences([
      { id: "roas", hideColumn: false },
      { id: "actualSpend", hideColumn: true },
      { id: "unknown", hideColumn: true },
    ]);
    expect(cols.find((c) => c.id === "roas")?.hideColumn).toBe(false);
    expect(cols.find((c) => c.id === "actualSpend")?.hideColumn).toBe(true);
    expect(cols.find((c) => c.id === "cpc")?.hideColumn).toBe(true);
    expect(cols).toHaveLength(COLUMNS.length);
  });

  it("searches names case-insensitively ('Search columns')", () => {
    expect(searchColumns("spend rem").map((c) => c.id)).toEqual(["spendRemaining", "todaySpendRemaining"]);
    expect(searchColumns("  ")).toHaveLength(COLUMNS.length);
  });

  it("searches the Metrics Explainer by name, description and formula ('Search Metrics')", () => {
    const byFormula = searchMetrics("clicks / impressions").map((c) => c.id);
    expect(byFormula).toEqual(["ctr"]);
    expect(searchColumns("clicks / impressions")).toEqual([]);
    expect(searchMetrics("IMPRESSIONS x 100").map((c) => c.id)).toContain("ctr");
    expect(searchMetrics("click-through").map((c) => c.id)).toEqual(["ctr"]);
    expect(searchMetrics("")).toHaveLength(COLUMNS.length);
  });
});

describe("tablePageSize (trackers.md section 9: 10, 20 over 10, 50 over 20, 100 over 50; pagination above 100)", () => {
  it.each([
    [0, 10, false],
    [10, 10, false],
    [11, 20, false],
    [20, 20, false],
    [21, 50, false],
    [50, 50, false],
    [51, 100, false],
    [100, 100, false],
    [101, 100, true],
  ])("%i rows: page size %i, paginate %s", (rows, pageSize, paginate) => {
    expect(tablePageSize(rows)).toEqual({ pageSize, paginate });
  });

  it("historic and future tables: 10, no pagination", () => {
    expect(SMALL_TABLE_PAGING).toEqual({ pageSize: 10, paginate: false });
  });
});
