import * as z from "zod";
import { routeContracts } from "./route-contract.ts";

/** The health check (README "Operations"): `{ status: "ok" }` when the table is reachable. */
export const healthContracts = routeContracts({
  "GET /api/health": () => ({ answer: z.object({ status: z.literal("ok") }) }),
  /** The OpenAPI 3.1 document of the API (`openapi.ts`). */
  "GET /api/openapi.json": () => ({
    answer: z.looseObject({
      openapi: z.literal("3.1.0"),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  }),
});
