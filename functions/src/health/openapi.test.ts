import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { contractOf } from "../../contract/index.ts";
import { openApiDocument } from "../../contract/openapi.ts";
import { parseRouteKey, ROUTES } from "../../routes.ts";
import { callApi } from "../testing/api.ts";

/**
 * The OpenAPI 3.1 document generated from the API contract: valid for the OpenAPI 3.1 schema
 * (checked with @seriousme/openapi-schema-validator), one operation per route of the route table
 * with its path parameters, and served as is, without a session, at `GET /api/openapi.json`.
 */
describe("the OpenAPI document", () => {
  const document = openApiDocument();
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;

  it("validates against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every route of the route table, each with a contract", () => {
    for (const route of ROUTES) {
      expect(contractOf(route.key), `${route.key} has no contract`).toBeDefined();
      const { method, path } = parseRouteKey(route.key);
      const operation = paths[path]?.[method.toLowerCase()];
      expect(operation, `${route.key} is missing`).toBeDefined();
      const declared = ((operation?.parameters ?? []) as { name: string; in: string }[])
        .filter((p) => p.in === "path")
        .map((p) => p.name)
        .sort();
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      expect(declared, `${route.key} path parameters`).toEqual(inPath);
    }
    const operations = Object.values(paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(ROUTES.length);
  });

  it("marks the session routes and describes their strict bodies", () => {
    const createPod = paths["/api/pod/create-pod"]?.post as {
      security?: unknown;
      requestBody: { content: { "application/json": { schema: Record<string, unknown> } } };
    };
    expect(createPod.security).toEqual([{ session: [] }]);
    const body = createPod.requestBody.content["application/json"].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.required).toEqual(expect.arrayContaining(["name", "trackers"]));
    expect(paths["/api/auth"]?.post?.security).toBeUndefined();
  });

  it("is served without a session at GET /api/openapi.json", async () => {
    const answer = await callApi("GET", "/api/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
