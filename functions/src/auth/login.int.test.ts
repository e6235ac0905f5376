import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, TEST_PASSWORD } from "../../testing/builders.ts";

describe("POST /api/auth and GET /api/auth", () => {
  it("logs in with a lower-cased e-mail and answers a token that loads the user with the account", async () => {
    const { email, account } = await anAccountWithAdmin({ name: "Login Co" });

    const login = await callApi<{ token: string; user: { email: string; passwordHash?: string } }>(
      "POST",
      "/api/auth",
      {
        body: { email: email.toUpperCase(), password: TEST_PASSWORD },
      },
    );
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(email);
    expect(login.body.user).not.toHaveProperty("passwordHash");

    const me = await callApi<{ user: { _id: string; account: { _id: string; name: string } } }>(
      "GET",
      "/api/auth",
      {
        token: login.body.token,
      },
    );
    expect(me.status).toBe(200);
    expect(me.body.user.account).toMatchObject({ _id: account.accountId, name: "Login Co" });
  });

  it("answers the same 401 and message for a wrong password and for an unknown e-mail", async () => {
    const { email } = await anAccountWithAdmin();
    const wrong = await callApi("POST", "/api/auth", { body: { email, password: "wrong-password" } });
    const unknown = await callApi("POST", "/api/auth", {
      body: { email: `nobody-${email}`, password: "whatever1" },
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: "Incorrect Password, please check and try again" });
    }
  });

  it("refuses a body with a server-owned field and names it", async () => {
    const { email } = await anAccountWithAdmin();
    const answer = await callApi("POST", "/api/auth", {
      body: { email, password: TEST_PASSWORD, userType: "Admin" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: "Unknown field in body: userType" });
  });
});
