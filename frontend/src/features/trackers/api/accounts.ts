import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import type { Integration } from "../../../lib/integrations";
import { notify } from "../../../lib/notify";

/**
 * The platform accounts ("views") of a connection, for step 2 of the Create Tracker wizard (spec
 * trackers.md section 7, account-listing calls; functions/README.md). The body names the connection
 * (`{ integration: { slug, email } }`, never tokens); the answer is the spec's envelope
 * `{ statusCode, msg, views }` (some platforms also as `body` or `accounts`, or a bare list). A body
 * whose statusCode is not 200 is a failure (spec section 8).
 */
export interface PlatformAccount {
  id: string;
  name: string;
  currency?: string;
  timeZone?: string;
  metaData?: Record<string, unknown>;
}

/** The account-listing path of each connection (payload: the integration). */
export const ACCOUNT_LIST_PATHS: Readonly<Record<string, string>> = {
  googleads: "/api/google-ads/get-user-accounts",
  googledv360: "/api/google-dv360/get-user-accounts",
  csv: "/api/csv/get-account",
  twitterads: "/api/twitter-ads/get-account",
  cake: "/api/cake/get-account",
  amazonads: "/api/amazon-ads/get-account",
  redditads: "/api/reddit-ads/get-account",
  facebookads: "/api/facebook-ads/get-account",
  linkedinads: "/api/linkedin-ads/accounts",
  pinterestads: "/api/pinterest-ads/get-account",
  tiktokads: "/api/tiktok-ads/get-user-accounts",
};

/** The step 2 prompt per channel (spec section 2: 'Select your Facebook Ads Account', ...). */
export function accountPrompt(slug: string, name: string): string {
  switch (slug) {
    case "facebookads":
      return "Select your Facebook Ads Account";
    case "bingads":
      return "Select your Microsoft Ads Account";
    case "linkedinads":
      return "Choose your LinkedIn account";
    case "pinterestads":
      return "Select your Pinterest Ads Account";
    case "tiktokads":
      return "Select your TikTok Ads Account";
    default:
      return `Select your ${name} Account`;
  }
}

/** The Microsoft Ads failure text (spec section 8). */
export const BING_ACCOUNTS_FAILURE = "There was a problem with Microsoft Ads, please re-authenticate";

type Raw = Record<string, unknown>;

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}

/** One platform account from any of the platforms' shapes. */
export function readAccount(raw: unknown): PlatformAccount | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Raw;
  const id =
    str(r.id) ??
    str(r.Id) ??
    str(r.account_id) ??
    str(r.accountId) ??
    str(r.customerId) ??
    str(r.advertiser_id);
  if (!id) return null;
  const name = str(r.name) ?? str(r.Name) ?? str(r.descriptiveName) ?? str(r.account_name) ?? id;
  const account: PlatformAccount = { id, name };
  const currency = str(r.currency) ?? str(r.currencyCode) ?? str(r.CurrencyCode);
  const timeZone = str(r.timeZone) ?? str(r.timezone) ?? str(r.time_zone);
  if (currency) account.currency = currency;
  if (timeZone) account.timeZone = timeZone;
  if (r.metaData && typeof r.metaData === "object") account.metaData = r.metaData as Record<string, unknown>;
  return account;
}

/** The list of accounts of an answer: a bare list, or `views`, `accounts` or `data`. */
export function readAccounts(answer: unknown): PlatformAccount[] {
  let list: unknown = answer;
  if (answer && typeof answer === "object" && !Array.isArray(answer)) {
    const a = answer as Raw;
    if (a.statusCode !== undefined && a.statusCode !== 200) {
      throw new ApiError(401, str(a.msg) ?? "Something went wrong");
    }
    list = a.views ?? a.accounts ?? a.body ?? a.data ?? [];
  }
  if (!Array.isArray(list)) return [];
  return list.map(readAccount).filter((a): a is PlatformAccount => a !== null);
}

/** The connection as the listing calls name it. */
function refOf(integration: Integration) {
  return { slug: integration.slug, email: integration.email ?? "" };
}

async function listBingAccounts(integration: Integration): Promise<PlatformAccount[]> {
  try {
    const answer = await api.post<Raw>("/api/bing-ads/get-user", { integration: refOf(integration) });
    if (answer.statusCode !== undefined && answer.statusCode !== 200)
      throw new ApiError(401, BING_ACCOUNTS_FAILURE);
    const u = (answer.user ?? {}) as Raw;
    const accounts = await api.post<unknown>("/api/bing-ads/get-accounts", {
      bingAdsUserId: u.bingAdsUserId,
      bingAdsCustomerId: u.bingAdsCustomerId,
      bingAdsCustomerRoles: u.bingAdsCustomerRoles,
      integration: refOf(integration),
    });
    return readAccounts(accounts);
  } catch (error) {
    throw new ApiError(error instanceof ApiError ? error.status : 500, BING_ACCOUNTS_FAILURE);
  }
}

/** Lists a connection's platform accounts. */
export async function listPlatformAccounts(integration: Integration): Promise<PlatformAccount[]> {
  if (integration.slug === "bingads") return listBingAccounts(integration);
  const path = ACCOUNT_LIST_PATHS[integration.slug];
  if (!path) throw new ApiError(400, "This connection cannot list accounts");
  try {
    return readAccounts(await api.post<unknown>(path, { integration: refOf(integration) }));
  } catch (error) {
    if (integration.slug === "redditads") notify.danger("Failed to get Reddit Ads accounts");
    throw error;
  }
}

export function usePlatformAccounts(integration: Integration | null) {
  return useQuery({
    queryKey: ["platform-accounts", integration?.slug, integration?.email],
    queryFn: () => listPlatformAccounts(integration as Integration),
    enabled: integration !== null,
    retry: false,
    staleTime: 60_000,
  });
}
