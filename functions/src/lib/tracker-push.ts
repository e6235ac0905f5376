import { canSeeTracker } from "@pacer/core/visibility";
import { listConnections, type Tracker, type WebSocketConnection } from "@pacer/db";
import { trackerView } from "../trackers/views.ts";
import { logger } from "./logger.ts";
import { type PushResult, postToConnections } from "./realtime.ts";
import { sharedPromises } from "./shared-promise.ts";
import { type AccountJoins, loadAccountJoins } from "./tracker-access.ts";

/** Who a tracker push can reach in an account: its open connections and, when any, its joins. */
interface Audience {
  connections: WebSocketConnection[];
  /** The account's pods, shared budgets and users (read only when a connection is open). */
  joins?: AccountJoins;
}

/** Reads an account's open connections and, when any is open, its joins (three queries). */
async function readAudience(accountId: string): Promise<Audience> {
  const connections = await listConnections(accountId);
  if (connections.length === 0) return { connections };
  return { connections, joins: await loadAccountJoins(accountId) };
}

/**
 * The pushes of one refresh batch (one worker invocation, seconds long): each account's open
 * connections and joins are read once, by the batch's first push to the account, instead of once
 * per job (a batch's ten jobs usually share an account). A connection opened during the batch gets
 * the batch's later pushes only from the next batch on (the web app re-reads the list when it
 * connects, and on its own timers). A failed read is not kept: the next push reads again.
 */
export class TrackerPushBatch {
  /** The account's audience, read at the first call of the batch. */
  readonly audience: (accountId: string) => Promise<Audience> = sharedPromises(
    readAudience,
    (accountId) => accountId,
  );
}

/**
 * Pushes a tracker's change to the open connections of its account whose user may see it
 * (trackers.md section 1: Admins all, Managers and Viewers their associated trackers, pod rule),
 * as `{ type: "tracker", tracker }` with `tracker` shaped like one row of get-trackers-by-account,
 * so the web app replaces the row in place. Reads nothing but the connections when nobody is
 * connected; otherwise the account's pods, shared budgets and users (three queries) for the row's
 * joins and the visibility rule; with a {@link TrackerPushBatch}, those reads are the batch's (once
 * per account and batch). Best effort: never throws.
 */
export async function pushTrackerChange(tracker: Tracker, batch?: TrackerPushBatch): Promise<PushResult> {
  const none = { posted: 0, gone: 0, failed: 0 };
  if (!process.env.WS_MANAGEMENT_ENDPOINT) return none;
  try {
    const { connections, joins } = await (batch?.audience(tracker.accountId) ??
      readAudience(tracker.accountId));
    if (connections.length === 0 || !joins) return none;
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
