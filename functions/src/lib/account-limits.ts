import { secondsLeftInWindow } from "@pacer/db";
import { type AccountLimit, accountLimitFor } from "../../policy.ts";
import { AppError } from "./errors.ts";
import { withinLimit } from "./throttle.ts";

/** The 429 of a call over its account's limit: what was limited, the limit, and the real wait. */
function accountLimitReached(limit: AccountLimit, retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const window = Math.round(limit.windowSeconds / 60);
  return new AppError(
    "TOO_MANY_REQUESTS",
    `Your account has reached its limit of ${limit.max} ${limit.what} every ${window} minutes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
}

/**
 * Counts one call of a route under a per-account limit (`LIMITED_ROUTES` of the policy table)
 * against the caller's account, in the table (so the count holds across every Lambda), and refuses
 * it once the account is over the limit of the current window. Routes without a limit cost nothing.
 * @throws AppError TOO_MANY_REQUESTS (429) with `retry-after`: the seconds until the window ends.
 */
export async function enforceAccountLimit(routeKey: string, accountId: string, now: Date): Promise<void> {
  const limit = accountLimitFor(routeKey);
  if (!limit || (await withinLimit(limit, accountId, now))) return;
  throw accountLimitReached(limit, secondsLeftInWindow(limit.windowSeconds, now));
}
