import { randomUUID } from "node:crypto";
import type { Alert } from "@pacer/core";
import type { EntityItem } from "electrodb";
import type { Account } from "./accounts.ts";
import { batchWriteRetrying } from "./batch-write.ts";
import type { AlertChannelEntity, AlertEventEntity, AlertStateEntity } from "./entities/alert.ts";
import { nowIso } from "./entities/common.ts";
import { ALERT_CHANNEL_FAILING_AFTER } from "./entities/constants.ts";
import { isConditionFailure, NotFoundError } from "./errors.ts";
import { db } from "./service.ts";

/** An alert rule as stored: core's `Alert` (see domain-items.ts). */
export type { Alert };

/** The fields of an alert its creator sets (create and edit). */
export type AlertInput = Pick<
  Alert,
  "name" | "level" | "target" | "data" | "fireWhen" | "additionalRecipientIds"
> & {
  /** The alert channels (ids) it is also delivered to; absent on edit: unchanged. */
  channelIds?: string[] | undefined;
  /** Weekly 1..5, monthly 1..31; null (or absent) for everyday alerts. */
  fireOn?: number | null;
};

/** Every alert of an account (one query). */
export async function listAlerts(accountId: string): Promise<Alert[]> {
  const { data } = await (await db()).entities.alert.query.byAccount({ accountId }).go({ pages: "all" });
  return data;
}

/**
 * One alert of an account.
 * @throws NotFoundError
 */
export async function getAlert(accountId: string, alertId: string): Promise<Alert> {
  const { data } = await (await db()).entities.alert.get({ accountId, alertId }).go();
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
  const { data } = await (await db()).entities.alert
    .create({
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
    let op = (await db()).entities.alert.patch({ accountId, alertId }).set({
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
    const { data } = await (await db()).entities.alert
      .remove({ accountId, alertId })
      .go({ response: "all_old" });
    return data as Alert;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("Alert");
    throw error;
  }
}

/** One target's state under an alert, as stored (firing or not, since when, its snooze, version). */
export type AlertState = EntityItem<AlertStateEntity>;

/** One alert history entry, as stored. */
export type AlertEvent = EntityItem<AlertEventEntity>;

/** A history entry to record: everything but the keys and the expiry, which the data layer sets. */
export type AlertEventInput = Omit<AlertEvent, "accountId" | "eventId" | "expiresAt">;

/** How long alert history is kept (TTL): 180 days. */
const HISTORY_TTL_SECONDS = 180 * 24 * 60 * 60;

/** Every target state of one alert (one query). */
export async function listAlertStates(accountId: string, alertId: string): Promise<AlertState[]> {
  const { data } = await (await db()).entities.alertState.query
    .byAlertTarget({ accountId, alertId })
    .go({ pages: "all" });
  return data;
}

/**
 * Writes a target's firing state, only if the state is still the one read (`previous`, or none):
 * a new state is created on the condition that none exists, an existing one is patched at its
 * version. The caller announces the crossing or the clearing only when this returns true.
 * @returns true when this call wrote the change; false when another evaluation changed it first.
 */
export async function saveAlertState(
  accountId: string,
  alertId: string,
  targetKey: string,
  previous: AlertState | undefined,
  firing: boolean,
  now: Date = new Date(),
): Promise<boolean> {
  try {
    if (!previous) {
      await (await db()).entities.alertState
        .create({ accountId, alertId, targetKey, firing, since: nowIso(now), version: 1 })
        .go();
    } else {
      await (await db()).entities.alertState
        .patch({ accountId, alertId, targetKey })
        .set({ firing, since: nowIso(now) })
        .add({ version: 1 })
        .where(({ version }, { eq }) => eq(version, previous.version))
        .go();
    }
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Snoozes (or, with `until` null, unsnoozes) one target of an alert until an instant; the target's
 * firing state is kept.
 */
export async function snoozeAlertTarget(
  accountId: string,
  alertId: string,
  targetKey: string,
  until: Date | null,
): Promise<void> {
  const key = { accountId, alertId, targetKey };
  try {
    const op = (await db()).entities.alertState.patch(key);
    await (until ? op.set({ snoozedUntil: nowIso(until) }) : op.remove(["snoozedUntil"])).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (!until) return; // no state, nothing snoozed
    // No state yet: a new, quiet one. A concurrent create wins and is patched again.
    try {
      await (await db()).entities.alertState
        .create({ ...key, firing: false, snoozedUntil: nowIso(until), version: 1 })
        .go();
    } catch (again) {
      if (!isConditionFailure(again)) throw again;
      await (await db()).entities.alertState
        .patch(key)
        .set({ snoozedUntil: nowIso(until) })
        .go();
    }
  }
}

/**
 * Snoozes (or, with `until` null, unsnoozes) a whole alert until an instant.
 * @throws NotFoundError
 */
export async function snoozeAlert(accountId: string, alertId: string, until: Date | null): Promise<Alert> {
  try {
    const op = (await db()).entities.alert.patch({ accountId, alertId });
    const { data } = await (until ? op.set({ snoozedUntil: nowIso(until) }) : op.remove(["snoozedUntil"])).go(
      {
        response: "all_new",
      },
    );
    return data as Alert;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("Alert");
    throw error;
  }
}

/**
 * Forgets every target state of an alert (its rule changed or it was removed): the next evaluation
 * starts quiet, and fires for the targets where the new rule holds.
 */
export async function deleteAlertStates(accountId: string, alertId: string): Promise<void> {
  const states = await listAlertStates(accountId, alertId);
  if (states.length === 0) return;
  const keys = states.map(({ targetKey }) => ({ accountId, alertId, targetKey }));
  await batchWriteRetrying(
    keys,
    async (batch) => (await db()).entities.alertState.delete(batch).go(),
    (k) => k.targetKey,
    "alert states",
  );
}

/** Records alert history entries (firings, resolutions, deliveries), each with a new id, kept 180 days. */
export async function recordAlertEvents(
  accountId: string,
  events: readonly AlertEventInput[],
  now: Date = new Date(),
): Promise<void> {
  if (events.length === 0) return;
  const expiresAt = Math.floor(now.getTime() / 1000) + HISTORY_TTL_SECONDS;
  const items = events.map((e) => ({ ...e, accountId, eventId: randomUUID(), expiresAt }));
  await batchWriteRetrying(
    items,
    async (batch) => (await db()).entities.alertEvent.put(batch).go(),
    (i) => `${i.at}#${i.eventId}`,
    "alert history entries",
  );
}

/** An account's alert history, newest first, at most `limit` entries (default 500). */
export async function listAlertEvents(accountId: string, limit = 500): Promise<AlertEvent[]> {
  const { data } = await (await db()).entities.alertEvent.query
    .byAccountTime({ accountId })
    .go({ order: "desc", count: limit, pages: "all" });
  return data;
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
    const page: { data: unknown[]; cursor: string | null } = await (await db()).entities.account.query
      .byRefreshDue({})
      .go({ cursor, attributes: ["accountId", "timeZone", "freeTrial", "freeTrialEndDate"] });
    yield page.data as ScheduledAccount[];
    cursor = page.cursor;
  } while (cursor);
}

/** An alert channel as stored (its `secret` never leaves the server after creation). */
export type AlertChannel = EntityItem<AlertChannelEntity>;

/** What a new channel needs: kind, name, URL and (webhooks) its signing secret. */
export type AlertChannelInput = Pick<AlertChannel, "kind" | "name" | "url"> & { secret?: string | undefined };

/** Every alert channel of an account (one query). */
export async function listAlertChannels(accountId: string): Promise<AlertChannel[]> {
  const { data } = await (await db()).entities.alertChannel.query
    .byAccount({ accountId })
    .go({ pages: "all" });
  return data;
}

/**
 * One alert channel of an account.
 * @throws NotFoundError
 */
export async function getAlertChannel(accountId: string, channelId: string): Promise<AlertChannel> {
  const { data } = await (await db()).entities.alertChannel.get({ accountId, channelId }).go();
  if (!data) throw new NotFoundError("Alert channel");
  return data;
}

/** Creates an alert channel of an account, created by `userId`. */
export async function createAlertChannel(
  accountId: string,
  userId: string,
  input: AlertChannelInput,
  now: Date = new Date(),
): Promise<AlertChannel> {
  const { secret, ...rest } = input;
  const { data } = await (await db()).entities.alertChannel
    .create({
      ...rest,
      ...(secret ? { secret } : {}),
      accountId,
      channelId: randomUUID(),
      createdBy: userId,
      createdAt: nowIso(now),
      consecutiveDeadLetters: 0,
    })
    .go();
  return data;
}

/**
 * Deletes an alert channel (alerts naming it simply stop delivering to it).
 * @throws NotFoundError
 */
export async function deleteAlertChannel(accountId: string, channelId: string): Promise<AlertChannel> {
  try {
    const { data } = await (await db()).entities.alertChannel
      .remove({ accountId, channelId })
      .go({ response: "all_old" });
    return data as AlertChannel;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("Alert channel");
    throw error;
  }
}

/**
 * Records a channel delivery's end: `sent` resets the dead-letter count and the failing mark;
 * `dead-lettered` adds one to the count and, when it reaches {@link ALERT_CHANNEL_FAILING_AFTER}
 * and the channel was not failing yet, marks it failing.
 * @returns `{ becameFailing }`: true exactly once per failing spell (the caller tells the Admins);
 * undefined when the channel no longer exists.
 */
export async function recordAlertChannelOutcome(
  accountId: string,
  channelId: string,
  outcome: "sent" | "dead-lettered",
  reason: string | undefined,
  now: Date = new Date(),
): Promise<{ becameFailing: boolean } | undefined> {
  try {
    if (outcome === "sent") {
      await (await db()).entities.alertChannel
        .patch({ accountId, channelId })
        .set({ consecutiveDeadLetters: 0 })
        .remove(["failingSince"])
        .go();
      return { becameFailing: false };
    }
    const { data } = await (await db()).entities.alertChannel
      .patch({ accountId, channelId })
      .add({ consecutiveDeadLetters: 1 })
      .set({ lastFailure: (reason ?? "").slice(0, 500) || "failed" })
      .go({ response: "all_new" });
    const channel = data as AlertChannel;
    if (channel.consecutiveDeadLetters < ALERT_CHANNEL_FAILING_AFTER || channel.failingSince) {
      return { becameFailing: false };
    }
    try {
      await (await db()).entities.alertChannel
        .patch({ accountId, channelId })
        .set({ failingSince: nowIso(now) })
        .where(({ failingSince }, { notExists }) => notExists(failingSince))
        .go();
      return { becameFailing: true };
    } catch (error) {
      if (isConditionFailure(error)) return { becameFailing: false };
      throw error;
    }
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
