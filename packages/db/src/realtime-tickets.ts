import { isConditionFailure } from "./errors.ts";
import { epochSeconds, hashSecret, newSecret } from "./secrets.ts";
import { db } from "./service.ts";

/** How long a realtime ticket may wait for its `$connect`: 60 seconds. */
export const REALTIME_TICKET_LIFETIME_MS = 60_000;
/** How long DynamoDB keeps a leftover ticket after it stopped being valid (TTL). */
const KEEP_AFTER_EXPIRY_SECONDS = 60 * 60;

/**
 * Issues a single-use ticket for opening the realtime WebSocket as this user of this account. Only
 * the ticket's SHA-256 is stored.
 * @returns the ticket (43 characters, base64url) and when it stops being valid (epoch ms).
 */
export async function issueRealtimeTicket(
  accountId: string,
  userId: string,
  now: Date = new Date(),
): Promise<{ ticket: string; validUntil: number }> {
  const ticket = newSecret();
  const validUntil = now.getTime() + REALTIME_TICKET_LIFETIME_MS;
  await (await db()).entities.realtimeTicket
    .create({
      ticketHash: hashSecret(ticket),
      accountId,
      userId,
      validUntil,
      expiresAt: epochSeconds(new Date(validUntil)) + KEEP_AFTER_EXPIRY_SECONDS,
    })
    .go();
  return { ticket, validUntil };
}

/**
 * Spends a ticket: deletes it only while it is still valid at `now`, and returns whose it was. An
 * unknown, used or expired ticket answers undefined.
 */
export async function consumeRealtimeTicket(
  ticket: string,
  now: Date = new Date(),
): Promise<{ accountId: string; userId: string } | undefined> {
  if (!ticket || ticket.length > 200) return undefined;
  try {
    const { data } = await (await db()).entities.realtimeTicket
      .delete({ ticketHash: hashSecret(ticket) })
      .where(({ validUntil }, { gt }) => gt(validUntil, now.getTime()))
      .go({ response: "all_old" });
    return data ? { accountId: data.accountId, userId: data.userId } : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
