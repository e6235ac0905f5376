import type { ScheduledEvent } from "aws-lambda";
import { sendDigestsForAccount } from "../lib/digests.ts";
import { runAtLocalHour } from "../lib/local-hour-run.ts";
import { logger } from "../lib/logger.ts";
import { observedHandler } from "../lib/observed-handler.ts";

/**
 * The pacing digest run (schedule `digests` in functions/resources.ts, every 60 minutes). Each run
 * sends the digests of the accounts whose local time (the account's time zone) is in the digest
 * hour, so daily digests go out at 08:00 each day and weekly ones at 08:00 on Mondays, account time
 * (`lib/digests.ts`, which also keeps a user to one digest per period). Accounts past their free
 * trial are skipped; one account's failure is logged and does not stop the others (`runAtLocalHour`).
 */

/** The local hour (0..23) at which digests are sent: with the daily alerts, at the start of the working day. */
export const DIGEST_LOCAL_HOUR = 8;

/** The scheduled event's handler: sends the digests of the accounts whose digest hour it is. */
export const handler = observedHandler(async function digestRun(
  event: Pick<ScheduledEvent, "time">,
): Promise<{ accounts: number; sent: number }> {
  const now = event.time ? new Date(event.time) : new Date();
  const { accounts, total: sent } = await runAtLocalHour(
    "Digest run",
    now,
    DIGEST_LOCAL_HOUR,
    async (account) => (await sendDigestsForAccount(account.accountId, now)).sent.length,
  );
  logger.info("Digest run", { accounts, sent });
  return { accounts, sent };
});
