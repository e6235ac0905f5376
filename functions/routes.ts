/**
 * THE route table: every `/api/...` method and path of the HTTP API, with the function group (one
 * Lambda per group, `functions/src/<group>/index.ts`) and the handler inside that group that serves
 * it. The CDK stack (`infra/`) creates one API Gateway route per entry and nothing else; the local
 * runtime (`packages/local`) routes requests with the same entries to the same group handlers. Who
 * may call each route is in `policy.ts`. Adding a route is one line here, one in `policy.ts` and its
 * handler in the group's `handlers` map.
 */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The function groups, each deployed as one Lambda. */
export const GROUPS = [
  "health",
  "auth",
  "register",
  "account",
  "users",
  "billing",
  "avatar",
  "trackers",
  "pods",
  "shared-budgets",
  "alerts",
  "sensor-readings",
  "connections",
  "csv",
  "refresh",
  "realtime",
] as const;
export type Group = (typeof GROUPS)[number];

export interface RouteDef<K extends string = string> {
  /** API Gateway route key, `"<METHOD> <path>"`, path parameters as `{name}`. */
  readonly key: K;
  readonly group: Group;
  /** Name of the handler in the group's `handlers` map. */
  readonly handler: string;
}

const route = <K extends `${HttpMethod} /api/${string}`>(
  key: K,
  group: Group,
  handler: string,
): RouteDef<K> => ({
  key,
  group,
  handler,
});

export const ROUTES = [
  // health
  route("GET /api/health", "health", "health"),

  // auth (overview-access-account.md 7.1)
  route("POST /api/auth", "auth", "login"),
  route("GET /api/auth", "auth", "currentUser"),
  route("POST /api/auth/login-with-google", "auth", "loginWithGoogle"),
  route("GET /api/auth/google-config", "auth", "googleSignInConfig"),
  route("POST /api/auth/forgot-password", "auth", "forgotPassword"),
  route("POST /api/auth/get-user-by-token/{token}", "auth", "getUserByToken"),
  route("POST /api/auth/change-password-from-reset", "auth", "changePasswordFromReset"),
  route("POST /api/auth/change-password", "auth", "changePassword"),
  route("POST /api/auth/update-user-name/{userId}", "auth", "updateUserName"),
  route("POST /api/auth/update-user-table-columns", "auth", "updateUserTableColumns"),
  route("POST /api/auth/update-favourite-trackers", "auth", "updateFavouriteTrackers"),
  route("POST /api/auth/change-user-preference", "auth", "changeUserPreference"),
  route("POST /api/auth/fire-product-tour", "auth", "fireProductTour"),
  route("POST /api/auth/fire-create-tracker-guide", "auth", "fireCreateTrackerGuide"),
  route("POST /api/auth/unsubscribe-all-emails/{userId}", "auth", "unsubscribeAllEmails"),
  route("POST /api/auth/logout/{userId}", "auth", "logout"),
  route("GET /api/auth/confirm-email/{token}", "auth", "confirmEmail"),
  route("POST /api/auth/resend-email-confirmation", "auth", "resendEmailConfirmation"),

  // registration (overview-access-account.md 7.2)
  route("POST /api/users/register-new-user-and-account", "register", "registerFullForm"),
  route("POST /api/register/register-new-user-and-account", "register", "registerSelf"),
  route("POST /api/register/register-new-user-and-account-with-google", "register", "registerSelfWithGoogle"),
  route(
    "POST /api/register/register-new-user-after-invite/{accountId}/{userType}",
    "register",
    "registerInvitedUser",
  ),
  route(
    "POST /api/register/register-new-user-after-invite-with-google/{accountId}/{userType}",
    "register",
    "registerInvitedUserWithGoogle",
  ),

  // account (overview-access-account.md 7.3)
  route("GET /api/account/get-account/{accountId}", "account", "getAccount"),
  route("GET /api/account/get-account-users/{accountId}", "account", "getAccountUsers"),
  route("POST /api/account/update-name/{accountId}", "account", "updateName"),
  route("POST /api/account/update-account-currency/{accountId}", "account", "updateAccountCurrency"),
  route("POST /api/account/update-address/{accountId}", "account", "updateAddress"),
  route("POST /api/account/update-column-ordering", "account", "updateColumnOrdering"),
  route("POST /api/account/toggle-show-account-totals/{accountId}", "account", "toggleShowAccountTotals"),

  // users page (pods-budgets-alerts-users-connections.md 7.5)
  route("POST /api/users/invite-user", "users", "inviteUser"),
  route("POST /api/users/update-user", "users", "updateUser"),
  route("POST /api/users/remove-user/{id}", "users", "removeUser"),
  route("POST /api/users/send-password-reset/{id}", "users", "sendPasswordReset"),

  // avatar and billing (overview-access-account.md 7.4)
  route("POST /api/backblaze/change-avatar/{accountId}", "avatar", "changeAvatar"),
  route(
    "POST /api/stripe/start-stripe-billing-portal-session/{accountId}",
    "billing",
    "startBillingPortalSession",
  ),
  route("GET /api/stripe/local-billing-portal/{ticket}", "billing", "localBillingPortal"),
  route("POST /api/stripe/local-billing-portal/{ticket}", "billing", "localBillingAction"),

  // trackers (trackers.md 7)
  route("GET /api/trackers/get-trackers-by-account/{accountId}", "trackers", "getTrackersByAccount"),
  route(
    "GET /api/trackers/get-trackers-without-load-by-account/{accountId}",
    "trackers",
    "getTrackersWithoutLoadByAccount",
  ),
  route("POST /api/trackers/create-trackers", "trackers", "createTrackers"),
  route("GET /api/tracker/get-tracker/{id}", "trackers", "getTracker"),
  route("POST /api/tracker/update-name/{id}", "trackers", "updateName"),
  route("POST /api/tracker/update-client/{id}", "trackers", "updateClient"),
  route("POST /api/tracker/update-budget/{id}", "trackers", "updateBudget"),
  route("POST /api/tracker/update-daily-budget/{id}", "trackers", "updateDailyBudget"),
  route(
    "POST /api/tracker/update-previous-over-under-spend/{id}",
    "trackers",
    "updatePreviousOverUnderSpend",
  ),
  route("POST /api/tracker/update-tracker-historic-data", "trackers", "updateHistoricData"),
  route("POST /api/tracker/update-tracker-future-budgets", "trackers", "updateFutureBudgets"),
  route("POST /api/tracker/update-tracker-use-lifetime-budget", "trackers", "updateUseLifetimeBudget"),
  route("POST /api/tracker/update-lifetime-budget/{id}", "trackers", "updateLifetimeBudget"),
  route("POST /api/tracker/update-currency", "trackers", "updateCurrency"),
  route("POST /api/tracker/update-automated-budget", "trackers", "updateAutomatedBudget"),
  route(
    "POST /api/tracker/update-include-last-month-over-under-spend-in-budget-calc",
    "trackers",
    "updateIncludeLastMonth",
  ),
  route(
    "POST /api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc",
    "trackers",
    "updateIncludeLastSixMonths",
  ),
  route("POST /api/tracker/update-weekday-budget-only", "trackers", "updateWeekdayBudgetOnly"),
  route("POST /api/tracker/update-associated-users/{trackerId}", "trackers", "updateAssociatedUsers"),
  route("POST /api/tracker/add-message/{trackerId}", "trackers", "addMessage"),
  route("POST /api/tracker/delete-message/{trackerId}/{messageId}", "trackers", "deleteMessage"),
  route("GET /api/tracker/delete-tracker/{id}", "trackers", "deleteTracker"),

  // pods (pods-budgets-alerts-users-connections.md 7.1)
  route("POST /api/pod/create-pod", "pods", "createPod"),
  route("GET /api/pod/get-pod/{id}", "pods", "getPod"),
  route("POST /api/pod/update-single-pod/{id}", "pods", "updatePod"),
  route("GET /api/pod/delete-pod/{id}", "pods", "deletePod"),
  route("GET /api/pods/get-pods/{accountId}/{userId}", "pods", "getPods"),

  // shared budgets (pods-budgets-alerts-users-connections.md 7.2)
  route("POST /api/shared-budget/create-shared-budget", "shared-budgets", "createSharedBudget"),
  route("GET /api/shared-budget/get-shared-budget/{id}", "shared-budgets", "getSharedBudget"),
  route("POST /api/shared-budget/update-single-shared-budget/{id}", "shared-budgets", "updateSharedBudget"),
  route("GET /api/shared-budget/delete-shared-budget/{id}", "shared-budgets", "deleteSharedBudget"),
  route(
    "GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}",
    "shared-budgets",
    "getSharedBudgets",
  ),

  // alerts (pods-budgets-alerts-users-connections.md 7.4)
  route("POST /api/alerts/create-alert", "alerts", "createAlert"),
  route("POST /api/alerts/edit-alert", "alerts", "editAlert"),
  route("GET /api/alerts/get-alerts/{userId}/{accountId}", "alerts", "getAlerts"),
  route("POST /api/alerts/remove-alert/{alertId}", "alerts", "removeAlert"),
  route("POST /api/alerts/snooze-alert/{alertId}", "alerts", "snoozeAlert"),
  route("GET /api/alerts/alert-history", "alerts", "alertHistory"),

  // device readings (pods-budgets-alerts-users-connections.md 2.14)
  route("POST /api/sensor-readings/ingest", "sensor-readings", "ingestReading"),
  route("GET /api/sensor-readings/get-readings", "sensor-readings", "getReadings"),
  route("GET /api/sensor-readings/ingestion-key", "sensor-readings", "getIngestionKey"),
  route("POST /api/sensor-readings/create-ingestion-key", "sensor-readings", "createIngestionKey"),

  // connections (pods-budgets-alerts-users-connections.md 7.6, overview-access-account.md 7.3, 7.5)
  route("GET /api/account/get-account-integrations", "connections", "getAccountIntegrations"),
  route("POST /api/account/remove-integration", "connections", "removeIntegration"),
  route("GET /api/amazon-ads/authenticate", "connections", "authenticateAmazonAds"),
  route("GET /api/bing-ads/authenticate", "connections", "authenticateBingAds"),
  route("GET /api/facebook-ads/authenticate", "connections", "authenticateFacebookAds"),
  route("GET /api/google-ads/authenticate", "connections", "authenticateGoogleAds"),
  route("GET /api/google-dv360/authenticate", "connections", "authenticateGoogleDv360"),
  route("GET /api/linkedin-ads/authenticate", "connections", "authenticateLinkedinAds"),
  route("GET /api/pinterest-ads/authenticate", "connections", "authenticatePinterestAds"),
  route("GET /api/reddit-ads/authenticate", "connections", "authenticateRedditAds"),
  route("GET /api/tiktok-ads/authenticate", "connections", "authenticateTiktokAds"),
  route("GET /api/twitter-ads/authenticate", "connections", "authenticateTwitterAds"),
  route("POST /api/amazon-ads/response", "connections", "responseAmazonAds"),
  route("POST /api/bing-ads/response", "connections", "responseBingAds"),
  route("POST /api/facebook-ads/response", "connections", "responseFacebookAds"),
  route("POST /api/google-ads/response", "connections", "responseGoogleAds"),
  route("POST /api/google-dv360/response", "connections", "responseGoogleDv360"),
  route("POST /api/linkedin-ads/response", "connections", "responseLinkedinAds"),
  route("POST /api/pinterest-ads/response", "connections", "responsePinterestAds"),
  route("POST /api/reddit-ads/response", "connections", "responseRedditAds"),
  route("POST /api/tiktok-ads/response", "connections", "responseTiktokAds"),
  route("POST /api/twitter-ads/response", "connections", "responseTwitterAds"),
  route("POST /api/cake/response", "connections", "cakeResponse"),
  route("GET /api/google-ads/revoke-token/{accessToken}", "connections", "googleAdsRevokeToken"),
  route("GET /api/google-dv360/revoke-token/{accessToken}", "connections", "googleDv360RevokeToken"),
  route("GET /api/twitter-ads/revoke-token/{token}/{secret}", "connections", "twitterAdsRevokeToken"),

  // account listings of the tracker wizard and filter values (trackers.md 7)
  route("POST /api/google-ads/get-user-accounts", "connections", "googleAdsGetUserAccounts"),
  route("POST /api/google-dv360/get-user-accounts", "connections", "googleDv360GetUserAccounts"),
  route("POST /api/twitter-ads/get-account", "connections", "twitterAdsGetAccount"),
  route("POST /api/cake/get-account", "connections", "cakeGetAccount"),
  route("POST /api/amazon-ads/get-account", "connections", "amazonAdsGetAccount"),
  route("POST /api/reddit-ads/get-account", "connections", "redditAdsGetAccount"),
  route("POST /api/csv/get-account", "connections", "csvGetAccount"),
  route("POST /api/facebook-ads/get-account", "connections", "facebookAdsGetAccount"),
  route("POST /api/bing-ads/get-user", "connections", "bingAdsGetUser"),
  route("POST /api/bing-ads/get-accounts", "connections", "bingAdsGetAccounts"),
  route("POST /api/linkedin-ads/accounts", "connections", "linkedinAdsAccounts"),
  route("POST /api/pinterest-ads/get-account", "connections", "pinterestAdsGetAccount"),
  route("POST /api/tiktok-ads/get-user-accounts", "connections", "tiktokAdsGetUserAccounts"),
  route("POST /api/amazon-ads/filter-possible-values", "connections", "filterPossibleValuesAmazonAds"),
  route("POST /api/bing-ads/filter-possible-values", "connections", "filterPossibleValuesBingAds"),
  route("POST /api/cake/filter-possible-values", "connections", "filterPossibleValuesCake"),
  route("POST /api/facebook-ads/filter-possible-values", "connections", "filterPossibleValuesFacebookAds"),
  route("POST /api/google-ads/filter-possible-values", "connections", "filterPossibleValuesGoogleAds"),
  route("POST /api/google-dv360/filter-possible-values", "connections", "filterPossibleValuesGoogleDv360"),
  route("POST /api/linkedin-ads/filter-possible-values", "connections", "filterPossibleValuesLinkedinAds"),
  route("POST /api/pinterest-ads/filter-possible-values", "connections", "filterPossibleValuesPinterestAds"),
  route("POST /api/reddit-ads/filter-possible-values", "connections", "filterPossibleValuesRedditAds"),
  route("POST /api/tiktok-ads/filter-possible-values", "connections", "filterPossibleValuesTiktokAds"),
  route("POST /api/twitter-ads/filter-possible-values", "connections", "filterPossibleValuesTwitterAds"),

  // "Manual / CSV" source: the import (its account listing is above)
  route("POST /api/csv/import", "csv", "importCsvFile"),

  // on-demand refresh through the refresh pipeline (trackers.md 4 and 7)
  route("POST /api/tracker/refresh-single-tracker-data", "refresh", "refreshSingleTrackerData"),
  route("POST /api/tracker/update-single-tracker", "refresh", "updateSingleTracker"),

  // realtime: the ticket that opens the WebSocket (overview-access-account.md 4 and 9)
  route("POST /api/realtime/ticket", "realtime", "issueTicket"),
] as const;

/** Every route key of the API. */
export type RouteKey = (typeof ROUTES)[number]["key"];

/** Splits a route key into method and path. */
export function parseRouteKey(key: string): { method: HttpMethod; path: string } {
  const [method, path] = key.split(" ") as [HttpMethod, string];
  return { method, path };
}

/** The route with this key, or undefined. */
export function findRoute(key: string): RouteDef | undefined {
  return ROUTES.find((r) => r.key === key);
}
