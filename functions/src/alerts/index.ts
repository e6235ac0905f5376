import { groupHandler } from "../lib/http.ts";
import { alertHistory, createAlert, editAlert, getAlerts, removeAlert, snoozeAlert } from "./handlers.ts";

export const handlers = { createAlert, editAlert, getAlerts, removeAlert, snoozeAlert, alertHistory };
export const handler = groupHandler("alerts", handlers);
