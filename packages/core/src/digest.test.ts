import { describe, expect, it } from "vitest";
import { aTracker, aTrackerRow } from "../testing/builders.ts";
import { alertMetricValue, PACE_METRIC } from "./alerts.ts";
import { digestSchedule, OFF_PACE_BAND, offPace } from "./digest.ts";

/** 1,440 spent by 15 March 2024 (16 of 31 days gone, today counted) against a monthly budget of `units`. */
const rowWithBudget = (units: number) =>
  aTrackerRow({ settings: aTracker({ manualBudgetValue: units * 1_000_000 }) });

describe("offPace", () => {
  it("lists a row only outside the 90%..110% band of the alerts' '% Pace'", () => {
    const cases = [2_480, 2_580, 3_090, 3_140].map((units) => {
      const row = rowWithBudget(units);
      const pace = alertMetricValue(row, PACE_METRIC.id);
      return {
        units,
        pace: pace.kind === "value" ? Math.round(pace.value) : undefined,
        off: offPace(row)?.direction,
      };
    });

    expect(OFF_PACE_BAND).toEqual({ belowPercent: 90, abovePercent: 110 });
    expect(cases).toEqual([
      { units: 2_480, pace: 113, off: "ahead" },
      { units: 2_580, pace: 108, off: undefined },
      { units: 3_090, pace: 90, off: undefined },
      { units: 3_140, pace: 89, off: "behind" },
    ]);
  });

  it("carries the pace and the bar's figures from the row's cells", () => {
    const off = offPace(rowWithBudget(1_000));

    expect(off?.direction).toBe("ahead");
    expect(off?.spentPercent).toBeCloseTo(144, 6);
    expect(off?.monthPercent).toBeCloseTo((16 / 31) * 100, 6);
    expect(off?.pacePercent).toBeCloseTo((144 / ((16 / 31) * 100)) * 100, 6);
  });

  it("never lists a row without a pace (errored tracker)", () => {
    expect(offPace({ ...rowWithBudget(1_000), errored: true })).toBeUndefined();
  });
});

describe("digestSchedule", () => {
  it("is due every day for daily, on Mondays in the account's time zone for weekly, never when off", () => {
    // 03:00 UTC on Monday 23 November 2026 is still Sunday evening in New York.
    const sundayInNewYork = new Date("2026-11-23T03:00:00Z");
    const mondayInNewYork = new Date("2026-11-23T13:00:00Z");

    expect(digestSchedule("daily", sundayInNewYork, "America/New_York")).toEqual({
      due: true,
      periodKey: "day:2026-11-22",
    });
    expect(digestSchedule("weekly", sundayInNewYork, "America/New_York").due).toBe(false);
    expect(digestSchedule("weekly", mondayInNewYork, "America/New_York")).toEqual({
      due: true,
      periodKey: "week:2026-11-23",
    });
    expect(digestSchedule("off", mondayInNewYork, "America/New_York").due).toBe(false);
  });
});
