import { describe, expect, it } from "vitest";
import { plusDays } from "./calendar.ts";
import { CampaignWrites, monthToDate } from "./campaign-writes.ts";
import type { DemoAccount } from "./demo-accounts.ts";
import type { CampaignDay } from "./replay.ts";

/** How the replay obeys a written daily budget, per platform (March 2026: 31 days, London on GMT). */

const UNIT = 1_000_000;
const campaign = { id: "c1", name: "Campaign", source: "campaign", status: "ENABLED" as const };
const accountOn = (platform: string): DemoAccount => ({
  platform,
  id: "1",
  name: "Account",
  currency: "GBP",
  timeZone: "Europe/London",
  factorPercent: 100,
  campaigns: [campaign],
});

/** A natural day spending `spend` micros (other figures proportional). */
const aDay = (date: string, spend: number): CampaignDay => ({
  date,
  campaign,
  impressions: 1000,
  spendMicros: spend,
  clicks: 100,
  leads: 0,
  orders: 10,
  revenueMicros: 0,
});

/** The month of March replayed in order with a 10 budget written on 1 March, every day naturally spending `spend`. */
function replayMarch(platform: string, spend: number): number[] {
  const account = accountOn(platform);
  const writes = new CampaignWrites();
  writes.record(account, campaign.id, {
    at: Date.parse("2026-03-01T00:00:00Z"),
    dailyBudgetMicros: 10 * UNIT,
  });
  const month = monthToDate("2026-03-01");
  const out: number[] = [];
  for (let i = 0, date = "2026-03-01"; i < 31; i++, date = plusDays(date, 1)) {
    out.push(writes.apply(account, aDay(date, spend), month).spendMicros);
  }
  return out;
}

describe("CampaignWrites: a written daily budget caps the replayed spend", () => {
  it("on Google Ads, a day spends up to 2x its budget and the month at most 30.4 days' worth", () => {
    const days = replayMarch("googleads", 30 * UNIT);

    // 20 a day for 15 days (300), 4 on the 16th (304 = 30.4 x 10), nothing after.
    expect(days.slice(0, 15)).toEqual(Array(15).fill(20 * UNIT));
    expect(days[15]).toBe(4 * UNIT);
    expect(days.slice(16).every((d) => d === 0)).toBe(true);
    expect(days.reduce((s, d) => s + d, 0)).toBe(304 * UNIT);
  });

  it("on Google Ads, a day under its budget spends what it would, and leaves room for later days", () => {
    const low = replayMarch("googleads", 5 * UNIT);

    expect(low.every((d) => d === 5 * UNIT)).toBe(true);
  });

  it("on Meta, a day spends at most its budget (no overdelivery modelled)", () => {
    const days = replayMarch("facebookads", 30 * UNIT);

    expect(days.every((d) => d === 10 * UNIT)).toBe(true);
  });
});
