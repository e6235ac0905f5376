import { Entity } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * An alert rule (spec pods-budgets-alerts-users-connections.md sections 2.10 and 3): level, targets,
 * metric, operator and threshold, frequency, and the users it e-mails besides its creator.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `ALERT#<alertId>` (one; all of an account with
 *   `begins_with ALERT#`).
 */
export const AlertEntity = new Entity({
  model: { entity: "alert", version: "1", service: SERVICE },
  attributes: {
    accountId: { type: "string", required: true, readOnly: true },
    alertId: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    level: { type: ["tracker", "client", "pod"] as const, required: true },
    /** `{ all: true }` or `{ all: false, ids }`: tracker ids, client names or pod ids by level. */
    target: { type: "any", required: true },
    /** `{ metric, metricName, operator, valueSet, value, valueBudget }` (core AlertData). */
    data: { type: "any", required: true },
    type: { type: "string", required: true, default: "user" },
    fireWhen: { type: ["everyday", "weekly", "monthly"] as const, required: true, default: "everyday" },
    fireOn: { type: "number" },
    /** User ids of the account e-mailed besides the creator. */
    additionalRecipientIds: { type: "list", items: { type: "string" }, required: true, default: () => [] },
    /** The creator (the spec's `user`). */
    userId: { type: "string", required: true, readOnly: true },
    createdAt: { type: "string", required: true, readOnly: true },
    updatedAt: { type: "string" },
    /** The whole alert's snooze end (ISO): nothing is evaluated or sent for it before then. */
    snoozedUntil: { type: "string" },
  },
  indexes: {
    byAccount: {
      pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
      sk: { field: KEYS.sk, composite: ["alertId"], template: "ALERT#${alertId}", casing: CASE },
    },
  },
});

/**
 * One target's state under an alert (issue "state, not repetition"): whether the alert's condition
 * holds for the target (a tracker id, client name or pod id, by the alert's level), since when, and
 * the target's snooze. The evaluation fires when the condition becomes true, stays quiet while it
 * holds and sends a 'resolved' note when it clears; the write of a change is conditioned on the
 * `version` read, so two concurrent evaluations cannot both announce the same crossing.
 *
 * Access patterns:
 * - `byAlertTarget`: pk `ACCOUNT#<accountId>`, sk `ALERTSTATE#<alertId>#<targetKey>` (one; every
 *   target of an alert with `begins_with ALERTSTATE#<alertId>#`).
 */
export const AlertStateEntity = new Entity({
  model: { entity: "alertState", version: "1", service: SERVICE },
  attributes: {
    accountId: { type: "string", required: true, readOnly: true },
    alertId: { type: "string", required: true, readOnly: true },
    targetKey: { type: "string", required: true, readOnly: true },
    /** Whether the alert's condition held for the target at the last evaluation. */
    firing: { type: "boolean", required: true, default: false },
    /** When `firing` last changed (ISO). */
    since: { type: "string" },
    /** The target's snooze end (ISO); nothing is evaluated or sent for it before then. */
    snoozedUntil: { type: "string" },
    version: { type: "number", required: true, default: 0 },
  },
  indexes: {
    byAlertTarget: {
      pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
      sk: {
        field: KEYS.sk,
        composite: ["alertId", "targetKey"],
        template: "ALERTSTATE#${alertId}#${targetKey}",
        casing: CASE,
      },
    },
  },
});

/** The kinds of alert history entries: a crossing, a clearing, a delivery sent or failed. */
export const ALERT_OUTCOMES = ["fired", "resolved", "sent", "failed"] as const;

/**
 * One entry of an account's alert history: a firing or resolution for one target, or one delivery
 * (channel, recipient, sent or failed with its reason). Kept 180 days (TTL), newest first.
 *
 * Access patterns:
 * - `byAccountTime`: pk `ACCOUNT#<accountId>`, sk `ALERTEVENT#<at>#<eventId>` (the account's
 *   history, newest first with a reverse query).
 */
export const AlertEventEntity = new Entity({
  model: { entity: "alertEvent", version: "1", service: SERVICE },
  attributes: {
    accountId: { type: "string", required: true, readOnly: true },
    at: { type: "string", required: true, readOnly: true },
    eventId: { type: "string", required: true, readOnly: true },
    alertId: { type: "string", required: true, readOnly: true },
    alertName: { type: "string", required: true, readOnly: true },
    level: { type: ["tracker", "client", "pod"] as const, required: true, readOnly: true },
    /** Firings and resolutions: the target's key and name. Deliveries: absent (they list `targets`). */
    targetKey: { type: "string" },
    targetName: { type: "string" },
    /** Deliveries: the target keys the message named (fired and resolved). */
    targetKeys: { type: "list", items: { type: "string" } },
    outcome: { type: ALERT_OUTCOMES, required: true, readOnly: true },
    /** Deliveries: the channel ("email") and the recipient's user id and address. */
    channel: { type: "string" },
    recipientId: { type: "string" },
    recipient: { type: "string" },
    /** Firings: the metric's value and threshold (the metric's unit). Failures: the reason. */
    value: { type: "number" },
    threshold: { type: "number" },
    reason: { type: "string" },
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    byAccountTime: {
      pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
      sk: {
        field: KEYS.sk,
        composite: ["at", "eventId"],
        template: "ALERTEVENT#${at}#${eventId}",
        casing: CASE,
      },
    },
  },
});
