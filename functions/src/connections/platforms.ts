import type { IntegrationSlug } from "@pacer/connectors";

/**
 * The connection facts of each platform that the spec fixes (pods-budgets-alerts-users-connections.md
 * 2.1, 2.13, 7.6 and 8; overview-access-account.md 2.1 and 7.5): the path segment of its calls, the
 * SPA return page its consent redirects to (`APP_ORIGIN` + page), the response field carrying the
 * integration, and its failure texts.
 */
export interface PlatformFacts {
  slug: IntegrationSlug;
  /** Path segment of the platform's calls, e.g. `google-ads` in `/api/google-ads/authenticate`. */
  segment: string;
  /** The SPA return page (OAuth platforms only). */
  returnPage?: string;
  /** Field of the response call's answer carrying the integration. */
  responseField: string;
  /** What the return page shows when the connection fails. */
  failureText: string;
  /** What the authenticate call answers when it fails (Reddit's own text; others the generic one). */
  authenticateFailureText: string;
  /** Message of a failed account listing (Microsoft's own text; others the platform's name and reason). */
  listingFailureText?: string;
  category?: string;
}

/** Generic return page failure (spec 2.13). */
export const GENERIC_FAILURE =
  "Something went wrong with this request, please try again and if the problem persists contact support.";
/** Microsoft Ads return page failure (spec 2.13). */
export const BING_FAILURE =
  "Something went wrong with this request, please try again and if the problem persists try another Microsoft Ads account. If the problem persist contact support.";
/** Microsoft Ads return page failure for a personal Microsoft account (spec 2.13). */
export const BING_PERSONAL_ACCOUNT_FAILURE =
  "Personal Microsoft Ads accounts cannot be used to integration with Microsoft Ads, you must use a business account.";
/** Reddit Ads return page failure (spec 2.13). */
export const REDDIT_FAILURE = "Something went wrong with your Reddit Ads connection.";
/** Reddit Ads authenticate failure (spec 8). */
export const REDDIT_AUTHENTICATE_FAILURE = "Failed to authenticate with Reddit Ads";
/** Microsoft Ads account listing failure (trackers.md 8). */
export const BING_LISTING_FAILURE = "There was a problem with Microsoft Ads, please re-authenticate";

const oauth = (
  slug: IntegrationSlug,
  segment: string,
  returnPage: string,
  responseField: string,
  extra: Partial<PlatformFacts> = {},
): PlatformFacts => ({
  slug,
  segment,
  returnPage,
  responseField,
  failureText: GENERIC_FAILURE,
  authenticateFailureText: GENERIC_FAILURE,
  ...extra,
});

/** The platforms connected through an OAuth consent popup, by slug. */
export const OAUTH_PLATFORMS = {
  amazonads: oauth("amazonads", "amazon-ads", "/amazon-ads-response", "amazonAdsObject"),
  bingads: oauth("bingads", "bing-ads", "/bing-ads-response", "bingAdsObj", {
    failureText: BING_FAILURE,
    listingFailureText: BING_LISTING_FAILURE,
  }),
  facebookads: oauth("facebookads", "facebook-ads", "/facebook-ads-response", "integrationObj"),
  googleads: oauth("googleads", "google-ads", "/google-ads-response", "googleAdsObj"),
  // DV360: the spec hides its paths; they follow the others (return page listed in spec 2.1).
  googledv360: oauth("googledv360", "google-dv360", "/google-dv360-response", "googleDv360Obj", {
    category: "programmatic",
  }),
  linkedinads: oauth("linkedinads", "linkedin-ads", "/linkedin-response", "linkedinAdsObject"),
  pinterestads: oauth("pinterestads", "pinterest-ads", "/pinterest-ads-response", "integrationObj"),
  redditads: oauth("redditads", "reddit-ads", "/reddit-ads-response", "integrationObj", {
    failureText: REDDIT_FAILURE,
    authenticateFailureText: REDDIT_AUTHENTICATE_FAILURE,
  }),
  tiktokads: oauth("tiktokads", "tiktok-ads", "/tiktok-ads-response", "tiktokAdsObj"),
  twitterads: oauth("twitterads", "twitter-ads", "/twitter-ads-response", "twitterAdsObject"),
} as const satisfies Partial<Record<IntegrationSlug, PlatformFacts>>;

export type OAuthSlug = keyof typeof OAUTH_PLATFORMS;

/** Cake: API key and domain, no consent page. */
export const CAKE: PlatformFacts = {
  slug: "cake",
  segment: "cake",
  responseField: "integrationObj",
  failureText: GENERIC_FAILURE,
  authenticateFailureText: GENERIC_FAILURE,
  category: "affiliate",
};

/** Every platform with calls under `/api/<segment>/...`, by slug (Snapchat is listed, not live: none). */
export const PLATFORM_FACTS: Partial<Record<IntegrationSlug, PlatformFacts>> = {
  ...OAUTH_PLATFORMS,
  cake: CAKE,
};

/**
 * Microsoft's personal-account refusal, as the identity platform reports it on the return page
 * (`error_description` with AADSTS codes for consumer accounts, or words naming them).
 */
export function isPersonalMicrosoftAccount(query: Record<string, string | undefined>): boolean {
  const text = `${query.error ?? ""} ${query.error_description ?? ""} ${query.error_code ?? ""}`;
  return /personal|consumer|live\.com|msa\b|AADSTS50020|AADSTS70000121|AADSTS50194/i.test(text);
}
