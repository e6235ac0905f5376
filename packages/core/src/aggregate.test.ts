import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instantArb, rowsNear, settingsNear, TIME_ZONES } from "../testing/arbitraries.ts";
import { aTracker, aTrackerRow, flatRows, monthToDateRows, REFERENCE_NOW } from "../testing/builders.ts";
import type { TrackerRow } from "./aggregate.ts";
import {
  aggregateTrackers,
  groupByClient,
  groupByPod,
  MULTI_CURRENCY_TOOLTIP,
  podSpendPercentage,
  sharedBudgetTable,
  sharedBudgetTotals,
} from "./aggregate.ts";
import { budgetCalendar } from "./calendar.ts";
import { cellValue } from "./cells.ts";
import { METRIC_COLUMNS } from "./columns.ts";
import { computeTrackerData } from "./tracker-data.ts";

const GBP = 1_000_000;

// A: budget 3,100 (100/day), spend 1,440 (40 today), 750 clicks, 30,000 impressions, 30 conversions, revenue 4,320.
const a = aTrackerRow({ id: "a", client: "Acme" });
// B: budget 1,000 (32,258,065/day), spend 500 (80 today), 150 clicks, 30,000 impressions, 30 conversions, revenue 1,500.
const b = aTrackerRow({
  id: "b",
  client: "Acme",
  channel: "facebookads",
  settings: aTracker({ manualBudgetValue: 1000 * GBP }),
  rows: monthToDateRows(30 * GBP, 80 * GBP).map((r) => ({ ...r, clicks: 10 })),
});
// L: lifetime primary, 10,000 over March, spend 1,440.
const lifetime = aTrackerRow({
  id: "l",
  client: "Bolt",
  settings: aTracker({
    useLifetimeBudgetAsPrimary: true,
    lifetimeBudget: 10_000 * GBP,
    lifetimeBudgetDates: { startDate: "2024-03-01", endDate: "2024-03-31" },
  }),
});

describe("aggregateTrackers (pods-budgets-alerts-users-connections.md section 9; trackers.md Group aggregates)", () => {
  const group = aggregateTrackers([a, b]);
  const money = group.money;

  it.each<[string, number | undefined, number]>([
    ["actual spend is summed", money?.actualSpend, 1940 * GBP],
    ["budget is summed", money?.budget, 4100 * GBP],
    ["daily budget is summed", money?.dailyBudget, 132_258_065],
    ["spend remaining sums the trackers' (each max(0, budget - spend))", money?.spendRemaining, 2160 * GBP],
    ["CPC = total spend / total clicks (not a mean of CPCs)", money?.cpc, Math.round((1940 * GBP) / 900)],
    ["CTR = total clicks / total impressions x 100", group.ctr, 1.5],
    ["CVR = total conversions / total clicks x 100", group.cvr, (60 / 900) * 100],
    ["ROAS = total revenue / total spend", money?.roas, 3],
    [
      "cost per conversion = total spend / total conversions",
      money?.costPerConversion,
      Math.round((1940 * GBP) / 60),
    ],
    [
      "percent through budget = total spend / total budget",
      money?.percentageThroughBudget,
      (1940 / 4100) * 100,
    ],
    // 1,940 x 100 / (100 x 16 + 32.258065 x 16) = 91.68 -> 91
    [
      "client adjusted % = spend x 100 / sum(dailyBudget x days gone), truncated",
      money?.adjustedPercentageThroughBudget,
      91,
    ],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBeCloseTo(expected, 10);
  });

  it("counts trackers and distinct channels", () => {
    expect(group).toMatchObject({
      trackerCount: 2,
      channelCount: 2,
      erroredCount: 0,
      currency: "GBP",
      multiCurrency: false,
    });
    expect(aggregateTrackers([a, { ...b, channel: "googleads" }]).channelCount).toBe(1);
  });

  it("excludes lifetime trackers from percent through budget and monthly sums, and vice versa", () => {
    const mixed = aggregateTrackers([a, lifetime]);
    expect(mixed.money).toMatchObject({
      actualSpend: 2880 * GBP,
      budget: 3100 * GBP,
      spendRemaining: 1660 * GBP,
      lifetimeBudget: 10_000 * GBP,
      lifetimeSpend: 1440 * GBP,
      proRatedLifetimeBudget: Math.round((10_000 * GBP * 16) / 31),
    });
    expect(mixed.money?.percentageThroughBudget).toBeCloseTo((1440 / 3100) * 100, 10);
    expect(mixed.money?.percentageThroughLifetimeBudget).toBeCloseTo(14.4, 10);
    expect(mixed).toMatchObject({ monthlyCount: 1, lifetimeCount: 1 });
  });

  it("leaves errored trackers out of the figures and counts them (a pod row is red)", () => {
    const withError = aggregateTrackers([a, { ...b, errored: true }]);
    expect(withError.erroredCount).toBe(1);
    expect(withError.money?.actualSpend).toBe(1440 * GBP);
    expect(withError.actualClicks).toBe(750);
    expect(cellValue(aggregateTrackers([{ ...a, errored: true }]), "actualSpend")).toEqual({
      kind: "na",
      reason: "errored",
    });
  });

  it("does not add money across currencies: money is null, money cells N/A, counts still shown", () => {
    const mixed = aggregateTrackers([a, { ...b, currency: "USD" }]);
    expect(mixed).toMatchObject({ currency: null, multiCurrency: true, money: null, actualClicks: 900 });
    expect(cellValue(mixed, "actualSpend")).toEqual({ kind: "na", reason: "multiCurrency" });
    expect(cellValue(mixed, "roas")).toEqual({ kind: "na", reason: "multiCurrency" });
    expect(cellValue(mixed, "percentageThroughBudget")).toEqual({ kind: "na", reason: "multiCurrency" });
    expect(cellValue(mixed, "ctr")).toEqual({ kind: "value", value: 1.5 });
    expect(MULTI_CURRENCY_TOOLTIP).toBe("Multiple currencies used for this client");
  });

  it("an empty group has zeros and no currency", () => {
    const empty = aggregateTrackers([]);
    expect(empty).toMatchObject({
      trackerCount: 0,
      currency: null,
      multiCurrency: false,
      percentageThroughMonth: 0,
    });
    expect(cellValue(empty, "actualSpend")).toEqual({ kind: "value", value: 0 });
  });

  it("the pods-spend helper is spend over sum(dailyBudget x days in month), an integer percent", () => {
    // 1,940 x 100 / (100 x 31 + 32.258065 x 31) = 47.3 -> 47
    expect(podSpendPercentage([a, b, lifetime, { ...b, id: "x", errored: true }])).toBe(47);
    expect(podSpendPercentage([])).toBe(0);
  });
});

describe("last month figures of trackers without a recorded last month budget", () => {
  // February spend and no historic data: last month has no budget.
  const unbudgeted = aTrackerRow({
    id: "u",
    rows: [...flatRows("2024-02-01", "2024-02-29", 50 * GBP), ...monthToDateRows()],
  });
  // February budget 1,000 against 1,450 spent: 450 over.
  const budgeted = aTrackerRow({
    id: "k",
    settings: aTracker({ historicData: [{ month: "2024-02-01", budget: 1000 * GBP }] }),
    rows: [...flatRows("2024-02-01", "2024-02-29", 50 * GBP), ...monthToDateRows()],
  });

  it("sums only the trackers that have a last month budget", () => {
    const group = aggregateTrackers([unbudgeted, budgeted]);
    expect(group.money).toMatchObject({
      lastMonthSpend: 2900 * GBP,
      lastMonthBudget: 1000 * GBP,
      lastMonthOverUnderSpend: 450 * GBP,
      lastMonthOverUnderSpendPositive: true,
    });
  });

  it("has none when no tracker has one: '-' budget, N/A over/under spend", () => {
    const group = aggregateTrackers([unbudgeted, { ...unbudgeted, id: "u2" }]);
    expect(group.money).toMatchObject({ lastMonthBudget: null, lastMonthOverUnderSpend: null });
    expect(cellValue(group, "lastMonthBudget")).toEqual({ kind: "none" });
    expect(cellValue(group, "lastMonthOverUnderSpend")).toEqual({ kind: "na", reason: "noBudget" });
    expect(cellValue(group, "lastMonthSpend")).toEqual({ kind: "value", value: 2900 * GBP });
  });
});

describe("client and pod rows", () => {
  it("groups by non-empty client in order of first appearance (trackers.md section 2, Client-grouped table)", () => {
    const groups = groupByClient([lifetime, a, { ...b, client: "" }, { ...b, id: "b2" }]);
    expect(groups.map((g) => [g.key, g.rows.map((r) => r.id), g.data.trackerCount])).toEqual([
      ["Bolt", ["l"], 1],
      ["Acme", ["a", "b2"], 2],
    ]);
  });

  it("builds pod rows from the pod's tracker ids, skipping trackers that are not loaded", () => {
    const pods = groupByPod(
      [
        { _id: "p1", name: "North", trackers: ["a", { _id: "b" }, "gone"] },
        { _id: "p2", name: "Empty", trackers: [] },
      ],
      [a, b, lifetime],
    );
    expect(pods.map((p) => [p.key.name, p.rows.map((r) => r.id), p.data.money?.actualSpend])).toEqual([
      ["North", ["a", "b"], 1940 * GBP],
      ["Empty", [], 0],
    ]);
  });
});

describe("sharedBudgetTable (pods-budgets-alerts-users-connections.md sections 2.6 and 9)", () => {
  const cal = budgetCalendar(REFERENCE_NOW, "Europe/London");
  const table = sharedBudgetTable(
    {
      budget: 6200 * GBP,
      allocatedBudgetAsAPercentage: true,
      hasManualAllocationBeenSet: true,
      trackers: [
        { _id: "a", budgetAllocation: 50 },
        { _id: "b", budgetAllocation: 25 },
        { _id: "missing", budgetAllocation: 25 },
      ],
    },
    [a, b],
    cal,
  );

  it("paces each tracker on its allocation: budget = percent of the total, daily = budget / days", () => {
    const rowB = table.trackers[1];
    expect(rowB).toMatchObject({ id: "b", allocationPercent: 25, allocation: 1550 * GBP });
    expect(rowB?.data).toMatchObject({
      budget: 1550 * GBP,
      dailyBudget: 50 * GBP,
      actualSpend: 500 * GBP,
      spendRemaining: 1050 * GBP,
      requiredDailySpend: Math.round((1050 * GBP) / 17),
      endOfMonthEstSpend: 1300 * GBP,
      todaySpendRemaining: -30 * GBP,
      adjustedPercentageThroughBudget: 62.5,
      actualClicks: 150,
    });
    expect(rowB?.data.percentageThroughBudget).toBeCloseTo((500 / 1550) * 100, 10);
    expect(table.missingTrackerIds).toEqual(["missing"]);
  });

  it("paces the group on the shared budget's own total", () => {
    expect(table.group.money).toMatchObject({
      budget: 6200 * GBP,
      dailyBudget: 200 * GBP,
      actualSpend: 1940 * GBP,
      spendRemaining: 4260 * GBP,
      requiredDailySpend: Math.round((4260 * GBP) / 17),
      endOfMonthEstSpend: 5140 * GBP,
      todaySpendRemaining: 80 * GBP,
      adjustedPercentageThroughBudget: 60.625,
    });
    expect(table.group.percentageThroughMonth).toBeCloseTo((16 / 31) * 100, 10);
  });

  it("counts weekdays only when the shared budget says so, and paces lifetime trackers monthly", () => {
    const weekdays = sharedBudgetTable(
      {
        budget: 2100 * GBP,
        allocatedBudgetAsAPercentage: false,
        weekdaysOnly: true,
        trackers: [{ _id: "l", budgetAllocationMoney: 2100 * GBP }],
      },
      [lifetime],
      cal,
    );
    const row = weekdays.trackers[0];
    expect(row?.data).toMatchObject({
      primary: "monthly",
      budget: 2100 * GBP,
      dailyBudget: 100 * GBP,
      daysGone: 11,
      daysInMonth: 21,
    });
    expect(row && cellValue(row, "budget")).toEqual({ kind: "value", value: 2100 * GBP });
    expect(weekdays.group.money?.dailyBudget).toBe(100 * GBP);
  });
});

describe("sharedBudgetTotals: the shared-budget table's Totals footer agrees with its group rows", () => {
  const cal = budgetCalendar(REFERENCE_NOW, "Europe/London");
  // A overspends its 10% (620 of 6,200) with 1,440; B spends 500 of its 25% (1,550).
  const first = sharedBudgetTable(
    {
      budget: 6200 * GBP,
      allocatedBudgetAsAPercentage: true,
      hasManualAllocationBeenSet: true,
      trackers: [
        { _id: "a", budgetAllocation: 10 },
        { _id: "b", budgetAllocation: 25 },
      ],
    },
    [a, b],
    cal,
  );
  const second = sharedBudgetTable(
    {
      budget: 1000 * GBP,
      allocatedBudgetAsAPercentage: false,
      weekdaysOnly: true,
      trackers: [{ _id: "c", budgetAllocationMoney: 400 * GBP }],
    },
    [{ ...a, id: "c" }],
    cal,
  );

  it("with one shared budget, every cell of the footer is the group row's", () => {
    const totals = sharedBudgetTotals([first]);
    // Spend remaining of the shared budget, 6,200 - 1,940, not the trackers' 0 + 1,050.
    expect(totals.money?.spendRemaining).toBe(4260 * GBP);
    for (const column of METRIC_COLUMNS) {
      expect([column.id, cellValue(totals, column.id)]).toEqual([
        column.id,
        cellValue(first.group, column.id),
      ]);
    }
  });

  it("with several, the budget figures are the sums of the group rows and the ratios come from them", () => {
    const totals = sharedBudgetTotals([first, second]);
    const [one, two] = [first.group.money, second.group.money];
    for (const field of [
      "budget",
      "dailyBudget",
      "spendRemaining",
      "requiredDailySpend",
      "endOfMonthEstSpend",
    ] as const) {
      expect([field, totals.money?.[field]]).toEqual([field, (one?.[field] ?? 0) + (two?.[field] ?? 0)]);
    }
    expect(totals.money?.actualSpend).toBe(3380 * GBP);
    expect(totals.money?.percentageThroughBudget).toBeCloseTo((3380 / 7200) * 100, 10);
    expect(totals.trackerCount).toBe(3);
  });
});

describe("properties (issue 3: a group of one tracker equals the tracker; sums in micros are exact)", {
  timeout: 30_000,
}, () => {
  const trackerRowArb = instantArb.chain((now) =>
    fc.constantFrom(...TIME_ZONES).chain((timeZone) => {
      const today = budgetCalendar(now, timeZone).today;
      return fc
        .record({
          settings: settingsNear(today),
          rows: rowsNear(today, 30),
          errored: fc.boolean(),
          currency: fc.constantFrom("GBP", "USD"),
          channel: fc.constantFrom("googleads", "bingads"),
        })
        .map(
          (t): TrackerRow => ({
            id: "t",
            name: "T",
            client: "C",
            channel: t.channel,
            currency: t.currency,
            errored: t.errored,
            data: computeTrackerData({ settings: t.settings, rows: t.rows, now, timeZone }),
          }),
        );
    }),
  );

  it("every cell of a group of one equals the tracker's (adjusted % truncated, the client rule)", () => {
    fc.assert(
      fc.property(trackerRowArb, (row) => {
        const group = aggregateTrackers([row]);
        for (const column of METRIC_COLUMNS) {
          const tracker = cellValue(row, column.id);
          const grouped = cellValue(group, column.id);
          if (column.id === "adjustedPercentageThroughBudget" && tracker.kind === "value") {
            expect(grouped).toEqual({ kind: "value", value: Math.trunc(tracker.value) });
          } else {
            expect(grouped).toEqual(tracker);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("group money totals equal BigInt sums of the included trackers", () => {
    fc.assert(
      fc.property(fc.array(trackerRowArb, { maxLength: 8 }), (rows) => {
        const same = rows.map((r) => ({ ...r, currency: "GBP" }));
        const group = aggregateTrackers(same);
        const included = same.filter((r) => !r.errored);
        const sum = (pick: (r: TrackerRow) => number) => included.reduce((s, r) => s + BigInt(pick(r)), 0n);
        expect(BigInt(group.money?.actualSpend ?? -1)).toBe(sum((r) => r.data.actualSpend));
        expect(BigInt(group.money?.lastMonthSpend ?? -1)).toBe(sum((r) => r.data.lastMonthSpend));
        expect(BigInt(group.money?.actualRevenue ?? -1)).toBe(sum((r) => r.data.actualRevenue));
        expect(group.erroredCount).toBe(same.length - included.length);
      }),
      { numRuns: 100 },
    );
  });
});
