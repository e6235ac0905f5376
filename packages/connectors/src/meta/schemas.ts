import * as z from "zod";

/**
 * Response shapes of the Meta Graph / Marketing API. All insight numbers arrive as strings.
 * https://developers.facebook.com/docs/marketing-api/insights
 */
const numeric = z.union([z.string(), z.number()]).transform((v) => String(v));

const paging = z
  .object({
    cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
    next: z.string().optional(),
  })
  .optional();

const actionStat = z.object({ action_type: z.string(), value: numeric }).loose();

/** One insights row (`level=account` or `level=campaign`, `time_increment=1`). */
export const insightsRowSchema = z
  .object({
    account_id: z.string().optional(),
    account_currency: z.string().optional(),
    campaign_id: z.string().optional(),
    campaign_name: z.string().optional(),
    date_start: z.string(),
    date_stop: z.string().optional(),
    spend: numeric.optional(),
    impressions: numeric.optional(),
    clicks: numeric.optional(),
    actions: z.array(actionStat).optional(),
    action_values: z.array(actionStat).optional(),
  })
  .loose();

/** One insights row. */
export type InsightsRow = z.infer<typeof insightsRowSchema>;

/** `GET /act_{id}/insights` page. */
export const insightsPageSchema = z.object({ data: z.array(insightsRowSchema), paging });

/** `GET /me/adaccounts` page. */
export const adAccountsPageSchema = z.object({
  data: z.array(
    z
      .object({
        id: z.string(),
        account_id: z.string(),
        name: z.string().optional(),
        currency: z.string().optional(),
        timezone_name: z.string().optional(),
        account_status: z.number().optional(),
      })
      .loose(),
  ),
  paging,
});

/** `GET /act_{id}?fields=currency,timezone_name`. */
export const adAccountSchema = z.object({ currency: z.string(), timezone_name: z.string() }).loose();

/**
 * A campaign budget (`daily_budget`, `lifetime_budget`): an integer in the account currency's
 * offset units (cents for GBP), sent as a string. https://developers.facebook.com/docs/marketing-api/currencies
 */
const budgetAmount = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(String);

/** `GET /act_{id}/campaigns` page. `daily_budget` is absent when the budgets sit on the ad sets. */
export const campaignsPageSchema = z.object({
  data: z.array(
    z
      .object({
        id: z.string(),
        name: z.string().optional(),
        effective_status: z.string().optional(),
        /** The status set on the campaign (ACTIVE, PAUSED, ARCHIVED, DELETED), as a write sets it. */
        status: z.string().optional(),
        daily_budget: budgetAmount.optional(),
        /** A total over the campaign's dates (offset units); such a campaign has no daily budget. */
        lifetime_budget: budgetAmount.optional(),
      })
      .loose(),
  ),
  paging,
});

/**
 * A `GET /act_{id}/adsets` page (fields `id,campaign_id,daily_budget,effective_status`): the ad-set
 * budgets of campaigns without a campaign budget.
 * https://developers.facebook.com/docs/marketing-api/reference/ad-account/adsets/
 */
export const adSetsPageSchema = z.object({
  data: z.array(
    z
      .object({
        id: z.string(),
        campaign_id: z.string(),
        effective_status: z.string().optional(),
        daily_budget: budgetAmount.optional(),
      })
      .loose(),
  ),
  paging,
});

/** `GET /{campaign-id}?fields=id,name,status,daily_budget`: one campaign. */
export const campaignSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    status: z.string().optional(),
    daily_budget: budgetAmount.optional(),
  })
  .loose();

/** `POST /{campaign-id}` answer. */
export const updateAnswerSchema = z.object({ success: z.boolean() }).loose();

/** One campaign of a `GET /act_{id}/campaigns` page. */
export type MetaCampaign = z.infer<typeof campaignsPageSchema>["data"][number];

/** `GET /oauth/access_token` answer (code exchange and `fb_exchange_token`). */
export const metaTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().optional(),
});

/**
 * `GET /me/permissions`: each permission the app asked and its status (`granted`, `declined` or
 * `expired`). https://developers.facebook.com/docs/graph-api/reference/user/permissions/
 */
export const permissionsSchema = z.object({
  data: z.array(z.object({ permission: z.string(), status: z.string() })),
});

/** `GET /me?fields=id,name,email`. */
export const meSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
});
