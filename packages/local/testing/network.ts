import { type IncomingHttpHeaders, request } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";

/** Whether a TCP connection to `address:port` is accepted (a refused or failed one: false). */
export function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, address);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** This machine's IPv4 addresses on its other (not loopback) interfaces: how the network reaches it. */
export function externalAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && !a.internal && a.family === "IPv4")
    .map((a) => a?.address as string);
}

/**
 * One HTTP/1.1 GET to `127.0.0.1:port` with these headers (a `host` header names the site as a
 * browser would, whatever address it connected to): status, headers and body as text.
 */
export function httpGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => {
        body += c.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
