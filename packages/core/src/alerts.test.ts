import { describe, expect, it } from "vitest";
import { aTracker, aTrackerRow, monthToDateRows } from "../testing/builders.ts";
import { aggregateTrackers } from "./aggregate.ts";
import type { AlertData } from "./alerts.ts";
import {
  ALERT_METRICS,
  alertFormSchema,
  alertMetricValue,
  alertSchedule,
  alertTransition,
  alertValueSuffix,
  alertValueUnit,
  canTargetAll,
  defaultAlertForm,
  evaluateAlert,
  isSnoozed,
  nextSpendProgress,
  type SpendProgress,
  snoozeEnd,
  stalledHours,
} from "./alerts.ts";

const GBP = 1_000_000;
// Budget 3,100, spend 1,440 (46.45% through budget, 90% adjusted), CTR 2.5%.
const row = aTrackerRow();

const rule = (data: Partial<AlertData>): AlertData => ({
  metric: "actualSpend",
  metricName: "Actual Spend",
  operator: "isGreaterThan",
  valueSet: "manual",
  value: 0,
  valueBudget: "budget",
  ...data,
});

describe("evaluateAlert (pods-budgets-alerts-users-connections.md section 2.10)", () => {
  it.each<[string, Partial<AlertData>, string]>([
    ["spend greater than 1,000 fires", { value: 1000 * GBP }, "fired"],
    ["spend greater than 1,440 does not fire (strictly greater)", { value: 1440 * GBP }, "notFired"],
    ["spend less than 2,000 fires", { operator: "isLessThan", value: 2000 * GBP }, "fired"],
    [
      "spend less than 1,440 does not fire (strictly less)",
      { operator: "isLessThan", value: 1440 * GBP },
      "notFired",
    ],
    [
      "a percent metric compares percents",
      { metric: "adjustedPercentageThroughBudget", metricName: "% Adj. Through Budget", value: 85 },
      "fired",
    ],
    ["CTR is a percent", { metric: "ctr", metricName: "CTR", operator: "isLessThan", value: 3 }, "fired"],
    [
      "spend greater than the budget field does not fire",
      { valueSet: "budget", valueBudget: "budget" },
      "notFired",
    ],
    [
      "spend greater than the daily budget fires",
      { valueSet: "budget", valueBudget: "dailyBudget" },
      "fired",
    ],
  ])("%s", (_rule, data, kind) => {
    expect(evaluateAlert(rule(data), row).kind).toBe(kind);
  });

  it("reports the compared values", () => {
    expect(evaluateAlert(rule({ valueSet: "budget", valueBudget: "dailyBudget", value: 999 }), row)).toEqual({
      kind: "fired",
      actual: 1440 * GBP,
      threshold: 100 * GBP,
    });
  });

  it("never fires on N/A: errored trackers, lifetime vs monthly budget fields", () => {
    expect(evaluateAlert(rule({}), { ...row, errored: true })).toEqual({ kind: "na", reason: "errored" });
    const lifetime = aTrackerRow({
      settings: aTracker({
        useLifetimeBudgetAsPrimary: true,
        lifetimeBudget: 100 * GBP,
        lifetimeBudgetDates: { startDate: "2024-03-01", endDate: null },
      }),
    });
    expect(evaluateAlert(rule({ valueSet: "budget", valueBudget: "budget" }), lifetime)).toEqual({
      kind: "na",
      reason: "lifetimePrimary",
    });
    expect(evaluateAlert(rule({ valueSet: "budget", valueBudget: "lifetimeBudget" }), lifetime).kind).toBe(
      "fired",
    );
  });

  it("evaluates client and pod rows too", () => {
    expect(evaluateAlert(rule({ value: 2000 * GBP }), aggregateTrackers([row, row])).kind).toBe("fired");
  });

  it("knows each metric's unit and shows % when the metric name has one", () => {
    expect(alertValueUnit("actualSpend")).toBe("micros");
    expect(alertValueUnit("cpc")).toBe("micros");
    expect(alertValueUnit("percentageThroughBudget")).toBe("percent");
    expect(alertValueUnit("actualClicks")).toBe("number");
    expect(alertValueUnit("roas")).toBe("number");
    expect(alertValueSuffix("% Through Budget")).toBe("%");
    expect(alertValueSuffix("Actual Spend")).toBe("");
    expect(ALERT_METRICS.find((m) => m.id === "actualSpend")?.name).toBe("Actual Spend");
  });
});

describe("alertSchedule: fire-when (pods-budgets-alerts-users-connections.md sections 2.10 and 9)", () => {
  it.each<[string, "everyday" | "weekly" | "monthly", number | null, string, string, boolean, string]>([
    [
      "everyday is due every day",
      "everyday",
      null,
      "2024-03-16T10:00:00Z",
      "Europe/London",
      true,
      "day:2024-03-16",
    ],
    [
      "weekly on Monday, on a Monday",
      "weekly",
      1,
      "2024-03-18T10:00:00Z",
      "Europe/London",
      true,
      "week:2024-03-18",
    ],
    [
      "weekly on Monday, on the Tuesday",
      "weekly",
      1,
      "2024-03-19T10:00:00Z",
      "Europe/London",
      false,
      "week:2024-03-18",
    ],
    [
      "weekly on Friday, Sunday belongs to the same week",
      "weekly",
      5,
      "2024-03-24T10:00:00Z",
      "Europe/London",
      false,
      "week:2024-03-18",
    ],
    [
      "weekly in the account's time zone: Sunday 23:30 UTC is Monday in Tokyo",
      "weekly",
      1,
      "2024-03-17T23:30:00Z",
      "Asia/Tokyo",
      true,
      "week:2024-03-18",
    ],
    ["monthly on the 15th", "monthly", 15, "2024-03-15T10:00:00Z", "Europe/London", true, "month:2024-03"],
    [
      "monthly on the 15th, on the 16th",
      "monthly",
      15,
      "2024-03-16T10:00:00Z",
      "Europe/London",
      false,
      "month:2024-03",
    ],
    [
      "monthly on the 31st fires on 29 February",
      "monthly",
      31,
      "2024-02-29T10:00:00Z",
      "Europe/London",
      true,
      "month:2024-02",
    ],
    [
      "monthly on the 31st, not on 28 February of a leap year",
      "monthly",
      31,
      "2024-02-28T10:00:00Z",
      "Europe/London",
      false,
      "month:2024-02",
    ],
    [
      "monthly on the 30th fires on 30 April",
      "monthly",
      30,
      "2024-04-30T10:00:00Z",
      "Europe/London",
      true,
      "month:2024-04",
    ],
    [
      "monthly default is the 1st",
      "monthly",
      null,
      "2024-04-01T10:00:00Z",
      "Europe/London",
      true,
      "month:2024-04",
    ],
  ])("%s", (_rule, fireWhen, fireOn, instant, zone, due, periodKey) => {
    expect(alertSchedule(fireWhen, fireOn, new Date(instant), zone)).toEqual({ due, periodKey });
  });

  it("throws RangeError for fireOn out of range", () => {
    expect(() => alertSchedule("weekly", 6, new Date(), "UTC")).toThrow(RangeError);
    expect(() => alertSchedule("monthly", 32, new Date(), "UTC")).toThrow(RangeError);
    expect(() => alertSchedule("monthly", 0, new Date(), "UTC")).toThrow(RangeError);
  });
});

describe("the alert form", () => {
  it("has the spec's defaults: actualSpend, greater than, 0, budget, everyday", () => {
    const form = defaultAlertForm();
    expect(form.data).toMatchObject({
      metric: "actualSpend",
      metricName: "Actual Spend",
      operator: "isGreaterThan",
      value: 0,
      valueBudget: "budget",
    });
    expect(form.fireWhen).toBe("everyday");
    expect(alertFormSchema.safeParse({ ...form, name: "Spend watch" }).success).toBe(true);
  });

  it.each<[string, (f: ReturnType<typeof defaultAlertForm>) => unknown, string]>([
    ["name is required", (f) => ({ ...f, name: " " }), "name"],
    ["weekly fireOn 1..5", (f) => ({ ...f, name: "x", fireWhen: "weekly", fireOn: 6 }), "fireOn"],
    ["monthly fireOn 1..31", (f) => ({ ...f, name: "x", fireWhen: "monthly", fireOn: 32 }), "fireOn"],
    [
      "a budget threshold needs a money metric",
      (f) => ({ ...f, name: "x", data: { ...f.data, metric: "ctr", valueSet: "budget" } }),
      "data.valueBudget",
    ],
    ["the value is numeric", (f) => ({ ...f, name: "x", data: { ...f.data, value: "10" } }), "data.value"],
    [
      "chosen targets need at least one",
      (f) => ({ ...f, name: "x", target: { all: false, ids: [] } }),
      "target.ids",
    ],
  ])("rejects: %s", (_rule, change, path) => {
    const result = alertFormSchema.safeParse(change(defaultAlertForm()));
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual([path]);
  });

  it("does not let Viewers target all trackers", () => {
    expect(canTargetAll("Viewer", "tracker")).toBe(false);
    expect(canTargetAll("Viewer", "client")).toBe(true);
    expect(canTargetAll("Manager", "tracker")).toBe(true);
  });
});

describe("snoozeEnd and isSnoozed", () => {
  const now = new Date("2026-11-26T15:00:00Z");

  it("ends a day or a week later, to the millisecond", () => {
    expect(snoozeEnd("day", now, "UTC").toISOString()).toBe("2026-11-27T15:00:00.000Z");
    expect(snoozeEnd("week", now, "UTC").toISOString()).toBe("2026-12-03T15:00:00.000Z");
  });

  it("ends at midnight starting the next month in the account's time zone", () => {
    expect(snoozeEnd("monthEnd", now, "Europe/London").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(snoozeEnd("monthEnd", now, "America/New_York").toISOString()).toBe("2026-12-01T05:00:00.000Z");
    // 23:30Z on 31 December is already January in Tokyo: the snooze runs to 1 February there.
    expect(snoozeEnd("monthEnd", new Date("2026-12-31T23:30:00Z"), "Asia/Tokyo").toISOString()).toBe(
      "2027-01-31T15:00:00.000Z",
    );
  });

  it("counts a snooze as active only before its end", () => {
    expect(isSnoozed("2026-11-26T15:00:01.000Z", now)).toBe(true);
    expect(isSnoozed("2026-11-26T15:00:00.000Z", now)).toBe(false);
    expect(isSnoozed(undefined, now)).toBe(false);
  });
});

describe("alertTransition: fire on crossing, quiet while it holds, resolve when it clears", () => {
  const fired = { kind: "fired", actual: 2, threshold: 1 } as const;
  const notFired = { kind: "notFired", actual: 0, threshold: 1 } as const;
  const na = { kind: "na", reason: "noBudget" } as const;

  it.each([
    [false, fired, "fire"],
    [true, fired, "quiet"],
    [true, notFired, "resolve"],
    [false, notFired, "quiet"],
    [true, na, "quiet"],
    [false, na, "quiet"],
  ] as const)("was firing %s, now %o: %s", (was, now, expected) => {
    expect(alertTransition(was, now)).toBe(expected);
  });
});

describe("the pace metric: % Through Budget / % Through Month", () => {
  const pace = rule({ metric: "pace", metricName: "% Pace", value: 110 });

  it("divides % Through Budget by % Through Month, as a percent", () => {
    const through = row.data.percentageThroughBudget as number;
    const month = row.data.percentageThroughMonth as number;
    const result = alertMetricValue(row, "pace");
    expect(result).toEqual({ kind: "value", value: (through / month) * 100 });
  });

  it("fires above 110% for a tracker running ahead and not for one on pace, whatever the day", () => {
    const ahead = { ...row, data: { ...row.data, percentageThroughBudget: 60, percentageThroughMonth: 50 } };
    const onPace = { ...row, data: { ...row.data, percentageThroughBudget: 95, percentageThroughMonth: 95 } };
    expect(evaluateAlert(pace, ahead)).toEqual({ kind: "fired", actual: 120, threshold: 110 });
    // Late in the month a '% Through Budget > 90' rule would fire here; pace does not.
    expect(evaluateAlert(pace, onPace).kind).toBe("notFired");
    expect(evaluateAlert({ ...pace, operator: "isLessThan", value: 90 }, onPace).kind).toBe("notFired");
  });

  it("is N/A where either figure is, and has no value before the month starts to pass", () => {
    expect(evaluateAlert(pace, { ...row, errored: true })).toEqual({ kind: "na", reason: "errored" });
    const start = { ...row, data: { ...row.data, percentageThroughMonth: 0 } };
    expect(evaluateAlert(pace, start)).toEqual({ kind: "na", reason: "noBudget" });
  });

  it("is a percent metric in the form, listed with its explanation, and cannot take a budget threshold", () => {
    expect(alertValueUnit("pace")).toBe("percent");
    expect(ALERT_METRICS.find((m) => m.id === "pace")).toMatchObject({
      name: "% Pace",
      formula: "% Through Budget / % Through Month x 100",
    });
    expect(ALERT_METRICS.every((m) => m.description.length > 0)).toBe(true);
    const form = { ...defaultAlertForm(), name: "Pace", data: { ...pace, valueSet: "budget" as const } };
    expect(alertFormSchema.safeParse(form).success).toBe(false);
    expect(alertFormSchema.safeParse({ ...form, data: pace }).success).toBe(true);
  });
});

describe("the stale-data metric: hours since refresh", () => {
  const stale = rule({ metric: "dataAgeHours", metricName: "Hours Since Refresh", value: 24 });

  it("compares the context's hours since refresh, also on an errored tracker (a stale one often is)", () => {
    expect(evaluateAlert(stale, row, { dataAgeHours: 30 })).toEqual({
      kind: "fired",
      actual: 30,
      threshold: 24,
    });
    expect(evaluateAlert(stale, row, { dataAgeHours: 2 }).kind).toBe("notFired");
    expect(evaluateAlert(stale, { ...row, errored: true }, { dataAgeHours: 30 }).kind).toBe("fired");
  });

  it("has no value without the context, and is a plain number in the form", () => {
    expect(evaluateAlert(stale, row)).toEqual({ kind: "na", reason: "noBudget" });
    expect(alertValueUnit("dataAgeHours")).toBe("number");
    expect(ALERT_METRICS.find((m) => m.id === "dataAgeHours")?.name).toBe("Hours Since Refresh");
  });
});

describe("the stalled-spend metric: hours the spend has not gone up while budget remains", () => {
  const at = (hhmm: string, day = "2024-03-15") => new Date(`${day}T${hhmm}:00Z`);
  const progress = (steps: Array<[string, number, Date]>): SpendProgress | undefined =>
    steps.reduce<SpendProgress | undefined>(
      (p, [day, spend, now]) => nextSpendProgress(p, day, spend, now),
      undefined,
    );

  it("counts from the last refresh at which today's spend went up to the last refresh", () => {
    const p = progress([
      ["2024-03-15", 10 * GBP, at("06:00")],
      ["2024-03-15", 25 * GBP, at("08:00")],
      ["2024-03-15", 25 * GBP, at("11:00")],
      ["2024-03-15", 25 * GBP, at("14:00")],
    ]) as SpendProgress;
    expect(p).toEqual({
      day: "2024-03-15",
      spendMicros: 25 * GBP,
      firstRefreshAt: at("06:00").toISOString(),
      lastIncreaseAt: at("08:00").toISOString(),
      checkedAt: at("14:00").toISOString(),
    });
    expect(stalledHours(p)).toBe(6);
  });

  it("carries the last increase over midnight while the new day has no spend, and counts a new day's spend as an increase", () => {
    const quietNight = progress([
      ["2024-03-14", 80 * GBP, at("20:00", "2024-03-14")],
      ["2024-03-15", 0, at("02:00")],
      ["2024-03-15", 0, at("05:00")],
    ]) as SpendProgress;
    expect(quietNight.firstRefreshAt).toBe(at("02:00").toISOString());
    expect(stalledHours(quietNight)).toBe(9);
    const morning = nextSpendProgress(quietNight, "2024-03-15", 3 * GBP, at("07:00"));
    expect(stalledHours(morning)).toBe(0);
  });

  it("does not take a spend revised downwards for an increase, and starts watching at the first refresh", () => {
    const revised = progress([
      ["2024-03-15", 30 * GBP, at("06:00")],
      ["2024-03-15", 28 * GBP, at("09:00")],
    ]) as SpendProgress;
    expect(revised.spendMicros).toBe(28 * GBP);
    expect(stalledHours(revised)).toBe(3);
    expect(stalledHours(nextSpendProgress(undefined, "2024-03-15", 0, at("06:00")))).toBe(0);
  });

  const stalled = rule({ metric: "stalledHours", metricName: "Hours Without Spend", value: 6 });

  it("fires above the hours while budget remains, and has no value once the budget is spent or without progress", () => {
    expect(evaluateAlert(stalled, row, { stalledHours: 8 })).toEqual({
      kind: "fired",
      actual: 8,
      threshold: 6,
    });
    expect(evaluateAlert(stalled, row, { stalledHours: 2 }).kind).toBe("notFired");
    expect(evaluateAlert(stalled, row, {})).toEqual({ kind: "na", reason: "noBudget" });
    // Budget 3,100 against 15 days of 250: overspent, nothing remains.
    const spent = aTrackerRow({ rows: monthToDateRows(250 * GBP, 250 * GBP) });
    expect(alertMetricValue(spent, "spendRemaining")).toEqual({ kind: "value", value: 0 });
    expect(evaluateAlert(stalled, spent, { stalledHours: 30 })).toEqual({ kind: "na", reason: "noBudget" });
  });

  it("counts on a lifetime tracker while its lifetime budget remains, and not once it is spent", () => {
    const lifetimeTracker = (lifetimeBudget: number) =>
      aTrackerRow({
        settings: aTracker({
          useLifetimeBudgetAsPrimary: true,
          lifetimeBudget,
          lifetimeBudgetDates: { startDate: "2024-03-01", endDate: "2024-04-30" },
        }),
      });
    // 1,440 spent of 5,000: 'Spend Remaining' (a monthly figure) is N/A, the lifetime budget is not spent.
    const open = lifetimeTracker(5000 * GBP);
    expect(alertMetricValue(open, "spendRemaining").kind).toBe("na");
    expect(evaluateAlert(stalled, open, { stalledHours: 8 })).toEqual({
      kind: "fired",
      actual: 8,
      threshold: 6,
    });
    // 1,440 spent of 1,000: nothing remains, so no hours without spend.
    expect(evaluateAlert(stalled, lifetimeTracker(1000 * GBP), { stalledHours: 30 }).kind).toBe("na");
  });

  it("is a plain number in the form, with its method and limits explained", () => {
    expect(alertValueUnit("stalledHours")).toBe("number");
    const metric = ALERT_METRICS.find((m) => m.id === "stalledHours");
    expect(metric?.name).toBe("Hours Without Spend");
    expect(metric?.description).toContain("1 to 3 hours late");
  });
});

describe("the anomaly metric: yesterday's spend in standard deviations", () => {
  const anomaly = rule({ metric: "spendAnomaly", metricName: "Spend Anomaly (std. deviations)", value: 3 });

  it("fires beyond the threshold and is silent without a score (under four weeks of history)", () => {
    expect(evaluateAlert(anomaly, row, { anomalyZ: 4.2 })).toEqual({
      kind: "fired",
      actual: 4.2,
      threshold: 3,
    });
    expect(
      evaluateAlert({ ...anomaly, operator: "isLessThan", value: -3 }, row, { anomalyZ: -3.5 }).kind,
    ).toBe("fired");
    expect(evaluateAlert(anomaly, row, {}).kind).toBe("na");
    expect(ALERT_METRICS.find((m) => m.id === "spendAnomaly")?.description).toContain("four weeks");
  });
});
