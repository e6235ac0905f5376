import { monthStartBefore, plusDays, zoneFormat } from "./calendar.ts";
import type { DemoAccount, DemoCampaign } from "./demo-accounts.ts";
import type { CampaignDay } from "./replay.ts";

/**
 * What the platforms' write calls changed: each campaign's status and daily budget over time, and
 * how the replay obeys them. Nothing is changed until a write arrives, so with no write the replay
 * is exactly the data (the demo budgets are not applied as caps).
 *
 * - **Status**: a campaign paused at an instant spends nothing from then on, until it is enabled
 *   again. The day of the change spends the share of the day it ran (by the minute, in the
 *   account's time zone): every figure of that day is scaled by that share.
 * - **Daily budget**: once a daily budget was written for a campaign, its replayed spend on each day
 *   from the day of the write is at most the budget in force at the end of that day (the other
 *   figures scaled with the spend). Google Ads overdelivers as it documents ("About average daily
 *   budgets": a day may spend up to 2x its average daily budget, the month is charged at most 30.4
 *   x the average daily budget): on Google Ads the cap of a day is 2x its budget, and the month's
 *   spend stays under 30.4 x its average daily budget, that average taken over the budgets of the
 *   days so far and the budget in force for the days left: each budgeted day allows 30.4 / (days
 *   in the month) x its budget, a day before the first budget write what it spent. The other
 *   platforms keep the simple cap (Meta's 1.75x days under a 7x weekly limit are not modelled).
 * - **Refusals**: `refuse(platform)` makes the platform answer every write with its permission
 *   error (a connection without the write scope), until `refuse(platform, false)`.
 */

/** One write kept for a campaign: at epoch ms, its new status and/or daily budget (micros). */
export interface CampaignWrite {
  at: number;
  status?: DemoCampaign["status"];
  dailyBudgetMicros?: number;
}

/** A local date with the minute of the day. */
const MINUTE: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/** Local minutes already worked out, by time zone and instant (the replay asks for each write often). */
const localMinutes = new Map<string, { date: string; minute: number }>();

/** Minutes into the local day of instant `at` in `timeZone`, and that local date. */
function localMinute(at: number, timeZone: string): { date: string; minute: number } {
  const key = `${timeZone}|${at}`;
  const known = localMinutes.get(key);
  if (known) return known;
  if (localMinutes.size > 100_000) localMinutes.clear();
  const parts = zoneFormat("minute", timeZone, MINUTE).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const local = {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    minute: Number(get("hour")) * 60 + Number(get("minute")),
  };
  localMinutes.set(key, local);
  return local;
}

const MINUTES_PER_DAY = 1440;

/** A platform's documented overdelivery on a daily budget: a day's cap and the month's days' worth. */
interface Overdelivery {
  /** A day may spend up to this many times its daily budget. */
  dayFactor: number;
  /** The month spends at most this many days' worth of its average daily budget. */
  monthDays: number;
}

/** Google Ads, "About average daily budgets" (support.google.com/google-ads/answer/2375423). */
const OVERDELIVERY: Record<string, Overdelivery> = { googleads: { dayFactor: 2, monthDays: 30.4 } };

/** Days in the month of `date` (`yyyy-MM-dd`). */
function daysInMonth(date: string): number {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * One campaign's month so far, carried day to day by the replay (`campaignDays`) through
 * {@link CampaignWrites.apply}: which month (its first day), its spend after the writes, and what
 * its days allow under the overdelivery's month limit (module doc), both over the days before the
 * one applied. Micros.
 */
export interface MonthToDate {
  month: string;
  spendMicros: number;
  allowanceMicros: number;
}

/** A fresh {@link MonthToDate} for the month of `date`. */
export function monthToDate(date: string): MonthToDate {
  return { month: monthStartBefore(date, 0), spendMicros: 0, allowanceMicros: 0 };
}

/** The campaign writes of one sandbox (shared by every platform module). */
export class CampaignWrites {
  private readonly writes = new Map<string, CampaignWrite[]>();
  private readonly refused = new Set<string>();

  private key(account: DemoAccount, campaignId: string): string {
    return `${account.platform}/${account.id}/${campaignId}`;
  }

  /** Keeps a write (status and/or daily budget) made at `at` (epoch ms). */
  record(account: DemoAccount, campaignId: string, write: CampaignWrite): void {
    const key = this.key(account, campaignId);
    const list = this.writes.get(key) ?? [];
    list.push(write);
    list.sort((a, b) => a.at - b.at);
    this.writes.set(key, list);
  }

  /** The writes of a campaign, oldest first. */
  of(account: DemoAccount, campaignId: string): readonly CampaignWrite[] {
    return this.writes.get(this.key(account, campaignId)) ?? [];
  }

  /** Whether any campaign of `account` has a write (else the replay is the data as is). */
  hasWrites(account: DemoAccount): boolean {
    const prefix = `${account.platform}/${account.id}/`;
    for (const key of this.writes.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }

  /** The campaign's status at `at` (its demo status until a write changed it). */
  status(account: DemoAccount, campaign: DemoCampaign, at: number): DemoCampaign["status"] {
    let status = campaign.status;
    for (const w of this.of(account, campaign.id)) if (w.at <= at && w.status) status = w.status;
    return status;
  }

  /** The campaign's daily budget at `at`: the last one written, else `fallback` (its demo budget). */
  dailyBudget(
    account: DemoAccount,
    campaignId: string,
    at: number,
    fallback: number | undefined,
  ): number | undefined {
    let amount = fallback;
    for (const w of this.of(account, campaignId)) {
      if (w.at <= at && w.dailyBudgetMicros !== undefined) amount = w.dailyBudgetMicros;
    }
    return amount;
  }

  /** Whether `platform` refuses writes (a grant without the write scope). */
  refuses(platform: string): boolean {
    return this.refused.has(platform);
  }

  /** Makes `platform` refuse (or accept again) every write. */
  refuse(platform: string, on = true): void {
    if (on) this.refused.add(platform);
    else this.refused.delete(platform);
  }

  /** Forgets every write and refusal. */
  reset(): void {
    this.writes.clear();
    this.refused.clear();
  }

  /** Share of `date` (local to the account) the campaign ran, 0..1, from its status writes. */
  private runningShare(
    account: DemoAccount,
    campaign: DemoCampaign,
    writes: readonly CampaignWrite[],
    date: string,
  ): number {
    let running = campaign.status === "ENABLED";
    let from = 0;
    let minutes = 0;
    for (const w of writes) {
      if (!w.status) continue;
      const local = localMinute(w.at, account.timeZone);
      if (local.date > date) break;
      const minute = local.date < date ? 0 : local.minute;
      if (running) minutes += minute - from;
      from = minute;
      running = w.status === "ENABLED";
    }
    if (running) minutes += MINUTES_PER_DAY - from;
    return minutes / MINUTES_PER_DAY;
  }

  /** The budget in force at the end of `date` for the campaign, if one was written on or before it. */
  private budgetAt(account: DemoAccount, writes: readonly CampaignWrite[], date: string): number | undefined {
    let amount: number | undefined;
    const end = plusDays(date, 1);
    for (const w of writes) {
      if (w.dailyBudgetMicros === undefined) continue;
      if (localMinute(w.at, account.timeZone).date >= end) break;
      amount = w.dailyBudgetMicros;
    }
    return amount;
  }

  /**
   * A replayed campaign day as the writes leave it (see the module doc): scaled by the share of
   * the day the campaign ran, its spend capped at the budget in force (with the platform's
   * overdelivery). Unchanged without writes. `month`: the campaign's month so far, the days before
   * this one of the same month applied in order (updated here); without it, a Google Ads day is
   * capped at 2x its budget only.
   */
  apply(account: DemoAccount, day: CampaignDay, month?: MonthToDate): CampaignDay {
    const writes = this.of(account, day.campaign.id);
    if (writes.length === 0) {
      if (month) {
        month.spendMicros += day.spendMicros;
        month.allowanceMicros += day.spendMicros;
      }
      return day;
    }
    const applied = this.applyWrites(account, day, writes, month);
    if (month) month.spendMicros += applied.spendMicros;
    return applied;
  }

  private applyWrites(
    account: DemoAccount,
    day: CampaignDay,
    writes: readonly CampaignWrite[],
    month: MonthToDate | undefined,
  ): CampaignDay {
    const share = this.runningShare(account, day.campaign, writes, day.date);
    const budget = this.budgetAt(account, writes, day.date);
    const over = OVERDELIVERY[account.platform];
    const spend = day.spendMicros * share;
    let cap = Number.POSITIVE_INFINITY;
    if (budget !== undefined) {
      cap = budget * (over?.dayFactor ?? 1);
      if (over && month) {
        const days = daysInMonth(day.date);
        const perDay = (budget * over.monthDays) / days;
        const monthLimit = month.allowanceMicros + perDay * (days - Number(day.date.slice(8)) + 1);
        cap = Math.min(cap, Math.max(0, monthLimit - month.spendMicros));
        month.allowanceMicros += perDay;
      } else if (month) month.allowanceMicros += budget;
    } else if (month) month.allowanceMicros += spend;
    let factor = share;
    if (spend > cap) factor = day.spendMicros > 0 ? cap / day.spendMicros : 0;
    if (factor === 1) return day;
    return {
      ...day,
      impressions: Math.round(day.impressions * factor),
      spendMicros: Math.round(day.spendMicros * factor),
      clicks: Math.round(day.clicks * factor),
      leads: Math.round(day.leads * factor),
      orders: Math.round(day.orders * factor),
      revenueMicros: Math.round(day.revenueMicros * factor),
    };
  }
}
