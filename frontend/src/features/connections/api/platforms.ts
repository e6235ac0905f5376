/**
 * The known connections (spec pods-budgets-alerts-users-connections.md 3 and 7.6): name, slug, the
 * authenticate and response paths, the return page, the response field carrying the integration,
 * and a brand colour for the tile mark.
 */
export interface Platform {
  slug: string;
  name: string;
  /** `GET` answering `{ redirectUrl }` or `{ url }` (none for Cake). */
  authenticatePath?: string;
  /** `POST` of the return page's query (Cake: apiKey and domain). */
  responsePath: string;
  /** Field of the response carrying the integration. */
  responseField: string;
  returnPage?: string;
  note?: "beta" | "not live";
  category?: string;
  color: string;
  mark: string;
  /** The return page's failure texts when they differ from the generic one. */
  failureTexts?: readonly string[];
}

export const GENERIC_FAILURE =
  "Something went wrong with this request, please try again and if the problem persists contact support.";

export const PLATFORMS: readonly Platform[] = [
  {
    slug: "amazonads",
    name: "Amazon Ads",
    authenticatePath: "/api/amazon-ads/authenticate",
    responsePath: "/api/amazon-ads/response",
    responseField: "amazonAdsObject",
    returnPage: "/amazon-ads-response",
    color: "#232f3e",
    mark: "AZ",
  },
  {
    slug: "cake",
    name: "Cake",
    responsePath: "/api/cake/response",
    responseField: "integrationObj",
    category: "affiliate",
    color: "#b7295a",
    mark: "CK",
  },
  {
    slug: "googleads",
    name: "Google Ads",
    authenticatePath: "/api/google-ads/authenticate",
    responsePath: "/api/google-ads/response",
    responseField: "googleAdsObj",
    returnPage: "/google-ads-response",
    color: "#1a73e8",
    mark: "GA",
  },
  {
    slug: "googledv360",
    name: "Google DV360",
    authenticatePath: "/api/google-dv360/authenticate",
    responsePath: "/api/google-dv360/response",
    responseField: "googleDv360Obj",
    returnPage: "/google-dv360-response",
    category: "programmatic",
    color: "#137333",
    mark: "DV",
  },
  {
    slug: "bingads",
    name: "Microsoft Ads",
    authenticatePath: "/api/bing-ads/authenticate",
    responsePath: "/api/bing-ads/response",
    responseField: "bingAdsObj",
    returnPage: "/bing-ads-response",
    color: "#00809d",
    mark: "MS",
    failureTexts: [
      "Something went wrong with this request, please try again and if the problem persists try another Microsoft Ads account. If the problem persist contact support.",
      "Personal Microsoft Ads accounts cannot be used to integration with Microsoft Ads, you must use a business account.",
    ],
  },
  {
    slug: "snapchatads",
    name: "Snapchat Ads",
    responsePath: "",
    responseField: "integrationObj",
    note: "not live",
    color: "#6b5d00",
    mark: "SC",
  },
  {
    slug: "tiktokads",
    name: "TikTok Ads",
    authenticatePath: "/api/tiktok-ads/authenticate",
    responsePath: "/api/tiktok-ads/response",
    responseField: "tiktokAdsObj",
    returnPage: "/tiktok-ads-response",
    color: "#111111",
    mark: "TT",
  },
  {
    slug: "linkedinads",
    name: "LinkedIn Ads",
    authenticatePath: "/api/linkedin-ads/authenticate",
    responsePath: "/api/linkedin-ads/response",
    responseField: "linkedinAdsObject",
    returnPage: "/linkedin-response",
    color: "#0a66c2",
    mark: "LI",
  },
  {
    slug: "twitterads",
    name: "Twitter Ads",
    authenticatePath: "/api/twitter-ads/authenticate",
    responsePath: "/api/twitter-ads/response",
    responseField: "twitterAdsObject",
    returnPage: "/twitter-ads-response",
    color: "#0f1419",
    mark: "X",
  },
  {
    slug: "facebookads",
    name: "Facebook Ads",
    authenticatePath: "/api/facebook-ads/authenticate",
    responsePath: "/api/facebook-ads/response",
    responseField: "integrationObj",
    returnPage: "/facebook-ads-response",
    color: "#1877f2",
    mark: "FB",
  },
  {
    slug: "pinterestads",
    name: "Pinterest Ads",
    authenticatePath: "/api/pinterest-ads/authenticate",
    responsePath: "/api/pinterest-ads/response",
    responseField: "integrationObj",
    returnPage: "/pinterest-ads-response",
    color: "#bd081c",
    mark: "PI",
  },
  {
    slug: "redditads",
    name: "Reddit Ads",
    authenticatePath: "/api/reddit-ads/authenticate",
    responsePath: "/api/reddit-ads/response",
    responseField: "integrationObj",
    returnPage: "/reddit-ads-response",
    note: "beta",
    color: "#c13b00",
    mark: "RD",
    failureTexts: ["Something went wrong with your Reddit Ads connection."],
  },
];

/** The platforms sorted by name, for the add modal. */
export const PLATFORMS_BY_NAME = [...PLATFORMS].sort((a, b) => a.name.localeCompare(b.name));

export function platformBySlug(slug: string): Platform | undefined {
  return PLATFORMS.find((p) => p.slug === slug);
}

export function platformByReturnPage(path: string): Platform | undefined {
  const clean = path.replace(/\/+$/, "");
  return PLATFORMS.find((p) => p.returnPage === clean);
}

/** The popup window's size (spec 9: 600x550). */
export const POPUP_FEATURES = "width=600,height=550";
/** Name of the popup window, so a second click reuses it. */
export const POPUP_NAME = "pacer-connect";
/** The message a return page posts to its opener. */
export const CONNECTED_MESSAGE = "pacer:integration-connected";
