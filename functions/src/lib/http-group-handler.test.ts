import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { allRoutes } from "../../routes.ts";
import { groupHandler, type HttpHandler } from "./http.ts";

/** A GET event of `routeKey` (payload format 2.0, only the fields dispatch reads). */
const event = (routeKey: string) =>
  ({ routeKey, headers: {}, isBase64Encoded: false }) as unknown as APIGatewayProxyEventV2;

/** The Lambda context (dispatch reads none of it). */
const context = {} as Context;

/** A handler answering 200 with its name. */
const answering =
  (name: string): HttpHandler =>
  async () => ({ statusCode: 200, body: name });

/** The health group's handlers, as its route table names them. */
const healthHandlers = () =>
  Object.fromEntries(
    allRoutes()
      .filter((r) => r.group === "health")
      .map((r) => [r.handler, answering(r.handler)]),
  );

describe("a group's dispatch, checked against the route table at its first invocation", () => {
  it("dispatches each route of the group to its handler, and answers 404 to another route", async () => {
    const handler = groupHandler("health", healthHandlers());
    await expect(handler(event("GET /api/health"), context)).resolves.toMatchObject({
      statusCode: 200,
      body: "health",
    });
    await expect(handler(event("GET /api/no-such-route"), context)).resolves.toMatchObject({
      statusCode: 404,
    });
  });

  it("refuses a group whose handlers miss a route, or have one without a route, at every invocation", async () => {
    const { health: _health, ...missing } = healthHandlers();
    const withoutHealth = groupHandler("health", missing);
    for (let i = 0; i < 2; i++)
      await expect(withoutHealth(event("GET /api/openapi.json"), context)).rejects.toThrow(
        "Route GET /api/health names handler health.health, which does not exist",
      );
    const extra = groupHandler("health", { ...healthHandlers(), stray: answering("stray") });
    await expect(extra(event("GET /api/health"), context)).rejects.toThrow(
      "Handlers of health without a route: stray",
    );
  });
});
