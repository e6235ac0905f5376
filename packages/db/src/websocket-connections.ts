import type { EntityItem } from "electrodb";
import { nowIso } from "./entities/common.ts";
import type { WebSocketConnectionEntity } from "./entities/websocket-connection.ts";
import { epochSeconds } from "./secrets.ts";
import { db } from "./service.ts";

/** An open WebSocket connection as stored. */
export type WebSocketConnection = EntityItem<WebSocketConnectionEntity>;

/** API Gateway closes WebSocket connections after 2 hours; the item is kept a little longer. */
const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

/** Records a connection (`$connect`, after the caller's session was checked). */
export async function saveConnection(
  input: { accountId: string; userId: string; connectionId: string },
  now: Date = new Date(),
): Promise<WebSocketConnection> {
  const item = { ...input, connectedAt: nowIso(now), expiresAt: epochSeconds(now) + CONNECTION_TTL_SECONDS };
  await (await db()).entities.websocketConnection.put(item).go();
  return item;
}

/** The connection with this id, or undefined (`$disconnect` and gone connections know only the id). */
export async function findConnection(connectionId: string): Promise<WebSocketConnection | undefined> {
  const { data } = await (await db()).entities.websocketConnection.query
    .byConnectionId({ connectionId })
    .go();
  return data[0];
}

/** Forgets a connection; does nothing when it is unknown. */
export async function deleteConnection(connectionId: string): Promise<void> {
  const found = await findConnection(connectionId);
  if (found)
    await (await db()).entities.websocketConnection.delete({ accountId: found.accountId, connectionId }).go();
}

/** Every open connection of an account (to push a change to everyone signed in to it). */
export async function listConnections(accountId: string): Promise<WebSocketConnection[]> {
  const { data } = await (await db()).entities.websocketConnection.query
    .byAccount({ accountId })
    .go({ pages: "all" });
  return data;
}
