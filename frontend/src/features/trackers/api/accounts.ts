import type { TwoStepListing } from "@pacer/core/platforms";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import type { Integration } from "../../../lib/integrations";
import { notify } from "../../../lib/notify";
import { PLATFORMS, platformBySlug } from "../../../lib/platforms";

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

/**
 * The account-listing path of each connection listed in one call (payload: the integration), from
 * the platform catalogue.
 */
export const ACCOUNT_LIST_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  PLATFORMS.flatMap((p) =>
    p.entry.listing?.steps === 1 && p.entry.segment
      ? [[p.slug, `/api/${p.entry.segment}/${p.entry.listing.call}`]]
      : [],
  ),
);

/**
 * The step 2 prompt per channel (spec section 2: 'Select your Facebook Ads Account', 'Choose your
 * LinkedIn account', ...): the catalogue's own prompt, else 'Select your {name} Account' with the
 * catalogue's name (`name` for a channel it does not know).
 */
export function accountPrompt(slug: string, name: string): string {
  const platform = platformBySlug(slug);
  return platform?.entry.accountPrompt ?? `Select your ${platform?.name ?? name} Account`;
}

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

/**
 * A listing in two calls (Microsoft Ads, trackers.md 7): the user, then the accounts of that user
 * with the user's fields sent back. Any failure shows the platform's own text (spec section 8).
 */
async function listInTwoSteps(
  integration: Integration,
  segment: string,
  listing: TwoStepListing,
  failureText: string,
): Promise<PlatformAccount[]> {
  const { userId, customerId, customerRoles } = listing.userFields;
  try {
    const answer = await api.post<Raw>(`/api/${segment}/${listing.userCall}`, {
      integration: refOf(integration),
    });
    if (answer.statusCode !== undefined && answer.statusCode !== 200) throw new ApiError(401, failureText);
    const u = (answer.user ?? {}) as Raw;
    const accounts = await api.post<unknown>(`/api/${segment}/${listing.accountsCall}`, {
      [userId]: u[userId],
      [customerId]: u[customerId],
      [customerRoles]: u[customerRoles],
      integration: refOf(integration),
    });
    return readAccounts(accounts);
  } catch (error) {
    throw new ApiError(error instanceof ApiError ? error.status : 500, failureText);
  }
}

/** Lists a connection's platform accounts (the listing calls of its catalogue entry). */
export async function listPlatformAccounts(integration: Integration): Promise<PlatformAccount[]> {
  const entry = platformBySlug(integration.slug)?.entry;
  if (entry?.listing?.steps === 2 && entry.segment) {
    return listInTwoSteps(
      integration,
      entry.segment,
      entry.listing,
      entry.listingFailureText ?? "Something went wrong",
    );
  }
  const path = ACCOUNT_LIST_PATHS[integration.slug];
  if (!path) throw new ApiError(400, "This connection cannot list accounts");
  try {
    return readAccounts(await api.post<unknown>(path, { integration: refOf(integration) }));
  } catch (error) {
    if (entry?.listingFailureAlert) notify.danger(entry.listingFailureAlert);
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
