import {
  changeUser,
  createInvitation,
  epochSeconds,
  findUserByEmail,
  getUser,
  removeUser as removeUserItem,
} from "@pacer/db";
import { usersContracts as api } from "../../contract/users.ts";
import { assertMaySendInvitations } from "../lib/email-confirmation.ts";
import { AppError, badRequest } from "../lib/errors.ts";
import { sessionRoute } from "../lib/http.ts";
import { invitationUrl } from "../lib/links.ts";
import { escapeHtml, sendMail } from "../lib/mailer.ts";
import { sendPasswordResetMail } from "../lib/password-reset-mail.ts";
import { memberView } from "../lib/views.ts";

/**
 * The users page calls (spec pods-budgets-alerts-users-connections.md 2.11 and 7.5), Admin only (the
 * policy table). A user id of another account answers 404.
 */

/** Texts of the users page (spec section 8). */
export const USERS_TEXTS = {
  invitationSent: (email: string) => `Invitation email sent to ${email}`,
  linkCreated: "Invitation link created",
  edited: "User Edited",
  removed: (name: string) => `${name} removed`,
  resetSent: (email: string) => `Password reset sent to ${email}`,
  removeSelf: "You cannot remove yourself",
  emailTaken: "User with this Email Already Exists",
} as const;

/**
 * `POST /api/users/invite-user`: `{ newUser: { email?, userType } }` (the inviter is always the
 * caller). Creates a single-use invitation valid 7 days. With an e-mail: sends the link and answers
 * `{ msg: 'Invitation email sent to {email}', invitation }`; without: answers `{ msg, link,
 * invitation }` with the copyable link `{APP_ORIGIN}/register-invited-user/{accountId}/{userType}/false?invite=...`.
 * 409 when the address already has a user.
 */
export const inviteUser = sessionRoute(api["POST /api/users/invite-user"], async ({ body, session, now }) => {
  const email = body.newUser.email || undefined;
  if (email) assertMaySendInvitations(session.account);
  if (email && (await findUserByEmail(email)))
    throw new AppError("ALREADY_EXISTS", USERS_TEXTS.emailTaken, "body.newUser.email");
  const { invitation, token } = await createInvitation(
    {
      accountId: session.accountId,
      userType: body.newUser.userType,
      invitedBy: session.userId,
      ...(email ? { email } : {}),
    },
    now,
  );
  const link = invitationUrl(session.accountId, invitation.userType, email, token);
  const summary = {
    _id: invitation.inviteId,
    email: invitation.email,
    userType: invitation.userType,
    linkExpiresAt: invitation.linkExpiresAt,
  };
  if (!email) return { msg: USERS_TEXTS.linkCreated, link, invitation: summary };
  const inviter = session.user.name || session.user.email;
  const text = `${inviter} invited you to join ${session.account.name} on Pacer as ${invitation.userType}.`;
  await sendMail({
    to: email,
    subject: `You have been invited to ${session.account.name} on Pacer`,
    text: `Hello,\n\n${text}\n\nCreate your account here (the link works once, for 7 days):\n\n${link}\n`,
    html: `<p>Hello,</p><p>${escapeHtml(text)}</p><p>Create your account here (the link works once, for 7 days):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  });
  return { msg: USERS_TEXTS.invitationSent(email), invitation: summary };
});

/**
 * `POST /api/users/update-user`: `{ _id, name?, userType? }` -> `{ msg: 'User Edited', user }`. A
 * changed user type ends the user's sessions. The last Admin cannot be made Manager or Viewer (409
 * 'An account needs at least one Admin'); concurrent Admin changes are serialised.
 */
export const updateUser = sessionRoute(api["POST /api/users/update-user"], async ({ body, session, now }) => {
  const user = await changeUser(
    session.accountId,
    body._id,
    { name: body.name, userType: body.userType },
    epochSeconds(now) + 1,
  );
  return { msg: USERS_TEXTS.edited, user: memberView(user) };
});

/** `POST /api/users/remove-user/{id}` -> `{ msg: '{name} removed' }`. Not oneself (400). */
export const removeUser = sessionRoute(
  api["POST /api/users/remove-user/{id}"],
  async ({ params, session }) => {
    if (params.id === session.userId) throw badRequest(USERS_TEXTS.removeSelf, "params.id");
    const removed = await removeUserItem(session.accountId, params.id);
    return { msg: USERS_TEXTS.removed(removed.name || removed.email) };
  },
);

/**
 * `POST /api/users/send-password-reset/{id}` (the path the spec leaves open): e-mails the user a
 * reset link (1 hour, single use) -> `{ msg: 'Password reset sent to {email}' }`.
 */
export const sendPasswordReset = sessionRoute(
  api["POST /api/users/send-password-reset/{id}"],
  async ({ params, session, now }) => {
    const user = await getUser(session.accountId, params.id);
    await sendPasswordResetMail(user, now);
    return { msg: USERS_TEXTS.resetSent(user.email) };
  },
);
