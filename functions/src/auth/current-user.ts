import { listIntegrations } from "@pacer/db";
import { authContracts as api } from "../../contract/auth.ts";
import { sessionRoute } from "../lib/http.ts";
import { SESSION, signSession } from "../lib/jwt.ts";
import { userView } from "../lib/views.ts";

/**
 * `GET /api/auth` (spec 7.1): the signed-in user with their account (and its connections and their
 * warnings). Also renews the session: when less than half of the token's lifetime is left, the
 * answer carries a fresh `token` that the SPA stores (silent renewal); otherwise `token` is absent.
 */
export const currentUser = sessionRoute(api["GET /api/auth"], async ({ session, now }) => {
  const secondsLeft = session.expiresAt - Math.floor(now.getTime() / 1000);
  const token =
    secondsLeft < SESSION.ttlSeconds / 2
      ? await signSession(session.userId, session.accountId, now, session.user.tokensValidAfter)
      : undefined;
  const integrations = await listIntegrations(session.accountId);
  return { user: userView(session.user, session.account, integrations), ...(token ? { token } : {}) };
});
