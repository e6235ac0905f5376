import { demoAccount, loadSourceData, SOURCE_FILE } from "@pacer/sandbox";
import { benchSettings, simulateMonth } from "./autopilot-simulation.ts";
import type { BenchResult } from "./bench.ts";

/**
 * `npm run bench -- autopilot`: a month of the real data (the sandbox replay of marketing-feb2021)
 * with a budget 15% below the month's natural spend, four ways: no AutoPilot, Pause at budget with
 * its defaults (under 2% of the budget left), Pause with the forecast trigger on too (the forecast
 * running out more than a day early), and Cruise (defaults: +/-30% a day). AutoPilot acts every hour from 00:05
 * (the refresh worker evaluates after each refresh; the day's first run is the daily run) through the
 * sandbox's write store (`autopilot-simulation.ts`), which models Google's overdelivery. Targets (issue): Cruise within +/-2% of the
 * budget; Pause never above it by more than one day's spend; no AutoPilot overspends.
 */

const CASES = [
  { platform: "facebookads", id: "101000000000001" },
  { platform: "facebookads", id: "101000000000002" },
  { platform: "googleads", id: "4445556666" },
] as const;
const MONTHS = ["2026-02-01", "2026-03-01"];

const pct = (spend: number, budget: number) => `${((spend / budget) * 100).toFixed(1)}%`;

export default async function bench(): Promise<BenchResult> {
  const source = loadSourceData();
  const rows: BenchResult["rows"] = [];
  let cruiseMet = 0;
  let cases = 0;
  for (const c of CASES) {
    const account = demoAccount(c.platform, c.id);
    if (!account) throw new Error(`no demo account ${c.platform} ${c.id}`);
    for (const monthStart of MONTHS) {
      cases++;
      const natural = simulateMonth({ source, account, monthStart, budget: 1, settings: null });
      const budget = Math.round(natural.spend * 0.85);
      const run = (rule: Parameters<typeof benchSettings>[0]) =>
        simulateMonth({ source, account, monthStart, budget, settings: benchSettings(rule) });
      const pause = run("pause");
      const withForecast = run("pause-forecast");
      const cruise = run("cruise");
      const name = `${account.name}, ${monthStart.slice(0, 7)}`;
      const withinDay = (spend: number) => spend <= budget + natural.largestDay;
      const cruiseOk = Math.abs(cruise.spend / budget - 1) <= 0.02;
      if (cruiseOk) cruiseMet++;
      rows.push(
        {
          metric: `${name}: no AutoPilot`,
          value: pct(natural.spend, budget),
          target: "> 100%",
          met: natural.spend > budget,
        },
        {
          metric: `${name}: Pause at budget (defaults: under 2% left)`,
          value: `${pct(pause.spend, budget)} (${pause.actions.pause} paused)`,
          target: "<= budget + one day",
          met: withinDay(pause.spend),
        },
        {
          metric: `${name}: Pause at budget, forecast trigger on`,
          value: `${pct(withForecast.spend, budget)} (${withForecast.actions.pause} paused)`,
          target: "<= budget + one day",
          met: withinDay(withForecast.spend),
        },
        {
          metric: `${name}: Cruise`,
          value: `${pct(cruise.spend, budget)} (${cruise.actions["set-daily-budget"]} budget changes)`,
          target: "98-102%",
          met: cruiseOk,
        },
      );
    }
  }
  return {
    title: "AutoPilot: a month at a budget 15% under the natural spend",
    setup:
      `Source: ${SOURCE_FILE} replayed by the sandbox onto February and March 2026 (three demo accounts: ` +
      "Meta Facebook and Instagram, Google Ads YouTube; their running campaigns). Budget = 85% of the month's " +
      "replayed spend. AutoPilot in Apply mode evaluates every hour from 00:05 account time, as the refresh worker does after " +
      "each refresh (the day's first run is the daily run; today's spend so far is the replayed day times the share of the day gone); " +
      "pauses stop the replay's spend from that minute, written daily budgets cap each day's spend (Google Ads: up to 2x a day's " +
      "budget, the month under 30.4 days' worth; Meta: the budget). Values are month-end spend / budget.",
    rows,
    notes: [
      `Cruise landed within +/-2% in ${cruiseMet} of ${cases} months. Its rules (core autopilot.ts): the remaining budget spread by the expected spend of the days left (the forecast's weekday indices), budgets set at the ceiling at which the last 28 days, clipped to it, average the target (a budget at the target would clip the high days and never get it back on the low ones), never under the cut floor (the lowest ceiling whose cut of those 28 days' swing over the days left is at most the period's forecast overspend, forecast end spend - budget; when the period is forecast under budget, the largest of those days), and an end-of-period guard (when the budget left is under what the platform may spend today, overdelivery included, the budgets are set so that the worst case lands on it; Cruise pauses when the budget left is under 2% or the guard's budget is under the platform minimum).`,
      "The cut floor is what brought Instagram, February in (92.8% before it): its first three days spend 3.0-4.4x the month's daily share of the budget, the budgets cut them by 1.55M (account currency) where the whole month had to lose 1.18M, and days 4-13 spend too little to give it back (a daily budget cannot force spend); with the floor those three days are cut by 1.05M. Every month still ends on Cruise's pause (3 campaigns on Meta, 1 on YouTube, not counted in the table): the end-of-period guard's, or the one under 2% of the budget left, which stops a month anywhere between 98% and 100%. Three months stop there early: Facebook February 98.1% (100.0% before the floor; paused at 00:05 on its last day, under 2% left), Instagram February 98.2%, Facebook March 99.1%; the margin to the target's 98% is thin in two of them.",
      "Pause at budget (defaults: under 2% of the budget left), checked at every hourly refresh, pauses within the hour the share is crossed and lands just under the budget. With the forecast trigger on (off by default for this reason) it pauses in the first days whenever the forecast, from the uncapped history, runs out of budget more than a day early, and stays paused until the next month: it never overspends but leaves most of the budget unspent.",
      "One simulated hour at a time through the sandbox's replay and write store (no HTTP), so the figures are those the sandbox would serve.",
    ],
  };
}
