import { epochSeconds, updateUser } from "@pacer/db";
import { authContracts as api } from "../../contract/auth.ts";
import { AppError } from "../lib/errors.ts";
import { sessionRoute } from "../lib/http.ts";
import { signSession } from "../lib/jwt.ts";
import { hashPassword, verifyPassword } from "../lib/passwords.ts";
import { assertLoginAllowed, recordLoginFailure } from "../lib/throttle.ts";
import { RESET_TEXTS } from "./password-reset.ts";

/**
 * `POST /api/auth/change-password` (spec 7.1 and 2.11): checks the old password (a wrong one answers
 * 400 INVALID_CREDENTIALS 'Invalid Credentials' and counts as a failed login), enforces the Change
 * Password rules (8+ characters, an uppercase letter, a digit), and ends every other session: the
 * answer `{ msg: 'Password changed', token }` carries the caller's new session token.
 */
export const changePassword = sessionRoute(
  api["POST /api/auth/change-password"],
  async ({ body, session, now, event }) => {
    const keys = {
      email: session.user.email,
      account: session.accountId,
      ip: event.requestContext.http.sourceIp,
    };
    await assertLoginAllowed(keys, now);
    if (!(await verifyPassword(body.oldPassword, session.user.passwordHash))) {
      await recordLoginFailure(keys, now);
      throw new AppError("INVALID_CREDENTIALS", RESET_TEXTS.invalidCredentials, "body.oldPassword");
    }
    const passwordHash = await hashPassword(body.newPassword);
    const notBefore = epochSeconds(now) + 1;
    const user = await updateUser(session.accountId, session.userId, () => ({
      passwordHash,
      passwordChangedAt: now.toISOString(),
      tokensValidAfter: notBefore,
    }));
    return {
      msg: RESET_TEXTS.changed,
      token: await signSession(user.userId, user.accountId, now, user.tokensValidAfter),
    };
  },
);
