import { epochDay, isDate, monthStartBefore, plusDays, todayInZone } from "./calendar.ts";
import { type CampaignWrites, type MonthToDate, monthToDate } from "./campaign-writes.ts";
import type { DemoAccount, DemoCampaign } from "./demo-accounts.ts";
import type { DayFigures, SourceData, SourceDay } from "./source-rows.ts";

/**
 * The replay rule: calendar date D shows the real figures of source day (epochDay(D) mod 28),
 * i.e. February (that + 1), 2021, so consecutive days walk through the 28 real days in order.
 * Days are served from the first day of the month seven months before today's month (current
 * month to date, last month, and six months of history before it) up to today, in the account's
 * time zone; outside that window a platform reports nothing. Today shows a whole real day.
 */
export const HISTORY_MONTHS = 7;

/** The source day index (0..27) replayed on `date`. */
export function sourceIndexFor(date: string): number {
  return ((epochDay(date) % 28) + 28) % 28;
}

/** First and last date the account serves at instant `now`. */
export function servedWindow(account: DemoAccount, now: Date): { first: string; last: string } {
  const last = todayInZone(account.timeZone, now);
  return { first: monthStartBefore(last, HISTORY_MONTHS), last };
}

/** One campaign on one replayed day, after the account factor. Money in micros. */
export interface CampaignDay extends DayFigures {
  date: string;
  campaign: DemoCampaign;
}

function scale(value: number, percent: number): number {
  return percent === 100 ? value : Math.round((value * percent) / 100);
}

function campaignDay(
  account: DemoAccount,
  campaign: DemoCampaign,
  date: string,
  day: SourceDay,
): CampaignDay {
  const f = account.factorPercent;
  return {
    date,
    campaign,
    impressions: scale(day.impressions, f),
    spendMicros: scale(day.spendMicros, f),
    clicks: scale(day.clicks, f),
    leads: scale(day.leads, f),
    orders: scale(day.orders, f),
    revenueMicros: scale(day.revenueMicros, f),
  };
}

/** Which campaigns of an account a query keeps. */
export interface CampaignSelection {
  campaignIds?: readonly string[];
  /** Case-insensitive substring of the campaign name. */
  nameContains?: string;
}

/** The campaigns of `account` that `selection` keeps. */
export function selectCampaigns(account: DemoAccount, selection: CampaignSelection = {}): DemoCampaign[] {
  const text = selection.nameContains?.toLowerCase();
  return account.campaigns.filter(
    (c) =>
      (!selection.campaignIds?.length || selection.campaignIds.includes(c.id)) &&
      (!text || c.name.toLowerCase().includes(text)),
  );
}

/**
 * Every (campaign, date) figure the sandbox answers for `account` from `from` to `to` inclusive:
 * the single function behind every reporting endpoint, exported so tests compute expected values.
 * With `obeyed` (the sandbox's writes), the days are as the platforms' write calls left them
 * (paused campaigns stop spending, spend capped at a written daily budget; `campaign-writes.ts`).
 */
export function campaignDays(
  source: SourceData,
  account: DemoAccount,
  from: string,
  to: string,
  now: Date,
  selection: CampaignSelection = {},
  obeyed?: CampaignWrites,
): CampaignDay[] {
  if (!isDate(from) || !isDate(to)) return [];
  // Without a write on the account the days are the data: no month-to-date to carry.
  const writes = obeyed?.hasWrites(account) ? obeyed : undefined;
  const window = servedWindow(account, now);
  const start = from > window.first ? from : window.first;
  const end = to < window.last ? to : window.last;
  const out: CampaignDay[] = [];
  const campaigns = selectCampaigns(account, selection);
  // With writes, from the month's first day: a day's overdelivery cap depends on the month so far.
  const monthFirst = monthStartBefore(start, 0);
  const first = !writes ? start : monthFirst > window.first ? monthFirst : window.first;
  const months = new Map<string, MonthToDate>();
  for (let date = first; date <= end; date = plusDays(date, 1)) {
    const index = sourceIndexFor(date);
    for (const campaign of campaigns) {
      const day = source.get(campaign.source.toLowerCase())?.[index];
      if (!day) continue;
      const replayed = campaignDay(account, campaign, date, day);
      if (!writes) {
        out.push(replayed);
        continue;
      }
      let month = months.get(campaign.id);
      if (!month || !date.startsWith(month.month.slice(0, 7))) {
        month = monthToDate(date);
        months.set(campaign.id, month);
      }
      const applied = writes.apply(account, replayed, month);
      if (date >= start) out.push(applied);
    }
  }
  return out;
}

/** One account-level day (campaigns summed). Conversions are the source's orders. */
export interface AccountDay {
  date: string;
  spendMicros: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenueMicros: number;
}

/** The figures of `d` alone (a copy, to sum into). */
export function figuresOf(d: DayFigures): DayFigures {
  return {
    impressions: d.impressions,
    spendMicros: d.spendMicros,
    clicks: d.clicks,
    leads: d.leads,
    orders: d.orders,
    revenueMicros: d.revenueMicros,
  };
}

/** Adds the figures of `d` to `into`. */
export function addFigures(into: DayFigures, d: DayFigures): void {
  into.impressions += d.impressions;
  into.spendMicros += d.spendMicros;
  into.clicks += d.clicks;
  into.leads += d.leads;
  into.orders += d.orders;
  into.revenueMicros += d.revenueMicros;
}

/** A group of {@link groupDays}: its first day (for the date and campaign) and the group's summed figures. */
export interface DayGroup {
  first: CampaignDay;
  figures: DayFigures;
}

/**
 * Campaign days summed per group, `keyOf` naming a day's group (e.g. its date, or its date and
 * campaign): the groups in the order they first appear. How every report of the sandbox sums the
 * replayed days to the level a query asks for.
 */
export function groupDays(days: readonly CampaignDay[], keyOf: (d: CampaignDay) => string): DayGroup[] {
  const groups = new Map<string, DayGroup>();
  for (const d of days) {
    const key = keyOf(d);
    const group = groups.get(key);
    if (group) addFigures(group.figures, d);
    else groups.set(key, { first: d, figures: figuresOf(d) });
  }
  return [...groups.values()];
}

/**
 * Account-level daily totals, ascending, only days with data: what a connector's
 * `fetchDailyMetrics` must return for these dates (it adds zero rows for the other dates).
 */
export function accountDays(
  source: SourceData,
  account: DemoAccount,
  from: string,
  to: string,
  now: Date,
  selection: CampaignSelection = {},
  writes?: CampaignWrites,
): AccountDay[] {
  return groupDays(campaignDays(source, account, from, to, now, selection, writes), (d) => d.date)
    .map(({ first, figures: f }) => ({
      date: first.date,
      spendMicros: f.spendMicros,
      impressions: f.impressions,
      clicks: f.clicks,
      conversions: f.orders,
      revenueMicros: f.revenueMicros,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}
