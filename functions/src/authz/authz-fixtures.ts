import { defineFixtures } from "./fixture.ts";

/** Fixtures of the foundation routes whose group keeps no fixtures file (health). */

export const fixtures = defineFixtures({
  "GET /api/health": { crossAccount: false, request: () => ({}) },
});
