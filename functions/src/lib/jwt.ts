// jose by subpath (its package exports): importing its index would make every module of jose (JWE
// encryption and key management too) part of the files a group reads at load.
import * as errors from "jose/errors";
import { SignJWT } from "jose/jwt/sign";
import { jwtVerify } from "jose/jwt/verify";
import { appSecrets } from "./config.ts";

/** Session token settings: pinned algorithm, issuer, audience and lifetime. */
export const SESSION = {
  algorithm: "HS256",
  issuer: "pacer",
  audience: "pacer-app",
  /** Lifetime of one token in seconds; the SPA renews silently through `GET /api/auth` before expiry. */
  ttlSeconds: 60 * 60,
} as const;

/** The claims the product puts in a session token. */
export interface SessionClaims {
  /** User id (`sub`). */
  userId: string;
  /** Account id (`acc`). */
  accountId: string;
  /** Issued-at, epoch seconds. */
  iat: number;
  /** Expiry, epoch seconds. */
  exp: number;
}

async function key(): Promise<Uint8Array> {
  const { jwtSecret } = await appSecrets();
  return new TextEncoder().encode(jwtSecret);
}

/**
 * Signs a session token for a user (HS256, `iss`, `aud`, `sub`, `acc`, `iat`, `exp`). `notBefore`
 * is the user's `tokensValidAfter`: the token's `iat` is never earlier, so a token signed in the
 * same second as a revocation (logout, then log in again at once) is still accepted.
 */
export async function signSession(
  userId: string,
  accountId: string,
  now: Date = new Date(),
  notBefore = 0,
): Promise<string> {
  const iat = Math.max(Math.floor(now.getTime() / 1000), notBefore);
  return new SignJWT({ acc: accountId })
    .setProtectedHeader({ alg: SESSION.algorithm, typ: "JWT" })
    .setSubject(userId)
    .setIssuer(SESSION.issuer)
    .setAudience(SESSION.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION.ttlSeconds)
    .sign(await key());
}

/**
 * Verifies a session token: signature with the pinned algorithm only (so `alg: none` and other
 * algorithms fail), issuer, audience, expiry (no clock tolerance).
 * @returns the claims, or undefined for any invalid token (the reason is not disclosed).
 */
export async function verifySession(
  token: string,
  now: Date = new Date(),
): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: [SESSION.algorithm],
      issuer: SESSION.issuer,
      audience: SESSION.audience,
      currentDate: now,
      requiredClaims: ["sub", "iat", "exp"],
    });
    if (typeof payload.acc !== "string" || typeof payload.sub !== "string") return undefined;
    return {
      userId: payload.sub,
      accountId: payload.acc,
      iat: payload.iat as number,
      exp: payload.exp as number,
    };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}

/**
 * Signs a short-lived ticket for one purpose (e.g. the local billing page link, which a browser
 * opens by navigation and so cannot carry the session header). Same pinned algorithm and key as
 * sessions, but the audience is `pacer-<purpose>`, so a ticket is never accepted as a session token
 * and a session token never as a ticket.
 */
export async function signTicket(
  purpose: string,
  claims: { userId: string; accountId: string },
  ttlSeconds: number,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ acc: claims.accountId })
    .setProtectedHeader({ alg: SESSION.algorithm, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(SESSION.issuer)
    .setAudience(`pacer-${purpose}`)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await key());
}

/** Verifies a ticket of {@link signTicket} for `purpose`; undefined when invalid or expired. */
export async function verifyTicket(
  purpose: string,
  ticket: string,
  now: Date = new Date(),
): Promise<{ userId: string; accountId: string } | undefined> {
  try {
    const { payload } = await jwtVerify(ticket, await key(), {
      algorithms: [SESSION.algorithm],
      issuer: SESSION.issuer,
      audience: `pacer-${purpose}`,
      currentDate: now,
      requiredClaims: ["sub", "iat", "exp"],
    });
    if (typeof payload.acc !== "string" || typeof payload.sub !== "string") return undefined;
    return { userId: payload.sub, accountId: payload.acc };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}
