import { PLATFORM_CATALOGUE, type PlatformEntry } from "@pacer/core";
import type { UserType } from "@pacer/db";
import { type PlatformRouteKey, platformRoutes, type RouteKey, type StaticRouteKey } from "./routes.ts";

/**
 * THE policy table: who may call each route (spec overview-access-account.md section 6 and the
 * role rules of the other two documents). The session middleware reads it on every request, the
 * CDK stack reads it to attach the authorizer to every non-public route, and the authorization
 * matrix test reads it to generate its cases. A route missing here is denied (and fails the type
 * check, since the table is keyed by every route key).
 *
 * - `public`: no session needed (the authorizer is not attached).
 * - `roles`: the user types allowed; anyone else gets 403. Data is further scoped to the caller's
 *   account by the data layer and to what the role may see by the use-case.
 * - `trialExempt`: still callable when the account's free trial has ended (auth and billing);
 *   every other session route answers 402 then.
 */
export type Access =
  | { readonly public: true }
  | { readonly public?: false; readonly roles: readonly UserType[]; readonly trialExempt?: boolean };

const PUBLIC: Access = { public: true };
const EVERYONE = ["Admin", "Manager", "Viewer"] as const;
/** Any signed-in user, also after the trial ended (their own session and profile). */
const SELF: Access = { roles: EVERYONE, trialExempt: true };
/** Any signed-in user, while the account may use the product. */
const MEMBER: Access = { roles: EVERYONE };
/** Admins and Managers (dashboard table settings, favourites: not Viewers, spec section 6). */
const EDITORS: Access = { roles: ["Admin", "Manager"] };
/** Account settings and users administration (spec section 6: Admin only). */
const ADMIN: Access = { roles: ["Admin"] };
/** Billing: Admin only, and still reachable after the trial ended (to upgrade). */
const ADMIN_BILLING: Access = { roles: ["Admin"], trialExempt: true };

/**
 * The access rule of every route written by hand (a route missing here fails the type check), built
 * at the first read of the table ({@link policyTable}).
 */
const staticPolicy = (): Record<StaticRouteKey, Access> => ({
  "GET /api/health": PUBLIC,
  /** The API description: what every route takes and answers, nothing of an account. */
  "GET /api/openapi.json": PUBLIC,

  "POST /api/auth": PUBLIC,
  "GET /api/auth": SELF,
  "POST /api/auth/login-with-google": PUBLIC,
  "GET /api/auth/google-config": PUBLIC,
  "POST /api/auth/forgot-password": PUBLIC,
  "POST /api/auth/get-user-by-token/{token}": PUBLIC,
  "POST /api/auth/change-password-from-reset": PUBLIC,
  "POST /api/auth/change-password": SELF,
  "POST /api/auth/update-user-name/{userId}": SELF,
  "POST /api/auth/update-user-table-columns": MEMBER,
  "POST /api/auth/update-favourite-trackers": EDITORS,
  "POST /api/auth/change-user-preference": MEMBER,
  "POST /api/auth/fire-product-tour": MEMBER,
  "POST /api/auth/fire-create-tracker-guide": MEMBER,
  /** The caller's own e-mail choice: also after the trial ended (an unsubscribe link still works then). */
  "POST /api/auth/update-notification-preferences": SELF,
  /** Public: the path carries a signed value, not a bare user id. */
  "POST /api/auth/unsubscribe-all-emails/{userId}": PUBLIC,
  /** Public: the pacing digest's one-click unsubscribe; the path carries a signed, expiring ticket. */
  "GET /api/auth/digest-unsubscribe/{ticket}": PUBLIC,
  "POST /api/auth/digest-unsubscribe/{ticket}": PUBLIC,
  "POST /api/auth/logout/{userId}": SELF,
  /** Public: the e-mailed link's signed value authenticates it (README "Security"). */
  "GET /api/auth/confirm-email/{token}": PUBLIC,
  "POST /api/auth/resend-email-confirmation": SELF,

  // registration: public; invited registration is bound to a stored invitation
  "POST /api/users/register-new-user-and-account": PUBLIC,
  "POST /api/register/register-new-user-and-account": PUBLIC,
  "POST /api/register/register-new-user-and-account-with-google": PUBLIC,
  "POST /api/register/register-new-user-after-invite/{accountId}/{userType}": PUBLIC,
  "POST /api/register/register-new-user-after-invite-with-google/{accountId}/{userType}": PUBLIC,

  // account (the account and its users are read by every role; settings are Admin's)
  "GET /api/account/get-account/{accountId}": SELF,
  "GET /api/account/get-account-users/{accountId}": MEMBER,
  /**
   * The Admins' names only, also after the trial ended: the expired-trial screen tells Managers and
   * Viewers whom to ask (spec 2.13).
   */
  "GET /api/account/get-account-admins/{accountId}": SELF,
  "POST /api/account/update-name/{accountId}": ADMIN,
  "POST /api/account/update-account-currency/{accountId}": ADMIN,
  "POST /api/account/update-address/{accountId}": ADMIN,
  "POST /api/account/update-column-ordering": EDITORS,
  "POST /api/account/toggle-show-account-totals/{accountId}": EDITORS,

  // users page: Admin only
  "POST /api/users/invite-user": ADMIN,
  "POST /api/users/update-user": ADMIN,
  "POST /api/users/remove-user/{id}": ADMIN,
  "POST /api/users/send-password-reset/{id}": ADMIN,

  // avatar (own avatar: any role; the account's avatar: Admin, checked by the handler) and billing
  "POST /api/backblaze/change-avatar/{accountId}": MEMBER,
  "POST /api/stripe/start-stripe-billing-portal-session/{accountId}": ADMIN_BILLING,

  // trackers: every role reads what it may see (the use-cases filter); Viewers never write
  "GET /api/trackers/get-trackers-by-account/{accountId}": MEMBER,
  "GET /api/trackers/get-trackers-without-load-by-account/{accountId}": MEMBER,
  "POST /api/trackers/create-trackers": EDITORS,
  "GET /api/tracker/get-tracker/{id}": MEMBER,
  "GET /api/tracker/get-pacing/{id}": MEMBER,
  "POST /api/tracker/update-name/{id}": EDITORS,
  "POST /api/tracker/update-client/{id}": EDITORS,
  "POST /api/tracker/update-budget/{id}": EDITORS,
  "POST /api/tracker/update-daily-budget/{id}": EDITORS,
  "POST /api/tracker/update-previous-over-under-spend/{id}": EDITORS,
  "POST /api/tracker/update-tracker-historic-data": EDITORS,
  "POST /api/tracker/update-tracker-future-budgets": EDITORS,
  "POST /api/tracker/update-tracker-use-lifetime-budget": EDITORS,
  "POST /api/tracker/update-lifetime-budget/{id}": EDITORS,
  "POST /api/tracker/update-currency": EDITORS,
  "POST /api/tracker/update-automated-budget": EDITORS,
  "POST /api/tracker/update-include-last-month-over-under-spend-in-budget-calc": EDITORS,
  "POST /api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc": EDITORS,
  "POST /api/tracker/update-weekday-budget-only": EDITORS,
  "POST /api/tracker/update-associated-users/{trackerId}": EDITORS,
  "POST /api/tracker/add-message/{trackerId}": EDITORS,
  "POST /api/tracker/delete-message/{trackerId}/{messageId}": EDITORS,
  "GET /api/tracker/delete-tracker/{id}": EDITORS,
  // AutoPilot (beyond the spec): Admins and Managers on trackers they may edit; the switch: Admin
  "GET /api/tracker/get-autopilot/{id}": EDITORS,
  "POST /api/tracker/update-autopilot/{id}": EDITORS,
  "GET /api/tracker/get-autopilot-actions/{id}": EDITORS,
  "GET /api/trackers/get-autopilot-actions": EDITORS,
  "POST /api/tracker/run-autopilot/{id}": EDITORS,
  "POST /api/tracker/apply-autopilot-action/{id}/{actionId}": EDITORS,
  "POST /api/tracker/dismiss-autopilot-action/{id}/{actionId}": EDITORS,
  "POST /api/tracker/undo-autopilot-action/{id}/{actionId}": EDITORS,
  "POST /api/account/update-autopilot-switch": ADMIN,

  // pods and shared budgets: Admins and Managers create and edit (spec section 6), everyone reads
  "POST /api/pod/create-pod": EDITORS,
  "GET /api/pod/get-pod/{id}": MEMBER,
  "POST /api/pod/update-single-pod/{id}": EDITORS,
  "GET /api/pod/delete-pod/{id}": EDITORS,
  "GET /api/pods/get-pods/{accountId}/{userId}": MEMBER,
  "POST /api/shared-budget/create-shared-budget": EDITORS,
  "GET /api/shared-budget/get-shared-budget/{id}": MEMBER,
  "POST /api/shared-budget/update-single-shared-budget/{id}": EDITORS,
  "GET /api/shared-budget/delete-shared-budget/{id}": EDITORS,
  "GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}": MEMBER,

  // alerts: every role has alerts (Viewers on their own trackers); edit and remove: Admin or creator
  "POST /api/alerts/create-alert": MEMBER,
  "POST /api/alerts/edit-alert": MEMBER,
  "GET /api/alerts/get-alerts/{userId}/{accountId}": MEMBER,
  "POST /api/alerts/remove-alert/{alertId}": MEMBER,
  /** Snooze: Admin or the alert's creator (checked by the use-case). */
  "POST /api/alerts/snooze-alert/{alertId}": MEMBER,
  /** History: what the caller may see (their alerts, their targets, their deliveries). */
  "GET /api/alerts/alert-history": MEMBER,
  /** Alert channels (Slack, Teams, webhooks) are account-wide: Admin only (list, create, remove, test). */
  "GET /api/alerts/alert-channels": ADMIN,
  "POST /api/alerts/create-alert-channel": ADMIN,
  "POST /api/alerts/remove-alert-channel/{channelId}": ADMIN,
  "POST /api/alerts/test-alert-channel/{channelId}": ADMIN,
  /** The Slack app's install: the authorize URL for an Admin. */
  "GET /api/alerts/slack-install": ADMIN,
  /** Slack's redirect back (a browser navigation, no session header): authenticated by its signed state. */
  "GET /api/alerts/slack-callback": PUBLIC,

  // device readings
  /** Public: a device backend authenticates with the account's ingestion key (x-ingestion-key). */
  "POST /api/sensor-readings/ingest": PUBLIC,
  "GET /api/sensor-readings/get-readings": MEMBER,
  "GET /api/sensor-readings/ingestion-key": ADMIN,
  "POST /api/sensor-readings/create-ingestion-key": ADMIN,

  // connections: the list (sidebar badge, wizard step 1) is read by everyone; removing: Admins and
  // Managers (the Connections page is hidden from Viewers, spec section 2.1 and 6)
  "GET /api/account/get-account-integrations": MEMBER,
  "POST /api/account/remove-integration": EDITORS,
  // the platforms' own calls: generated with the routes (platformPolicy below)
  "POST /api/csv/import": EDITORS,

  // refresh: the manage-tracker modal's Refresh and Update Tracker buttons (hidden from Viewers)
  "POST /api/tracker/refresh-single-tracker-data": EDITORS,
  "POST /api/tracker/update-single-tracker": EDITORS,
  // realtime: every signed-in user's dashboard listens for changes
  "POST /api/realtime/ticket": MEMBER,
});

/**
 * The access rule of every platform's own call (generated from the catalogue like the routes):
 * connecting, listing a connection's platform accounts and filter values, revoking a token: Admins
 * and Managers (the Connections page and the tracker wizard are hidden from Viewers, spec sections
 * 2.1 and 6). The revoke-token calls act only on a connection of the caller's account whose stored
 * token matches (constant time).
 */
export function platformPolicy(
  catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE,
): Record<PlatformRouteKey, Access> {
  return Object.fromEntries(platformRoutes(catalogue).map((r) => [r.key, EDITORS]));
}

let table: Record<RouteKey, Access> | undefined;

/**
 * THE policy table: every route's access rule, built at the first call and kept (a function's
 * bundle reads it at its first request, not when it loads).
 */
export function policyTable(): Record<RouteKey, Access> {
  table ??= { ...staticPolicy(), ...platformPolicy() };
  return table;
}

/**
 * THE policy table ({@link policyTable}), for the stack and the tests; the functions read
 * `accessFor`, so a bundle that does not read this leaves it out (pure).
 */
export const POLICY: Record<RouteKey, Access> = /* @__PURE__ */ policyTable();

/** The access rule of a route key; undefined means deny. */
export function accessFor(key: string): Access | undefined {
  return (policyTable() as Record<string, Access | undefined>)[key];
}

/** A per-account limit: at most `max` calls in each fixed window of `windowSeconds`. */
export interface AccountLimit {
  /** Bucket prefix of the counter in the table (`<name>:<accountId>`). */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
  /** What is counted, as the 429 message says it ("data refreshes"). */
  readonly what: string;
}

/**
 * Per-account limits of the calls that cost more than a table read. Each one reaches an ad
 * platform (listing a connection's ad accounts or filter values, on the platform's quota shared by
 * every tenant) or queues a refresh that will. The counters live in the table, so every Lambda
 * shares them; over the limit a call answers 429 with `retry-after` (see `lib/account-limits.ts`).
 * The HTTP API's stage throttle is shared by all accounts, and the WAF rule (infra) counts per
 * session token; these hold one account to its share whatever its number of users.
 */
export const ACCOUNT_LIMITS = {
  refresh: { name: "account-refresh", max: 60, windowSeconds: 10 * 60, what: "data refreshes" },
  platformLookup: {
    name: "account-platform-lookup",
    max: 120,
    windowSeconds: 10 * 60,
    what: "ad platform look-ups",
  },
} as const satisfies Record<string, AccountLimit>;

/** The routes under a per-account limit (every other route has none). */
export const LIMITED_ROUTES: Partial<Record<RouteKey, keyof typeof ACCOUNT_LIMITS>> = {
  "POST /api/tracker/refresh-single-tracker-data": "refresh",
  "POST /api/tracker/update-single-tracker": "refresh",
  "POST /api/google-ads/get-user-accounts": "platformLookup",
  "POST /api/google-dv360/get-user-accounts": "platformLookup",
  "POST /api/twitter-ads/get-account": "platformLookup",
  "POST /api/cake/get-account": "platformLookup",
  "POST /api/amazon-ads/get-account": "platformLookup",
  "POST /api/reddit-ads/get-account": "platformLookup",
  "POST /api/csv/get-account": "platformLookup",
  "POST /api/facebook-ads/get-account": "platformLookup",
  "POST /api/bing-ads/get-user": "platformLookup",
  "POST /api/bing-ads/get-accounts": "platformLookup",
  "POST /api/linkedin-ads/accounts": "platformLookup",
  "POST /api/pinterest-ads/get-account": "platformLookup",
  "POST /api/tiktok-ads/get-user-accounts": "platformLookup",
  "POST /api/amazon-ads/filter-possible-values": "platformLookup",
  "POST /api/bing-ads/filter-possible-values": "platformLookup",
  "POST /api/cake/filter-possible-values": "platformLookup",
  "POST /api/facebook-ads/filter-possible-values": "platformLookup",
  "POST /api/google-ads/filter-possible-values": "platformLookup",
  "POST /api/google-dv360/filter-possible-values": "platformLookup",
  "POST /api/linkedin-ads/filter-possible-values": "platformLookup",
  "POST /api/pinterest-ads/filter-possible-values": "platformLookup",
  "POST /api/reddit-ads/filter-possible-values": "platformLookup",
  "POST /api/tiktok-ads/filter-possible-values": "platformLookup",
  "POST /api/twitter-ads/filter-possible-values": "platformLookup",
};

/** The per-account limit of a route key, or undefined when it has none. */
export function accountLimitFor(key: string): AccountLimit | undefined {
  const name = (LIMITED_ROUTES as Record<string, keyof typeof ACCOUNT_LIMITS | undefined>)[key];
  return name ? ACCOUNT_LIMITS[name] : undefined;
}
