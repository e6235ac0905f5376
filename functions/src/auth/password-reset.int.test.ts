import { createPasswordReset, findUserByEmail } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aUniqueEmail, TEST_PASSWORD } from "../../testing/builders.ts";
import { useMailCapture } from "../../testing/mail.ts";

const mail = useMailCapture();
const NEW_PASSWORD = "Fresh-pass-99";

/** The token at the end of a reset link from the outbox. */
const tokenOf = (link: string) => {
  const url = new URL(link);
  expect(url.origin).toBe("http://localhost:3000");
  expect(url.pathname).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
  return decodeURIComponent(url.pathname.split("/").pop() ?? "");
};

describe("password reset through the e-mailed link", () => {
  it("request -> link from the outbox -> get-user-by-token -> new password -> login; the link works once", async () => {
    const { email, admin, token: oldSession } = await anAccountWithAdmin();

    const requested = await callApi("POST", "/api/auth/forgot-password", {
      body: { email: email.toUpperCase(), hostname: "evil.example" },
    });
    expect(requested.status).toBe(200);
    const [message] = mail.to(email);
    expect(message?.subject).toBe("Reset your Pacer password");
    expect(message?.links.every((l) => l.startsWith("http://localhost:3000/"))).toBe(true);
    const token = tokenOf(mail.latestLinkTo(email));

    const who = await callApi<{ user: { _id: string; email: string } }>(
      "POST",
      `/api/auth/get-user-by-token/${token}`,
    );
    expect(who.status).toBe(200);
    expect(who.body.user).toMatchObject({ _id: admin.userId, email });
    expect(who.body.user).not.toHaveProperty("passwordHash");

    const changed = await callApi("POST", "/api/auth/change-password-from-reset", {
      body: { userId: admin.userId, token, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ msg: "Password changed" });

    expect((await callApi("POST", "/api/auth", { body: { email, password: NEW_PASSWORD } })).status).toBe(
      200,
    );
    expect((await callApi("POST", "/api/auth", { body: { email, password: TEST_PASSWORD } })).status).toBe(
      401,
    );
    expect((await callApi("GET", "/api/auth", { token: oldSession })).status).toBe(401);

    const reused = await callApi("POST", "/api/auth/change-password-from-reset", {
      body: { token, newPassword: "Another-pass-1" },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: "INVALID_CREDENTIALS", message: "Invalid Credentials" });
    const again = await callApi("POST", `/api/auth/get-user-by-token/${token}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: "Something went wrong with your reset link" });
  });

  it("refuses a link after its hour with the spec's text, on both calls", async () => {
    const { email } = await anAccountWithAdmin();
    const user = await findUserByEmail(email);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000 - 1000);
    const { token } = await createPasswordReset(user as NonNullable<typeof user>, {}, anHourAgo);

    const who = await callApi("POST", `/api/auth/get-user-by-token/${token}`);
    expect(who.status).toBe(410);
    expect(who.body).toMatchObject({ code: "LINK_EXPIRED", message: "Your reset link has expired" });
    const change = await callApi("POST", "/api/auth/change-password-from-reset", {
      body: { token, newPassword: NEW_PASSWORD },
    });
    expect(change.status).toBe(410);
    expect(change.body).toMatchObject({ message: "Your reset link has expired" });
    expect((await callApi("POST", "/api/auth", { body: { email, password: TEST_PASSWORD } })).status).toBe(
      200,
    );
  });

  it("answers an unknown address exactly like a known one, and sends nothing", async () => {
    const unknown = aUniqueEmail("nobody");
    const { email } = await anAccountWithAdmin();
    const a = await callApi("POST", "/api/auth/forgot-password", { body: { email: unknown } });
    const b = await callApi("POST", "/api/auth/forgot-password", { body: { email } });
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(mail.to(unknown)).toHaveLength(0);
    expect(mail.to(email)).toHaveLength(1);
  });

  it("needs the link's token: a user id alone changes nothing", async () => {
    const { email, admin } = await anAccountWithAdmin();
    const answer = await callApi("POST", "/api/auth/change-password-from-reset", {
      body: { userId: admin.userId, newPassword: NEW_PASSWORD },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: "body.token" });
    const forged = await callApi("POST", "/api/auth/change-password-from-reset", {
      body: { userId: admin.userId, token: "A".repeat(43), newPassword: NEW_PASSWORD },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ message: "Invalid Credentials" });
    expect((await callApi("POST", "/api/auth", { body: { email, password: TEST_PASSWORD } })).status).toBe(
      200,
    );
  });

  it("stops sending after 5 requests an hour for one address, with the same answer", async () => {
    const { email } = await anAccountWithAdmin();
    for (let i = 0; i < 7; i++) {
      const answer = await callApi("POST", "/api/auth/forgot-password", { body: { email } });
      expect(answer.status).toBe(200);
    }
    expect(mail.to(email)).toHaveLength(5);
  });

  it("refuses a reset link issued before a later password change", async () => {
    const { email, token: session } = await anAccountWithAdmin();
    await callApi("POST", "/api/auth/forgot-password", { body: { email } });
    const token = tokenOf(mail.latestLinkTo(email));
    const changed = await callApi("POST", "/api/auth/change-password", {
      token: session,
      body: { oldPassword: TEST_PASSWORD, newPassword: "Changed-pass-7" },
    });
    expect(changed.status).toBe(200);
    expect((await callApi("POST", `/api/auth/get-user-by-token/${token}`)).status).toBe(404);
  });

  it("a newer link invalidates every earlier unused one: reset after reset, and a reset after the set-password link", async () => {
    const { email, admin } = await anAccountWithAdmin();
    const user = await findUserByEmail(email);
    if (!user) throw new Error("no user");
    const welcome = await createPasswordReset(user, { purpose: "welcome" });
    await callApi("POST", "/api/auth/forgot-password", { body: { email } });
    const first = tokenOf(mail.latestLinkTo(email));
    await callApi("POST", "/api/auth/forgot-password", { body: { email } });
    const tokens = mail.to(email).map((m) => tokenOf(m.links[0] ?? ""));
    expect(tokens).toHaveLength(2);
    const second = tokens.find((t) => t !== first) ?? "";

    for (const older of [welcome.token, first]) {
      const who = await callApi("POST", `/api/auth/get-user-by-token/${older}`);
      expect(who.status).toBe(404);
      expect(who.body).toMatchObject({ message: "Something went wrong with your reset link" });
      const change = await callApi("POST", "/api/auth/change-password-from-reset", {
        body: { token: older, newPassword: NEW_PASSWORD },
      });
      expect(change.status).toBe(400);
      expect(change.body).toMatchObject({ code: "INVALID_CREDENTIALS" });
    }
    expect((await callApi("POST", "/api/auth", { body: { email, password: TEST_PASSWORD } })).status).toBe(
      200,
    );
    const latest = await callApi("POST", "/api/auth/change-password-from-reset", {
      body: { userId: admin.userId, token: second, newPassword: NEW_PASSWORD },
    });
    expect(latest.status).toBe(200);
  });
});
