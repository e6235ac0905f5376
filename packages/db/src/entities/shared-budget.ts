import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A shared budget: one monthly money budget shared by several trackers, each taking an allocation
 * (spec pods-budgets-alerts-users-connections.md section 3). Like pods, it is the one record of its
 * trackers: a tracker's `sharedBudgetId` is joined at read time. A tracker is in at most one.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `SHAREDBUDGET#<sharedBudgetId>` (one; all of an
 *   account with `begins_with SHAREDBUDGET#`).
 */
export const buildSharedBudgetEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "sharedBudget", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        sharedBudgetId: { type: "string", required: true, readOnly: true },
        name: { type: "string", required: true },
        description: { type: "string", required: true, default: "" },
        /** Total monthly budget in micros. */
        budget: { type: "number", required: true },
        allocatedBudgetAsAPercentage: { type: "boolean", required: true },
        hasManualAllocationBeenSet: { type: "boolean", required: true, default: false },
        weekdaysOnly: { type: "boolean", required: true, default: false },
        /** `[{ _id, budgetAllocation (percent 0..100), budgetAllocationMoney (micros 0..budget) }]`, clamped. */
        trackers: {
          type: "list",
          required: true,
          items: {
            type: "map",
            properties: {
              _id: { type: "string", required: true },
              budgetAllocation: { type: "number" },
              budgetAllocationMoney: { type: "number" },
            },
          },
        },
        users: { type: "list", items: { type: "string" }, required: true, default: () => [] },
        ownerId: { type: "string", required: true, readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
        version: { type: "number", required: true, default: 1 },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: {
            field: KEYS.sk,
            composite: ["sharedBudgetId"],
            template: "SHAREDBUDGET#${sharedBudgetId}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildSharedBudgetEntity} builds (its items' type: `EntityItem<SharedBudgetEntity>`). */
export type SharedBudgetEntity = ReturnType<typeof buildSharedBudgetEntity>;
