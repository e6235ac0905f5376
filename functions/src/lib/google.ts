import { JwtVerifier } from "aws-jwt-verify";
import { SimpleJwksCache } from "aws-jwt-verify/jwk";
import { appSecrets } from "./config.ts";
import { AppError } from "./errors.ts";

/** Google's issuers (`iss` is either form) and key set; the sandbox issuer replaces them locally. */
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
const GOOGLE_JWKS_URI = "https://www.googleapis.com/oauth2/v3/certs";

/** A verified Google identity. */
export interface GoogleIdentity {
  sub: string;
  /** Lower-cased, verified address. */
  email: string;
  name: string;
}

/**
 * Fetches the key set with Node's own `fetch` (5 s time-out). aws-jwt-verify's default fetcher only
 * speaks HTTPS; this one also reaches the local sandbox issuer over plain HTTP.
 */
const jwksFetcher = {
  fetch: async (uri: string): Promise<ArrayBuffer> => {
    const answer = await fetch(uri, { signal: AbortSignal.timeout(5000) });
    if (!answer.ok) throw new Error(`JWKS ${uri} answered ${answer.status}`);
    return answer.arrayBuffer();
  },
};

/** The message for any Google token that does not verify. */
export const GOOGLE_SIGN_IN_FAILED = "Google sign-in failed, please try again";

type Verifier = { verify(token: string): Promise<Record<string, unknown>> };
let cached: { key: string; verifier: Verifier } | undefined;

/**
 * The verifier for the configured issuer: `GOOGLE_ISSUER` and `GOOGLE_JWKS_URI` (defaults: Google),
 * audience = the Google OAuth client id (`googleClientId` of the app secrets / `GOOGLE_CLIENT_ID`).
 * Built once per cold start; aws-jwt-verify caches the key set.
 */
async function verifier(env: Record<string, string | undefined> = process.env): Promise<Verifier> {
  const { googleClientId } = await appSecrets();
  if (!googleClientId) throw new AppError("SERVICE_UNAVAILABLE", "Google sign-in is not configured");
  const issuers = env.GOOGLE_ISSUER ? [env.GOOGLE_ISSUER] : GOOGLE_ISSUERS;
  const jwksUri = env.GOOGLE_JWKS_URI ?? GOOGLE_JWKS_URI;
  const key = [googleClientId, jwksUri, ...issuers].join(" ");
  if (cached?.key !== key) {
    const built = JwtVerifier.create(
      issuers.map((issuer) => ({
        issuer,
        audience: googleClientId,
        jwksUri,
        customJwtCheck: ({ payload }: { payload: Record<string, unknown> }) => {
          if (payload.email_verified !== true) throw new Error("Google e-mail address is not verified");
          if (typeof payload.email !== "string" || typeof payload.sub !== "string")
            throw new Error("Google ID token without e-mail or subject");
        },
      })),
      { jwksCache: new SimpleJwksCache({ fetcher: jwksFetcher }) },
    ) as unknown as Verifier;
    cached = { key, verifier: built };
  }
  return cached.verifier;
}

/**
 * Verifies a Google ID token (signature by the issuer's JWKS, RS256, issuer, audience, expiry, and
 * `email_verified: true`).
 * @throws AppError UNAUTHORIZED with {@link GOOGLE_SIGN_IN_FAILED} for any token that does not verify.
 */
export async function verifyGoogleIdToken(token: string): Promise<GoogleIdentity> {
  const v = await verifier();
  let payload: Record<string, unknown>;
  try {
    payload = await v.verify(token);
  } catch {
    throw new AppError("UNAUTHORIZED", GOOGLE_SIGN_IN_FAILED);
  }
  const email = String(payload.email).trim().toLowerCase();
  return { sub: String(payload.sub), email, name: typeof payload.name === "string" ? payload.name : "" };
}

/** Forgets the cached verifier (tests that switch issuer). */
export function resetGoogleVerifier(): void {
  cached = undefined;
}
