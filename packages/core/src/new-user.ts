/**
 * The 12-hour rule (spec trackers.md sections 4 and 9): for a user registered less than 12 hours
 * ago, a budget or lifetime change refreshes the tracker's data right away (the server queues the
 * refresh; the web app tells the user it will). One rule for both sides.
 */

/** How long after registration a user counts as new: 12 hours, in milliseconds. */
export const NEW_USER_REFRESH_WINDOW_MS = 12 * 60 * 60 * 1000;

/**
 * True when the user registered less than 12 hours before `now`; false when `registrationDate` (ISO
 * 8601) is missing or not a date.
 */
export function isNewUser(user: { registrationDate: string }, now: Date): boolean {
  const registered = Date.parse(user.registrationDate);
  return Number.isFinite(registered) && now.getTime() - registered < NEW_USER_REFRESH_WINDOW_MS;
}
