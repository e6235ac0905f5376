import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { APIGatewayProxyResultV2, Context } from "aws-lambda";
import { WebSocket, WebSocketServer } from "ws";
import { apiGatewayTime } from "./http-event.ts";

/** The handler of the WebSocket routes: the same Lambda handler API Gateway invokes. */
export type WebSocketHandler = (
  event: WebSocketEvent,
  context: Context,
) => Promise<APIGatewayProxyResultV2 | undefined>;

/** The event API Gateway WebSocket APIs send (`$connect` also carries headers and query). */
export interface WebSocketEvent {
  requestContext: {
    routeKey: "$connect" | "$disconnect" | "$default";
    eventType: "CONNECT" | "MESSAGE" | "DISCONNECT";
    messageId?: string;
    extendedRequestId: string;
    requestTime: string;
    messageDirection: "IN";
    stage: string;
    connectedAt: number;
    requestTimeEpoch: number;
    identity: { sourceIp: string; userAgent?: string };
    requestId: string;
    domainName: string;
    connectionId: string;
    apiId: string;
    disconnectStatusCode?: number;
    disconnectReason?: string;
  };
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  queryStringParameters?: Record<string, string>;
  multiValueQueryStringParameters?: Record<string, string[]>;
  body?: string;
  isBase64Encoded: boolean;
}

interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

/** Connection ids shaped like API Gateway's (base64, 12 bytes, e.g. `L0SM9cOFvHcCIhw=`). */
const newConnectionId = () => randomBytes(10).toString("base64");

/**
 * A local WebSocket API: a `ws` endpoint on the app's HTTP server that invokes the same `$connect`,
 * `$disconnect` and `$default` handlers API Gateway would, plus the operations of the API Gateway
 * Management API (post, get, delete a connection) that the local AWS endpoint exposes at
 * `/@connections/{id}` for `@aws-sdk/client-apigatewaymanagementapi`.
 */
export class LocalWebSocketApi {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly connections = new Map<string, Connection>();

  constructor(
    private readonly handler: () => Promise<WebSocketHandler | undefined>,
    private readonly context: (name: string) => Context,
    private readonly domainName: string,
  ) {}

  /** Number of open connections. */
  get size(): number {
    return this.connections.size;
  }

  private baseContext(
    connectionId: string,
    routeKey: WebSocketEvent["requestContext"]["routeKey"],
    conn: Pick<Connection, "connectedAt" | "sourceIp" | "userAgent">,
  ) {
    const now = new Date();
    const eventType =
      routeKey === "$connect" ? "CONNECT" : routeKey === "$disconnect" ? "DISCONNECT" : "MESSAGE";
    return {
      routeKey,
      eventType,
      extendedRequestId: randomUUID(),
      requestTime: apiGatewayTime(now),
      messageDirection: "IN",
      stage: "$default",
      connectedAt: conn.connectedAt,
      requestTimeEpoch: now.getTime(),
      identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
      requestId: randomUUID(),
      domainName: this.domainName,
      connectionId,
      apiId: "local-ws",
    } as WebSocketEvent["requestContext"];
  }

  /** Handles an HTTP upgrade request for the WebSocket path: runs `$connect` and accepts only on 2xx. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const handler = await this.handler();
    if (!handler) {
      socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
      return;
    }
    const connectionId = newConnectionId();
    const now = Date.now();
    const meta = {
      connectedAt: now,
      sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
      userAgent: String(req.headers["user-agent"] ?? ""),
    };
    const url = new URL(req.url ?? "/", "http://localhost");
    const headers: Record<string, string> = {};
    const multiValueHeaders: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      const values = Array.isArray(v) ? v : [v];
      headers[k] = values.join(",");
      multiValueHeaders[k] = values;
    }
    const query: Record<string, string> = {};
    const multiQuery: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) {
      query[k] = v;
      multiQuery[k] = [...(multiQuery[k] ?? []), v];
    }
    const event: WebSocketEvent = {
      requestContext: this.baseContext(connectionId, "$connect", meta),
      headers,
      multiValueHeaders,
      ...(url.searchParams.size
        ? { queryStringParameters: query, multiValueQueryStringParameters: multiQuery }
        : {}),
      isBase64Encoded: false,
    };
    let status = 500;
    try {
      const result = await handler(event, this.context("websocket"));
      status =
        typeof result === "object" && result && "statusCode" in result ? (result.statusCode ?? 200) : 200;
    } catch {
      status = 500;
    }
    if (status < 200 || status >= 300) {
      const reason = status === 401 ? "Unauthorized" : status === 403 ? "Forbidden" : "Error";
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Connection = { socket: ws, ...meta, lastActiveAt: Date.now() };
      this.connections.set(connectionId, conn);
      ws.on("message", (data, isBinary) => {
        conn.lastActiveAt = Date.now();
        const body = isBinary ? Buffer.from(data as Buffer).toString("base64") : data.toString();
        const msg: WebSocketEvent = {
          requestContext: { ...this.baseContext(connectionId, "$default", conn), messageId: randomUUID() },
          body,
          isBase64Encoded: isBinary,
        };
        void handler(msg, this.context("websocket")).catch(() => undefined);
      });
      ws.on("close", (code, reason) => {
        if (!this.connections.delete(connectionId)) return;
        const msg: WebSocketEvent = {
          requestContext: {
            ...this.baseContext(connectionId, "$disconnect", conn),
            disconnectStatusCode: code,
            disconnectReason: reason.toString(),
          },
          isBase64Encoded: false,
        };
        void handler(msg, this.context("websocket")).catch(() => undefined);
      });
    });
  }

  /** `PostToConnection`: false when the connection is gone. */
  post(connectionId: string, data: Buffer): boolean {
    const conn = this.connections.get(connectionId);
    if (!conn || conn.socket.readyState !== WebSocket.OPEN) return false;
    conn.socket.send(data.toString("utf8"));
    return true;
  }

  /** `GetConnection`: the connection's details in the API's wire format, or undefined when gone. */
  info(connectionId: string) {
    const conn = this.connections.get(connectionId);
    if (!conn) return undefined;
    return {
      connectedAt: new Date(conn.connectedAt).toISOString(),
      identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
      lastActiveAt: new Date(conn.lastActiveAt).toISOString(),
    };
  }

  /** `DeleteConnection`: closes it (the `$disconnect` handler runs); false when gone. */
  disconnect(connectionId: string): boolean {
    const conn = this.connections.get(connectionId);
    if (!conn) return false;
    conn.socket.close(1000, "Going away");
    return true;
  }

  /** Closes every connection and the server. */
  close(): void {
    for (const conn of this.connections.values()) conn.socket.terminate();
    this.connections.clear();
    this.wss.close();
  }
}
