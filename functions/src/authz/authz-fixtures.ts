import { defineFixtures } from "../authz/fixture.ts";

/** Fixtures of the foundation routes whose group keeps no fixtures file (health, the OpenAPI document). */

export const fixtures = defineFixtures({
  "GET /api/health": { crossAccount: false, request: () => ({}) },
  "GET /api/openapi.json": { crossAccount: false, request: () => ({}) },
});
