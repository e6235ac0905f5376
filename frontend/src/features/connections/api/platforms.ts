/**
 * The Connections page's constants (spec pods-budgets-alerts-users-connections.md 2.13 and 9). The
 * platforms themselves, with their paths and return pages, are lib/platforms.ts.
 */
export const GENERIC_FAILURE =
  "Something went wrong with this request, please try again and if the problem persists contact support.";

/** The popup window's size (spec 9: 600x550). */
export const POPUP_FEATURES = "width=600,height=550";
/** Name of the popup window, so a second click reuses it. */
export const POPUP_NAME = "pacer-connect";
/** The message a return page posts to its opener. */
export const CONNECTED_MESSAGE = "pacer:integration-connected";
