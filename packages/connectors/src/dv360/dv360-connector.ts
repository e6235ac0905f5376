import {
  DEFAULT_REPORT_POLL,
  pollUntil,
  type ReportPollSettings,
  realSleep,
  reportText,
} from "../amazon-ads/report-kit.ts";
import type { ConnectorConfig, GoogleDv360Config } from "../config.ts";
import {
  CAMPAIGN_FILTERS,
  checkRange,
  dailySeries,
  httpClientFor,
  nameMatches,
  normaliseFilters,
  notConfigured,
  requireOAuth,
  requireRefreshToken,
} from "../connector-kit.ts";
import { AuthError, BadRequestError, isConnectorError, PlatformDownError } from "../errors.ts";
import { classifyGoogleError } from "../google-ads/classify.ts";
import { authorizeUrlWith, type OAuthClient, postTokenGrant } from "../oauth/oauth2-client.ts";
import { createPkcePair } from "../oauth/pkce.ts";
import { acceptGoogleDv360Return, BID_MANAGER_SCOPE } from "../oauth/return-rules.ts";
import { decodeIdTokenClaims, toTokens } from "../oauth/token-response.ts";
import type {
  AdAccountView,
  Connector,
  DailyMetrics,
  DailyMetricsRow,
  FilterValue,
  MetricsQuery,
  OAuthTokens,
} from "../types.ts";
import { parseDv360Report } from "./report-csv.ts";
import {
  bidManagerQuerySchema,
  bidManagerReportSchema,
  dv360AdvertiserSchema,
  dv360AdvertisersPageSchema,
  dv360CampaignsPageSchema,
  dv360PartnersPageSchema,
} from "./schemas.ts";

const SLUG = "googledv360";

/** DV360 entity read access (partners, advertisers, campaigns). */
export const DISPLAY_VIDEO_SCOPE = "https://www.googleapis.com/auth/display-video";
/** Scopes asked for: Bid Manager (the return page requires it), DV360 entities, and `openid email` for the identity. */
export const DV360_SCOPES = [BID_MANAGER_SCOPE, DISPLAY_VIDEO_SCOPE, "openid", "email"];
/** Metrics of the daily query; spend is `METRIC_REVENUE_ADVERTISER` (billed to the advertiser, fees included). */
export const DV360_METRICS = [
  "METRIC_IMPRESSIONS",
  "METRIC_CLICKS",
  "METRIC_TOTAL_CONVERSIONS",
  "METRIC_REVENUE_ADVERTISER",
  "METRIC_MEDIA_COST_ADVERTISER",
];
/** Pages followed at most per listing. */
const MAX_PAGES = 100;

const googleDate = (date: string) => {
  const [year, month, day] = date.split("-").map(Number);
  return { year, month, day };
};

/**
 * Google Display & Video 360 connector. OAuth: Google's web-server flow with PKCE S256,
 * `access_type=offline`, `prompt=consent`, scopes Bid Manager + Display & Video + `openid email`
 * (identity from the `id_token`); refresh tokens are not rotated; revoke at
 * `oauth2.googleapis.com/revoke` (the refresh token, which ends the whole grant; the access token
 * when there is none). Accounts: DV360 API v4 `GET /partners`, then `GET /advertisers?partnerId=`
 * (paged); a view is an advertiser with its currency and time zone. Metrics: Bid Manager v2,
 * asynchronous: `POST /queries` (STANDARD, `CUSTOM_DATES`, grouped by date, advertiser and
 * currency, plus campaign (`FILTER_MEDIA_PLAN`) when the tracker filters), `POST
 * /queries/{id}:run`, poll `GET /queries/{id}/reports/{reportId}` until `DONE`, download the CSV at
 * `googleCloudStoragePath`, then delete the query. Spend is "Revenue (Adv Currency)" (what the
 * advertiser is billed); the standard report has no sales value, so revenue is 0.
 * https://developers.google.com/bid-manager/reference/rest/v2/queries
 */
export function createDv360Connector(config: ConnectorConfig): Connector {
  const settings = config.googledv360;
  const http = httpClientFor(SLUG, config.http, { classify: classifyGoogleError });
  const now = config.http?.now ?? Date.now;
  const sleep = config.http?.sleep ?? realSleep;
  const poll: ReportPollSettings = { ...DEFAULT_REPORT_POLL, ...settings?.reportPoll };
  const need = (): GoogleDv360Config => {
    if (!settings) throw notConfigured(SLUG);
    return settings;
  };
  const client = (): OAuthClient => {
    const s = need();
    return {
      clientId: s.clientId,
      clientSecret: s.clientSecret,
      tokenUrl: s.tokenUrl,
      auth: "client_secret_post",
    };
  };
  const dv = (path: string) => {
    const s = need();
    return `${s.displayVideoBaseUrl.replace(/\/+$/, "")}/${s.displayVideoVersion}${path}`;
  };
  const bm = (path: string) => {
    const s = need();
    return `${s.bidManagerBaseUrl.replace(/\/+$/, "")}/${s.bidManagerVersion}${path}`;
  };

  async function paged<P extends { nextPageToken?: string | undefined }>(
    tokens: OAuthTokens,
    operation: string,
    url: string,
    parse: (body: unknown) => P,
    onPage: (page: P) => void,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    let pageToken: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) {
        throw new PlatformDownError(`${SLUG} ${operation}: too many pages`, {
          platform: SLUG,
          reason: "paging",
        });
      }
      const body = await http.json(
        { operation, url, query: { pageSize: 200, pageToken }, headers: bearer(tokens), signal },
        parse,
      );
      onPage(body);
      pageToken = body.nextPageToken || undefined;
      if (!pageToken) return;
    }
  }

  async function advertiser(tokens: OAuthTokens, account: MetricsQuery["account"], signal?: AbortSignal) {
    if (account.currency && account.timeZone)
      return { currency: account.currency, timeZone: account.timeZone };
    const a = await http.json(
      { operation: "advertiser", url: dv(`/advertisers/${account.id}`), headers: bearer(tokens), signal },
      (b) => dv360AdvertiserSchema.parse(b),
    );
    return {
      currency: account.currency || a.generalConfig?.currencyCode || "",
      timeZone: account.timeZone || a.generalConfig?.timeZone || "",
    };
  }

  /** Runs one Bid Manager query to its CSV, deleting the query afterwards (best effort). */
  async function runReport(tokens: OAuthTokens, body: unknown, signal?: AbortSignal): Promise<string> {
    const { queryId } = await http.json(
      {
        operation: "queries.create",
        method: "POST",
        url: bm("/queries"),
        headers: bearer(tokens),
        json: body,
        signal,
      },
      (b) => bidManagerQuerySchema.parse(b),
    );
    try {
      const run = await http.json(
        {
          operation: "queries.run",
          method: "POST",
          url: bm(`/queries/${queryId}:run`),
          query: { synchronous: false },
          headers: bearer(tokens),
          json: {},
          signal,
        },
        (b) => bidManagerReportSchema.parse(b),
      );
      const path = await pollUntil(
        SLUG,
        "report",
        async () => {
          const report = await http.json(
            {
              operation: "reports.get",
              url: bm(`/queries/${queryId}/reports/${run.key.reportId}`),
              headers: bearer(tokens),
              signal,
            },
            (b) => bidManagerReportSchema.parse(b),
          );
          const state = report.metadata?.status?.state;
          if (state === "FAILED") {
            throw new PlatformDownError(`${SLUG}: report failed`, {
              platform: SLUG,
              reason: "report_failed",
            });
          }
          return state === "DONE" ? (report.metadata?.googleCloudStoragePath ?? "") : undefined;
        },
        poll,
        sleep,
        signal,
      );
      const allowed =
        path.startsWith("https://") || safeOrigin(path) === safeOrigin(need().bidManagerBaseUrl);
      if (!allowed) {
        throw new PlatformDownError(`${SLUG}: report location refused`, {
          platform: SLUG,
          reason: "report_url",
        });
      }
      // A signed Cloud Storage URL: no Google token is sent to it.
      const file = await http.raw({ operation: "report_download", url: path, signal });
      return reportText(SLUG, file.bytes);
    } finally {
      await http
        .raw({
          operation: "queries.delete",
          method: "DELETE",
          url: bm(`/queries/${queryId}`),
          headers: bearer(tokens),
          retry: false,
        })
        .catch(() => undefined); // a leftover one-time query is harmless
    }
  }

  return {
    slug: SLUG,
    displayName: "Google DV360",
    live: true,
    capabilities: {
      auth: "oauth2",
      pkce: true,
      refresh: "refresh_token",
      rotatesRefreshToken: false,
      revoke: true,
      needsRefreshToken: true,
    },
    acceptReturn: acceptGoogleDv360Return,

    authorizeUrl({ state, redirectUri, loginHint }) {
      const s = need();
      const pkce = createPkcePair();
      const url = authorizeUrlWith(s.authorizeUrl, {
        client_id: s.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: DV360_SCOPES.join(" "),
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
        state,
        code_challenge: pkce.codeChallenge,
        code_challenge_method: pkce.codeChallengeMethod,
        login_hint: loginHint,
      });
      return { url, codeVerifier: pkce.codeVerifier };
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const answer = await postTokenGrant(http, client(), {
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      const claims = answer.id_token ? decodeIdTokenClaims(answer.id_token) : {};
      const identity: { id?: string; email?: string; name?: string } = {};
      if (typeof claims.sub === "string") identity.id = claims.sub;
      if (typeof claims.email === "string") identity.email = claims.email;
      if (typeof claims.name === "string") identity.name = claims.name;
      return { tokens: toTokens(answer, now()), identity };
    },

    async refreshAccessToken(tokens) {
      const answer = await postTokenGrant(http, client(), {
        grant_type: "refresh_token",
        refresh_token: requireRefreshToken(tokens, SLUG),
      });
      return toTokens(answer, now(), tokens);
    },

    async revoke(credentials) {
      const tokens = requireOAuth(credentials, SLUG);
      try {
        await http.raw({
          operation: "revoke",
          method: "POST",
          url: need().revokeUrl,
          form: { token: tokens.refreshToken ?? tokens.accessToken },
        });
      } catch (error) {
        // Google answers 400 invalid_token for a token that is already revoked or expired.
        if (isConnectorError(error) && (error.reason === "invalid_token" || error instanceof AuthError))
          return;
        throw error;
      }
    },

    async listAdAccounts(credentials, options) {
      const tokens = requireOAuth(credentials, SLUG);
      const partners: string[] = [];
      await paged(
        tokens,
        "partners",
        dv("/partners"),
        (b) => dv360PartnersPageSchema.parse(b),
        (page) => partners.push(...page.partners.map((p) => p.partnerId)),
        options?.signal,
      );
      const views = new Map<string, AdAccountView>();
      for (const partnerId of partners) {
        await paged(
          tokens,
          "advertisers",
          `${dv("/advertisers")}?partnerId=${encodeURIComponent(partnerId)}`,
          (b) => dv360AdvertisersPageSchema.parse(b),
          (page) => {
            for (const a of page.advertisers) {
              if (
                a.entityStatus === "ENTITY_STATUS_ARCHIVED" ||
                a.entityStatus === "ENTITY_STATUS_SCHEDULED_FOR_DELETION"
              ) {
                continue;
              }
              views.set(a.advertiserId, {
                id: a.advertiserId,
                name: a.displayName ?? a.advertiserId,
                currency: a.generalConfig?.currencyCode ?? "",
                timeZone: a.generalConfig?.timeZone ?? "",
                metaData: { partnerId, entityStatus: a.entityStatus ?? "" },
              });
            }
          },
          options?.signal,
        );
      }
      return [...views.values()].sort((a, b) => a.name.localeCompare(b.name));
    },

    async fetchDailyMetrics(credentials, query): Promise<DailyMetrics> {
      const tokens = requireOAuth(credentials, SLUG);
      checkRange(query, SLUG);
      const advertiserId = checkId(query.account.id);
      const { currency, timeZone } = await advertiser(tokens, query.account, query.signal);
      const filters = normaliseFilters(query.filters);
      const byCampaign = Boolean(filters.campaignIds || filters.nameContains);
      const body = {
        metadata: {
          title: `Pacer daily ${advertiserId} ${query.from}..${query.to}`,
          dataRange: {
            range: "CUSTOM_DATES",
            customStartDate: googleDate(query.from),
            customEndDate: googleDate(query.to),
          },
          format: "CSV",
          sendNotification: false,
        },
        params: {
          type: "STANDARD",
          groupBys: [
            "FILTER_DATE",
            "FILTER_ADVERTISER",
            "FILTER_ADVERTISER_CURRENCY",
            ...(byCampaign ? ["FILTER_MEDIA_PLAN", "FILTER_MEDIA_PLAN_NAME"] : []),
          ],
          filters: [
            { type: "FILTER_ADVERTISER", value: advertiserId },
            ...(filters.campaignIds ?? []).map((value) => ({ type: "FILTER_MEDIA_PLAN", value })),
          ],
          metrics: DV360_METRICS,
        },
        schedule: { frequency: "ONE_TIME" },
      };
      const csv = await runReport(tokens, body, query.signal);
      const partials: DailyMetricsRow[] = parseDv360Report(SLUG, csv)
        .filter((r) => !filters.campaignIds || filters.campaignIds.includes(r.campaignId ?? ""))
        .filter((r) => nameMatches(r.campaignName ?? "", filters.nameContains))
        .map((r) => ({
          date: r.date,
          spendMicros: r.spendMicros,
          impressions: r.impressions,
          clicks: r.clicks,
          conversions: r.conversions,
          revenueMicros: 0,
        }));
      return {
        accountId: advertiserId,
        currency,
        timeZone,
        rows: dailySeries(query.from, query.to, partials),
      };
    },

    filterDefinitions: () => CAMPAIGN_FILTERS,

    async listFilterValues(credentials, query): Promise<FilterValue[]> {
      if (query.filterId !== "campaigns") return [];
      const tokens = requireOAuth(credentials, SLUG);
      const advertiserId = checkId(query.account.id);
      const values: FilterValue[] = [];
      await paged(
        tokens,
        "campaigns",
        dv(`/advertisers/${advertiserId}/campaigns`),
        (b) => dv360CampaignsPageSchema.parse(b),
        (page) => {
          for (const c of page.campaigns) {
            const name = c.displayName ?? c.campaignId;
            if (nameMatches(name, query.search?.trim())) {
              values.push({ id: c.campaignId, name, status: c.entityStatus ?? "" });
            }
          }
        },
        query.signal,
      );
      return values.sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}

function bearer(tokens: OAuthTokens): Record<string, string> {
  return { authorization: `Bearer ${tokens.accessToken}` };
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function checkId(id: string): string {
  if (!/^\d{1,20}$/.test(id)) {
    throw new BadRequestError(`${SLUG}: advertiser id must be digits`, {
      platform: SLUG,
      reason: "bad_account_id",
    });
  }
  return id;
}
