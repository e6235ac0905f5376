import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAccountWithUser, findUserByEmail, findUserById, getAccount, listUsers } from "./accounts.ts";
import { AlreadyExistsError } from "./errors.ts";

const anEmail = () => `user-${randomUUID()}@example.test`;

describe("accounts repository (DynamoDB Local)", () => {
  it("creates an account with its first user and the e-mail link in one transaction", async () => {
    const email = anEmail();
    const { account, user } = await createAccountWithUser(
      { name: "Acme", freeTrial: true, freeTrialEndDate: "2030-01-15T00:00:00.000Z" },
      { name: "Ada", email, userType: "Admin", passwordHash: "$argon2id$x" },
    );

    expect(account.currency).toBe("GBP");
    expect(account.trackerAllowance).toBe(30);
    expect(account.capacity).toBe(30);
    expect(user.accountId).toBe(account.accountId);
    expect((await getAccount(account.accountId)).name).toBe("Acme");
    expect((await findUserByEmail(email))?.userId).toBe(user.userId);
    expect((await findUserById(user.userId))?.email).toBe(email);
    expect((await listUsers(account.accountId)).map((u) => u.userId)).toEqual([user.userId]);
  });

  it("refuses a second user with the same e-mail and leaves no partial account behind", async () => {
    const email = anEmail();
    await createAccountWithUser({ name: "First" }, { name: "A", email, userType: "Admin" });

    await expect(
      createAccountWithUser({ name: "Second" }, { name: "B", email, userType: "Admin" }),
    ).rejects.toBeInstanceOf(AlreadyExistsError);
    const owner = await findUserByEmail(email);
    expect((await getAccount(owner?.accountId ?? "")).name).toBe("First");
  });
});
