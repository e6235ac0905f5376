import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";

/** File name of the real daily campaign rows (11 campaigns x 28 days of February 2021). */
export const SOURCE_FILE = "marketing-feb2021-daily-campaigns.csv";

/**
 * Default data folder: `PACER_DATA_DIR` when set, otherwise the package's own `data/` folder, a
 * copy of the shared data kept in the repository so a clone works wherever it is checked out
 * (see `packages/sandbox/data/README.md`).
 */
export function defaultDataDir(): string {
  return process.env.PACER_DATA_DIR ?? fileURLToPath(new URL("../../data", import.meta.url));
}

/** The team's shared data folder beside the repository, where the source file comes from. */
export const SHARED_DATA_DIR = fileURLToPath(new URL("../../../../../shared/data", import.meta.url));

/** Full path of the source file in the default data folder. */
export function sourceFilePath(dataDir: string = defaultDataDir()): string {
  return join(dataDir, SOURCE_FILE);
}

/** The figures of one day: counts, and money in integer micros (the source carries no currency). */
export interface DayFigures {
  impressions: number;
  spendMicros: number;
  clicks: number;
  leads: number;
  orders: number;
  revenueMicros: number;
}

/** One real day of one source campaign. */
export interface SourceDay extends DayFigures {
  /** `yyyy-MM-dd`, 2021-02-01 .. 2021-02-28. */
  date: string;
  /** Day index 0..27 (date's day of month minus one). */
  index: number;
  campaignName: string;
  campaignId: string;
  category: string;
}

/** The source rows by lowercased campaign name, each an array of 28 days in date order. */
export type SourceData = ReadonlyMap<string, readonly SourceDay[]>;

/** Exact decimal text -> micros (the file has at most 2 decimals). */
export function unitsToMicros(text: string): number {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? "").padEnd(6, "0"));
}

/**
 * Micros as plain decimal text in currency units, the way platforms write amounts: trailing zeros
 * dropped, but at least `minDecimals` decimals (`5339.5`, `14.35`; with 2: `20.00`; with 6:
 * `7307.370000`). The inverse of {@link unitsToMicros}.
 */
export function microsText(micros: number, minDecimals = 0): string {
  const whole = Math.trunc(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, "0")
    .replace(/0+$/, "")
    .padEnd(minDecimals, "0");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * Reads and checks the source file: every campaign must have exactly the 28 days of February 2021.
 * Campaign names are keyed lowercased (the file spells one `facebOOK_tier2`).
 */
export function loadSourceData(dataDir: string = defaultDataDir()): SourceData {
  const text = readFileSync(join(dataDir, SOURCE_FILE), "utf8");
  const records = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<
    string,
    string
  >[];
  const byCampaign = new Map<string, SourceDay[]>();
  for (const r of records) {
    const [dd, mm, yyyy] = (r.c_date ?? "").split("-");
    const date = `${yyyy}-${mm}-${dd}`;
    const name = r.campaign_name ?? "";
    const day: SourceDay = {
      date,
      index: Number(dd) - 1,
      campaignName: name,
      campaignId: r.campaign_id ?? "",
      category: r.category ?? "",
      impressions: Number(r.impressions),
      spendMicros: unitsToMicros(r.mark_spent ?? ""),
      clicks: Number(r.clicks),
      leads: Number(r.leads),
      orders: Number(r.orders),
      revenueMicros: unitsToMicros(r.revenue ?? ""),
    };
    const key = name.toLowerCase();
    const list = byCampaign.get(key) ?? [];
    list.push(day);
    byCampaign.set(key, list);
  }
  for (const [name, days] of byCampaign) {
    days.sort((a, b) => a.index - b.index);
    if (days.length !== 28 || days.some((d, i) => d.index !== i)) {
      throw new Error(`source campaign ${name} does not have the 28 days of February 2021`);
    }
  }
  return byCampaign;
}
