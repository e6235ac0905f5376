import { localHour } from "@pacer/core";
import { listAccountsForAlerts } from "@pacer/db";
import type { ScheduledEvent } from "aws-lambda";
import { type DigestRunSummary, sendDigestsForAccount } from "../lib/digests.ts";
import { logger } from "../lib/logger.ts";

/**
 * The pacing digest run (schedule `digests` in functions/resources.ts, every 60 minutes). Each run
 * sends the digests of the accounts whose local time (the account's time zone) is in the digest
 * hour, so daily digests go out at 08:00 each day and weekly ones at 08:00 on Mondays, account time
 * (`lib/digests.ts`, which also keeps a user to one digest per period). One account's failure is
 * logged and does not stop the others.
 */

/** The local hour (0..23) at which digests are sent: with the daily alerts, at the start of the working day. */
export const DIGEST_LOCAL_HOUR = 8;

/** The scheduled event's handler: sends the digests of the accounts whose digest hour it is. */
export async function handler(
  event: Pick<ScheduledEvent, "time">,
): Promise<{ accounts: number; sent: number }> {
  const now = event.time ? new Date(event.time) : new Date();
  let accounts = 0;
  let sent = 0;
  for await (const page of listAccountsForAlerts()) {
    for (const account of page) {
      let hour: number;
      try {
        hour = localHour(now, account.timeZone);
      } catch {
        continue; // an unknown time zone: nothing is due
      }
      if (hour !== DIGEST_LOCAL_HOUR) continue;
      accounts++;
      try {
        const summary: DigestRunSummary = await sendDigestsForAccount(account.accountId, now);
        sent += summary.sent.length;
      } catch (error) {
        logger.error("Digest run failed", {
          accountId: account.accountId,
          errorName: error instanceof Error ? error.name : "Error",
          stack: error instanceof Error ? error.stack : undefined,
        });
      }
    }
  }
  logger.info("Digest run", { accounts, sent });
  return { accounts, sent };
}
