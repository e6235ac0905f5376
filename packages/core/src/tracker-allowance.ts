/**
 * The tracker allowance (trackers.md sections 2, 5 and 9): its texts, the create-tracker wizard's
 * check and the dashboard's exceeded-count rule. Apart from validation.ts (which re-exports it all)
 * because it needs no schema: the dashboard reads it on its first screen, which does not load zod.
 */

/** The allowance texts (trackers.md sections 2 and 5), verbatim. */
export const TRACKER_ALLOWANCE_TEXTS = {
  select:
    "You will exceeds your allocated tracker count with this tracker, upgrade your account to increase your tracker allocation",
  selectAll:
    "The selected trackers exceeds your allocated tracker count, upgrade your account to increase your tracker allocation",
  exceededButton: "Tracker count exceeded",
  exceededTitle: "You have exceeded your tracker count",
  exceededBody: "Please upgrade your account to get access to your dashboard",
} as const;

/** Above this many trackers the upgrade goes through the account manager (Enterprise tier). */
export const ENTERPRISE_TRACKER_THRESHOLD = 75;

/** The result of an allowance check: ok, or blocked with the text to show. */
export type AllowanceCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether choosing accounts in the create-tracker wizard stays within the allowance (trackers.md
 * section 5): blocked when existing trackers plus the chosen accounts (after this pick) exceed
 * trackerAllowance. `selectAll` picks the select-all text.
 */
export function checkTrackerAllowance(
  existingCount: number,
  chosenCount: number,
  trackerAllowance: number,
  selectAll = false,
): AllowanceCheck {
  if (existingCount + chosenCount <= trackerAllowance) return { ok: true };
  return {
    ok: false,
    message: selectAll ? TRACKER_ALLOWANCE_TEXTS.selectAll : TRACKER_ALLOWANCE_TEXTS.select,
  };
}

/** The tracker count is above the allowance: the dashboard shows the exceeded-count screen. */
export function isTrackerCountExceeded(trackerCount: number, trackerAllowance: number): boolean {
  return trackerCount > trackerAllowance;
}

/**
 * How the exceeded-count screen offers an upgrade (trackers.md section 2): above 75 trackers through
 * the account manager (Enterprise tier), otherwise the billing portal. Decision: "trackers" is the
 * account's current tracker count.
 */
export function upgradeRoute(trackerCount: number): "accountManager" | "billingPortal" {
  return trackerCount > ENTERPRISE_TRACKER_THRESHOLD ? "accountManager" : "billingPortal";
}
