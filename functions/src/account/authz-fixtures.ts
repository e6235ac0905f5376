import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";

const accountOf = ({ target }: FixtureContext) => ({ accountId: target.account.accountId });

export const fixtures = defineFixtures({
  "GET /api/account/get-account/{accountId}": { request: (ctx) => ({ params: accountOf(ctx) }) },
  "GET /api/account/get-account-users/{accountId}": { request: (ctx) => ({ params: accountOf(ctx) }) },
  "GET /api/account/get-account-admins/{accountId}": { request: (ctx) => ({ params: accountOf(ctx) }) },
  "POST /api/account/update-name/{accountId}": {
    request: (ctx) => ({ params: accountOf(ctx), body: { name: "Renamed Agency" } }),
  },
  "POST /api/account/update-account-currency/{accountId}": {
    request: (ctx) => ({ params: accountOf(ctx), body: { currency: "EUR" } }),
  },
  "POST /api/account/update-address/{accountId}": {
    request: (ctx) => ({ params: accountOf(ctx), body: { address: "1 High Street, London" } }),
  },
  "POST /api/account/update-column-ordering": {
    crossAccount: false,
    request: () => ({ body: { columnsOrder: [{ id: "name" }, { id: "budget" }] } }),
  },
  "POST /api/account/toggle-show-account-totals/{accountId}": {
    request: (ctx) => ({ params: accountOf(ctx) }),
  },
});
