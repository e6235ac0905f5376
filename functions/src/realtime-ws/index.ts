import {
  consumeRealtimeTicket,
  deleteConnection,
  findConnection,
  getIntegration,
  saveConnection,
} from "@pacer/db";
import type { APIGatewayProxyResultV2 } from "aws-lambda";
import * as z from "zod";
import { logger } from "../lib/logger.ts";
import { observedHandler } from "../lib/observed-handler.ts";
import { postToConnections, pushIntegrationChange } from "../lib/realtime.ts";

/**
 * The `realtime-ws` group: the WebSocket API's routes (functions/resources.ts `WEBSOCKET`).
 *
 * - `$connect` (`/ws?ticket=<ticket>`): spends the single-use ticket of `POST /api/realtime/ticket`
 *   (60 seconds) and records the connection under the ticket's account and user; anything else
 *   answers 401 and the socket is not opened.
 * - `$disconnect`: forgets the connection.
 * - `$default`: messages from the web app. `{type: "integration", integration: {slug, email}}`, sent
 *   1.5 seconds after a successful connection (spec: the realtime message after a connection), is
 *   relayed to the account's other open connections as the server's own view of that connection
 *   (never the client's payload); `{type: "ping"}` answers `{type: "pong"}`. Others are ignored.
 */

/** The event fields the handler reads (API Gateway WebSocket events). */
export interface WebSocketEvent {
  requestContext: { routeKey: string; connectionId: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string | null;
  isBase64Encoded?: boolean;
}

const ok: APIGatewayProxyResultV2 = { statusCode: 200 };

const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("integration"),
    integration: z.object({ slug: z.string().min(1).max(50), email: z.string().min(1).max(320) }),
  }),
  z.object({ type: z.literal("ping") }),
]);

async function connect(event: WebSocketEvent, now: Date): Promise<APIGatewayProxyResultV2> {
  const ticket = event.queryStringParameters?.ticket ?? "";
  const owner = await consumeRealtimeTicket(ticket, now);
  if (!owner) return { statusCode: 401, body: "Unauthorized" };
  await saveConnection({ ...owner, connectionId: event.requestContext.connectionId }, now);
  return ok;
}

async function message(event: WebSocketEvent, now: Date): Promise<APIGatewayProxyResultV2> {
  const connectionId = event.requestContext.connectionId;
  let parsed: z.output<typeof clientMessageSchema>;
  try {
    const text = event.isBase64Encoded
      ? Buffer.from(event.body ?? "", "base64").toString("utf8")
      : (event.body ?? "");
    if (text.length > 32 * 1024) return ok;
    const result = clientMessageSchema.safeParse(JSON.parse(text));
    if (!result.success) return ok;
    parsed = result.data;
  } catch {
    return ok;
  }
  const connection = await findConnection(connectionId);
  if (!connection) return ok;
  if (parsed.type === "ping") {
    await postToConnections([connection], { type: "pong" });
    return ok;
  }
  const integration = await getIntegration(
    connection.accountId,
    parsed.integration.slug,
    parsed.integration.email,
  );
  if (integration) await pushIntegrationChange(integration, now, { except: connectionId });
  return ok;
}

/** The Lambda entry of the WebSocket API. */
export const handler = observedHandler(async function webSocketRoute(
  event: WebSocketEvent,
): Promise<APIGatewayProxyResultV2> {
  const now = new Date();
  try {
    switch (event.requestContext.routeKey) {
      case "$connect":
        return await connect(event, now);
      case "$disconnect":
        await deleteConnection(event.requestContext.connectionId);
        return ok;
      default:
        return await message(event, now);
    }
  } catch (error) {
    logger.error("WebSocket route failed", {
      route: event.requestContext.routeKey,
      errorName: error instanceof Error ? error.name : "Error",
      stack: error instanceof Error ? error.stack : undefined,
    });
    return { statusCode: 500 };
  }
});
