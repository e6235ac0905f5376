import { JwtVerifier } from "aws-jwt-verify";
import { SimpleJwksCache } from "aws-jwt-verify/jwk";
import { appSecrets } from "./config.ts";
import { AppError } from "./errors.ts";
import { runtimeAdapters } from "./runtime-adapters.ts";

/** Google's issuers (`iss` is either form) and key set. */
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
const GOOGLE_JWKS_URI = "https://www.googleapis.com/oauth2/v3/certs";
const GOOGLE_AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";

/** Where Google sign-in points: issuers, key set, authorize page and the OAuth client id. */
export interface GoogleConfig {
  issuers: string[];
  jwksUri: string;
  authorizeUrl: string;
  clientId: string | undefined;
}

/**
 * The Google sign-in configuration: `GOOGLE_ISSUER`, `GOOGLE_JWKS_URI`, `GOOGLE_AUTHORIZE_URL` and the
 * client id (`googleClientId` of the app secrets / `GOOGLE_CLIENT_ID`); defaults are Google's, or the
 * issuer and client id of the runtime's `googleIssuer` adapter when one is installed (the local
 * runtime's stand-in issuer, so "Sign in with Google" works end to end locally).
 */
export async function googleConfig(
  env: Record<string, string | undefined> = process.env,
): Promise<GoogleConfig> {
  const { googleClientId } = await appSecrets();
  const adapted = env.GOOGLE_ISSUER ? undefined : runtimeAdapters().googleIssuer?.(env);
  const issuer = env.GOOGLE_ISSUER ?? adapted?.issuer;
  return {
    issuers: issuer ? [issuer] : GOOGLE_ISSUERS,
    jwksUri: env.GOOGLE_JWKS_URI ?? (issuer ? `${issuer}/oauth2/v3/certs` : GOOGLE_JWKS_URI),
    authorizeUrl: env.GOOGLE_AUTHORIZE_URL ?? (issuer ? `${issuer}/o/oauth2/v2/auth` : GOOGLE_AUTHORIZE_URL),
    clientId: googleClientId ?? adapted?.clientId,
  };
}

/** A verified Google identity. */
export interface GoogleIdentity {
  sub: string;
  /** Lower-cased, verified address. */
  email: string;
  name: string;
}

/**
 * Fetches the key set with Node's own `fetch` (5 s time-out). aws-jwt-verify's default fetcher only
 * speaks HTTPS; this one also reaches an issuer over plain HTTP (the local runtime's).
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

/** The verifier for the configured issuer and audience (see {@link googleConfig}), built once per cold start. */
async function verifier(): Promise<Verifier> {
  const config = await googleConfig();
  const clientId = config.clientId;
  if (!clientId) throw new AppError("SERVICE_UNAVAILABLE", "Google sign-in is not configured");
  const key = [clientId, config.jwksUri, ...config.issuers].join(" ");
  if (cached?.key !== key) {
    const built = JwtVerifier.create(
      config.issuers.map((issuer) => ({
        issuer,
        audience: clientId,
        jwksUri: config.jwksUri,
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
 * `email_verified: true`; and `nonce` when the caller gives the one it sent).
 * @throws AppError UNAUTHORIZED with {@link GOOGLE_SIGN_IN_FAILED} for any token that does not verify.
 */
export async function verifyGoogleIdToken(token: string, nonce?: string): Promise<GoogleIdentity> {
  const v = await verifier();
  let payload: Record<string, unknown>;
  try {
    payload = await v.verify(token);
  } catch {
    throw new AppError("UNAUTHORIZED", GOOGLE_SIGN_IN_FAILED);
  }
  if (nonce !== undefined && payload.nonce !== nonce)
    throw new AppError("UNAUTHORIZED", GOOGLE_SIGN_IN_FAILED);
  const email = String(payload.email).trim().toLowerCase();
  return { sub: String(payload.sub), email, name: typeof payload.name === "string" ? payload.name : "" };
}

/** Forgets the cached verifier (tests that switch issuer). */
export function resetGoogleVerifier(): void {
  cached = undefined;
}
