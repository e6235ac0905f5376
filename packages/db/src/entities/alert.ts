import { ALERT_CHANNEL_KINDS, ALERT_OUTCOMES, type AlertData, type AlertTargetChoice } from "@pacer/core";
import { CustomAttributeType, Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";
import { ALERT_CHANNEL_FAILING_AFTER } from "./constants.ts";

/**
 * An alert rule (spec pods-budgets-alerts-users-connections.md sections 2.10 and 3): level, targets,
 * metric, operator and threshold, frequency, and the users it e-mails besides its creator.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `ALERT#<alertId>` (one; all of an account with
 *   `begins_with ALERT#`).
 */
export const buildAlertEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "alert", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        alertId: { type: "string", required: true, readOnly: true },
        name: { type: "string", required: true },
        level: { type: ["tracker", "client", "pod"] as const, required: true },
        /** `{ all: true }` or `{ all: false, ids }`: tracker ids, client names or pod ids by level. */
        target: { type: CustomAttributeType<AlertTargetChoice>("any"), required: true },
        /** `{ metric, metricName, operator, valueSet, value, valueBudget }` (core AlertData). */
        data: { type: CustomAttributeType<AlertData>("any"), required: true },
        type: { type: "string", required: true, default: "user" },
        fireWhen: { type: ["everyday", "weekly", "monthly"] as const, required: true, default: "everyday" },
        fireOn: { type: "number" },
        /** The account's alert channels (ids) a firing or resolution is also delivered to. */
        channelIds: { type: "list", items: { type: "string" } },
        /** User ids of the account e-mailed besides the creator. */
        additionalRecipientIds: {
          type: "list",
          items: { type: "string" },
          required: true,
          default: () => [],
        },
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
    },
    config,
  );
/** The entity {@link buildAlertEntity} builds (its items' type: `EntityItem<AlertEntity>`). */
export type AlertEntity = ReturnType<typeof buildAlertEntity>;

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
export const buildAlertStateEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
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
    },
    config,
  );
/** The entity {@link buildAlertStateEntity} builds (its items' type: `EntityItem<AlertStateEntity>`). */
export type AlertStateEntity = ReturnType<typeof buildAlertStateEntity>;

export { ALERT_OUTCOMES };

/**
 * One entry of an account's alert history: a firing or resolution for one target, or one delivery
 * (channel, recipient, sent or failed with its reason). Kept 180 days (TTL), newest first.
 *
 * Access patterns:
 * - `byAccountTime`: pk `ACCOUNT#<accountId>`, sk `ALERTEVENT#<at>#<eventId>` (the account's
 *   history, newest first with a reverse query).
 */
export const buildAlertEventEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
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
        /**
         * Deliveries: the channel ("email", or an alert channel's kind "slack" | "teams" | "webhook") and
         * the recipient: the user's id and address for e-mail; the channel's id and name for channels.
         */
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
    },
    config,
  );
/** The entity {@link buildAlertEventEntity} builds (its items' type: `EntityItem<AlertEventEntity>`). */
export type AlertEventEntity = ReturnType<typeof buildAlertEventEntity>;

/**
 * One alert channel of an account: a Slack incoming webhook, a Microsoft Teams Workflows webhook or
 * a generic (signed) webhook. Account-wide: managed by Admins, chosen by alerts. `secret` (webhook
 * only) is the HMAC-SHA256 key of `X-Pacer-Signature`, shown once at creation and never answered
 * again (decision: kept in the item, encrypted at rest like every item of the table, rather than one
 * Secrets Manager secret per channel; the URL, itself a credential for Slack and Teams, likewise).
 * `consecutiveDeadLetters` counts deliveries dead-lettered in a row (a sent one resets it);
 * at {@link ALERT_CHANNEL_FAILING_AFTER} the channel is marked `failingSince` and the Admins told.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `ALERTCHANNEL#<channelId>` (one; all of an account
 *   with `begins_with ALERTCHANNEL#`).
 */
export const buildAlertChannelEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "alertChannel", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        channelId: { type: "string", required: true, readOnly: true },
        kind: { type: ALERT_CHANNEL_KINDS, required: true, readOnly: true },
        name: { type: "string", required: true },
        /** The https URL deliveries are POSTed to (checked by the SSRF guard at creation and at every send). */
        url: { type: "string", required: true, readOnly: true },
        /** Webhook channels: the signing secret (base64url, 32 random bytes). */
        secret: { type: "string", readOnly: true },
        createdBy: { type: "string", required: true, readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
        consecutiveDeadLetters: { type: "number", required: true, default: 0 },
        /** When the channel was marked failing (ISO); absent while it works. */
        failingSince: { type: "string" },
        /** The last failure's reason. */
        lastFailure: { type: "string" },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: {
            field: KEYS.sk,
            composite: ["channelId"],
            template: "ALERTCHANNEL#${channelId}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildAlertChannelEntity} builds (its items' type: `EntityItem<AlertChannelEntity>`). */
export type AlertChannelEntity = ReturnType<typeof buildAlertChannelEntity>;

export { ALERT_CHANNEL_FAILING_AFTER };
