import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecrets, requireEnv } from "./config.ts";
import { signTicket, verifyTicket } from "./jwt.ts";

/**
 * Links the product sends by e-mail, always built from the configured `APP_ORIGIN` (never from a
 * request's Host header or a client-sent hostname).
 */
export function appOrigin(): string {
  return requireEnv("APP_ORIGIN").replace(/\/+$/, "");
}

/** The web app's reset page for a reset token (spec section 2.1: `/reset-password/{token}`). */
export function resetPasswordUrl(token: string): string {
  return `${appOrigin()}/reset-password/${encodeURIComponent(token)}`;
}

/**
 * The invitation link: the spec's `/register-invited-user/{accountId}/{userType}/{email}` (email
 * `false` when none) plus `?invite=<inviteId>.<secret>`, the token the registration call needs.
 */
export function invitationUrl(accountId: string, userType: string, email: string | undefined, token: string) {
  const path = [accountId, userType, email || "false"].map(encodeURIComponent).join("/");
  return `${appOrigin()}/register-invited-user/${path}?invite=${encodeURIComponent(token)}`;
}

/**
 * The web app's link that opens one tracker's AutoPilot proposals: the dashboard with the tracker's
 * Manage Tracker modal on its AutoPilot tab (`/dashboard?tracker=<id>&tab=autopilot`; the web app's
 * `paths.trackerTab`). Signing in is asked first; the tracker opens only for a user who may see it.
 */
export function trackerAutopilotUrl(trackerId: string): string {
  return `${appOrigin()}/dashboard?tracker=${encodeURIComponent(trackerId)}&tab=autopilot`;
}

/** A key for one kind of signed link, derived from the app secret (one key per purpose). */
async function linkKey(purpose: string): Promise<Buffer> {
  const { jwtSecret } = await appSecrets();
  return createHmac("sha256", jwtSecret).update(purpose).digest();
}

const unsubscribeKey = () => linkKey("pacer-unsubscribe-v1");

/** Compares two strings in constant time (for MACs). */
function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The unforgeable value of the unsubscribe path segment: `<userId>.<HMAC-SHA256(userId)>` (base64url),
 * keyed by a key derived from the app secret. It never expires (an unsubscribe link in an old e-mail
 * keeps working) and allows nothing but unsubscribing that user.
 */
export async function unsubscribeToken(userId: string): Promise<string> {
  const mac = createHmac("sha256", await unsubscribeKey())
    .update(userId)
    .digest("base64url");
  return `${userId}.${mac}`;
}

/** The user id of a valid unsubscribe value, or undefined. */
export async function verifyUnsubscribeToken(value: string): Promise<string | undefined> {
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const userId = value.slice(0, dot);
  return sameSecret(await unsubscribeToken(userId), value) ? userId : undefined;
}

/** The web app's unsubscribe page for a user (spec section 2.1: `/unsubscribe-all-emails/{userId}`). */
export async function unsubscribeUrl(userId: string): Promise<string> {
  return `${appOrigin()}/unsubscribe-all-emails/${encodeURIComponent(await unsubscribeToken(userId))}`;
}

/** How long a digest's unsubscribe link works: 90 days (a digest sent since carries a fresh one). */
export const DIGEST_UNSUBSCRIBE_LIFETIME_SECONDS = 90 * 24 * 60 * 60;
const DIGEST_UNSUBSCRIBE = "digest-unsubscribe";

/**
 * The one-click link that turns a user's pacing digest off without signing in:
 * `/api/auth/digest-unsubscribe/<ticket>`, the ticket a JWT signed with the app secret (jose, HS256,
 * `jwt.ts` `signTicket`) whose audience is `pacer-digest-unsubscribe`, so it is never a session and
 * allows nothing but this, for {@link DIGEST_UNSUBSCRIBE_LIFETIME_SECONDS}. It is both the e-mail's
 * link (a page with one button) and its RFC 8058 `List-Unsubscribe` target (a POST).
 */
export async function digestUnsubscribeUrl(
  user: { userId: string; accountId: string },
  now: Date = new Date(),
): Promise<string> {
  const ticket = await signTicket(DIGEST_UNSUBSCRIBE, user, DIGEST_UNSUBSCRIBE_LIFETIME_SECONDS, now);
  return `${appOrigin()}/api/auth/digest-unsubscribe/${encodeURIComponent(ticket)}`;
}

/** The user of a valid, unexpired digest unsubscribe ticket; undefined when forged, altered or expired. */
export function verifyDigestUnsubscribeTicket(
  ticket: string,
  now: Date = new Date(),
): Promise<{ userId: string; accountId: string } | undefined> {
  return verifyTicket(DIGEST_UNSUBSCRIBE, ticket, now);
}

/** How long an e-mail confirmation link works (as the welcome set-password link: 7 days). */
export const EMAIL_CONFIRMATION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

async function confirmationMac(userId: string, email: string, expires: number): Promise<string> {
  return createHmac("sha256", await linkKey("pacer-confirm-email-v1"))
    .update(`${userId}\n${email}\n${expires}`)
    .digest("base64url");
}

/**
 * The unforgeable value of an e-mail confirmation link: `<userId>.<expires epoch s>.<MAC>` where the
 * MAC (HMAC-SHA256, base64url, under a key derived from the app secret) covers the user id, the
 * address the link was sent to and the expiry, so it confirms only that address of that user, for
 * {@link EMAIL_CONFIRMATION_LIFETIME_SECONDS}. Confirming twice is harmless, so it is not single use.
 */
export async function emailConfirmationToken(
  user: { userId: string; email: string },
  now: Date = new Date(),
): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + EMAIL_CONFIRMATION_LIFETIME_SECONDS;
  return `${user.userId}.${expires}.${await confirmationMac(user.userId, user.email, expires)}`;
}

/** What a confirmation value is worth: the user id it confirms, `expired`, or `invalid`. */
export type ConfirmationCheck =
  | { state: "valid"; userId: string }
  | { state: "expired" }
  | { state: "invalid" };

/**
 * Checks a confirmation value against the user's current address (`emailOf` reads it; undefined
 * when the user is gone): forged, altered, or for another address is `invalid`; past its expiry
 * `expired`.
 */
export async function checkEmailConfirmationToken(
  value: string,
  emailOf: (userId: string) => Promise<string | undefined>,
  now: Date = new Date(),
): Promise<ConfirmationCheck> {
  const [userId, expiresText, mac, ...rest] = value.split(".");
  const expires = Number(expiresText);
  if (!userId || !mac || rest.length > 0 || !Number.isSafeInteger(expires)) return { state: "invalid" };
  const email = await emailOf(userId);
  if (email === undefined || !sameSecret(await confirmationMac(userId, email, expires), mac))
    return { state: "invalid" };
  if (expires * 1000 <= now.getTime()) return { state: "expired" };
  return { state: "valid", userId };
}

/** The confirmation link of a user's address (the API serves it: `GET /api/auth/confirm-email/{token}`). */
export async function emailConfirmationUrl(
  user: { userId: string; email: string },
  now: Date = new Date(),
): Promise<string> {
  return `${appOrigin()}/api/auth/confirm-email/${encodeURIComponent(await emailConfirmationToken(user, now))}`;
}
