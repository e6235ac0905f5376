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

/** Currency and time zone of an account (the places the demo accounts sit in). */
type Place = Pick<DemoAccount, "currency" | "timeZone">;
const GBP_LONDON: Place = { currency: "GBP", timeZone: "Europe/London" };
const USD_NEW_YORK: Place = { currency: "USD", timeZone: "America/New_York" };
const USD_LOS_ANGELES: Place = { currency: "USD", timeZone: "America/Los_Angeles" };

/** A platform campaign backed by the source campaign `source` (by default the same name), enabled unless said. */
function campaign(
  id: string,
  name: string,
  source: string = name,
  status: DemoCampaign["status"] = "ENABLED",
): DemoCampaign {
  return { id, name, source, status };
}

/** A demo account; `extra` carries a platform's own fields (Google Ads managers, Microsoft customers). */
function account(
  platform: string,
  id: string,
  name: string,
  place: Place,
  factorPercent: number,
  campaigns: DemoCampaign[],
  extra: Pick<DemoAccount, "managerId" | "manager" | "customerId"> = {},
): DemoAccount {
  return { platform, id, name, ...place, factorPercent, ...extra, campaigns };
}

/** All demo accounts. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account("googleads", "1112223333", "Pacer Demo - Search", GBP_LONDON, 100, [
    campaign("89459845", "google_hot"),
    campaign("127823", "google_wide"),
  ]),
  account("googleads", "9990001111", "Pacer Demo Agency (manager)", GBP_LONDON, 100, [], { manager: true }),
  account(
    "googleads",
    "4445556666",
    "Pacer Demo - YouTube",
    USD_NEW_YORK,
    50,
    [campaign("10934", "youtube_blogger")],
    { managerId: "9990001111" },
  ),
  account("facebookads", "101000000000001", "Pacer Demo - Facebook", GBP_LONDON, 100, [
    campaign("349043", "facebook_tier1"),
    campaign("348934", "facebook_tier2", "facebOOK_tier2"),
    campaign("4387490", "facebook_retargeting"),
    campaign("544756", "facebook_lal", "facebook_lal", "PAUSED"),
  ]),
  account(
    "facebookads",
    "101000000000002",
    "Pacer Demo - Instagram",
    { currency: "EUR", timeZone: "Europe/Berlin" },
    100,
    [
      campaign("9034945", "instagram_tier1"),
      campaign("983498", "instagram_tier2"),
      campaign("374754", "instagram_blogger"),
    ],
  ),
  account(
    "bingads",
    "180000101",
    "Pacer Demo - Microsoft Search",
    USD_NEW_YORK,
    40,
    [
      campaign("89459845", "bing_search_hot", "google_hot"),
      campaign("127823", "bing_search_wide", "google_wide"),
    ],
    { customerId: "250000101" },
  ),
  account(
    "bingads",
    "180000202",
    "Pacer Demo - Microsoft Audience",
    GBP_LONDON,
    25,
    [campaign("10934", "bing_audience_video", "youtube_blogger")],
    { customerId: "250000202" },
  ),
  account("linkedinads", "508000101", "Pacer Demo - LinkedIn", { currency: "EUR", timeZone: "UTC" }, 20, [
    campaign("349043", "linkedin_sponsored_content", "facebook_tier1"),
    campaign("4387490", "linkedin_retargeting", "facebook_retargeting", "PAUSED"),
    campaign("544756", "linkedin_lead_gen", "facebook_lal"),
  ]),
  account("tiktokads", "7000000000000000101", "Pacer Demo - TikTok", USD_LOS_ANGELES, 60, [
    campaign("374754", "tiktok_creators", "instagram_blogger"),
    campaign("983498", "tiktok_in_feed", "instagram_tier2"),
  ]),
  account(
    "pinterestads",
    "549000000101",
    "Pacer Demo - Pinterest",
    { currency: "GBP", timeZone: "UTC" },
    50,
    [
      campaign("9034945", "pinterest_shopping", "instagram_tier1"),
      campaign("348934", "pinterest_awareness", "facebOOK_tier2", "PAUSED"),
    ],
  ),
  account("twitterads", "18ce54pcrdm", "Pacer Demo - X", USD_LOS_ANGELES, 40, [
    campaign("7hbn", "x_promoted_tier1", "facebook_tier1"),
    campaign("2m1eq", "x_retargeting", "facebook_retargeting"),
    campaign("l2ve", "x_video_views", "instagram_tier2", "PAUSED"),
  ]),
  account("redditads", "a2_pacerdemo01", "Pacer Demo - Reddit", GBP_LONDON, 25, [
    campaign("9034945", "reddit_communities", "instagram_tier1"),
    campaign("127823", "reddit_conversation", "google_wide"),
  ]),
  account("amazonads", "3810822089931808", "Pacer Demo Store (US)", USD_LOS_ANGELES, 60, [
    campaign("89459845", "sp_auto_bestsellers", "google_hot"),
    campaign("10934", "sb_brand_video", "youtube_blogger"),
    campaign("4387490", "sd_retargeting", "facebook_retargeting", "PAUSED"),
  ]),
  account("amazonads", "2859176666497025", "Pacer Demo Store (UK)", GBP_LONDON, 30, [
    campaign("127823", "sp_manual_keywords", "google_wide"),
    campaign("374754", "sd_audiences", "instagram_blogger"),
  ]),
  account("googledv360", "7654321", "Pacer Demo - Display", GBP_LONDON, 100, [
    campaign("39889", "banner_partner"),
    campaign("544756", "display_lookalikes", "facebook_lal", "PAUSED"),
  ]),
  account(
    "googledv360",
    "7654322",
    "Pacer Demo - Programmatic Video",
    { currency: "EUR", timeZone: "Europe/Paris" },
    20,
    [campaign("10934", "video_prospecting", "youtube_blogger")],
  ),
  account("cake", "101", "Pacer Demo Advertiser", GBP_LONDON, 10, [
    campaign("374754", "Cashback offer", "instagram_blogger"),
    campaign("348934", "Price comparison offer", "facebOOK_tier2"),
  ]),
  account("cake", "102", "Pacer Demo Lead Gen", GBP_LONDON, 5, [
    campaign("89459845", "Insurance leads offer", "google_hot", "PAUSED"),
  ]),
];

/** The demo accounts of one platform. */
export function demoAccountsOf(platform: string): DemoAccount[] {
  return DEMO_ACCOUNTS.filter((a) => a.platform === platform);
}

/** One demo account, or undefined. */
export function demoAccount(platform: string, id: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((a) => a.platform === platform && a.id === id);
}
