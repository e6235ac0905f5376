import { randomUUID } from "node:crypto";
import {
  type Account,
  acceptInvitation,
  createAccountWithUser,
  createInvitation,
  type NewAccount,
  type User,
  type UserType,
} from "@pacer/db";
import { signSession } from "../src/lib/jwt.ts";
import { hashPassword } from "../src/lib/passwords.ts";

/** A unique e-mail address for a test (tests run in parallel and share one table). */
export const aUniqueEmail = (prefix = "user") => `${prefix}-${randomUUID()}@example.test`;

/** The password every builder-made user has. */
export const TEST_PASSWORD = "Test-pass-2026";

let testHash: Promise<string> | undefined;
/** The argon2id hash of {@link TEST_PASSWORD}, computed once per test file. */
export const testPasswordHash = (): Promise<string> => {
  testHash ??= hashPassword(TEST_PASSWORD);
  return testHash;
};

/**
 * An account with an Admin user (password {@link TEST_PASSWORD}) and a session token for them.
 * Each call makes a new, isolated account.
 */
export async function anAccountWithAdmin(
  account: Partial<NewAccount> = {},
): Promise<{ account: Account; admin: User; token: string; email: string }> {
  const email = aUniqueEmail("admin");
  const created = await createAccountWithUser(
    { name: "Test Agency", freeTrial: false, ...account },
    { name: "Test Admin", email, userType: "Admin", passwordHash: await testPasswordHash() },
  );
  return {
    account: created.account,
    admin: created.user,
    token: await signSession(created.user.userId, created.account.accountId),
    email,
  };
}

/** A user of the account with this user type (password {@link TEST_PASSWORD}) and a session token. */
export async function aUserIn(
  accountId: string,
  userType: UserType,
  name = `Test ${userType}`,
): Promise<{ user: User; token: string; email: string }> {
  const email = aUniqueEmail(userType.toLowerCase());
  const { invitation } = await createInvitation({ accountId, userType, invitedBy: "test" });
  const user = await acceptInvitation(invitation, { name, email, passwordHash: await testPasswordHash() });
  return { user, token: await signSession(user.userId, accountId), email };
}

/** A member of a world: the user and a session token. */
export interface Member {
  user: User;
  token: string;
  email: string;
}

/**
 * One account with an Admin, a Manager and a Viewer (each with a token) plus `subject`, a Viewer
 * the others act on (edit, remove, reset) and never use as a caller.
 */
export interface World {
  account: Account;
  Admin: Member;
  Manager: Member;
  Viewer: Member;
  subject: Member;
}

/** A new {@link World} (one account, four users). */
export async function aWorld(account: Partial<NewAccount> = {}): Promise<World> {
  const { account: created, admin, token, email } = await anAccountWithAdmin(account);
  const id = created.accountId;
  const [Manager, Viewer, subject] = await Promise.all([
    aUserIn(id, "Manager"),
    aUserIn(id, "Viewer"),
    aUserIn(id, "Viewer", "Test Subject"),
  ]);
  return { account: created, Admin: { user: admin, token, email }, Manager, Viewer, subject };
}
