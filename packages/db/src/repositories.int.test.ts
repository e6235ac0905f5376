import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  changeUser,
  createAccountWithUser,
  findUser,
  findUserByEmail,
  getAccount,
  getUser,
  listUsers,
  removeUser,
  updateAccount,
  updateAccountAt,
  updateUser,
} from "./accounts.ts";
import { AlreadyExistsError, LastAdminError, NotFoundError, VersionConflictError } from "./errors.ts";
import { getIntegration, listIntegrations, putIntegration, removeIntegration } from "./integrations.ts";
import { acceptInvitation, createInvitation, findInvitation } from "./invitations.ts";
import { createPasswordReset, findPasswordReset, usePasswordReset } from "./password-resets.ts";
import { hitRateLimit, rateLimitCount, recentRateLimitCount } from "./rate-limits.ts";
import { hashSecret } from "./secrets.ts";
import { db } from "./service.ts";
import {
  deleteConnection,
  findConnection,
  listConnections,
  saveConnection,
} from "./websocket-connections.ts";

const anEmail = () => `user-${randomUUID()}@example.test`;
const anAccount = () =>
  createAccountWithUser({ name: "Acme" }, { name: "Ada", email: anEmail(), userType: "Admin" });

describe("optimistic locking", () => {
  it("refuses a write with a stale version and changes nothing", async () => {
    const { account } = await anAccount();
    await updateAccountAt(account.accountId, account.version, { name: "First" });
    await expect(
      updateAccountAt(account.accountId, account.version, { name: "Second" }),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect(await getAccount(account.accountId)).toMatchObject({
      name: "First",
      version: account.version + 1,
    });
  });

  it("read-modify-write retries after a collision, so two concurrent toggles both count", async () => {
    const { account } = await anAccount();
    const toggle = () => updateAccount(account.accountId, (a) => ({ showTableTotals: !a.showTableTotals }));
    await Promise.all([toggle(), toggle()]);
    expect(await getAccount(account.accountId)).toMatchObject({
      showTableTotals: false,
      version: account.version + 2,
    });
  });

  it("does not create a user that does not exist", async () => {
    const { account } = await anAccount();
    await expect(
      updateUser(account.accountId, randomUUID(), () => ({ name: "Ghost" })),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("invitations", () => {
  it("stores only the secret's hash and accepts once, in one transaction with the user and the e-mail item", async () => {
    const { account, user: admin } = await anAccount();
    const { invitation, token } = await createInvitation({
      accountId: account.accountId,
      userType: "Manager",
      invitedBy: admin.userId,
    });
    const secret = token.split(".")[1] ?? "";
    expect(invitation.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(await findInvitation(account.accountId, invitation.inviteId))).not.toContain(
      secret,
    );

    const email = anEmail();
    const results = await Promise.allSettled([
      acceptInvitation(invitation, { name: "A", email }),
      acceptInvitation(invitation, { name: "B", email: anEmail() }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await findInvitation(account.accountId, invitation.inviteId))?.usedAt).toBeTruthy();
  });

  it("leaves nothing behind when the address is taken", async () => {
    const { account, user: admin } = await anAccount();
    const { invitation } = await createInvitation({
      accountId: account.accountId,
      userType: "Viewer",
      invitedBy: admin.userId,
    });
    await expect(acceptInvitation(invitation, { name: "Dup", email: admin.email })).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
    expect((await findInvitation(account.accountId, invitation.inviteId))?.usedAt).toBeUndefined();
    expect((await findUserByEmail(admin.email))?.userId).toBe(admin.userId);
  });
});

describe("password resets", () => {
  it("are found by the token's hash only, used once, and refused after expiry", async () => {
    const { user } = await anAccount();
    const { reset, token } = await createPasswordReset(user);
    expect(reset.tokenHash).toBe(hashSecret(token));
    expect(await findPasswordReset(reset.tokenHash)).toBeUndefined();
    await usePasswordReset(reset, "$argon2id$new");
    expect((await getUser(user.accountId, user.userId)).passwordHash).toBe("$argon2id$new");
    await expect(usePasswordReset(reset, "$argon2id$again")).rejects.toBeInstanceOf(NotFoundError);

    const old = await createPasswordReset(user, {}, new Date(Date.now() - 2 * 60 * 60 * 1000));
    await expect(usePasswordReset(old.reset, "$argon2id$late")).rejects.toBeInstanceOf(NotFoundError);
    expect((await getUser(user.accountId, user.userId)).passwordHash).toBe("$argon2id$new");
  });

  it("only the latest link of a user can be used, even when it was read before a newer one was issued", async () => {
    const { user } = await anAccount();
    const older = await createPasswordReset(user, { purpose: "welcome" });
    const newer = await createPasswordReset(user);
    await expect(usePasswordReset(older.reset, "$argon2id$older")).rejects.toBeInstanceOf(NotFoundError);
    expect((await getUser(user.accountId, user.userId)).passwordHash).toBeUndefined();
    await usePasswordReset(newer.reset, "$argon2id$newer");
    expect((await getUser(user.accountId, user.userId)).passwordHash).toBe("$argon2id$newer");
  });
});

describe("users", () => {
  it("two Admins demoting or removing each other at once: one wins, the account keeps an Admin", async () => {
    for (const act of ["demote", "remove"] as const) {
      const { account, user: a } = await anAccount();
      const { invitation } = await createInvitation({
        accountId: account.accountId,
        userType: "Admin",
        invitedBy: a.userId,
      });
      const b = await acceptInvitation(invitation, { name: "B", email: anEmail() });
      const change = (id: string) =>
        act === "demote"
          ? changeUser(account.accountId, id, { userType: "Viewer" }, 0)
          : removeUser(account.accountId, id);
      const results = await Promise.allSettled([change(a.userId), change(b.userId)]);
      expect(
        results.filter((r) => r.status === "fulfilled"),
        act,
      ).toHaveLength(1);
      const admins = (await listUsers(account.accountId)).filter((u) => u.userType === "Admin");
      expect(admins, act).toHaveLength(1);
      await expect(change(admins[0]?.userId ?? "")).rejects.toBeInstanceOf(LastAdminError);
    }
  });

  it("removing a user deletes the user and their e-mail item together", async () => {
    const { account, user: admin } = await anAccount();
    const { invitation } = await createInvitation({
      accountId: account.accountId,
      userType: "Viewer",
      invitedBy: admin.userId,
    });
    const user = await acceptInvitation(invitation, { name: "V", email: anEmail() });
    await removeUser(account.accountId, user.userId);
    expect(await findUser(account.accountId, user.userId)).toBeUndefined();
    expect(await findUserByEmail(user.email)).toBeUndefined();
  });
});

describe("rate limits, integrations and connections", () => {
  it("counts hits per bucket and window", async () => {
    const bucket = `test:${randomUUID()}`;
    // One second into a minute, so "61 s later" is the next window and "121 s later" the one after.
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
    expect(await hitRateLimit(bucket, 60, now)).toBe(1);
    expect(await hitRateLimit(bucket, 60, now)).toBe(2);
    expect(await rateLimitCount(bucket, 60, now)).toBe(2);
    expect(await rateLimitCount(bucket, 60, new Date(now.getTime() + 61_000))).toBe(0);
    expect(await recentRateLimitCount(bucket, 60, new Date(now.getTime() + 61_000))).toBe(2);
    expect(await recentRateLimitCount(bucket, 60, new Date(now.getTime() + 121_000))).toBe(0);
  });

  it("keeps integration metadata per slug and e-mail, replacing the same pair", async () => {
    const { account } = await anAccount();
    const base = {
      accountId: account.accountId,
      slug: "facebookads",
      email: "fb@acme.test",
      connectedAt: new Date().toISOString(),
    };
    await putIntegration({ ...base, name: "Meta" });
    await putIntegration({ ...base, name: "Meta again", accessTokenExpiresAt: "2030-01-01T00:00:00.000Z" });
    expect(await listIntegrations(account.accountId)).toHaveLength(1);
    expect(await getIntegration(account.accountId, "facebookads", "fb@acme.test")).toMatchObject({
      name: "Meta again",
    });
    expect(await removeIntegration(account.accountId, "facebookads", "fb@acme.test")).toMatchObject({
      slug: "facebookads",
    });
    expect(await listIntegrations(account.accountId)).toEqual([]);
  });

  it("finds a WebSocket connection by id and lists an account's", async () => {
    const { account, user } = await anAccount();
    const connectionId = `c-${randomUUID()}`;
    await saveConnection({ accountId: account.accountId, userId: user.userId, connectionId });
    expect((await findConnection(connectionId))?.accountId).toBe(account.accountId);
    expect((await listConnections(account.accountId)).map((c) => c.connectionId)).toEqual([connectionId]);
    await deleteConnection(connectionId);
    expect(await findConnection(connectionId)).toBeUndefined();
  });
});

describe("key strings as stored (README table)", () => {
  it("builds every key from the documented templates", async () => {
    const e = (await db()).entities;
    const keys = (params: { Key?: Record<string, unknown>; Item?: Record<string, unknown> }) => {
      const k = params.Key ?? params.Item ?? {};
      return { pk: k.pk, sk: k.sk };
    };
    expect(keys(e.account.get({ accountId: "a1" }).params())).toEqual({ pk: "ACCOUNT#a1", sk: "ACCOUNT" });
    expect(keys(e.user.get({ accountId: "a1", userId: "u1" }).params())).toEqual({
      pk: "ACCOUNT#a1",
      sk: "USER#u1",
    });
    expect(keys(e.userEmail.get({ email: "a@b.c" }).params())).toEqual({ pk: "EMAIL#a@b.c", sk: "EMAIL" });
    expect(keys(e.invitation.get({ accountId: "a1", inviteId: "i1" }).params())).toEqual({
      pk: "ACCOUNT#a1",
      sk: "INVITE#i1",
    });
    expect(keys(e.passwordReset.get({ tokenHash: "h" }).params())).toEqual({ pk: "RESET#h", sk: "RESET" });
    expect(keys(e.integration.get({ accountId: "a1", slug: "googleads", email: "x@y.z" }).params())).toEqual({
      pk: "ACCOUNT#a1",
      sk: "INTEGRATION#googleads#x@y.z",
    });
    expect(keys(e.websocketConnection.get({ accountId: "a1", connectionId: "c1" }).params())).toEqual({
      pk: "ACCOUNT#a1",
      sk: "WS#c1",
    });
    expect(keys(e.rateLimit.get({ bucket: "login-email:x", windowStart: 900 }).params())).toEqual({
      pk: "RATE#login-email:x",
      sk: "WINDOW#900",
    });
    const byUser = e.user.query.byUserId({ userId: "u1" }).params() as {
      ExpressionAttributeValues: Record<string, unknown>;
    };
    expect(Object.values(byUser.ExpressionAttributeValues)).toContain("USER#u1");
  });
});
