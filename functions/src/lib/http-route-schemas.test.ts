import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { lazyContract, type RouteContract, routeContracts } from "../../contract/route-contract.ts";
import { unlistedPublicRoute } from "./http.ts";

/** A JSON POST event with `body` (payload format 2.0, only the fields the route reads). */
const postEvent = (body: unknown) =>
  ({
    routeKey: "POST /api/test",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  }) as unknown as APIGatewayProxyEventV2;

/** A contract builder that counts its calls. */
function countingBuilder() {
  const calls = { count: 0 };
  const build = () => {
    calls.count++;
    return {
      body: z.lazy(() => z.object({ name: z.string().min(1, "Name is required") })),
      answer: z.object({ ok: z.boolean() }),
      status: 201,
    };
  };
  return { calls, build };
}

describe("route contracts built at their first read", () => {
  it("builds a contract once, at the first read of one of its fields", () => {
    const { calls, build } = countingBuilder();
    const contract = lazyContract(build);
    expect(calls.count).toBe(0);
    expect(contract.status).toBe(201);
    expect(contract.answer?.safeParse({ ok: true }).success).toBe(true);
    expect((contract as RouteContract).params).toBeUndefined();
    expect(calls.count).toBe(1);
  });

  it("copies the built schemas when spread with route options", () => {
    const { build } = countingBuilder();
    const contract = lazyContract(build);
    const spec = { ...contract, maxBodyBytes: 1024 };
    expect(spec.body).toBe(contract.body);
    expect(spec.status).toBe(201);
    expect(spec.maxBodyBytes).toBe(1024);
  });

  it("builds each route of a group on its own", () => {
    const first = countingBuilder();
    const second = countingBuilder();
    const contracts = routeContracts({ "POST /api/first": first.build, "POST /api/second": second.build });
    expect(Object.keys(contracts)).toEqual(["POST /api/first", "POST /api/second"]);
    expect(contracts["POST /api/first"].status).toBe(201);
    expect([first.calls.count, second.calls.count]).toEqual([1, 0]);
  });
});

describe("a route's request schemas", () => {
  it("are read at the route's first call, not when it is declared, and validate every call", async () => {
    const { calls, build } = countingBuilder();
    const route = unlistedPublicRoute(lazyContract(build), async ({ body }) => ({ hello: body.name }));
    expect(calls.count).toBe(0);
    const ok = await route(postEvent({ name: "Ada" }), {} as Context);
    expect(calls.count).toBe(1);
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.body as string)).toEqual({ hello: "Ada" });
    const refused = await route(postEvent({ name: "" }), {} as Context);
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body as string)).toMatchObject({ message: "body.name: Name is required" });
    expect(calls.count).toBe(1);
  });

  it("make an object body behind z.lazy strict: an unknown field is a 400 naming it", async () => {
    const { build } = countingBuilder();
    const route = unlistedPublicRoute(lazyContract(build), async ({ body }) => ({ hello: body.name }));
    const answer = await route(postEvent({ name: "Ada", role: "Admin" }), {} as Context);
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body as string)).toMatchObject({
      message: "Unknown field in body: role",
      field: "body",
    });
  });
});
