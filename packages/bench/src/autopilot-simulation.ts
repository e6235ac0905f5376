import {
  type AutopilotAction,
  type AutopilotSettings,
  addDays,
  budgetCalendar,
  type DailyRow,
  DEFAULT_AUTOPILOT_SETTINGS,
  eachDate,
  evaluateAutopilot,
  midnightIso,
} from "@pacer/core";
import { accountDays, CampaignWrites, campaignDays, type DemoAccount, type SourceData } from "@pacer/sandbox";
import { budgetOf, demoBudgets } from "@pacer/sandbox/platforms/demo-budgets";

/**
 * A month of AutoPilot on the sandbox replay, without HTTP, on the real cycle: the refresh worker
 * evaluates AutoPilot after each scheduled refresh, so the rules (`@pacer/core` evaluateAutopilot)
 * run every `cycleHours` hours from 00:05 (account time): the day's first run is the daily run,
 * the later ones are "after a refresh". Each run sees the spend so far as the sandbox replays it
 * with every write applied (today's day taken at the share of the day gone, the sandbox spreading
 * a day evenly over its minutes as its pauses do), and the campaigns' status, budget (and the one
 * the day began with) and last 7 days' spend; the actions are written to the sandbox's write store
 * (`CampaignWrites`), which the replay obeys (a pause stops the spend from that minute, a written
 * budget caps each day's spend, with Google's overdelivery). Shared by the bench and its test.
 */

/** What one simulated month gave. Money in micros. */
export interface SimulationResult {
  /** The month's spend as replayed with the writes. */
  spend: number;
  /** Actions written, by kind. */
  actions: Record<AutopilotAction["kind"], number>;
  /** The largest single day's spend of the month (the Pause target's "one day's spend"). */
  largestDay: number;
  /** Each day's spend of the month, in date order. */
  dailySpend: number[];
}

/** The inputs of {@link simulateMonth}. */
export interface SimulationInput {
  source: SourceData;
  account: DemoAccount;
  /** First day of the month, `yyyy-MM-01`. */
  monthStart: string;
  /** The month's budget, micros. */
  budget: number;
  /** Null: no AutoPilot. */
  settings: AutopilotSettings | null;
  /** Hours between evaluations (the account's refresh cycle), default 1. */
  cycleHours?: number;
}

const MS_PER_MINUTE = 60_000;

/**
 * The daily overdelivery the sandbox replay models (`CampaignWrites`: Google Ads 2x a day; the other
 * platforms' spend capped at the budget), which AutoPilot's end-of-period guard is told, as it is told
 * the platform's documented one (`DAY_OVERDELIVERY`) in production.
 */
const SANDBOX_OVERDELIVERY: Record<string, number> = { googleads: 2 };
const MINUTES_PER_DAY = 1440;

/**
 * The campaigns the simulated tracker counts: those running at the start (its filters). The replay
 * serves the source's spend of a demo campaign marked paused too; a tracker of the running ones
 * leaves it out, as a real paused campaign spends nothing.
 */
function running(account: DemoAccount): { campaignIds: string[] } {
  return { campaignIds: account.campaigns.filter((c) => c.status === "ENABLED").map((c) => c.id) };
}

/** The replayed account-level rows from `from` to `to`, as core's DailyRow. */
function rowsOf(
  input: SimulationInput,
  writes: CampaignWrites,
  from: string,
  to: string,
  now: Date,
): DailyRow[] {
  return accountDays(input.source, input.account, from, to, now, running(input.account), writes).map((d) => ({
    date: d.date,
    spendMicros: d.spendMicros,
    impressions: d.impressions,
    clicks: d.clicks,
    conversions: d.conversions,
    revenueMicros: d.revenueMicros,
  }));
}

/**
 * Replays one month with the settings' rules acting every `cycleHours` hours. The month's natural
 * spend is the same call with `settings: null`.
 */
export function simulateMonth(input: SimulationInput): SimulationResult {
  const { source, account, monthStart } = input;
  const writes = new CampaignWrites();
  const budgets = demoBudgets(source, account);
  const actions: SimulationResult["actions"] = { pause: 0, enable: 0, "set-daily-budget": 0 };
  const monthEnd = budgetCalendar(new Date(`${monthStart}T12:00:00Z`), account.timeZone).monthEnd;
  const cycleMinutes = Math.round((input.cycleHours ?? 1) * 60);
  // Before the month nothing is written: its rows (the forecast's history) are read once.
  const history = input.settings
    ? rowsOf(
        input,
        writes,
        addDays(monthStart, -200),
        addDays(monthStart, -1),
        new Date(`${monthStart}T12:00:00Z`),
      )
    : [];
  for (const date of eachDate(monthStart, monthEnd)) {
    if (!input.settings) break;
    const midnight = Date.parse(midnightIso(date, account.timeZone));
    for (let minute = 5; minute < MINUTES_PER_DAY; minute += cycleMinutes) {
      const at = midnight + minute * MS_PER_MINUTE;
      const now = new Date(at);
      const month = rowsOf(input, writes, monthStart, date, now).map((r) =>
        r.date === date ? scaleRow(r, minute / MINUTES_PER_DAY) : r,
      );
      const recent = new Map<string, number>();
      for (const d of campaignDays(
        source,
        account,
        addDays(date, -7),
        addDays(date, -1),
        now,
        running(account),
        writes,
      )) {
        recent.set(d.campaign.id, (recent.get(d.campaign.id) ?? 0) + d.spendMicros);
      }
      const proposed = evaluateAutopilot({
        settings: input.settings,
        calendar: budgetCalendar(now, account.timeZone),
        weekdaysOnly: false,
        period: { kind: "month", budget: input.budget },
        rows: [...history, ...month],
        campaigns: account.campaigns
          .filter((c) => c.status === "ENABLED")
          .map((c) => {
            const budget = budgetOf(budgets, c.id)?.amountMicros;
            const status = writes.status(account, c, at);
            const current = budget === undefined ? undefined : writes.dailyBudget(account, c.id, at, budget);
            const dayStart =
              budget === undefined ? undefined : writes.dailyBudget(account, c.id, midnight, budget);
            return {
              id: c.id,
              name: c.name,
              status: status === "ENABLED" ? "enabled" : "paused",
              pausedByAutopilotIn: null,
              dailyBudget: current ?? null,
              ...(dayStart !== undefined ? { dayStartBudget: dayStart } : {}),
              recentSpend: recent.get(c.id) ?? 0,
            };
          }),
        limits: {
          minDailyBudget: 1_000_000,
          budgetStep: 10_000,
          dayOverdelivery: SANDBOX_OVERDELIVERY[account.platform] ?? 1,
        },
        trigger: minute === 5 ? "daily" : "refresh",
      });
      for (const a of proposed) {
        actions[a.kind]++;
        writes.record(
          account,
          a.campaignId,
          a.kind === "set-daily-budget"
            ? { at, dailyBudgetMicros: a.after }
            : { at, status: a.kind === "enable" ? "ENABLED" : "PAUSED" },
        );
      }
    }
  }
  // The month's last day, late: the replay then serves the whole month.
  const end = new Date(Date.parse(midnightIso(monthEnd, account.timeZone)) + 1439 * MS_PER_MINUTE);
  const days = rowsOf(input, writes, monthStart, monthEnd, end);
  return {
    spend: days.reduce((s, d) => s + d.spendMicros, 0),
    actions,
    largestDay: Math.max(0, ...days.map((d) => d.spendMicros)),
    dailySpend: days.map((d) => d.spendMicros),
  };
}

/** A day's row at `share` (0..1) of its figures: today so far, the day spread evenly over its minutes. */
function scaleRow(row: DailyRow, share: number): DailyRow {
  return {
    date: row.date,
    spendMicros: Math.round(row.spendMicros * share),
    impressions: Math.round(row.impressions * share),
    clicks: Math.round(row.clicks * share),
    conversions: Math.round(row.conversions * share),
    revenueMicros: Math.round(row.revenueMicros * share),
  };
}

/** The settings of the bench's runs: AutoPilot on in Apply mode with one rule on. */
export function benchSettings(rule: "pause" | "pause-forecast" | "cruise"): AutopilotSettings {
  const d = DEFAULT_AUTOPILOT_SETTINGS;
  return {
    ...d,
    enabled: true,
    mode: "apply",
    pauseAtBudget: {
      ...d.pauseAtBudget,
      enabled: rule !== "cruise",
      // The defaults pause on the 2% share alone; "pause-forecast" adds the forecast trigger.
      useForecast: rule === "pause-forecast",
    },
    cruise: { ...d.cruise, enabled: rule === "cruise" },
  };
}
