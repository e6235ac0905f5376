import { getAccount, listIntegrations, type User } from "@pacer/db";
import { signSession } from "./jwt.ts";
import { userView } from "./views.ts";

/**
 * The answer of every successful sign-in (login, Google login, registration): a session token for
 * the `x-auth-token` header and the user with their account.
 */
export async function signInAnswer(user: User, now: Date) {
  const [account, integrations] = await Promise.all([
    getAccount(user.accountId),
    listIntegrations(user.accountId),
  ]);
  return {
    token: await signSession(user.userId, user.accountId, now, user.tokensValidAfter),
    user: userView(user, account, integrations),
  };
}
