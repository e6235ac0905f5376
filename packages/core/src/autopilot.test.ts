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
import { budgetCalendar } from "./calendar.ts";

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
        period: { kind: "month", budget: 1400 * UNIT },
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
