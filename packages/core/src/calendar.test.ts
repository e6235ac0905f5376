import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  budgetCalendar,
  countDays,
  countDaysBetween,
  dayNumber,
  daysInMonthOf,
  defaultLifetimeBudgetDates,
  eachDate,
  fromDayNumber,
  isIsoDate,
  isoDateOf,
  isTimeZone,
  lifetimeDayCounts,
  localDate,
  midnightIso,
  splitRange,
  weekdayOf,
} from "./calendar.ts";

const at = (iso: string) => new Date(iso);

describe("daysInMonthOf (trackers.md Metric formulas: days in month)", () => {
  it.each([
    [2024, 1, 31],
    [2023, 2, 28],
    [2024, 2, 29], // 29 February in a leap year
    [2000, 2, 29],
    [1900, 2, 28],
    [2024, 4, 30],
    [2024, 12, 31],
  ])("%i-%i has %i days", (year, month, days) => {
    expect(daysInMonthOf(year, month)).toBe(days);
  });
});

describe("isoDateOf: a date's calendar fields as yyyy-MM-dd", () => {
  it("reads a Date's local fields and a TZDate's in its zone, padded", () => {
    expect(isoDateOf(new Date(2028, 1, 29, 23, 59, 59))).toBe("2028-02-29");
    expect(isoDateOf(new Date(2026, 0, 1, 0, 0, 1))).toBe("2026-01-01");
    expect(isoDateOf(new TZDate(Date.UTC(2026, 6, 1, 23, 30), "Asia/Tokyo"))).toBe("2026-07-02");
  });
});

describe("localDate: now seen from the ad account's time zone", () => {
  it.each([
    // DST change days, Europe/London: clocks go forward 2024-03-31 01:00 UTC, back 2024-10-27 01:00 UTC.
    ["2024-03-31T00:30:00Z", "Europe/London", "2024-03-31"],
    ["2024-03-31T23:30:00Z", "Europe/London", "2024-04-01"], // 00:30 BST, already April
    ["2024-10-26T23:30:00Z", "Europe/London", "2024-10-27"], // 00:30 BST
    ["2024-10-27T23:30:00Z", "Europe/London", "2024-10-27"], // 23:30 GMT
    // DST change days, America/New_York: forward 2024-03-10 07:00 UTC, back 2024-11-03 06:00 UTC.
    ["2024-03-10T04:30:00Z", "America/New_York", "2024-03-09"], // 23:30 EST
    ["2024-03-10T05:30:00Z", "America/New_York", "2024-03-10"], // 00:30 EST
    ["2024-03-11T03:30:00Z", "America/New_York", "2024-03-10"], // 23:30 EDT
    ["2024-11-03T03:30:00Z", "America/New_York", "2024-11-02"], // 23:30 EDT
    ["2024-11-04T04:30:00Z", "America/New_York", "2024-11-03"], // 23:30 EST
    // Time zones ahead of UTC at 23:30 UTC are already on the next day.
    ["2024-01-31T23:30:00Z", "Europe/Berlin", "2024-02-01"],
    ["2024-06-30T23:30:00Z", "Asia/Tokyo", "2024-07-01"],
    ["2024-12-31T23:30:00Z", "Pacific/Kiritimati", "2025-01-01"],
    // Behind UTC: still the previous day, here 29 February.
    ["2024-03-01T03:00:00Z", "America/Los_Angeles", "2024-02-29"],
  ])("%s in %s is %s", (instant, zone, expected) => {
    expect(localDate(at(instant), zone)).toBe(expected);
  });

  it("takes epoch milliseconds as well as a Date", () => {
    expect(localDate(Date.UTC(2024, 0, 31, 23, 30), "Europe/Berlin")).toBe("2024-02-01");
  });

  it("throws RangeError for an unknown time zone and an invalid instant", () => {
    expect(() => localDate(at("2024-01-01T00:00:00Z"), "Mars/Olympus")).toThrow(RangeError);
    expect(() => localDate(new Date(Number.NaN), "Europe/London")).toThrow(RangeError);
  });
});

describe("budgetCalendar month counts (trackers.md Metric formulas: days gone = first of month to tomorrow inclusive; days left from today to month end)", () => {
  it.each([
    // instant, zone, today, daysInMonth, daysGone, daysElapsed, daysLeft, daysAfterToday
    ["2024-03-15T12:00:00Z", "Europe/London", "2024-03-15", 31, 16, 15, 17, 16],
    ["2024-05-01T09:00:00Z", "Europe/London", "2024-05-01", 31, 2, 1, 31, 30], // first day
    ["2024-04-30T20:00:00Z", "Europe/London", "2024-04-30", 30, 30, 30, 1, 0], // last day: clamped
    ["2024-02-29T12:00:00Z", "Europe/London", "2024-02-29", 29, 29, 29, 1, 0], // 29 February
    ["2024-02-28T12:00:00Z", "Europe/London", "2024-02-28", 29, 29, 28, 2, 1],
    ["2023-02-28T12:00:00Z", "Europe/London", "2023-02-28", 28, 28, 28, 1, 0],
    ["2024-03-31T00:30:00Z", "Europe/London", "2024-03-31", 31, 31, 31, 1, 0], // DST day, last of month
    ["2024-03-31T23:30:00Z", "Europe/London", "2024-04-01", 30, 2, 1, 30, 29], // DST day, next month
    ["2024-11-03T12:00:00Z", "America/New_York", "2024-11-03", 30, 4, 3, 28, 27], // DST day
    ["2024-03-10T12:00:00Z", "America/New_York", "2024-03-10", 31, 11, 10, 22, 21], // DST day
    ["2024-01-31T23:30:00Z", "Europe/Berlin", "2024-02-01", 29, 2, 1, 29, 28], // ahead of UTC at 23:30
  ])(
    "%s in %s: today %s, %i days, %i gone, %i elapsed, %i left, %i after today",
    (instant, zone, today, dim, gone, elapsed, left, after) => {
      const cal = budgetCalendar(at(instant), zone);
      expect(cal.today).toBe(today);
      expect(cal.allDays).toEqual({
        daysInMonth: dim,
        daysGone: gone,
        daysElapsed: elapsed,
        daysLeft: left,
        daysAfterToday: after,
        percentageThroughMonth: (gone / dim) * 100,
      });
    },
  );

  it("gives yesterday, tomorrow, month start and end, across a year boundary", () => {
    const cal = budgetCalendar(at("2024-12-31T23:30:00Z"), "Europe/Berlin");
    expect(cal).toMatchObject({
      today: "2025-01-01",
      yesterday: "2024-12-31",
      tomorrow: "2025-01-02",
      monthStart: "2025-01-01",
      monthEnd: "2025-01-31",
      dayOfMonth: 1,
      timeZone: "Europe/Berlin",
    });
  });

  it("lists the six previous months oldest first, so the sixth is last month (trackers.md section 3, historicData)", () => {
    const cal = budgetCalendar(at("2024-03-15T12:00:00Z"), "Europe/London");
    expect(cal.previousMonths).toEqual([
      "2023-09-01",
      "2023-10-01",
      "2023-11-01",
      "2023-12-01",
      "2024-01-01",
      "2024-02-01",
    ]);
  });

  it.each([
    // June 2024 starts on a Saturday and has 20 weekdays.
    [
      "2024-06-01T12:00:00Z",
      { daysInMonth: 20, daysGone: 0, daysElapsed: 0, daysLeft: 20, daysAfterToday: 20 },
    ],
    [
      "2024-06-14T12:00:00Z",
      { daysInMonth: 20, daysGone: 10, daysElapsed: 10, daysLeft: 11, daysAfterToday: 10 },
    ],
    [
      "2024-06-30T12:00:00Z",
      { daysInMonth: 20, daysGone: 20, daysElapsed: 20, daysLeft: 0, daysAfterToday: 0 },
    ],
  ])("weekdaysOnly counts Monday to Friday only (trackers.md Metric formulas): %s", (instant, expected) => {
    const cal = budgetCalendar(at(instant), "Europe/London");
    expect(cal.weekdays).toMatchObject(expected);
    expect(cal.weekdays.percentageThroughMonth).toBe((expected.daysGone / 20) * 100);
  });
});

describe("day arithmetic", () => {
  it("round-trips day numbers and knows 1970-01-01 was a Thursday", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(weekdayOf(0)).toBe(4);
    expect(weekdayOf(-1)).toBe(3);
    expect(fromDayNumber(dayNumber("2024-02-29"))).toBe("2024-02-29");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });

  it("moves by months to month starts, across years", () => {
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-01");
    expect(addMonths("2024-03-15", -6)).toBe("2023-09-01");
    expect(addMonths("2024-12-10", 1)).toBe("2025-01-01");
  });

  it("rejects dates that are not real yyyy-MM-dd dates", () => {
    for (const bad of ["2023-02-29", "2024-13-01", "2024-1-01", "01/02/2024", "", "2024-00-10"]) {
      expect(isIsoDate(bad)).toBe(false);
      expect(() => dayNumber(bad)).toThrow(RangeError);
    }
    expect(isIsoDate("2024-02-29")).toBe(true);
  });

  it("counts inclusive ranges, 0 when reversed", () => {
    expect(countDays("2024-06-01", "2024-06-30")).toBe(30);
    expect(countDays("2024-06-01", "2024-06-30", true)).toBe(20);
    expect(countDays("2024-06-02", "2024-06-01")).toBe(0);
    expect(countDays("2024-06-01", "2024-06-02", true)).toBe(0); // a weekend
  });

  it("property: weekdaysOnly never counts more days than calendar days, and matches a day-by-day count", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20000, max: 40000 }),
        fc.integer({ min: -5, max: 400 }),
        (from, length) => {
          const to = from + length;
          let naive = 0;
          for (let d = from; d <= to; d++) if (weekdayOf(d) !== 0 && weekdayOf(d) !== 6) naive++;
          const weekdays = countDaysBetween(from, to, true);
          expect(weekdays).toBe(naive);
          expect(weekdays).toBeLessThanOrEqual(countDaysBetween(from, to, false));
        },
      ),
    );
  });

  it("property: every month count with weekdaysOnly is at most the calendar count, at any instant and zone", () => {
    const zones = [
      "Europe/London",
      "America/New_York",
      "Asia/Tokyo",
      "Pacific/Kiritimati",
      "Pacific/Pago_Pago",
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const cal = budgetCalendar(ms, zone);
          for (const key of [
            "daysInMonth",
            "daysGone",
            "daysElapsed",
            "daysLeft",
            "daysAfterToday",
          ] as const) {
            expect(cal.weekdays[key]).toBeLessThanOrEqual(cal.allDays[key]);
          }
          expect(cal.allDays.daysElapsed + cal.allDays.daysAfterToday).toBe(cal.allDays.daysInMonth);
          expect(cal.weekdays.daysElapsed + cal.weekdays.daysAfterToday).toBe(cal.weekdays.daysInMonth);
          expect(cal.allDays.percentageThroughMonth).toBeGreaterThan(0);
          expect(cal.allDays.percentageThroughMonth).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe("lifetimeDayCounts (trackers.md Metric formulas: adjusted lifetime uses a daily pro-rata over the range)", () => {
  const cal = budgetCalendar(at("2024-03-15T12:00:00Z"), "Europe/London");
  it.each([
    // range, daysInRange, daysGone, spendTo
    [{ startDate: "2024-03-01", endDate: "2024-03-31" }, 31, 16, "2024-03-15"],
    [{ startDate: "2024-02-01", endDate: null }, 60, 45, "2024-03-15"], // no end: runs to this month's end
    [{ startDate: "2024-04-01", endDate: "2024-04-30" }, 30, 0, "2024-03-15"], // not started
    [{ startDate: "2024-01-01", endDate: "2024-01-31" }, 31, 31, "2024-01-31"], // ended
    [{ startDate: "2024-03-16", endDate: "2024-03-31" }, 16, 1, "2024-03-15"], // starts tomorrow
  ])("%j: %i days, %i gone, spend counted to %s", (range, inRange, gone, spendTo) => {
    expect(lifetimeDayCounts(range, cal, false)).toEqual({
      daysInRange: inRange,
      daysGone: gone,
      spendFrom: range.startDate,
      spendTo,
    });
  });

  it("counts weekdays only with weekdaysOnly", () => {
    const counts = lifetimeDayCounts({ startDate: "2024-03-01", endDate: "2024-03-31" }, cal, true);
    expect(counts.daysInRange).toBe(21);
    expect(counts.daysGone).toBe(11); // 1, 4-8, 11-15 March
  });

  it("defaults to the start of the previous month and the end of the current month (trackers.md section 2)", () => {
    expect(defaultLifetimeBudgetDates(cal)).toEqual({ startDate: "2024-02-01", endDate: "2024-03-31" });
  });
});

describe("report ranges: eachDate, splitRange, isTimeZone, midnightIso (the connectors' date maths)", () => {
  it("lists every date of an inclusive range across a leap day, empty when reversed", () => {
    expect(eachDate("2024-02-27", "2024-03-01")).toEqual([
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);
    expect(eachDate("2024-03-02", "2024-03-01")).toEqual([]);
    expect(() => eachDate("2024-02-30", "2024-03-01")).toThrow(RangeError);
  });

  it("splits a range into consecutive windows of at most maxDays, the last one short", () => {
    expect(splitRange("2026-03-01", "2026-03-10", 7)).toEqual([
      { from: "2026-03-01", to: "2026-03-07" },
      { from: "2026-03-08", to: "2026-03-10" },
    ]);
    expect(splitRange("2026-03-01", "2026-02-28", 7)).toEqual([]);
    expect(() => splitRange("2026-03-01", "2026-03-10", 0)).toThrow(RangeError);
  });

  it("property: the windows cover the range exactly once, in order, none longer than maxDays", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 120 }),
        (start, length, maxDays) => {
          const from = fromDayNumber(start);
          const to = fromDayNumber(start + length);
          const windows = splitRange(from, to, maxDays);
          expect(windows.flatMap((w) => eachDate(w.from, w.to))).toEqual(eachDate(from, to));
          for (const w of windows) expect(countDays(w.from, w.to)).toBeLessThanOrEqual(maxDays);
        },
      ),
    );
  });

  it("knows IANA zones and refuses made-up ones", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });

  it("writes the zone's midnight with the offset in force, across DST and half-hour zones", () => {
    expect(midnightIso("2026-03-08", "America/Los_Angeles")).toBe("2026-03-08T00:00:00-08:00");
    expect(midnightIso("2026-03-09", "America/Los_Angeles")).toBe("2026-03-09T00:00:00-07:00");
    expect(midnightIso("2026-10-25", "Europe/London")).toBe("2026-10-25T00:00:00+01:00");
    expect(midnightIso("2026-10-26", "Europe/London")).toBe("2026-10-26T00:00:00+00:00");
    expect(midnightIso("2026-01-15", "Asia/Kolkata")).toBe("2026-01-15T00:00:00+05:30");
  });

  it("on a day whose midnight DST skips, gives the instant the day starts (Havana jumps from 00:00 to 01:00)", () => {
    const iso = midnightIso("2026-03-08", "America/Havana");
    expect(iso).toBe("2026-03-08T00:00:00-05:00");
    expect(localDate(Date.parse(iso), "America/Havana")).toBe("2026-03-08");
    expect(localDate(Date.parse(iso) - 1, "America/Havana")).toBe("2026-03-07");
  });

  it("throws RangeError for a bad date or an unknown zone", () => {
    expect(() => midnightIso("2026-02-30", "UTC")).toThrow(RangeError);
    expect(() => midnightIso("2026-02-01", "Nowhere/Else")).toThrow(RangeError);
  });
});
