import { groupHandler } from "../lib/http.ts";
import { issueTicket } from "./handlers.ts";

export const handlers = { issueTicket };
export const handler = groupHandler("realtime", handlers);
