import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { AutopilotActionEntity, AutopilotSettingsEntity } from "./entities/autopilot.ts";
import { nowIso } from "./entities/common.ts";
import type { AUTOPILOT_ACTION_STATUSES } from "./entities/constants.ts";
import { DataError, isConditionFailure, NotFoundError, transactionConditionFailed } from "./errors.ts";
import { db } from "./service.ts";

/**
 * AutoPilot's items (beyond the spec): a tracker's settings and state, the account's switch, and the
 * actions (proposals and the audit trail). Every function takes the caller's account id.
 */

/** A tracker's stored AutoPilot settings and state. */
export type AutopilotRecord = EntityItem<AutopilotSettingsEntity>;
/** One stored AutoPilot action. */
export type AutopilotActionItem = EntityItem<AutopilotActionEntity>;
/** The status of an action. */
export type AutopilotActionStatus = (typeof AUTOPILOT_ACTION_STATUSES)[number];

/** An action's status was not one the change expects (applied twice, dismissed after applying...). */
export class ActionStateConflictError extends DataError {
  constructor() {
    super("CONFLICT", "This action was already decided; reload to see it");
  }
}

/** A tracker's AutoPilot item, or null when it never set AutoPilot (= off). */
export async function getAutopilotRecord(
  accountId: string,
  trackerId: string,
): Promise<AutopilotRecord | null> {
  const { data } = await (await db()).entities.autopilotSettings.get({ accountId, trackerId }).go();
  return data;
}

/**
 * Stores a tracker's settings (the state, paused campaigns and last run, is kept) and, in the same
 * transaction, the tracker's `autopilotOn` flag (the settings' `enabled`), which tells a refresh
 * whether to read the AutoPilot item at all.
 * @param settings core's AutopilotSettings, validated by the caller
 * @throws NotFoundError when the tracker does not exist (nothing is written).
 */
export async function saveAutopilotSettings(
  accountId: string,
  trackerId: string,
  settings: unknown,
  userId: string,
  now: Date = new Date(),
): Promise<AutopilotRecord> {
  const enabled = (settings as { enabled?: unknown } | null)?.enabled === true;
  const result = await (await db()).transaction
    .write(({ autopilotSettings, tracker }) => [
      autopilotSettings
        .update({ accountId, trackerId })
        .set({ settings, updatedAt: nowIso(now), updatedBy: userId })
        .commit(),
      tracker.patch({ accountId, trackerId }).set({ autopilotOn: enabled }).commit(),
    ])
    .go();
  if (result.canceled) {
    if (transactionConditionFailed(result)) throw new NotFoundError("Tracker");
    throw new Error("AutoPilot settings transaction was cancelled");
  }
  const stored = await getAutopilotRecord(accountId, trackerId);
  if (!stored) throw new NotFoundError("AutoPilot settings");
  return { ...stored, pausedCampaigns: stored.pausedCampaigns ?? {} };
}

/** The state AutoPilot keeps between runs; `lastFailure: null` clears it. */
export interface AutopilotStateChange {
  pausedCampaigns?: Record<string, string>;
  lastDailyRun?: string;
  lastFailure?: { at: string; code: string; message: string; campaignId: string } | null;
}

/** Updates a tracker's AutoPilot state (its settings item must exist). @throws NotFoundError */
export async function updateAutopilotState(
  accountId: string,
  trackerId: string,
  change: AutopilotStateChange,
): Promise<void> {
  const { lastFailure, ...set } = change;
  try {
    let op = (await db()).entities.autopilotSettings.patch({ accountId, trackerId }).set({
      ...set,
      ...(lastFailure ? { lastFailure } : {}),
    });
    if (lastFailure === null) op = op.remove(["lastFailure"]);
    await op.go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError("AutoPilot settings");
    throw error;
  }
}

/** Whether the account's AutoPilot switch is on (absent: on). */
export async function autopilotSwitchOn(accountId: string): Promise<boolean> {
  const { data } = await (await db()).entities.autopilotSwitch.get({ accountId }).go();
  return data?.enabled ?? true;
}

/** Turns the account's AutoPilot switch on or off. */
export async function setAutopilotSwitch(
  accountId: string,
  enabled: boolean,
  userId: string,
  now: Date = new Date(),
): Promise<void> {
  await (await db()).entities.autopilotSwitch
    .put({ accountId, enabled, updatedAt: nowIso(now), updatedBy: userId })
    .go();
}

/** A new action's id: creation time (base 36, sortable) and a random tail. */
export function newActionId(now: Date = new Date()): string {
  return `${now.getTime().toString(36).padStart(9, "0")}-${randomUUID().slice(0, 8)}`;
}

/** A new action, as {@link createAutopilotActions} takes it. */
export type NewAutopilotAction = Omit<
  AutopilotActionItem,
  "accountId" | "trackerId" | "actionId" | "createdAt"
>;

/** Stores new actions of a tracker (one write each); returns them as stored. */
export async function createAutopilotActions(
  accountId: string,
  trackerId: string,
  actions: readonly NewAutopilotAction[],
  now: Date = new Date(),
): Promise<AutopilotActionItem[]> {
  const out: AutopilotActionItem[] = [];
  for (const action of actions) {
    const { data } = await (await db()).entities.autopilotAction
      .create({
        ...action,
        accountId,
        trackerId,
        actionId: newActionId(now),
        createdAt: nowIso(now),
      })
      .go();
    out.push(data);
  }
  return out;
}

/** A tracker's actions, newest first (at most `limit`). */
export async function listAutopilotActions(
  accountId: string,
  trackerId: string,
  limit = 200,
): Promise<AutopilotActionItem[]> {
  const { data } = await (await db()).entities.autopilotAction.query
    .byTracker({ accountId, trackerId })
    .go({ order: "desc", count: limit, pages: "all" });
  return data;
}

/** Every AutoPilot action of an account, by tracker then oldest first (the export's 'Actions' sheet). */
export async function listAccountAutopilotActions(accountId: string): Promise<AutopilotActionItem[]> {
  const { data } = await (await db()).entities.autopilotAction.query
    .byTracker({ accountId })
    .go({ pages: "all" });
  return data;
}

/** One action of a tracker. @throws NotFoundError */
export async function getAutopilotAction(
  accountId: string,
  trackerId: string,
  actionId: string,
): Promise<AutopilotActionItem> {
  const { data } = await (await db()).entities.autopilotAction.get({ accountId, trackerId, actionId }).go();
  if (!data) throw new NotFoundError("Action");
  return data;
}

/** What deciding an action records. */
export interface ActionDecision {
  status: AutopilotActionStatus;
  actor?: unknown;
  decidedAt: string;
  answer?: string;
  error?: { code: string; message: string };
  undoneBy?: string;
}

/**
 * Records a decision on an action, only while its status is one of `from` (so an action is applied,
 * dismissed or undone once however many clicks or deliveries race).
 * @throws NotFoundError, ActionStateConflictError
 */
export async function decideAutopilotAction(
  accountId: string,
  trackerId: string,
  actionId: string,
  from: readonly AutopilotActionStatus[],
  decision: ActionDecision,
): Promise<AutopilotActionItem> {
  try {
    const { data } = await (await db()).entities.autopilotAction
      .patch({ accountId, trackerId, actionId })
      .set(decision)
      .where(({ status }, { eq }) => from.map((s) => eq(status, s)).join(" OR "))
      .go({ response: "all_new" });
    return data as AutopilotActionItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await getAutopilotAction(accountId, trackerId, actionId);
    throw new ActionStateConflictError();
  }
}

/** Deletes actions of a tracker (stale proposals a new evaluation replaces). */
export async function deleteAutopilotActions(
  accountId: string,
  trackerId: string,
  actionIds: readonly string[],
): Promise<void> {
  if (actionIds.length === 0) return;
  await (await db()).entities.autopilotAction
    .delete(actionIds.map((actionId) => ({ accountId, trackerId, actionId })))
    .go();
}
