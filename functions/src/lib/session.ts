import { type Account, getAccount, getUser, NotFoundError, type User, type UserType } from "@pacer/db";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { accessFor } from "../../policy.ts";
import { AppError, forbidden, unauthorized } from "./errors.ts";
import { verifySession } from "./jwt.ts";

/** The caller of a session route, loaded fresh from the table on every request. */
export interface Session {
  userId: string;
  accountId: string;
  userType: UserType;
  user: User;
  account: Account;
  /** The token's issued-at (epoch seconds). */
  issuedAt: number;
  /** The token's expiry (epoch seconds). */
  expiresAt: number;
}

/** The header that carries the session token (spec overview-access-account.md section 7). */
export const TOKEN_HEADER = "x-auth-token";

/** True when the account is on a free trial whose end date has passed (spec section 2.13). */
export function trialExpired(account: Pick<Account, "freeTrial" | "freeTrialEndDate">, now: Date): boolean {
  return Boolean(
    account.freeTrial && account.freeTrialEndDate && Date.parse(account.freeTrialEndDate) <= now.getTime(),
  );
}

/**
 * Resolves and checks the caller of a request against the policy table:
 * - route missing from the policy table: 403 (deny by default);
 * - public route: no session (undefined);
 * - otherwise the `x-auth-token` must verify (HS256, iss, aud, exp), its user must still exist in the
 *   token's account and the token must be issued at or after the user's `tokensValidAfter`: else 401;
 * - the user's type must be allowed by the policy: else 403;
 * - an account past its free trial gets 402 unless the route is trial-exempt.
 */
export async function resolveSession(event: APIGatewayProxyEventV2, now: Date): Promise<Session | undefined> {
  const access = accessFor(event.routeKey);
  if (!access) throw forbidden("This call is not allowed");
  if (access.public) return undefined;
  const token = event.headers[TOKEN_HEADER];
  if (!token) throw unauthorized();
  const claims = await verifySession(token, now);
  if (!claims) throw unauthorized();
  let user: User;
  let account: Account;
  try {
    [user, account] = await Promise.all([
      getUser(claims.accountId, claims.userId),
      getAccount(claims.accountId),
    ]);
  } catch (error) {
    if (error instanceof NotFoundError) throw unauthorized();
    throw error;
  }
  if (claims.iat < user.tokensValidAfter) throw unauthorized();
  if (!access.roles.includes(user.userType)) throw forbidden();
  if (!access.trialExempt && trialExpired(account, now)) {
    throw new AppError(
      "TRIAL_EXPIRED",
      "Your free trial has expired. Please upgrade your account to get access to your dashboard",
    );
  }
  return {
    userId: user.userId,
    accountId: account.accountId,
    userType: user.userType,
    user,
    account,
    issuedAt: claims.iat,
    expiresAt: claims.exp,
  };
}
