import type { TrackerRow } from "../src/aggregate.ts";
import type { TrackerBudgetSettings } from "../src/budget.ts";
import { addDays, dayNumber, fromDayNumber } from "../src/calendar.ts";
import type { PlatformEntry } from "../src/platforms.ts";
import type { DailyRow } from "../src/tracker-data.ts";
import { computeTrackerData } from "../src/tracker-data.ts";
import type { IsoDate, Micros } from "../src/types.ts";

/**
 * Test and benchmark builders (STYLE.md habit 11: `aTracker({ budget: ... })`). Not part of the
 * public API (index.ts does not export them).
 */

/** Tracker budget settings with a manual monthly budget of 3,100 units, overridable. */
export function aTracker(overrides: Partial<TrackerBudgetSettings> = {}): TrackerBudgetSettings {
  return {
    automatedBudget: false,
    manualBudgetValue: 3_100_000_000,
    budgetPeriod: "month",
    weekdaysOnly: false,
    useLifetimeBudgetAsPrimary: false,
    ...overrides,
  };
}

/** A daily row with zero performance except what is given. */
export function aRow(
  date: IsoDate,
  spendMicros: Micros,
  extra: Partial<Omit<DailyRow, "date">> = {},
): DailyRow {
  return { date, spendMicros, impressions: 0, clicks: 0, conversions: 0, revenueMicros: 0, ...extra };
}

/** Rows from `from` to `to` inclusive, each with `spendMicros` of spend and no performance. */
export function flatRows(from: IsoDate, to: IsoDate, spendMicros: Micros): DailyRow[] {
  const rows: DailyRow[] = [];
  for (let d = dayNumber(from); d <= dayNumber(to); d++) rows.push(aRow(fromDayNumber(d), spendMicros));
  return rows;
}

/** A small deterministic PRNG (mulberry32), so generated data is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Realistic-looking rows from `from` to `to` inclusive: spend around `dailySpend` micros (integer),
 * impressions, clicks (CTR about 2%), conversions (CVR about 5%) and revenue (ROAS about 3).
 * The date strings come from `dates` when given, so many trackers can share one set of strings.
 */
export function randomRows(
  random: () => number,
  from: IsoDate,
  to: IsoDate,
  dailySpend: Micros,
  dates?: readonly IsoDate[],
): DailyRow[] {
  const list = dates ?? datesBetween(from, to);
  const rows: DailyRow[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const spendMicros = Math.round(dailySpend * (0.5 + random()));
    const impressions = Math.round(1000 + random() * 9000);
    const clicks = Math.round(impressions * 0.02 * (0.5 + random()));
    rows[i] = {
      date: list[i] as IsoDate,
      spendMicros,
      impressions,
      clicks,
      conversions: Math.round(clicks * 0.05 * (0.5 + random())),
      revenueMicros: Math.round(spendMicros * 3 * (0.5 + random())),
    };
  }
  return rows;
}

/** Every date from `from` to `to` inclusive. */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * A tracker row for the tables, computed on 15 March 2024 12:00 London from `settings` and `rows`
 * (default: the manual 3,100/month tracker with 100 a day on 1-14 March and 40 today).
 */
export function aTrackerRow(
  overrides: Partial<Omit<TrackerRow, "data">> & { settings?: TrackerBudgetSettings; rows?: DailyRow[] } = {},
): TrackerRow {
  const { settings = aTracker(), rows = monthToDateRows(), ...row } = overrides;
  return {
    id: "t1",
    name: "Tracker",
    client: "Client",
    channel: "googleads",
    currency: "GBP",
    errored: false,
    data: computeTrackerData({ settings, rows, now: REFERENCE_NOW, timeZone: "Europe/London" }),
    ...row,
  };
}

/** The instant the row builders compute at: 15 March 2024, 12:00 UTC (12:00 in London). */
export const REFERENCE_NOW = new Date("2024-03-15T12:00:00Z");

/** 1-15 March 2024: `perDay` spend a day, `today` on the 15th; 2,000 impressions, 50 clicks, 2 conversions, 3x revenue. */
export function monthToDateRows(perDay: Micros = 100_000_000, today: Micros = 40_000_000): DailyRow[] {
  return flatRows("2024-03-01", "2024-03-15", perDay).map((r) => {
    const spendMicros = r.date === "2024-03-15" ? today : perDay;
    return {
      ...r,
      spendMicros,
      impressions: 2000,
      clicks: 50,
      conversions: 2,
      revenueMicros: spendMicros * 3,
    };
  });
}

/**
 * A made-up platform's catalogue entry (OAuth 2.0, one listing call, revoke by access token, needs
 * a refresh token), overridable: what a test adds to `PLATFORM_CATALOGUE` to see every generated
 * list (routes, policy rows, handlers, fixtures, queues, the web app's platforms) pick it up.
 */
export function aPlatformEntry(overrides: Partial<PlatformEntry> = {}): PlatformEntry {
  return {
    slug: "fakeads",
    name: "Fake Ads",
    mark: "FK",
    color: "#5b3cc4",
    auth: "oauth2",
    segment: "fake-ads",
    returnPage: "/fake-ads-response",
    responseField: "fakeAdsObj",
    listing: { steps: 1, call: "get-account", alsoAs: "body" },
    revokeToken: true,
    needsRefreshToken: true,
    ...overrides,
  };
}
