import * as z from "zod";
import { accessFor } from "../policy.ts";
import { allRoutes, parseRouteKey } from "../routes.ts";
import { contractOf, type RouteContract } from "./index.ts";

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as generated from a zod schema. */
type JsonSchema = Record<string, unknown>;

/** The header that carries the session token (overview-access-account.md 4). */
export const SESSION_HEADER = "x-auth-token";

/**
 * The JSON Schema of a request part or answer, a `z.lazy` read through (the contracts build their
 * schemas at first use). Request objects are made strict as the handlers do
 * (`functions/src/lib/http.ts`). Both sides are described as input (what is sent over the wire:
 * defaults may be left out, transforms read their input), since an answer is the web app's input.
 */
function jsonSchemaOf(schema: z.ZodType, strictObject: boolean): JsonSchema {
  let read = schema;
  while (read instanceof z.ZodLazy) read = read.unwrap() as z.ZodType;
  const s = strictObject && read instanceof z.ZodObject ? read.strict() : read;
  const { $schema: _dialect, ...json } = z.toJSONSchema(s, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  return json;
}

/** The path or query parameters of a contract's object schema. */
function parametersOf(schema: z.ZodType | undefined, where: "path" | "query"): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, true);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: propertySchema,
  }));
}

function requestBodyOf(contract: RouteContract): JsonSchema | undefined {
  if (!contract.body) return undefined;
  const mediaType = contract.bodyType === "form" ? "application/x-www-form-urlencoded" : "application/json";
  return {
    required: !contract.body.safeParse(undefined).success,
    content: { [mediaType]: { schema: jsonSchemaOf(contract.body, true) } },
  };
}

function successOf(contract: RouteContract): JsonSchema {
  const status = String(contract.status ?? 200);
  if (contract.answer === null) {
    return {
      [status]: {
        description: contract.answerType ? `A ${contract.answerType} page` : "No JSON body",
        ...(contract.answerType
          ? { content: { [contract.answerType]: { schema: { type: "string" } } } }
          : {}),
      },
    };
  }
  return {
    [status]: {
      description: "Success",
      content: { "application/json": { schema: jsonSchemaOf(contract.answer, false) } },
    },
  };
}

/** The error answer of every route: `{ code, message, msg, field? }` (README "Errors"). */
const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    code: { type: "string" },
    message: { type: "string" },
    msg: { type: "string" },
    field: { type: "string" },
  },
  required: ["code", "message"],
};

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the route table, the policy table
 * (routes that need a session carry the `session` security requirement) and the API contract.
 * Served at `GET /api/openapi.json`.
 * @throws Error when a route has no contract.
 */
export function openApiDocument(version = "1.0.0"): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of allRoutes()) {
    const contract = contractOf(route.key);
    if (!contract) throw new Error(`Route ${route.key} has no contract in functions/contract`);
    const { method, path } = parseRouteKey(route.key);
    const parameters = [...parametersOf(contract.params, "path"), ...parametersOf(contract.query, "query")];
    const requestBody = requestBodyOf(contract);
    const needsSession = !accessFor(route.key)?.public;
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      operationId: `${route.group}.${route.handler}`,
      tags: [route.group],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      ...(needsSession ? { security: [{ session: [] }] } : {}),
      responses: {
        ...successOf(contract),
        default: {
          description: "An error: 4xx with its message, or a generic 500",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Pacer API",
      version,
      description: "Ad spend pacing: trackers, pods, shared budgets, alerts and connections.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: { session: { type: "apiKey", in: "header", name: SESSION_HEADER } },
    },
  };
}
