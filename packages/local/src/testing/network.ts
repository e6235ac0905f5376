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
