import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AwsEmulator } from "@pacer/local/aws-emulator";
import { Outbox, type OutboxEntry } from "@pacer/local/outbox";
import { afterAll, beforeAll } from "vitest";

/**
 * Captures the e-mail a test file's handlers send: starts the local SES endpoint with an outbox in a
 * temporary folder and points `AWS_ENDPOINT_URL_SES` at it, exactly as the local runtime does. Call
 * at the top of a test file (it registers `beforeAll`/`afterAll`).
 */
export function useMailCapture(): {
  to(address: string): OutboxEntry[];
  latestLinkTo(address: string): string;
} {
  let dir = "";
  let outbox: Outbox | undefined;
  let emulator: AwsEmulator | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pacer-mail-"));
    outbox = new Outbox(dir);
    emulator = new AwsEmulator({ queues: new Map(), outbox, websocket: () => undefined });
    process.env.AWS_ENDPOINT_URL_SES = await emulator.start();
  });
  afterAll(async () => {
    await emulator?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const to = (address: string) => (outbox?.list() ?? []).filter((m) => m.to.includes(address));
  return {
    to,
    latestLinkTo: (address: string) => {
      const link = to(address)[0]?.links[0];
      if (!link) throw new Error(`No e-mail with a link to ${address}`);
      return link;
    },
  };
}
