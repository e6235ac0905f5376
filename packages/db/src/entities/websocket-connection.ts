import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * An open WebSocket connection of a signed-in user (realtime tracker and integration changes).
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `WS#<connectionId>` (push to everyone of an account).
 * - `byConnectionId` (gsi2): pk `WS#<connectionId>`, sk `WS` (`$disconnect` knows only the connection id).
 * API Gateway closes a connection after 2 hours at most; the TTL removes items `$disconnect` missed.
 */
export const buildWebSocketConnectionEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "websocketConnection", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        connectionId: { type: "string", required: true, readOnly: true },
        userId: { type: "string", required: true, readOnly: true },
        connectedAt: { type: "string", required: true, readOnly: true },
        expiresAt: { type: "number", required: true },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: ["connectionId"], template: "WS#${connectionId}", casing: CASE },
        },
        byConnectionId: {
          index: KEYS.gsi2.name,
          pk: {
            field: KEYS.gsi2.partitionKey,
            composite: ["connectionId"],
            template: "WS#${connectionId}",
            casing: CASE,
          },
          sk: { field: KEYS.gsi2.sortKey, composite: [], template: "WS", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildWebSocketConnectionEntity} builds (its items' type: `EntityItem<WebSocketConnectionEntity>`). */
export type WebSocketConnectionEntity = ReturnType<typeof buildWebSocketConnectionEntity>;
