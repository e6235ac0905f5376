import { localHour } from "@pacer/core";
import { listAccountsForAlerts, type ScheduledAccount } from "@pacer/db";
import { logger } from "./logger.ts";
import { trialExpired } from "./session.ts";

/**
 * The hourly runs that act once a day at a fixed local hour of each account (the daily alerts, the
 * pacing digests): every account, page by page, whose local time (its time zone) at `now` is in
 * `hour` and whose free trial has not ended gets `run`; an account with an unknown time zone is
 * skipped. One account's failure is logged (with `name`) and does not stop the others.
 * @returns how many accounts were run and the sum of what `run` returned (e.g. e-mails sent).
 */
export async function runAtLocalHour(
  name: string,
  now: Date,
  hour: number,
  run: (account: ScheduledAccount) => Promise<number>,
): Promise<{ accounts: number; total: number }> {
  let accounts = 0;
  let total = 0;
  for await (const page of listAccountsForAlerts()) {
    for (const account of page) {
      if (trialExpired(account, now)) continue;
      let local: number;
      try {
        local = localHour(now, account.timeZone);
      } catch {
        continue; // an unknown time zone: nothing is due
      }
      if (local !== hour) continue;
      accounts++;
      try {
        total += await run(account);
      } catch (error) {
        logger.error(`${name} failed`, {
          accountId: account.accountId,
          errorName: error instanceof Error ? error.name : "Error",
          stack: error instanceof Error ? error.stack : undefined,
        });
      }
    }
  }
  return { accounts, total };
}
