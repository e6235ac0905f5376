import { refreshContracts as api } from "../../contract/refresh.ts";
import { reply, sessionRoute } from "../lib/http.ts";
import { etag, expectedVersion } from "../lib/if-match.ts";
import { refreshTrackerFor, updateTrackerFiltersFor } from "./use-cases.ts";

/**
 * The on-demand refresh calls (trackers.md section 7); see functions/README.md for the contract.
 * Both answer `{ tracker }` (the detail shape of get-tracker, 'Currently Updating') with its version
 * as the etag.
 */

/** `POST /api/tracker/refresh-single-tracker-data`: queues the tracker's data refresh. */
export const refreshSingleTrackerData = sessionRoute(
  api["POST /api/tracker/refresh-single-tracker-data"],
  async ({ body, session, now }) => {
    const tracker = await refreshTrackerFor(session, body.tracker, now);
    return reply(200, { tracker }, etag(tracker.version));
  },
);

/** `POST /api/tracker/update-single-tracker`: stores the filters and refreshes the tracker's data. */
export const updateSingleTracker = sessionRoute(
  api["POST /api/tracker/update-single-tracker"],
  async ({ body, session, event, now }) => {
    const tracker = await updateTrackerFiltersFor(
      session,
      body.tracker._id,
      body.tracker.filters,
      expectedVersion(event),
      now,
    );
    return reply(200, { tracker }, etag(tracker.version));
  },
);
