import * as z from "zod";
import { routeContracts } from "./route-contract.ts";

/** The ticket that opens the WebSocket (spec overview-access-account.md 4 and 9). */
export const realtimeContracts = routeContracts({
  "POST /api/realtime/ticket": () => ({ answer: z.object({ ticket: z.string(), expiresAt: z.string() }) }),
});
