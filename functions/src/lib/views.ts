import type { Account, Integration, User } from "@pacer/db";
import { integrationView, integrationWarningsOf } from "./integration-view.ts";

/**
 * The account as the SPA sees it (spec overview-access-account.md section 3): `_id` instead of the
 * internal key name, no billing identifiers. With the account's connections it also carries
 * `integrations` (metadata) and the computed `integrationWarnings`.
 */
export function accountView(account: Account, integrations?: readonly Integration[], now: Date = new Date()) {
  const { accountId, stripeCustomerId: _stripe, version: _version, nextRunAt, ...rest } = account;
  return {
    _id: accountId,
    ...rest,
    emailConfirmationPending: account.emailConfirmationPending === true,
    nextUpdateDate: nextRunAt,
    ...(integrations ? integrationsView(integrations, now) : {}),
  };
}

/** The connections of an account as the SPA sees them, and their health warnings. */
export function integrationsView(integrations: readonly Integration[], now: Date = new Date()) {
  return {
    integrations: integrations.map((i) => integrationView(i, now)),
    integrationWarnings: integrationWarningsOf(integrations, now),
  };
}

/** The user as the SPA sees it: no password hash, no Google subject, no revocation stamp. */
export function userView(user: User, account?: Account, integrations?: readonly Integration[]) {
  const {
    userId,
    accountId,
    passwordHash: _hash,
    passwordChangedAt: _changed,
    googleSub: _sub,
    tokensValidAfter: _tva,
    version: _version,
    digestSentPeriod: _digestSentPeriod,
    ...rest
  } = user;
  return {
    _id: userId,
    ...rest,
    hasPassword: Boolean(user.passwordHash),
    emailConfirmed: Boolean(user.emailConfirmedAt),
    account: account ? accountView(account, integrations) : { _id: accountId },
  };
}

/** A user in another user's list (users page, pickers): identity and role only. */
export function memberView(user: User) {
  return {
    _id: user.userId,
    name: user.name,
    email: user.email,
    userType: user.userType,
    avatar: user.avatar,
    registrationDate: user.registrationDate,
    account: { _id: user.accountId },
  };
}

/**
 * The owner of a pod or shared budget as the SPA sees it (spec section 3): joined from the
 * account's users; an owner who has left the account keeps the id with empty details.
 */
export function ownerView(users: ReadonlyMap<string, User>, ownerId: string) {
  const owner = users.get(ownerId);
  return owner
    ? { _id: owner.userId, name: owner.name, email: owner.email, avatar: owner.avatar ?? null }
    : { _id: ownerId, name: "", email: "", avatar: null };
}
