import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";
import { signTicket } from "../lib/jwt.ts";

const ticketOf = async ({ target }: FixtureContext) =>
  signTicket("billing", { userId: target.Admin.user.userId, accountId: target.account.accountId }, 900);

export const fixtures = defineFixtures({
  "POST /api/stripe/start-stripe-billing-portal-session/{accountId}": {
    request: ({ target }) => ({ params: { accountId: target.account.accountId } }),
  },
  "GET /api/stripe/local-billing-portal/{ticket}": {
    request: async (ctx) => ({ params: { ticket: await ticketOf(ctx) } }),
  },
  "POST /api/stripe/local-billing-portal/{ticket}": {
    // The page's form post answers 303 back to the page.
    ownStatus: 303,
    request: async (ctx) => ({
      params: { ticket: await ticketOf(ctx) },
      rawBody: Buffer.from("action=extend"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  },
});
