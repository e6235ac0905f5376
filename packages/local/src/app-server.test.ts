import { connect } from "node:net";
import { securityHeaders } from "@pacer/functions/security-headers";
import { afterEach, describe, expect, it } from "vitest";
import { accepts, externalAddresses, httpGet } from "../testing/network.ts";
import { type AppServer, STARTING_RETRY_AFTER_SECONDS, startAppServer } from "./app-server.ts";
import { isLoopbackAddress, isLoopbackHost } from "./net.ts";

const servers: AppServer[] = [];
const start = async (options: { host?: string; log?: (line: string) => void } = {}) => {
  const server = await startAppServer({ port: 0, log: options.log ?? (() => undefined), ...options });
  servers.push(server);
  return server;
};

afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

describe("the local app server", () => {
  it("listens on 127.0.0.1 by default: this machine reaches it, the network does not", async () => {
    const server = await start();
    expect(server.host).toBe("127.0.0.1");
    expect(server.url).toBe(`http://localhost:${server.port}`);
    expect(await accepts("127.0.0.1", server.port)).toBe(true);
    for (const address of externalAddresses()) expect(await accepts(address, server.port)).toBe(false);
  });

  it("listens on the HOST it is given, with a warning that the network now reaches it", async () => {
    const lines: string[] = [];
    const server = await start({ host: "0.0.0.0", log: (line) => lines.push(line) });
    expect(lines).toEqual([
      expect.stringMatching(/^warning: HOST=0\.0\.0\.0: .*reachable from other machines/),
    ]);
    for (const address of externalAddresses()) expect(await accepts(address, server.port)).toBe(true);
    const quiet: string[] = [];
    await start({ host: "127.0.0.1", log: (line) => quiet.push(line) });
    const v6 = await start({ host: "::1", log: (line) => quiet.push(line) });
    expect(v6.url).toBe(`http://[::1]:${v6.port}`);
    expect(quiet).toEqual([]);
  });

  it("answers 503 with Retry-After and the security headers until it serves, then the real listeners", async () => {
    const server = await start();
    const early = await httpGet(server.port, "/api/health");
    expect(early.status).toBe(503);
    expect(early.headers["retry-after"]).toBe(String(STARTING_RETRY_AFTER_SECONDS));
    expect(JSON.parse(early.body)).toEqual({ message: "Pacer is starting, please try again in a moment" });
    expect(early.headers).toMatchObject(securityHeaders({ hsts: false }));
    expect(early.headers["strict-transport-security"]).toBeUndefined();

    const upgrade = await new Promise<string>((resolve) => {
      const socket = connect(server.port, "127.0.0.1", () =>
        socket.write(
          "GET /ws HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        ),
      );
      let text = "";
      socket.on("data", (c: Buffer) => {
        text += c.toString();
      });
      socket.on("close", () => resolve(text));
    });
    expect(upgrade).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\nRetry-After: 1\r\n/);

    server.serve(
      (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("ready");
      },
      (_req, socket) => socket.end("HTTP/1.1 404 Not Found\r\n\r\n"),
    );
    const later = await httpGet(server.port, "/api/health");
    expect([later.status, later.body]).toEqual([200, "ready"]);
  });

  it("stops with a request still unfinished on an open connection", async () => {
    const server = await start();
    const socket = connect(server.port, "127.0.0.1");
    socket.on("error", () => undefined);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    const closed = new Promise((resolve) => socket.once("close", resolve));
    await servers.splice(0, 1)[0]?.stop();
    await closed;
    expect(await accepts("127.0.0.1", server.port)).toBe(false);
  });
});

describe("loopback names", () => {
  it("knows loopback addresses and Host headers, and nothing else", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ["192.0.2.2", "0.0.0.0", "::", "10.0.0.1", "::ffff:192.0.2.2", undefined])
      expect(isLoopbackAddress(a)).toBe(false);
    for (const h of ["localhost", "localhost:3000", "LOCALHOST:1", "127.0.0.1:3000", "[::1]:3000", "[::1]"])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of [
      "evil.example",
      "evil.example:3000",
      "localhost.evil.example",
      "192.0.2.2:3000",
      "",
      undefined,
    ])
      expect(isLoopbackHost(h)).toBe(false);
  });
});
