import { createAccountWithUser, findUserByEmail } from "@pacer/db";
import { hashPassword } from "@pacer/functions/lib/passwords";

/** The local demo login (local mode only; printed on the ready line). */
export const DEMO_LOGIN = { email: "admin@demo.local", password: "Demo-pass-2026" } as const;

/**
 * Seeds the demo account on first start: an account "Demo Agency" (not on a trial) with its Admin
 * user. Does nothing when the demo Admin already exists.
 * @returns the demo account id, and whether it was created now.
 */
export async function seedDemoAccount(): Promise<{ accountId: string; userId: string; created: boolean }> {
  const existing = await findUserByEmail(DEMO_LOGIN.email);
  if (existing) return { accountId: existing.accountId, userId: existing.userId, created: false };
  const { account, user } = await createAccountWithUser(
    { name: "Demo Agency", currency: "GBP", freeTrial: false, trackerAllowance: 75 },
    {
      name: "Demo Admin",
      email: DEMO_LOGIN.email,
      userType: "Admin",
      passwordHash: await hashPassword(DEMO_LOGIN.password),
    },
  );
  return { accountId: account.accountId, userId: user.userId, created: true };
}
