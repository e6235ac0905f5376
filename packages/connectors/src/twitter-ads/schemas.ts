import * as z from "zod";

/**
 * Response shapes of the X Ads API (v12) as the connector reads them; other fields pass through.
 * Checked against the X Ads SDK fixtures (`accounts_all`, `funding_instruments_all`,
 * `campaigns_all`, `analytics_sync_stats`) and the analytics docs.
 * https://docs.x.com/x-ads-api/analytics
 */

/** One ad account (`GET /{version}/accounts`). */
export const xAccountSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    timezone: z.string().optional(),
    approval_status: z.string().optional(),
    deleted: z.boolean().optional(),
  })
  .loose();

/** One ad account. */
export type XAccount = z.infer<typeof xAccountSchema>;

/** A cursor-paged collection: `{data: [...], next_cursor, total_count}`. */
function cursorPage<T extends z.ZodType>(item: T) {
  return z
    .object({
      data: z.array(item),
      next_cursor: z.string().nullable().optional(),
      total_count: z.number().optional(),
    })
    .loose();
}

/** `GET /{version}/accounts` page. */
export const xAccountsPageSchema = cursorPage(xAccountSchema);

/** `GET /{version}/accounts/{id}` (a single object in `data`). */
export const xAccountResponseSchema = z.object({ data: xAccountSchema }).loose();

/** `GET /{version}/accounts/{id}/funding_instruments` page: the account currency lives here. */
export const xFundingInstrumentsPageSchema = cursorPage(
  z
    .object({
      id: z.string(),
      currency: z.string().optional(),
      deleted: z.boolean().optional(),
      cancelled: z.boolean().optional(),
    })
    .loose(),
);

/** A budget in micros of the account currency (`*_budget_amount_local_micro`); null when not set. */
const localMicro = z.number().int().nonnegative().nullable().optional();

/**
 * One campaign (`GET /{version}/accounts/{id}/campaigns`): `daily_budget_amount_local_micro` and
 * `total_budget_amount_local_micro` (the campaign's whole run) in micros of the account currency.
 */
export const xCampaignSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    entity_status: z.string().optional(),
    /** `CAMPAIGN` (the campaign holds the daily budget) or `LINE_ITEM` (its line items do). */
    budget_optimization: z.string().nullable().optional(),
    currency: z.string().optional(),
    deleted: z.boolean().optional(),
    daily_budget_amount_local_micro: localMicro,
    total_budget_amount_local_micro: localMicro,
  })
  .loose();

/** One campaign. */
export type XCampaign = z.infer<typeof xCampaignSchema>;

/** `GET /{version}/accounts/{id}/campaigns` page. */
export const xCampaignsPageSchema = cursorPage(xCampaignSchema);

/**
 * One line item (`GET /{version}/accounts/{id}/line_items`). Under a campaign with
 * `budget_optimization=LINE_ITEM` the line items carry the daily budget
 * (`daily_budget_amount_local_micro`, micros of the account currency) and the campaign none.
 * https://docs.x.com/x-ads-api/campaign-management (line items)
 */
export const xLineItemSchema = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    name: z.string().optional(),
    entity_status: z.string().optional(),
    deleted: z.boolean().optional(),
    daily_budget_amount_local_micro: localMicro,
    total_budget_amount_local_micro: localMicro,
  })
  .loose();

/** One line item. */
export type XLineItem = z.infer<typeof xLineItemSchema>;

/** `GET /{version}/accounts/{id}/line_items` page. */
export const xLineItemsPageSchema = cursorPage(xLineItemSchema);

/** A metric aligned to the time series; `null` for "no data" (a day or the whole metric). */
const series = z.array(z.number().nullable()).nullable().optional();

/**
 * A conversion metric: an object of aligned series (`metric` = conversions, `sale_amount` = value
 * in micros of the account currency), or a plain series in older answers.
 */
const conversionMetric = z
  .union([
    z.array(z.number().nullable()),
    z.object({ metric: series, sale_amount: series, order_quantity: series }).loose(),
  ])
  .nullable()
  .optional();

/** Metrics of one entity, `BILLING`, `ENGAGEMENT` and `WEB_CONVERSION` groups. */
export const xMetricsSchema = z
  .object({
    billed_charge_local_micro: series,
    impressions: series,
    clicks: series,
    conversion_purchases: conversionMetric,
  })
  .loose();

/** Metrics of one entity. */
export type XMetrics = z.infer<typeof xMetricsSchema>;

/** `GET /{version}/stats/accounts/{id}` (synchronous analytics). */
export const xStatsSchema = z
  .object({
    data_type: z.string().optional(),
    time_series_length: z.number().optional(),
    data: z.array(
      z
        .object({
          id: z.string(),
          id_data: z.array(z.object({ segment: z.unknown().optional(), metrics: xMetricsSchema }).loose()),
        })
        .loose(),
    ),
  })
  .loose();

/** A stats answer (synchronous, or an asynchronous job's file). */
export type XStats = z.infer<typeof xStatsSchema>;

/**
 * One asynchronous analytics job (`POST /{version}/stats/jobs/accounts/{id}` answers it in `data`;
 * `GET /{version}/stats/jobs/accounts/{id}?job_ids=` lists them): `id_str` (the id as text; `id`
 * is a 64-bit number), `status` `QUEUED` / `PROCESSING` / `SUCCESS` / `FAILED` / `EXPIRED` /
 * `CANCELLED`, `url` of the gzip JSON file once `SUCCESS` (null before), `start_time` and
 * `end_time` as asked. Shape of the X Ads SDK fixtures `analytics_async_post` /
 * `analytics_async_get` and the reference.
 * https://developer.x.com/en/docs/x-ads-api/analytics/api-reference/asynchronous
 */
export const xStatsJobSchema = z
  .object({
    id_str: z.string(),
    status: z.string(),
    url: z.string().nullable().optional(),
    start_time: z.string().optional(),
    end_time: z.string().optional(),
    entity_ids: z.array(z.string()).optional(),
    placement: z.string().nullable().optional(),
  })
  .loose();

/** One asynchronous analytics job. */
export type XStatsJob = z.infer<typeof xStatsJobSchema>;

/** `POST /{version}/stats/jobs/accounts/{id}`: the job created, `status: PROCESSING`. */
export const xStatsJobResponseSchema = z.object({ data: xStatsJobSchema }).loose();

/** `GET /{version}/stats/jobs/accounts/{id}?job_ids=` page. */
export const xStatsJobsPageSchema = cursorPage(xStatsJobSchema);
