import type { ScheduledEvent } from "aws-lambda";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";
import { runAtLocalHour } from "../lib/local-hour-run.ts";
import { logger } from "../lib/logger.ts";
import { observedHandler } from "../lib/observed-handler.ts";

/**
 * The daily alert run (schedule `alerts-daily` in functions/resources.ts, every 60 minutes). Each
 * run evaluates the alerts of the accounts whose local time (the account's time zone) is in the
 * daily alert hour, so each account is evaluated once a day at 08:00 its time; the fired-period
 * records keep an alert to one e-mail per period whatever runs twice. Accounts past their free trial
 * are skipped. One account's failure is logged and does not stop the others (`runAtLocalHour`).
 */

/** The local hour (0..23) at which an account's alerts are evaluated each day. */
export const ALERT_LOCAL_HOUR = 8;

/** The scheduled event's handler: evaluates the accounts whose alert hour it is. */
export const handler = observedHandler(async function dailyAlertRun(
  event: Pick<ScheduledEvent, "time">,
): Promise<{ accounts: number; fired: number }> {
  const now = event.time ? new Date(event.time) : new Date();
  const { accounts, total: fired } = await runAtLocalHour(
    "Alert evaluation",
    now,
    ALERT_LOCAL_HOUR,
    async (account) => (await evaluateAlertsForAccount(account.accountId, now)).fired.length,
  );
  logger.info("Daily alert run", { accounts, fired });
  return { accounts, fired };
});
