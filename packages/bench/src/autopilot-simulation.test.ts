import { demoAccount, loadSourceData } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { benchSettings, simulateMonth } from "./autopilot-simulation.ts";

/** The AutoPilot simulation on the sandbox replay: one account, one month (Google Ads YouTube, March 2026). */
describe("simulateMonth", () => {
  const source = loadSourceData();
  const account = demoAccount("googleads", "4445556666");
  if (!account) throw new Error("no demo account");
  const monthStart = "2026-03-01";
  const natural = simulateMonth({ source, account, monthStart, budget: 1, settings: null });
  const budget = Math.round(natural.spend * 0.85);

  it("without AutoPilot writes nothing and overspends the lower budget", () => {
    expect(natural.actions).toEqual({ pause: 0, enable: 0, "set-daily-budget": 0 });
    expect(natural.spend).toBeGreaterThan(budget);
  });

  it("Pause at budget pauses once and ends above the budget by less than one day's spend", () => {
    const paused = simulateMonth({ source, account, monthStart, budget, settings: benchSettings("pause") });

    expect(paused.actions.pause).toBe(1);
    expect(paused.spend).toBeLessThan(natural.spend);
    expect(paused.spend).toBeLessThanOrEqual(budget + natural.largestDay);
  });

  it("evaluated every hour (the refresh cycle), Pause at budget lands closer to the budget than once a day", () => {
    const run = (cycleHours: number) =>
      simulateMonth({ source, account, monthStart, budget, settings: benchSettings("pause"), cycleHours });

    const hourly = run(1);
    const daily = run(24);

    expect(Math.abs(hourly.spend - budget)).toBeLessThan(Math.abs(daily.spend - budget));
  });

  it("Cruise rewrites the daily budget and brings the month closer to the budget than no AutoPilot", () => {
    const cruise = simulateMonth({ source, account, monthStart, budget, settings: benchSettings("cruise") });

    expect(cruise.actions["set-daily-budget"]).toBeGreaterThan(0);
    expect(Math.abs(cruise.spend - budget)).toBeLessThan(Math.abs(natural.spend - budget));
  });

  it("Cruise lands within +/-2% of the budget although Google may spend 2x a day's budget (end-of-period guard)", () => {
    const cruise = simulateMonth({ source, account, monthStart, budget, settings: benchSettings("cruise") });

    expect(Math.abs(cruise.spend / budget - 1)).toBeLessThanOrEqual(0.02);
    expect(cruise.dailySpend).toHaveLength(31);
  });
});
