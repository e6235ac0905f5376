import { randomUUID } from "node:crypto";
import { type Account, retry, type User } from "@pacer/core";
import type { EntityRecord } from "electrodb";
import type { AccountEntity } from "./entities/account.ts";
import { nowIso } from "./entities/common.ts";
import type { UserType } from "./entities/user.ts";
import {
  AlreadyExistsError,
  isConditionFailure,
  LastAdminError,
  NotFoundError,
  transactionConditionFailed,
  VersionConflictError,
} from "./errors.ts";
import { db } from "./service.ts";

/**
 * An account and a user as stored: core's `Account` and `User` (see domain-items.ts). A user includes
 * the password hash: never return it from a handler.
 */
export type { Account, User };

/** What a new account is made of; server-owned fields (ids, dates, version) are set here. */
export interface NewAccount {
  name: string;
  currency?: string;
  timeZone?: string;
  freeTrial?: boolean;
  /** ISO timestamp; required when freeTrial is true. */
  freeTrialEndDate?: string;
  trackerAllowance?: number;
  coupon?: string;
  referralName?: string;
  /** True for an e-mail self-registration (its Admin has not proved the address yet). */
  emailConfirmationPending?: boolean;
}

/** The first user of a new account. `email` must already be lower-cased. */
export interface NewUser {
  name: string;
  email: string;
  userType: UserType;
  passwordHash?: string;
  googleSub?: string;
  /** ISO timestamp; set when the address is already proven (Google sign-up). */
  emailConfirmedAt?: string;
}

/** Account fields a use-case may change (ids, dates of creation and the version are server-owned). */
export type AccountChanges = Partial<
  Pick<
    Account,
    | "name"
    | "avatar"
    | "currency"
    | "address"
    | "columnsOrder"
    | "showTableTotals"
    | "freeTrial"
    | "freeTrialEndDate"
    | "trackerAllowance"
    | "stripeCustomerId"
    | "emailConfirmationPending"
  >
>;

/** User fields a use-case may change. */
export type UserChanges = Partial<
  Pick<
    User,
    | "name"
    | "userType"
    | "avatar"
    | "passwordHash"
    | "passwordChangedAt"
    | "resetPasswordExpires"
    | "googleSub"
    | "favouriteTrackers"
    | "preferences"
    | "notificationPreferences"
    | "productTourFire"
    | "productTourAlreadyFired"
    | "createTrackerGuideTour"
    | "CreateTrackerGuideAlreadyFired"
    | "tokensValidAfter"
    | "emailConfirmedAt"
  >
>;

/** How many times a read-modify-write is retried when another writer got there first. */
const MUTATE_ATTEMPTS = 3;

function defined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Creates an account and its first user in one transaction, together with the e-mail uniqueness
 * item, so either all three exist afterwards or none does.
 * @throws AlreadyExistsError when the e-mail address is already registered.
 */
export async function createAccountWithUser(
  account: NewAccount,
  user: NewUser,
  now: Date = new Date(),
): Promise<{ account: Account; user: User }> {
  const accountId = randomUUID();
  const userId = randomUUID();
  const registrationDate = nowIso(now);
  const accountItem: EntityRecord<AccountEntity> = {
    ...account,
    accountId,
    registrationDate,
    nextRunAt: registrationDate,
  } as EntityRecord<AccountEntity>;
  const userItem = { ...user, userId, accountId, registrationDate };
  const result = await (await db()).transaction
    .write(({ account: a, user: u, userEmail: e }) => [
      a.create(accountItem).commit(),
      u.create(userItem).commit(),
      e.create({ email: user.email, userId, accountId }).commit(),
    ])
    .go();
  if (result.canceled) {
    if (transactionConditionFailed(result)) throw new AlreadyExistsError("User with this Email");
    throw new Error("Account creation transaction was cancelled");
  }
  return { account: await getAccount(accountId), user: await getUser(accountId, userId) };
}

/**
 * Reads one account.
 * @throws NotFoundError when it does not exist.
 */
export async function getAccount(accountId: string): Promise<Account> {
  const { data } = await (await db()).entities.account.get({ accountId }).go();
  if (!data) throw new NotFoundError("Account");
  return data;
}

/**
 * Reads one user of an account (the account id comes from the caller's session, so a user id of
 * another account is simply not found).
 * @throws NotFoundError
 */
export async function getUser(accountId: string, userId: string): Promise<User> {
  const { data } = await (await db()).entities.user.get({ accountId, userId }).go();
  if (!data) throw new NotFoundError("User");
  return data;
}

/** The user registered with this (lower-cased) e-mail address, or undefined. */
export async function findUserByEmail(email: string): Promise<User | undefined> {
  const { data: link } = await (await db()).entities.userEmail.get({ email }).go();
  if (!link) return undefined;
  const { data } = await (await db()).entities.user
    .get({ accountId: link.accountId, userId: link.userId })
    .go();
  return data ?? undefined;
}

/** A user from its id alone (public flows that carry only a user id), or undefined. */
export async function findUserById(userId: string): Promise<User | undefined> {
  const { data } = await (await db()).entities.user.query.byUserId({ userId }).go();
  return data[0];
}

/** All users of an account, in id order. */
export async function listUsers(accountId: string): Promise<User[]> {
  const { data } = await (await db()).entities.user.query.byAccount({ accountId }).go({ pages: "all" });
  return data;
}

/**
 * Writes account changes only if the stored `version` is still `expectedVersion` (optimistic
 * locking), incrementing it.
 * @throws VersionConflictError when another writer changed (or removed) the account meanwhile.
 */
export async function updateAccountAt(
  accountId: string,
  expectedVersion: number,
  changes: AccountChanges,
): Promise<Account> {
  try {
    const { data } = await (await db()).entities.account
      .patch({ accountId })
      .set(defined(changes))
      .add({ version: 1 })
      .where(({ version }, { eq }) => eq(version, expectedVersion))
      .go({ response: "all_new" });
    return data as Account;
  } catch (error) {
    if (isConditionFailure(error)) throw new VersionConflictError("Account");
    throw error;
  }
}

/**
 * Read-modify-write of one account: reads it, asks `change` for the changes (undefined = nothing to
 * do) and writes them with optimistic locking, re-reading and retrying when another writer won.
 * @throws NotFoundError, or VersionConflictError after repeated collisions.
 */
export async function updateAccount(
  accountId: string,
  change: (current: Account) => AccountChanges | undefined,
): Promise<Account> {
  return retry(
    async () => {
      const current = await getAccount(accountId);
      const changes = change(current);
      return changes ? updateAccountAt(accountId, current.version, changes) : current;
    },
    { attempts: MUTATE_ATTEMPTS, retryIf: (error) => error instanceof VersionConflictError },
  );
}

/**
 * Writes user changes only if the stored `version` is still `expectedVersion`, incrementing it.
 * @throws VersionConflictError when another writer changed (or removed) the user meanwhile.
 */
export async function updateUserAt(
  accountId: string,
  userId: string,
  expectedVersion: number,
  changes: UserChanges,
): Promise<User> {
  try {
    const { data } = await (await db()).entities.user
      .patch({ accountId, userId })
      .set(defined(changes))
      .add({ version: 1 })
      .where(({ version }, { eq }) => eq(version, expectedVersion))
      .go({ response: "all_new" });
    return data as User;
  } catch (error) {
    if (isConditionFailure(error)) throw new VersionConflictError("User");
    throw error;
  }
}

/**
 * Read-modify-write of one user of an account, with optimistic locking and retries (see
 * {@link updateAccount}). A user id of another account is not found.
 * @throws NotFoundError, or VersionConflictError after repeated collisions.
 */
export async function updateUser(
  accountId: string,
  userId: string,
  change: (current: User) => UserChanges | undefined,
): Promise<User> {
  return retry(
    async () => {
      const current = await getUser(accountId, userId);
      const changes = change(current);
      return changes ? updateUserAt(accountId, userId, current.version, changes) : current;
    },
    { attempts: MUTATE_ATTEMPTS, retryIf: (error) => error instanceof VersionConflictError },
  );
}

/**
 * Ends every session of a user: tokens issued before `notBefore` (epoch seconds) are refused from
 * now on. Never moves the stamp backwards.
 */
export async function revokeUserSessions(
  accountId: string,
  userId: string,
  notBefore: number,
): Promise<User> {
  return updateUser(accountId, userId, (u) =>
    u.tokensValidAfter >= notBefore ? undefined : { tokensValidAfter: notBefore },
  );
}

/**
 * Claims a pacing digest period for a user: writes `digestSentPeriod = periodKey` only if it holds
 * another period (or none), so of two runs for the same period one alone gets `true` and sends. The
 * user's `version` is left as is (the marker is not a setting: an open settings form stays valid).
 * @returns true when claimed; false when the period was already claimed or the user is gone.
 */
export async function claimDigestPeriod(
  accountId: string,
  userId: string,
  periodKey: string,
): Promise<boolean> {
  try {
    await (await db()).entities.user
      .patch({ accountId, userId })
      .set({ digestSentPeriod: periodKey })
      .where(
        ({ digestSentPeriod }, { notExists, ne }) =>
          `${notExists(digestSentPeriod)} OR ${ne(digestSentPeriod, periodKey)}`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Gives a claimed digest period back (the digest could not be sent), restoring the marker it
 * replaced, so a later run of the same period tries again. Does nothing if another period has
 * been claimed since.
 */
export async function releaseDigestPeriod(
  accountId: string,
  userId: string,
  periodKey: string,
  previous: string | undefined,
): Promise<void> {
  try {
    const op = (await db()).entities.user.patch({ accountId, userId });
    await (previous === undefined ? op.remove(["digestSentPeriod"]) : op.set({ digestSentPeriod: previous }))
      .where(({ digestSentPeriod }, { eq }) => eq(digestSentPeriod, periodKey))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The account version a change of an Admin must be written against: reads the account and its
 * users and refuses (LastAdminError) a change that leaves no Admin. Writing the change in one
 * transaction with a version check and increment of the account serialises concurrent Admin
 * changes, so two Admins demoting or removing each other cannot both succeed.
 */
async function adminGuard(accountId: string, user: User, staysAdmin: boolean): Promise<number | undefined> {
  if (user.userType !== "Admin" || staysAdmin) return undefined;
  const [account, users] = await Promise.all([getAccount(accountId), listUsers(accountId)]);
  if (users.filter((u) => u.userType === "Admin" && u.userId !== user.userId).length === 0)
    throw new LastAdminError();
  return account.version;
}

/**
 * Changes a user's name and/or user type. A new user type ends the user's sessions
 * (`tokensValidAfter` = `notBefore`). The account never loses its last Admin.
 * @throws NotFoundError, LastAdminError, VersionConflictError (someone changed the user or an Admin meanwhile).
 */
export async function changeUser(
  accountId: string,
  userId: string,
  changes: { name?: string | undefined; userType?: UserType | undefined },
  notBefore: number,
): Promise<User> {
  const user = await getUser(accountId, userId);
  const typeChanged = changes.userType !== undefined && changes.userType !== user.userType;
  const guardVersion = typeChanged
    ? await adminGuard(accountId, user, changes.userType === "Admin")
    : undefined;
  const set = defined({
    name: changes.name,
    ...(typeChanged
      ? { userType: changes.userType, tokensValidAfter: Math.max(notBefore, user.tokensValidAfter) }
      : {}),
  });
  const result = await (await db()).transaction
    .write(({ user: u, account: a }) => [
      u
        .patch({ accountId, userId })
        .set(set)
        .add({ version: 1 })
        .where(({ version }, { eq }) => eq(version, user.version))
        .commit(),
      ...(guardVersion === undefined
        ? []
        : [
            a
              .patch({ accountId })
              .add({ version: 1 })
              .where(({ version }, { eq }) => eq(version, guardVersion))
              .commit(),
          ]),
    ])
    .go();
  if (result.canceled) {
    if (transactionConditionFailed(result)) throw new VersionConflictError("User");
    throw new Error("User change transaction was cancelled");
  }
  return getUser(accountId, userId);
}

/**
 * Removes a user of an account together with their e-mail uniqueness item, in one transaction (the
 * address can then register again). Their sessions stop working at once (the user is gone). The
 * account never loses its last Admin.
 * @throws NotFoundError when the user is not in this account; LastAdminError; VersionConflictError.
 */
export async function removeUser(accountId: string, userId: string): Promise<User> {
  const user = await getUser(accountId, userId);
  const guardVersion = await adminGuard(accountId, user, false);
  const result = await (await db()).transaction
    .write(({ user: u, userEmail: e, account: a }) => [
      u
        .delete({ accountId, userId })
        .where(({ version }, { eq }) => eq(version, user.version))
        .commit(),
      e
        .delete({ email: user.email })
        .where((attr, { eq }) => `${eq(attr.userId, userId)} AND ${eq(attr.accountId, accountId)}`)
        .commit(),
      ...(guardVersion === undefined
        ? []
        : [
            a
              .patch({ accountId })
              .add({ version: 1 })
              .where(({ version }, { eq }) => eq(version, guardVersion))
              .commit(),
          ]),
    ])
    .go();
  if (result.canceled) {
    if (transactionConditionFailed(result)) throw new VersionConflictError("User");
    throw new Error("User removal transaction was cancelled");
  }
  return user;
}

/** The user with this id in this account, or undefined (no error), e.g. for a path parameter. */
export async function findUser(accountId: string, userId: string): Promise<User | undefined> {
  const { data } = await (await db()).entities.user.get({ accountId, userId }).go();
  return data ?? undefined;
}

/**
 * Records that a user proved they own their address (a link e-mailed to it was used, an e-mailed
 * invitation, Google): stamps `emailConfirmedAt` once and, for an Admin, lifts the account's
 * `emailConfirmationPending` (the account may send alert and invitation e-mails again).
 * @returns the user as stored after the change.
 * @throws NotFoundError when the user is gone.
 */
export async function confirmUserEmail(
  user: Pick<User, "accountId" | "userId">,
  now: Date = new Date(),
): Promise<User> {
  const stored = await updateUser(user.accountId, user.userId, (u) =>
    u.emailConfirmedAt ? undefined : { emailConfirmedAt: nowIso(now) },
  );
  if (stored.userType === "Admin") {
    await updateAccount(user.accountId, (a) =>
      a.emailConfirmationPending ? { emailConfirmationPending: false } : undefined,
    );
  }
  return stored;
}
