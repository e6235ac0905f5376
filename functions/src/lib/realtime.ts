import type { ApiGatewayManagementApiClient } from "@aws-sdk/client-apigatewaymanagementapi";
import { deleteConnection, type Integration, listConnections, type WebSocketConnection } from "@pacer/db";
import { integrationView } from "./integration-view.ts";
import { logger } from "./logger.ts";
import { sharedPromise } from "./shared-promise.ts";
import { traced } from "./tracer.ts";

/**
 * THE push library of the realtime channel: posts a message to every open WebSocket connection of
 * an account through the API Gateway Management API (`WS_MANAGEMENT_ENDPOINT`; locally the runtime's
 * stand-in), and forgets connections that answer Gone (closed without `$disconnect`, or expired).
 * Pushing is best effort: it never throws, logs what failed, and the web app re-fetches on its own
 * timers too. Without `WS_MANAGEMENT_ENDPOINT` (no WebSocket API in this deployment, unit tests) it
 * posts nothing.
 *
 * The messages the web app receives (`frontend/src/lib/realtime.ts` hands each to the subscribers
 * of its `type`):
 *
 * | type              | payload                                                       | sent by                                   |
 * | ----------------- | ------------------------------------------------------------- | ----------------------------------------- |
 * | `tracker`         | `tracker`: the tracker as one row of get-trackers-by-account   | refresh worker, refresh and update calls  |
 * | `tracker-deleted` | `_id`                                                          | (reserved for tracker deletion)           |
 * | `trackers`        | none: re-read the list                                         | (reserved for bulk changes)               |
 * | `integration`     | `integration`: the connection as get-account-integrations has it | refresh worker (refused credentials), connection calls, `$default` relay |
 * | `pong`            | none                                                           | `$default` answer to `{type: "ping"}`    |
 *
 * Tracker messages go only to connections whose user may see the tracker (`pushTrackerChange` in
 * `tracker-push.ts`); integration messages to every connection of the account.
 *
 * For the connection calls:
 * ```ts
 * import { pushIntegrationChange } from "../lib/realtime.ts";
 * await pushIntegrationChange(integration, now); // after the integration was stored or marked
 * ```
 */

/** A message to the web app: its `type` and payload. */
export type RealtimeMessage =
  | { type: "tracker"; tracker: { _id: string } & Record<string, unknown> }
  | { type: "tracker-deleted"; _id: string }
  | { type: "trackers" }
  | { type: "integration"; integration: Record<string, unknown> }
  | { type: "pong" };

/** What one push did. */
export interface PushResult {
  /** Connections the message reached. */
  posted: number;
  /** Connections that answered Gone (now forgotten). */
  gone: number;
  /** Connections that failed otherwise (logged). */
  failed: number;
}

/** Posts in flight at once per push. */
const POST_CONCURRENCY = 10;

/**
 * The Management API SDK module, imported at the first post of a cold start (a push with at least
 * one open connection), not when the groups that push (refresh, the refresh worker, the WebSocket
 * group) load; a failed import is tried again at the next post.
 */
const managementSdk: () => Promise<ManagementSdk> = sharedPromise(
  () => import("@aws-sdk/client-apigatewaymanagementapi"),
);

/** The Management API SDK module: its client, commands and errors. */
type ManagementSdk = typeof import("@aws-sdk/client-apigatewaymanagementapi");

let client: ApiGatewayManagementApiClient | null | undefined;

/** The Management API client, built once per cold start; null when no endpoint is configured. */
async function managementClient(): Promise<ApiGatewayManagementApiClient | null> {
  if (client === undefined) {
    const endpoint = process.env.WS_MANAGEMENT_ENDPOINT;
    if (!endpoint) client = null;
    else {
      const { ApiGatewayManagementApiClient } = await managementSdk();
      client ??= traced(new ApiGatewayManagementApiClient({ endpoint, maxAttempts: 2 }));
    }
  }
  return client;
}

/** Forgets the client (tests that point the endpoint elsewhere). */
export function resetRealtime(): void {
  client?.destroy();
  client = undefined;
}

const isGone = (error: unknown, sdk: ManagementSdk) =>
  error instanceof sdk.GoneException ||
  (error as { name?: string }).name === "GoneException" ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;

/** Posts one message to each of these connections; Gone ones are deleted. Never throws. */
export async function postToConnections(
  connections: readonly Pick<WebSocketConnection, "connectionId" | "accountId">[],
  message: RealtimeMessage,
): Promise<PushResult> {
  const result: PushResult = { posted: 0, gone: 0, failed: 0 };
  if (connections.length === 0) return result;
  let api: ApiGatewayManagementApiClient | null;
  let sdk: ManagementSdk;
  try {
    [api, sdk] = await Promise.all([managementClient(), managementSdk()]);
  } catch (error) {
    logger.warn("Realtime client unavailable", {
      type: message.type,
      errorName: error instanceof Error ? error.name : "Error",
    });
    return { ...result, failed: connections.length };
  }
  if (!api) return result;
  const { PostToConnectionCommand } = sdk;
  const data = Buffer.from(JSON.stringify(message));
  let next = 0;
  const lane = async () => {
    while (next < connections.length) {
      const connection = connections[next++] as WebSocketConnection;
      try {
        await api.send(new PostToConnectionCommand({ ConnectionId: connection.connectionId, Data: data }));
        result.posted++;
      } catch (error) {
        if (isGone(error, sdk)) {
          result.gone++;
          await deleteConnection(connection.connectionId).catch(() => undefined);
        } else {
          result.failed++;
          logger.warn("Realtime post failed", {
            accountId: connection.accountId,
            type: message.type,
            errorName: error instanceof Error ? error.name : "Error",
          });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(POST_CONCURRENCY, connections.length) }, lane));
  return result;
}

/**
 * Posts a message to every open connection of an account.
 * @param options.except a connection to leave out (the sender of a relayed message)
 * @param options.to keeps only the connections this returns true for
 */
export async function pushToAccount(
  accountId: string,
  message: RealtimeMessage,
  options: { except?: string; to?: (connection: WebSocketConnection) => boolean } = {},
): Promise<PushResult> {
  if (!process.env.WS_MANAGEMENT_ENDPOINT) return { posted: 0, gone: 0, failed: 0 };
  let connections: WebSocketConnection[];
  try {
    connections = await listConnections(accountId);
  } catch (error) {
    logger.warn("Realtime push: connections not read", {
      accountId,
      errorName: error instanceof Error ? error.name : "Error",
    });
    return { posted: 0, gone: 0, failed: 1 };
  }
  const chosen = connections.filter(
    (c) => c.connectionId !== options.except && (options.to ? options.to(c) : true),
  );
  return postToConnections(chosen, message);
}

/** The `integration` message of a connection: its view as the Connections page lists it. */
export function integrationMessage(integration: Integration, now: Date): RealtimeMessage {
  return { type: "integration", integration: integrationView(integration, now) };
}

/** Pushes a connection's change (stored, marked refused, health changed) to everyone of its account. */
export function pushIntegrationChange(
  integration: Integration,
  now: Date = new Date(),
  options: { except?: string } = {},
): Promise<PushResult> {
  return pushToAccount(integration.accountId, integrationMessage(integration, now), options);
}
