import { createInvitation } from "@pacer/db";
import { aUniqueEmail, TEST_PASSWORD } from "../../testing/builders.ts";
import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";

const anInvite = async ({ target }: FixtureContext) => {
  const { token } = await createInvitation({
    accountId: target.account.accountId,
    userType: "Viewer",
    invitedBy: target.Admin.user.userId,
  });
  return { params: { accountId: target.account.accountId, userType: "Viewer" }, invite: token };
};

export const fixtures = defineFixtures({
  "POST /api/users/register-new-user-and-account": {
    request: () => ({
      body: {
        firstName: "Ada",
        secondName: "Lovelace",
        email: aUniqueEmail("full"),
        password: TEST_PASSWORD,
        companyName: "Engines",
      },
    }),
  },
  "POST /api/register/register-new-user-and-account": {
    request: () => ({ body: { email: aUniqueEmail("self") } }),
  },
  "POST /api/register/register-new-user-and-account-with-google": {
    ownStatus: 401,
    request: () => ({ body: { token: "not-a-google-id-token" } }),
  },
  "POST /api/register/register-new-user-after-invite/{accountId}/{userType}": {
    request: async (ctx) => {
      const { params, invite } = await anInvite(ctx);
      return {
        params,
        body: { invite, email: aUniqueEmail("invited"), name: "Invited", password: TEST_PASSWORD },
      };
    },
  },
  "POST /api/register/register-new-user-after-invite-with-google/{accountId}/{userType}": {
    ownStatus: 401,
    request: async (ctx) => {
      const { params, invite } = await anInvite(ctx);
      return { params, body: { invite, token: "not-a-google-id-token" } };
    },
  },
});
