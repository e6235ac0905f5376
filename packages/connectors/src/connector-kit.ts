import { dayNumber, eachDate, isIsoDate } from "@pacer/core";
import type { HttpSettings } from "./config.ts";
import { AuthError, BadRequestError, notConfigured, notSupported, PlatformDownError } from "./errors.ts";
import { HttpClient, type HttpClientOptions } from "./http/http-client.ts";
import {
  type ApiKeyCredentials,
  type CampaignState,
  type CampaignsQuery,
  type Credentials,
  type DailyMetrics,
  type DailyMetricsRow,
  type FilterDefinition,
  type FilterValue,
  type FilterValuesQuery,
  isOAuthTokens,
  type MetricsQuery,
  type OAuthTokens,
  type PlatformBudget,
  type TrackerFilters,
  type WriteOutcome,
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
  if (settings?.callSlot) options.callSlot = settings.callSlot;
  return new HttpClient(options);
}

/**
 * The settings block of a platform, read when a call needs it (a connector is built even when its
 * platform is not configured, and answers every call that needs the block with an error).
 * @returns a getter; it throws NotConfiguredError when the deployment has no block for `platform`
 */
export function settingsOf<T>(platform: string, settings: T | undefined): () => T {
  return () => {
    if (!settings) throw notConfigured(platform);
    return settings;
  };
}

/** `base` without its trailing slashes, then `/version` and `path`: `versionedUrl("https://api.x/", "v5", "/me")` is `https://api.x/v5/me`. */
export function versionedUrl(base: string, version: string, path = ""): string {
  return `${base.replace(/\/+$/, "")}/${version}${path}`;
}

/** The `Authorization: Bearer` header of an access token. */
export function bearer(tokens: Pick<OAuthTokens, "accessToken">): Record<string, string> {
  return { authorization: `Bearer ${tokens.accessToken}` };
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
  const days = dayNumber(query.to) - dayNumber(query.from) + 1;
  if (days < 1)
    throw new BadRequestError(`${platform}: 'to' is before 'from'`, { platform, reason: "bad_range" });
  if (days > MAX_RANGE_DAYS) {
    throw new BadRequestError(`${platform}: range longer than ${MAX_RANGE_DAYS} days`, {
      platform,
      reason: "range_too_long",
    });
  }
}

/** A tracker's filters after {@link normaliseFilters}: each part present only when it filters. */
export interface NormalisedFilters {
  campaignIds?: string[];
  nameContains?: string;
}

/** Normalised filters: trimmed text, de-duplicated ids; undefined parts when empty. */
export function normaliseFilters(filters: TrackerFilters | undefined): NormalisedFilters {
  const ids = [...new Set((filters?.campaignIds ?? []).map((id) => id.trim()).filter(Boolean))];
  const text = filters?.campaignNameContains?.trim();
  return { ...(ids.length ? { campaignIds: ids } : {}), ...(text ? { nameContains: text } : {}) };
}

/**
 * The ids of the campaigns a tracker's filters keep: among `campaigns`, those listed in
 * `campaignIds` (when given) whose name contains `nameContains` (when given, not case sensitive).
 */
export function selectedCampaignIds(
  campaigns: readonly Pick<FilterValue, "id" | "name">[],
  filters: NormalisedFilters,
): string[] {
  return campaigns
    .filter((c) => !filters.campaignIds || filters.campaignIds.includes(c.id))
    .filter((c) => nameMatches(c.name, filters.nameContains))
    .map((c) => c.id);
}

/** A running campaign's daily budget, as a platform's campaign listing gives it. */
export interface CampaignDailyBudget {
  id: string;
  name: string;
  /** The daily budget, integer micros of the account currency. */
  dailyMicros: number;
  /** The budget's own id when several campaigns may share it (Microsoft's `BudgetId`): counted once. */
  budgetId?: string | undefined;
}

/**
 * The answer of `fetchBudget` (types.ts, `Connector.fetchBudget`) from a platform's running
 * campaigns and their daily budgets: those the tracker's filters keep (as
 * {@link selectedCampaignIds} keeps them), budgets of 0 left out, a budget shared by several
 * campaigns (same `budgetId`) counted once, summed per day.
 * @returns `{amount: micros, period: "day"}`, or null when no budget is left
 */
export function summedDailyBudget(
  campaigns: readonly CampaignDailyBudget[],
  filters: NormalisedFilters,
): PlatformBudget | null {
  const kept = new Set(selectedCampaignIds(campaigns, filters));
  const budgets = new Map<string, number>();
  for (const c of campaigns) {
    if (!kept.has(c.id) || c.dailyMicros <= 0) continue;
    budgets.set(c.budgetId ? `budget:${c.budgetId}` : `campaign:${c.id}`, c.dailyMicros);
  }
  if (budgets.size === 0) return null;
  let amount = 0;
  for (const micros of budgets.values()) amount += micros;
  return { amount, period: "day" };
}

/**
 * The campaign ids a report is scoped to, for platforms that report per campaign id: undefined
 * without filters (account level); with a name filter, the listed campaigns it keeps (see
 * {@link selectedCampaignIds}; possibly none); with ids only, those ids, each passed through
 * `check` so a malformed id never reaches the platform.
 * @throws what `check` or `listCampaigns` throws
 */
export async function campaignIdsToReport(
  filters: NormalisedFilters,
  listCampaigns: () => Promise<readonly Pick<FilterValue, "id" | "name">[]>,
  check: (id: string) => string,
): Promise<string[] | undefined> {
  if (filters.nameContains) return selectedCampaignIds(await listCampaigns(), filters);
  return filters.campaignIds?.map(check);
}

/**
 * The answer of a filter-values query: the values whose name contains `search` (trimmed, not case
 * sensitive; all of them without a search), sorted by name.
 */
export function valuesMatching<T extends Pick<FilterValue, "name">>(
  values: T[],
  search: string | undefined,
): T[] {
  return values.filter((v) => nameMatches(v.name, search?.trim())).sort(byName);
}

/**
 * `listFilterValues` of a connector whose multiple-choice filter is its campaigns: for
 * `campaigns`, what `listCampaigns` reads, narrowed by the query's search and sorted by name (see
 * {@link valuesMatching}); for any other filter, nothing, without calling the platform.
 */
export async function campaignFilterValues(
  query: Pick<FilterValuesQuery, "filterId" | "search">,
  listCampaigns: () => Promise<FilterValue[]>,
): Promise<FilterValue[]> {
  if (query.filterId !== "campaigns") return [];
  return valuesMatching(await listCampaigns(), query.search);
}

/** Compares views or filter values by name, for `sort` (the order the wizard shows them in). */
export function byName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name);
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

/**
 * The answer of `fetchDailyMetrics`: the account's id, currency and time zone, and `partials`
 * summed into one row per date of the query's range (see {@link dailySeries}).
 */
export function dailyMetrics(
  query: Pick<MetricsQuery, "from" | "to">,
  account: Omit<DailyMetrics, "rows">,
  partials: Iterable<DailyMetricsRow>,
): DailyMetrics {
  return { ...account, rows: dailySeries(query.from, query.to, partials) };
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

/**
 * How a platform writes one kind of id, for {@link checkId}. Messages read
 * `<platform>: <what> id <problem>`, e.g. `linkedinads: campaign id must be digits`.
 */
export interface IdRule {
  /** The id's name in the message and the default reason, e.g. `campaign`; none: just "id". */
  what?: string;
  /** What a well-formed id matches. Default: 1 to 20 digits. */
  pattern?: RegExp;
  /** Default: `must be digits`. */
  problem?: string;
  /** Error reason. Default: `bad_<what>_id` (spaces as underscores), `bad_account_id` without `what`. */
  reason?: string;
}

/**
 * Returns `id` when it is well formed for the platform, so that no malformed id is ever written
 * into a platform URL or query.
 * @throws BadRequestError with the rule's reason otherwise
 */
export function checkId(platform: string, id: string, rule: IdRule = {}): string {
  const { what, pattern = /^\d{1,20}$/, problem = "must be digits" } = rule;
  if (!pattern.test(id)) {
    throw new BadRequestError(`${platform}: ${what ? `${what} ` : ""}id ${problem}`, {
      platform,
      reason: rule.reason ?? `bad_${(what ?? "account").replace(/ /g, "_")}_id`,
    });
  }
  return id;
}

/**
 * Follows a paged listing: `fetchPage` is called with the cursor `nextCursor` read from the
 * previous page (undefined for the first), each page goes to `onPage`, and the listing ends at the
 * first page without a next cursor. `nextCursor` may throw to refuse a cursor (e.g. a link to
 * another host).
 * @throws PlatformDownError `paging` when the listing goes beyond `maxPages` pages
 */
export async function followPages<P>(
  platform: string,
  operation: string,
  maxPages: number,
  fetchPage: (cursor: string | undefined) => Promise<P>,
  nextCursor: (page: P) => string | undefined,
  onPage: (page: P) => void,
): Promise<void> {
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= maxPages) throw tooManyPages(platform, operation);
    const body = await fetchPage(cursor);
    onPage(body);
    cursor = nextCursor(body);
    if (!cursor) return;
  }
}

/** Error for a listing that goes on past the connector's page bound. */
export function tooManyPages(platform: string, operation: string): PlatformDownError {
  return new PlatformDownError(`${platform} ${operation}: too many pages`, { platform, reason: "paging" });
}

/**
 * The next-page link of a listing whose answers carry absolute URLs, refused unless it stays on
 * `origin` (the host that was called): the link is chosen by the answer.
 * @throws PlatformDownError `paging` for a link to another host
 */
export function sameOriginLink(
  platform: string,
  operation: string,
  link: string | null | undefined,
  origin: string,
): string | undefined {
  if (link && new URL(link).origin !== origin) {
    throw new PlatformDownError(`${platform} ${operation}: paging link to another host`, {
      platform,
      reason: "paging",
    });
  }
  return link ?? undefined;
}

// The connectors' error factories live with the errors (errors.ts), which the pending connector
// reads without this module and the HTTP layer it imports.
export { notConfigured, notSupported };

/**
 * The end of every campaign write (read, compare, write): sends `write` only when `after` differs
 * from `before` as read from the platform, so a re-run sends nothing.
 * @param before the value read (status 1 enabled / 0 paused, or a daily budget in micros)
 * @param after the value wanted, in the same unit
 * @param write sends the change; resolves to the platform's short answer
 * @returns `{changed: false, answer: "unchanged"}` without a call, else `{changed: true, answer}`
 * @throws what `write` throws (the connectors' typed errors)
 */
export async function writeIfChanged(
  before: number,
  after: number,
  write: () => Promise<string>,
): Promise<WriteOutcome> {
  if (before === after) return { changed: false, before, after, answer: "unchanged" };
  return { changed: true, before, after, answer: await write() };
}

/**
 * A campaign status write (read, compare, write): `current` as read from the platform, `wanted`
 * as asked; sends `write(enable)` only when they differ. Status as 1 (enabled) / 0 (paused).
 * @throws BadRequestError `campaign_not_writable` when `current` is "other" (removed, archived...);
 *   what `write` throws
 */
export function writeCampaignStatus(
  platform: string,
  campaignId: string,
  current: CampaignState["status"],
  wanted: "enabled" | "paused",
  write: (enable: boolean) => Promise<string>,
): Promise<WriteOutcome> {
  if (current === "other") {
    throw new BadRequestError(`${platform}: campaign ${campaignId} cannot be enabled or paused`, {
      platform,
      reason: "campaign_not_writable",
    });
  }
  const after = wanted === "enabled" ? 1 : 0;
  return writeIfChanged(current === "enabled" ? 1 : 0, after, () => write(after === 1));
}

/**
 * A daily budget write in micros (Pinterest `daily_spend_cap`, Reddit `goal_value`): the wanted
 * `amountMicros` rounded to a whole `stepMicros` (default a hundredth of the currency), compared
 * with `before` (the campaign's daily budget as read, micros) and sent by `write` as micros only
 * when it differs.
 * @param before the daily budget read, micros; null when the campaign has none of its own
 * @throws BadRequestError `no_campaign_budget` when `before` is null; what `write` throws
 */
export function writeDailyBudgetMicros(
  platform: string,
  campaignId: string,
  before: number | null,
  amountMicros: number,
  write: (micros: number) => Promise<string>,
  stepMicros = 10_000,
): Promise<WriteOutcome> {
  if (before === null) {
    throw new BadRequestError(`${platform}: campaign ${campaignId} has no daily budget of its own`, {
      platform,
      reason: "no_campaign_budget",
    });
  }
  const after = Math.round(amountMicros / stepMicros) * stepMicros;
  return writeIfChanged(before, after, () => write(after));
}

/**
 * A daily budget write in hundredths of the currency (Amazon, TikTok, Microsoft): the wanted
 * `amountMicros` rounded to a cent, compared with `before` (the campaign's daily budget as read,
 * micros) and sent as currency units by `write` only when it differs.
 * @param before the daily budget read, micros; null when the campaign has none of its own
 * @throws BadRequestError `no_campaign_budget` when `before` is null; what `write` throws
 */
export function writeDailyBudgetInCents(
  platform: string,
  campaignId: string,
  before: number | null,
  amountMicros: number,
  write: (units: number) => Promise<string>,
): Promise<WriteOutcome> {
  return writeDailyBudgetMicros(platform, campaignId, before, amountMicros, (micros) =>
    write(micros / 1_000_000),
  );
}

/**
 * A status write (read, compare, write) on a campaign read as `current`: "other" (archived,
 * removed, draft, ...) is never written; else `write(wanted)` is sent only when the status
 * differs. Status as 1 (enabled) / 0 (paused) in the outcome.
 * @throws BadRequestError `campaign_not_writable` when `current` is "other"; what `write` throws
 */
export function writeStatusIfChanged(
  platform: string,
  campaignId: string,
  current: CampaignState["status"],
  wanted: "enabled" | "paused",
  write: (wanted: "enabled" | "paused") => Promise<string>,
): Promise<WriteOutcome> {
  if (current === "other") {
    throw new BadRequestError(`${platform}: campaign ${campaignId} cannot be enabled or paused`, {
      platform,
      reason: "campaign_not_writable",
    });
  }
  return writeIfChanged(current === "enabled" ? 1 : 0, wanted === "enabled" ? 1 : 0, () => write(wanted));
}

/** Error for a campaign the platform does not know in the ad account (`campaign_not_found`). */
export function campaignNotFound(platform: string, campaignId: string): BadRequestError {
  return new BadRequestError(`${platform}: campaign ${campaignId} not found`, {
    platform,
    reason: "campaign_not_found",
  });
}

/** One day's figures of one campaign, from a report split by campaign (LinkedIn `pivot=CAMPAIGN`, X `entity=CAMPAIGN`). */
export interface CampaignDayRow {
  campaignId: string;
  row: DailyMetricsRow;
}

/** Each campaign's spend over `rows`, micros (a campaign without a row is absent). */
export function spendByCampaign(rows: readonly CampaignDayRow[]): Map<string, number> {
  const spend = new Map<string, number>();
  for (const { campaignId, row } of rows)
    spend.set(campaignId, (spend.get(campaignId) ?? 0) + row.spendMicros);
  return spend;
}

/**
 * The campaigns `query`'s filters select (as {@link selectedCampaignIds} keeps them), each with its
 * spend over the range, micros (0 for a campaign the report does not name): `listCampaigns` of
 * platforms whose campaign listing carries no spend (LinkedIn, X). `spendOf` reads the selected
 * campaigns' spend from the platform's report split by campaign, in as few calls as the platform
 * allows (not one report per campaign).
 * @param campaigns every campaign of the account, as the platform lists it, without spend
 * @param spendOf the selected ids -> spend per campaign id over `query`'s range, micros
 */
export async function selectedWithSpend(
  campaigns: readonly Omit<CampaignState, "spendMicros">[],
  query: CampaignsQuery,
  spendOf: (campaignIds: string[]) => Promise<ReadonlyMap<string, number>>,
): Promise<CampaignState[]> {
  const wanted = new Set(selectedCampaignIds(campaigns, normaliseFilters(query.filters)));
  const selected = campaigns.filter((x) => wanted.has(x.id));
  const spend = selected.length > 0 ? await spendOf(selected.map((c) => c.id)) : new Map<string, number>();
  return selected.map((c) => ({ ...c, spendMicros: spend.get(c.id) ?? 0 }));
}
