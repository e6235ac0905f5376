import { defaultAlertForm } from "@pacer/core";
import { describe, expect, it } from "vitest";
import { type ApiAnswer, callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aUniqueEmail, TEST_PASSWORD } from "../../testing/builders.ts";
import { useGoogleSandbox } from "../../testing/google.ts";
import { useMailCapture } from "../../testing/mail.ts";
import { aTrackerIn, daysThisMonth } from "../../testing/tracker-builders.ts";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";

/**
 * E-mail ownership (README "Security"): e-mail self-registration signs the caller in at once (spec
 * overview-access-account.md 2.6), but until an Admin of the account proves their address (the link
 * of the welcome e-mail, a password link, Google) the account sends no alert or invitation e-mail,
 * and the app says so. Google sign-up, Google sign-in and an e-mailed invitation count as proof.
 */

const mail = useMailCapture();
const google = useGoogleSandbox();

interface Me {
  user: {
    _id: string;
    email: string;
    userType: string;
    emailConfirmed: boolean;
    account: { _id: string; emailConfirmationPending: boolean };
  };
}
interface Registered {
  token: string;
  user: { _id: string; account: { _id: string } };
}

const me = async (token: string) => (await callApi<Me>("GET", "/api/auth", { token })).body.user;

/** The confirmation link of the newest e-mail to `email` that has one. */
const confirmationLinkTo = (email: string) => {
  const link = mail
    .to(email)
    .flatMap((m) => m.links)
    .find((l) => l.includes("/api/auth/confirm-email/"));
  if (!link) throw new Error(`No confirmation link to ${email}`);
  return link;
};

/** Opens an e-mailed link as the browser would (GET on the API path). */
const open = (link: string) => callApi<string>("GET", new URL(link).pathname);

const selfRegister = async (body: Record<string, unknown> = {}) => {
  const email = aUniqueEmail("owner");
  const answer = await callApi<Registered>("POST", "/api/register/register-new-user-and-account", {
    body: { email, password: TEST_PASSWORD, companyName: "Unproven Ltd", ...body },
  });
  expect(answer.status).toBe(200);
  return { email, token: answer.body.token, accountId: answer.body.user.account._id };
};

/** A breaching everyday alert of the account's Admin on a tracker that spends every day. */
async function aFiringAlert(accountId: string, token: string) {
  await aTrackerIn(accountId, { name: "Brand" }, daysThisMonth(100).rows);
  const form = defaultAlertForm();
  const created = await callApi("POST", "/api/alerts/create-alert", {
    token,
    body: { ...form, name: "Spend watch", data: { ...form.data, value: 1_000_000 } },
  });
  expect(created.status).toBe(201);
}

const invite = (token: string, email: string | false): Promise<ApiAnswer> =>
  callApi("POST", "/api/users/invite-user", { token, body: { newUser: { email, userType: "Manager" } } });

describe("e-mail ownership", () => {
  it("an e-mail sign-up is signed in but unconfirmed: no alert or invitation e-mail until the welcome e-mail's link confirms it", async () => {
    const { email, token, accountId } = await selfRegister();
    const before = await me(token);
    expect(before.emailConfirmed).toBe(false);
    expect(before.account.emailConfirmationPending).toBe(true);
    const [welcome] = mail.to(email);
    expect(welcome?.subject).toBe("Welcome to Pacer: confirm your e-mail address");

    await aFiringAlert(accountId, token);
    await evaluateAlertsForAccount(accountId);
    const invitee = aUniqueEmail("invitee");
    const refused = await invite(token, invitee);
    const copied = await invite(token, false);

    expect(mail.to(email).map((m) => m.subject)).toEqual(["Welcome to Pacer: confirm your e-mail address"]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message:
        "Confirm your e-mail address before sending invitations: use the link in your welcome e-mail, or copy an invitation link instead",
    });
    expect(mail.to(invitee)).toEqual([]);
    expect(copied.status).toBe(200);

    const confirmed = await open(confirmationLinkTo(email));
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers["content-type"]).toMatch(/^text\/html/);
    expect(confirmed.body).toContain("Your e-mail address is confirmed");
    const after = await me(token);
    expect(after.emailConfirmed).toBe(true);
    expect(after.account.emailConfirmationPending).toBe(false);

    await evaluateAlertsForAccount(accountId);
    expect(mail.to(email).map((m) => m.subject)).toContain("Pacer alert: Spend watch");
    expect((await invite(token, invitee)).status).toBe(200);
    expect(mail.to(invitee)).toHaveLength(1);
  });

  it("the e-mail-only sign-up's set-password link proves the address too", async () => {
    const email = aUniqueEmail("nopass");
    const answer = await callApi<Registered>("POST", "/api/register/register-new-user-and-account", {
      body: { email },
    });
    const resetLink = mail.to(email)[0]?.links.find((l) => l.includes("/reset-password/")) ?? "";
    expect(confirmationLinkTo(email)).toContain("/api/auth/confirm-email/");
    const set = await callApi("POST", "/api/auth/change-password-from-reset", {
      body: { token: decodeURIComponent(resetLink.split("/").pop() ?? ""), newPassword: "First-pass-1" },
    });
    expect(set.status).toBe(200);
    const login = await callApi<Registered>("POST", "/api/auth", {
      body: { email, password: "First-pass-1" },
    });
    expect((await me(login.body.token)).account.emailConfirmationPending).toBe(false);
    expect(answer.status).toBe(200);
  });

  it("Google sign-up, Google sign-in and an e-mailed invitation count as confirmed; a copied invitation link does not", async () => {
    const googleEmail = aUniqueEmail("google");
    const viaGoogle = await callApi<Registered>(
      "POST",
      "/api/register/register-new-user-and-account-with-google",
      { body: { token: await google.idToken(googleEmail) } },
    );
    expect(await me(viaGoogle.body.token)).toMatchObject({
      emailConfirmed: true,
      account: { emailConfirmationPending: false },
    });

    const owner = await selfRegister();
    const signIn = await callApi<Registered>("POST", "/api/auth/login-with-google", {
      body: { token: await google.idToken(owner.email) },
    });
    expect(await me(signIn.body.token)).toMatchObject({
      emailConfirmed: true,
      account: { emailConfirmationPending: false },
    });

    const { token } = await anAccountWithAdmin();
    const invited = aUniqueEmail("invited");
    await invite(token, invited);
    const link = new URL(mail.to(invited)[0]?.links[0] ?? "");
    const [, , accountId, userType] = link.pathname.split("/");
    const joined = await callApi<Registered>(
      "POST",
      `/api/register/register-new-user-after-invite/${accountId}/${userType}`,
      {
        body: {
          invite: link.searchParams.get("invite"),
          email: invited,
          name: "Ann",
          password: TEST_PASSWORD,
        },
      },
    );
    expect((await me(joined.body.token)).emailConfirmed).toBe(true);

    const copied = await callApi<{ link: string }>("POST", "/api/users/invite-user", {
      token,
      body: { newUser: { userType: "Viewer" } },
    });
    const copiedUrl = new URL(copied.body.link);
    const [, , copiedAccount, copiedType] = copiedUrl.pathname.split("/");
    const anyone = aUniqueEmail("anyone");
    const viaCopy = await callApi<Registered>(
      "POST",
      `/api/register/register-new-user-after-invite/${copiedAccount}/${copiedType}`,
      {
        body: {
          invite: copiedUrl.searchParams.get("invite"),
          email: anyone,
          name: "Al",
          password: TEST_PASSWORD,
        },
      },
    );
    expect((await me(viaCopy.body.token)).emailConfirmed).toBe(false);
  });

  it("resend confirmation sends a new link to the caller (5 an hour), says when the address is already confirmed", async () => {
    const { email, token } = await selfRegister();
    const sent = await callApi("POST", "/api/auth/resend-email-confirmation", { token });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ msg: `Confirmation e-mail sent to ${email}` });
    expect(mail.to(email).map((m) => m.subject)).toEqual([
      "Confirm your Pacer e-mail address",
      "Welcome to Pacer: confirm your e-mail address",
    ]);
    for (let i = 0; i < 4; i++) await callApi("POST", "/api/auth/resend-email-confirmation", { token });
    const limited = await callApi("POST", "/api/auth/resend-email-confirmation", { token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    expect((await open(confirmationLinkTo(email))).status).toBe(200);
    const again = await callApi("POST", "/api/auth/resend-email-confirmation", { token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ msg: "Your e-mail address is already confirmed" });
  });

  it("a forged or altered confirmation link confirms nothing", async () => {
    const { email, token } = await selfRegister();
    const link = new URL(confirmationLinkTo(email));
    const altered = `${link.pathname.slice(0, -3)}${link.pathname.endsWith("AAA") ? "BBB" : "AAA"}`;
    for (const path of [altered, "/api/auth/confirm-email/not-a-token"]) {
      const answer = await callApi<string>("GET", path);
      expect(answer.status).toBe(404);
      expect(answer.body).toContain("This confirmation link is not valid");
    }
    expect((await me(token)).account.emailConfirmationPending).toBe(true);
  });
});
