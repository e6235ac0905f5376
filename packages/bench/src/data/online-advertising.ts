import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The "online advertising performance" data set (3 display campaigns, April to June) as one row per
 * campaign and day, the form the forecast backtest reads. The source has several rows per campaign
 * and day (banner x placement x engagement); `onlineAdvertisingDailyCsv` sums them. The copy kept in
 * `packages/bench/data/` (see its README for origin and licence) is that sum of the shared file, and
 * a test keeps it so.
 */

/** File name of the source in the team's shared data folder. */
export const ONLINE_ADVERTISING_SOURCE = "online-advertising-performance-91-days.csv";

/** The daily copy kept in the repository. */
export const ONLINE_ADVERTISING_DAILY = fileURLToPath(
  new URL("../../data/online-advertising-daily.csv", import.meta.url),
);

/**
 * The source gives months and days but no year. 2022 is the year whose weekends fall on the
 * series' low days (camp 1 is lowest on 9-10, 16-17, 23-24 and 30 April - 1 May, Saturdays and
 * Sundays in 2022). Only the seven-day cycle matters to the forecast.
 */
export const ONLINE_ADVERTISING_YEAR = 2022;

const MONTHS: Record<string, string> = { April: "04", May: "05", June: "06" };

/** One campaign on one day. Spend in integer micros (the source states no currency). */
export interface CampaignDay {
  campaign: string;
  /** `yyyy-MM-dd` in {@link ONLINE_ADVERTISING_YEAR}. */
  date: string;
  impressions: number;
  spendMicros: number;
  clicks: number;
  conversions: number;
}

/** Exact decimal text -> integer micros (the source has at most 6 decimals). */
function micros(text: string): number {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? "").padEnd(6, "0"));
}

/**
 * The source's rows summed per campaign and day: `displays` -> impressions, `cost` -> spend,
 * `clicks`, `post_click_conversions` -> conversions; sorted by campaign, then date.
 * @throws Error on an unexpected header or amount.
 */
export function aggregateOnlineAdvertising(sourceText: string): CampaignDay[] {
  const [header, ...lines] = sourceText.trim().split(/\r?\n/);
  const columns = (header ?? "").split(",");
  const at = (name: string) => {
    const i = columns.indexOf(name);
    if (i < 0) throw new Error(`source has no column ${name}`);
    return i;
  };
  const [month, day, campaign, displays, cost, clicks, conversions] = [
    "month",
    "day",
    "campaign_number",
    "displays",
    "cost",
    "clicks",
    "post_click_conversions",
  ].map(at) as [number, number, number, number, number, number, number];
  const byKey = new Map<string, CampaignDay>();
  for (const line of lines) {
    const f = line.split(",");
    const mm = MONTHS[f[month] ?? ""];
    if (!mm) throw new Error(`unexpected month in ${line}`);
    const date = `${ONLINE_ADVERTISING_YEAR}-${mm}-${String(f[day]).padStart(2, "0")}`;
    const name = f[campaign] ?? "";
    const key = `${name}|${date}`;
    let row = byKey.get(key);
    if (!row) {
      row = { campaign: name, date, impressions: 0, spendMicros: 0, clicks: 0, conversions: 0 };
      byKey.set(key, row);
    }
    row.impressions += Number(f[displays]);
    row.spendMicros += micros(f[cost] ?? "");
    row.clicks += Number(f[clicks]);
    row.conversions += Number(f[conversions]);
  }
  return [...byKey.values()].sort((a, b) =>
    a.campaign === b.campaign ? a.date.localeCompare(b.date) : a.campaign.localeCompare(b.campaign),
  );
}

const HEADER = "campaign,date,impressions,spend_micros,clicks,conversions";

/** The daily rows as the CSV text kept in the repository. */
export function onlineAdvertisingDailyCsv(days: readonly CampaignDay[]): string {
  const lines = days.map((d) =>
    [d.campaign, d.date, d.impressions, d.spendMicros, d.clicks, d.conversions].join(","),
  );
  return `${[HEADER, ...lines].join("\n")}\n`;
}

/** Reads the repository's daily copy. @throws Error when the file is not in the expected shape. */
export function loadOnlineAdvertisingDaily(path: string = ONLINE_ADVERTISING_DAILY): CampaignDay[] {
  const [header, ...lines] = readFileSync(path, "utf8").trim().split(/\r?\n/);
  if (header !== HEADER) throw new Error(`${path}: unexpected header ${header}`);
  return lines.map((line) => {
    const [campaign, date, impressions, spend, clicks, conversions] = line.split(",");
    return {
      campaign: campaign ?? "",
      date: date ?? "",
      impressions: Number(impressions),
      spendMicros: Number(spend),
      clicks: Number(clicks),
      conversions: Number(conversions),
    };
  });
}
