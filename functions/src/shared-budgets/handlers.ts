import { sharedBudgetsContracts as api } from "../../contract/pods.ts";
import { reply, sessionRoute } from "../lib/http.ts";
import { etag, expectedVersion } from "../lib/if-match.ts";
import { assertOwnAccount, assertSelf } from "../lib/ownership.ts";
import {
  assertSameBudget,
  createSharedBudgetFor,
  deleteSharedBudgetFor,
  getSharedBudgetFor,
  listSharedBudgetsFor,
  SHARED_BUDGET_TEXTS,
  updateSharedBudgetFor,
} from "./use-cases.ts";

/**
 * The shared-budget calls (spec pods-budgets-alerts-users-connections.md section 7.2). The form is
 * core's `sharedBudgetFormSchema` ('Must provide a Budget Name', 'Must select at least 1 Tracker',
 * budget in micros, minimum 0, allocations adding up to no more than the budget) with allocations
 * that are each clamped rather than refused, and the users.
 */

/** `POST /api/shared-budget/create-shared-budget`: 201 `{ sharedBudget, msg: 'Shared Budget Created' }`. */
export const createSharedBudget = sessionRoute(
  api["POST /api/shared-budget/create-shared-budget"],
  async ({ body, session, now }) => {
    const sharedBudget = await createSharedBudgetFor(session, body, now);
    return reply(201, { sharedBudget, msg: SHARED_BUDGET_TEXTS.created }, etag(sharedBudget.version));
  },
);

/** `GET /api/shared-budget/get-shared-budget/{id}`: `{ sharedBudget }`. */
export const getSharedBudget = sessionRoute(
  api["GET /api/shared-budget/get-shared-budget/{id}"],
  async ({ params, session }) => {
    const sharedBudget = await getSharedBudgetFor(session, params.id);
    return reply(200, { sharedBudget }, etag(sharedBudget.version));
  },
);

/** `POST /api/shared-budget/update-single-shared-budget/{id}`: `{ sharedBudget, msg }`. */
export const updateSharedBudget = sessionRoute(
  api["POST /api/shared-budget/update-single-shared-budget/{id}"],
  async ({ params, body, session, event, now }) => {
    const { _id, ...form } = body;
    assertSameBudget(params.id, _id);
    const sharedBudget = await updateSharedBudgetFor(session, params.id, expectedVersion(event), form, now);
    return reply(200, { sharedBudget, msg: SHARED_BUDGET_TEXTS.updated }, etag(sharedBudget.version));
  },
);

/** `GET /api/shared-budget/delete-shared-budget/{id}`: `{ msg: 'Shared Budget successfully deleted' }`. */
export const deleteSharedBudget = sessionRoute(
  api["GET /api/shared-budget/delete-shared-budget/{id}"],
  async ({ params, session, event }) => {
    await deleteSharedBudgetFor(session, params.id, expectedVersion(event));
    return { msg: SHARED_BUDGET_TEXTS.deleted, _id: params.id };
  },
);

/** `GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}`: `{ sharedBudgets }` the caller may see. */
export const getSharedBudgets = sessionRoute(
  api["GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}"],
  async ({ params, session }) => {
    assertOwnAccount(session, params.accountId);
    assertSelf(session, params.userId);
    return { sharedBudgets: await listSharedBudgetsFor(session) };
  },
);
