import { groupHandler } from "../lib/http.ts";
import { startBillingPortalSession } from "./handlers.ts";

export const handlers = { startBillingPortalSession };
export const handler = groupHandler("billing", handlers);
