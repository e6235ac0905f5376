import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A new random secret for a link: 32 bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The SHA-256 of a link secret, base64url: what the table stores instead of the secret. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("base64url");
}

/** True when `secret` hashes to `expectedHash` (constant-time comparison). */
export function secretMatches(secret: string, expectedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(expectedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Epoch seconds of a date. */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
