/**
 * The Connections page's constants (spec pods-budgets-alerts-users-connections.md 2.13 and 9). The
 * platforms themselves, with their paths and return pages, are lib/platforms.ts.
 */
export const GENERIC_FAILURE =
  "Something went wrong with this request, please try again and if the problem persists contact support.";

/** The message a return page posts to its opener. */
export const CONNECTED_MESSAGE = "pacer:integration-connected";
