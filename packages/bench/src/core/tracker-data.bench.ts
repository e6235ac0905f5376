import { groupByClient, type TrackerRow } from "@pacer/core/aggregate";
import type { TrackerBudgetSettings } from "@pacer/core/budget";
import { budgetCalendar } from "@pacer/core/calendar";
import { datesBetween, randomRows, seededRandom } from "@pacer/core/testing/builders";
import { calendarsAt, type TrackerDataInput, trackerData } from "@pacer/core/tracker-data";
import type { BenchResult } from "../bench.ts";

/**
 * `npm run bench -- core`: computes tracker data for 10,000 trackers with six months of daily rows
 * each (the six previous months plus the current month to date), then groups them by client.
 * Reports the median of several runs after a warm-up. Target: tracker data under 250 ms.
 */

const TRACKERS = 10_000;
const RUNS = 7;
const TARGET_MS = 250;
const TIME_ZONES = ["Europe/London", "America/New_York", "Australia/Sydney", "Asia/Kolkata"];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function settingsFor(i: number): TrackerBudgetSettings {
  const base: TrackerBudgetSettings = {
    automatedBudget: i % 5 === 0,
    platformBudget: { amount: 150_000_000, period: "day" },
    manualBudgetValue: 3_000_000_000 + (i % 97) * 10_000_000,
    budgetPeriod: i % 3 === 0 ? "day" : "month",
    weekdaysOnly: i % 7 === 0,
    lastMonthOverUnderSpendIncludedInBudgetCalc: i % 11 === 0,
    lastSixMonthsOverUnderSpendIncludedInBudgetCalc: i % 13 === 0,
    historicData: [],
  };
  if (i % 9 === 0) {
    base.useLifetimeBudgetAsPrimary = true;
    base.lifetimeBudget = 20_000_000_000;
    base.lifetimeBudgetDates = { startDate: "2024-01-15", endDate: i % 2 ? "2024-09-30" : null };
  }
  return base;
}

export default async function bench(): Promise<BenchResult> {
  const now = Date.UTC(2024, 5, 15, 13, 30); // 15 June 2024
  const london = budgetCalendar(now, "Europe/London");
  const from = london.previousMonths[0] as string;
  const dates = datesBetween(from, london.today);
  const random = seededRandom(42);
  const inputs: (TrackerDataInput & { timeZone: string })[] = [];
  for (let i = 0; i < TRACKERS; i++) {
    const settings = settingsFor(i);
    settings.historicData = london.previousMonths.map((month) => ({ month, budget: 3_000_000_000 }));
    inputs.push({
      settings,
      rows: randomRows(random, from, london.today, 100_000_000, dates),
      timeZone: TIME_ZONES[i % TIME_ZONES.length] as string,
    });
  }
  const rowCount = inputs.reduce((n, t) => n + t.rows.length, 0);

  const computeAll = () => {
    const calendarFor = calendarsAt(now);
    return inputs.map((t) => trackerData(t, calendarFor(t.timeZone)));
  };
  computeAll(); // warm-up
  const times: number[] = [];
  let data = computeAll();
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    data = computeAll();
    times.push(performance.now() - start);
  }

  const rows: TrackerRow[] = data.map((d, i) => ({
    id: String(i),
    name: `Tracker ${i}`,
    client: `Client ${i % 1000}`,
    channel: i % 2 ? "googleads" : "facebookads",
    currency: "GBP",
    errored: i % 50 === 0,
    data: d,
  }));
  groupByClient(rows); // warm-up
  const groupTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    groupByClient(rows);
    groupTimes.push(performance.now() - start);
  }

  const trackerMs = Math.round(median(times) * 10) / 10;
  return {
    title: "Tracker data for 10,000 trackers",
    setup:
      `${TRACKERS.toLocaleString("en-GB")} trackers x ${dates.length} daily rows (${rowCount.toLocaleString("en-GB")} rows: ` +
      "the six previous months and the current month to date), mixed budget settings (manual, daily, automated, " +
      "lifetime, weekdays only, over/under adjustments) across 4 time zones; median of " +
      `${RUNS} runs after a warm-up, in one process.`,
    rows: [
      {
        metric: "tracker data, 10,000 trackers (median)",
        value: `${trackerMs} ms`,
        target: `< ${TARGET_MS} ms`,
        met: trackerMs < TARGET_MS,
      },
      { metric: "tracker data, fastest run", value: `${Math.round(Math.min(...times) * 10) / 10} ms` },
      {
        metric: "group by client, 1,000 clients (median)",
        value: `${Math.round(median(groupTimes) * 10) / 10} ms`,
      },
    ],
    notes: [
      "Rows are generated before timing; the time covers calendar, budget resolution, the row pass and all fields.",
    ],
  };
}
