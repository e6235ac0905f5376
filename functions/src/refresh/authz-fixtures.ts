import { aTrackerSeenBy } from "../../testing/tracker-builders.ts";
import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";

/**
 * The refresh calls on a tracker every member of the target world can see. Its connection is not
 * in the account, so no job is queued (the answer carries the tracker's `err`): the matrix checks
 * who may call, the refresh tests check the queueing.
 */
const trackerOf = async ({ target }: FixtureContext) => (await aTrackerSeenBy(target)).trackerId;

export const fixtures = defineFixtures({
  "POST /api/tracker/refresh-single-tracker-data": {
    request: async (ctx) => ({ body: { tracker: await trackerOf(ctx) } }),
  },
  "POST /api/tracker/update-single-tracker": {
    request: async (ctx) => ({
      body: {
        tracker: {
          _id: await trackerOf(ctx),
          filters: [
            {
              id: "campaignName",
              name: "Campaign name",
              type: "textBoxStringFilter",
              selection: [{ id: "text", name: "brand", applyFilter: true, filterString: "brand" }],
            },
          ],
        },
      },
    }),
  },
});
