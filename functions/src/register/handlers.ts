import type { User } from "@pacer/db";
import { registerContracts as api } from "../../contract/register.ts";
import { sendEmailConfirmationMail } from "../lib/email-confirmation.ts";
import { verifyGoogleIdToken } from "../lib/google.ts";
import { httpRoute } from "../lib/http.ts";
import { logger } from "../lib/logger.ts";
import { sendPasswordResetMail } from "../lib/password-reset-mail.ts";
import { hashPassword } from "../lib/passwords.ts";
import { signInAnswer } from "../lib/sign-in.ts";
import { openInvitation, REGISTER_TEXTS, registerAccount, registerInvited } from "./registration.ts";

/**
 * `POST /api/users/register-new-user-and-account` (spec 7.2, first reading: the full form).
 * Body `{ firstName, secondName, email, password, companyName }`. Answers
 * `{ statusCode: 200, msg, email, token, user }`; 409 'User with this Email Already Exists'.
 */
export const registerFullForm = httpRoute(
  api["POST /api/users/register-new-user-and-account"],
  async ({ body, now }) => {
    const { user } = await registerAccount(
      {
        email: body.email,
        name: `${body.firstName} ${body.secondName}`.trim(),
        companyName: body.companyName,
        passwordHash: await hashPassword(body.password),
      },
      now,
    );
    await sendWelcome(user, now, "confirm");
    return {
      statusCode: 200,
      msg: REGISTER_TEXTS.created,
      email: user.email,
      ...(await signInAnswer(user, now)),
    };
  },
);

/**
 * The welcome e-mail of an e-mail sign-up: the link that confirms the address, and without a
 * password the link to set one (which confirms it too). The account exists and the caller is signed
 * in: a failed mail must not fail the sign-up (the app offers "Resend confirmation").
 */
async function sendWelcome(user: User, now: Date, kind: "confirm" | "set-password"): Promise<void> {
  const send =
    kind === "confirm"
      ? sendEmailConfirmationMail(user, now, "welcome")
      : sendPasswordResetMail(user, now, "welcome");
  await send.catch((error: unknown) =>
    logger.error("Welcome e-mail failed", { errorName: (error as Error).name }),
  );
}

/**
 * `POST /api/register/register-new-user-and-account` (spec 7.2, second reading: the self-registration
 * form; e-mail only is enough). Creates the account on a 14-day trial and its Admin, and answers
 * `{ msg, email, token, user }` (the session token replaces the spec's auto-login with a returned
 * password: passwords are never sent back). Without a password the user is e-mailed a link to set
 * one (7 days). 409 'User with this Email Already Exists'.
 */
export const registerSelf = httpRoute(
  api["POST /api/register/register-new-user-and-account"],
  async ({ body, now }) => {
    const { password, ...rest } = body;
    const { user } = await registerAccount(
      { ...rest, ...(password ? { passwordHash: await hashPassword(password) } : {}) },
      now,
    );
    await sendWelcome(user, now, password ? "confirm" : "set-password");
    return { msg: REGISTER_TEXTS.created, email: user.email, ...(await signInAnswer(user, now)) };
  },
);

/**
 * `POST /api/register/register-new-user-and-account-with-google` (spec 7.2): `{ token, coupon?,
 * referralName?, currency?, companyName? }` with a Google ID token; the verified address and name
 * make the Admin. Answers `{ msg, email, token, user }`; 401 for a token that does not verify; 409
 * when the address is registered.
 */
export const registerSelfWithGoogle = httpRoute(
  api["POST /api/register/register-new-user-and-account-with-google"],
  async ({ body, now }) => {
    const identity = await verifyGoogleIdToken(body.token);
    const { token: _token, ...rest } = body;
    const { user } = await registerAccount(
      { ...rest, email: identity.email, name: identity.name, googleSub: identity.sub, emailConfirmed: true },
      now,
    );
    return { msg: REGISTER_TEXTS.created, email: user.email, ...(await signInAnswer(user, now)) };
  },
);

/**
 * `POST /api/register/register-new-user-after-invite/{accountId}/{userType}` (spec 7.2):
 * `{ invite, email, name, password, account? }` where `invite` is the link's `invite` query value
 * and `account`, when sent, must equal the path's account id. Joins the inviting account with the
 * invited user type and answers `{ msg, email, token, user }`. 404 for an unknown, used or forged
 * link (or one for another account or user type), 410 when expired, 400 when it was sent to another
 * address, 409 when the address is registered.
 */
export const registerInvitedUser = httpRoute(
  api["POST /api/register/register-new-user-after-invite/{accountId}/{userType}"],
  async ({ params, body, now }) => {
    const invitation = await openInvitation(
      params.accountId,
      params.userType,
      body.invite,
      now,
      body.account,
    );
    const user = await registerInvited(
      invitation,
      { email: body.email, name: body.name, passwordHash: await hashPassword(body.password) },
      now,
    );
    return { msg: REGISTER_TEXTS.registered, email: user.email, ...(await signInAnswer(user, now)) };
  },
);

/**
 * `POST /api/register/register-new-user-after-invite-with-google/{accountId}/{userType}` (spec 7.2):
 * `{ invite, token }`: as above with the verified Google address and name.
 */
export const registerInvitedUserWithGoogle = httpRoute(
  api["POST /api/register/register-new-user-after-invite-with-google/{accountId}/{userType}"],
  async ({ params, body, now }) => {
    const invitation = await openInvitation(
      params.accountId,
      params.userType,
      body.invite,
      now,
      body.account,
    );
    const identity = await verifyGoogleIdToken(body.token);
    const user = await registerInvited(
      invitation,
      { email: identity.email, name: identity.name, googleSub: identity.sub },
      now,
    );
    return { msg: REGISTER_TEXTS.registered, email: user.email, ...(await signInAnswer(user, now)) };
  },
);
