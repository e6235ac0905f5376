import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ensureTable } from "@pacer/db";
import type { TestProject } from "vitest/node";
import { LOCAL_AWS_ENV, startDynamoDbLocal } from "../src/dynamodb.ts";
import { startObjectStoreServer } from "../src/object-store.ts";

/** Test table name; each test file builds its own accounts, so files share one table safely. */
export const TEST_TABLE = "pacer-test";

/**
 * Vitest global set-up of the integration project: one in-memory DynamoDB Local for the run, with
 * the product table created from the shared definition, and the local S3 endpoint for object
 * storage. Test files get the endpoints through `inject(...)` (see dynamodb-env.ts).
 */
export default async function setup(project: TestProject) {
  const objectsDir = mkdtempSync(join(tmpdir(), "pacer-s3-"));
  const objects = await startObjectStoreServer(objectsDir);
  const engine = await startDynamoDbLocal();
  const client = new DynamoDBClient({
    endpoint: engine.endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  await ensureTable(client, TEST_TABLE);
  client.destroy();
  project.provide("dynamoEndpoint", engine.endpoint);
  project.provide("tableName", TEST_TABLE);
  project.provide("s3Endpoint", objects.url);
  return async () => {
    await engine.stop();
    await objects.stop();
    rmSync(objectsDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    tableName: string;
    s3Endpoint: string;
  }
}
