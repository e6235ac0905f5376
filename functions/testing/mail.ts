import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AwsEmulator } from "@pacer/local/aws-emulator";
import { LOCAL_AWS_ENV } from "@pacer/local/dynamodb";
import { Outbox, type OutboxEntry } from "@pacer/local/outbox";
import { afterAll, beforeAll } from "vitest";

/**
 * Captures the e-mail a test file's handlers send: starts the local SES endpoint with an outbox in a
 * temporary folder and points `AWS_ENDPOINT_URL_SESV2` (and `AWS_ENDPOINT_URL_SES`) at it, exactly as the local runtime does. Call
 * at the top of a test file (it registers `beforeAll`/`afterAll`).
 */
export function useMailCapture(): {
  to(address: string): OutboxEntry[];
  latestLinkTo(address: string): string;
  /** The MIME message of an outbox entry, as the local SES endpoint composed it. */
  raw(id: string): string;
} {
  let dir = "";
  let outbox: Outbox | undefined;
  let emulator: AwsEmulator | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pacer-mail-"));
    outbox = new Outbox(dir);
    emulator = new AwsEmulator({ queues: new Map(), outbox, websocket: () => undefined });
    // The local region and credentials, where the test project has not set them (unit tests).
    for (const [name, value] of Object.entries(LOCAL_AWS_ENV)) process.env[name] ??= value;
    const url = await emulator.start();
    process.env.AWS_ENDPOINT_URL_SES = url;
    process.env.AWS_ENDPOINT_URL_SESV2 = url;
  });
  afterAll(async () => {
    await emulator?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const to = (address: string) => (outbox?.list() ?? []).filter((m) => m.to.includes(address));
  return {
    to,
    raw: (id: string) => {
      const found = outbox?.get(id);
      if (!found) throw new Error(`No e-mail ${id} in the outbox`);
      return found.raw.toString("utf8");
    },
    latestLinkTo: (address: string) => {
      const link = to(address)[0]?.links[0];
      if (!link) throw new Error(`No e-mail with a link to ${address}`);
      return link;
    },
  };
}
