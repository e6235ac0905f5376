import type { ScheduledEvent } from "aws-lambda";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";
import { observedHandler } from "../lib/observed-handler.ts";
import { runRefreshScheduler, type SchedulerSummary } from "./scheduler.ts";

/**
 * The `refresh-scheduler` group: the target of the `refresh-scheduler` schedule
 * (functions/resources.ts, every 5 minutes; locally the runtime's timer). See `scheduler.ts`.
 */
export const handler = observedHandler(async function scheduleRefreshes(
  event: Pick<ScheduledEvent, "time">,
): Promise<SchedulerSummary> {
  // The event's time has whole seconds only: an account due a moment before it is still due.
  const scheduled = event.time ? Date.parse(event.time) : Number.NaN;
  const now = new Date(Number.isFinite(scheduled) ? Math.max(scheduled, Date.now()) : Date.now());
  return runRefreshScheduler(now, { evaluateAlerts: evaluateAlertsForAccount });
});
