import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../contract/openapi.ts";
import { parseRouteKey, ROUTES } from "../../routes.ts";
import { callApi } from "../testing/api.ts";
import { aWorld } from "../testing/builders.ts";
import { useMailCapture } from "../testing/mail.ts";
import { type AuthzFixture, fillPath, loadFixtures } from "./fixture.ts";

/**
 * Bad bodies built from the OpenAPI document (`GET /api/openapi.json`, generated from the API
 * contract): for every route with a JSON object body, the authorization fixture's VALID body is
 * taken as the base and broken the ways the document describes: a field the schema does not list
 * (`additionalProperties: false`), each required field left out, each typed field given a value of
 * another JSON type. Every variant must answer 400 naming the field, never 2xx or 5xx (bad input
 * gets a clear 4xx and changes nothing: validation runs before any use-case).
 */
useMailCapture();

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
};

const document = openApiDocument();
const paths = document.paths as Record<
  string,
  Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
>;

/** The JSON object body schema of a route, when its body is a JSON object with listed fields. */
function objectBodyOf(key: string): JsonSchema | undefined {
  const { method, path } = parseRouteKey(key);
  const schema = paths[path]?.[method.toLowerCase()]?.requestBody?.content["application/json"]?.schema;
  return schema?.type === "object" && schema.properties ? schema : undefined;
}

/** A value of another JSON type than the schema's single `type`, or undefined when it has none. */
function wrongTypeFor(schema: JsonSchema): unknown {
  switch (schema.type) {
    case "string":
      return 12345;
    case "number":
    case "integer":
    case "boolean":
    case "array":
    case "object":
      return "not-a-valid-value";
    default:
      return undefined;
  }
}

interface Variant {
  name: string;
  body: Record<string, unknown>;
  /** The `field` the 400 must name. */
  field: string;
}

/** The bad bodies of one route, built from its schema and a valid body. */
function variantsOf(schema: JsonSchema, valid: Record<string, unknown>): Variant[] {
  const variants: Variant[] = [];
  if (schema.additionalProperties === false) {
    variants.push({ name: "an unknown field", body: { ...valid, notInTheContract: 1 }, field: "body" });
  }
  for (const name of schema.required ?? []) {
    const { [name]: _left, ...rest } = valid;
    variants.push({ name: `without ${name}`, body: rest, field: `body.${name}` });
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const wrong = wrongTypeFor(property);
    if (wrong !== undefined) {
      variants.push({
        name: `${name} of another type`,
        body: { ...valid, [name]: wrong },
        field: `body.${name}`,
      });
    }
  }
  return variants;
}

let fixtures: Map<string, AuthzFixture>;
beforeAll(async () => {
  fixtures = await loadFixtures();
});

const routesWithObjectBodies = ROUTES.map((r) => r.key).filter((key) => objectBodyOf(key));

describe.concurrent("bad bodies built from the OpenAPI document", () => {
  it("covers the routes with object bodies", () => {
    expect(routesWithObjectBodies.length).toBeGreaterThan(50);
  });

  it.each(routesWithObjectBodies)("%s refuses them with a 400 naming the field", async (key) => {
    const schema = objectBodyOf(key) as JsonSchema;
    const fixture = fixtures.get(key);
    expect(fixture, `${key} has no fixture`).toBeDefined();
    const [own, other] = await Promise.all([aWorld(), aWorld()]);
    const caller = own.Admin;
    const spec = await (fixture as AuthzFixture).request({ own, other, target: own, kind: "own", caller });
    const valid = (spec.body ?? {}) as Record<string, unknown>;
    const { method, path } = parseRouteKey(key);
    const url = fillPath(path, spec.params) + (spec.query ? `?${new URLSearchParams(spec.query)}` : "");
    const variants = variantsOf(schema, valid);
    expect(variants.length, `${key}: the document gives no way to break its body`).toBeGreaterThan(0);
    for (const variant of variants) {
      const answer = await callApi<{ field?: string; message?: string }>(method, url, {
        body: variant.body,
        token: caller.token,
        ...(spec.headers ? { headers: spec.headers } : {}),
      });
      expect(answer.status, `${key} ${variant.name}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.field, `${key} ${variant.name}: ${answer.body.message}`).toBe(variant.field);
    }
  });
});
