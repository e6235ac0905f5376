import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A note on a tracker (spec trackers.md section 2, Notes & Activity). Kept out of the tracker item so
 * the tracker list stays lean.
 *
 * Access patterns:
 * - `byTracker`: pk `ACCOUNT#<accountId>`, sk `MESSAGE#<trackerId>#<messageId>` (one message; a
 *   tracker's messages with `begins_with MESSAGE#<trackerId>#`).
 */
export const buildMessageEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "message", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        trackerId: { type: "string", required: true, readOnly: true },
        messageId: { type: "string", required: true, readOnly: true },
        senderId: { type: "string", required: true, readOnly: true },
        /** ISO timestamp the server received the message. */
        date: { type: "string", required: true, readOnly: true },
        type: { type: "string", required: true, default: "text" },
        text: { type: "string", required: true },
        /** The sender's name when the message was written. */
        title: { type: "string", required: true, default: "" },
        /** The sender's avatar id when the message was written. */
        avatar: { type: "string" },
      },
      indexes: {
        byTracker: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: {
            field: KEYS.sk,
            composite: ["trackerId", "messageId"],
            template: "MESSAGE#${trackerId}#${messageId}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildMessageEntity} builds (its items' type: `EntityItem<MessageEntity>`). */
export type MessageEntity = ReturnType<typeof buildMessageEntity>;
