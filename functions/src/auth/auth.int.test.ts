import { randomBytes } from "node:crypto";
import {
  epochSeconds,
  findUserByEmail,
  getUser,
  hitRateLimit,
  recentRateLimitCount,
  secondsLeftInWindow,
} from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aUniqueEmail, aUserIn, TEST_PASSWORD } from "../../testing/builders.ts";
import { useGoogleSandbox } from "../../testing/google.ts";
import { unsubscribeToken } from "../lib/links.ts";
import { recordLoginFailure } from "../lib/throttle.ts";

const google = useGoogleSandbox();

/** A client address of its own for a test (IPv6 documentation prefix), so tests share no counter. */
const aClientIp = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;

const login = (email: string, password: string, sourceIp: string) =>
  callApi("POST", "/api/auth", { body: { email, password }, sourceIp });

describe("login rate limit", () => {
  it("answers 429 with a message and retry-after once a client has 10 failures on an address, even for the right password", async () => {
    const { email } = await anAccountWithAdmin();
    for (let i = 0; i < 10; i++) {
      expect((await callApi("POST", "/api/auth", { body: { email, password: "wrong-pass" } })).status).toBe(
        401,
      );
    }
    const locked = await callApi("POST", "/api/auth", { body: { email, password: TEST_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(String((locked.body as { message: string }).message)).toMatch(
      /^Too many failed login attempts, please try again in \d+ minutes?$/,
    );
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
  }, 60_000); // ten real failed logins: ten password hashes

  it("counts failures per account too: 50 failures over the users of one account lock it for the clients that failed on it", async () => {
    const { account } = await anAccountWithAdmin();
    const viewer = await aUserIn(account.accountId, "Viewer");
    const bucket = `login-account:${account.accountId}`;
    expect(
      (await callApi("POST", "/api/auth", { body: { email: viewer.email, password: "wrong-pass" } })).status,
    ).toBe(401);
    expect(await recentRateLimitCount(bucket, 15 * 60)).toBe(1);
    // 49 more failures spread over other addresses of the account (recorded directly, no hashing).
    for (let i = 0; i < 49; i++) await hitRateLimit(bucket, 15 * 60);
    const answer = await callApi("POST", "/api/auth", {
      body: { email: viewer.email, password: TEST_PASSWORD },
    });
    expect(answer.status).toBe(429);
    // A client that has not failed on the account still signs in with the right password.
    expect((await login(viewer.email, TEST_PASSWORD, aClientIp())).status).toBe(200);
  });

  it("during an address lockout a client that has not failed signs in with the right password; failing clients get 429", async () => {
    const { email, account } = await anAccountWithAdmin();
    const attacker = aClientIp();
    // Ten failures of one client on the address (recorded as the login records them, without hashing).
    const keys = { email, account: account.accountId, ip: attacker };
    for (let i = 0; i < 10; i++) await recordLoginFailure(keys, new Date());

    expect((await login(email, TEST_PASSWORD, attacker)).status).toBe(429);
    const owner = await login(email, TEST_PASSWORD, aClientIp());
    expect(owner.status).toBe(200);
    expect(owner.body).toHaveProperty("token");
    // Another client's wrong guess during the lockout is checked and counted: from then on it is refused too.
    const guesser = aClientIp();
    expect((await login(email, "wrong-again", guesser)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD, guesser)).status).toBe(429);
  });

  it("retry-after states the real wait: failures of the current window lock until the end of the next one", async () => {
    // Failures counted over the current and the previous 15-minute windows: start well inside a window.
    const left = secondsLeftInWindow(15 * 60);
    if (left < 20) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
    const { email, account } = await anAccountWithAdmin();
    const client = aClientIp();
    const keys = { email, account: account.accountId, ip: client };
    for (let i = 0; i < 10; i++) await recordLoginFailure(keys, new Date());

    const locked = await login(email, TEST_PASSWORD, client);

    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers["retry-after"]);
    const expected = secondsLeftInWindow(15 * 60) + 15 * 60;
    expect(retryAfter).toBeGreaterThanOrEqual(expected - 2);
    expect(retryAfter).toBeLessThanOrEqual(expected + 2);
    const minutes = Math.ceil(retryAfter / 60);
    expect(locked.body).toMatchObject({
      message: `Too many failed login attempts, please try again in ${minutes} minutes`,
    });
  }, 60_000);
});

describe("Sign in with Google (sandbox issuer)", () => {
  it("signs in the user with the verified Google address and remembers the Google subject", async () => {
    const { email, admin } = await anAccountWithAdmin();
    const answer = await callApi<{ token: string; user: { _id: string } }>(
      "POST",
      "/api/auth/login-with-google",
      {
        body: { token: await google.idToken(email) },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.user._id).toBe(admin.userId);
    expect((await callApi("GET", "/api/auth", { token: answer.body.token })).status).toBe(200);
    expect((await getUser(admin.accountId, admin.userId)).googleSub).toBeTruthy();
  });

  it("refuses an address without a user, a forged token and a token for another client", async () => {
    const unknown = await callApi("POST", "/api/auth/login-with-google", {
      body: { token: await google.idToken(aUniqueEmail("stranger")) },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({
      message: "No account uses this Google address, please sign up first",
    });

    const { email } = await anAccountWithAdmin();
    const real = await google.idToken(email);
    const [h, p] = real.split(".");
    const claims = JSON.parse(Buffer.from(p ?? "", "base64url").toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, email: "ceo@example.test" })).toString("base64url")}.${real.split(".")[2]}`;
    const forged = await callApi("POST", "/api/auth/login-with-google", { body: { token: tampered } });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ message: "Google sign-in failed, please try again" });

    const saved = process.env.GOOGLE_CLIENT_ID;
    process.env.GOOGLE_CLIENT_ID = "another-client";
    const { resetAppSecrets } = await import("../lib/config.ts");
    resetAppSecrets();
    const wrongAudience = await callApi("POST", "/api/auth/login-with-google", { body: { token: real } });
    process.env.GOOGLE_CLIENT_ID = saved;
    resetAppSecrets();
    expect(wrongAudience.status).toBe(401);
  });
});

describe("Google sign-in configuration", () => {
  it("tells the web app the client id and the authorize page of the configured issuer", async () => {
    const answer = await callApi<{ clientId: string; authorizeUrl: string }>(
      "GET",
      "/api/auth/google-config",
    );
    expect(answer.status).toBe(200);
    expect(answer.body.clientId).toBe("sandbox-google-identity-client");
    expect(answer.body.authorizeUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/google-identity\/o\/oauth2\/v2\/auth$/,
    );
  });

  it("checks the nonce when the web app sends it", async () => {
    const { email } = await anAccountWithAdmin();
    const token = await google.idToken(email);
    const wrong = await callApi("POST", "/api/auth/login-with-google", { body: { token, nonce: "another" } });
    expect(wrong.status).toBe(401);
    const right = await callApi("POST", "/api/auth/login-with-google", { body: { token, nonce: "n" } });
    expect(right.status).toBe(200);
  });
});

describe("change password", () => {
  it("checks the old password, enforces the modal's rules, ends other sessions and answers a new token", async () => {
    const { email, token } = await anAccountWithAdmin();
    const wrong = await callApi("POST", "/api/auth/change-password", {
      token,
      body: { oldPassword: "not-it", newPassword: "Better-pass-1" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: "INVALID_CREDENTIALS",
      message: "Invalid Credentials",
      field: "body.oldPassword",
    });

    for (const [newPassword, message] of [
      ["Short-1", "body.newPassword: Password must be at least 8 characters"],
      ["lowercase-1", "body.newPassword: Password must contain at least one uppercase letter"],
      ["No-digits-here", "body.newPassword: Password must contain at least one number"],
    ] as const) {
      const weak = await callApi("POST", "/api/auth/change-password", {
        token,
        body: { oldPassword: TEST_PASSWORD, newPassword },
      });
      expect(weak.status).toBe(400);
      expect(weak.body).toMatchObject({ message });
    }

    const changed = await callApi<{ msg: string; token: string }>("POST", "/api/auth/change-password", {
      token,
      body: { oldPassword: TEST_PASSWORD, newPassword: "Better-pass-1" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.msg).toBe("Password changed");
    expect((await callApi("GET", "/api/auth", { token })).status).toBe(401);
    expect((await callApi("GET", "/api/auth", { token: changed.body.token })).status).toBe(200);
    expect((await callApi("POST", "/api/auth", { body: { email, password: "Better-pass-1" } })).status).toBe(
      200,
    );
  });
});

describe("profile calls change the caller only", () => {
  it("update-user-name, table columns, favourites, preference and the two guides", async () => {
    const { admin, token } = await anAccountWithAdmin();
    const me = admin.userId;
    const calls: Array<[string, unknown]> = [
      [`/api/auth/update-user-name/${me}`, { name: "  Ada L  " }],
      ["/api/auth/update-user-table-columns", { user: me, tableColumns: [{ id: "cpc", hideColumn: true }] }],
      [
        "/api/auth/update-favourite-trackers",
        { user: { _id: me }, favouriteTrackers: [{ _id: "t1", name: "Search" }] },
      ],
      ["/api/auth/change-user-preference", { userPreference: "primaryDashboardView", selection: "client" }],
      ["/api/auth/fire-product-tour", { user: me }],
      ["/api/auth/fire-create-tracker-guide", undefined],
    ];
    for (const [path, body] of calls) {
      const answer = await callApi("POST", path, { token, ...(body === undefined ? {} : { body }) });
      expect(answer.status, path).toBe(200);
    }
    const stored = await getUser(admin.accountId, me);
    expect(stored).toMatchObject({
      name: "Ada L",
      favouriteTrackers: [{ _id: "t1", name: "Search" }],
      preferences: { tableColumns: [{ id: "cpc", hideColumn: true }], primaryDashboardView: "client" },
      productTourAlreadyFired: true,
      CreateTrackerGuideAlreadyFired: true,
    });
  });

  it("answers 404 for another user's id (same account) and 400 for server-owned fields, changing nothing", async () => {
    const { admin, token, account } = await anAccountWithAdmin();
    const { user: other } = await aUserIn(account.accountId, "Viewer");
    const foreign = await callApi("POST", `/api/auth/update-user-name/${other.userId}`, {
      token,
      body: { name: "Hacked" },
    });
    expect(foreign.status).toBe(404);
    const owned = await callApi("POST", `/api/auth/update-user-name/${admin.userId}`, {
      token,
      body: { name: "X", userType: "Viewer" },
    });
    expect(owned.status).toBe(400);
    expect(owned.body).toMatchObject({ message: "Unknown field in body: userType", field: "body" });
    const version = await callApi("POST", "/api/auth/update-favourite-trackers", {
      token,
      body: { favouriteTrackers: [], version: 9 },
    });
    expect(version.status).toBe(400);
    expect((await getUser(account.accountId, other.userId)).name).not.toBe("Hacked");
    expect((await getUser(account.accountId, admin.userId)).userType).toBe("Admin");
  });

  it("refuses favourites to a Viewer (no favourite column, spec section 6)", async () => {
    const { account } = await anAccountWithAdmin();
    const viewer = await aUserIn(account.accountId, "Viewer");
    const answer = await callApi("POST", "/api/auth/update-favourite-trackers", {
      token: viewer.token,
      body: { favouriteTrackers: [{ _id: "t1", name: "A" }] },
    });
    expect(answer.status).toBe(403);
  });
});

describe("logout", () => {
  it("revokes every session of the caller at once; logging in again works in the same second", async () => {
    const { admin, token, email } = await anAccountWithAdmin();
    const other = await callApi("POST", `/api/auth/logout/${"someone-else"}`, { token });
    expect(other.status).toBe(404);
    const before = epochSeconds(new Date());
    const out = await callApi("POST", `/api/auth/logout/${admin.userId}`, { token });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ msg: "Logged out" });
    expect((await callApi("GET", "/api/auth", { token })).status).toBe(401);
    const again = await callApi<{ token: string }>("POST", "/api/auth", {
      body: { email, password: TEST_PASSWORD },
    });
    expect((await callApi("GET", "/api/auth", { token: again.body.token })).status).toBe(200);
    expect((await getUser(admin.accountId, admin.userId)).tokensValidAfter).toBeGreaterThan(before);
  });
});

describe("unsubscribe", () => {
  it("unsubscribes with the signed value of the e-mail link and refuses a bare or forged user id", async () => {
    const { admin } = await anAccountWithAdmin();
    const bare = await callApi("POST", `/api/auth/unsubscribe-all-emails/${admin.userId}`);
    expect(bare.status).toBe(404);
    expect(bare.body).toMatchObject({ message: "This unsubscribe link is not valid" });
    const forged = await callApi(
      "POST",
      `/api/auth/unsubscribe-all-emails/${admin.userId}.${"x".repeat(43)}`,
    );
    expect(forged.status).toBe(404);
    expect(
      (await getUser(admin.accountId, admin.userId)).notificationPreferences?.unsubscribedAll,
    ).toBeUndefined();

    const signed = await unsubscribeToken(admin.userId);
    const answer = await callApi("POST", `/api/auth/unsubscribe-all-emails/${encodeURIComponent(signed)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ msg: "Unsubscribed from Emails" });
    expect((await findUserByEmail(admin.email))?.notificationPreferences?.unsubscribedAll).toBe(true);
  });

  it("lets the signed-in user subscribe again (and unsubscribe) from the settings, changing only their own choice", async () => {
    const { admin, token, account } = await anAccountWithAdmin();
    const colleague = await aUserIn(account.accountId, "Manager");
    await callApi(
      "POST",
      `/api/auth/unsubscribe-all-emails/${encodeURIComponent(await unsubscribeToken(admin.userId))}`,
    );
    await callApi(
      "POST",
      `/api/auth/unsubscribe-all-emails/${encodeURIComponent(await unsubscribeToken(colleague.user.userId))}`,
    );

    const again = await callApi<{ user: { notificationPreferences?: { unsubscribedAll?: boolean } } }>(
      "POST",
      "/api/auth/update-notification-preferences",
      { token, body: { unsubscribedAll: false } },
    );
    const bad = await callApi("POST", "/api/auth/update-notification-preferences", {
      token,
      body: { unsubscribedAll: "no" },
    });

    expect(again.status).toBe(200);
    expect(again.body.user.notificationPreferences?.unsubscribedAll).toBe(false);
    expect((await getUser(admin.accountId, admin.userId)).notificationPreferences?.unsubscribedAll).toBe(
      false,
    );
    expect(
      (await getUser(account.accountId, colleague.user.userId)).notificationPreferences?.unsubscribedAll,
    ).toBe(true);
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/auth", () => {
  it("renews the token when less than half of its hour is left", async () => {
    const { admin, account } = await anAccountWithAdmin();
    const { signSession } = await import("../lib/jwt.ts");
    const old = await signSession(admin.userId, account.accountId, new Date(Date.now() - 40 * 60 * 1000));
    const answer = await callApi<{ token?: string }>("GET", "/api/auth", { token: old });
    expect(answer.status).toBe(200);
    expect(answer.body.token).toBeTruthy();
    const fresh = await signSession(admin.userId, account.accountId);
    expect(
      (await callApi<{ token?: string }>("GET", "/api/auth", { token: fresh })).body.token,
    ).toBeUndefined();
  });
});
