import { groupHandler } from "../lib/http.ts";
import { createAlert, editAlert, getAlerts, removeAlert } from "./handlers.ts";

export const handlers = { createAlert, editAlert, getAlerts, removeAlert };
export const handler = groupHandler("alerts", handlers);
