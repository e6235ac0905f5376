import {
  confirmUserEmail,
  findPasswordReset,
  findUser,
  findUserByEmail,
  isLatestReset,
  NotFoundError,
  type PasswordReset,
  type User,
  usePasswordReset,
} from "@pacer/db";
import { authContracts as api } from "../../contract/auth.ts";
import { AppError } from "../lib/errors.ts";
import { httpRoute } from "../lib/http.ts";
import { sendPasswordResetMail } from "../lib/password-reset-mail.ts";
import { hashPassword } from "../lib/passwords.ts";
import { RESET_MAIL_LIMIT, withinLimit } from "../lib/throttle.ts";

/** Texts of the reset flow (spec overview-access-account.md sections 2.4 and 8). */
export const RESET_TEXTS = {
  sent: "If an account uses this address, we have sent it an email with a link to reset the password.",
  invalidLink: "Something went wrong with your reset link",
  expiredLink: "Your reset link has expired",
  invalidCredentials: "Invalid Credentials",
  changed: "Password changed",
} as const;

/**
 * `POST /api/auth/forgot-password` (spec 7.1): e-mails a reset link (1 hour, single use) when the
 * address has a user. The answer is the same whether or not it has one; at most 5 mails per address
 * per hour are sent (more requests still get the same answer).
 */
export const forgotPassword = httpRoute(api["POST /api/auth/forgot-password"], async ({ body, now }) => {
  const allowed = await withinLimit(RESET_MAIL_LIMIT, body.email, now);
  const user = allowed ? await findUserByEmail(body.email) : undefined;
  if (user) await sendPasswordResetMail(user, now);
  return { msg: RESET_TEXTS.sent };
});

type LinkState =
  | { state: "valid"; reset: PasswordReset; user: User }
  | { state: "expired" }
  | { state: "invalid" };

/**
 * What a reset token is worth now: invalid (unknown, used, superseded by a later password change
 * or by a newer link, or its user was removed), expired (after `linkExpiresAt`), or valid.
 */
async function linkState(token: string, now: Date): Promise<LinkState> {
  const reset = await findPasswordReset(token);
  if (!reset || reset.usedAt) return { state: "invalid" };
  const user = await findUser(reset.accountId, reset.userId);
  if (
    !user ||
    !isLatestReset(user, reset) ||
    (user.passwordChangedAt && user.passwordChangedAt > reset.createdAt)
  )
    return { state: "invalid" };
  if (reset.linkExpiresAt <= now.toISOString()) return { state: "expired" };
  return { state: "valid", reset, user };
}

/**
 * `POST /api/auth/get-user-by-token/{token}` (spec 7.1): the user a reset link belongs to, so the
 * reset page can show its three cases: 200 `{ user }` (valid), 410 LINK_EXPIRED 'Your reset link has
 * expired', 404 NOT_FOUND 'Something went wrong with your reset link' (unknown or already used).
 */
export const getUserByToken = httpRoute(
  api["POST /api/auth/get-user-by-token/{token}"],
  async ({ params, now }) => {
    const link = await linkState(params.token, now);
    if (link.state === "expired") throw new AppError("LINK_EXPIRED", RESET_TEXTS.expiredLink);
    if (link.state === "invalid") throw new AppError("NOT_FOUND", RESET_TEXTS.invalidLink);
    return {
      user: {
        _id: link.user.userId,
        name: link.user.name,
        email: link.user.email,
        resetPasswordExpires: link.reset.linkExpiresAt,
      },
    };
  },
);

/**
 * `POST /api/auth/change-password-from-reset` (spec 7.1): sets the new password from a valid link,
 * uses the link up and ends every session of the user. 200 `{ msg: 'Password changed' }`; an
 * unknown, used or foreign link answers 400 INVALID_CREDENTIALS 'Invalid Credentials'; an expired
 * one 410 LINK_EXPIRED 'Your reset link has expired'.
 */
export const changePasswordFromReset = httpRoute(
  api["POST /api/auth/change-password-from-reset"],
  async ({ body, now }) => {
    const link = await linkState(body.token, now);
    if (link.state === "expired") throw new AppError("LINK_EXPIRED", RESET_TEXTS.expiredLink);
    if (link.state === "invalid" || (body.userId !== undefined && body.userId !== link.user.userId))
      throw new AppError("INVALID_CREDENTIALS", RESET_TEXTS.invalidCredentials);
    try {
      await usePasswordReset(link.reset, await hashPassword(body.newPassword), now);
    } catch (error) {
      if (error instanceof NotFoundError)
        throw new AppError("INVALID_CREDENTIALS", RESET_TEXTS.invalidCredentials);
      throw error;
    }
    // The link reached the user's inbox: the address is theirs (lib/email-confirmation.ts).
    if (!link.user.emailConfirmedAt) await confirmUserEmail(link.user, now);
    return { msg: RESET_TEXTS.changed };
  },
);
