import { podFormSchema, sharedBudgetFormSchema } from "@pacer/core";
import * as z from "zod";
import { idSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";
import { deletedAnswer, podViewSchema, sharedBudgetViewSchema } from "./views.ts";

/**
 * The pod and shared-budget calls (spec pods-budgets-alerts-users-connections.md 7.1 and 7.2). The
 * forms' rules and texts are `@pacer/core`'s (podFormSchema, sharedBudgetFormSchema). Every answer
 * with a pod or budget carries its `version` (also the `etag` header); updates and deletes honour
 * `if-match`.
 */

const idParams = /* @__PURE__ */ z.lazy(() => z.object({ id: idSchema }));
const listParams = /* @__PURE__ */ z.lazy(() => z.object({ accountId: idSchema, userId: idSchema }));

const podForm = /* @__PURE__ */ z.lazy(() =>
  podFormSchema.extend({
    trackers: z.array(idSchema).min(1, "Must select at least 1 tracker").max(2000),
    users: z.array(idSchema).max(500).default([]),
  }),
);

/** A tracker of a shared budget with its allocation (percent, or money in micros). */
const allocationSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      _id: idSchema,
      /** Percent; clamped to 0..100. */
      budgetAllocation: z.number().finite().nullable().optional(),
      /** Micros; clamped to 0..budget. */
      budgetAllocationMoney: z.number().finite().nullable().optional(),
    })
    .strict(),
);

const sharedBudgetForm = /* @__PURE__ */ z.lazy(() =>
  sharedBudgetFormSchema.safeExtend({
    trackers: z.array(allocationSchema).min(1, "Must select at least 1 Tracker").max(2000),
    users: z.array(idSchema).max(500).default([]),
  }),
);

export const podsContracts = routeContracts({
  "POST /api/pod/create-pod": () => ({
    body: podForm,
    answer: z.object({ pod: podViewSchema, msg: z.string() }),
    status: 201,
  }),
  "GET /api/pod/get-pod/{id}": () => ({ params: idParams, answer: z.object({ pod: podViewSchema }) }),
  "POST /api/pod/update-single-pod/{id}": () => ({
    params: idParams,
    body: podForm.unwrap().extend({ _id: idSchema.optional() }),
    answer: z.object({ pod: podViewSchema, msg: z.string() }),
  }),
  "GET /api/pod/delete-pod/{id}": () => ({ params: idParams, answer: deletedAnswer }),
  "GET /api/pods/get-pods/{accountId}/{userId}": () => ({
    params: listParams,
    answer: z.object({ pods: z.array(podViewSchema) }),
  }),
});

export const sharedBudgetsContracts = routeContracts({
  "POST /api/shared-budget/create-shared-budget": () => ({
    body: sharedBudgetForm,
    answer: z.object({ sharedBudget: sharedBudgetViewSchema, msg: z.string() }),
    status: 201,
  }),
  "GET /api/shared-budget/get-shared-budget/{id}": () => ({
    params: idParams,
    answer: z.object({ sharedBudget: sharedBudgetViewSchema }),
  }),
  "POST /api/shared-budget/update-single-shared-budget/{id}": () => ({
    params: idParams,
    body: sharedBudgetForm.unwrap().extend({ _id: idSchema.optional() }),
    answer: z.object({ sharedBudget: sharedBudgetViewSchema, msg: z.string() }),
  }),
  "GET /api/shared-budget/delete-shared-budget/{id}": () => ({ params: idParams, answer: deletedAnswer }),
  "GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}": () => ({
    params: listParams,
    answer: z.object({ sharedBudgets: z.array(sharedBudgetViewSchema) }),
  }),
});
