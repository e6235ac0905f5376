import { budgetCalendar } from "@pacer/core";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { aDay, aTrackerIn } from "../../testing/tracker-builders.ts";

type Figures = {
  budget: number;
  budgetAdjustment: { kind: string; overUnderSpend: number } | null;
  percentageThroughBudget: number;
  actualSpend: number;
  lastMonthBudget: number | null;
  lastMonthSpend: number;
  lastMonthOverUnderSpend: number | null;
  lastMonthOverUnderSpendPositive: boolean;
  historicData: { month: string; budget: number | null; actualSpend: number }[];
};
type TrackerAnswer = { tracker: { _id: string; data: Figures; historicData: unknown[] } };

const UNIT = 1_000_000;

/**
 * A tracker as the demo accounts have them: six months of daily spend from the platform (days 1-28
 * of each month, £100 a day, so £2,800 a month), £120 today, a manual budget of £3,000 a month and
 * no historic budget recorded (the tracker did not exist then). Spec trackers.md section 3
 * (historicData, lastMonthBudget) and "Metric formulas".
 */
async function aTrackerWithSpendHistory() {
  const { account, token } = await anAccountWithAdmin();
  const calendar = budgetCalendar(new Date(), "Europe/London");
  const rows = calendar.previousMonths.flatMap((month) =>
    Array.from({ length: 28 }, (_, i) => aDay(`${month.slice(0, 8)}${String(i + 1).padStart(2, "0")}`, 100)),
  );
  const tracker = await aTrackerIn(account.accountId, { requiresUpdate: false }, [
    ...rows,
    aDay(calendar.today, 120),
  ]);
  const post = (path: string, body: unknown) => callApi<TrackerAnswer>("POST", path, { token, body });
  const get = () => callApi<TrackerAnswer>("GET", `/api/tracker/get-tracker/${tracker.trackerId}`, { token });
  return { id: tracker.trackerId, post, get, months: calendar.previousMonths };
}

describe("months without a recorded budget have no budget (not a budget of 0)", () => {
  // One account and tracker per test, built together before them (six months of rows each).
  let trackers: Awaited<ReturnType<typeof aTrackerWithSpendHistory>>[];
  beforeAll(async () => {
    trackers = await Promise.all([aTrackerWithSpendHistory(), aTrackerWithSpendHistory()]);
  });

  it("a tracker with spend history shows no last month budget and keeps its budget with either adjustment on", async () => {
    const { id, post, get } = trackers[0] as (typeof trackers)[number];

    const read = (await get()).body.tracker.data;
    expect(read).toMatchObject({
      lastMonthSpend: 2800 * UNIT,
      lastMonthBudget: null,
      lastMonthOverUnderSpend: null,
      lastMonthOverUnderSpendPositive: false,
    });
    expect(read.historicData.map((h) => h.budget)).toEqual([null, null, null, null, null, null]);

    const six = await post("/api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc", {
      tracker: id,
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: true,
    });
    expect(six.status).toBe(200);
    expect(six.body.tracker.data).toMatchObject({ budget: 3000 * UNIT, budgetAdjustment: null });
    expect(six.body.tracker.data.percentageThroughBudget).toBeCloseTo((120 / 3000) * 100, 10);

    const lastMonth = await post("/api/tracker/update-include-last-month-over-under-spend-in-budget-calc", {
      tracker: id,
    });
    expect(lastMonth.body.tracker.data).toMatchObject({ budget: 3000 * UNIT, budgetAdjustment: null });
  });

  it("historic budgets the user types still count; a month left without one stays without", async () => {
    const { id, post, months } = trackers[1] as (typeof trackers)[number];
    const [m1, m2, m3, m4, twoMonthsAgo, lastMonth] = months;
    await post("/api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc", {
      tracker: id,
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: true,
    });

    const typed = await post("/api/tracker/update-tracker-historic-data", {
      tracker: id,
      historicData: [
        ...[m1, m2, m3, m4].map((month) => ({ month, budget: null, actualSpend: 2800 * UNIT })),
        { month: twoMonthsAgo, budget: null, actualSpend: 2800 * UNIT },
        { month: lastMonth, budget: 2500 * UNIT, actualSpend: 2800 * UNIT },
      ],
    });

    expect(typed.status).toBe(200);
    expect(typed.body.tracker.data).toMatchObject({
      lastMonthBudget: 2500 * UNIT,
      lastMonthOverUnderSpend: 300 * UNIT,
      lastMonthOverUnderSpendPositive: true,
      // Only last month has a budget: the six-month adjustment is its £300 overspend.
      budgetAdjustment: { kind: "lastSixMonths", overUnderSpend: 300 * UNIT },
      budget: 2700 * UNIT,
    });
    expect(typed.body.tracker.data.historicData.map((h) => h.budget)).toEqual([
      null,
      null,
      null,
      null,
      null,
      2500 * UNIT,
    ]);
  });
});
