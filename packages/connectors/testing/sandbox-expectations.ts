import { eachDate } from "@pacer/core";
import { accountDays, type CampaignSelection, demoAccount, type SandboxHandle } from "@pacer/sandbox";
import type { DailyMetricsRow } from "../src/types.ts";

/**
 * The daily series a connector must return for a sandbox demo account: the sandbox's own replay
 * function (`accountDays`), zero-filled over the whole range like `fetchDailyMetrics` promises.
 */
export function expectedSeries(
  sandbox: SandboxHandle,
  platform: string,
  accountId: string,
  from: string,
  to: string,
  selection: CampaignSelection = {},
): DailyMetricsRow[] {
  const account = demoAccount(platform, accountId);
  if (!account) throw new Error(`no demo account ${platform}/${accountId}`);
  const byDate = new Map(
    accountDays(sandbox.source, account, from, to, sandbox.now(), selection).map((d) => [d.date, d]),
  );
  return eachDate(from, to).map((date) => {
    const d = byDate.get(date);
    return {
      date,
      spendMicros: d?.spendMicros ?? 0,
      impressions: d?.impressions ?? 0,
      clicks: d?.clicks ?? 0,
      conversions: d?.conversions ?? 0,
      revenueMicros: d?.revenueMicros ?? 0,
    };
  });
}

/** Sum of spend over rows, micros. */
export function totalSpend(rows: readonly DailyMetricsRow[]): number {
  return rows.reduce((s, r) => s + r.spendMicros, 0);
}
