import { randomUUID } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ensureTable, resetClients, resetDb } from "@pacer/db";
import { resetAppSecrets } from "@pacer/functions/lib/config";
import { installLocalAdapters } from "@pacer/local/adapters";
import { LOCAL_AWS_ENV, startDynamoDbLocal } from "@pacer/local/dynamodb";

/**
 * The stage of the function benchmarks: DynamoDB Local (in memory) with a fresh table, the
 * environment the functions read in local mode, and clients built anew for it.
 * @returns the table's name, and `stop`, which drops the clients and stops the engine
 */
export async function startBenchTable(): Promise<{ table: string; stop: () => Promise<void> }> {
  const engine = await startDynamoDbLocal();
  const table = `pacer-bench-${randomUUID().slice(0, 8)}`;
  installLocalAdapters();
  Object.assign(process.env, LOCAL_AWS_ENV, {
    AWS_ENDPOINT_URL_DYNAMODB: engine.endpoint,
    TABLE_NAME: table,
    JWT_SECRET: "benchmark-only-secret-0123456789abcdef0123",
    APP_ORIGIN: "http://localhost:3000",
    MAIL_FROM: "Pacer <no-reply@pacer.local>",
    LOG_LEVEL: "ERROR",
  });
  resetClients();
  resetDb();
  resetAppSecrets();
  const setupClient = new DynamoDBClient({});
  await ensureTable(setupClient, table);
  setupClient.destroy();
  return {
    table,
    stop: async () => {
      resetClients();
      resetDb();
      await engine.stop();
    },
  };
}
