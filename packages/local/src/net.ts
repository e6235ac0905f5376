import { createServer } from "node:net";

/** A TCP port that was free on 127.0.0.1 a moment ago (for child processes that need a fixed port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True for an IP address of this machine's loopback interface (`127.0.0.0/8`, `::1`, IPv4-mapped). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.replace(/^::ffff:/i, "");
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

/**
 * True when a `Host` header names this machine's loopback (`localhost`, `127.x.x.x`, `[::1]`, with
 * or without a port): a page reached through any other name (DNS rebinding) is not local.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.replace(/:\d+$/, "");
  return name.toLowerCase() === "localhost" || isLoopbackAddress(name);
}
