import { describe, expect, it } from "vitest";
import { cellValue } from "./cells.ts";
import { NO_FORECAST } from "./forecast.ts";
import { computeTrackerData } from "./tracker-data.ts";
import { budgetSettings, decodeTrackerData, encodeTrackerData, metricsWindow } from "./tracker-record.ts";

describe("stored tracker figures", () => {
  it("round-trip exactly through the compact stored form, adjustment and historic data included", () => {
    const now = new Date("2024-04-15T14:00:00Z");
    const data = computeTrackerData({
      settings: budgetSettings({
        manualBudgetValue: 3_150_000_000,
        lastMonthOverUnderSpendIncludedInBudgetCalc: true,
        historicData: [{ month: "2024-03-01", budget: 3_000_000_000, actualSpend: 3_150_000_000 }],
      }),
      rows: [
        {
          date: "2024-04-15",
          spendMicros: 60_000_000,
          impressions: 4000,
          clicks: 72,
          conversions: 3,
          revenueMicros: 1,
        },
      ],
      now,
      timeZone: "Europe/London",
    });

    const stored = encodeTrackerData(data);

    expect(decodeTrackerData(stored)).toEqual(data);
    expect(data.budgetAdjustment).not.toBeNull();
    expect(stored.length).toBeLessThan(JSON.stringify(data).length * 0.6);
  });

  it("reads figures stored before forecasts existed with no forecast, so the forecast cells show N/A", () => {
    const data = computeTrackerData({
      settings: budgetSettings({ manualBudgetValue: 3_000_000_000 }),
      rows: [],
      now: new Date("2024-04-15T14:00:00Z"),
      timeZone: "Europe/London",
    });
    const stored = JSON.parse(encodeTrackerData(data)) as unknown[];
    const beforeForecasts = JSON.stringify(stored.slice(0, -1));

    const read = decodeTrackerData(beforeForecasts);

    expect(read).toEqual({ ...data, ...NO_FORECAST });
    const row = {
      id: "t",
      name: "t",
      client: "",
      channel: "googleads",
      currency: "GBP",
      errored: false,
      data: read,
    };
    expect(cellValue(row, "forecastEomSpend")).toEqual({ kind: "na", reason: "noForecast" });
    expect(cellValue(row, "actualSpend")).toEqual({ kind: "value", value: 0 });
  });

  it("still reads figures stored as a plain object", () => {
    const plain = { actualSpend: 5 };
    expect(decodeTrackerData(JSON.stringify(plain))).toEqual(plain);
  });
});

describe("metricsWindow", () => {
  it("reads six months back, or from an earlier lifetime start, to today", () => {
    const calendar = { previousMonths: ["2023-10-01"], monthStart: "2024-04-01", today: "2024-04-15" };
    const cal = calendar as unknown as Parameters<typeof metricsWindow>[1];
    expect(metricsWindow({ lifetimeBudgetDates: undefined }, cal)).toEqual({
      from: "2023-10-01",
      to: "2024-04-15",
    });
    expect(metricsWindow({ lifetimeBudgetDates: { startDate: "2023-01-01" } }, cal)).toEqual({
      from: "2023-01-01",
      to: "2024-04-15",
    });
  });

  it("reaches back the forecast's 182 complete days when six months are fewer (on 1 March)", () => {
    const calendar = { previousMonths: ["2022-09-01"], monthStart: "2023-03-01", today: "2023-03-01" };
    const cal = calendar as unknown as Parameters<typeof metricsWindow>[1];
    expect(metricsWindow({ lifetimeBudgetDates: undefined }, cal)).toEqual({
      from: "2022-08-31",
      to: "2023-03-01",
    });
  });
});
