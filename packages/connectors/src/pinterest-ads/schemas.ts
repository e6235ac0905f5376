import * as z from "zod";

/**
 * Response shapes of the Pinterest API v5 (official OpenAPI, pinterest/api-description 5.23.0).
 * Metric rows carry upper-case column names; `*_MICRO_DOLLAR` columns are micro-units of the ad
 * account currency; columns without a value may be left out.
 * https://developers.pinterest.com/docs/api/v5/ad_account-analytics
 */
const id = z.union([z.string(), z.number()]).transform((v) => String(v));
const metric = z.number().nullish();

/** Bookmark paging (`bookmark` is null on the last page). */
const bookmark = z.string().nullish();

/** `GET /ad_accounts` page (`AdAccount`). */
export const adAccountsPageSchema = z.object({
  items: z.array(
    z
      .object({
        id,
        name: z.string().nullish(),
        currency: z.string().nullish(),
        country: z.string().nullish(),
        permissions: z.array(z.string()).nullish(),
      })
      .loose(),
  ),
  bookmark,
});

/** `GET /ad_accounts/{id}`. */
export const adAccountSchema = z.object({ id, currency: z.string().nullish() }).loose();

/**
 * A spend cap (`daily_spend_cap`, `lifetime_spend_cap`): an integer in micro-units of the ad
 * account currency; null (Pinterest's default) means no cap, the same as 0.
 */
const microCap = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)])
  .nullish();

/** `GET /ad_accounts/{id}/campaigns` page (`CampaignResponse`). */
export const campaignsPageSchema = z.object({
  items: z.array(
    z
      .object({
        id,
        name: z.string().nullish(),
        status: z.string().nullish(),
        daily_spend_cap: microCap,
        lifetime_spend_cap: microCap,
      })
      .loose(),
  ),
  bookmark,
});

/** One campaign of a `GET /ad_accounts/{id}/campaigns` page. */
export type PinterestCampaign = z.infer<typeof campaignsPageSchema>["items"][number];

/** One analytics row (sync answers and async report files alike). */
export const metricsRowSchema = z
  .object({
    DATE: z.string(),
    AD_ACCOUNT_ID: id.nullish(),
    CAMPAIGN_ID: id.nullish(),
    SPEND_IN_MICRO_DOLLAR: metric,
    TOTAL_IMPRESSION: metric,
    TOTAL_CLICKTHROUGH: metric,
    TOTAL_CHECKOUT: metric,
    TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR: metric,
  })
  .loose();

/** One analytics row. */
export type MetricsRow = z.infer<typeof metricsRowSchema>;

/** `GET /ad_accounts/{id}/analytics` and `/campaigns/analytics` with a time granularity: a bare array. */
export const analyticsSchema = z.array(metricsRowSchema);

/** `POST /ad_accounts/{id}/reports` (AdsAnalyticsCreateAsyncResponse). */
export const createReportSchema = z.object({
  report_status: z.string(),
  token: z.string().min(1),
  message: z.string().nullish(),
});

/** `GET /ad_accounts/{id}/reports?token=` (AdsAnalyticsGetAsyncResponse). */
export const reportStatusSchema = z.object({
  report_status: z.string(),
  url: z.string().nullish(),
  size: z.number().nullish(),
});

/** A JSON report file: rows grouped by the id of the reported entity (ad account or campaign). */
export const reportFileSchema = z.record(z.string(), z.array(metricsRowSchema));

/** `GET /user_account` (`Account`). */
export const userAccountSchema = z
  .object({ id: id.nullish(), username: z.string().nullish(), business_name: z.string().nullish() })
  .loose();

/**
 * `PATCH /ad_accounts/{id}/campaigns` (`CampaignUpdateResponse`): one item per campaign sent, in
 * order, each with the updated campaign as `data` or the reasons it was refused as `exceptions`
 * (`{code, message}`); a refused item comes in an HTTP 200 answer.
 */
export const campaignsUpdateSchema = z.object({
  items: z.array(
    z
      .object({
        data: z.object({ id: id.nullish() }).loose().nullish(),
        exceptions: z
          .array(z.object({ code: z.number().nullish(), message: z.string().nullish() }).loose())
          .nullish(),
      })
      .loose(),
  ),
});
