import * as z from "zod";

/**
 * Response shapes of the Reddit Ads API v3 as the connector reads them (others pass through).
 * Every answer is `{"data": ..., "pagination": {"next_url"}}`; report rows use lowercase keys.
 * Checked against the Airbyte source-reddit-ads manifest and mock-server tests.
 * https://ads-api.reddit.com/docs/v3/
 */

const pagination = z.object({ next_url: z.string().nullable().optional() }).loose().nullable().optional();

const numeric = z.union([z.number(), z.string()]).nullable().optional();

/** One ad account. */
export const redditAdAccountSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    time_zone_id: z.string().nullable().optional(),
    business_id: z.string().nullable().optional(),
  })
  .loose();

/** `GET /me/businesses` page. */
export const redditBusinessesPageSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string().nullable().optional() }).loose()),
  pagination,
});

/** `GET /businesses/{id}/ad_accounts` page. */
export const redditAdAccountsPageSchema = z.object({ data: z.array(redditAdAccountSchema), pagination });

/** `GET /ad_accounts/{id}`. */
export const redditAdAccountResponseSchema = z.object({ data: redditAdAccountSchema }).loose();

/** A budget amount: an integer in micros of the account currency, as a number or digit string. */
const micros = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)])
  .nullable()
  .optional();

/**
 * `GET /ad_accounts/{id}/campaigns` page. Budget fields as the Airbyte source-reddit-ads manifest
 * lists them: `goal_type` (`DAILY_SPEND` or `LIFETIME_SPEND`) with `goal_value` (micros) when the
 * campaign holds the budget (`is_campaign_budget_optimization`; otherwise the budgets sit on the ad
 * groups), and `spend_cap` (a cap over the campaign's run).
 */
export const redditCampaignsPageSchema = z.object({
  data: z.array(
    z
      .object({
        id: z.string(),
        name: z.string().nullable().optional(),
        configured_status: z.string().nullable().optional(),
        effective_status: z.string().nullable().optional(),
        is_campaign_budget_optimization: z.boolean().nullable().optional(),
        goal_type: z.string().nullable().optional(),
        goal_value: micros,
        spend_cap: z.number().nullable().optional(),
      })
      .loose(),
  ),
  pagination,
});

/**
 * `GET /ad_accounts/{id}/ad_groups` page: the ad groups' own daily budgets (`goal_type`
 * DAILY_SPEND, `goal_value` micros), which a campaign without campaign budget optimisation spends
 * from. Field names as the campaigns' (Airbyte source-reddit-ads manifest, `ad_groups` stream).
 */
export const redditAdGroupsPageSchema = z.object({
  data: z.array(
    z
      .object({
        id: z.string(),
        campaign_id: z.string(),
        configured_status: z.string().nullable().optional(),
        effective_status: z.string().nullable().optional(),
        goal_type: z.string().nullable().optional(),
        goal_value: micros,
      })
      .loose(),
  ),
  pagination,
});

/** One ad group of a `GET /ad_accounts/{id}/ad_groups` page. */
export type RedditAdGroup = z.infer<typeof redditAdGroupsPageSchema>["data"][number];

/** One campaign of a `GET /ad_accounts/{id}/campaigns` page. */
export type RedditCampaign = z.infer<typeof redditCampaignsPageSchema>["data"][number];

/** One report row: `date` (and `campaign_id` with that breakdown), spend in micros, purchase value in cents. */
export const redditReportRowSchema = z
  .object({
    date: z.string(),
    campaign_id: z.string().nullable().optional(),
    spend: numeric,
    impressions: numeric,
    clicks: numeric,
    conversion_purchase_clicks: numeric,
    conversion_purchase_views: numeric,
    conversion_purchase_total_value: numeric,
  })
  .loose();

/** One report row. */
export type RedditReportRow = z.infer<typeof redditReportRowSchema>;

/** `POST /ad_accounts/{id}/reports` page. */
export const redditReportPageSchema = z.object({
  data: z.object({ metrics: z.array(redditReportRowSchema).nullable().optional() }).loose(),
  pagination,
});

/** `GET /me`: the connected Reddit user. */
export const redditMeSchema = z
  .object({
    data: z
      .object({ id: z.string().optional(), username: z.string().optional(), email: z.string().optional() })
      .loose(),
  })
  .loose();

/** `PATCH /campaigns/{id}`: the updated campaign under `data` (only its id is read). */
export const redditCampaignUpdateSchema = z
  .object({ data: z.object({ id: z.string().nullable().optional() }).loose() })
  .loose();
