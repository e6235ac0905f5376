import { describe, expect, it } from "vitest";
import { normaliseFilters, summedDailyBudget } from "./connector-kit.ts";

const MICROS = 1_000_000;

describe("summedDailyBudget (the fetchBudget answer of every platform)", () => {
  const campaigns = [
    { id: "1", name: "Search Brand", dailyMicros: 40 * MICROS, budgetId: "b1" },
    { id: "2", name: "Search Generic", dailyMicros: 40 * MICROS, budgetId: "b1" },
    { id: "3", name: "Video", dailyMicros: 25 * MICROS },
    { id: "4", name: "Display", dailyMicros: 0 },
  ];

  it("sums the daily budgets per day, a shared budget once, budgets of 0 left out", () => {
    expect(summedDailyBudget(campaigns, normaliseFilters({}))).toEqual({
      amount: 65 * MICROS,
      period: "day",
    });
  });

  it("keeps the campaigns the tracker's filters keep; a shared budget counts in full for one of its campaigns", () => {
    expect(summedDailyBudget(campaigns, normaliseFilters({ campaignIds: ["2"] }))).toEqual({
      amount: 40 * MICROS,
      period: "day",
    });
    expect(summedDailyBudget(campaigns, normaliseFilters({ campaignNameContains: "video" }))).toEqual({
      amount: 25 * MICROS,
      period: "day",
    });
    expect(
      summedDailyBudget(
        campaigns,
        normaliseFilters({ campaignIds: ["1", "3"], campaignNameContains: "search" }),
      ),
    ).toEqual({ amount: 40 * MICROS, period: "day" });
  });

  it("answers null when no budget is left", () => {
    expect(summedDailyBudget([], normaliseFilters({}))).toBeNull();
    expect(summedDailyBudget(campaigns, normaliseFilters({ campaignIds: ["4"] }))).toBeNull();
    expect(summedDailyBudget(campaigns, normaliseFilters({ campaignNameContains: "nothing" }))).toBeNull();
  });
});
