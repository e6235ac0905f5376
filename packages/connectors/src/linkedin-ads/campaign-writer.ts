import {
  campaignNotFound,
  checkId,
  requireOAuth,
  selectedWithSpend,
  writeDailyBudgetInCents,
  writeStatusIfChanged,
} from "../connector-kit.ts";
import { asWriteError, BadRequestError } from "../errors.ts";
import type { HttpClient } from "../http/http-client.ts";
import { decimalToMicros } from "../money.ts";
import type { BudgetLimits, CampaignState, CampaignTarget, CampaignWriter, OAuthTokens } from "../types.ts";
import { adCampaignsPageSchema, type LinkedInCampaign } from "./schemas.ts";

const SLUG = "linkedinads";

/** One campaign as `GET /rest/adAccounts/{account}/adCampaigns/{id}` answers it (the finder's element shape). */
const adCampaignSchema = adCampaignsPageSchema.shape.elements.element;

/** What the LinkedIn writer borrows from its connector: the HTTP client, URLs, headers, listing and reports. */
export interface LinkedInWriterDeps {
  http: HttpClient;
  /** `https://api.linkedin.com` + path. */
  api: (path: string) => string;
  /** Bearer token, the pinned `Linkedin-Version`, `X-Restli-Protocol-Version: 2.0.0`. */
  headers: (tokens: OAuthTokens) => Record<string, string>;
  /** Every campaign of the account (`adCampaigns?q=search`, all pages). */
  campaignList: (
    tokens: OAuthTokens,
    accountId: string,
    signal: AbortSignal | undefined,
  ) => Promise<LinkedInCampaign[]>;
  /**
   * Spend per campaign id over the range, micros: one `adAnalytics` report with `pivot=CAMPAIGN`
   * for all the ids (split by range only where days x campaigns pass LinkedIn's element cap).
   */
  campaignSpend: (
    tokens: OAuthTokens,
    accountId: string,
    range: { from: string; to: string; signal?: AbortSignal | undefined },
    campaignIds: string[],
  ) => Promise<ReadonlyMap<string, number>>;
}

/**
 * LinkedIn campaign writes (AutoPilot, beyond the spec), Marketing API (Rest.li 2.0, versioned):
 * - Read first: `GET /rest/adAccounts/{account}/adCampaigns/{id}` (the campaign's `status` and
 *   `dailyBudget`).
 * - Write: `POST /rest/adAccounts/{account}/adCampaigns/{id}` with `X-RestLi-Method:
 *   PARTIAL_UPDATE` and `{"patch": {"$set": {"status": "ACTIVE" | "PAUSED"}}}` or
 *   `{"patch": {"$set": {"dailyBudget": {"amount": "12.34", "currencyCode": "EUR"}}}}` (a decimal
 *   string in currency units, cents kept; the currency as read, the account's); LinkedIn answers
 *   204 without a body. Sent only when the value read differs.
 * - Status: `ACTIVE` is enabled, `PAUSED` paused; `DRAFT`, `ARCHIVED`, `COMPLETED`, `CANCELED`,
 *   `PENDING_DELETION` and `REMOVED` are never written (BadRequestError `campaign_not_writable`).
 * - Budget: only a campaign's own `dailyBudget`. A campaign without one spends from its campaign
 *   group (Dynamic Group Budget): listed with no daily budget, refused `no_campaign_budget`.
 * - Permission: writes need the `rw_ads` scope (Pacer's connection asks `r_ads`,
 *   `r_ads_reporting`) and a role that may edit campaigns (`ACCOUNT_BILLING_ADMIN`,
 *   `ACCOUNT_MANAGER`, `CAMPAIGN_MANAGER`; `VIEWER` is read-only even with `rw_ads`). LinkedIn
 *   refuses with 403 `ACCESS_DENIED` (service error 100): InsufficientScopeError. 401 (token) stays
 *   AuthError.
 * - Spend per campaign for `listCampaigns`: one `adAnalytics` report with `pivot=CAMPAIGN` for all the
 *   selected campaigns (`GET /rest/adAnalytics?q=analytics&pivot=CAMPAIGN&campaigns=List(...)`).
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-campaigns
 * (Update a Campaign, Get a Campaign, Permissions)
 */
export function linkedInCampaignWriter(deps: LinkedInWriterDeps): CampaignWriter {
  const { http, api, headers } = deps;
  const path = (t: CampaignTarget) =>
    `/rest/adAccounts/${checkId(SLUG, t.account.id, { what: "account" })}/adCampaigns/${checkId(SLUG, t.campaignId, { what: "campaign" })}`;

  const readOne = async (tokens: OAuthTokens, t: CampaignTarget): Promise<LinkedInCampaign> => {
    try {
      return await http.json(
        { operation: "adCampaign", url: api(path(t)), headers: headers(tokens), signal: t.signal },
        (body) => adCampaignSchema.parse(body),
      );
    } catch (error) {
      if (error instanceof BadRequestError && error.status === 404)
        throw campaignNotFound(SLUG, t.campaignId);
      throw error;
    }
  };

  const update = async (tokens: OAuthTokens, t: CampaignTarget, set: Record<string, unknown>) => {
    try {
      const answer = await http.raw({
        operation: "adCampaign:partialUpdate",
        method: "POST",
        url: api(path(t)),
        headers: { ...headers(tokens), "x-restli-method": "PARTIAL_UPDATE" },
        json: { patch: { $set: set } },
        signal: t.signal,
      });
      return `HTTP ${answer.status}`;
    } catch (error) {
      throw asWriteError(error, isPermissionRefusal);
    }
  };

  return {
    async listCampaigns(credentials, query): Promise<CampaignState[]> {
      const tokens = requireOAuth(credentials, SLUG);
      const accountId = checkId(SLUG, query.account.id, { what: "account" });
      const all = await deps.campaignList(tokens, accountId, query.signal);
      return selectedWithSpend(
        all.map((c) => ({
          id: c.id,
          name: c.name ?? c.id,
          status: linkedInCampaignStatus(c),
          dailyBudgetMicros: c.dailyBudget ? decimalToMicros(c.dailyBudget.amount) : null,
        })),
        query,
        (ids) => deps.campaignSpend(tokens, accountId, query, ids),
      );
    },

    async setCampaignStatus(credentials, target) {
      const tokens = requireOAuth(credentials, SLUG);
      const found = await readOne(tokens, target);
      return writeStatusIfChanged(
        SLUG,
        target.campaignId,
        linkedInCampaignStatus(found),
        target.status,
        (s) => update(tokens, target, { status: s === "enabled" ? "ACTIVE" : "PAUSED" }),
      );
    },

    async setCampaignDailyBudget(credentials, target) {
      const tokens = requireOAuth(credentials, SLUG);
      const found = await readOne(tokens, target);
      const budget = found.dailyBudget;
      return writeDailyBudgetInCents(
        SLUG,
        target.campaignId,
        budget ? decimalToMicros(budget.amount) : null,
        target.amountMicros,
        (units) =>
          update(tokens, target, {
            dailyBudget: {
              amount: units.toFixed(2),
              currencyCode: budget?.currencyCode || target.account.currency || "",
            },
          }),
      );
    },

    budgetLimits: linkedInBudgetLimits,
  };
}

/** A campaign's `status` as AutoPilot reads it: ACTIVE enabled, PAUSED paused, anything else "other". */
export function linkedInCampaignStatus(c: Pick<LinkedInCampaign, "status">): CampaignState["status"] {
  return c.status === "ACTIVE" ? "enabled" : c.status === "PAUSED" ? "paused" : "other";
}

/**
 * A refusal of a write for want of permission: 403 `ACCESS_DENIED` (or its service error 100),
 * which LinkedIn answers when the grant lacks `rw_ads` or the member's role may not edit the
 * campaign. The 401 token codes (`INVALID_ACCESS_TOKEN`, `EXPIRED_ACCESS_TOKEN`,
 * `REVOKED_ACCESS_TOKEN`) are not: they stay AuthError (reconnect).
 */
function isPermissionRefusal(reason: string): boolean {
  return reason === "ACCESS_DENIED" || reason === "service_100";
}

/**
 * Daily budget limits of a LinkedIn campaign: at least 10 USD a day (LinkedIn Help, "Campaign
 * budgets": the campaign daily budget minimum of a USD account; other currencies have their own
 * minimum, not listed here: one unit), in hundredths of the currency.
 */
export function linkedInBudgetLimits(currency: string): BudgetLimits {
  return { minDailyBudget: currency.toUpperCase() === "USD" ? 10_000_000 : 1_000_000, budgetStep: 10_000 };
}
