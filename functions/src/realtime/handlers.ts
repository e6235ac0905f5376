import { issueRealtimeTicket } from "@pacer/db";
import { realtimeContracts as api } from "../../contract/realtime.ts";
import { sessionRoute } from "../lib/http.ts";

/**
 * `POST /api/realtime/ticket`: a short-lived (60 s), single-use ticket for opening the realtime
 * WebSocket (`/ws?ticket=<ticket>`; on AWS the WebSocket API's URL), so the session token never
 * travels in a URL. Answers `{ ticket, expiresAt }`.
 */
export const issueTicket = sessionRoute(api["POST /api/realtime/ticket"], async ({ session, now }) => {
  const { ticket, validUntil } = await issueRealtimeTicket(session.accountId, session.userId, now);
  return { ticket, expiresAt: new Date(validUntil).toISOString() };
});
