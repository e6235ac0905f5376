import { aSharedBudgetIn, aTrackerSeenBy } from "../../testing/tracker-builders.ts";
import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";

/** A shared budget of the target world holding a tracker its Manager and Viewer see. */
async function budgetOf({ target }: FixtureContext) {
  const tracker = await aTrackerSeenBy(target);
  const budget = await aSharedBudgetIn(target.account.accountId, { trackers: [{ _id: tracker.trackerId }] });
  return { budget, tracker };
}

const form = (trackerId: string) => ({
  name: "Matrix budget",
  description: "",
  budget: 1_000_000_000,
  allocatedBudgetAsAPercentage: true,
  hasManualAllocationBeenSet: false,
  weekdaysOnly: false,
  trackers: [{ _id: trackerId }],
});

export const fixtures = defineFixtures({
  "POST /api/shared-budget/create-shared-budget": {
    crossAccount: false,
    request: async ({ own }) => ({ body: form((await aTrackerSeenBy(own)).trackerId) }),
  },
  "GET /api/shared-budget/get-shared-budget/{id}": {
    request: async (ctx) => ({ params: { id: (await budgetOf(ctx)).budget.sharedBudgetId } }),
  },
  "POST /api/shared-budget/update-single-shared-budget/{id}": {
    request: async (ctx) => {
      const { budget, tracker } = await budgetOf(ctx);
      return { params: { id: budget.sharedBudgetId }, body: form(tracker.trackerId) };
    },
  },
  "GET /api/shared-budget/delete-shared-budget/{id}": {
    request: async (ctx) => ({ params: { id: (await budgetOf(ctx)).budget.sharedBudgetId } }),
  },
  "GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}": {
    request: ({ target, caller, kind }) => ({
      params: {
        accountId: target.account.accountId,
        userId: kind === "own" && caller ? caller.user.userId : target.Admin.user.userId,
      },
    }),
  },
});
