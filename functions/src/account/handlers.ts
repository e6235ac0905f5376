import { listIntegrations, listUsers, updateAccount } from "@pacer/db";
import { accountContracts as api } from "../../contract/account.ts";
import { sessionRoute } from "../lib/http.ts";
import { assertOwnAccount } from "../lib/ownership.ts";
import { accountView, memberView } from "../lib/views.ts";

/**
 * The account calls (spec overview-access-account.md 7.3). The `{accountId}` path parameter must be
 * the caller's own account (another id answers 404); the account written is always the token's.
 * Writes are read-modify-write with optimistic locking on the account's `version`.
 */

/** `GET /api/account/get-account/{accountId}`: `{ account }` with its connections and their warnings. */
export const getAccount = sessionRoute(
  api["GET /api/account/get-account/{accountId}"],
  async ({ params, session, now }) => {
    assertOwnAccount(session, params.accountId);
    const integrations = await listIntegrations(session.accountId);
    return { account: accountView(session.account, integrations, now) };
  },
);

/**
 * `GET /api/account/get-account-users/{accountId}`: `{ users: [{ _id, name, email, userType, avatar,
 * registrationDate }] }`, every user of the account including the caller (the users page leaves the
 * caller out itself).
 */
export const getAccountUsers = sessionRoute(
  api["GET /api/account/get-account-users/{accountId}"],
  async ({ params, session }) => {
    assertOwnAccount(session, params.accountId);
    const users = await listUsers(session.accountId);
    return { users: users.map(memberView) };
  },
);

/**
 * `GET /api/account/get-account-admins/{accountId}` (any role, also after the trial ended):
 * `{ admins: [{ name }] }`, the names of the account's Admins and nothing else, so the expired-trial
 * screen (spec 2.13) can tell a Manager or Viewer whom to ask for the upgrade. No e-mail, id or role
 * of anyone leaves; an Admin without a name is `{ name: "" }`.
 */
export const getAccountAdmins = sessionRoute(
  api["GET /api/account/get-account-admins/{accountId}"],
  async ({ params, session }) => {
    assertOwnAccount(session, params.accountId);
    const users = await listUsers(session.accountId);
    return { admins: users.filter((u) => u.userType === "Admin").map((u) => ({ name: u.name })) };
  },
);

/** `POST /api/account/update-name/{accountId}`: `{ name }` -> `{ msg, account }`. */
export const updateName = sessionRoute(
  api["POST /api/account/update-name/{accountId}"],
  async ({ params, body, session }) => {
    assertOwnAccount(session, params.accountId);
    const account = await updateAccount(session.accountId, () => ({ name: body.name }));
    return { msg: "Account name updated", account: accountView(account) };
  },
);

/** `POST /api/account/update-account-currency/{accountId}`: `{ currency }` (ISO 4217) -> `{ msg, account }`. */
export const updateAccountCurrency = sessionRoute(
  api["POST /api/account/update-account-currency/{accountId}"],
  async ({ params, body, session }) => {
    assertOwnAccount(session, params.accountId);
    const account = await updateAccount(session.accountId, () => ({ currency: body.currency }));
    return { msg: "Currency updated", account: accountView(account) };
  },
);

/** `POST /api/account/update-address/{accountId}`: `{ address }` (core `freeText` description: up to 2,000 characters, lines allowed). */
export const updateAddress = sessionRoute(
  api["POST /api/account/update-address/{accountId}"],
  async ({ params, body, session }) => {
    assertOwnAccount(session, params.accountId);
    const account = await updateAccount(session.accountId, () => ({ address: body.address }));
    return { msg: "Address updated", account: accountView(account) };
  },
);

/**
 * `POST /api/account/update-column-ordering`: `{ columnsOrder: [{ id }] }` (spec: a list of objects
 * with id; stored as the list of ids, duplicates dropped) -> `{ msg, account }`.
 */
export const updateColumnOrdering = sessionRoute(
  api["POST /api/account/update-column-ordering"],
  async ({ body, session }) => {
    const columnsOrder = [...new Set(body.columnsOrder.map((c) => c.id))];
    const account = await updateAccount(session.accountId, () => ({ columnsOrder }));
    return { msg: "Column ordering updated", account: accountView(account) };
  },
);

/**
 * `POST /api/account/toggle-show-account-totals/{accountId}`: no body (or `{}`) flips the footer
 * totals; `{ showTableTotals: boolean }` sets them. -> `{ msg: 'Show Table Totals Updated', account }`.
 * (The spec's client sends "the account": only this one field of it is accepted.)
 */
export const toggleShowAccountTotals = sessionRoute(
  api["POST /api/account/toggle-show-account-totals/{accountId}"],
  async ({ params, body, session }) => {
    assertOwnAccount(session, params.accountId);
    const account = await updateAccount(session.accountId, (current) => ({
      showTableTotals: body?.showTableTotals ?? !current.showTableTotals,
    }));
    return { msg: "Show Table Totals Updated", account: accountView(account) };
  },
);
