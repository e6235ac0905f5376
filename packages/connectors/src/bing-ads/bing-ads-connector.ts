import type { ConnectorConfig } from "../config.ts";
import {
  bearer,
  byName,
  CAMPAIGN_FILTERS,
  checkId,
  checkRange,
  dailyMetrics,
  httpClientFor,
  type NormalisedFilters,
  nameMatches,
  normaliseFilters,
  requireOAuth,
  selectedCampaignIds,
  settingsOf,
  summedDailyBudget,
  writeDailyBudgetInCents,
  writeIfChanged,
} from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { asWriteError, BadRequestError, PlatformDownError } from "../errors.ts";
import { decimalToMicros } from "../money.ts";
import {
  authorizeUrlWith,
  connectionIdentity,
  exchangeAuthorizationCode,
  oauthClient,
  refreshWithToken,
} from "../oauth/oauth2-client.ts";
import { createPkcePair } from "../oauth/pkce.ts";
import { toTokens } from "../oauth/token-response.ts";
import {
  pollStepped,
  realSleep,
  reportFileDownloader,
  STEPPED_MAX_POLLS,
  STEPPED_POLL_DELAYS_MS,
} from "../report-kit.ts";
import type {
  AdAccountView,
  BudgetQuery,
  CampaignState,
  CampaignTarget,
  CampaignWriter,
  Credentials,
  DailyMetrics,
  FilterValue,
  ListingUser,
  MetricsQuery,
  OAuthTokens,
  PlatformBudget,
  TwoStepListingConnector,
  WriteOutcome,
} from "../types.ts";
import { classifyMicrosoftAdsError } from "./classify.ts";
import { bingAdsDescriptor } from "./descriptor.ts";
import { ReportFileError, type ReportRow, readReportZip, reportRowToDaily } from "./report-csv.ts";
import {
  type AdvertiserAccount,
  accountQuerySchema,
  accountsSearchSchema,
  campaignsByIdsSchema,
  campaignsSchema,
  type MicrosoftCampaign,
  pollReportSchema,
  submitReportSchema,
  updateCampaignsSchema,
  userQuerySchema,
} from "./schemas.ts";
import { ianaTimeZone } from "./time-zones.ts";

const SLUG = "bingads";

/** Scopes asked for: Microsoft Advertising, and `offline_access` for a refresh token. */
export const MICROSOFT_ADS_SCOPES = ["https://ads.microsoft.com/msads.manage", "offline_access"];

/** Accounts asked for per `Accounts/Search` page (the service's maximum is 1,000). */
const ACCOUNTS_PAGE_SIZE = 1000;

/** Waits between report polls, ms; the last value repeats. About five minutes in all (the shared stepped schedule). */
export const REPORT_POLL_DELAYS_MS = STEPPED_POLL_DELAYS_MS;
/** Polls of one report before giving up with PlatformDownError `report_timeout`. */
export const REPORT_MAX_POLLS = STEPPED_MAX_POLLS;

/** Campaign types listed for the campaign filter (all types that carry spend). */
const CAMPAIGN_TYPES = "Search Shopping DynamicSearchAds Audience Hotel PerformanceMax App";

/** The Microsoft Advertising user behind a connection (Customer Management `GetUser`). */
export type MicrosoftAdsUser = ListingUser;

/**
 * The Microsoft Advertising connector, plus the two listing steps of the tracker wizard
 * (`POST /api/bing-ads/get-user`, then `get-accounts` with the user and customer ids): `getUser` is
 * Customer Management `GetUser` for the token's user, `getAccounts` its `SearchAccounts` for a
 * user (the views, with `metaData.customerId` and `userId`).
 */
export type BingAdsConnector = TwoStepListingConnector;

/**
 * Microsoft Advertising (Bing Ads) connector, REST API v13.
 * - OAuth: Microsoft identity platform (`login.microsoftonline.com/common/oauth2/v2.0`), PKCE S256,
 *   scopes `https://ads.microsoft.com/msads.manage offline_access`. Refresh tokens rotate: every
 *   refresh answer carries a new one that replaces the old. There is no revocation endpoint.
 * - Users and accounts: Customer Management `User/Query` (GetUser) and `Accounts/Search` by user id;
 *   views carry `metaData.customerId` (the account's parent customer) and `metaData.userId`.
 * - Metrics: Reporting `GenerateReport/Submit` (AccountPerformanceReportRequest, or
 *   CampaignPerformanceReportRequest when the tracker filters campaigns), `Daily` aggregation in the
 *   account's own time zone, then `GenerateReport/Poll` until `Success`, then the ZIP of one CSV is
 *   downloaded from the returned URL (no URL: no data). Headers `Authorization: Bearer`,
 *   `DeveloperToken`, `CustomerId`, `CustomerAccountId`.
 * - Budget: the `DailyBudget` of the `Active` campaigns (Campaign Management
 *   `GetCampaignsByAccountId`), a shared budget (`BudgetId`) counted once; see `fetchBudget`.
 * Every method throws the typed errors: AuthError, RateLimitedError, BadRequestError (also for
 * malformed dates or ids), PlatformDownError (after the shared retries), NotConfiguredError without
 * its config block.
 * https://learn.microsoft.com/en-us/advertising/guides/request-download-report
 */
export function createBingAdsConnector(config: ConnectorConfig): BingAdsConnector {
  const need = settingsOf(SLUG, config.bingads);
  const http = httpClientFor(SLUG, config.http, { classify: classifyMicrosoftAdsError });
  const downloadFile = reportFileDownloader(SLUG, config.http);
  const now = config.http?.now ?? Date.now;
  const sleep = config.http?.sleep ?? realSleep;
  const client = () => oauthClient(need(), "client_secret_post");
  const url = (service: "customer" | "campaign" | "reporting", path: string) => {
    const s = need();
    const root =
      service === "customer"
        ? s.customerManagementUrl
        : service === "campaign"
          ? s.campaignManagementUrl
          : s.reportingUrl;
    return `${root.replace(/\/+$/, "")}/${s.apiVersion}${path}`;
  };
  const headers = (tokens: OAuthTokens, customerId?: string, accountId?: string) => {
    const h: Record<string, string> = { ...bearer(tokens), developertoken: need().developerToken };
    if (customerId) h.customerid = customerId;
    if (accountId) h.customeraccountid = accountId;
    return h;
  };

  async function getUser(credentials: Credentials, signal?: AbortSignal): Promise<MicrosoftAdsUser> {
    const tokens = requireOAuth(credentials, SLUG);
    const answer = await http.json(
      {
        operation: "getUser",
        method: "POST",
        url: url("customer", "/User/Query"),
        headers: headers(tokens),
        json: { UserId: null },
        signal,
      },
      (body) => userQuerySchema.parse(body),
    );
    const user = answer.User;
    const name = [user.Name?.FirstName, user.Name?.LastName].filter(Boolean).join(" ");
    const out: MicrosoftAdsUser = {
      userId: user.Id,
      customerId: user.CustomerId ?? answer.CustomerRoles?.[0]?.CustomerId ?? "",
      customerRoles: (answer.CustomerRoles ?? []).map((r) => ({
        ...(r.RoleId != null ? { roleId: r.RoleId } : {}),
        customerId: r.CustomerId,
        ...(r.AccountIds ? { accountIds: r.AccountIds } : {}),
      })),
    };
    const email = user.ContactInfo?.Email ?? (user.UserName?.includes("@") ? user.UserName : undefined);
    if (email) out.email = email;
    if (name || user.UserName) out.name = name || (user.UserName ?? "");
    return out;
  }

  async function getAccounts(
    credentials: Credentials,
    user: Pick<MicrosoftAdsUser, "userId">,
    signal?: AbortSignal,
  ): Promise<AdAccountView[]> {
    const tokens = requireOAuth(credentials, SLUG);
    const userId = checkMicrosoftId(user.userId, "user");
    const views: AdAccountView[] = [];
    for (let index = 0; ; index++) {
      const page = await http.json(
        {
          operation: "searchAccounts",
          method: "POST",
          url: url("customer", "/Accounts/Search"),
          headers: headers(tokens),
          json: {
            Predicates: [{ Field: "UserId", Operator: "Equals", Value: userId }],
            Ordering: null,
            PageInfo: { Index: index, Size: ACCOUNTS_PAGE_SIZE },
          },
          signal,
        },
        (body) => accountsSearchSchema.parse(body),
      );
      const accounts = page.Accounts ?? [];
      for (const a of accounts) views.push(toView(a, userId));
      if (accounts.length < ACCOUNTS_PAGE_SIZE) break;
    }
    return views.sort(byName);
  }

  /** Customer id, Microsoft time zone, currency and IANA zone of an account: from the view, or `GetAccount`. */
  async function accountInfo(tokens: OAuthTokens, query: MetricsQuery, accountId: string) {
    const meta = query.account.metaData ?? {};
    if (meta.customerId && meta.timeZoneName && query.account.currency && query.account.timeZone) {
      return {
        customerId: meta.customerId,
        timeZoneName: meta.timeZoneName,
        currency: query.account.currency,
        timeZone: query.account.timeZone,
      };
    }
    const answer = await http.json(
      {
        operation: "getAccount",
        method: "POST",
        url: url("customer", "/Account/Query"),
        headers: headers(tokens),
        json: { AccountId: Number(accountId) },
        signal: query.signal,
      },
      (body) => accountQuerySchema.parse(body),
    );
    const a = answer.Account;
    return {
      customerId: meta.customerId ?? a.ParentCustomerId ?? "",
      timeZoneName: a.TimeZone ?? "",
      currency: a.CurrencyCode ?? query.account.currency ?? "",
      timeZone: ianaTimeZone(a.TimeZone),
    };
  }

  /**
   * Campaign Management `GetCampaignsByAccountId` (`POST Campaigns/QueryByAccountId`) for every
   * campaign type that carries spend: the account's campaigns with their status and budget. The
   * `CustomerId` header comes from the view's `metaData.customerId`, else from GetAccount.
   */
  async function accountCampaigns(
    tokens: OAuthTokens,
    account: MetricsQuery["account"],
    signal: AbortSignal | undefined,
  ): Promise<MicrosoftCampaign[]> {
    const accountId = checkMicrosoftId(account.id, "account");
    // Only the parent customer id is needed: from the view, else from GetAccount.
    const customerId =
      account.metaData?.customerId ||
      (await accountInfo(tokens, { account, from: "", to: "", signal }, accountId)).customerId;
    const answer = await http.json(
      {
        operation: "getCampaigns",
        method: "POST",
        url: url("campaign", "/Campaigns/QueryByAccountId"),
        headers: headers(tokens, customerId, accountId),
        json: { AccountId: Number(accountId), CampaignType: CAMPAIGN_TYPES },
        signal,
      },
      (body) => campaignsSchema.parse(body),
    );
    return answer.Campaigns ?? [];
  }

  /**
   * Microsoft Advertising campaign writes (AutoPilot): Campaign Management UpdateCampaigns
   * (`PUT Campaigns`, `{AccountId, Campaigns: [{Id, Status | DailyBudget}]}`), `Status` `Active` /
   * `Paused`, `DailyBudget` a double in the account currency (cents kept). Each write reads the
   * campaign first (GetCampaignsByIds, `POST Campaigns/QueryByIds`) and sends nothing when the
   * value holds. A campaign on a shared budget (`BudgetId`) or a lifetime budget has no daily
   * budget of its own to write (listed with none, so Cruise leaves it to the others). A user whose
   * role may not change campaigns gets 106 UserIsNotAuthorized: InsufficientScopeError. An
   * operation refused in `PartialErrors` is a BadRequestError with its code. Minimum daily budget:
   * Microsoft's depends on the currency; one unit here, in steps of a hundredth.
   * https://learn.microsoft.com/en-us/advertising/campaign-management-service/updatecampaigns
   */
  function microsoftCampaignWriter(): CampaignWriter {
    const target = async (tokens: OAuthTokens, t: CampaignTarget) => {
      const accountId = checkMicrosoftId(t.account.id, "account");
      const campaignId = checkMicrosoftId(t.campaignId, "campaign");
      const customerId =
        t.account.metaData?.customerId ||
        (await accountInfo(tokens, { account: t.account, from: "", to: "", signal: t.signal }, accountId))
          .customerId;
      return { accountId, campaignId, customerId };
    };
    const readOne = async (
      tokens: OAuthTokens,
      t: Awaited<ReturnType<typeof target>>,
      signal?: AbortSignal,
    ) => {
      const answer = await http.json(
        {
          operation: "getCampaignsByIds",
          method: "POST",
          url: url("campaign", "/Campaigns/QueryByIds"),
          headers: headers(tokens, t.customerId, t.accountId),
          json: {
            AccountId: Number(t.accountId),
            CampaignIds: [Number(t.campaignId)],
            CampaignType: CAMPAIGN_TYPES,
          },
          signal,
        },
        (body) => campaignsByIdsSchema.parse(body),
      );
      const campaign = answer.Campaigns?.[0];
      if (!campaign) {
        throw new BadRequestError(`${SLUG}: campaign ${t.campaignId} not found`, {
          platform: SLUG,
          reason: "campaign_not_found",
        });
      }
      return campaign;
    };
    const update = async (
      tokens: OAuthTokens,
      t: Awaited<ReturnType<typeof target>>,
      change: { Status: string } | { DailyBudget: number },
      signal?: AbortSignal,
    ) => {
      try {
        const answer = await http.json(
          {
            operation: "updateCampaigns",
            method: "PUT",
            url: url("campaign", "/Campaigns"),
            headers: headers(tokens, t.customerId, t.accountId),
            json: { AccountId: Number(t.accountId), Campaigns: [{ Id: Number(t.campaignId), ...change }] },
            signal,
          },
          (body) => updateCampaignsSchema.parse(body),
        );
        const refused = answer.PartialErrors?.find(Boolean);
        if (refused) {
          throw new BadRequestError(
            `${SLUG} updateCampaigns: refused (${refused.Code}/${refused.ErrorCode})`,
            {
              platform: SLUG,
              reason: `${refused.Code}/${refused.ErrorCode ?? "unknown"}`,
            },
          );
        }
        return "success";
      } catch (error) {
        throw asWriteError(error, (reason) => reason.startsWith("106/"));
      }
    };
    /** The campaign's own daily budget, micros, or null (shared, lifetime or none). */
    const ownDailyBudget = (c: MicrosoftCampaign): number | null =>
      !c.BudgetId &&
      DAILY_BUDGET_TYPES.has(c.BudgetType ?? "") &&
      c.DailyBudget != null &&
      Number(c.DailyBudget) > 0
        ? decimalToMicros(String(c.DailyBudget))
        : null;
    const statusOf = (c: MicrosoftCampaign): CampaignState["status"] =>
      c.Status === "Active" ? "enabled" : c.Status === "Paused" ? "paused" : "other";
    return {
      async listCampaigns(credentials, query): Promise<CampaignState[]> {
        const tokens = requireOAuth(credentials, SLUG);
        const accountId = checkMicrosoftId(query.account.id, "account");
        const filters = normaliseFilters(query.filters);
        const selected = (await accountCampaigns(tokens, query.account, query.signal))
          .filter((c) => !filters.campaignIds || filters.campaignIds.includes(c.Id))
          .filter((c) => nameMatches(c.Name ?? "", filters.nameContains));
        const spend = new Map<string, number>();
        if (selected.length > 0) {
          const info = await accountInfo(tokens, query, accountId);
          const request = reportRequest(accountId, query.from, query.to, info.timeZoneName, {
            campaignIds: selected.map((c) => c.Id),
          });
          for (const row of await runReport(tokens, info.customerId, accountId, request, query.signal)) {
            const id = row.CampaignId ?? "";
            spend.set(id, (spend.get(id) ?? 0) + reportRowToDaily(row).spendMicros);
          }
        }
        return selected.map((c) => ({
          id: c.Id,
          name: c.Name ?? c.Id,
          status: statusOf(c),
          dailyBudgetMicros: ownDailyBudget(c),
          spendMicros: spend.get(c.Id) ?? 0,
        }));
      },

      async setCampaignStatus(credentials, write): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const t = await target(tokens, write);
        const current = await readOne(tokens, t, write.signal);
        const before = current.Status === "Active" ? 1 : 0;
        const after = write.status === "enabled" ? 1 : 0;
        return writeIfChanged(before, after, () =>
          update(tokens, t, { Status: after ? "Active" : "Paused" }, write.signal),
        );
      },

      async setCampaignDailyBudget(credentials, write): Promise<WriteOutcome> {
        const tokens = requireOAuth(credentials, SLUG);
        const t = await target(tokens, write);
        const current = await readOne(tokens, t, write.signal);
        return writeDailyBudgetInCents(
          SLUG,
          t.campaignId,
          ownDailyBudget(current),
          write.amountMicros,
          (units) => update(tokens, t, { DailyBudget: units }, write.signal),
        );
      },

      budgetLimits: () => ({ minDailyBudget: 1_000_000, budgetStep: 10_000 }),
    };
  }

  /** Submit, poll until done, download and read one report. No download URL means no rows. */
  async function runReport(
    tokens: OAuthTokens,
    customerId: string,
    accountId: string,
    reportRequest: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ): Promise<ReportRow[]> {
    const h = headers(tokens, customerId, accountId);
    const { ReportRequestId } = await http.json(
      {
        operation: "submitReport",
        method: "POST",
        url: url("reporting", "/GenerateReport/Submit"),
        headers: h,
        json: { ReportRequest: reportRequest },
        signal,
      },
      (body) => submitReportSchema.parse(body),
    );
    const done = await pollStepped(
      SLUG,
      "pollReport",
      async () => {
        const { ReportRequestStatus: status } = await http.json(
          {
            operation: "pollReport",
            method: "POST",
            url: url("reporting", "/GenerateReport/Poll"),
            headers: h,
            json: { ReportRequestId },
            signal,
          },
          (body) => pollReportSchema.parse(body),
        );
        if (status.Status === "Success") return { url: status.ReportDownloadUrl };
        if (status.Status !== "Pending") {
          throw new PlatformDownError(`${SLUG} pollReport: report status ${status.Status}`, {
            platform: SLUG,
            reason: "report_failed",
          });
        }
        return undefined;
      },
      sleep,
      signal,
    );
    return done.url ? download(done.url, signal) : [];
  }

  /**
   * Downloads the report ZIP from the pre-signed storage URL the poll answered: https only (or the
   * configured reporting host, for the sandbox), no Microsoft headers sent to the storage host.
   */
  async function download(reportUrl: string, signal: AbortSignal | undefined): Promise<ReportRow[]> {
    const bytes = await downloadFile({
      url: reportUrl,
      apiBase: need().reportingUrl,
      operation: "downloadReport",
      signal,
    });
    try {
      return readReportZip(bytes);
    } catch (error) {
      if (!(error instanceof ReportFileError)) throw error;
      throw new PlatformDownError(`${SLUG} downloadReport: ${error.message}`, {
        platform: SLUG,
        reason: "malformed_report",
        cause: error,
      });
    }
  }

  return {
    ...connectorIdentity(bingAdsDescriptor),

    authorizeUrl({ state, redirectUri, loginHint }) {
      const s = need();
      const pkce = createPkcePair();
      const authorize = authorizeUrlWith(s.authorizeUrl, {
        client_id: s.clientId,
        response_type: "code",
        redirect_uri: redirectUri,
        response_mode: "query",
        scope: MICROSOFT_ADS_SCOPES.join(" "),
        state,
        prompt: "select_account",
        code_challenge: pkce.codeChallenge,
        code_challenge_method: pkce.codeChallengeMethod,
        login_hint: loginHint,
      });
      return { url: authorize, codeVerifier: pkce.codeVerifier };
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const answer = await exchangeAuthorizationCode(http, client(), code, redirectUri, {
        code_verifier: codeVerifier,
        scope: MICROSOFT_ADS_SCOPES.join(" "),
      });
      const tokens = toTokens(answer, now());
      const user = await getUser(tokens);
      return {
        tokens,
        identity: { id: user.userId, ...connectionIdentity({ email: user.email, name: user.name }) },
      };
    },

    // The answer carries the rotated refresh token; toTokens keeps it over the old one.
    refreshAccessToken: (tokens) =>
      refreshWithToken(http, client, tokens, SLUG, now, { scope: MICROSOFT_ADS_SCOPES.join(" ") }),

    /**
     * The Microsoft identity platform has no token revocation endpoint: the stored tokens are
     * deleted by the caller and the user removes the app's consent in their Microsoft account.
     */
    async revoke(credentials) {
      requireOAuth(credentials, SLUG);
    },

    getUser: (credentials, options) => getUser(credentials, options?.signal),
    getAccounts: (credentials, user, options) => getAccounts(credentials, user, options?.signal),

    async listAdAccounts(credentials, options) {
      const user = await getUser(credentials, options?.signal);
      return getAccounts(credentials, user, options?.signal);
    },

    async fetchDailyMetrics(credentials, query): Promise<DailyMetrics> {
      const tokens = requireOAuth(credentials, SLUG);
      checkRange(query, SLUG);
      const accountId = checkMicrosoftId(query.account.id, "account");
      const info = await accountInfo(tokens, query, accountId);
      const filters = normaliseFilters(query.filters);
      for (const id of filters.campaignIds ?? []) checkMicrosoftId(id, "campaign");
      const request = reportRequest(accountId, query.from, query.to, info.timeZoneName, filters);
      const rows = await runReport(tokens, info.customerId, accountId, request, query.signal);
      const wanted = filters.campaignIds ? new Set(filters.campaignIds) : undefined;
      const partials = rows
        .filter((r) => !wanted || wanted.has(r.CampaignId ?? ""))
        .filter((r) => nameMatches(r.CampaignName ?? "", filters.nameContains))
        .map((r) => {
          try {
            return reportRowToDaily(r);
          } catch (error) {
            throw new PlatformDownError(`${SLUG} downloadReport: unreadable report row`, {
              platform: SLUG,
              reason: "malformed_report",
              cause: error,
            });
          }
        });
      return dailyMetrics(query, { accountId, currency: info.currency, timeZone: info.timeZone }, partials);
    },

    /**
     * The account's daily budget at Microsoft Advertising, integer micros of the account currency:
     * the sum of the `DailyBudget` (a double in currency units, converted exactly) of the campaigns
     * whose `Status` is `Active` and that pass the tracker's filters (ids, and the name as
     * `fetchDailyMetrics` applies it to `CampaignName`), read with one Campaign Management
     * `GetCampaignsByAccountId` call. A shared budget (`BudgetId` set: each of its campaigns
     * answers the shared amount) counts once, in full as soon as one of its campaigns passes.
     * `LifetimeBudgetStandard` budgets (a total over the campaign's dates) are not counted.
     * https://learn.microsoft.com/en-us/advertising/campaign-management-service/getcampaignsbyaccountid
     * @returns `{amount, period: "day"}`, or null when no such campaign has a daily budget
     * @throws the typed errors of `errors.ts`, like every call
     */
    async fetchBudget(credentials: Credentials, query: BudgetQuery): Promise<PlatformBudget | null> {
      const tokens = requireOAuth(credentials, SLUG);
      const filters = normaliseFilters(query.filters);
      return activeDailyBudget(await accountCampaigns(tokens, query.account, query.signal), filters);
    },

    campaigns: microsoftCampaignWriter(),

    filterDefinitions: () => CAMPAIGN_FILTERS,

    async listFilterValues(credentials, query): Promise<FilterValue[]> {
      if (query.filterId !== "campaigns") return [];
      const tokens = requireOAuth(credentials, SLUG);
      return (await accountCampaigns(tokens, query.account, query.signal))
        .filter((c) => nameMatches(c.Name ?? "", query.search?.trim()))
        .map((c) => ({ id: c.Id, name: c.Name ?? c.Id, status: c.Status ?? "" }))
        .sort(byName);
    },
  };
}

/** Budget types that are a daily amount (BudgetLimitType); `LifetimeBudgetStandard` is not. */
const DAILY_BUDGET_TYPES = new Set(["DailyBudgetStandard", "DailyBudgetAccelerated"]);

/**
 * GetCampaignsByAccountId campaigns -> the daily budget: the `Active` campaigns kept by the
 * tracker's filters (as {@link selectedCampaignIds} keeps them) with a daily budget type and a
 * `DailyBudget` above zero; each budget counted once (a shared one by its `BudgetId`, else the
 * campaign's own), currency units -> micros.
 * @returns `{amount, period: "day"}` in micros, or null when no campaign has a daily budget
 */
export function activeDailyBudget(
  campaigns: readonly MicrosoftCampaign[],
  filters: NormalisedFilters,
): PlatformBudget | null {
  return summedDailyBudget(
    campaigns
      .filter((c) => c.Status === "Active" && DAILY_BUDGET_TYPES.has(c.BudgetType ?? ""))
      .map((c) => ({
        id: c.Id,
        name: c.Name ?? "",
        dailyMicros: c.DailyBudget == null ? 0 : decimalToMicros(c.DailyBudget),
        budgetId: c.BudgetId && c.BudgetId !== "0" ? c.BudgetId : undefined,
      })),
    filters,
  );
}

/** An advertiser account -> a view; `metaData` carries what the reporting headers need. */
function toView(a: AdvertiserAccount, userId: string): AdAccountView {
  const metaData: Record<string, string> = { customerId: a.ParentCustomerId ?? "", userId };
  if (a.Number) metaData.accountNumber = a.Number;
  if (a.TimeZone) metaData.timeZoneName = a.TimeZone;
  if (a.AccountLifeCycleStatus) metaData.status = a.AccountLifeCycleStatus;
  return {
    id: a.Id,
    name: a.Name ?? a.Id,
    currency: a.CurrencyCode ?? "",
    timeZone: ianaTimeZone(a.TimeZone),
    metaData,
  };
}

/** A Microsoft Advertising id (user, account, campaign): up to 15 digits. @throws BadRequestError `bad_<what>_id` */
function checkMicrosoftId(id: string, what: string): string {
  return checkId(SLUG, id, { what, pattern: /^\d{1,15}$/ });
}

/** `{Day, Month, Year}` of a `yyyy-MM-dd` date, as the reporting `Date` object wants it. */
function reportDate(date: string): { Day: number; Month: number; Year: number } {
  const [y, m, d] = date.split("-").map(Number);
  return { Day: d ?? 0, Month: m ?? 0, Year: y ?? 0 };
}

/**
 * The report request: account level when unfiltered, campaign level (scoped to the campaign ids
 * when given; the name filter is applied on `CampaignName`) when filtered. Daily rows in the
 * account's own time zone, CSV without report header and footer.
 */
export function reportRequest(
  accountId: string,
  from: string,
  to: string,
  timeZoneName: string,
  filters: { campaignIds?: string[]; nameContains?: string },
): Record<string, unknown> {
  const filtered = Boolean(filters.campaignIds || filters.nameContains);
  const metrics = ["Spend", "Impressions", "Clicks", "Conversions", "Revenue"];
  return {
    Type: filtered ? "CampaignPerformanceReportRequest" : "AccountPerformanceReportRequest",
    Format: "Csv",
    FormatVersion: "2.0",
    ReportName: filtered ? "Pacer daily campaign spend" : "Pacer daily account spend",
    ReturnOnlyCompleteData: false,
    ExcludeColumnHeaders: false,
    ExcludeReportHeader: true,
    ExcludeReportFooter: true,
    Aggregation: "Daily",
    Columns: filtered
      ? ["TimePeriod", "AccountId", "CampaignId", "CampaignName", "CurrencyCode", ...metrics]
      : ["TimePeriod", "AccountId", "CurrencyCode", ...metrics],
    Scope: filters.campaignIds
      ? {
          Campaigns: filters.campaignIds.map((id) => ({
            AccountId: Number(accountId),
            CampaignId: Number(id),
          })),
        }
      : { AccountIds: [Number(accountId)] },
    Time: {
      CustomDateRangeStart: reportDate(from),
      CustomDateRangeEnd: reportDate(to),
      ...(timeZoneName ? { ReportTimeZone: timeZoneName } : {}),
    },
  };
}

/** The bingAds connector: its descriptor and builder, for the registry. */
export const bingAdsConnector: ConnectorDefinition = { ...bingAdsDescriptor, create: createBingAdsConnector };
