import { describe, expect, it } from "vitest";
import { aRow, aTracker, datesBetween, flatRows, seededRandom } from "../testing/builders.ts";
import { budgetCalendar } from "./calendar.ts";
import { forecastTracker } from "./forecast.ts";
import { pacingSeries, sumPacingSeries, trackerPacing } from "./pacing-chart.ts";

const UNIT = 1_000_000;
/** 15 April 2024, 15:00 in London: April has 30 days (22 weekdays); the 15th is in progress. */
const APRIL_15 = budgetCalendar(new Date("2024-04-15T14:00:00Z"), "Europe/London");
/** Two and a half months of 100 a day, and 40 so far today. */
const FLAT_ROWS = [...flatRows("2024-02-01", "2024-04-14", 100 * UNIT), aRow("2024-04-15", 40 * UNIT)];

describe("trackerPacing: the month", () => {
  it("a flat month: the ideal reaches the budget evenly, actuals to today, forecast from yesterday to the end", () => {
    const { month, primary, lifetime } = trackerPacing(
      { settings: aTracker({ manualBudgetValue: 3_000 * UNIT }), rows: FLAT_ROWS },
      APRIL_15,
    );

    expect(primary).toBe("monthly");
    expect(lifetime).toBeNull();
    expect(month).toMatchObject({
      period: "month",
      start: "2024-04-01",
      end: "2024-04-30",
      today: "2024-04-15",
      budget: 3_000 * UNIT,
      countingDays: 30,
      forecastMethod: "weekday-weighted",
    });
    expect(month.days).toHaveLength(30);
    // Day 1: 100 spent, ideal 3000 / 30 = 100, no forecast yet.
    expect(month.days[0]).toEqual({
      date: "2024-04-01",
      counting: true,
      spend: 100 * UNIT,
      cumulativeSpend: 100 * UNIT,
      ideal: 100 * UNIT,
      dailyBudget: 100 * UNIT,
      forecast: null,
      forecastLow: null,
      forecastHigh: null,
    });
    // Yesterday (the 14th, last complete day): the forecast starts on the actual line.
    expect(month.days[13]).toMatchObject({ cumulativeSpend: 1_400 * UNIT, forecast: 1_400 * UNIT });
    // Today: 40 spent so far, forecast as a whole day of 100.
    expect(month.days[14]).toMatchObject({
      spend: 40 * UNIT,
      cumulativeSpend: 1_440 * UNIT,
      forecast: 1_500 * UNIT,
    });
    // After today: no actuals; a flat series forecasts exactly 100 a day with no spread.
    expect(month.days[15]).toMatchObject({ spend: null, cumulativeSpend: null, forecast: 1_600 * UNIT });
    expect(month.days[29]).toMatchObject({
      ideal: 3_000 * UNIT,
      forecast: 3_000 * UNIT,
      forecastLow: 3_000 * UNIT,
      forecastHigh: 3_000 * UNIT,
    });
  });

  it("weekdays only: the ideal stays flat at weekends and the daily budget is 0 there", () => {
    const { month } = trackerPacing(
      { settings: aTracker({ manualBudgetValue: 2_200 * UNIT, weekdaysOnly: true }), rows: FLAT_ROWS },
      APRIL_15,
    );

    expect(month.countingDays).toBe(22);
    // Mon 1 to Fri 5 April: 5 counting days of 100; Sat 6 and Sun 7 add nothing.
    expect(month.days.slice(4, 8).map((d) => [d.date, d.counting, d.ideal, d.dailyBudget])).toEqual([
      ["2024-04-05", true, 500 * UNIT, 100 * UNIT],
      ["2024-04-06", false, 500 * UNIT, 0],
      ["2024-04-07", false, 500 * UNIT, 0],
      ["2024-04-08", true, 600 * UNIT, 100 * UNIT],
    ]);
    expect(month.days.at(-1)?.ideal).toBe(2_200 * UNIT);
  });
});

describe("trackerPacing: a lifetime flight", () => {
  it("spans the flight, counts its spend from the start date and forecasts to its end", () => {
    const { lifetime, primary } = trackerPacing(
      {
        settings: aTracker({
          lifetimeBudget: 6_000 * UNIT,
          lifetimeBudgetDates: { startDate: "2024-03-20", endDate: "2024-05-17" },
          useLifetimeBudgetAsPrimary: true,
        }),
        rows: FLAT_ROWS,
      },
      APRIL_15,
    );

    expect(primary).toBe("lifetime");
    expect(lifetime).not.toBeNull();
    if (!lifetime) return;
    // 20 March to 17 May: 12 + 30 + 17 = 59 days.
    expect(lifetime).toMatchObject({
      period: "lifetime",
      start: "2024-03-20",
      end: "2024-05-17",
      countingDays: 59,
    });
    expect(lifetime.days).toHaveLength(59);
    expect(lifetime.days[0]).toMatchObject({ date: "2024-03-20", cumulativeSpend: 100 * UNIT });
    // 15 April is day 27 of the flight: 26 complete days of 100 and 40 today.
    expect(lifetime.days[26]).toMatchObject({ date: "2024-04-15", cumulativeSpend: 2_640 * UNIT });
    // The flight's end: actual 2,640 - 40 + 100 today + 32 days x 100 after it.
    expect(lifetime.days.at(-1)).toMatchObject({ ideal: 6_000 * UNIT, forecast: 5_900 * UNIT });
  });

  it("a flight that has ended has no forecast", () => {
    const series = pacingSeries(
      {
        rows: FLAT_ROWS,
        period: "lifetime",
        start: "2024-03-01",
        end: "2024-03-10",
        budget: 1_000 * UNIT,
        weekdaysOnly: false,
      },
      APRIL_15,
    );

    expect(series.forecastMethod).toBeNull();
    expect(series.days.every((d) => d.forecast === null)).toBe(true);
    expect(series.days.at(-1)?.cumulativeSpend).toBe(1_000 * UNIT);
  });
});

describe("pacingSeries: events and inputs", () => {
  it("keeps the period's events, oldest first, and leaves out the others", () => {
    const series = pacingSeries(
      {
        rows: FLAT_ROWS,
        period: "month",
        start: "2024-04-01",
        end: "2024-04-30",
        budget: 3_000 * UNIT,
        weekdaysOnly: false,
        events: [
          { date: "2024-04-12", kind: "refresh-failure", label: "Refresh failed" },
          { date: "2024-03-30", kind: "note", label: "Too early" },
          { date: "2024-04-03", kind: "note", label: "Budget agreed" },
        ],
      },
      APRIL_15,
    );

    expect(series.events.map((e) => e.label)).toEqual(["Budget agreed", "Refresh failed"]);
  });

  it("refuses a period that ends before it starts", () => {
    expect(() =>
      pacingSeries(
        {
          rows: [],
          period: "lifetime",
          start: "2024-04-10",
          end: "2024-04-01",
          budget: 0,
          weekdaysOnly: false,
        },
        APRIL_15,
      ),
    ).toThrow(RangeError);
  });
});

describe("sumPacingSeries: a group", () => {
  const monthOf = (budget: number, perDay: number, weekdaysOnly = false) =>
    trackerPacing(
      {
        settings: aTracker({ manualBudgetValue: budget * UNIT, weekdaysOnly }),
        rows: [...flatRows("2024-02-01", "2024-04-14", perDay * UNIT), aRow("2024-04-15", 0)],
      },
      APRIL_15,
    ).month;

  it("adds its trackers day by day and tags their events", () => {
    const a = monthOf(3_000, 100);
    const b = {
      ...monthOf(2_200, 50, true),
      events: [{ date: "2024-04-02", kind: "note" as const, label: "Hi" }],
    };

    const group = sumPacingSeries([
      { name: "A", series: a },
      { name: "B", series: b },
    ]);

    expect(group.budget).toBe(5_200 * UNIT);
    expect(group.weekdaysOnly).toBe(false);
    expect(group.countingDays).toBe(30);
    group.days.forEach((d, i) => {
      const da = a.days[i];
      const db = b.days[i];
      expect(d.ideal).toBe((da?.ideal ?? 0) + (db?.ideal ?? 0));
      expect(d.dailyBudget).toBe((da?.dailyBudget ?? 0) + (db?.dailyBudget ?? 0));
      expect(d.cumulativeSpend).toBe(
        da?.cumulativeSpend == null || db?.cumulativeSpend == null
          ? null
          : da.cumulativeSpend + db.cumulativeSpend,
      );
      expect(d.forecastHigh).toBe(
        da?.forecastHigh == null || db?.forecastHigh == null ? null : da.forecastHigh + db.forecastHigh,
      );
    });
    expect(group.days[13]?.cumulativeSpend).toBe(14 * 150 * UNIT);
    expect(group.days.at(-1)?.ideal).toBe(5_200 * UNIT);
    expect(group.events).toEqual([{ date: "2024-04-02", kind: "note", label: "Hi", tracker: "B" }]);
  });

  it("a shared budget's own total rescales the ideal line to it", () => {
    const group = sumPacingSeries(
      [
        { name: "A", series: monthOf(3_000, 100) },
        { name: "B", series: monthOf(3_000, 100) },
      ],
      3_000 * UNIT,
    );

    expect(group.budget).toBe(3_000 * UNIT);
    expect(group.days[0]?.ideal).toBe(100 * UNIT);
    expect(group.days.at(-1)?.ideal).toBe(3_000 * UNIT);
  });

  it("refuses trackers on different periods, and an empty group", () => {
    const lifetime = pacingSeries(
      {
        rows: FLAT_ROWS,
        period: "lifetime",
        start: "2024-04-02",
        end: "2024-04-30",
        budget: 0,
        weekdaysOnly: false,
      },
      APRIL_15,
    );
    expect(() =>
      sumPacingSeries([
        { name: "A", series: monthOf(3_000, 100) },
        { name: "B", series: lifetime },
      ]),
    ).toThrow(RangeError);
    expect(() => sumPacingSeries([])).toThrow(RangeError);
  });
});

describe("pacingSeries: the forecast", () => {
  it("ends where the tracker's forecast columns land, and its range opens out towards the month end", () => {
    const random = seededRandom(16);
    const rows = [
      ...datesBetween("2024-01-01", "2024-04-14").map((date) =>
        aRow(date, Math.round((60 + random() * 80) * UNIT)),
      ),
      aRow("2024-04-15", 30 * UNIT),
    ];

    const { month } = trackerPacing({ settings: aTracker(), rows }, APRIL_15);
    const columns = forecastTracker({ rows }, APRIL_15).month;

    const end = month.days.at(-1);
    expect([end?.forecast, end?.forecastLow, end?.forecastHigh]).toEqual([
      columns.point,
      columns.low,
      columns.high,
    ]);
    expect(columns.low).toBeLessThan(columns.point);
    expect(columns.high).toBeGreaterThan(columns.point);
    const width = (i: number) => (month.days[i]?.forecastHigh ?? 0) - (month.days[i]?.forecastLow ?? 0);
    expect(width(13)).toBe(0);
    expect(width(20)).toBeGreaterThan(0);
    expect(width(29)).toBeGreaterThan(width(20));
  });
});
