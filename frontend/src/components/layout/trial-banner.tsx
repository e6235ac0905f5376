import { useEffect, useState } from "react";
import { trialCountdown, trialCountdownText } from "../../lib/trial";

/** Re-reads the clock every minute so the countdown moves from days to hours to expired. */
function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * The sidebar's free-trial banner (spec overview-access-account.md 2.13): days left, hours left when
 * less than a day remains, expired after the end date. A click opens the billing portal.
 */
export function TrialBanner({
  endDate,
  onUpgrade,
  busy,
}: {
  endDate: string;
  onUpgrade: () => void;
  busy?: boolean;
}) {
  const now = useNow();
  const countdown = trialCountdown(endDate, now);
  return (
    <button
      type="button"
      className={`trial-banner ${countdown.kind === "expired" ? "trial-banner-expired" : ""}`}
      onClick={onUpgrade}
      disabled={busy}
    >
      <span>{trialCountdownText(countdown)}</span>
      <small>Upgrade your account</small>
    </button>
  );
}
