import { randomUUID } from "node:crypto";
import { type Account, createAccountWithUser, type NewAccount, type User } from "@pacer/db";
import { signSession } from "../lib/jwt.ts";
import { hashPassword } from "../lib/passwords.ts";

/** A unique e-mail address for a test (tests run in parallel and share one table). */
export const aUniqueEmail = (prefix = "user") => `${prefix}-${randomUUID()}@example.test`;

/** The password every builder-made user has. */
export const TEST_PASSWORD = "Test-pass-2026";

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
    { name: "Test Admin", email, userType: "Admin", passwordHash: await hashPassword(TEST_PASSWORD) },
  );
  return {
    account: created.account,
    admin: created.user,
    token: await signSession(created.user.userId, created.account.accountId),
    email,
  };
}
