import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { isLoopbackAddress } from "./net.ts";
import { SECURITY_HEADERS } from "./static-files.ts";

/** The address the app listens on unless told otherwise: loopback, so only this machine reaches it. */
export const DEFAULT_HOST = "127.0.0.1";

/** The `Retry-After` (seconds) of the 503 answered while the runtime is starting. */
export const STARTING_RETRY_AFTER_SECONDS = 1;

/** How long a stop lets requests under way finish before it closes their connections. */
const STOP_GRACE_MS = 300;

/** A WebSocket upgrade listener (`server.on("upgrade")`). */
export type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The app's one HTTP server (SPA, API, WebSocket, local pages), listening from the start. */
export interface AppServer {
  /** The address it listens on. */
  host: string;
  port: number;
  /** `http://localhost:<port>` (or the address, when it is neither loopback nor every interface). */
  url: string;
  /** From now on, requests and WebSocket upgrades go to these listeners (before: 503). */
  serve(onRequest: RequestListener, onUpgrade: UpgradeListener): void;
  /** Stops listening and closes every open connection (keep-alive, unfinished requests). */
  stop(): Promise<void>;
}

/**
 * Writes a response head with the security headers CloudFront adds to every answer, which win
 * over the origin's own as CloudFront's `override` does.
 */
export function writeHead(res: ServerResponse, status: number, headers: OutgoingHttpHeaders): void {
  res.writeHead(status, { ...headers, ...SECURITY_HEADERS });
}

/** A JSON `{ message }` answer, as API Gateway's own answers (no route, missing credentials) are. */
export function gatewayAnswer(
  res: ServerResponse,
  status: number,
  message: string,
  headers: OutgoingHttpHeaders = {},
): void {
  const body = JSON.stringify({ message });
  writeHead(res, status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/**
 * The host of the app's URL: `localhost` when it reaches the server (127.0.0.1, or every
 * interface), else the address itself (`[::1]`, a LAN address).
 */
function urlHost(host: string): string {
  if (["127.0.0.1", "localhost", "0.0.0.0", "::"].includes(host)) return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Starts the app's HTTP server on `host:port` (port 0: a free one) before anything else of the
 * runtime, so a browser that arrives early gets an answer: 503 with `Retry-After`
 * ({@link STARTING_RETRY_AFTER_SECONDS}) to every request and WebSocket upgrade until
 * {@link AppServer.serve} attaches the real listeners. A host that is not loopback is logged as a
 * warning.
 * @throws Error when the address cannot be bound (port in use, unknown address).
 */
export async function startAppServer(options: {
  host?: string;
  port: number;
  log: (line: string) => void;
}): Promise<AppServer> {
  const host = options.host ?? DEFAULT_HOST;
  let onRequest: RequestListener | undefined;
  let onUpgrade: UpgradeListener | undefined;
  const server: Server = createServer((req, res) => {
    if (onRequest) return onRequest(req, res);
    gatewayAnswer(res, 503, "Pacer is starting, please try again in a moment", {
      "retry-after": String(STARTING_RETRY_AFTER_SECONDS),
    });
  });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (onUpgrade) return onUpgrade(req, socket, head);
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${STARTING_RETRY_AFTER_SECONDS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port, host, () => {
      server.off("error", fail);
      done();
    });
  });
  if (!isLoopbackAddress(host) && host !== "localhost") {
    options.log(
      `warning: HOST=${host}: the local runtime (plain HTTP, the demo login) is reachable from other machines; the e-mail outbox still answers only on this machine`,
    );
  }
  const port = (server.address() as AddressInfo).port;
  return {
    host,
    port,
    url: `http://${urlHost(host)}:${port}`,
    serve(request, upgrade) {
      onRequest = request;
      onUpgrade = upgrade;
    },
    stop: () =>
      new Promise<void>((done) => {
        // No new connections; idle keep-alive ones close now, requests under way get a moment to
        // finish, then every connection closes (an unfinished request must not hold the stop).
        const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
        server.close(() => {
          clearTimeout(cut);
          done();
        });
        server.closeIdleConnections();
      }),
  };
}
