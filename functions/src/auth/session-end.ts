import { epochSeconds, findUserById, NotFoundError, revokeUserSessions, updateUser } from "@pacer/db";
import { authContracts as api } from "../../contract/auth.ts";
import { AppError } from "../lib/errors.ts";
import { httpRoute, sessionRoute } from "../lib/http.ts";
import { verifyUnsubscribeToken } from "../lib/links.ts";
import { assertSelf } from "../lib/ownership.ts";

/**
 * `POST /api/auth/logout/{userId}` (spec 7.1: "the logout call takes the user id"): the caller's own
 * id only (another id answers 404). Ends every session of the user at once: tokens issued before now
 * are refused from the next request on (`tokensValidAfter`). Answers `{ msg: 'Logged out' }`.
 */
export const logout = sessionRoute(
  api["POST /api/auth/logout/{userId}"],
  async ({ params, session, now }) => {
    assertSelf(session, params.userId);
    await revokeUserSessions(session.accountId, session.userId, epochSeconds(now) + 1);
    return { msg: "Logged out" };
  },
);

/** The unsubscribe page's texts (spec section 2.5). */
export const UNSUBSCRIBE_TEXTS = {
  done: "Unsubscribed from Emails",
  invalid: "This unsubscribe link is not valid",
} as const;

/**
 * `POST /api/auth/unsubscribe-all-emails/{userId}` (spec 7.1, public): the path segment is the
 * signed value `<userId>.<signature>` from the e-mail's link (never a bare user id, so nobody can
 * unsubscribe someone else). Stops every optional e-mail to that user. 200 `{ msg: 'Unsubscribed
 * from Emails' }`; a forged or unknown value answers 404 'This unsubscribe link is not valid'.
 */
export const unsubscribeAllEmails = httpRoute(
  api["POST /api/auth/unsubscribe-all-emails/{userId}"],
  async ({ params }) => {
    const userId = await verifyUnsubscribeToken(params.userId);
    const user = userId ? await findUserById(userId) : undefined;
    if (!user) throw invalidLink();
    try {
      await updateUser(user.accountId, user.userId, (u) => ({
        notificationPreferences: { ...u.notificationPreferences, unsubscribedAll: true },
      }));
    } catch (error) {
      if (error instanceof NotFoundError) throw invalidLink();
      throw error;
    }
    return { msg: UNSUBSCRIBE_TEXTS.done };
  },
);

const invalidLink = () => new AppError("NOT_FOUND", UNSUBSCRIBE_TEXTS.invalid);
