import { findUser, getUser } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aUniqueEmail, aWorld, TEST_PASSWORD } from "../../testing/builders.ts";
import { useMailCapture } from "../../testing/mail.ts";

const mail = useMailCapture();

describe("users page calls", () => {
  it("update-user renames and changes the user type, ending that user's sessions", async () => {
    const { Admin, subject } = await aWorld();
    const answer = await callApi("POST", "/api/users/update-user", {
      token: Admin.token,
      body: { _id: subject.user.userId, name: "Promoted", userType: "Manager" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      msg: "User Edited",
      user: { _id: subject.user.userId, name: "Promoted", userType: "Manager" },
    });
    expect((await callApi("GET", "/api/auth", { token: subject.token })).status).toBe(401);
    const again = await callApi<{ token: string }>("POST", "/api/auth", {
      body: { email: subject.email, password: TEST_PASSWORD },
    });
    expect(
      (await callApi<{ user: { userType: string } }>("GET", "/api/auth", { token: again.body.token })).body
        .user.userType,
    ).toBe("Manager");
  });

  it("keeps at least one Admin and refuses fields it does not own", async () => {
    const { Admin, account } = await aWorld();
    const demote = await callApi("POST", "/api/users/update-user", {
      token: Admin.token,
      body: { _id: Admin.user.userId, userType: "Viewer" },
    });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ message: "An account needs at least one Admin" });
    const owned = await callApi("POST", "/api/users/update-user", {
      token: Admin.token,
      body: { _id: Admin.user.userId, email: "new@example.test" },
    });
    expect(owned.status).toBe(400);
    expect((await getUser(account.accountId, Admin.user.userId)).userType).toBe("Admin");
  });

  it("remove-user removes the user, frees the address and ends the sessions; not oneself; another account's id is 404", async () => {
    const mine = await aWorld();
    const theirs = await aWorld();
    const removed = await callApi("POST", `/api/users/remove-user/${mine.subject.user.userId}`, {
      token: mine.Admin.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ msg: "Test Subject removed" });
    expect(await findUser(mine.account.accountId, mine.subject.user.userId)).toBeUndefined();
    expect((await callApi("GET", "/api/auth", { token: mine.subject.token })).status).toBe(401);
    const reRegister = await callApi("POST", "/api/register/register-new-user-and-account", {
      body: { email: mine.subject.email, password: TEST_PASSWORD },
    });
    expect(reRegister.status).toBe(200);

    const self = await callApi("POST", `/api/users/remove-user/${mine.Admin.user.userId}`, {
      token: mine.Admin.token,
    });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ message: "You cannot remove yourself" });
    const foreign = await callApi("POST", `/api/users/remove-user/${theirs.subject.user.userId}`, {
      token: mine.Admin.token,
    });
    expect(foreign.status).toBe(404);
    expect(await findUser(theirs.account.accountId, theirs.subject.user.userId)).toBeDefined();
  });

  it("send-password-reset e-mails the user a working reset link", async () => {
    const { Admin, subject } = await aWorld();
    const answer = await callApi("POST", `/api/users/send-password-reset/${subject.user.userId}`, {
      token: Admin.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ msg: `Password reset sent to ${subject.email}` });
    const token = new URL(mail.latestLinkTo(subject.email)).pathname.split("/").pop() ?? "";
    expect((await callApi("POST", `/api/auth/get-user-by-token/${token}`)).status).toBe(200);
  });

  it("invite-user refuses an address that already has a user and a Manager caller", async () => {
    const { Admin, Manager, subject } = await aWorld();
    const taken = await callApi("POST", "/api/users/invite-user", {
      token: Admin.token,
      body: { newUser: { email: subject.email, userType: "Viewer" } },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: "User with this Email Already Exists" });
    const manager = await callApi("POST", "/api/users/invite-user", {
      token: Manager.token,
      body: { newUser: { email: aUniqueEmail(), userType: "Admin" } },
    });
    expect(manager.status).toBe(403);
    const bad = await callApi("POST", "/api/users/invite-user", {
      token: Admin.token,
      body: { newUser: { email: "nope", userType: "Viewer" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: "body.newUser.email: Invalid Email" });
  });
});
