import { describe, expect, it } from "vitest";
import { aRow, seededRandom } from "../testing/builders.ts";
import { budgetCalendar, dayNumber, fromDayNumber, weekdayOf } from "./calendar.ts";
import { FORECAST_PARAMETERS, fitDailyModel, forecastTracker } from "./forecast.ts";
import type { DailyRow } from "./tracker-data.ts";

const UNIT = 1_000_000;
/** 15 April 2024, 15:00 in London: April has 30 days; the 15th is in progress. */
const APRIL_15 = budgetCalendar(new Date("2024-04-15T14:00:00Z"), "Europe/London");

/** One row a day from `from` to `to`, spend (units) and conversions given by the day. */
function rowsBy(
  from: string,
  to: string,
  spend: (date: string, weekday: number) => number,
  conversions: (date: string) => number = () => 0,
): DailyRow[] {
  const rows: DailyRow[] = [];
  for (let d = dayNumber(from); d <= dayNumber(to); d++) {
    const date = fromDayNumber(d);
    rows.push(aRow(date, Math.round(spend(date, weekdayOf(d)) * UNIT), { conversions: conversions(date) }));
  }
  return rows;
}

const flat = (from: string, to: string, units = 100) => rowsBy(from, to, () => units);

/** A standard normal draw (Box-Muller) from a uniform source. */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Share of `runs` simulated Aprils (2024) whose actual total lies within the P10-P90 range
 * forecast at the end of 8 April; `series` makes one run's rows (through 30 April) from a seeded source.
 */
function coverage(runs: number, series: (random: () => number) => DailyRow[]): number {
  const april8 = budgetCalendar(new Date("2024-04-08T12:00:00Z"), "UTC");
  let inside = 0;
  for (let run = 0; run < runs; run++) {
    const rows = series(seededRandom(run + 1));
    const actual = rows.filter((r) => r.date.startsWith("2024-04")).reduce((s, r) => s + r.spendMicros, 0);
    const f = forecastTracker(
      { rows: rows.filter((r) => r.date <= "2024-04-08"), todayComplete: true },
      april8,
    );
    if (f.month.low <= actual && actual <= f.month.high) inside++;
  }
  return inside / runs;
}

describe("forecastTracker: month end", () => {
  it("a flat series lands exactly on its daily figure, today counted as a whole day, with no spread", () => {
    const rows = [
      ...rowsBy(
        "2024-02-01",
        "2024-04-14",
        () => 100,
        () => 2,
      ),
      aRow("2024-04-15", 40 * UNIT, { conversions: 1 }),
    ];

    const f = forecastTracker({ rows }, APRIL_15);

    expect(f.method).toBe("weekday-weighted");
    // 14 days x 100, today max(40 so far, 100 expected), 15 days after today x 100.
    expect(f.month).toMatchObject({
      actual: 1440 * UNIT,
      point: 3000 * UNIT,
      low: 3000 * UNIT,
      high: 3000 * UNIT,
      daysAhead: 16,
      rangeMethod: "empirical",
    });
    // 29 conversions so far, plus the 1,560 of spend ahead at the recent 2 conversions per 100.
    expect(f.monthConversions).toBeCloseTo(29 + 1560 * 0.02, 9);
    expect(f.lifetime).toBeNull();
  });

  it("today's spend so far is a floor: a day already over its usual figure counts as spent", () => {
    const rows = [...flat("2024-02-01", "2024-04-14"), aRow("2024-04-15", 150 * UNIT)];

    expect(forecastTracker({ rows }, APRIL_15).month.point).toBe((1400 + 150 + 1500) * UNIT);
  });

  it("a weekday pattern is forecast day by day: weekdays at 100, weekends at 20", () => {
    const rows = rowsBy("2024-02-05", "2024-04-14", (_, w) => (w === 0 || w === 6 ? 20 : 100));

    const f = forecastTracker({ rows }, APRIL_15);
    const model = fitDailyModel({
      firstDay: dayNumber("2024-02-05"),
      values: Float64Array.from(rows, (r) => r.spendMicros),
    });

    // April 1-14: 10 weekdays and 4 weekend days; 15-30: 12 weekdays and 4 weekend days.
    const actual = (10 * 100 + 4 * 20) * UNIT;
    const ahead = (12 * 100 + 4 * 20) * UNIT;
    expect(f.month.point).toBe(actual + ahead);
    expect(f.month.low).toBe(actual + ahead);
    expect(f.month.high).toBe(actual + ahead);
    // The run-rate (1,080 / 15 days x 30) would say 2,160: it spreads the weekend dip over every day.
    expect(f.month.point).not.toBe(2160 * UNIT);
    const weekMean = (5 * 100 + 2 * 20) / 7;
    expect(model.weekdayIndex[0]).toBeCloseTo(20 / weekMean, 9);
    expect(model.weekdayIndex[3]).toBeCloseTo(100 / weekMean, 9);
  });

  it("a weekdays-only account keeps a weekend index of 0, so no weekend spend is forecast", () => {
    const rows = rowsBy("2024-02-05", "2024-04-14", (_, w) => (w === 0 || w === 6 ? 0 : 100));

    const f = forecastTracker({ rows }, APRIL_15);

    expect(f.month.point).toBe((10 + 12) * 100 * UNIT);
  });

  it("a mid-month budget change: spend doubling on the 15th moves the forecast towards the new level, ahead of the run-rate", () => {
    // May 2024 (31 days): 100 a day until the 14th, 200 a day from the 15th (a raised budget).
    const rows = [...flat("2024-02-01", "2024-05-14"), ...flat("2024-05-15", "2024-05-20", 200)];
    const may20 = budgetCalendar(new Date("2024-05-20T12:00:00Z"), "UTC");
    const monthToDate = (14 * 100 + 6 * 200) * UNIT;
    const runRate = (monthToDate / 20) * 31;
    const actualMonth = (14 * 100 + 17 * 200) * UNIT;

    const f = forecastTracker({ rows, todayComplete: true }, may20);

    expect(f.method).toBe("weekday-weighted");
    expect(f.month.actual).toBe(monthToDate);
    expect(Math.abs(f.month.point - actualMonth)).toBeLessThan(Math.abs(runRate - actualMonth) / 2);
    expect(Math.abs(f.month.point - actualMonth) / actualMonth).toBeLessThan(0.1);
    expect(f.month.point).toBeLessThanOrEqual(actualMonth);
  });

  it("a noisy series has a P10-P90 range around the forecast that narrows as the month goes", () => {
    const random = seededRandom(7);
    const rows = rowsBy("2024-01-01", "2024-05-28", () => 100 * Math.exp(0.4 * (random() - 0.5)));
    const at = (date: string) =>
      forecastTracker(
        { rows: rows.filter((r) => r.date <= date), todayComplete: true },
        budgetCalendar(new Date(`${date}T12:00:00Z`), "UTC"),
      ).month;

    const early = at("2024-05-05");
    const late = at("2024-05-28");

    expect(early.rangeMethod).toBe("empirical");
    expect(early.low).toBeLessThan(early.point);
    expect(early.high).toBeGreaterThan(early.point);
    expect(early.low).toBeGreaterThanOrEqual(early.actual);
    expect(late.high - late.low).toBeLessThan((early.high - early.low) / 2);
  });

  it("with no history before the month, spikes in its last days move the forecast no more than the run-rate does", () => {
    // The account's first spend is on 1 April: 100 a day, then 300 a day on the 18th to the 20th.
    const rows = [...flat("2024-04-01", "2024-04-17"), ...flat("2024-04-18", "2024-04-20", 300)];
    const april20 = budgetCalendar(new Date("2024-04-20T12:00:00Z"), "UTC");
    const monthToDate = (17 * 100 + 3 * 300) * UNIT;
    const runRate = (monthToDate / 20) * 30;

    const f = forecastTracker({ rows, todayComplete: true }, april20);

    // Twenty days of history: the weekday model, fitted on the month's own days only. Its level is
    // their mean (the run-rate's), not a recency-weighted one chasing the last three days.
    expect(f.method).toBe("weekday-weighted");
    expect(Math.abs(f.month.point - runRate) / runRate).toBeLessThan(0.03);
  });

  it("with few past errors to read, the P10-P90 range still covers about 80% of month ends", () => {
    // Log-normal days (sd 0.5 on the log scale) from 10 March; forecast at the end of 8 April: 30
    // days of history hold only 8 overlapping 16-day windows of past errors (about one independent).
    const inside = coverage(400, (random) =>
      rowsBy("2024-03-10", "2024-04-30", () => 100 * Math.exp(0.5 * normal(random))),
    );

    expect(inside).toBeGreaterThanOrEqual(0.7);
    expect(inside).toBeLessThanOrEqual(0.9);
  });

  it("days whose level drifts (a ramp) get a wider P10-P90 than the same days in alternating order", () => {
    // Ten days, no history before the month: the same ten figures, rising steadily or alternating
    // low and high. A level that moves makes the mean of the days ahead far less certain than
    // noise around a steady level does.
    const figures = Array.from({ length: 10 }, (_, k) => 100 * 2 ** (k / 3));
    const alternating = [0, 9, 1, 8, 2, 7, 3, 6, 4, 5].map((k) => figures[k] as number);
    const at = (values: number[]) =>
      forecastTracker(
        {
          rows: values.map((v, i) => aRow(fromDayNumber(dayNumber("2024-04-01") + i), Math.round(v * UNIT))),
          todayComplete: true,
        },
        budgetCalendar(new Date("2024-04-10T12:00:00Z"), "UTC"),
      ).month;

    const ramp = at(figures);
    const swing = at(alternating);

    expect(ramp.point).toBe(swing.point);
    expect(ramp.rangeMethod).toBe("iid");
    expect(Math.log(ramp.high / ramp.low)).toBeGreaterThan(1.5 * Math.log(swing.high / swing.low));
    // The alternating days show no drift: their range is that of independent days around one level.
    expect(swing.low).toBeLessThan(swing.point);
    expect(swing.high).toBeGreaterThan(swing.point);
  });

  it("too few days: falls back to the run-rate and says so", () => {
    // Five complete days (80..120) and today's 40 so far: fewer than the model's 14 days.
    const rows = [
      aRow("2024-04-10", 80 * UNIT),
      aRow("2024-04-11", 120 * UNIT),
      aRow("2024-04-12", 100 * UNIT),
      aRow("2024-04-13", 90 * UNIT),
      aRow("2024-04-14", 110 * UNIT),
      aRow("2024-04-15", 40 * UNIT),
    ];

    const f = forecastTracker({ rows }, APRIL_15);

    expect(FORECAST_PARAMETERS.minModelDays).toBe(14);
    expect(f.method).toBe("run-rate");
    // Month to date 540 over 15 days elapsed (today included, as the spec's daily averages), x 30.
    expect(f.month.point).toBe(1080 * UNIT);
    expect(f.month.rangeMethod).toBe("iid");
    expect(f.month.low).toBeGreaterThanOrEqual(540 * UNIT);
    expect(f.month.low).toBeLessThan(f.month.point);
    expect(f.month.high).toBeGreaterThan(f.month.point);
  });

  it("no rows at all: a forecast of 0 with no range", () => {
    const f = forecastTracker({ rows: [] }, APRIL_15);

    expect(f.method).toBe("run-rate");
    expect(f.month).toMatchObject({ point: 0, low: 0, high: 0, rangeMethod: "none" });
  });

  it("ignores rows after today and throws on a bad date", () => {
    const rows = [...flat("2024-02-01", "2024-04-14"), ...flat("2024-04-16", "2024-04-30", 1_000)];

    expect(forecastTracker({ rows }, APRIL_15).month.point).toBe(3000 * UNIT);
    expect(() => forecastTracker({ rows: [aRow("2024-4-01", 1)] }, APRIL_15)).toThrow(RangeError);
  });
});

describe("forecastTracker: lifetime flights", () => {
  const rows = [...flat("2024-02-01", "2024-04-14"), aRow("2024-04-15", 40 * UNIT)];

  it("forecasts a flight to its end date, beyond the month", () => {
    const f = forecastTracker(
      { rows, lifetimeBudgetDates: { startDate: "2024-03-10", endDate: "2024-05-20" } },
      APRIL_15,
    );

    // 10 March to 14 April: 36 days; today 100; 16 April to 20 May: 35 days.
    expect(f.lifetime).toMatchObject({ actual: 3640 * UNIT, point: 7200 * UNIT, daysAhead: 36 });
  });

  it("a flight with no end runs to the end of the month; an ended one is its actual; a future one is all ahead", () => {
    const open = forecastTracker(
      { rows, lifetimeBudgetDates: { startDate: "2024-03-10", endDate: null } },
      APRIL_15,
    );
    const ended = forecastTracker(
      { rows, lifetimeBudgetDates: { startDate: "2024-03-10", endDate: "2024-04-01" } },
      APRIL_15,
    );
    const future = forecastTracker(
      { rows, lifetimeBudgetDates: { startDate: "2024-05-01", endDate: "2024-05-10" } },
      APRIL_15,
    );

    expect(open.lifetime?.point).toBe(5200 * UNIT);
    expect(ended.lifetime).toMatchObject({
      point: 2300 * UNIT,
      low: 2300 * UNIT,
      high: 2300 * UNIT,
      rangeMethod: "exact",
    });
    expect(future.lifetime).toMatchObject({ actual: 0, point: 1000 * UNIT, daysAhead: 10 });
  });
});
