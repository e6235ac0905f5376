import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A PKCE pair (RFC 7636): keep the verifier in the session, send the challenge to the platform. */
export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: "S256";
}

/** A new PKCE pair: 32 random bytes as base64url (43 chars) and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const codeVerifier = randomBytes(32).toString("base64url");
  return { codeVerifier, codeChallenge: pkceChallenge(codeVerifier), codeChallengeMethod: "S256" };
}

/** The S256 challenge of a verifier: base64url(sha256(verifier)) (RFC 7636 4.2). */
export function pkceChallenge(codeVerifier: string): string {
  return createHash("sha256").update(codeVerifier, "ascii").digest("base64url");
}

/** A random `state` value for the authorize URL (the caller binds it to the session). */
export function createState(): string {
  return randomBytes(24).toString("base64url");
}

/** Constant-time comparison of the session's `state` with the returned one. */
export function statesMatch(expected: string | undefined, received: string | undefined): boolean {
  if (!expected || !received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
