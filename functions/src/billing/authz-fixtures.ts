import { defineFixtures } from "../authz/fixture.ts";

export const fixtures = defineFixtures({
  "POST /api/stripe/start-stripe-billing-portal-session/{accountId}": {
    request: ({ target }) => ({ params: { accountId: target.account.accountId } }),
  },
});
