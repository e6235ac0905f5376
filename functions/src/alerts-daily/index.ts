import { localHour } from "@pacer/core";
import { listAccountsForAlerts } from "@pacer/db";
import type { ScheduledEvent } from "aws-lambda";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";
import { logger } from "../lib/logger.ts";
import { trialExpired } from "../lib/session.ts";

/**
 * The daily alert run (schedule `alerts-daily` in functions/resources.ts, every 60 minutes). Each
 * run evaluates the alerts of the accounts whose local time (the account's time zone) is in the
 * daily alert hour, so each account is evaluated once a day at 08:00 its time; the fired-period
 * records keep an alert to one e-mail per period whatever runs twice. Accounts past their free trial
 * are skipped. One account's failure is logged and does not stop the others.
 */

/** The local hour (0..23) at which an account's alerts are evaluated each day. */
export const ALERT_LOCAL_HOUR = 8;

/** The scheduled event's handler: evaluates the accounts whose alert hour it is. */
export async function handler(
  event: Pick<ScheduledEvent, "time">,
): Promise<{ accounts: number; fired: number }> {
  const now = event.time ? new Date(event.time) : new Date();
  let accounts = 0;
  let fired = 0;
  for await (const page of listAccountsForAlerts()) {
    for (const account of page) {
      if (trialExpired(account, now)) continue;
      let hour: number;
      try {
        hour = localHour(now, account.timeZone);
      } catch {
        continue; // an unknown time zone: nothing is due
      }
      if (hour !== ALERT_LOCAL_HOUR) continue;
      accounts++;
      try {
        fired += (await evaluateAlertsForAccount(account.accountId, now)).fired.length;
      } catch (error) {
        logger.error("Alert evaluation failed", {
          accountId: account.accountId,
          errorName: error instanceof Error ? error.name : "Error",
          stack: error instanceof Error ? error.stack : undefined,
        });
      }
    }
  }
  logger.info("Daily alert run", { accounts, fired });
  return { accounts, fired };
}
