import { budgetCalendar, type DailyRow, daysInMonthOf, forecastTracker } from "@pacer/core";
import { accountDays, DEMO_ACCOUNTS, loadSourceData } from "@pacer/sandbox";
import type { BenchResult } from "./bench.ts";
import { loadOnlineAdvertisingDaily, ONLINE_ADVERTISING_YEAR } from "./data/online-advertising.ts";

/**
 * `npm run bench -- forecast`: the backtest of the spend forecast (`@pacer/core` forecast.ts)
 * against the linear run-rate, on every real daily series we have. For every series and every
 * whole calendar month of it, the month's end is forecast at the end of each day d from day 3 to
 * the second-to-last day (days 1..d final, nothing after d known; history before the month counts)
 * and compared with the month's actual spend.
 *
 * - run-rate = month-to-date spend / d x days in month;
 * - MAPE = mean of |forecast - actual| / actual x 100 over the cases (a case = series x month x d);
 * - coverage = share of cases whose actual lies within the forecast's P10-P90 range.
 */

/** A daily spend series with a name and the months to forecast (`yyyy-MM`). */
interface Series {
  dataSet: DataSet;
  name: string;
  rows: DailyRow[];
  months: string[];
}

type DataSet = "marketing-feb2021" | "online-advertising" | "sandbox replay";
const DATA_SETS: readonly DataSet[] = ["marketing-feb2021", "online-advertising", "sandbox replay"];

interface Case {
  dataSet: DataSet;
  day: number;
  actual: number;
  runRate: number;
  forecast: number;
  low: number;
  high: number;
  method: string;
}

function row(date: string, spendMicros: number, conversions = 0): DailyRow {
  return { date, spendMicros, impressions: 0, clicks: 0, conversions, revenueMicros: 0 };
}

/** marketing-feb2021: each of the 11 campaigns is a series of one whole month, February 2021. */
function marketingSeries(): Series[] {
  return [...loadSourceData()].map(([name, days]) => ({
    dataSet: "marketing-feb2021",
    name,
    rows: days.map((d) => row(d.date, d.spendMicros, d.orders)),
    months: ["2021-02"],
  }));
}

/** online-advertising: each campaign is a series; its whole months are forecast (camp 2: April). */
function onlineSeries(): Series[] {
  const byCampaign = new Map<string, DailyRow[]>();
  for (const d of loadOnlineAdvertisingDaily()) {
    const rows = byCampaign.get(d.campaign) ?? [];
    rows.push(row(d.date, d.spendMicros, d.conversions));
    byCampaign.set(d.campaign, rows);
  }
  return [...byCampaign].map(([name, rows]) => ({
    dataSet: "online-advertising",
    name,
    rows,
    months: ["04", "05", "06"]
      .map((m) => `${ONLINE_ADVERTISING_YEAR}-${m}`)
      .filter(
        (m) =>
          rows.filter((r) => r.date.startsWith(m)).length ===
          daysInMonthOf(Number(m.slice(0, 4)), Number(m.slice(5))),
      ),
  }));
}

/** The replay's clock: mid-January 2025, so July to December 2024 are whole months with June as history. */
const REPLAY_NOW = new Date("2025-01-15T12:00:00Z");
const REPLAY_FROM = "2024-06-01";
const REPLAY_MONTHS = ["2024-07", "2024-08", "2024-09", "2024-10", "2024-11", "2024-12"];

/**
 * The sandbox replay: each demo account's daily totals as the sandbox serves them (every reporting
 * endpoint's own function, `accountDays`), over its served window. Accounts backed by the same set of
 * source campaigns differ only by their factor, which no percentage error sees, so each set is
 * counted once (the first account with it).
 */
function replaySeries(): Series[] {
  const source = loadSourceData();
  const seen = new Set<string>();
  const out: Series[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (account.manager || account.campaigns.length === 0) continue;
    const key = [...new Set(account.campaigns.map((c) => c.source.toLowerCase()))].sort().join("+");
    if (seen.has(key)) continue;
    seen.add(key);
    const days = accountDays(source, account, REPLAY_FROM, "2024-12-31", REPLAY_NOW);
    out.push({
      dataSet: "sandbox replay",
      name: `${account.platform} ${account.id} (${key})`,
      rows: days.map((d) => row(d.date, d.spendMicros, d.conversions)),
      months: REPLAY_MONTHS,
    });
  }
  return out;
}

/** Every case of a series: each month, each day from 3 to the second-to-last. */
function casesOf(series: Series): Case[] {
  const sorted = [...series.rows].sort((a, b) => a.date.localeCompare(b.date));
  const out: Case[] = [];
  for (const month of series.months) {
    const y = Number(month.slice(0, 4));
    const m = Number(month.slice(5, 7));
    const days = daysInMonthOf(y, m);
    const inMonth = sorted.filter((r) => r.date.startsWith(month));
    const actual = inMonth.reduce((s, r) => s + r.spendMicros, 0);
    for (let d = 3; d < days; d++) {
      const today = `${month}-${String(d).padStart(2, "0")}`;
      const known = sorted.filter((r) => r.date <= today);
      const monthToDate = inMonth.filter((r) => r.date <= today).reduce((s, r) => s + r.spendMicros, 0);
      const calendar = budgetCalendar(Date.UTC(y, m - 1, d, 12), "UTC");
      const f = forecastTracker({ rows: known, todayComplete: true }, calendar);
      out.push({
        dataSet: series.dataSet,
        day: d,
        actual,
        runRate: (monthToDate / d) * days,
        forecast: f.month.point,
        low: f.month.low,
        high: f.month.high,
        method: f.method,
      });
    }
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ape = (f: number, a: number) => (Math.abs(f - a) / a) * 100;

interface Score {
  cases: number;
  runRate: number;
  forecast: number;
  /** 1 - forecast / runRate, percent. */
  reduction: number;
  coverage: number;
}

function score(cases: readonly Case[]): Score {
  const runRate = mean(cases.map((c) => ape(c.runRate, c.actual)));
  const forecast = mean(cases.map((c) => ape(c.forecast, c.actual)));
  return {
    cases: cases.length,
    runRate,
    forecast,
    reduction: (1 - forecast / runRate) * 100,
    coverage: (cases.filter((c) => c.low <= c.actual && c.actual <= c.high).length / cases.length) * 100,
  };
}

const BUCKETS: readonly { label: string; from: number; to: number }[] = [
  { label: "3-9", from: 3, to: 9 },
  { label: "10-16", from: 10, to: 16 },
  { label: "17-23", from: 17, to: 23 },
  { label: "24+", from: 24, to: 31 },
];

const pct = (x: number) => `${x.toFixed(1)}%`;
const MAPE_TARGET = 25;
const COVERAGE = [70, 90] as const;

function scoreRows(label: string, s: Score): BenchResult["rows"] {
  return [
    {
      metric: `${label}: MAPE run-rate / forecast (${s.cases} cases)`,
      value: `${pct(s.runRate)} / ${pct(s.forecast)} (${s.reduction.toFixed(1)}% lower)`,
      target: `>= ${MAPE_TARGET}% lower`,
      met: s.reduction >= MAPE_TARGET,
    },
    {
      metric: `${label}: actual inside P10-P90`,
      value: pct(s.coverage),
      target: `${COVERAGE[0]}-${COVERAGE[1]}%`,
      met: s.coverage >= COVERAGE[0] && s.coverage <= COVERAGE[1],
    },
  ];
}

export default async function bench(): Promise<BenchResult> {
  const series = [...marketingSeries(), ...onlineSeries(), ...replaySeries()];
  const cases = series.flatMap(casesOf);
  const all = score(cases);
  const rows: BenchResult["rows"] = [];
  for (const b of BUCKETS) {
    const s = score(cases.filter((c) => c.day >= b.from && c.day <= b.to));
    rows.push({
      metric: `days ${b.label}: MAPE run-rate / forecast (${s.cases} cases)`,
      value: `${pct(s.runRate)} / ${pct(s.forecast)}; in range ${pct(s.coverage)}`,
    });
  }
  rows.push(...scoreRows("all cases", all));
  for (const set of DATA_SETS) {
    const s = score(cases.filter((c) => c.dataSet === set));
    rows.push({
      metric: `${set}: MAPE run-rate / forecast (${s.cases} cases)`,
      value: `${pct(s.runRate)} / ${pct(s.forecast)} (${s.reduction.toFixed(1)}% lower); in range ${pct(s.coverage)}`,
    });
  }
  rows.push(
    ...scoreRows(
      "real data sets only (marketing + online)",
      score(cases.filter((c) => c.dataSet !== "sandbox replay")),
    ),
  );
  const byDataSet = DATA_SETS.map((set) => {
    const cells = BUCKETS.map((b) => {
      const s = score(cases.filter((c) => c.dataSet === set && c.day >= b.from && c.day <= b.to));
      return `${b.label} ${pct(s.runRate)}/${pct(s.forecast)}/${pct(s.coverage)}`;
    });
    return `${set} by day (run-rate/forecast MAPE/in range): ${cells.join(", ")}.`;
  });
  const runRateCases = cases.filter((c) => c.method === "run-rate").length;
  return {
    title: "Spend forecast backtest (month end, P10-P90)",
    setup:
      `${series.length} daily series, ${cases.length} cases: each whole calendar month of each series forecast at the end of every day from day 3 to the ` +
      "second-to-last (days up to d final, history before the month included) and compared with the month's actual spend. " +
      "Run-rate = month-to-date spend / d x days in month. MAPE in percent of the actual month.",
    rows,
    notes: [
      ...byDataSet,
      "Series and months: marketing-feb2021 = 11 campaigns x February 2021 (no earlier history); online-advertising = camp 1 and camp 3 x April, May, June and camp 2 x April " +
        `(rows summed per campaign and day; the source gives no year, ${ONLINE_ADVERTISING_YEAR} is used because its weekends fall on the series' weekly lows); ` +
        "sandbox replay = the demo accounts' daily totals as the sandbox serves them at 2025-01-15 (the February 2021 campaigns replayed on a 28-day cycle), " +
        "one series per distinct set of source campaigns (accounts that differ only by their factor give identical percentage errors), months July-December 2024 with June as history.",
      "facebook-ads-conversion-kag.csv has no dates, so it gives no daily series and is not in the backtest.",
      "The replay repeats the 28 real February days in a fixed cycle, so any 28-day window holds exactly one cycle: the trailing 28-day level (one of the model's three) is exact there. " +
        "Its cases outnumber the real ones, so 'all cases' leans on the replay; the real-data rows are the honest measure of the model on real accounts.",
      `No parameter was fitted to these cases: the model's settings (half-lives 3.5 and 7 days, 28-day trailing mean, 8 weeks of weekday indices, 14 days before the model replaces the run-rate, 7-day selection horizon, errors over up to 182 days, the dispersion range's 28 days and variogram lags up to a week, 8 independent past errors before the empirical range stands alone) are calendar choices fixed in FORECAST_PARAMETERS; ${runRateCases} cases had too few days and used the run-rate fallback.`,
      "Changed after seeing these figures, on grounds that hold beyond them: a past forecast's error counts only after a week of history (without it, warm-up errors roughly doubled the replay's range widths), and levels that tie keep the most recent-weighted one (found by the budget-change unit test). " +
        "Tried and not kept: the equal-weight mean of the three levels instead of choosing one (all cases 21.6% against the run-rate's 29.3%, real data 22.6% against 21.8%).",
      "Changed this round (forecast.ts module doc, steps 4 and 6), on grounds that hold beyond these cases: (1) ranges on short histories come from the series' own days as a local level model (a random-walk level plus day noise, the state-space form of exponential smoothing) on the log scale, its two variances from the variogram of the days over their weekday indices; a level that drifts widens the range with the days ahead, a steady one keeps the old log-normal day interval; " +
        "(2) while the model's past errors are worth fewer than 8 independent windows (overlapping windows counted as count x stride / horizon), each side of the empirical range is at least the dispersion range's (8 is the fewest windows the empirical range already needed; the expected coverage of a type-7 P10-P90 of k independent errors is 0.8 (k-1)/(k+1), 62% at k = 8, so fewer alone would under-cover even more); " +
        "(3) with no history before the period (the first spend inside it) the level is the period's own deseasonalised mean (the run-rate's level with the weekday pattern) instead of a recency-weighted level chosen by a few overlapping windows inside the month.",
      "Variants measured on the way (real data MAPE forecast against the run-rate's 21.8%, real coverage, all-cases coverage; the baseline re-run at 944f2fe: 22.5%, 48.5%, 79.3%): dispersion with a lag-1 (AR(1)) correlation of the log days instead of the independent-days interval: 22.5%, 53.9%, 80.2%; the floor of (2) with the independent-days interval: 22.5%, 50.2%, 80.3%; both: 22.5%, 56.4%, 84.9%; (3) alone: 21.4% (marketing 27.0% against 29.3%, online 13.3% against 12.7%), 46.8%, 79.0%; " +
        "the trailing mean whenever the level selection had fewer than 8 windows, instead of (3): 21.8%, 48.1%; AR(1) + floor + (3): 21.4%, 54.5%, 84.6% (with the days over their weekday indices 53.6%); the local level in the short-history case only, AR(1) in the floor: 21.4%, 63.5%, 86.2%; the kept local level in both: 21.4%, 67.2%, 88.5%; the same with the floor's level error taken as that of the chosen exponentially weighted level (its own weights, an infinite history, the choice among the three levels taken as certain) instead of the mean of the window's days: 21.4%, 63.7%, 87.9% (not kept: the kept form errs wide for the recency-weighted levels, on purpose while the model's errors are few). " +
        "Not kept: the model's level blended toward the month-to-date level with the share of the month elapsed (the replay 12.3% -> 17.9%, all cases 13.8% -> 18.6%, real data 21.7%).",
      "Why the real-data MAPE row stays unmet: its 154 cases with fewer than 14 days of history (marketing-feb2021 days 3-13, online-advertising's Aprils days 3-13) are the run-rate by definition (MAPE 37.3% there, 5,751 of the 7,635 percent-cases the target allows over 466 cases); the target would need the other 312 cases at 6.0% against the run-rate's 14.2% (58% lower), where the model has 13.5%. " +
        "The ranges still miss mostly low (the actual under P10: 26.5% of marketing-feb2021's cases, 22.5% of online-advertising's): marketing-feb2021's campaigns spend 5-10% of their mid-month level from day 21 on (a flight winding down), which nothing before day 21 shows, and online-advertising camp 1 falls from about 2,450 a day to 750-1,000 over 19-21 May.",
      "The forecast is made at the end of day d with day d final (forecastTracker's todayComplete), so the partial-day rule is not exercised here; the dashboard forecasts with today in progress.",
    ],
  };
}
