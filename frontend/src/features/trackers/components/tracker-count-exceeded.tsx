import { TRACKER_ALLOWANCE_TEXTS, upgradeRoute } from "@pacer/core/tracker-allowance";
import { Button } from "../../../components/ui/button";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { useBillingPortal } from "../../../lib/billing";

/** The Enterprise text (the spec gives the rule, not the wording). */
export const ENTERPRISE_TEXT =
  "As your account has more than 75 trackers, please contact your account manager to move to an Enterprise tier.";

/**
 * The exceeded-count screen (spec trackers.md section 2, Create Tracker wizard): a progress bar of
 * allowed vs current trackers, 'You have exceeded your tracker count', 'Please upgrade your account
 * to get access to your dashboard'; above 75 trackers the account manager (Enterprise tier),
 * otherwise UPGRADE ACCOUNT opening a billing portal session for the account.
 */
export function TrackerCountExceeded({
  accountId,
  trackerCount,
  trackerAllowance,
}: {
  accountId: string;
  trackerCount: number;
  trackerAllowance: number;
}) {
  const billing = useBillingPortal(accountId);
  return (
    <section className="exceeded-screen" aria-labelledby="exceeded-title">
      <h2 id="exceeded-title">{TRACKER_ALLOWANCE_TEXTS.exceededTitle}</h2>
      <p>{TRACKER_ALLOWANCE_TEXTS.exceededBody}</p>
      <ProgressBar
        label="Trackers allowed"
        value={trackerAllowance}
        max={trackerCount}
        valueText={`${trackerAllowance} allowed, ${trackerCount} trackers`}
        tone="danger"
      />
      {upgradeRoute(trackerCount) === "accountManager" ? (
        <p>{ENTERPRISE_TEXT}</p>
      ) : (
        <Button variant="primary" onClick={() => billing.mutate()} isLoading={billing.isPending}>
          UPGRADE ACCOUNT
        </Button>
      )}
    </section>
  );
}
