/**
 * The sandbox's demo ad accounts: which source campaign backs which platform campaign, per
 * account, with the account's currency, time zone and factor. Add one entry per account when you
 * add a platform module (the README's data-mapping table lists them all).
 */

/** A platform campaign backed by one source campaign of the shared data file. */
export interface DemoCampaign {
  /** Platform campaign id (the source file's campaign_id). */
  id: string;
  /** Name shown by the platform (the source name, with `facebOOK_tier2` written `facebook_tier2`). */
  name: string;
  /** `campaign_name` in the source file (matched case-insensitively). */
  source: string;
  status: "ENABLED" | "PAUSED";
}

/** A demo ad account on one platform. */
export interface DemoAccount {
  /** Sandbox prefix = integration slug, e.g. `googleads`. */
  platform: string;
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  /**
   * Every figure of every replayed day is multiplied by factorPercent / 100 (money rounded to the
   * micro, counts to the unit). 100 = the real figures.
   */
  factorPercent: number;
  campaigns: DemoCampaign[];
  /** Google Ads: the manager this client account is reached through. */
  managerId?: string;
  /** Google Ads: a manager account (no metrics of its own). */
  manager?: boolean;
  /** Microsoft Advertising: the customer that owns this account (`CustomerId` header of account calls). */
  customerId?: string;
}

/** All demo accounts. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    platform: "googleads",
    id: "1112223333",
    name: "Pacer Demo - Search",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 100,
    campaigns: [
      { id: "89459845", name: "google_hot", source: "google_hot", status: "ENABLED" },
      { id: "127823", name: "google_wide", source: "google_wide", status: "ENABLED" },
    ],
  },
  {
    platform: "googleads",
    id: "9990001111",
    name: "Pacer Demo Agency (manager)",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 100,
    manager: true,
    campaigns: [],
  },
  {
    platform: "googleads",
    id: "4445556666",
    name: "Pacer Demo - YouTube",
    currency: "USD",
    timeZone: "America/New_York",
    factorPercent: 50,
    managerId: "9990001111",
    campaigns: [{ id: "10934", name: "youtube_blogger", source: "youtube_blogger", status: "ENABLED" }],
  },
  {
    platform: "facebookads",
    id: "101000000000001",
    name: "Pacer Demo - Facebook",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 100,
    campaigns: [
      { id: "349043", name: "facebook_tier1", source: "facebook_tier1", status: "ENABLED" },
      { id: "348934", name: "facebook_tier2", source: "facebOOK_tier2", status: "ENABLED" },
      { id: "4387490", name: "facebook_retargeting", source: "facebook_retargeting", status: "ENABLED" },
      { id: "544756", name: "facebook_lal", source: "facebook_lal", status: "PAUSED" },
    ],
  },
  {
    platform: "facebookads",
    id: "101000000000002",
    name: "Pacer Demo - Instagram",
    currency: "EUR",
    timeZone: "Europe/Berlin",
    factorPercent: 100,
    campaigns: [
      { id: "9034945", name: "instagram_tier1", source: "instagram_tier1", status: "ENABLED" },
      { id: "983498", name: "instagram_tier2", source: "instagram_tier2", status: "ENABLED" },
      { id: "374754", name: "instagram_blogger", source: "instagram_blogger", status: "ENABLED" },
    ],
  },
  {
    platform: "bingads",
    id: "180000101",
    name: "Pacer Demo - Microsoft Search",
    currency: "USD",
    timeZone: "America/New_York",
    factorPercent: 40,
    customerId: "250000101",
    campaigns: [
      { id: "89459845", name: "bing_search_hot", source: "google_hot", status: "ENABLED" },
      { id: "127823", name: "bing_search_wide", source: "google_wide", status: "ENABLED" },
    ],
  },
  {
    platform: "bingads",
    id: "180000202",
    name: "Pacer Demo - Microsoft Audience",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 25,
    customerId: "250000202",
    campaigns: [{ id: "10934", name: "bing_audience_video", source: "youtube_blogger", status: "ENABLED" }],
  },
  {
    platform: "linkedinads",
    id: "508000101",
    name: "Pacer Demo - LinkedIn",
    currency: "EUR",
    timeZone: "UTC",
    factorPercent: 20,
    campaigns: [
      { id: "349043", name: "linkedin_sponsored_content", source: "facebook_tier1", status: "ENABLED" },
      { id: "4387490", name: "linkedin_retargeting", source: "facebook_retargeting", status: "PAUSED" },
    ],
  },
  {
    platform: "tiktokads",
    id: "7000000000000000101",
    name: "Pacer Demo - TikTok",
    currency: "USD",
    timeZone: "America/Los_Angeles",
    factorPercent: 60,
    campaigns: [
      { id: "374754", name: "tiktok_creators", source: "instagram_blogger", status: "ENABLED" },
      { id: "983498", name: "tiktok_in_feed", source: "instagram_tier2", status: "ENABLED" },
    ],
  },
  {
    platform: "pinterestads",
    id: "549000000101",
    name: "Pacer Demo - Pinterest",
    currency: "GBP",
    timeZone: "UTC",
    factorPercent: 50,
    campaigns: [
      { id: "9034945", name: "pinterest_shopping", source: "instagram_tier1", status: "ENABLED" },
      { id: "348934", name: "pinterest_awareness", source: "facebOOK_tier2", status: "PAUSED" },
    ],
  },
  {
    platform: "twitterads",
    id: "18ce54pcrdm",
    name: "Pacer Demo - X",
    currency: "USD",
    timeZone: "America/Los_Angeles",
    factorPercent: 40,
    campaigns: [
      { id: "7hbn", name: "x_promoted_tier1", source: "facebook_tier1", status: "ENABLED" },
      { id: "2m1eq", name: "x_retargeting", source: "facebook_retargeting", status: "ENABLED" },
      { id: "l2ve", name: "x_video_views", source: "instagram_tier2", status: "PAUSED" },
    ],
  },
  {
    platform: "redditads",
    id: "a2_pacerdemo01",
    name: "Pacer Demo - Reddit",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 25,
    campaigns: [
      { id: "9034945", name: "reddit_communities", source: "instagram_tier1", status: "ENABLED" },
      { id: "127823", name: "reddit_conversation", source: "google_wide", status: "ENABLED" },
    ],
  },
  {
    platform: "amazonads",
    id: "3810822089931808",
    name: "Pacer Demo Store (US)",
    currency: "USD",
    timeZone: "America/Los_Angeles",
    factorPercent: 60,
    campaigns: [
      { id: "89459845", name: "sp_auto_bestsellers", source: "google_hot", status: "ENABLED" },
      { id: "10934", name: "sb_brand_video", source: "youtube_blogger", status: "ENABLED" },
      { id: "4387490", name: "sd_retargeting", source: "facebook_retargeting", status: "PAUSED" },
    ],
  },
  {
    platform: "amazonads",
    id: "2859176666497025",
    name: "Pacer Demo Store (UK)",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 30,
    campaigns: [
      { id: "127823", name: "sp_manual_keywords", source: "google_wide", status: "ENABLED" },
      { id: "374754", name: "sd_audiences", source: "instagram_blogger", status: "ENABLED" },
    ],
  },
  {
    platform: "googledv360",
    id: "7654321",
    name: "Pacer Demo - Display",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 100,
    campaigns: [
      { id: "39889", name: "banner_partner", source: "banner_partner", status: "ENABLED" },
      { id: "544756", name: "display_lookalikes", source: "facebook_lal", status: "PAUSED" },
    ],
  },
  {
    platform: "googledv360",
    id: "7654322",
    name: "Pacer Demo - Programmatic Video",
    currency: "EUR",
    timeZone: "Europe/Paris",
    factorPercent: 20,
    campaigns: [{ id: "10934", name: "video_prospecting", source: "youtube_blogger", status: "ENABLED" }],
  },
  {
    platform: "cake",
    id: "101",
    name: "Pacer Demo Advertiser",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 10,
    campaigns: [
      { id: "374754", name: "Cashback offer", source: "instagram_blogger", status: "ENABLED" },
      { id: "348934", name: "Price comparison offer", source: "facebOOK_tier2", status: "ENABLED" },
    ],
  },
  {
    platform: "cake",
    id: "102",
    name: "Pacer Demo Lead Gen",
    currency: "GBP",
    timeZone: "Europe/London",
    factorPercent: 5,
    campaigns: [{ id: "89459845", name: "Insurance leads offer", source: "google_hot", status: "PAUSED" }],
  },
];

/** The demo accounts of one platform. */
export function demoAccountsOf(platform: string): DemoAccount[] {
  return DEMO_ACCOUNTS.filter((a) => a.platform === platform);
}

/** One demo account, or undefined. */
export function demoAccount(platform: string, id: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((a) => a.platform === platform && a.id === id);
}
