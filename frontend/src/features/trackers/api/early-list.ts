import { seg } from "../../../lib/api-client";
import { startEarlyGet } from "../../../lib/early-request";

/**
 * The dashboard's first list request, started by the SPA entry before the rest of the app is
 * evaluated (app/early-requests.ts): this module imports nothing heavier than the API client.
 */

/** Tracker request time-out (spec trackers.md section 9). */
export const TRACKERS_TIMEOUT_MS = 27_500;

/** `get-trackers-by-account` for one account (the first load; spec section 9). */
export const listPath = (accountId: string) => `/api/trackers/get-trackers-by-account/${seg(accountId)}`;

/**
 * Rows of the list's first page asked for beside the whole list (the spec's largest page: 100 rows,
 * trackers.md section 2 'Page size'), so the first rows show from a small answer while the whole
 * list is still on its way.
 */
export const FIRST_PAGE_ROWS = 100;

/** `get-trackers-by-account?first=N`: the list's first page and the whole list's `total`. */
export const firstPagePath = (accountId: string) => `${listPath(accountId)}?first=${FIRST_PAGE_ROWS}`;

/** Where the browser remembers the account whose list it loaded last (an id, nothing secret). */
export const LAST_ACCOUNT_KEY = "pacer.lastTrackerListAccount";

/** The early requests' slots (lib/early-request.ts): the whole list, and its first page. */
export const EARLY_SLOT = "trackers";
export const EARLY_FIRST_PAGE_SLOT = "trackers-first";

/**
 * Starts the first list requests as the page loads, for the account this browser listed last, so
 * they run beside the session request and the page's code instead of after them (the dashboard's
 * first rows wait for them): the first page at once, the whole list once the first page's answer
 * is in (or has failed), so the first page and the session are not answered behind the whole list
 * (megabytes at thousands of trackers: its read on the server, its transfer), and the whole list is
 * read only once the first page is on screen anyway (trackers.ts). `useTrackers` takes its answer
 * when the session names the same account; a failed or unused early request changes nothing (the
 * hook then asks again; a session error is left to that request). Does nothing without a stored
 * token or a remembered account.
 */
export function startTrackerListEarly(): void {
  const accountId = localStorage.getItem(LAST_ACCOUNT_KEY);
  if (!accountId) return;
  startEarlyGet(EARLY_FIRST_PAGE_SLOT, firstPagePath(accountId), { timeoutMs: TRACKERS_TIMEOUT_MS });
  startEarlyGet(EARLY_SLOT, listPath(accountId), {
    timeoutMs: TRACKERS_TIMEOUT_MS,
    after: EARLY_FIRST_PAGE_SLOT,
  });
}
