import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { dynamoClient, tableName } from "@pacer/db";
import { groupHandler, httpRoute, reply } from "../lib/http.ts";

/** `GET /api/health`: `{ status: "ok" }` when the table is reachable, 503 otherwise. */
const health = httpRoute({}, async () => {
  try {
    const out = await dynamoClient().send(new DescribeTableCommand({ TableName: tableName() }));
    return out.Table?.TableStatus === "ACTIVE" ? { status: "ok" } : reply(503, { status: "unavailable" });
  } catch {
    return reply(503, { status: "unavailable" });
  }
});

export const handlers = { health };
export const handler = groupHandler("health", handlers);
