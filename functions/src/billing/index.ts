import { groupHandler } from "../lib/http.ts";
import { localBillingAction, localBillingPortal, startBillingPortalSession } from "./handlers.ts";

export const handlers = { startBillingPortalSession, localBillingPortal, localBillingAction };
export const handler = groupHandler("billing", handlers);
