import { defineFixtures } from "../authz/fixture.ts";

/** The ticket names nothing but the caller (from the token). */
export const fixtures = defineFixtures({
  "POST /api/realtime/ticket": { crossAccount: false, request: () => ({}) },
});
