import { canSeeTracker } from "@pacer/core/visibility";
import { listConnections, type Tracker } from "@pacer/db";
import { trackerView } from "../trackers/views.ts";
import { logger } from "./logger.ts";
import { type PushResult, postToConnections } from "./realtime.ts";
import { loadAccountJoins } from "./tracker-access.ts";

/**
 * Pushes a tracker's change to the open connections of its account whose user may see it
 * (trackers.md section 1: Admins all, Managers and Viewers their associated trackers, pod rule),
 * as `{ type: "tracker", tracker }` with `tracker` shaped like one row of get-trackers-by-account,
 * so the web app replaces the row in place. Reads nothing but the connections when nobody is
 * connected; otherwise the account's pods, shared budgets and users (three queries) for the row's
 * joins and the visibility rule. Best effort: never throws.
 */
export async function pushTrackerChange(tracker: Tracker): Promise<PushResult> {
  const none = { posted: 0, gone: 0, failed: 0 };
  if (!process.env.WS_MANAGEMENT_ENDPOINT) return none;
  try {
    const connections = await listConnections(tracker.accountId);
    if (connections.length === 0) return none;
    const joins = await loadAccountJoins(tracker.accountId);
    const pod = joins.podOf.get(tracker.trackerId);
    const audience = connections.filter((c) => {
      const user = joins.users.get(c.userId);
      return user !== undefined && canSeeTracker(user, tracker, pod);
    });
    return await postToConnections(audience, {
      type: "tracker",
      tracker: trackerView(tracker, joins, "list"),
    });
  } catch (error) {
    logger.warn("Tracker push failed", {
      accountId: tracker.accountId,
      trackerId: tracker.trackerId,
      errorName: error instanceof Error ? error.name : "Error",
    });
    return { ...none, failed: 1 };
  }
}
