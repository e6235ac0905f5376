import { PLATFORM_CATALOGUE, type PlatformCallKind, type PlatformEntry, platformCalls } from "@pacer/core";

/**
 * THE route table: every `/api/...` method and path of the HTTP API, with the function group (one
 * Lambda per group, `functions/src/<group>/index.ts`) and the handler inside that group that serves
 * it. The CDK stack (`infra/`) creates one API Gateway route per entry and nothing else; the local
 * runtime (`packages/local`) routes requests with the same entries to the same group handlers. Who
 * may call each route is in `policy.ts`. Adding a route is one line here, one in `policy.ts` and its
 * handler in the group's `handlers` map. The platforms' own calls are not written here: they are
 * generated from `@pacer/core`'s `PLATFORM_CATALOGUE` ({@link platformRoutes}), with their policy
 * rows, handlers and authorization fixtures.
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
  /** A platform's call, generated from the catalogue: its slug and the kind of call. */
  readonly platform?: { readonly slug: string; readonly call: PlatformCallKind };
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

/**
 * The routes written by hand (every route but the platforms' own calls), built at the first read of
 * the table ({@link allRoutes}), not when a function's bundle loads.
 */
const staticRoutes = () =>
  [
    // health
    route("GET /api/health", "health", "health"),
    // the OpenAPI 3.1 document generated from the API contract (functions/contract)
    route("GET /api/openapi.json", "health", "openApiDocument"),

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
    route("POST /api/auth/update-notification-preferences", "auth", "updateNotificationPreferences"),
    route("POST /api/auth/unsubscribe-all-emails/{userId}", "auth", "unsubscribeAllEmails"),
    route("GET /api/auth/digest-unsubscribe/{ticket}", "auth", "digestUnsubscribePage"),
    route("POST /api/auth/digest-unsubscribe/{ticket}", "auth", "digestUnsubscribe"),
    route("POST /api/auth/logout/{userId}", "auth", "logout"),
    route("GET /api/auth/confirm-email/{token}", "auth", "confirmEmail"),
    route("POST /api/auth/resend-email-confirmation", "auth", "resendEmailConfirmation"),

    // registration (overview-access-account.md 7.2)
    route("POST /api/users/register-new-user-and-account", "register", "registerFullForm"),
    route("POST /api/register/register-new-user-and-account", "register", "registerSelf"),
    route(
      "POST /api/register/register-new-user-and-account-with-google",
      "register",
      "registerSelfWithGoogle",
    ),
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
    route("GET /api/account/get-account-admins/{accountId}", "account", "getAccountAdmins"),
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

    // trackers (trackers.md 7)
    route("GET /api/trackers/get-trackers-by-account/{accountId}", "trackers", "getTrackersByAccount"),
    route(
      "GET /api/trackers/get-trackers-without-load-by-account/{accountId}",
      "trackers",
      "getTrackersWithoutLoadByAccount",
    ),
    route("POST /api/trackers/create-trackers", "trackers", "createTrackers"),
    route("GET /api/tracker/get-tracker/{id}", "trackers", "getTracker"),
    route("GET /api/tracker/get-pacing/{id}", "trackers", "getTrackerPacing"),
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
    // AutoPilot (beyond the spec): settings, proposals, apply / dismiss / undo, the account switch
    route("GET /api/tracker/get-autopilot/{id}", "trackers", "getAutopilot"),
    route("POST /api/tracker/update-autopilot/{id}", "trackers", "updateAutopilot"),
    route("GET /api/tracker/get-autopilot-actions/{id}", "trackers", "getAutopilotActions"),
    route("GET /api/trackers/get-autopilot-actions", "trackers", "getAccountAutopilotActions"),
    route("POST /api/tracker/run-autopilot/{id}", "trackers", "runAutopilot"),
    route("POST /api/tracker/apply-autopilot-action/{id}/{actionId}", "trackers", "applyAutopilotAction"),
    route("POST /api/tracker/dismiss-autopilot-action/{id}/{actionId}", "trackers", "dismissAutopilotAction"),
    route("POST /api/tracker/undo-autopilot-action/{id}/{actionId}", "trackers", "undoAutopilotAction"),
    route("POST /api/account/update-autopilot-switch", "trackers", "updateAutopilotSwitch"),

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
    route("GET /api/alerts/alert-channels", "alerts", "getAlertChannels"),
    route("POST /api/alerts/create-alert-channel", "alerts", "createAlertChannel"),
    route("POST /api/alerts/remove-alert-channel/{channelId}", "alerts", "removeAlertChannel"),
    route("POST /api/alerts/test-alert-channel/{channelId}", "alerts", "testAlertChannel"),
    route("GET /api/alerts/slack-install", "alerts", "slackInstall"),
    route("GET /api/alerts/slack-callback", "alerts", "slackCallback"),

    // device readings (pods-budgets-alerts-users-connections.md 2.14)
    route("POST /api/sensor-readings/ingest", "sensor-readings", "ingestReading"),
    route("GET /api/sensor-readings/get-readings", "sensor-readings", "getReadings"),
    route("GET /api/sensor-readings/ingestion-key", "sensor-readings", "getIngestionKey"),
    route("POST /api/sensor-readings/create-ingestion-key", "sensor-readings", "createIngestionKey"),

    // connections (pods-budgets-alerts-users-connections.md 7.6, overview-access-account.md 7.3, 7.5)
    route("GET /api/account/get-account-integrations", "connections", "getAccountIntegrations"),
    route("POST /api/account/remove-integration", "connections", "removeIntegration"),
    // the platforms' own calls (authenticate, response, account listings, filter-possible-values,
    // revoke-token) are generated from the platform catalogue: see platformRoutes below

    // "Manual / CSV" source: the import (its account listing is one of the platforms' calls)
    route("POST /api/csv/import", "csv", "importCsvFile"),

    // on-demand refresh through the refresh pipeline (trackers.md 4 and 7)
    route("POST /api/tracker/refresh-single-tracker-data", "refresh", "refreshSingleTrackerData"),
    route("POST /api/tracker/update-single-tracker", "refresh", "updateSingleTracker"),

    // realtime: the ticket that opens the WebSocket (overview-access-account.md 4 and 9)
    route("POST /api/realtime/ticket", "realtime", "issueTicket"),
  ] as const;

/** The key of a route written by hand. */
export type StaticRouteKey = ReturnType<typeof staticRoutes>[number]["key"];

/** The key of a platform's call (generated): `"<METHOD> /api/<segment>/<call>"`. */
export type PlatformRouteKey = `${HttpMethod} /api/${string}`;

/** Every route key of the API. */
export type RouteKey = StaticRouteKey | PlatformRouteKey;

/** `/api/google-ads/revoke-token/{accessToken}` -> `googleAdsRevokeToken`: a generated route's handler name. */
export function handlerNameOf(path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .replace(/\/\{[^}]+\}/g, "")
    .split(/[/-]/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`)).join("");
}

/** A generated route: always a platform's call. */
export type PlatformRouteDef = RouteDef<PlatformRouteKey> & Required<Pick<RouteDef, "platform">>;

/** The order of the generated routes: by kind of call, then in catalogue order. */
const CALL_ORDER: readonly PlatformCallKind[] = [
  "authenticate",
  "response",
  "revokeToken",
  "listing",
  "listingUser",
  "listingAccounts",
  "filterValues",
];

/**
 * The routes of the platforms' own calls, all served by the `connections` group (spec
 * pods-budgets-alerts-users-connections.md 7.6, trackers.md 7, overview-access-account.md 7.5):
 * one per call of `platformCalls(entry)` for every entry of `catalogue` (an argument for tests that
 * add a platform). Handler names follow the path (`handlerNameOf`).
 */
export function platformRoutes(catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE): PlatformRouteDef[] {
  const rank = (kind: PlatformCallKind) => CALL_ORDER.indexOf(kind);
  return catalogue
    .flatMap((entry, index) => platformCalls(entry).map((call) => ({ entry, index, call })))
    .sort((a, b) => rank(a.call.kind) - rank(b.call.kind) || a.index - b.index)
    .map(({ entry, call }) => ({
      key: `${call.method} ${call.path}` as const,
      group: "connections" as const,
      handler: handlerNameOf(call.path),
      platform: { slug: entry.slug, call: call.kind },
    }));
}

let routeTable: readonly RouteDef<RouteKey>[] | undefined;

/**
 * Every route of the API: the ones written here, then the platforms' own calls; built at the first
 * call and kept (a function's bundle reads it at its first request, not when it loads).
 */
export function allRoutes(): readonly RouteDef<RouteKey>[] {
  routeTable ??= [...staticRoutes(), ...platformRoutes()];
  return routeTable;
}

/**
 * Every route of the API ({@link allRoutes}), for the stack, the local runtime and the tests; the
 * functions read `allRoutes()`, so a bundle that does not read this leaves it out (pure).
 */
export const ROUTES: readonly RouteDef<RouteKey>[] = /* @__PURE__ */ allRoutes();

/** Splits a route key into method and path. */
export function parseRouteKey(key: string): { method: HttpMethod; path: string } {
  const [method, path] = key.split(" ") as [HttpMethod, string];
  return { method, path };
}

/** The route with this key, or undefined. */
export function findRoute(key: string): RouteDef | undefined {
  return allRoutes().find((r) => r.key === key);
}
