import { aPodIn, aTrackerSeenBy } from "../../testing/tracker-builders.ts";
import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";

/** A pod of the target world listing its Manager and Viewer, with a tracker they see. */
async function podOf({ target }: FixtureContext) {
  const tracker = await aTrackerSeenBy(target);
  const pod = await aPodIn(target.account.accountId, {
    trackers: [tracker.trackerId],
    users: [target.Manager.user.userId, target.Viewer.user.userId],
  });
  return { pod, tracker };
}

export const fixtures = defineFixtures({
  "POST /api/pod/create-pod": {
    crossAccount: false,
    request: async ({ own }) => ({
      body: { name: "Matrix pod", trackers: [(await aTrackerSeenBy(own)).trackerId] },
    }),
  },
  "GET /api/pod/get-pod/{id}": { request: async (ctx) => ({ params: { id: (await podOf(ctx)).pod.podId } }) },
  "POST /api/pod/update-single-pod/{id}": {
    request: async (ctx) => {
      const { pod, tracker } = await podOf(ctx);
      return {
        params: { id: pod.podId },
        body: { name: "Renamed", trackers: [tracker.trackerId], users: pod.users },
      };
    },
  },
  "GET /api/pod/delete-pod/{id}": {
    request: async (ctx) => ({ params: { id: (await podOf(ctx)).pod.podId } }),
  },
  "GET /api/pods/get-pods/{accountId}/{userId}": {
    request: ({ target, caller, kind }) => ({
      params: {
        accountId: target.account.accountId,
        userId: kind === "own" && caller ? caller.user.userId : target.Admin.user.userId,
      },
    }),
  },
});
