import { describe, expect, it } from "vitest";
import { aRow, flatRows } from "../testing/builders.ts";
import {
  type AutopilotCampaign,
  type AutopilotInput,
  type AutopilotSettings,
  autopilotSettingsSchema,
  DEFAULT_AUTOPILOT_SETTINGS,
  evaluateAutopilot,
  undoAction,
} from "./autopilot.ts";
import { budgetCalendar, dayNumber } from "./calendar.ts";
import { forecastTracker } from "./forecast.ts";
import type { DailyRow } from "./tracker-data.ts";

const UNIT = 1_000_000;
/** Monday 15 April 2024, 15:00 in London: April has 30 days (22 weekdays); 16 days left, today included. */
const APRIL_15 = budgetCalendar(new Date("2024-04-15T14:00:00Z"), "Europe/London");

function aCampaign(id: string, extra: Partial<AutopilotCampaign> = {}): AutopilotCampaign {
  return {
    id,
    name: `Campaign ${id}`,
    status: "enabled",
    pausedByAutopilotIn: null,
    dailyBudget: 100 * UNIT,
    recentSpend: 700 * UNIT,
    ...extra,
  };
}

function settings(patch: {
  pause?: Partial<AutopilotSettings["pauseAtBudget"]>;
  cruise?: Partial<AutopilotSettings["cruise"]>;
}): AutopilotSettings {
  return {
    ...DEFAULT_AUTOPILOT_SETTINGS,
    enabled: true,
    pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, ...patch.pause },
    cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, ...patch.cruise },
  };
}

function anInput(patch: Partial<AutopilotInput> = {}): AutopilotInput {
  return {
    settings: settings({ pause: { enabled: true } }),
    calendar: APRIL_15,
    weekdaysOnly: false,
    period: { kind: "month", budget: 3000 * UNIT },
    // Before April: history for the forecast; April 1-14 at 100/day, 50 so far today.
    rows: [...flatRows("2024-02-01", "2024-04-14", 100 * UNIT), aRow("2024-04-15", 50 * UNIT)],
    campaigns: [aCampaign("1"), aCampaign("2")],
    limits: { minDailyBudget: UNIT, budgetStep: 10_000 },
    trigger: "daily",
    ...patch,
  };
}

describe("evaluateAutopilot: off", () => {
  it("proposes nothing with the default settings (AutoPilot off), even over budget", () => {
    const actions = evaluateAutopilot(
      anInput({ settings: DEFAULT_AUTOPILOT_SETTINGS, period: { kind: "month", budget: 1000 * UNIT } }),
    );

    expect(actions).toEqual([]);
  });
});

describe("evaluateAutopilot: Pause at budget", () => {
  const withForecast = settings({ pause: { enabled: true, useForecast: true } });

  it("pauses every running campaign when under 2% of the budget is left", () => {
    // Spend so far 1,450; budget 1,470 leaves 20 = 1.36%.
    const actions = evaluateAutopilot(anInput({ period: { kind: "month", budget: 1470 * UNIT } }));

    expect(actions.map((a) => [a.campaignId, a.kind, a.before, a.after, a.rule])).toEqual([
      ["1", "pause", 1, 0, "pauseAtBudget"],
      ["2", "pause", 1, 0, "pauseAtBudget"],
    ]);
    expect(actions[0]?.figures).toMatchObject({
      budget: 1470 * UNIT,
      spend: 1450 * UNIT,
      remaining: 20 * UNIT,
      remainingSharePercent: 1.36,
      trigger: "remainingShare",
    });
  });

  it("with the forecast trigger on, pauses when the forecast runs out more than the margin before the month ends", () => {
    // Forecast: 1,400 + today 100 + 15 x 100 = 3,000, i.e. 1,550 ahead over 16 days; the 1,050 left
    // lasts 1,050 / 1,550 x 16 = 10.8 days: 5.2 days early.
    const actions = evaluateAutopilot(
      anInput({ settings: withForecast, period: { kind: "month", budget: 2500 * UNIT } }),
    );
    const shareOnly = evaluateAutopilot(anInput({ period: { kind: "month", budget: 2500 * UNIT } }));

    expect(actions).toHaveLength(2);
    expect(actions[0]?.figures).toMatchObject({
      trigger: "forecast",
      forecastEndSpend: 3000 * UNIT,
      runOutDaysEarly: 5.2,
    });
    // Off by default: the 2% share alone does not fire with 42% left.
    expect(shareOnly).toEqual([]);
  });

  it("does not pause when the forecast runs out within the margin", () => {
    // Budget 2,950: runs out half a day early, under the 1-day margin; 51% left.
    expect(
      evaluateAutopilot(anInput({ settings: withForecast, period: { kind: "month", budget: 2950 * UNIT } })),
    ).toEqual([]);
  });

  it("never pauses a campaign already paused, nor enables one a person paused", () => {
    const campaigns = [aCampaign("1"), aCampaign("2", { status: "paused", pausedByAutopilotIn: null })];

    const overBudget = evaluateAutopilot(
      anInput({ campaigns, period: { kind: "month", budget: 1000 * UNIT } }),
    );
    const onTrack = evaluateAutopilot(anInput({ campaigns, period: { kind: "month", budget: 5000 * UNIT } }));

    expect(overBudget.map((a) => [a.campaignId, a.kind])).toEqual([["1", "pause"]]);
    expect(onTrack).toEqual([]);
  });

  it("enables, in a new period, the campaigns it paused in an earlier one, never one a person paused", () => {
    const campaigns = [
      aCampaign("1", { status: "paused", pausedByAutopilotIn: "2024-03-01" }),
      aCampaign("2", { status: "paused", pausedByAutopilotIn: null }),
      aCampaign("3", { status: "paused", pausedByAutopilotIn: "2024-04-01" }),
    ];

    const actions = evaluateAutopilot(anInput({ campaigns, period: { kind: "month", budget: 5000 * UNIT } }));

    expect(actions.map((a) => [a.campaignId, a.kind, a.before, a.after])).toEqual([["1", "enable", 0, 1]]);
  });

  it("works on a lifetime flight: the flight's spend against the lifetime budget", () => {
    const period = {
      kind: "lifetime" as const,
      budget: 1500 * UNIT,
      lifetimeBudgetDates: { startDate: "2024-04-01", endDate: "2024-05-31" },
    };

    const actions = evaluateAutopilot(anInput({ settings: withForecast, period }));

    // Flight spend 1,450 of 1,500: 3.3% left, but the forecast runs out ~46 days early.
    expect(actions.map((a) => a.kind)).toEqual(["pause", "pause"]);
    expect(actions[0]?.figures).toMatchObject({ spend: 1450 * UNIT, trigger: "forecast" });
  });
});

describe("evaluateAutopilot: Cruise", () => {
  const cruiseOnly = settings({ cruise: { enabled: true } });

  it("spreads the remaining budget over the days left, split by recent spend, over each budget's use, within the +/-30% cap", () => {
    // Budget 3,200, spent 1,400 before today: 1,800 over 16 days = 112.5/day.
    // Campaign 1 has 3/4 of the recent spend (90 a day of its 100: 90% use): 84.375 / 0.9 = 93.75.
    // Campaign 2 (30 a day: its use taken at 50%): 28.125 / 0.5 = 56.25, held at the -30% floor: 70.
    const campaigns = [
      aCampaign("1", { recentSpend: 630 * UNIT }),
      aCampaign("2", { recentSpend: 210 * UNIT }),
    ];

    const actions = evaluateAutopilot(
      anInput({ settings: cruiseOnly, campaigns, period: { kind: "month", budget: 3200 * UNIT } }),
    );

    expect(actions.map((a) => [a.campaignId, a.kind, a.before, a.after])).toEqual([
      ["1", "set-daily-budget", 100 * UNIT, 93_750_000],
      ["2", "set-daily-budget", 100 * UNIT, 70 * UNIT],
    ]);
    expect(actions[0]?.figures).toMatchObject({
      remaining: 1800 * UNIT,
      countingDaysLeft: 16,
      dailyTarget: 112_500_000,
      sharePercent: 75,
      budgetUsePercent: 90,
    });
  });

  it("counts only weekdays when the tracker does (12 weekdays from Monday 15 to Tuesday 30 April)", () => {
    const actions = evaluateAutopilot(
      anInput({ settings: cruiseOnly, weekdaysOnly: true, period: { kind: "month", budget: 3200 * UNIT } }),
    );

    // 1,800 / 12 = 150/day, 75 each: within the cap of 100 -> 75.
    expect(actions.map((a) => a.after)).toEqual([75 * UNIT, 75 * UNIT]);
    expect(actions[0]?.figures).toMatchObject({ countingDaysLeft: 12, dailyTarget: 150 * UNIT });
  });

  it("keeps every change within the cap and above the platform minimum", () => {
    // 8,400 over 16 days: 525/day, 262.5 each, capped at +30% = 130.
    const up = evaluateAutopilot(
      anInput({ settings: cruiseOnly, period: { kind: "month", budget: 9800 * UNIT } }),
    );
    const floor = evaluateAutopilot(
      anInput({
        settings: cruiseOnly,
        campaigns: [aCampaign("1", { dailyBudget: 2 * UNIT })],
        // 100 left before today (6.25 a day): a cut, not yet the end-of-period guard's pause.
        period: { kind: "month", budget: 1500 * UNIT },
        limits: { minDailyBudget: 5 * UNIT, budgetStep: 10_000 },
      }),
    );

    expect(up.map((a) => a.after)).toEqual([130 * UNIT, 130 * UNIT]);
    expect(floor.map((a) => a.after)).toEqual([5 * UNIT]);
  });

  it("changes a shared budget once, takes off what campaigns without a budget spend, leaves paused ones alone", () => {
    const campaigns = [
      aCampaign("1", { budgetId: "b1", recentSpend: 350 * UNIT }),
      aCampaign("2", { budgetId: "b1", recentSpend: 350 * UNIT }),
      aCampaign("3", { dailyBudget: null, recentSpend: 70 * UNIT }),
      aCampaign("4", { status: "paused" }),
    ];

    const actions = evaluateAutopilot(
      anInput({ settings: cruiseOnly, campaigns, period: { kind: "month", budget: 2700 * UNIT } }),
    );

    // 1,300 / 16 = 81.25, less the 10 a day campaign 3 spends unsteered: 71.25, all of it to the
    // shared budget b1 (the only unit; its campaigns spent 100 a day of its 100).
    expect(actions.map((a) => [a.campaignId, a.after, a.figures.budgetId])).toEqual([
      ["1", 71_250_000, "b1"],
    ]);
    expect(actions[0]?.figures).toMatchObject({ unsteeredDaily: 10 * UNIT, budgetUsePercent: 100 });
  });

  it("after a refresh acts only beyond the band; a re-run once applied proposes nothing", () => {
    const onTarget = [
      aCampaign("1", { dailyBudget: 56_250_000 }),
      aCampaign("2", { dailyBudget: 56_250_000 }),
    ];
    const near = [aCampaign("1", { dailyBudget: 60 * UNIT }), aCampaign("2", { dailyBudget: 60 * UNIT })];
    const input = { settings: cruiseOnly, period: { kind: "month" as const, budget: 3200 * UNIT } };

    expect(evaluateAutopilot(anInput({ ...input, campaigns: onTarget }))).toEqual([]);
    expect(evaluateAutopilot(anInput({ ...input, campaigns: near, trigger: "refresh" }))).toEqual([]);
    expect(evaluateAutopilot(anInput({ ...input, campaigns: near, trigger: "daily" }))).toHaveLength(2);
  });

  it("measures the cap from the budget the day began with, so a second run that day moves it no further", () => {
    // As "keeps every change within the cap": the target wants 262.5 each; the day began at 100.
    const raisedToday = [
      aCampaign("1", { dailyBudget: 130 * UNIT, dayStartBudget: 100 * UNIT }),
      aCampaign("2", { dailyBudget: 130 * UNIT, dayStartBudget: 100 * UNIT }),
    ];

    const again = evaluateAutopilot(
      anInput({
        settings: cruiseOnly,
        campaigns: raisedToday,
        period: { kind: "month", budget: 9800 * UNIT },
      }),
    );

    expect(again).toEqual([]);
  });

  it("widens the cap on a raise in the last week, in inverse proportion to the days left; cuts keep the cap", () => {
    // Saturday 27 April: 4 days left. 1,300 spent before today: 9,800 - 1,300 = 8,500 over 4 days,
    // 1,062.5 each, a raise capped at 30% x 7 / 4 = 52.5%: 152.5. At a budget of 1,500: 25 each, cut to -30%.
    const late = budgetCalendar(new Date("2024-04-27T14:00:00Z"), "Europe/London");
    const rows = [...flatRows("2024-02-01", "2024-04-13", 100 * UNIT), aRow("2024-04-27", 50 * UNIT)];
    const input = { settings: cruiseOnly, calendar: late, rows };

    const behind = evaluateAutopilot(anInput({ ...input, period: { kind: "month", budget: 9800 * UNIT } }));
    const ahead = evaluateAutopilot(anInput({ ...input, period: { kind: "month", budget: 1500 * UNIT } }));

    expect(behind.map((a) => a.after)).toEqual([152_500_000, 152_500_000]);
    expect(ahead.map((a) => a.after)).toEqual([70 * UNIT, 70 * UNIT]);
  });

  it("gives way to Pause at budget when that fires", () => {
    const both = settings({ pause: { enabled: true }, cruise: { enabled: true } });

    const actions = evaluateAutopilot(
      anInput({ settings: both, period: { kind: "month", budget: 1400 * UNIT } }),
    );

    expect(actions.map((a) => a.kind)).toEqual(["pause", "pause"]);
  });
});

describe("evaluateAutopilot: Cruise on a swinging spend", () => {
  const cruiseOnly = settings({ cruise: { enabled: true } });
  /** Weekdays at `weekday`, weekends at `weekend`, from `from` to `to`. */
  function weekly(from: string, to: string, weekday: number, weekend: number) {
    return flatRows(from, to, 0).map((r) => {
      const w = new Date(`${r.date}T12:00:00Z`).getUTCDay();
      return aRow(r.date, w === 0 || w === 6 ? weekend : weekday);
    });
  }

  it("spreads the remaining budget by the expected spend of the days left (weekday-aware), not evenly", () => {
    // Weekdays spend 100, weekends 20: 16 days left from Monday 15 April (12 weekdays, 4 weekend days).
    // 1,800 left: a weekday's share is 100 / (12 x 100 + 4 x 20) = 1/12.8, i.e. 140.6, against 112.5 evenly.
    const rows = [
      ...weekly("2024-01-01", "2024-04-14", 100 * UNIT, 20 * UNIT),
      aRow("2024-04-15", 50 * UNIT),
    ];
    const saturday = budgetCalendar(new Date("2024-04-20T14:00:00Z"), "Europe/London");
    const satRows = [
      ...weekly("2024-01-01", "2024-04-19", 100 * UNIT, 20 * UNIT),
      aRow("2024-04-20", 5 * UNIT),
    ];
    const input = { settings: cruiseOnly, period: { kind: "month" as const, budget: 3200 * UNIT } };

    const monday = evaluateAutopilot(anInput({ ...input, rows }));
    const weekend = evaluateAutopilot(anInput({ ...input, rows: satRows, calendar: saturday }));

    const mondayTarget = Number(monday[0]?.figures.dailyTarget);
    const remaining = Number(monday[0]?.figures.remaining);
    expect(mondayTarget / (remaining / 16)).toBeGreaterThan(1.2);
    expect(mondayTarget).toBeCloseTo(remaining / 12.8, -6);
    // Saturday 20 April: 11 days left (7 weekdays, 4 weekend days); a weekend day gets 20 / 780 of it.
    const satTarget = Number(weekend[0]?.figures.dailyTarget);
    const satRemaining = Number(weekend[0]?.figures.remaining);
    expect(satTarget).toBeLessThan(satRemaining / 11 / 2);
    expect(satTarget).toBeCloseTo((satRemaining * 20) / 780, -6);
  });

  const HIGH_DAYS = [
    "2024-03-18",
    "2024-03-26",
    "2024-04-03",
    "2024-04-11",
    "2024-03-22",
    "2024-03-30",
    "2024-04-07",
  ];

  it("sets the budgets to the ceiling at which the recent days, clipped to it, average the target", () => {
    // Every 28 days swing: 21 days at 20, 7 days at 500, one of each weekday (mean 140). A target
    // of about 112.5 a day is reached by clipping the high days at L: (21 x 20 + 7 x L) / 28 = target
    // (L = 390 at 112.5: 195 each). A budget at the target itself would clip every high day to it.
    // (The forecast, from the same swing, says the month must lose what that ceiling cuts.)
    const swing = flatRows("2024-02-01", "2024-04-14", 0).map((r) =>
      aRow(r.date, dayNumber(r.date) % 4 === 0 ? 500 * UNIT : 20 * UNIT),
    );
    // The budget leaves 1,800 after April's spend before today.
    const aprilSpend = swing.filter((r) => r.date >= "2024-04-01").reduce((s, r) => s + r.spendMicros, 0);
    const campaigns = [
      aCampaign("1", { dailyBudget: 200 * UNIT, recentSpend: 350 * UNIT }),
      aCampaign("2", { dailyBudget: 200 * UNIT, recentSpend: 350 * UNIT }),
    ];

    const actions = evaluateAutopilot(
      anInput({
        settings: cruiseOnly,
        rows: [...swing, aRow("2024-04-15", 10 * UNIT)],
        campaigns,
        period: { kind: "month", budget: aprilSpend + 1800 * UNIT },
      }),
    );

    // Today's target comes from the weekday-aware spread (1,800 over 16 days: 112.5 evenly); the ceiling is the L above for it.
    const target = Number(actions[0]?.figures.dailyTarget);
    const ceiling = (28 * target - 21 * 20 * UNIT) / 7;
    expect(target).toBeGreaterThan(70 * UNIT);
    expect(target).toBeLessThan(140 * UNIT);
    expect(Number(actions[0]?.figures.ceiling)).toBeCloseTo(ceiling, -1);
    expect(actions.map((a) => [a.campaignId, a.after])).toEqual([
      ["1", Math.round(ceiling / 2 / 10_000) * 10_000],
      ["2", Math.round(ceiling / 2 / 10_000) * 10_000],
    ]);
    // Far above the target itself: the low days are not clipped, the high ones at L.
    expect(ceiling).toBeGreaterThan(3 * target);
  });

  /**
   * What budgets summing to `level` would cut over the `daysLeft` days left if the days to come
   * swing as the 28 complete days before `today` did: daysLeft / 28 x the sum of max(0, day - level).
   */
  function impliedCut(rows: readonly DailyRow[], today: string, daysLeft: number, level: number): number {
    const window = rows.filter((r) => r.date < today && dayNumber(r.date) >= dayNumber(today) - 28);
    return (daysLeft / 28) * window.reduce((s, r) => s + Math.max(0, r.spendMicros - level), 0);
  }
  /** Two campaigns with budgets of `each`, sharing the last 7 complete days' spend equally. */
  function twoCampaigns(rows: readonly DailyRow[], today: string, each: number): AutopilotCampaign[] {
    const last7 = rows
      .filter((r) => r.date < today && dayNumber(r.date) >= dayNumber(today) - 7)
      .reduce((s, r) => s + r.spendMicros, 0);
    return [
      aCampaign("1", { dailyBudget: each, recentSpend: last7 / 2 }),
      aCampaign("2", { dailyBudget: each, recentSpend: last7 / 2 }),
    ];
  }

  it("never cuts more than the forecast says the period must lose, when its first days ran far above the recent pattern", () => {
    // Weekdays 100, weekends 10, one day of each weekday at 500 in the last four weeks, and April
    // 1-3 at 900. The forecast says April lands 300 over the budget: over the 16 days left, budgets
    // may clip the days (as the last 28 came) by 300 at most, 18.75 a day.
    const rows = [
      ...weekly("2024-01-01", "2024-04-14", 100 * UNIT, 10 * UNIT).map((r) =>
        r.date >= "2024-04-01" && r.date <= "2024-04-03"
          ? aRow(r.date, 900 * UNIT)
          : HIGH_DAYS.includes(r.date)
            ? aRow(r.date, 500 * UNIT)
            : r,
      ),
      aRow("2024-04-15", 10 * UNIT),
    ];
    const forecast = forecastTracker({ rows }, APRIL_15).month;
    const budget = forecast.point - 300 * UNIT;

    const actions = evaluateAutopilot(
      anInput({
        settings: cruiseOnly,
        rows,
        campaigns: twoCampaigns(rows, "2024-04-15", 350 * UNIT),
        period: { kind: "month", budget },
      }),
    );

    const level = actions.reduce((s, a) => s + a.after, 0);
    const cut = impliedCut(rows, "2024-04-15", forecast.daysAhead, level);
    expect(forecast.daysAhead).toBe(16);
    expect(actions).toHaveLength(2);
    // It still cuts (the window's high days are clipped), by the overspend and no more (a budget step of slack).
    expect(cut).toBeGreaterThan(290 * UNIT);
    expect(cut).toBeLessThanOrEqual(300 * UNIT + 16 * 10_000);
    expect(actions[0]?.figures).toMatchObject({
      forecastEndSpend: forecast.point,
      forecastOverspend: 300 * UNIT,
    });
  });

  it("stops cutting when the forecast lands under the budget: raises toward the largest recent day, within the cap", () => {
    // 21 days at 20 and 7 at 500 (one of each weekday) every four weeks: the month lands 200 under
    // the budget, so no budget should clip a day like those that came; today's spread target (152.5)
    // alone would clip every 500 day.
    const rows = [
      ...flatRows("2024-02-01", "2024-04-14", 0).map((r) =>
        aRow(r.date, dayNumber(r.date) % 4 === 0 ? 500 * UNIT : 20 * UNIT),
      ),
      aRow("2024-04-15", 10 * UNIT),
    ];
    const forecast = forecastTracker({ rows }, APRIL_15).month;
    const period = { kind: "month" as const, budget: forecast.point + 200 * UNIT };

    const from = (each: number) =>
      evaluateAutopilot(
        anInput({ settings: cruiseOnly, rows, campaigns: twoCampaigns(rows, "2024-04-15", each), period }),
      );

    const up = from(200 * UNIT);
    const down = from(300 * UNIT);

    // From 200 each: to 250 each (the 500 day, split), within the +30% cap; from 300: down to 250.
    expect(up.map((a) => a.after)).toEqual([250 * UNIT, 250 * UNIT]);
    expect(down.map((a) => a.after)).toEqual([250 * UNIT, 250 * UNIT]);
    // No day like those that came is clipped.
    expect(
      impliedCut(
        rows,
        "2024-04-15",
        16,
        up.reduce((s, a) => s + a.after, 0),
      ),
    ).toBe(0);
    expect(up[0]?.figures).toMatchObject({ forecastOverspend: -200 * UNIT, cutFloor: 500 * UNIT });
  });

  it("end-of-period guard: on the last day the worst case, with the platform's overdelivery, lands on the budget", () => {
    // Tuesday 30 April, the last day: 1,500 budget, 1,300 spent before today, 200 left, 100 a day
    // in two budgets of 100. Worst case today: 200 (hard cap) or 400 (Google's 2x).
    const last = budgetCalendar(new Date("2024-04-30T09:00:00Z"), "Europe/London");
    const rows = [...flatRows("2024-02-01", "2024-04-29", 100 * UNIT), aRow("2024-04-30", 10 * UNIT)];
    const monthSpend = rows.filter((r) => r.date >= "2024-04-01" && r.date < "2024-04-30");
    const budget = monthSpend.reduce((s, r) => s + r.spendMicros, 0) + 150 * UNIT;
    const input = { settings: cruiseOnly, calendar: last, rows, period: { kind: "month" as const, budget } };

    const hardCap = evaluateAutopilot(anInput(input));
    const google = evaluateAutopilot(
      anInput({ ...input, limits: { minDailyBudget: UNIT, budgetStep: 10_000, dayOverdelivery: 2 } }),
    );

    // 150 left: budgets of 75 each, so that a hard cap lands on it.
    expect(hardCap.map((a) => a.after)).toEqual([75 * UNIT, 75 * UNIT]);
    // Google may spend 2x: 37.5 each, so that even 2x lands on 150 (past the -30% cap).
    expect(google.map((a) => a.after)).toEqual([37_500_000, 37_500_000]);
    expect(google[0]?.figures).toMatchObject({ dayOverdelivery: 2, remaining: 150 * UNIT });
  });

  it("pauses, even with Pause at budget off, when the budget left is under its share or under the platform minimum", () => {
    const last = budgetCalendar(new Date("2024-04-30T09:00:00Z"), "Europe/London");
    const rows = [...flatRows("2024-02-01", "2024-04-29", 100 * UNIT), aRow("2024-04-30", 10 * UNIT)];
    const before = rows.filter((r) => r.date >= "2024-04-01" && r.date < "2024-04-30");
    const spent = before.reduce((s, r) => s + r.spendMicros, 0);
    const input = { settings: cruiseOnly, calendar: last, rows };

    // 30 left today (1% of 2,930 after today's 10): under the 2% share.
    const share = evaluateAutopilot(
      anInput({ ...input, period: { kind: "month", budget: spent + 40 * UNIT } }),
    );
    // 100 left before today, but the guard's budgets (50 each) are under a minimum of 60.
    const minimum = evaluateAutopilot(
      anInput({
        ...input,
        period: { kind: "month", budget: spent + 100 * UNIT },
        limits: { minDailyBudget: 60 * UNIT, budgetStep: 10_000 },
      }),
    );

    expect(share.map((a) => [a.campaignId, a.kind, a.rule, a.figures.trigger])).toEqual([
      ["1", "pause", "cruise", "remainingShare"],
      ["2", "pause", "cruise", "remainingShare"],
    ]);
    expect(minimum.map((a) => [a.kind, a.figures.trigger])).toEqual([
      ["pause", "endOfPeriod"],
      ["pause", "endOfPeriod"],
    ]);
  });
});

describe("undoAction and the settings schema", () => {
  it("undo swaps before and after, and pause with enable", () => {
    const pause = evaluateAutopilot(anInput({ period: { kind: "month", budget: 1400 * UNIT } }))[0];
    if (!pause) throw new Error("expected a pause");

    expect(undoAction(pause)).toMatchObject({ kind: "enable", before: 0, after: 1, campaignId: "1" });
    expect(
      undoAction({ ...pause, kind: "set-daily-budget", before: 100 * UNIT, after: 70 * UNIT }),
    ).toMatchObject({ kind: "set-daily-budget", before: 70 * UNIT, after: 100 * UNIT });
  });

  it("accepts the defaults and refuses out-of-range parameters", () => {
    expect(autopilotSettingsSchema.safeParse(DEFAULT_AUTOPILOT_SETTINGS).success).toBe(true);
    const bad = {
      ...DEFAULT_AUTOPILOT_SETTINGS,
      cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, maxChangePercent: 0 },
    };
    expect(autopilotSettingsSchema.safeParse(bad).success).toBe(false);
  });
});
