import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, demoAccount } from "./demo-accounts.ts";
import { accountDays, campaignDays, servedWindow, sourceIndexFor } from "./replay.ts";
import { defaultDataDir, loadSourceData, SOURCE_FILE } from "./source-rows.ts";

const source = loadSourceData();
const NOW = new Date("2026-03-18T10:00:00Z");

/** Spend per (lowercased campaign, day of February) read straight from the file, in cents. */
function rawSpendCents(): Map<string, number> {
  const [, ...lines] = readFileSync(join(defaultDataDir(), SOURCE_FILE), "utf8").trim().split(/\r?\n/);
  const out = new Map<string, number>();
  for (const line of lines) {
    const cols = line.split(",");
    out.set(`${cols[2]?.toLowerCase()}|${Number(cols[1]?.slice(0, 2))}`, Math.round(Number(cols[6]) * 100));
  }
  return out;
}

describe("replay of the real daily rows", () => {
  it("walks consecutive calendar days through the 28 source days in order", () => {
    const indexes = ["2026-03-01", "2026-03-02", "2026-03-03"].map(sourceIndexFor);
    expect(indexes[1]).toBe(((indexes[0] as number) + 1) % 28);
    expect(indexes[2]).toBe(((indexes[0] as number) + 2) % 28);
    expect(sourceIndexFor("2026-03-29")).toBe(sourceIndexFor("2026-03-01"));
  });

  it("serves the current month to date, last month and six months before, in the account time zone", () => {
    const search = demoAccount("googleads", "1112223333");
    if (!search) throw new Error("missing demo account");
    expect(servedWindow(search, NOW)).toEqual({ first: "2025-08-01", last: "2026-03-18" });
    const lateUtc = new Date("2026-03-18T23:30:00Z");
    const newYork = demoAccount("googleads", "4445556666");
    if (!newYork) throw new Error("missing demo account");
    expect(servedWindow(newYork, lateUtc).last).toBe("2026-03-18");
    expect(servedWindow(search, lateUtc).last).toBe("2026-03-18");
    expect(servedWindow(demoAccount("facebookads", "101000000000002") ?? search, lateUtc).last).toBe(
      "2026-03-19",
    );
    const days = accountDays(source, search, "2025-01-01", "2026-12-31", NOW);
    expect(days[0]?.date).toBe("2025-08-01");
    expect(days.at(-1)?.date).toBe("2026-03-18");
    expect(days).toHaveLength(230);
  });

  it("keeps one real day's figures on every replayed day, times the account factor", () => {
    const raw = rawSpendCents();
    for (const account of DEMO_ACCOUNTS.filter((a) => a.campaigns.length)) {
      for (const day of campaignDays(source, account, "2026-02-10", "2026-03-18", NOW)) {
        const real = raw.get(
          `${day.campaign.source.toLowerCase()}|${sourceIndexFor(day.date) + 1}`,
        ) as number;
        expect(day.spendMicros).toBe(Math.round((real * 10_000 * account.factorPercent) / 100));
      }
    }
  });

  it("maps every source campaign onto a demo account (banner_partner on DV360)", () => {
    const used = new Set(DEMO_ACCOUNTS.flatMap((a) => a.campaigns.map((c) => c.source.toLowerCase())));
    expect([...source.keys()].filter((k) => !used.has(k))).toEqual([]);
    expect(demoAccount("googledv360", "7654321")?.campaigns.map((c) => c.source)).toContain("banner_partner");
  });
});
