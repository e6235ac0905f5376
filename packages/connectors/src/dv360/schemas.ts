import * as z from "zod";

/**
 * Response shapes of the Display & Video 360 API v4 and Bid Manager API v2 as the connector reads
 * them (proto3 JSON: int64 ids as strings). Checked against the discovery documents
 * (`displayvideo/v4/displayvideo-api.json`, `doubleclickbidmanager/v2/doubleclickbidmanager-api.json`).
 * https://developers.google.com/display-video/api/reference/rest/v4
 * https://developers.google.com/bid-manager/reference/rest/v2
 */

const generalConfig = z
  .object({
    timeZone: z.string().optional(),
    currencyCode: z.string().optional(),
    domainUrl: z.string().optional(),
  })
  .loose()
  .optional();

/** `GET /v4/partners` page. */
export const dv360PartnersPageSchema = z
  .object({
    partners: z
      .array(z.object({ partnerId: z.string(), displayName: z.string().optional() }).loose())
      .default([]),
    nextPageToken: z.string().optional(),
  })
  .loose();

/** One advertiser (a DV360 "view"). */
export const dv360AdvertiserSchema = z
  .object({
    advertiserId: z.string(),
    partnerId: z.string().optional(),
    displayName: z.string().optional(),
    entityStatus: z.string().optional(),
    generalConfig,
  })
  .loose();

/** `GET /v4/advertisers?partnerId=` page. */
export const dv360AdvertisersPageSchema = z
  .object({ advertisers: z.array(dv360AdvertiserSchema).default([]), nextPageToken: z.string().optional() })
  .loose();

/** `GET /v4/advertisers/{id}/campaigns` page. */
export const dv360CampaignsPageSchema = z
  .object({
    campaigns: z
      .array(
        z
          .object({
            campaignId: z.string(),
            displayName: z.string().optional(),
            entityStatus: z.string().optional(),
          })
          .loose(),
      )
      .default([]),
    nextPageToken: z.string().optional(),
  })
  .loose();

/** A google.type.Date (`{year, month, day}`). */
const googleDate = z.object({ year: z.number().int(), month: z.number().int(), day: z.number().int() });

/**
 * One insertion order (`GET /v4/advertisers/{id}/insertionOrders`, `insertionOrders[]`): its
 * `budget` has a `budgetUnit` (`BUDGET_UNIT_CURRENCY` or `BUDGET_UNIT_IMPRESSIONS`) and
 * `budgetSegments`, each `budgetAmountMicros` (int64 as a string) over a `dateRange` of the
 * advertiser's days (start and end inclusive).
 * https://developers.google.com/display-video/api/reference/rest/v4/advertisers.insertionOrders
 */
export const dv360InsertionOrderSchema = z
  .object({
    insertionOrderId: z.string(),
    campaignId: z.string(),
    displayName: z.string().optional(),
    entityStatus: z.string().optional(),
    budget: z
      .object({
        budgetUnit: z.string().optional(),
        budgetSegments: z
          .array(
            z
              .object({
                budgetAmountMicros: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]),
                dateRange: z.object({ startDate: googleDate, endDate: googleDate }).loose(),
              })
              .loose(),
          )
          .default([]),
      })
      .loose()
      .optional(),
  })
  .loose();

/** One insertion order. */
export type Dv360InsertionOrder = z.infer<typeof dv360InsertionOrderSchema>;

/** `GET /v4/advertisers/{id}/insertionOrders` page. */
export const dv360InsertionOrdersPageSchema = z
  .object({
    insertionOrders: z.array(dv360InsertionOrderSchema).default([]),
    nextPageToken: z.string().optional(),
  })
  .loose();

/** A created query (`POST /v2/queries`). */
export const bidManagerQuerySchema = z.object({ queryId: z.string() }).loose();

/** A report (`POST /v2/queries/{id}:run`, `GET /v2/queries/{id}/reports/{reportId}`). */
export const bidManagerReportSchema = z
  .object({
    key: z.object({ queryId: z.string(), reportId: z.string() }).loose(),
    metadata: z
      .object({
        status: z.object({ state: z.string().optional() }).loose().optional(),
        googleCloudStoragePath: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
