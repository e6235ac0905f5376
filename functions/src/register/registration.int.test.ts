import { createInvitation, getAccount, getUser, updateAccount } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aUniqueEmail, TEST_PASSWORD } from "../../testing/builders.ts";
import { useGoogleSandbox } from "../../testing/google.ts";
import { useMailCapture } from "../../testing/mail.ts";

const mail = useMailCapture();
const google = useGoogleSandbox();
const DAY = 24 * 60 * 60 * 1000;

interface Registered {
  msg: string;
  email: string;
  token: string;
  user: { _id: string; userType: string; account: { _id: string } };
}

describe("self-registration", () => {
  it("e-mail only: an account on a 14-day trial with the section 3 defaults, its Admin, a session and a set-password e-mail", async () => {
    const email = aUniqueEmail("self");
    const before = Date.now();
    const answer = await callApi<Registered>("POST", "/api/register/register-new-user-and-account", {
      body: { email: email.toUpperCase(), coupon: "SPRING", referralName: "acc1-user1-mnths" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ msg: "You've successfully set up your new account", email });
    expect(answer.body).not.toHaveProperty("decryptedPassword");
    expect(answer.body.user.userType).toBe("Admin");
    const account = await getAccount(answer.body.user.account._id);
    expect(account).toMatchObject({
      currency: "GBP",
      capacity: 30,
      trackerAllowance: 30,
      freeTrial: true,
      coupon: "SPRING",
      referralName: "acc1-user1-mnths",
    });
    const trialDays = (Date.parse(account.freeTrialEndDate ?? "") - before) / DAY;
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThan(14.01);
    expect((await callApi("GET", "/api/auth", { token: answer.body.token })).status).toBe(200);

    const [welcome] = mail.to(email);
    expect(welcome?.subject).toBe("Welcome to Pacer: set your password");
    const token = new URL(mail.latestLinkTo(email)).pathname.split("/").pop() ?? "";
    const set = await callApi("POST", "/api/auth/change-password-from-reset", {
      body: { token, newPassword: "First-pass-1" },
    });
    expect(set.status).toBe(200);
    expect((await callApi("POST", "/api/auth", { body: { email, password: "First-pass-1" } })).status).toBe(
      200,
    );
  });

  it("the full form (first reading) with names, company and password; the same address again answers 409", async () => {
    const email = aUniqueEmail("full");
    const body = {
      firstName: "Ada",
      secondName: "Lovelace",
      email,
      password: TEST_PASSWORD,
      companyName: "Engines Ltd",
    };
    const answer = await callApi<Registered & { statusCode: number }>(
      "POST",
      "/api/users/register-new-user-and-account",
      { body },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.statusCode).toBe(200);
    expect((await getAccount(answer.body.user.account._id)).name).toBe("Engines Ltd");
    expect((await getUser(answer.body.user.account._id, answer.body.user._id)).name).toBe("Ada Lovelace");

    const again = await callApi("POST", "/api/register/register-new-user-and-account", {
      body: { email, password: TEST_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "ALREADY_EXISTS",
      message: "User with this Email Already Exists",
    });
  });

  it("refuses an invalid address, a short password, an unknown currency and server-owned fields", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: "not-an-email" }, "body.email: Invalid Email"],
      [{ email: aUniqueEmail(), password: "12345" }, "body.password: Password must be at least 6 characters"],
      [{ email: aUniqueEmail(), currency: "ZZZ" }, "body.currency: Unknown currency code"],
      [{ email: aUniqueEmail(), userType: "Admin" }, "Unknown field in body: userType"],
      [{ email: aUniqueEmail(), freeTrialEndDate: "2099-01-01" }, "Unknown field in body: freeTrialEndDate"],
    ];
    for (const [body, message] of cases) {
      const answer = await callApi("POST", "/api/register/register-new-user-and-account", { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message });
    }
  });

  it("with Google: the verified address and name make the Admin; a second time answers 409", async () => {
    const email = aUniqueEmail("google");
    const answer = await callApi<Registered>(
      "POST",
      "/api/register/register-new-user-and-account-with-google",
      {
        body: { token: await google.idToken(email), currency: "USD" },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBe(email);
    expect((await getAccount(answer.body.user.account._id)).currency).toBe("USD");
    const login = await callApi("POST", "/api/auth/login-with-google", {
      body: { token: await google.idToken(email) },
    });
    expect(login.status).toBe(200);
    const again = await callApi("POST", "/api/register/register-new-user-and-account-with-google", {
      body: { token: await google.idToken(email) },
    });
    expect(again.status).toBe(409);
    const bad = await callApi("POST", "/api/register/register-new-user-and-account-with-google", {
      body: { token: "x.y.z" },
    });
    expect(bad.status).toBe(401);
  });
});

/** The parts of an invitation link from the outbox. */
function readInviteLink(link: string) {
  const url = new URL(link);
  const [, route, accountId, userType, email] = url.pathname.split("/").map(decodeURIComponent);
  expect(route).toBe("register-invited-user");
  return {
    accountId: accountId ?? "",
    userType: userType ?? "",
    email: email ?? "",
    invite: url.searchParams.get("invite") ?? "",
  };
}

describe("invited registration", () => {
  it("invite by e-mail -> link from the outbox -> register joins the account with the invited type; the link works once", async () => {
    const { account, token } = await anAccountWithAdmin({ name: "Inviting Co" });
    const email = aUniqueEmail("invitee");
    const invited = await callApi("POST", "/api/users/invite-user", {
      token,
      body: { newUser: { email, userType: "Manager" } },
    });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ msg: `Invitation email sent to ${email}` });
    expect(invited.body).not.toHaveProperty("link");
    const link = readInviteLink(mail.latestLinkTo(email));
    expect(link).toMatchObject({ accountId: account.accountId, userType: "Manager", email });
    expect(link.invite).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

    const path = `/api/register/register-new-user-after-invite/${link.accountId}/${link.userType}`;
    const body = {
      invite: link.invite,
      email,
      name: "Mia Manager",
      password: TEST_PASSWORD,
      account: account.accountId,
    };
    const answer = await callApi<Registered>("POST", path, { body });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ msg: "You've successfully registered", email });
    expect(answer.body.user).toMatchObject({ userType: "Manager", account: { _id: account.accountId } });

    const reuse = await callApi("POST", path, { body: { ...body, email: aUniqueEmail("second") } });
    expect(reuse.status).toBe(404);
    expect(reuse.body).toMatchObject({
      message: "This invitation link is not valid, please ask for a new one",
    });
  });

  it("cannot be turned into another user type, another account, another address, or used without its secret", async () => {
    const { account, admin } = await anAccountWithAdmin();
    const other = await anAccountWithAdmin();
    const email = aUniqueEmail("bound");
    const { token: invite, invitation } = await createInvitation({
      accountId: account.accountId,
      userType: "Viewer",
      email,
      invitedBy: admin.userId,
    });
    const body = { invite, email, name: "V", password: TEST_PASSWORD };
    const tries: Array<[string, Record<string, unknown>, number]> = [
      [`/api/register/register-new-user-after-invite/${account.accountId}/Admin`, body, 404],
      [`/api/register/register-new-user-after-invite/${other.account.accountId}/Viewer`, body, 404],
      [
        `/api/register/register-new-user-after-invite/${account.accountId}/Viewer`,
        { ...body, invite: invitation.inviteId },
        404,
      ],
      [
        `/api/register/register-new-user-after-invite/${account.accountId}/Viewer`,
        { ...body, invite: `${invitation.inviteId}.${"A".repeat(43)}` },
        404,
      ],
      [
        `/api/register/register-new-user-after-invite/${account.accountId}/Viewer`,
        { ...body, account: other.account.accountId },
        404,
      ],
      [
        `/api/register/register-new-user-after-invite/${account.accountId}/Viewer`,
        { ...body, email: aUniqueEmail("someone") },
        400,
      ],
      [
        `/api/register/register-new-user-after-invite/${account.accountId}/Viewer`,
        { email, name: "V", password: TEST_PASSWORD },
        400,
      ],
      [`/api/register/register-new-user-after-invite/${account.accountId}/Owner`, body, 400],
    ];
    for (const [path, b, status] of tries) {
      const answer = await callApi("POST", path, { body: b });
      expect(answer.status, `${path} ${JSON.stringify(b)}`).toBe(status);
    }
    // The untouched invitation still works for its address and type.
    const ok = await callApi(
      "POST",
      `/api/register/register-new-user-after-invite/${account.accountId}/Viewer`,
      { body },
    );
    expect(ok.status).toBe(200);
  });

  it("a copied link (no address) lets any address register once; an expired one answers 410", async () => {
    const { account, admin, token } = await anAccountWithAdmin();
    const created = await callApi<{ link: string }>("POST", "/api/users/invite-user", {
      token,
      body: { newUser: { email: false, userType: "Viewer" } },
    });
    expect(created.status).toBe(200);
    const link = readInviteLink(created.body.link);
    expect(link.email).toBe("false");
    const path = `/api/register/register-new-user-after-invite/${account.accountId}/Viewer`;
    const ok = await callApi("POST", path, {
      body: { invite: link.invite, email: aUniqueEmail("any"), name: "Any", password: TEST_PASSWORD },
    });
    expect(ok.status).toBe(200);

    const { token: old } = await createInvitation(
      { accountId: account.accountId, userType: "Viewer", invitedBy: admin.userId },
      new Date(Date.now() - 8 * DAY),
    );
    const expired = await callApi("POST", path, {
      body: { invite: old, email: aUniqueEmail("late"), name: "Late", password: TEST_PASSWORD },
    });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      message: "This invitation link has expired, please ask for a new one",
    });
  });

  it("with Google: the verified address must match the invitation's", async () => {
    const { account, admin } = await anAccountWithAdmin();
    const email = aUniqueEmail("g-invitee");
    const { token: invite } = await createInvitation({
      accountId: account.accountId,
      userType: "Manager",
      email,
      invitedBy: admin.userId,
    });
    const path = `/api/register/register-new-user-after-invite-with-google/${account.accountId}/Manager`;
    const wrong = await callApi("POST", path, {
      body: { invite, token: await google.idToken(aUniqueEmail("other")) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: "This invitation was sent to another email address" });
    const ok = await callApi<Registered>("POST", path, {
      body: { invite, token: await google.idToken(email) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ userType: "Manager", account: { _id: account.accountId } });
  });
});

describe("free trial", () => {
  it("after freeTrialEndDate data routes answer 402 while the session, profile and billing still work", async () => {
    const { account, token } = await anAccountWithAdmin({
      freeTrial: true,
      freeTrialEndDate: new Date(Date.now() + DAY).toISOString(),
    });
    expect(
      (await callApi("POST", `/api/account/toggle-show-account-totals/${account.accountId}`, { token }))
        .status,
    ).toBe(200);
    await updateAccount(account.accountId, () => ({
      freeTrialEndDate: new Date(Date.now() - 1000).toISOString(),
    }));
    const blocked = await callApi("POST", `/api/account/toggle-show-account-totals/${account.accountId}`, {
      token,
    });
    expect(blocked.status).toBe(402);
    expect(blocked.body).toMatchObject({
      code: "TRIAL_EXPIRED",
      message: "Your free trial has expired. Please upgrade your account to get access to your dashboard",
    });
    expect((await callApi("GET", "/api/auth", { token })).status).toBe(200);
    expect((await callApi("GET", `/api/account/get-account/${account.accountId}`, { token })).status).toBe(
      200,
    );
    const billing = await callApi(
      "POST",
      `/api/stripe/start-stripe-billing-portal-session/${account.accountId}`,
      { token },
    );
    expect(billing.status).toBe(200);
  });
});
