import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";
import { AUTOPILOT_ACTION_STATUSES } from "./constants.ts";

/**
 * AutoPilot (beyond the spec): a tracker's settings, the account's global switch, and the actions
 * proposed and taken on the tracker's campaigns at the ad platform (the audit trail).
 */

/**
 * A tracker's AutoPilot settings (`@pacer/core` AutopilotSettings as stored; absent item = off), the
 * campaigns AutoPilot paused (so it re-enables only those, never one a person paused), the day of
 * its last daily run, and the last write the platform refused (shown on the tracker).
 *
 * Access patterns:
 * - `byTracker`: pk `ACCOUNT#<accountId>`, sk `AUTOPILOT#<trackerId>` (one tracker's).
 */
export const buildAutopilotSettingsEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "autopilotSettings", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        trackerId: { type: "string", required: true, readOnly: true },
        /** AutopilotSettings: `{ enabled, mode, pauseAtBudget: {...}, cruise: {...} }`. */
        settings: { type: "any", required: true },
        /** Campaign id -> the period start (`yyyy-MM-dd`) of the period AutoPilot paused it in. */
        pausedCampaigns: { type: "any", required: true, default: () => ({}) },
        /** The tracker-time-zone date of the last daily evaluation (`yyyy-MM-dd`). */
        lastDailyRun: { type: "string" },
        /** The last failed write: `{ at, code, message, campaignId }`; cleared by a later success. */
        lastFailure: { type: "any" },
        updatedAt: { type: "string", required: true },
        updatedBy: { type: "string" },
      },
      indexes: {
        byTracker: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: ["trackerId"], template: "AUTOPILOT#${trackerId}", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildAutopilotSettingsEntity} builds (its items' type: `EntityItem<AutopilotSettingsEntity>`). */
export type AutopilotSettingsEntity = ReturnType<typeof buildAutopilotSettingsEntity>;

/**
 * The account's AutoPilot switch: off turns every tracker's AutoPilot off at once (nothing is
 * proposed or written while off), without touching their settings. Absent item = on.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `AUTOPILOTSWITCH`.
 */
export const buildAutopilotSwitchEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "autopilotSwitch", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        enabled: { type: "boolean", required: true },
        updatedAt: { type: "string", required: true },
        updatedBy: { type: "string" },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "AUTOPILOTSWITCH", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildAutopilotSwitchEntity} builds (its items' type: `EntityItem<AutopilotSwitchEntity>`). */
export type AutopilotSwitchEntity = ReturnType<typeof buildAutopilotSwitchEntity>;

export { AUTOPILOT_ACTION_STATUSES };

/**
 * One AutoPilot action on one campaign: what (`kind`, `before` -> `after`: status 1 enabled / 0
 * paused, or a daily budget in micros), why (`rule` and the `figures` that triggered it), who
 * (`actor`: AutoPilot in Apply mode, or the user who applied, dismissed or undid it), when, and
 * the platform's answer (or the typed error of a refused write). `actionId` sorts by creation.
 *
 * Access patterns:
 * - `byTracker`: pk `ACCOUNT#<accountId>`, sk `APACTION#<trackerId>#<actionId>` (one; a tracker's
 *   actions, newest first with a reverse query).
 */
export const buildAutopilotActionEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "autopilotAction", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        trackerId: { type: "string", required: true, readOnly: true },
        actionId: { type: "string", required: true, readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
        campaignId: { type: "string", required: true, readOnly: true },
        campaignName: { type: "string", required: true, readOnly: true },
        kind: { type: ["pause", "enable", "set-daily-budget"] as const, required: true, readOnly: true },
        before: { type: "number", required: true, readOnly: true },
        after: { type: "number", required: true, readOnly: true },
        rule: { type: ["pauseAtBudget", "cruise", "undo"] as const, required: true, readOnly: true },
        /** The figures that triggered it (micros, percents, days). */
        figures: { type: "any", required: true, readOnly: true },
        /** The period start (`yyyy-MM-dd`) it was proposed in (pauses: what re-enabling compares). */
        periodStart: { type: "string", required: true, readOnly: true },
        status: { type: AUTOPILOT_ACTION_STATUSES, required: true },
        /** `{ type: "autopilot" }` or `{ type: "user", userId, name }`: who applied, dismissed or undid it. */
        actor: { type: "any" },
        /** When it was applied, dismissed, failed or undone (ISO). */
        decidedAt: { type: "string" },
        /** The platform's answer (e.g. the mutated resource name, `success`, `unchanged`). */
        answer: { type: "string" },
        /** A refused write: `{ code, message }` (the connector's typed error; no secrets). */
        error: { type: "any" },
        /** An undo: the action it undoes; an undone action: the undo's id. */
        undoes: { type: "string" },
        undoneBy: { type: "string" },
      },
      indexes: {
        byTracker: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: {
            field: KEYS.sk,
            composite: ["trackerId", "actionId"],
            template: "APACTION#${trackerId}#${actionId}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildAutopilotActionEntity} builds (its items' type: `EntityItem<AutopilotActionEntity>`). */
export type AutopilotActionEntity = ReturnType<typeof buildAutopilotActionEntity>;
