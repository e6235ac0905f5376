import { groupHandler } from "../lib/http.ts";
import { refreshSingleTrackerData, updateSingleTracker } from "./handlers.ts";

export const handlers = { refreshSingleTrackerData, updateSingleTracker };
export const handler = groupHandler("refresh", handlers);
