import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecrets, requireEnv } from "./config.ts";

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

async function unsubscribeKey(): Promise<Buffer> {
  const { jwtSecret } = await appSecrets();
  return createHmac("sha256", jwtSecret).update("pacer-unsubscribe-v1").digest();
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
  const expected = Buffer.from(await unsubscribeToken(userId));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}

/** The web app's unsubscribe page for a user (spec section 2.1: `/unsubscribe-all-emails/{userId}`). */
export async function unsubscribeUrl(userId: string): Promise<string> {
  return `${appOrigin()}/unsubscribe-all-emails/${encodeURIComponent(await unsubscribeToken(userId))}`;
}
