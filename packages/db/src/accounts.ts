import { randomUUID } from "node:crypto";
import type { EntityItem, EntityRecord } from "electrodb";
import type { AccountEntity } from "./entities/account.ts";
import { nowIso } from "./entities/common.ts";
import type { UserEntity, UserType } from "./entities/user.ts";
import { AlreadyExistsError, NotFoundError, transactionConditionFailed } from "./errors.ts";
import { db } from "./service.ts";

/** An account as stored. */
export type Account = EntityItem<typeof AccountEntity>;
/** A user as stored (includes the password hash: never return it from a handler). */
export type User = EntityItem<typeof UserEntity>;

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
}

/** The first user of a new account. `email` must already be lower-cased. */
export interface NewUser {
  name: string;
  email: string;
  userType: UserType;
  passwordHash?: string;
  googleSub?: string;
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
  const accountItem: EntityRecord<typeof AccountEntity> = {
    ...account,
    accountId,
    registrationDate,
    nextRunAt: registrationDate,
  } as EntityRecord<typeof AccountEntity>;
  const userItem = { ...user, userId, accountId, registrationDate };
  const result = await db()
    .transaction.write(({ account: a, user: u, userEmail: e }) => [
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
  const { data } = await db().entities.account.get({ accountId }).go();
  if (!data) throw new NotFoundError("Account");
  return data;
}

/**
 * Reads one user of an account (the account id comes from the caller's session, so a user id of
 * another account is simply not found).
 * @throws NotFoundError
 */
export async function getUser(accountId: string, userId: string): Promise<User> {
  const { data } = await db().entities.user.get({ accountId, userId }).go();
  if (!data) throw new NotFoundError("User");
  return data;
}

/** The user registered with this (lower-cased) e-mail address, or undefined. */
export async function findUserByEmail(email: string): Promise<User | undefined> {
  const { data: link } = await db().entities.userEmail.get({ email }).go();
  if (!link) return undefined;
  const { data } = await db().entities.user.get({ accountId: link.accountId, userId: link.userId }).go();
  return data ?? undefined;
}

/** A user from its id alone (public flows that carry only a user id), or undefined. */
export async function findUserById(userId: string): Promise<User | undefined> {
  const { data } = await db().entities.user.query.byUserId({ userId }).go();
  return data[0];
}

/** All users of an account, in id order. */
export async function listUsers(accountId: string): Promise<User[]> {
  const { data } = await db().entities.user.query.byAccount({ accountId }).go({ pages: "all" });
  return data;
}
