import { getAccount, putIntegration, updateAccount } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aUserIn, aWorld } from "../../testing/builders.ts";

describe("account calls", () => {
  it("get-account answers the account with its connections and their warnings, without billing ids", async () => {
    const { account, Viewer } = await aWorld({ name: "Acme" });
    await putIntegration({
      accountId: account.accountId,
      slug: "googleads",
      email: "ads@acme.test",
      name: "Google Ads",
      connectedAt: new Date().toISOString(),
      hasRefreshToken: false,
    });
    const answer = await callApi<{ account: Record<string, unknown> }>(
      "GET",
      `/api/account/get-account/${account.accountId}`,
      {
        token: Viewer.token,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.account).toMatchObject({
      _id: account.accountId,
      name: "Acme",
      currency: "GBP",
      integrations: [{ slug: "googleads", email: "ads@acme.test" }],
      integrationWarnings: [
        {
          slug: "googleads",
          status: "danger",
          message: "Missing Refresh Token, please remove and re-add this connection",
        },
      ],
    });
    expect(answer.body.account).not.toHaveProperty("stripeCustomerId");
    expect(answer.body.account).not.toHaveProperty("version");
  });

  it("get-account-users lists every user without secrets", async () => {
    const world = await aWorld();
    const answer = await callApi<{ users: Array<Record<string, unknown>> }>(
      "GET",
      `/api/account/get-account-users/${world.account.accountId}`,
      { token: world.Manager.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.users.map((u) => u.userType).sort()).toEqual(["Admin", "Manager", "Viewer", "Viewer"]);
    for (const u of answer.body.users) {
      expect(u).not.toHaveProperty("passwordHash");
      expect(u).not.toHaveProperty("tokensValidAfter");
    }
  });

  it("get-account-admins names the account's own Admins and nothing else, also after the trial ended", async () => {
    const world = await aWorld();
    const other = await aWorld();
    const second = await aUserIn(world.account.accountId, "Admin", "Second Admin");
    await updateAccount(world.account.accountId, () => ({
      freeTrial: true,
      freeTrialEndDate: new Date(Date.now() - 60_000).toISOString(),
    }));
    const path = `/api/account/get-account-admins/${world.account.accountId}`;

    const answer = await callApi<{ admins: Array<Record<string, unknown>> }>("GET", path, {
      token: world.Viewer.token,
    });
    const foreign = await callApi("GET", `/api/account/get-account-admins/${other.account.accountId}`, {
      token: world.Manager.token,
    });
    const usersAfterTrial = await callApi(
      "GET",
      `/api/account/get-account-users/${world.account.accountId}`,
      {
        token: world.Manager.token,
      },
    );

    expect(answer.status).toBe(200);
    expect(answer.body.admins).toEqual(
      expect.arrayContaining([{ name: world.Admin.user.name }, { name: second.user.name }]),
    );
    expect(answer.body.admins).toHaveLength(2);
    expect(JSON.stringify(answer.body)).not.toContain(world.Admin.email);
    expect(foreign.status).toBe(404);
    expect(usersAfterTrial.status).toBe(402);
  });

  it("the Admin updates name, currency, address, column ordering and totals; the account's version grows", async () => {
    const { account, Admin } = await aWorld();
    const id = account.accountId;
    const token = Admin.token;
    const calls: Array<[string, unknown, string]> = [
      [`/api/account/update-name/${id}`, { name: "New Name" }, "Account name updated"],
      [`/api/account/update-account-currency/${id}`, { currency: "xau" }, "Currency updated"],
      [`/api/account/update-address/${id}`, { address: "1 High St" }, "Address updated"],
      [
        "/api/account/update-column-ordering",
        { columnsOrder: [{ id: "budget" }, { id: "name" }, { id: "budget" }] },
        "Column ordering updated",
      ],
      [`/api/account/toggle-show-account-totals/${id}`, undefined, "Show Table Totals Updated"],
    ];
    for (const [path, body, msg] of calls) {
      const answer = await callApi("POST", path, { token, ...(body === undefined ? {} : { body }) });
      expect(answer.status, path).toBe(200);
      expect(answer.body).toMatchObject({ msg });
    }
    const stored = await getAccount(id);
    expect(stored).toMatchObject({
      name: "New Name",
      currency: "XAU",
      address: "1 High St",
      columnsOrder: ["budget", "name"],
      showTableTotals: true,
      version: account.version + 5,
    });
    const set = await callApi("POST", `/api/account/toggle-show-account-totals/${id}`, {
      token,
      body: { showTableTotals: true },
    });
    expect(set.body).toMatchObject({ account: { showTableTotals: true } });
  });

  it("refuses another account's id with 404, a Manager with 403, and server-owned fields with 400, changing nothing", async () => {
    const mine = await aWorld({ name: "Mine" });
    const theirs = await aWorld({ name: "Theirs" });
    const foreign = await callApi("POST", `/api/account/update-name/${theirs.account.accountId}`, {
      token: mine.Admin.token,
      body: { name: "Taken over" },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: "Account not found" });
    const manager = await callApi("POST", `/api/account/update-name/${mine.account.accountId}`, {
      token: mine.Manager.token,
      body: { name: "Manager's" },
    });
    expect(manager.status).toBe(403);
    const owned = await callApi("POST", `/api/account/update-name/${mine.account.accountId}`, {
      token: mine.Admin.token,
      body: { name: "X", trackerAllowance: 1000 },
    });
    expect(owned.status).toBe(400);
    expect(owned.body).toMatchObject({ message: "Unknown field in body: trackerAllowance" });
    const empty = await callApi("POST", `/api/account/update-name/${mine.account.accountId}`, {
      token: mine.Admin.token,
      body: { name: " " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: "body.name: Name is required", field: "body.name" });
    expect((await getAccount(theirs.account.accountId)).name).toBe("Theirs");
    expect(await getAccount(mine.account.accountId)).toMatchObject({ name: "Mine", trackerAllowance: 30 });
  });
});
