import { confirmUserEmail, findUserByEmail, updateUser } from "@pacer/db";
import { authContracts as api } from "../../contract/auth.ts";
import { AppError } from "../lib/errors.ts";
import { GOOGLE_SIGN_IN_FAILED, googleConfig, verifyGoogleIdToken } from "../lib/google.ts";
import { httpRoute } from "../lib/http.ts";
import { hashPassword, verifyPassword } from "../lib/passwords.ts";
import { signInAnswer } from "../lib/sign-in.ts";
import { assertLoginAllowed, recordLoginFailure } from "../lib/throttle.ts";

/** The message shown for any failed login (spec overview-access-account.md section 8). */
export const LOGIN_FAILED = "Incorrect Password, please check and try again";
/** Google sign-in with an address no user has. */
export const NO_GOOGLE_ACCOUNT = "No account uses this Google address, please sign up first";

/** Hash checked when no user matches, so a wrong e-mail costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;

/**
 * `POST /api/auth` (spec 7.1): e-mail (lower-cased) and password. Answers `{ token, user }` with a
 * session token for the `x-auth-token` header. Unknown e-mail and wrong password answer the same
 * 401. Failures are counted per address, per account and per source IP (429 beyond the limits).
 */
export const login = httpRoute(api["POST /api/auth"], async ({ body, now, event }) => {
  const user = await findUserByEmail(body.email);
  const keys = { email: body.email, account: user?.accountId, ip: event.requestContext.http.sourceIp };
  await assertLoginAllowed(keys, now);
  dummyHash ??= hashPassword("not-a-password");
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash));
  if (!user?.passwordHash || !ok) {
    await recordLoginFailure(keys, now);
    throw new AppError("UNAUTHORIZED", LOGIN_FAILED);
  }
  return signInAnswer(user, now);
});

/**
 * `POST /api/auth/login-with-google` (spec 7.1): a Google ID token, verified (issuer, audience,
 * expiry, `email_verified`). The user with that address signs in; the first Google sign-in records
 * the Google subject, and a later token of another Google subject for the address is refused.
 */
export const loginWithGoogle = httpRoute(api["POST /api/auth/login-with-google"], async ({ body, now }) => {
  const identity = await verifyGoogleIdToken(body.token, body.nonce);
  const user = await findUserByEmail(identity.email);
  if (!user) throw new AppError("UNAUTHORIZED", NO_GOOGLE_ACCOUNT);
  if (user.googleSub && user.googleSub !== identity.sub)
    throw new AppError("UNAUTHORIZED", GOOGLE_SIGN_IN_FAILED);
  const linked = user.googleSub
    ? user
    : await updateUser(user.accountId, user.userId, () => ({ googleSub: identity.sub }));
  // Google verified the address: it counts as confirmed (lib/email-confirmation.ts).
  const signedIn = linked.emailConfirmedAt ? linked : await confirmUserEmail(linked, now);
  return signInAnswer(signedIn, now);
});

/**
 * `GET /api/auth/google-config` (public): what the web app's "Sign in with Google" button needs,
 * `{ clientId, authorizeUrl }` (Google's in the cloud, the sandbox issuer's locally). 503 when
 * Google sign-in is not configured.
 */
export const googleSignInConfig = httpRoute(api["GET /api/auth/google-config"], async () => {
  const config = await googleConfig();
  if (!config.clientId) throw new AppError("SERVICE_UNAVAILABLE", "Google sign-in is not configured");
  return { clientId: config.clientId, authorizeUrl: config.authorizeUrl };
});
