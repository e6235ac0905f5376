import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instantArb, numericLeaves, rowsNear, settingsNear, TIME_ZONES } from "../testing/arbitraries.ts";
import { aRow, aTracker, flatRows } from "../testing/builders.ts";
import { budgetCalendar } from "./calendar.ts";
import type { DailyRow, TrackerData } from "./tracker-data.ts";
import { calendarsAt, computeTrackerData, trackerData } from "./tracker-data.ts";

const GBP = 1_000_000;
const LONDON = "Europe/London";

/**
 * The reference month: 15 March 2024, 12:00 in London (31 days; days gone 16, days left 17, 16 days
 * after today). Budget 3,100/month = 100/day. Spend 100 a day on 1-14 March, 40 today: 1,440.
 * Each March day: 2,000 impressions, 50 clicks, 2 conversions, 300 revenue.
 * February: 29 days x 110 = 3,190 spend against a 3,000 budget.
 */
function referenceRows(): DailyRow[] {
  const march = flatRows("2024-03-01", "2024-03-15", 100 * GBP).map((r) => ({
    ...r,
    spendMicros: r.date === "2024-03-15" ? 40 * GBP : r.spendMicros,
    impressions: 2000,
    clicks: 50,
    conversions: 2,
    revenueMicros: 300 * GBP,
  }));
  return [...flatRows("2024-02-01", "2024-02-29", 110 * GBP), ...march];
}

const referenceSettings = aTracker({ historicData: [{ month: "2024-02-01", budget: 3000 * GBP }] });
const reference = computeTrackerData({
  settings: referenceSettings,
  rows: referenceRows(),
  now: new Date("2024-03-15T12:00:00Z"),
  timeZone: LONDON,
});

describe("tracker data formulas (trackers.md 'Metric formulas'), reference month 15 March 2024", () => {
  it.each<[string, keyof TrackerData, number | boolean]>([
    ["actual spend: first of month to today", "actualSpend", 1440 * GBP],
    [
      "percentageThroughBudget = actual spend / monthly budget",
      "percentageThroughBudget",
      (1440 / 3100) * 100,
    ],
    ["budget pro-rated through tomorrow = daily budget x days gone (16)", "proRatedBudget", 1600 * GBP],
    [
      "adjustedPercentageThroughBudget = actual spend / budget pro-rated through tomorrow",
      "adjustedPercentageThroughBudget",
      90,
    ],
    ["percentageThroughMonth = days gone / days in month", "percentageThroughMonth", (16 / 31) * 100],
    ["spendRemaining = max(0, budget - spend)", "spendRemaining", 1660 * GBP],
    ["todaySpend", "todaySpend", 40 * GBP],
    ["yesterdaySpend", "yesterdaySpend", 100 * GBP],
    ["todaySpendRemaining = daily budget minus today's spend", "todaySpendRemaining", 60 * GBP],
    ["requiredDailySpend = spend remaining / days left from today (17)", "requiredDailySpend", 97_647_059],
    [
      "endOfMonthEstSpend = actual spend + daily budget x remaining days (16)",
      "endOfMonthEstSpend",
      3040 * GBP,
    ],
    ["actualClicks", "actualClicks", 750],
    ["actualImpressions", "actualImpressions", 30_000],
    ["actualConversions", "actualConversions", 30],
    ["actualRevenue", "actualRevenue", 4500 * GBP],
    ["cpc = spend / clicks", "cpc", 1_920_000],
    ["ctr = clicks / impressions x 100", "ctr", 2.5],
    ["cvr = conversions / clicks x 100", "cvr", 4],
    ["roas = revenue / spend", "roas", 3.125],
    ["costPerConversion = spend / conversions", "costPerConversion", 48 * GBP],
    [
      "endOfMonthEstConversions = actual + average daily conversions x remaining days",
      "endOfMonthEstConversions",
      62,
    ],
    ["lastMonthSpend", "lastMonthSpend", 3190 * GBP],
    ["last month budget is the sixth historicData entry's budget", "lastMonthBudget", 3000 * GBP],
    [
      "lastMonthOverUnderSpend = last month spend minus last month budget",
      "lastMonthOverUnderSpend",
      190 * GBP,
    ],
    ["lastMonthOverUnderSpendPositive", "lastMonthOverUnderSpendPositive", true],
    ["budget", "budget", 3100 * GBP],
    ["dailyBudget", "dailyBudget", 100 * GBP],
    ["daysGone", "daysGone", 16],
    ["daysInMonth", "daysInMonth", 31],
  ])("%s", (_rule, field, expected) => {
    if (typeof expected === "number" && !Number.isInteger(expected)) {
      expect(reference[field]).toBeCloseTo(expected, 10);
    } else {
      expect(reference[field]).toBe(expected);
    }
  });

  it("keeps money fields in integer micros", () => {
    for (const field of [
      "actualSpend",
      "spendRemaining",
      "requiredDailySpend",
      "endOfMonthEstSpend",
      "cpc",
      "costPerConversion",
      "dailyBudget",
    ] as const) {
      expect(Number.isSafeInteger(reference[field])).toBe(true);
    }
  });

  it("shows last month's over/under spend as the Advanced Settings figure when no adjustment is on", () => {
    expect(reference.previousOverUnderSpend).toBe(190 * GBP);
    expect(reference.budgetAdjustment).toBeNull();
  });

  it("applies a last-month adjustment to every budget figure (trackers.md section 2, row state 6)", () => {
    const adjusted = computeTrackerData({
      settings: aTracker({
        lastMonthOverUnderSpendIncludedInBudgetCalc: true,
        historicData: [{ month: "2024-02-01", budget: 3000 * GBP }],
      }),
      rows: referenceRows(),
      now: new Date("2024-03-15T12:00:00Z"),
      timeZone: LONDON,
    });
    // 3,100 - 190 overspent = 2,910; daily 2,910 / 31 = 93.870968 -> 93,870,968 micros.
    expect(adjusted.budgetAdjustment).toEqual({ kind: "lastMonth", overUnderSpend: 190 * GBP });
    expect(adjusted.budget).toBe(2910 * GBP);
    expect(adjusted.dailyBudget).toBe(93_870_968);
    expect(adjusted.baseBudget).toBe(3100 * GBP);
    expect(adjusted.spendRemaining).toBe(1470 * GBP);
    expect(adjusted.endOfMonthEstSpend).toBe(1440 * GBP + 93_870_968 * 16);
    expect(adjusted.todaySpendRemaining).toBe(93_870_968 - 40 * GBP);
  });
});

describe("a tracker with spend history but no recorded budgets (the demo trackers: months before it existed)", () => {
  // Six months of daily rows (about 100 a day), no historic data stored.
  const rows = [...flatRows("2023-09-01", "2024-02-29", 100 * GBP), ...referenceRows().slice(29)];
  const at = (settings: ReturnType<typeof aTracker>) =>
    computeTrackerData({ settings, rows, now: new Date("2024-03-15T12:00:00Z"), timeZone: LONDON });

  it("has no last month budget and no last month over/under spend (not 0 and the whole spend)", () => {
    const data = at(aTracker());
    expect(data.lastMonthSpend).toBe(2900 * GBP);
    expect(data.lastMonthBudget).toBeNull();
    expect(data.lastMonthOverUnderSpend).toBeNull();
    expect(data.lastMonthOverUnderSpendPositive).toBe(false);
    expect(data.previousOverUnderSpend).toBe(0);
    expect(data.historicData.every((h) => h.budget === null)).toBe(true);
  });

  it.each([
    ["last month", { lastMonthOverUnderSpendIncludedInBudgetCalc: true }],
    ["last six months", { lastSixMonthsOverUnderSpendIncludedInBudgetCalc: true }],
  ])("including %s keeps this month's budget and pacing (no Budget 0, no 0.00%%)", (_name, option) => {
    const data = at(aTracker(option));
    expect(data.budgetAdjustment).toBeNull();
    expect(data.budget).toBe(3100 * GBP);
    expect(data.dailyBudget).toBe(100 * GBP);
    expect(data.percentageThroughBudget).toBeCloseTo((1440 / 3100) * 100, 10);
    expect(data.spendRemaining).toBe(1660 * GBP);
  });
});

describe("edge cases", () => {
  const compute = (iso: string, timeZone: string, rows: DailyRow[], settings = aTracker()) =>
    computeTrackerData({ settings, rows, now: new Date(iso), timeZone });

  it("first day of the month: yesterday is last month, days gone 2", () => {
    const d = compute("2024-05-01T09:00:00Z", LONDON, [
      aRow("2024-04-30", 80 * GBP),
      aRow("2024-05-01", 30 * GBP),
    ]);
    expect(d).toMatchObject({
      actualSpend: 30 * GBP,
      todaySpend: 30 * GBP,
      yesterdaySpend: 80 * GBP,
      lastMonthSpend: 80 * GBP,
      daysGone: 2,
      endOfMonthEstSpend: 30 * GBP + 100 * GBP * 30,
      requiredDailySpend: Math.round((3070 * GBP) / 31),
    });
    expect(d.adjustedPercentageThroughBudget).toBeCloseTo(15, 10);
  });

  it("last day of the month: everything is gone, nothing remains after today", () => {
    const d = compute(
      "2024-04-30T20:00:00Z",
      LONDON,
      flatRows("2024-04-01", "2024-04-30", 100 * GBP),
      aTracker({ manualBudgetValue: 3000 * GBP }),
    );
    expect(d).toMatchObject({
      actualSpend: 3000 * GBP,
      percentageThroughBudget: 100,
      adjustedPercentageThroughBudget: 100,
      percentageThroughMonth: 100,
      spendRemaining: 0,
      requiredDailySpend: 0,
      endOfMonthEstSpend: 3000 * GBP,
    });
  });

  it("29 February: a 29-day month", () => {
    const d = compute(
      "2024-02-29T12:00:00Z",
      LONDON,
      flatRows("2024-02-01", "2024-02-29", 100 * GBP),
      aTracker({ manualBudgetValue: 2900 * GBP }),
    );
    expect(d).toMatchObject({
      daysInMonth: 29,
      dailyBudget: 100 * GBP,
      percentageThroughBudget: 100,
      endOfMonthEstSpend: 2900 * GBP,
    });
  });

  it("DST change day in Europe/London: 23:30 UTC on 31 March is 1 April, so March rows are last month", () => {
    const rows = [aRow("2024-03-31", 70 * GBP), aRow("2024-04-01", 5 * GBP)];
    const d = compute("2024-03-31T23:30:00Z", LONDON, rows, aTracker({ manualBudgetValue: 3000 * GBP }));
    expect(d).toMatchObject({
      actualSpend: 5 * GBP,
      todaySpend: 5 * GBP,
      yesterdaySpend: 70 * GBP,
      lastMonthSpend: 70 * GBP,
    });
    expect(d.daysInMonth).toBe(30);
    // The same instant half an hour earlier is still 31 March (00:30 GMT, before the change).
    const before = compute("2024-03-31T00:30:00Z", LONDON, rows);
    expect(before).toMatchObject({ actualSpend: 70 * GBP, todaySpend: 70 * GBP, daysInMonth: 31 });
  });

  it("DST change days in America/New_York: the local date decides the month and today", () => {
    const rows = [aRow("2024-11-02", 11 * GBP), aRow("2024-11-03", 22 * GBP)];
    expect(compute("2024-11-03T04:30:00Z", "America/New_York", rows)).toMatchObject({
      todaySpend: 22 * GBP,
      yesterdaySpend: 11 * GBP,
      actualSpend: 33 * GBP,
    });
    expect(compute("2024-11-03T03:30:00Z", "America/New_York", rows)).toMatchObject({
      todaySpend: 11 * GBP,
      actualSpend: 11 * GBP,
    });
    const spring = [aRow("2024-03-09", 9 * GBP), aRow("2024-03-10", 10 * GBP)];
    expect(compute("2024-03-10T04:30:00Z", "America/New_York", spring)).toMatchObject({
      todaySpend: 9 * GBP,
    });
    expect(compute("2024-03-11T03:30:00Z", "America/New_York", spring)).toMatchObject({
      todaySpend: 10 * GBP,
    });
  });

  it("a time zone ahead of UTC at 23:30 UTC is already tomorrow, here a new month", () => {
    const rows = [...flatRows("2024-01-01", "2024-01-31", 50 * GBP), aRow("2024-02-01", 7 * GBP)];
    const d = compute(
      "2024-01-31T23:30:00Z",
      "Europe/Berlin",
      rows,
      aTracker({ manualBudgetValue: 2900 * GBP }),
    );
    expect(d).toMatchObject({
      actualSpend: 7 * GBP,
      todaySpend: 7 * GBP,
      yesterdaySpend: 50 * GBP,
      lastMonthSpend: 1550 * GBP,
      daysInMonth: 29,
      daysGone: 2,
    });
    // The same instant in London is still 31 January.
    expect(compute("2024-01-31T23:30:00Z", LONDON, rows)).toMatchObject({
      actualSpend: 1550 * GBP,
      todaySpend: 50 * GBP,
    });
  });

  it.each([
    ["a zero budget", aTracker({ manualBudgetValue: 0 }), "manual"],
    ["a missing budget", aTracker({ manualBudgetValue: null }), "none"],
    ["an automated tracker with no platform budget", aTracker({ automatedBudget: true }), "none"],
  ])("%s: percentages 0, nothing remaining, estimate = spend", (_name, settings, source) => {
    const d = compute("2024-03-15T12:00:00Z", LONDON, referenceRows(), settings);
    expect(d).toMatchObject({
      budgetSource: source,
      budget: 0,
      dailyBudget: 0,
      percentageThroughBudget: 0,
      adjustedPercentageThroughBudget: 0,
      spendRemaining: 0,
      requiredDailySpend: 0,
      todaySpendRemaining: -40 * GBP,
      endOfMonthEstSpend: 1440 * GBP,
    });
  });

  it("a month with no spend rows: zeros, full budget remaining, no NaN", () => {
    const d = compute("2024-03-15T12:00:00Z", LONDON, flatRows("2024-02-01", "2024-02-29", 110 * GBP));
    expect(d).toMatchObject({
      actualSpend: 0,
      todaySpend: 0,
      yesterdaySpend: 0,
      actualClicks: 0,
      cpc: 0,
      ctr: 0,
      cvr: 0,
      roas: 0,
      costPerConversion: 0,
      endOfMonthEstConversions: 0,
      percentageThroughBudget: 0,
      spendRemaining: 3100 * GBP,
      requiredDailySpend: Math.round((3100 * GBP) / 17),
      endOfMonthEstSpend: 1600 * GBP,
      lastMonthSpend: 3190 * GBP,
    });
    expect(compute("2024-03-15T12:00:00Z", LONDON, []).actualSpend).toBe(0);
  });

  it("a lifetime range with no end runs to this month's end for the pro-rata", () => {
    const settings = aTracker({
      useLifetimeBudgetAsPrimary: true,
      lifetimeBudget: 10_000 * GBP,
      lifetimeBudgetDates: { startDate: "2024-02-01", endDate: null },
    });
    const rows = [...flatRows("2024-01-25", "2024-03-14", 100 * GBP), aRow("2024-03-15", 40 * GBP)];
    const d = compute("2024-03-15T12:00:00Z", LONDON, rows, settings);
    // Spend from 1 February: 29 x 100 + 14 x 100 + 40 = 4,340. Range 1 Feb - 31 Mar = 60 days, 45 gone.
    expect(d.primary).toBe("lifetime");
    expect(d.lifetimeSpend).toBe(4340 * GBP);
    expect(d.percentageThroughLifetimeBudget).toBeCloseTo(43.4, 10);
    expect(d.proRatedLifetimeBudget).toBe(7500 * GBP);
    expect(d.adjustedPercentageThroughLifetimeBudget).toBeCloseTo((4340 / 7500) * 100, 10);
  });

  it("an automated tracker's lifetime (flight) platform budget sets the lifetime budget and the range spend counts in", () => {
    const settings = aTracker({
      automatedBudget: true,
      useLifetimeBudgetAsPrimary: true,
      lifetimeBudget: 1 * GBP,
      lifetimeBudgetDates: { startDate: "2024-01-01", endDate: null },
      platformBudget: {
        amount: 6000 * GBP,
        period: "lifetime",
        startDate: "2024-03-01",
        endDate: "2024-04-29",
      },
    });
    const d = compute(
      "2024-03-15T12:00:00Z",
      LONDON,
      flatRows("2024-02-01", "2024-03-15", 10 * GBP),
      settings,
    );
    // Flight 1 March - 29 April = 60 days, 16 gone as the pro-rata counts them (the lifetime test
    // above: 45 gone on 15 March from 1 February); spend 15 x 10 from 1 March.
    expect(d.lifetimeBudget).toBe(6000 * GBP);
    expect(d.lifetimeSpend).toBe(150 * GBP);
    expect(d.proRatedLifetimeBudget).toBe(1600 * GBP);
    expect(d.percentageThroughLifetimeBudget).toBeCloseTo(2.5, 10);
  });

  it("a lifetime range counts spend only between its dates", () => {
    const settings = aTracker({
      lifetimeBudget: 1000 * GBP,
      lifetimeBudgetDates: { startDate: "2024-02-10", endDate: "2024-02-19" },
    });
    const d = compute(
      "2024-03-15T12:00:00Z",
      LONDON,
      flatRows("2024-02-01", "2024-03-15", 10 * GBP),
      settings,
    );
    expect(d.lifetimeSpend).toBe(100 * GBP);
    expect(d.percentageThroughLifetimeBudget).toBe(10);
    expect(d.adjustedPercentageThroughLifetimeBudget).toBe(10); // the range is over: pro-rata = whole budget
  });

  it("weekdaysOnly paces on Monday to Friday (June 2024: 20 weekdays, 10 gone on Friday 14th)", () => {
    const d = compute(
      "2024-06-14T12:00:00Z",
      LONDON,
      flatRows("2024-06-01", "2024-06-14", 50 * GBP),
      aTracker({ manualBudgetValue: 2000 * GBP, weekdaysOnly: true }),
    );
    expect(d).toMatchObject({
      dailyBudget: 100 * GBP,
      daysGone: 10,
      daysInMonth: 20,
      proRatedBudget: 1000 * GBP,
      actualSpend: 700 * GBP, // weekend spend still counts as spend
      adjustedPercentageThroughBudget: 70,
      percentageThroughMonth: 50,
      requiredDailySpend: Math.round((1300 * GBP) / 11),
      endOfMonthEstSpend: 700 * GBP + 100 * GBP * 10,
    });
  });

  it("ignores rows after today and adds up two rows on one day", () => {
    const rows = [aRow("2024-03-15", 10 * GBP), aRow("2024-03-15", 5 * GBP), aRow("2024-03-16", 999 * GBP)];
    const d = compute("2024-03-15T12:00:00Z", LONDON, rows);
    expect(d.todaySpend).toBe(15 * GBP);
    expect(d.actualSpend).toBe(15 * GBP);
  });

  it("throws RangeError on a bad row date, fractional micros and non-finite counts", () => {
    const now = "2024-03-15T12:00:00Z";
    expect(() => compute(now, LONDON, [aRow("2024-3-15", 1)])).toThrow(RangeError);
    expect(() => compute(now, LONDON, [aRow("2024-13-15", 1)])).toThrow(RangeError);
    expect(() => compute(now, LONDON, [aRow("15/03/2024", 1)])).toThrow(RangeError);
    expect(() => compute(now, LONDON, [aRow("2024-03-15", 1.5)])).toThrow(RangeError);
    expect(() => compute(now, LONDON, [aRow("2024-03-15", 1, { clicks: Number.NaN })])).toThrow(RangeError);
  });

  it("shares one calendar per time zone across trackers (calendarsAt)", () => {
    const calendarFor = calendarsAt(new Date("2024-03-15T12:00:00Z"));
    expect(calendarFor(LONDON)).toBe(calendarFor(LONDON));
    expect(calendarFor("Asia/Tokyo").today).toBe("2024-03-15");
    expect(trackerData({ settings: referenceSettings, rows: referenceRows() }, calendarFor(LONDON))).toEqual(
      reference,
    );
  });
});

describe("properties (issue 3: invariants)", { timeout: 30_000 }, () => {
  const scenario = instantArb.chain((now) =>
    fc.constantFrom(...TIME_ZONES).chain((timeZone) => {
      const today = budgetCalendar(now, timeZone).today;
      return fc.record({
        now: fc.constant(now),
        timeZone: fc.constant(timeZone),
        settings: settingsNear(today),
        rows: rowsNear(today),
      });
    }),
  );

  it("spendRemaining >= 0, and no NaN or Infinity leaves the engine", () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const d = computeTrackerData(input);
        expect(d.spendRemaining).toBeGreaterThanOrEqual(0);
        for (const [path, value] of numericLeaves(d)) {
          if (!Number.isFinite(value)) throw new Error(`${path} is ${value}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("sums in micros are exact: actual, today, yesterday and lifetime spend equal BigInt sums of the rows", () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const d = computeTrackerData(input);
        const cal = budgetCalendar(input.now, input.timeZone);
        const sum = (keep: (date: string) => boolean) =>
          input.rows.filter((r) => keep(r.date)).reduce((s, r) => s + BigInt(r.spendMicros), 0n);
        expect(BigInt(d.actualSpend)).toBe(sum((date) => date >= cal.monthStart && date <= cal.today));
        expect(BigInt(d.todaySpend)).toBe(sum((date) => date === cal.today));
        expect(BigInt(d.yesterdaySpend)).toBe(sum((date) => date === cal.yesterday));
        const range = input.settings.lifetimeBudgetDates;
        const lifetime = range
          ? sum(
              (date) =>
                date >= range.startDate &&
                date <= cal.today &&
                (range.endDate === null || date <= range.endDate),
            )
          : 0n;
        expect(BigInt(d.lifetimeSpend)).toBe(lifetime);
      }),
      { numRuns: 300 },
    );
  });
});
