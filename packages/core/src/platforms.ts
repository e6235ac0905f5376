/**
 * THE platform catalogue: every ad platform (and the "Manual / CSV" source) the product knows, with
 * the facts the spec fixes for it, written once. The route table, the policy rows, the connection
 * handlers, the authorization-matrix fixtures, the refresh queues, the health rules and the web
 * app's platform list are all derived from it; what a connector implements (its config, endpoints,
 * token kind, reports) is its descriptor in `@pacer/connectors` (`src/<platform>/descriptor.ts`).
 * Facts only: no I/O.
 *
 * Spec sources: pods-budgets-alerts-users-connections.md 2.12, 2.13, 3 (the integrations table),
 * 7.6, 8 and 9; overview-access-account.md 1, 2.1, 4, 7.5 and 9; trackers.md 2, 7 and 8.
 */

/**
 * How a user connects the platform, as the integration's `type` says: an OAuth 2.0 or OAuth 1.0a
 * consent popup (2.12, 2.13; OAuth 1.0a, X: the return page carries `oauth_token` and
 * `oauth_verifier`, tokens carry a secret and are revoked by token plus secret, overview 7.5), an
 * API key entered in a modal (Cake: "Connect with Cake", API Key and Domain), or a file upload (the
 * CSV source).
 */
export type PlatformAuth = "oauth2" | "oauth1" | "apiKey" | "file";

/**
 * The account-listing call of the tracker wizard (trackers.md 7): `POST /api/{segment}/{call}` with
 * `{integration}`, answering `{statusCode, msg, views}`; `alsoAs` is the field the spec names for
 * the same list on this platform (`body` for Cake, Amazon, Reddit and CSV; `accounts` for Facebook
 * and LinkedIn).
 */
export interface OneStepListing {
  readonly steps: 1;
  readonly call: string;
  readonly alsoAs?: "body" | "accounts";
}

/**
 * A listing in two calls (trackers.md 7, Microsoft Ads): the first (`userCall`) answers
 * `{user: {...}}` with the platform user under `userFields`' names; the second (`accountsCall`)
 * takes those fields back with the integration and answers `{views}`.
 */
export interface TwoStepListing {
  readonly steps: 2;
  readonly userCall: string;
  readonly accountsCall: string;
  /** The spec's names of the user's id, customer id and customer roles in both calls. */
  readonly userFields: {
    readonly userId: string;
    readonly customerId: string;
    readonly customerRoles: string;
  };
}

/** What the catalogue knows of one platform. Optional facts are absent where the spec gives none. */
export interface PlatformEntry {
  /** Integration slug, as stored on connections and trackers (`dataSource.integration.slug`). */
  readonly slug: string;
  /** Product name: tiles, pickers, messages ('Successfully connected with {name}'). */
  readonly name: string;
  /** The initials standing for it in tables and tiles. */
  readonly mark: string;
  /** The mark's background (white initials on it read at 4.5:1 or more). */
  readonly color: string;
  readonly auth: PlatformAuth;
  /** 'beta' (Reddit) and 'not live' (Snapchat: listed, choosing it only alerts). */
  readonly status?: "beta" | "not live";
  /** The integration's `category` (spec 3): `affiliate` (Cake), `programmatic` (DV360). */
  readonly category?: string;
  /** Path segment of the platform's calls, `/api/{segment}/...`; none for a platform without calls. */
  readonly segment?: string;
  /** The SPA return page the consent redirects to (OAuth platforms; overview-access-account.md 2.1). */
  readonly returnPage?: string;
  /** The response call's answer field carrying the integration (spec 7.6). */
  readonly responseField?: string;
  /**
   * The return page's failure texts (spec 2.13), the one shown by default first; absent: the
   * generic {@link GENERIC_FAILURE}.
   */
  readonly returnFailureTexts?: readonly string[];
  /** The failure text when the platform refused a personal (consumer) account (Microsoft, 2.13). */
  readonly personalAccountFailureText?: string;
  /** What a failed authenticate call says (Reddit's own text, spec 8); absent: the generic one. */
  readonly authenticateFailureText?: string;
  /** The toast in the window that opened the popup when connecting failed (spec 8), if any. */
  readonly failureToast?: string;
  readonly listing?: OneStepListing | TwoStepListing;
  /** Message of an account listing the platform refused (Microsoft's own text, trackers.md 8). */
  readonly listingFailureText?: string;
  /** The web app's alert when listing the accounts fails (Reddit, trackers.md 8). */
  readonly listingFailureAlert?: string;
  /** The wizard's account-picker prompt when it is not 'Select your {name} Account' (trackers.md 2). */
  readonly accountPrompt?: string;
  /**
   * It has the spec's revoke-token call (overview-access-account.md 7.5): by access token
   * (`/revoke-token/{accessToken}`), or by token plus secret for OAuth 1.0a
   * (`/revoke-token/{token}/{secret}`).
   */
  readonly revokeToken?: boolean;
  /** A connection without a refresh token is danger (spec 9: the refresh-token list). */
  readonly needsRefreshToken?: boolean;
  /** Its access token expires and the user must refresh the connection (spec 9: Facebook). */
  readonly accessTokenExpires?: boolean;
}

/** Generic return-page failure (pods-budgets-alerts-users-connections.md 2.13). */
export const GENERIC_FAILURE =
  "Something went wrong with this request, please try again and if the problem persists contact support.";
/** Microsoft Ads return-page failure (2.13). */
export const BING_FAILURE =
  "Something went wrong with this request, please try again and if the problem persists try another Microsoft Ads account. If the problem persist contact support.";
/** Microsoft Ads return-page failure for a personal Microsoft account (2.13). */
export const BING_PERSONAL_ACCOUNT_FAILURE =
  "Personal Microsoft Ads accounts cannot be used to integration with Microsoft Ads, you must use a business account.";
/** Reddit Ads return-page failure (2.13). */
export const REDDIT_FAILURE = "Something went wrong with your Reddit Ads connection.";
/** Reddit Ads authenticate failure (spec 8). */
export const REDDIT_AUTHENTICATE_FAILURE = "Failed to authenticate with Reddit Ads";
/** Microsoft Ads account-listing failure (trackers.md 8). */
export const BING_LISTING_FAILURE = "There was a problem with Microsoft Ads, please re-authenticate";

const getAccount = { steps: 1, call: "get-account" } as const;
const getUserAccounts = { steps: 1, call: "get-user-accounts" } as const;

/**
 * Every platform, grouped by kind of channel (search and programmatic, social, retail, affiliate,
 * file) and by name within a group. Adding a platform: one entry here, one connector folder
 * (`packages/connectors/README.md`, "Adding a platform") and one sandbox module.
 */
export const PLATFORM_CATALOGUE = [
  {
    slug: "googleads",
    name: "Google Ads",
    mark: "GA",
    color: "#1a73e8",
    auth: "oauth2",
    segment: "google-ads",
    returnPage: "/google-ads-response",
    responseField: "googleAdsObj",
    listing: getUserAccounts,
    revokeToken: true,
    needsRefreshToken: true,
  },
  {
    slug: "googledv360",
    name: "Google DV360",
    mark: "DV",
    color: "#137333",
    auth: "oauth2",
    category: "programmatic",
    // The spec hides DV360's paths ({token}); they follow the others (return page listed in 2.1).
    segment: "google-dv360",
    returnPage: "/google-dv360-response",
    responseField: "googleDv360Obj",
    listing: getUserAccounts,
    revokeToken: true,
    needsRefreshToken: true,
  },
  {
    slug: "bingads",
    name: "Microsoft Ads",
    mark: "MS",
    color: "#00809d",
    auth: "oauth2",
    segment: "bing-ads",
    returnPage: "/bing-ads-response",
    responseField: "bingAdsObj",
    returnFailureTexts: [BING_FAILURE, BING_PERSONAL_ACCOUNT_FAILURE],
    failureToast: "Microsoft Ads connection failed, please try again or use an alternative Bing Ads account",
    personalAccountFailureText: BING_PERSONAL_ACCOUNT_FAILURE,
    listing: {
      steps: 2,
      userCall: "get-user",
      accountsCall: "get-accounts",
      userFields: {
        userId: "bingAdsUserId",
        customerId: "bingAdsCustomerId",
        customerRoles: "bingAdsCustomerRoles",
      },
    },
    listingFailureText: BING_LISTING_FAILURE,
    needsRefreshToken: true,
  },
  {
    slug: "facebookads",
    name: "Facebook Ads",
    mark: "FB",
    color: "#166fe5",
    auth: "oauth2",
    segment: "facebook-ads",
    returnPage: "/facebook-ads-response",
    responseField: "integrationObj",
    listing: { ...getAccount, alsoAs: "accounts" },
    accessTokenExpires: true,
  },
  {
    slug: "linkedinads",
    name: "LinkedIn Ads",
    mark: "LI",
    color: "#0a66c2",
    auth: "oauth2",
    segment: "linkedin-ads",
    returnPage: "/linkedin-response",
    responseField: "linkedinAdsObject",
    listing: { steps: 1, call: "accounts", alsoAs: "accounts" },
    accountPrompt: "Choose your LinkedIn account",
    needsRefreshToken: true,
  },
  {
    slug: "pinterestads",
    name: "Pinterest Ads",
    mark: "PI",
    color: "#bd081c",
    auth: "oauth2",
    segment: "pinterest-ads",
    returnPage: "/pinterest-ads-response",
    responseField: "integrationObj",
    listing: getAccount,
  },
  {
    slug: "redditads",
    name: "Reddit Ads",
    mark: "RD",
    color: "#c13b00",
    auth: "oauth2",
    status: "beta",
    segment: "reddit-ads",
    returnPage: "/reddit-ads-response",
    responseField: "integrationObj",
    returnFailureTexts: [REDDIT_FAILURE],
    authenticateFailureText: REDDIT_AUTHENTICATE_FAILURE,
    failureToast: "Failed to connect with Reddit Ads",
    listing: { ...getAccount, alsoAs: "body" },
    listingFailureAlert: "Failed to get Reddit Ads accounts",
  },
  {
    slug: "snapchatads",
    name: "Snapchat Ads",
    mark: "SC",
    color: "#6b5d00",
    auth: "oauth2",
    status: "not live",
    needsRefreshToken: true,
  },
  {
    slug: "tiktokads",
    name: "TikTok Ads",
    mark: "TT",
    color: "#111111",
    auth: "oauth2",
    segment: "tiktok-ads",
    returnPage: "/tiktok-ads-response",
    responseField: "tiktokAdsObj",
    listing: getUserAccounts,
  },
  {
    slug: "twitterads",
    name: "Twitter Ads",
    mark: "X",
    color: "#0f1419",
    auth: "oauth1",
    segment: "twitter-ads",
    returnPage: "/twitter-ads-response",
    responseField: "twitterAdsObject",
    listing: getAccount,
    revokeToken: true,
  },
  {
    slug: "amazonads",
    name: "Amazon Ads",
    mark: "AZ",
    color: "#232f3e",
    auth: "oauth2",
    segment: "amazon-ads",
    returnPage: "/amazon-ads-response",
    responseField: "amazonAdsObject",
    listing: { ...getAccount, alsoAs: "body" },
  },
  {
    slug: "cake",
    name: "Cake",
    mark: "CK",
    color: "#b7295a",
    auth: "apiKey",
    category: "affiliate",
    segment: "cake",
    responseField: "integrationObj",
    listing: { ...getAccount, alsoAs: "body" },
  },
  // Trackers on imported CSV rows; connected by upload (`POST /api/csv/import`), not on the Connections page.
  {
    slug: "csv",
    name: "Manual / CSV",
    mark: "CSV",
    color: "#4f5963",
    auth: "file",
    segment: "csv",
    listing: { ...getAccount, alsoAs: "body" },
  },
] as const satisfies readonly PlatformEntry[];

/** A slug of the catalogue. */
export type PlatformSlug = (typeof PLATFORM_CATALOGUE)[number]["slug"];

/** The OAuth platforms with a return page (the ones with authenticate and response calls). */
export type OAuthPlatformSlug = Extract<
  (typeof PLATFORM_CATALOGUE)[number],
  { auth: "oauth2" | "oauth1"; returnPage: string }
>["slug"];

/** Every slug of the catalogue, in catalogue order. */
export const PLATFORM_SLUGS: readonly PlatformSlug[] = PLATFORM_CATALOGUE.map((p) => p.slug);

/** The entry of `slug` in `catalogue`, or undefined. */
export function platformEntry(
  slug: string,
  catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE,
): PlatformEntry | undefined {
  return catalogue.find((p) => p.slug === slug);
}

/** Whether the platform connects through an OAuth consent (2.0 or 1.0a). */
export function isOAuth(entry: Pick<PlatformEntry, "auth">): boolean {
  return entry.auth === "oauth2" || entry.auth === "oauth1";
}

/** The kinds of calls a platform has under `/api/{segment}/` (spec 7.6, trackers.md 7, overview 7.5). */
export type PlatformCallKind =
  | "authenticate"
  | "response"
  | "listing"
  | "listingUser"
  | "listingAccounts"
  | "filterValues"
  | "revokeToken";

/** One call of a platform: method, path (path parameters as `{name}`) and kind. */
export interface PlatformCall {
  readonly kind: PlatformCallKind;
  readonly method: "GET" | "POST";
  readonly path: `/api/${string}`;
}

/**
 * Every call of a platform, in this order: authenticate and response (an OAuth platform with a
 * return page), response (an API-key platform: `{apiKey, domain}`), the account listing (one or
 * two calls), `filter-possible-values` (every platform with a segment but the CSV source, whose
 * rows have no campaigns) and the spec's revoke-token call. A platform without a segment has none.
 */
export function platformCalls(entry: PlatformEntry): PlatformCall[] {
  const segment = entry.segment;
  if (!segment) return [];
  const at = (kind: PlatformCallKind, method: "GET" | "POST", call: string): PlatformCall => ({
    kind,
    method,
    path: `/api/${segment}/${call}`,
  });
  const calls: PlatformCall[] = [];
  if (isOAuth(entry) && entry.returnPage) {
    calls.push(at("authenticate", "GET", "authenticate"), at("response", "POST", "response"));
  }
  if (entry.auth === "apiKey") calls.push(at("response", "POST", "response"));
  const listing = entry.listing;
  if (listing?.steps === 1) calls.push(at("listing", "POST", listing.call));
  if (listing?.steps === 2) {
    calls.push(
      at("listingUser", "POST", listing.userCall),
      at("listingAccounts", "POST", listing.accountsCall),
    );
  }
  if (entry.auth !== "file") calls.push(at("filterValues", "POST", "filter-possible-values"));
  if (entry.revokeToken) {
    const params = entry.auth === "oauth1" ? "{token}/{secret}" : "{accessToken}";
    calls.push(at("revokeToken", "GET", `revoke-token/${params}`));
  }
  return calls;
}

/** `/api/{segment}/{call}` of a platform, or undefined when it has no such call. */
export function platformCallPath(
  entry: PlatformEntry | undefined,
  kind: PlatformCallKind,
): string | undefined {
  return entry ? platformCalls(entry).find((c) => c.kind === kind)?.path : undefined;
}

/** The return-page failure text shown by default (2.13). */
export function returnFailureText(entry: PlatformEntry): string {
  return entry.returnFailureTexts?.[0] ?? GENERIC_FAILURE;
}
