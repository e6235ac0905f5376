import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { dynamoClient, tableName } from "@pacer/db";
import { STATIC_CONTRACTS } from "../../contract/index.ts";
import { openApiDocument } from "../../contract/openapi.ts";
import { groupHandler, httpRoute, reply } from "../lib/http.ts";

/** `GET /api/health`: `{ status: "ok" }` when the table is reachable, 503 otherwise. */
const health = httpRoute(STATIC_CONTRACTS["GET /api/health"], async () => {
  try {
    const out = await dynamoClient().send(new DescribeTableCommand({ TableName: tableName() }));
    return out.Table?.TableStatus === "ACTIVE" ? { status: "ok" } : reply(503, { status: "unavailable" });
  } catch {
    return reply(503, { status: "unavailable" });
  }
});

/** `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the API contract (built once). */
let document: ReturnType<typeof openApiDocument> | undefined;
const openApi = httpRoute(STATIC_CONTRACTS["GET /api/openapi.json"], async () => {
  document ??= openApiDocument();
  return document;
});

export const handlers = { health, openApiDocument: openApi };
export const handler = groupHandler("health", handlers);
