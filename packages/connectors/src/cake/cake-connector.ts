import { addDays, isIsoDate } from "@pacer/core";
import type { ConnectorConfig } from "../config.ts";
import {
  byName,
  campaignFilterValues,
  checkId,
  checkRange,
  dailyMetrics,
  httpClientFor,
  normaliseFilters,
  notSupported,
  requireApiKey,
  selectedCampaignIds,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { PlatformDownError } from "../errors.ts";
import type { HttpClient } from "../http/http-client.ts";
import { decimalToMicros, parseCount } from "../money.ts";
import { createSsrfSafeFetch, normaliseUserDomain } from "../security/ssrf-guard.ts";
import type {
  AdAccountView,
  Connector,
  Credentials,
  DailyMetrics,
  DailyMetricsRow,
  FilterDefinition,
  FilterValue,
} from "../types.ts";
import { classifyCakeError } from "./classify.ts";
import { CAKE_API_VERSIONS, cakeDescriptor } from "./descriptor.ts";
import { type CakeDay, cakeAdvertisersSchema, cakeDailySummarySchema, cakeOffersSchema } from "./schemas.ts";

const SLUG = "cake";

/** Timeout of one Cake call, ms (the SSRF guard bounds the whole request to the same). */
export const CAKE_TIMEOUT_MS = 15_000;
/** Largest Cake answer accepted, bytes (the guard aborts past it). */
export const CAKE_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** Currency of Cake views when the deployment sets none (Cake's API does not state it; GBP is Pacer's default). */
export const CAKE_DEFAULT_CURRENCY = "GBP";
/** Time zone of Cake views when the deployment sets none (Cake's API does not state the instance's zone). */
export const CAKE_DEFAULT_TIME_ZONE = "Europe/London";

/** Cake's filters: offers (what Cake reports by) and a text filter on the offer name. */
export const CAKE_FILTERS: FilterDefinition[] = [
  {
    id: "campaigns",
    name: "Offers",
    type: "multipleChoice",
    descriptionText: "Only count the selected offers.",
  },
  {
    id: "campaignName",
    name: "Offer name contains",
    type: "textBoxStringFilter",
    descriptionText: "Only count offers whose name contains this text (not case sensitive).",
  },
];

/**
 * Splits `from..to` into calendar-month windows (Cake allows at most one month per report call):
 * `2026-01-20..2026-03-05` -> 01-20..01-31, 02-01..02-28, 03-01..03-05.
 */
export function monthWindows(from: string, to: string): Array<{ from: string; to: string }> {
  const out: Array<{ from: string; to: string }> = [];
  for (let start = from; start <= to; ) {
    const [y, m] = start.split("-").map(Number) as [number, number];
    const nextMonth = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, "0")}-01`;
    const end = addDays(nextMonth, -1);
    out.push({ from: start, to: end < to ? end : to });
    start = nextMonth;
  }
  return out;
}

/**
 * The calendar date of a Cake date value: ISO (`2026-03-01T00:00:00`) or ASP.NET JSON
 * (`/Date(1772323200000)/`, `/Date(1772323200000-0500)/`, the offset giving the server's local
 * date). @throws PlatformDownError for anything else
 */
export function cakeDate(value: string): string {
  const iso = value.slice(0, 10);
  if (isIsoDate(iso)) return iso;
  const m = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value.trim());
  if (m) {
    const zone = m[2];
    const offsetMinutes = zone
      ? (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)))
      : 0;
    return new Date(Number(m[1]) + offsetMinutes * 60_000).toISOString().slice(0, 10);
  }
  throw new PlatformDownError(`${SLUG}: unreadable date in report`, {
    platform: SLUG,
    reason: "unexpected_shape",
  });
}

const money = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === "" ? 0 : decimalToMicros(v);

/** One `DailySummaryExport` day -> a daily row: views are impressions, cost (paid out) is spend, revenue is billed revenue. */
export function cakeDayToRow(day: CakeDay): DailyMetricsRow {
  return {
    date: cakeDate(day.date),
    spendMicros: money(day.cost),
    impressions: parseCount(day.views),
    clicks: parseCount(day.clicks),
    conversions: parseCount(day.conversions),
    revenueMicros: money(day.revenue),
  };
}

/**
 * Cake connector (affiliate platform; API key + the instance domain the user typed). Every call
 * goes to `https://{domain}` through `createSsrfSafeFetch`: https and port 443 only, public
 * addresses only (checked after DNS, connection pinned to the checked address), no redirects,
 * 15 s, 10 MiB. The only exception is never set in a deployment: `config.cake.reservedDomain` (from
 * the local runtime's configuration, never from user input) serves one reserved name from a fixed
 * base URL; the user's text is only compared with that name, so it can never choose that address
 * (a typed `127.0.0.1:4010` still meets the guard and is refused). Calls are ASP.NET
 * JSON (`POST`, every parameter in the body, answer in `{"d": ...}`, failures as
 * `success: false` with status 200). Views: advertisers (`export.asmx/Advertisers` v6). Metrics:
 * `reports.asmx/DailySummaryExport` v2 per calendar month (end date exclusive) filtered by
 * advertiser, per offer when the tracker filters (`export.asmx/Offers` v5 for names). Spend is
 * `cost` (what the network pays affiliates), revenue is `revenue` (what advertisers are billed).
 * No OAuth: authorize, exchange and refresh throw NotSupportedError; keys are revoked in Cake.
 * https://support.getcake.com/solution/articles/13000035178
 */
export function createCakeConnector(config: ConnectorConfig): Connector {
  const cake = config.cake ?? {};
  const classify = classifyCakeError;
  // User-given hosts: always the guarded fetch, whatever fetch the config injects for tests.
  const guarded = httpClientFor(
    SLUG,
    {
      ...config.http,
      fetch: createSsrfSafeFetch({
        timeoutMs: CAKE_TIMEOUT_MS,
        maxResponseBytes: CAKE_MAX_RESPONSE_BYTES,
        ...cake.ssrfGuard,
      }),
    },
    {
      classify,
      followRedirects: false,
      timeoutMs: CAKE_TIMEOUT_MS,
      maxResponseBytes: CAKE_MAX_RESPONSE_BYTES,
    },
  );
  const reserved = cake.reservedDomain;
  const direct: HttpClient | undefined = reserved
    ? httpClientFor(SLUG, config.http, { classify })
    : undefined;
  const currency = cake.defaultCurrency ?? CAKE_DEFAULT_CURRENCY;
  const timeZone = cake.defaultTimeZone ?? CAKE_DEFAULT_TIME_ZONE;

  /** Where this connection's calls go, and with which client. @throws BlockedHostError for a refused domain */
  function target(credentials: Credentials) {
    const { apiKey, domain } = requireApiKey(credentials, SLUG);
    const host = normaliseUserDomain(domain);
    if (reserved && direct && host === reserved.domain.toLowerCase()) {
      return { http: direct, base: reserved.baseUrl.replace(/\/+$/, ""), apiKey, host };
    }
    return { http: guarded, base: `https://${host}`, apiKey, host };
  }

  async function call<T>(
    credentials: Credentials,
    operation: string,
    path: string,
    params: Record<string, unknown>,
    parse: (body: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    const t = target(credentials);
    return t.http.json(
      { operation, method: "POST", url: `${t.base}${path}`, json: { api_key: t.apiKey, ...params }, signal },
      parse,
    );
  }

  async function offers(
    credentials: Credentials,
    advertiserId: string,
    signal?: AbortSignal,
  ): Promise<FilterValue[]> {
    const body = await call(
      credentials,
      "offers",
      `/api/${CAKE_API_VERSIONS.exportOffers}/export.asmx/Offers`,
      {
        offer_id: 0,
        offer_name: "",
        advertiser_id: Number(advertiserId),
        vertical_id: 0,
        offer_type_id: 0,
        media_type_id: 0,
        offer_status_id: 0,
        tag_id: 0,
        start_at_row: 0,
        row_limit: 0,
        sort_field: "offer_id",
        sort_descending: false,
      },
      (b) => cakeOffersSchema.parse(b),
      signal,
    );
    return (body.d.offers ?? []).map((o) => ({
      id: o.offer_id,
      name: o.offer_name ?? o.offer_id,
      status: o.offer_status?.offer_status_name ?? "",
    }));
  }

  return {
    ...connectorIdentity(cakeDescriptor),
    authorizeUrl() {
      throw notSupported(SLUG, "authorizeUrl");
    },
    async exchangeCode() {
      throw notSupported(SLUG, "exchangeCode");
    },
    async refreshAccessToken() {
      throw notSupported(SLUG, "refresh");
    },
    async revoke(credentials) {
      // API keys are revoked in Cake's admin (Setup > API keys); nothing to call.
      requireApiKey(credentials, SLUG);
    },

    async listAdAccounts(credentials, options) {
      const { host } = target(credentials);
      const body = await call(
        credentials,
        "advertisers",
        `/api/${CAKE_API_VERSIONS.exportAdvertisers}/export.asmx/Advertisers`,
        {
          advertiser_id: 0,
          advertiser_name: "",
          account_manager_id: 0,
          tag_id: 0,
          start_at_row: 0,
          row_limit: 0,
          sort_field: "advertiser_id",
          sort_descending: false,
        },
        (b) => cakeAdvertisersSchema.parse(b),
        options?.signal,
      );
      const views: AdAccountView[] = (body.d.advertisers ?? []).map((a) => ({
        id: a.advertiser_id,
        name: a.advertiser_name ?? a.advertiser_id,
        currency,
        timeZone,
        metaData: { domain: host, accountStatus: a.account_status?.account_status_name ?? "" },
      }));
      return views.sort(byName);
    },

    async fetchDailyMetrics(credentials, query): Promise<DailyMetrics> {
      checkRange(query, SLUG);
      target(credentials); // refuse a bad domain before any work
      const advertiserId = checkCakeId(query.account.id);
      const filters = normaliseFilters(query.filters);
      // Site offer 0 means "all offers"; a filtered tracker asks offer by offer.
      let offerIds = [0];
      if (filters.campaignIds || filters.nameContains) {
        let selected = filters.campaignIds ?? [];
        if (filters.nameContains) {
          selected = selectedCampaignIds(await offers(credentials, advertiserId, query.signal), filters);
        }
        offerIds = selected.map((id) => Number(checkCakeId(id)));
      }
      const partials: DailyMetricsRow[] = [];
      for (const window of monthWindows(query.from, query.to)) {
        for (const offerId of offerIds) {
          const body = await call(
            credentials,
            "daily_summary",
            `/api/${CAKE_API_VERSIONS.dailySummaryExport}/reports.asmx/DailySummaryExport`,
            {
              start_date: window.from,
              end_date: addDays(window.to, 1),
              source_affiliate_id: 0,
              brand_advertiser_id: Number(advertiserId),
              site_offer_id: offerId,
              vertical_id: 0,
              campaign_id: 0,
              creative_id: 0,
              account_manager_id: 0,
              include_tests: false,
            },
            (b) => cakeDailySummarySchema.parse(b),
            query.signal,
          );
          for (const day of body.d.days ?? []) {
            const row = cakeDayToRow(day);
            if (row.date >= window.from && row.date <= window.to) partials.push(row);
          }
        }
      }
      return dailyMetrics(
        query,
        {
          accountId: advertiserId,
          currency: query.account.currency || currency,
          timeZone: query.account.timeZone || timeZone,
        },
        partials,
      );
    },

    filterDefinitions: () => CAKE_FILTERS,

    listFilterValues: (credentials, query) =>
      campaignFilterValues(query, () => offers(credentials, checkCakeId(query.account.id), query.signal)),
  };
}

/** A Cake advertiser or offer id: up to 10 digits. @throws BadRequestError `bad_account_id` */
function checkCakeId(id: string): string {
  return checkId(SLUG, id, { pattern: /^\d{1,10}$/ });
}

/** The cake connector: its descriptor and builder, for the registry. */
export const cakeConnector: ConnectorDefinition = { ...cakeDescriptor, create: createCakeConnector };
