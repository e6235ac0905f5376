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
  },
  indexes: {
    byAccount: {
      pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
      sk: { field: KEYS.sk, composite: ["alertId"], template: "ALERT#${alertId}", casing: CASE },
    },
  },
});

/**
 * That an alert fired in a period (core `alertSchedule` period keys `day:...`, `week:...`,
 * `month:...`). Created with a condition that it does not exist yet, before the e-mails go out, so an
 * alert fires at most once per period however often it is evaluated. Removed by TTL after 100 days.
 *
 * Access patterns:
 * - `byAlertPeriod`: pk `ACCOUNT#<accountId>`, sk `ALERTFIRED#<alertId>#<periodKey>`.
 */
export const AlertFiringEntity = new Entity({
  model: { entity: "alertFiring", version: "1", service: SERVICE },
  attributes: {
    accountId: { type: "string", required: true, readOnly: true },
    alertId: { type: "string", required: true, readOnly: true },
    periodKey: { type: "string", required: true, readOnly: true },
    firedAt: { type: "string", required: true, readOnly: true },
    /** How many rows breached the threshold. */
    breaches: { type: "number", required: true },
    recipients: { type: "number", required: true },
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    byAlertPeriod: {
      pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
      sk: {
        field: KEYS.sk,
        composite: ["alertId", "periodKey"],
        template: "ALERTFIRED#${alertId}#${periodKey}",
        casing: CASE,
      },
    },
  },
});
