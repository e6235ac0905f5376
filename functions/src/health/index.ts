import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { dynamoClient, tableName } from "@pacer/db";
import { healthContracts } from "../../contract/health.ts";
import type { openApiDocument } from "../../contract/openapi.ts";
import { groupHandler, httpRoute, reply } from "../lib/http.ts";

/** `GET /api/health`: `{ status: "ok" }` when the table is reachable, 503 otherwise. */
const health = httpRoute(healthContracts["GET /api/health"], async () => {
  try {
    const out = await dynamoClient().send(new DescribeTableCommand({ TableName: tableName() }));
    return out.Table?.TableStatus === "ACTIVE" ? { status: "ok" } : reply(503, { status: "unavailable" });
  } catch {
    return reply(503, { status: "unavailable" });
  }
});

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the API contract (built once).
 * The whole contract (every route's zod schemas) and the generator are imported at the first call,
 * not at load: a health check needs none of it, and building every route's schemas was most of
 * this group's cold start (BENCHMARKS.md, "Cold start").
 */
let document: ReturnType<typeof openApiDocument> | undefined;
const openApi = httpRoute(healthContracts["GET /api/openapi.json"], async () => {
  document ??= (await import("../../contract/openapi.ts")).openApiDocument();
  return document;
});

export const handlers = { health, openApiDocument: openApi };
export const handler = groupHandler("health", handlers);
