import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { Account } from "./accounts.ts";
import type { AlertEntity } from "./entities/alert.ts";
import { nowIso } from "./entities/common.ts";
import { isConditionFailure, NotFoundError } from "./errors.ts";
import { db } from "./service.ts";

/** An alert rule as stored. */
export type Alert = EntityItem<typeof AlertEntity>;

/** The fields of an alert its creator sets (create and edit). */
export type AlertInput = Pick<
  Alert,
  "name" | "level" | "target" | "data" | "fireWhen" | "additionalRecipientIds"
> & {
  /** Weekly 1..5, monthly 1..31; null (or absent) for everyday alerts. */
  fireOn?: number | null;
};

/** How long a fired-period record is kept: longer than the longest period (a month). */
const FIRING_TTL_SECONDS = 100 * 24 * 60 * 60;

/** Every alert of an account (one query). */
export async function listAlerts(accountId: string): Promise<Alert[]> {
  const { data } = await db().entities.alert.query.byAccount({ accountId }).go({ pages: "all" });
  return data;
}

/**
 * One alert of an account.
 * @throws NotFoundError
 */
export async function getAlert(accountId: string, alertId: string): Promise<Alert> {
  const { data } = await db().entities.alert.get({ accountId, alertId }).go();
  if (!data) throw new NotFoundError("Alert");
  return data;
}

/** Creates an alert for its creator `userId`. */
export async function createAlert(
  accountId: string,
  userId: string,
  input: AlertInput,
  now: Date = new Date(),
): Promise<Alert> {
  const { fireOn, ...rest } = input;
  const { data } = await db()
    .entities.alert.create({
      ...rest,
      ...(fireOn === undefined || fireOn === null ? {} : { fireOn }),
      accountId,
      alertId: randomUUID(),
      userId,
      createdAt: nowIso(now),
    })
    .go();
  return data;
}

/**
 * Replaces an alert's rule (last writer wins: alerts have no concurrent editors worth locking for).
 * @throws NotFoundError
 */
export async function updateAlert(
  accountId: string,
  alertId: string,
  input: AlertInput,
  now: Date = new Date(),
): Promise<Alert> {
  const { fireOn, ...rest } = input;
  try {
    let op = db()
      .entities.alert.patch({ accountId, alertId })
      .set({
        ...rest,
        ...(fireOn === undefined || fireOn === null ? {} : { fireOn }),
        updatedAt: nowIso(now),
      });
    if (fireOn === undefined || fireOn === null) op = op.remove(["fireOn"]);
    const { data } = await op.go({ response: "all_new" });
    return data as Alert;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("Alert");
    throw error;
  }
}

/**
 * Deletes an alert.
 * @throws NotFoundError
 */
export async function deleteAlert(accountId: string, alertId: string): Promise<Alert> {
  try {
    const { data } = await db().entities.alert.remove({ accountId, alertId }).go({ response: "all_old" });
    return data as Alert;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("Alert");
    throw error;
  }
}

/**
 * Records that an alert fired in a period, only if it has not fired in that period yet (a
 * conditional create): the caller sends the e-mails only when this returns true.
 * @returns true when this call recorded the firing; false when the alert already fired in the period.
 */
export async function recordAlertFiring(
  accountId: string,
  alertId: string,
  periodKey: string,
  counts: { breaches: number; recipients: number },
  now: Date = new Date(),
): Promise<boolean> {
  try {
    await db()
      .entities.alertFiring.create({
        accountId,
        alertId,
        periodKey,
        firedAt: nowIso(now),
        ...counts,
        expiresAt: Math.floor(now.getTime() / 1000) + FIRING_TTL_SECONDS,
      })
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Forgets a firing whose e-mails could not be sent, so a later evaluation in the period can retry. */
export async function forgetAlertFiring(
  accountId: string,
  alertId: string,
  periodKey: string,
): Promise<void> {
  await db().entities.alertFiring.delete({ accountId, alertId, periodKey }).go();
}

/** Whether an alert has fired in a period. */
export async function hasAlertFired(accountId: string, alertId: string, periodKey: string): Promise<boolean> {
  const { data } = await db().entities.alertFiring.get({ accountId, alertId, periodKey }).go();
  return Boolean(data);
}

/** What the daily alert schedule needs of each account. */
export type ScheduledAccount = Pick<Account, "accountId" | "timeZone" | "freeTrial" | "freeTrialEndDate">;

/**
 * Every account, page by page (the accounts' refresh index, whose partition holds every account), with
 * only the fields the alert schedule needs.
 */
export async function* listAccountsForAlerts(): AsyncGenerator<ScheduledAccount[]> {
  let cursor: string | null = null;
  do {
    const page: { data: unknown[]; cursor: string | null } = await db()
      .entities.account.query.byRefreshDue({})
      .go({ cursor, attributes: ["accountId", "timeZone", "freeTrial", "freeTrialEndDate"] });
    yield page.data as ScheduledAccount[];
    cursor = page.cursor;
  } while (cursor);
}
