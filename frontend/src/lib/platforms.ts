/**
 * Every channel of the product in one list (spec pods-budgets-alerts-users-connections.md 3 and 7.6;
 * trackers.md section 1): its name, the coloured initials that stand for it in tables and tiles, the
 * path segment of its calls (`/api/{apiSegment}/authenticate`, `/response`,
 * `/filter-possible-values`), and how the Connections page connects it.
 */
export interface Platform {
  slug: string;
  name: string;
  /** The initials of its mark. */
  mark: string;
  /** The mark's background (white initials on it read at 4.5:1 or more). */
  color: string;
  /** The `{apiSegment}` of `/api/{apiSegment}/...`; none for channels without platform calls. */
  apiSegment?: string;
  /** How 'Connect now' connects it: the authorize popup, the Cake modal, or not at all yet. */
  connect?: "popup" | "cake" | "not live";
  /** The authorisation return page the platform sends the popup back to. */
  returnPage?: string;
  /** The response field carrying the integration (spec 7.6). */
  responseField?: string;
  note?: "beta" | "not live";
  category?: string;
  /** The return page's failure texts when they differ from the generic one (spec 2.13). */
  failureTexts?: readonly string[];
  /** The toast in the window that opened the popup when connecting failed (spec 8), if any. */
  failureToast?: string;
}

export const PLATFORMS: readonly Platform[] = [
  {
    slug: "amazonads",
    name: "Amazon Ads",
    mark: "AZ",
    color: "#232f3e",
    apiSegment: "amazon-ads",
    connect: "popup",
    returnPage: "/amazon-ads-response",
    responseField: "amazonAdsObject",
  },
  {
    slug: "cake",
    name: "Cake",
    mark: "CK",
    color: "#b7295a",
    apiSegment: "cake",
    connect: "cake",
    responseField: "integrationObj",
    category: "affiliate",
  },
  {
    slug: "googleads",
    name: "Google Ads",
    mark: "GA",
    color: "#1a73e8",
    apiSegment: "google-ads",
    connect: "popup",
    returnPage: "/google-ads-response",
    responseField: "googleAdsObj",
  },
  {
    slug: "googledv360",
    name: "Google DV360",
    mark: "DV",
    color: "#137333",
    apiSegment: "google-dv360",
    connect: "popup",
    returnPage: "/google-dv360-response",
    responseField: "googleDv360Obj",
    category: "programmatic",
  },
  {
    slug: "bingads",
    name: "Microsoft Ads",
    mark: "MS",
    color: "#00809d",
    apiSegment: "bing-ads",
    connect: "popup",
    returnPage: "/bing-ads-response",
    responseField: "bingAdsObj",
    failureTexts: [
      "Something went wrong with this request, please try again and if the problem persists try another Microsoft Ads account. If the problem persist contact support.",
      "Personal Microsoft Ads accounts cannot be used to integration with Microsoft Ads, you must use a business account.",
    ],
    failureToast: "Microsoft Ads connection failed, please try again or use an alternative Bing Ads account",
  },
  {
    slug: "snapchatads",
    name: "Snapchat Ads",
    mark: "SC",
    color: "#6b5d00",
    connect: "not live",
    note: "not live",
  },
  {
    slug: "tiktokads",
    name: "TikTok Ads",
    mark: "TT",
    color: "#111111",
    apiSegment: "tiktok-ads",
    connect: "popup",
    returnPage: "/tiktok-ads-response",
    responseField: "tiktokAdsObj",
  },
  {
    slug: "linkedinads",
    name: "LinkedIn Ads",
    mark: "LI",
    color: "#0a66c2",
    apiSegment: "linkedin-ads",
    connect: "popup",
    returnPage: "/linkedin-response",
    responseField: "linkedinAdsObject",
  },
  {
    slug: "twitterads",
    name: "Twitter Ads",
    mark: "X",
    color: "#0f1419",
    apiSegment: "twitter-ads",
    connect: "popup",
    returnPage: "/twitter-ads-response",
    responseField: "twitterAdsObject",
  },
  {
    slug: "facebookads",
    name: "Facebook Ads",
    mark: "FB",
    color: "#166fe5",
    apiSegment: "facebook-ads",
    connect: "popup",
    returnPage: "/facebook-ads-response",
    responseField: "integrationObj",
  },
  {
    slug: "pinterestads",
    name: "Pinterest Ads",
    mark: "PI",
    color: "#bd081c",
    apiSegment: "pinterest-ads",
    connect: "popup",
    returnPage: "/pinterest-ads-response",
    responseField: "integrationObj",
  },
  {
    slug: "redditads",
    name: "Reddit Ads",
    mark: "RD",
    color: "#c13b00",
    apiSegment: "reddit-ads",
    connect: "popup",
    returnPage: "/reddit-ads-response",
    responseField: "integrationObj",
    note: "beta",
    failureTexts: ["Something went wrong with your Reddit Ads connection."],
    failureToast: "Failed to connect with Reddit Ads",
  },
  // Trackers on imported CSV rows; connected by upload, not on the Connections page.
  { slug: "csv", name: "Manual / CSV", mark: "CSV", color: "#4f5963" },
];

/** The success toast of a new connection (spec pods-budgets... 8: 'Successfully connected with {platform}'). */
export function connectedText(platformName: string): string {
  return `Successfully connected with ${platformName}`;
}

/** A platform by its slug. */
export function platformBySlug(slug: string): Platform | undefined {
  return PLATFORMS.find((p) => p.slug === slug);
}

/** The display name of a channel slug (the slug itself when unknown). */
export function channelName(slug: string): string {
  return platformBySlug(slug)?.name ?? slug;
}

/** The platforms 'Add a Connection' offers, sorted by name (spec 2.12). */
export const CONNECTABLE_PLATFORMS: readonly Platform[] = PLATFORMS.filter((p) => p.connect).sort((a, b) =>
  a.name.localeCompare(b.name),
);

/** The authorisation return pages (spec 2.13), each a route of the SPA. */
export const RETURN_PAGE_PATHS: readonly string[] = PLATFORMS.flatMap((p) =>
  p.returnPage ? [p.returnPage] : [],
);

/** The platform whose return page is `path`. */
export function platformByReturnPage(path: string): Platform | undefined {
  const clean = path.replace(/\/+$/, "");
  return PLATFORMS.find((p) => p.returnPage === clean);
}

/** `/api/{apiSegment}/{call}` of a platform, or undefined when it has no platform calls. */
export function platformPath(slug: string, call: string): string | undefined {
  const segment = platformBySlug(slug)?.apiSegment;
  return segment ? `/api/${segment}/${call}` : undefined;
}
