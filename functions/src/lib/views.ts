import type { Account, User } from "@pacer/db";

/**
 * The account as the SPA sees it (spec overview-access-account.md section 3): `_id` instead of the
 * internal key name, no billing identifiers.
 */
export function accountView(account: Account) {
  const { accountId, stripeCustomerId: _stripe, version: _version, nextRunAt, ...rest } = account;
  return { _id: accountId, ...rest, nextUpdateDate: nextRunAt };
}

/** The user as the SPA sees it: no password hash, no Google subject, no revocation stamp. */
export function userView(user: User, account?: Account) {
  const {
    userId,
    accountId,
    passwordHash: _hash,
    googleSub: _sub,
    tokensValidAfter: _tva,
    version: _version,
    ...rest
  } = user;
  return { _id: userId, ...rest, account: account ? accountView(account) : { _id: accountId } };
}
