import * as z from "zod";
import {
  campaignNotFound,
  checkId,
  requireOAuth,
  selectedWithSpend,
  writeDailyBudgetInCents,
  writeStatusIfChanged,
} from "../connector-kit.ts";
import { AuthError, asWriteError, BadRequestError } from "../errors.ts";
import type { HttpClient } from "../http/http-client.ts";
import type {
  BudgetLimits,
  CampaignState,
  CampaignsQuery,
  CampaignTarget,
  CampaignWriter,
  OAuthTokens,
} from "../types.ts";
import { urlWithQuery } from "./oauth1.ts";
import { type XCampaign, xCampaignSchema } from "./schemas.ts";

const SLUG = "twitterads";

/** `GET` / `PUT accounts/:account_id/campaigns/:campaign_id`: the one campaign in `data`. */
const xCampaignResponseSchema = z.object({ data: xCampaignSchema }).loose();

/** What the X writer borrows from its connector: signed clients, URLs, the campaign listing and reports. */
export interface XWriterDeps {
  /** A client signing every attempt with the consumer credentials and the user's token and secret. */
  client: (tokens: OAuthTokens) => HttpClient;
  /** `https://ads-api.x.com/{version}` + path. */
  ads: (path: string) => string;
  /** The account's campaigns (deleted ones left out), all cursor pages. */
  campaignRecords: (http: HttpClient, accountId: string, signal?: AbortSignal) => Promise<XCampaign[]>;
  /** An ad account id (alphanumeric). @throws BadRequestError `bad_account_id` */
  checkAccountId: (id: string) => string;
  /**
   * Spend per campaign id over the query's range, micros: the stats split by campaign
   * (`entity=CAMPAIGN`, 20 ids a request; asynchronous jobs beyond 7 days), in the account's zone.
   */
  campaignSpend: (
    http: HttpClient,
    accountId: string,
    query: CampaignsQuery,
    campaignIds: string[],
  ) => Promise<ReadonlyMap<string, number>>;
}

/**
 * X campaign writes (AutoPilot, beyond the spec), Ads API v12, OAuth 1.0a user context:
 * - Read first: `GET /12/accounts/:account_id/campaigns/:campaign_id` (`entity_status`,
 *   `daily_budget_amount_local_micro`, `budget_optimization`).
 * - Write: `PUT /12/accounts/:account_id/campaigns/:campaign_id?entity_status=ACTIVE|PAUSED` or
 *   `?daily_budget_amount_local_micro=` (micros of the account currency, whole cents here), the
 *   parameters in the query string and signed with it (HMAC-SHA1, no body); X answers the updated
 *   campaign in `data`. Sent only when the value read differs.
 * - Status: `ACTIVE` enabled, `PAUSED` paused; `DRAFT` and the rest are never written
 *   (`campaign_not_writable`). Pausing a campaign stops all its line items.
 * - Budget: only a campaign holding its daily budget (`budget_optimization=CAMPAIGN`). A campaign
 *   optimised at the line-item level (`LINE_ITEM`) has none of its own (its line items carry the
 *   daily budgets, which the read connector sums): listed without a daily budget and refused
 *   `no_campaign_budget`; its line items are not re-budgeted (AutoPilot would have to split the
 *   change across them).
 * - Permission: OAuth 1.0a has no scopes; the user's role on the ad account decides
 *   (`ACCOUNT_ADMIN` or `AD_MANAGER` may change campaigns; `CAMPAIGN_ANALYST` may only read, see
 *   `GET accounts/:account_id/authenticated_user_access`), with the app's Ads API access. X refuses
 *   with 403: InsufficientScopeError. 401 (`UNAUTHORIZED_ACCESS`, #89: the token or signature)
 *   stays AuthError.
 * - Spend per campaign for `listCampaigns`: the stats split by campaign (`entity=CAMPAIGN`), 20
 *   campaigns a request, not a report per campaign.
 * https://docs.x.com/x-ads-api/campaign-management/reference (Campaigns: GET and PUT
 * accounts/:account_id/campaigns/:campaign_id)
 */
export function xCampaignWriter(deps: XWriterDeps): CampaignWriter {
  const url = (t: CampaignTarget) =>
    deps.ads(`/accounts/${deps.checkAccountId(t.account.id)}/campaigns/${checkCampaignId(t.campaignId)}`);

  const readOne = async (http: HttpClient, t: CampaignTarget): Promise<XCampaign> => {
    try {
      const answer = await http.json({ operation: "campaign", url: url(t), signal: t.signal }, (b) =>
        xCampaignResponseSchema.parse(b),
      );
      if (answer.data.deleted) throw campaignNotFound(SLUG, t.campaignId);
      return answer.data;
    } catch (error) {
      if (error instanceof BadRequestError && error.status === 404)
        throw campaignNotFound(SLUG, t.campaignId);
      throw error;
    }
  };

  const update = async (http: HttpClient, t: CampaignTarget, params: Record<string, string>) => {
    try {
      const answer = await http.json(
        { operation: "campaign:update", method: "PUT", url: urlWithQuery(url(t), params), signal: t.signal },
        (b) => xCampaignResponseSchema.parse(b),
      );
      return `${Object.keys(params)[0]}=${Object.values(params)[0]} (campaign ${answer.data.id})`;
    } catch (error) {
      throw error instanceof AuthError && error.status === 403 ? asWriteError(error, () => true) : error;
    }
  };

  return {
    async listCampaigns(credentials, query): Promise<CampaignState[]> {
      const http = deps.client(requireOAuth(credentials, SLUG));
      const accountId = deps.checkAccountId(query.account.id);
      const records = await deps.campaignRecords(http, accountId, query.signal);
      return selectedWithSpend(
        records.map((c) => ({
          id: c.id,
          name: c.name ?? c.id,
          status: xCampaignStatus(c),
          dailyBudgetMicros: c.daily_budget_amount_local_micro || null,
        })),
        query,
        (ids) => deps.campaignSpend(http, accountId, query, ids),
      );
    },

    async setCampaignStatus(credentials, target) {
      const http = deps.client(requireOAuth(credentials, SLUG));
      const found = await readOne(http, target);
      return writeStatusIfChanged(SLUG, target.campaignId, xCampaignStatus(found), target.status, (s) =>
        update(http, target, { entity_status: s === "enabled" ? "ACTIVE" : "PAUSED" }),
      );
    },

    async setCampaignDailyBudget(credentials, target) {
      const http = deps.client(requireOAuth(credentials, SLUG));
      const found = await readOne(http, target);
      return writeDailyBudgetInCents(
        SLUG,
        target.campaignId,
        found.daily_budget_amount_local_micro || null,
        target.amountMicros,
        (units) =>
          update(http, target, { daily_budget_amount_local_micro: String(Math.round(units * 100) * 10_000) }),
      );
    },

    budgetLimits: xBudgetLimits,
  };
}

/** A campaign's `entity_status` as AutoPilot reads it: ACTIVE enabled, PAUSED paused, anything else (DRAFT, deleted) "other". */
export function xCampaignStatus(c: Pick<XCampaign, "entity_status" | "deleted">): CampaignState["status"] {
  if (c.deleted) return "other";
  return c.entity_status === "ACTIVE" ? "enabled" : c.entity_status === "PAUSED" ? "paused" : "other";
}

/**
 * Daily budget limits of an X campaign: X's reference publishes no minimum daily budget per
 * currency (one unit here), and budgets are written in whole hundredths of the currency.
 */
export function xBudgetLimits(_currency: string): BudgetLimits {
  return { minDailyBudget: 1_000_000, budgetStep: 10_000 };
}

/** An X campaign id: base-36 (X shows the base-10 value in its UI). @throws BadRequestError `bad_campaign_id` */
function checkCampaignId(id: string): string {
  return checkId(SLUG, id, {
    what: "campaign",
    pattern: /^[a-z0-9]{1,24}$/i,
    problem: "must be alphanumeric",
  });
}
