/**
 * The free trial (spec overview-access-account.md 2.13 and 4): blocked once freeTrialEndDate has
 * passed; the sidebar banner counts down in days, and in hours when less than one day remains.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type TrialCountdown =
  | { kind: "days"; value: number }
  | { kind: "hours"; value: number }
  | { kind: "expired" };

/** Whether the trial of an account is over at `now`. Accounts not on a trial are never blocked. */
export function isTrialExpired(
  account: { freeTrial?: boolean; freeTrialEndDate?: string | null },
  now: number = Date.now(),
): boolean {
  if (!account.freeTrial || !account.freeTrialEndDate) return false;
  const end = Date.parse(account.freeTrialEndDate);
  return Number.isFinite(end) && end <= now;
}

/**
 * The countdown at `now`: whole days left (rounded up, so a fresh 14-day trial reads 14), or whole
 * hours left (rounded up) when less than 24 hours remain, or expired.
 */
export function trialCountdown(endDate: string, now: number = Date.now()): TrialCountdown {
  const left = Date.parse(endDate) - now;
  if (!Number.isFinite(left) || left <= 0) return { kind: "expired" };
  if (left < DAY_MS) return { kind: "hours", value: Math.ceil(left / HOUR_MS) };
  return { kind: "days", value: Math.ceil(left / DAY_MS) };
}

/** The banner text for a countdown. */
export function trialCountdownText(countdown: TrialCountdown): string {
  if (countdown.kind === "expired") return "Your free trial has expired";
  const unit = countdown.kind === "days" ? "day" : "hour";
  return `${countdown.value} ${unit}${countdown.value === 1 ? "" : "s"} left of your free trial`;
}
