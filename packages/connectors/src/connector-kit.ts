import type { HttpSettings } from "./config.ts";
import { eachDate, isIsoDate, toEpochDay } from "./dates.ts";
import { AuthError, BadRequestError, NotConfiguredError, NotSupportedError } from "./errors.ts";
import { HttpClient, type HttpClientOptions } from "./http/http-client.ts";
import {
  type ApiKeyCredentials,
  type Credentials,
  type DailyMetricsRow,
  type FilterDefinition,
  isOAuthTokens,
  type MetricsQuery,
  type OAuthTokens,
  type TrackerFilters,
} from "./types.ts";

/** Longest range one `fetchDailyMetrics` call accepts, in days (a first run asks for about 7 months). */
export const MAX_RANGE_DAYS = 800;

/** The two filters every campaign-based platform offers (spec trackers 2, Filters). */
export const CAMPAIGN_FILTERS: FilterDefinition[] = [
  {
    id: "campaigns",
    name: "Campaigns",
    type: "multipleChoice",
    descriptionText: "Only count the selected campaigns.",
  },
  {
    id: "campaignName",
    name: "Campaign name contains",
    type: "textBoxStringFilter",
    descriptionText: "Only count campaigns whose name contains this text (not case sensitive).",
  },
];

/** Builds a platform's {@link HttpClient} from the shared settings. */
export function httpClientFor(
  platform: string,
  settings: HttpSettings | undefined,
  extra: Partial<HttpClientOptions> = {},
): HttpClient {
  const options: HttpClientOptions = { platform, ...extra };
  if (settings?.fetch) options.fetch = settings.fetch;
  if (settings?.sleep) options.sleep = settings.sleep;
  if (settings?.random) options.random = settings.random;
  if (settings?.now) options.now = settings.now;
  if (settings?.timeoutMs !== undefined) options.timeoutMs = settings.timeoutMs;
  if (settings?.maxResponseBytes !== undefined) options.maxResponseBytes = settings.maxResponseBytes;
  if (settings?.retry) options.retry = settings.retry;
  if (settings?.onAttempt) options.onAttempt = settings.onAttempt;
  return new HttpClient(options);
}

/** The OAuth tokens of `credentials`. @throws BadRequestError for API-key credentials */
export function requireOAuth(credentials: Credentials, platform: string): OAuthTokens {
  if (!isOAuthTokens(credentials) || !credentials.accessToken) {
    throw new BadRequestError(`${platform}: OAuth tokens required`, {
      platform,
      reason: "wrong_credentials",
    });
  }
  return credentials;
}

/** The API-key credentials of `credentials`. @throws BadRequestError otherwise */
export function requireApiKey(credentials: Credentials, platform: string): ApiKeyCredentials {
  const c = credentials as Partial<ApiKeyCredentials>;
  if (typeof c.apiKey !== "string" || typeof c.domain !== "string" || !c.apiKey || !c.domain) {
    throw new BadRequestError(`${platform}: API key and domain required`, {
      platform,
      reason: "wrong_credentials",
    });
  }
  return { apiKey: c.apiKey, domain: c.domain };
}

/** The refresh token of `tokens`. @throws AuthError `missing_refresh_token` */
export function requireRefreshToken(tokens: OAuthTokens, platform: string): string {
  if (!tokens.refreshToken) {
    throw new AuthError(`${platform}: no refresh token, reconnect`, {
      platform,
      reason: "missing_refresh_token",
    });
  }
  return tokens.refreshToken;
}

/** Checks a metrics range. @throws BadRequestError on malformed, reversed or too long ranges */
export function checkRange(query: Pick<MetricsQuery, "from" | "to">, platform: string): void {
  if (!isIsoDate(query.from) || !isIsoDate(query.to)) {
    throw new BadRequestError(`${platform}: dates must be yyyy-MM-dd`, { platform, reason: "bad_date" });
  }
  const days = toEpochDay(query.to) - toEpochDay(query.from) + 1;
  if (days < 1)
    throw new BadRequestError(`${platform}: 'to' is before 'from'`, { platform, reason: "bad_range" });
  if (days > MAX_RANGE_DAYS) {
    throw new BadRequestError(`${platform}: range longer than ${MAX_RANGE_DAYS} days`, {
      platform,
      reason: "range_too_long",
    });
  }
}

/** Normalised filters: trimmed text, de-duplicated ids; undefined parts when empty. */
export function normaliseFilters(filters: TrackerFilters | undefined): {
  campaignIds?: string[];
  nameContains?: string;
} {
  const ids = [...new Set((filters?.campaignIds ?? []).map((id) => id.trim()).filter(Boolean))];
  const text = filters?.campaignNameContains?.trim();
  return { ...(ids.length ? { campaignIds: ids } : {}), ...(text ? { nameContains: text } : {}) };
}

/** An empty accumulator row for `date`. */
export function zeroRow(date: string): DailyMetricsRow {
  return { date, spendMicros: 0, impressions: 0, clicks: 0, conversions: 0, revenueMicros: 0 };
}

/**
 * Sums partial rows (one per campaign or page) by date and returns one row per date of the range,
 * ascending, zeros where nothing was reported. Rows outside the range are ignored.
 */
export function dailySeries(
  from: string,
  to: string,
  partials: Iterable<DailyMetricsRow>,
): DailyMetricsRow[] {
  const byDate = new Map(eachDate(from, to).map((d) => [d, zeroRow(d)]));
  for (const p of partials) {
    const row = byDate.get(p.date);
    if (!row) continue;
    row.spendMicros += p.spendMicros;
    row.impressions += p.impressions;
    row.clicks += p.clicks;
    row.conversions = roundCount(row.conversions + p.conversions);
    row.revenueMicros += p.revenueMicros;
  }
  return [...byDate.values()];
}

/** Rounds fractional conversions to 6 decimals so float sums stay readable. */
export function roundCount(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Case-insensitive "name contains text" used by every connector for the name filter. */
export function nameMatches(name: string, contains: string | undefined): boolean {
  if (!contains) return true;
  return name.toLocaleLowerCase("en").includes(contains.toLocaleLowerCase("en"));
}

/** Error for a connector whose deployment has no credentials. */
export function notConfigured(platform: string): NotConfiguredError {
  return new NotConfiguredError(`${platform}: not configured in this deployment`, { platform });
}

/** Error for an operation a platform does not offer. */
export function notSupported(platform: string, operation: string): NotSupportedError {
  return new NotSupportedError(`${platform}: ${operation} is not supported`, { platform, reason: operation });
}
