import * as z from "zod";

/**
 * Response shapes of the Amazon Ads API as the connector reads them. Large integers (profile and
 * campaign ids) are turned into strings before parsing ({@link quoteLargeIds}) so none loses
 * precision. Checked against the reporting v3 guide, the Amazon Ads Postman collection and the
 * Airbyte source-amazon-ads `profiles.json` fixture.
 * https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/get-started
 */

const id = z.union([z.string(), z.number()]).transform((v) => String(v));
const amount = z.union([z.number(), z.string()]).nullable().optional();

/** One advertising profile (an account in one marketplace), `GET /v2/profiles`. */
export const amazonProfileSchema = z
  .object({
    profileId: id,
    countryCode: z.string().optional(),
    currencyCode: z.string().optional(),
    timezone: z.string().optional(),
    accountInfo: z
      .object({
        marketplaceStringId: z.string().optional(),
        id: z.string().optional(),
        type: z.string().optional(),
        name: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

/** `GET /v2/profiles`. */
export const amazonProfilesSchema = z.array(amazonProfileSchema);

/** An asynchronous report (create and status answers). */
export const amazonReportSchema = z
  .object({
    reportId: z.string(),
    status: z.string(),
    url: z.string().nullable().optional(),
    failureReason: z.string().nullable().optional(),
  })
  .loose();

/** One row of a daily campaign report (`timeUnit: DAILY`, `groupBy: [campaign]`). */
export const amazonReportRowSchema = z
  .object({
    date: z.string(),
    campaignId: id.optional(),
    campaignName: z.string().nullable().optional(),
    impressions: amount,
    clicks: amount,
    cost: amount,
    purchases: amount,
    purchases7d: amount,
    sales: amount,
    sales7d: amount,
  })
  .loose();

/** One report row. */
export type AmazonReportRow = z.infer<typeof amazonReportRowSchema>;

/** A downloaded report: a JSON array of rows. */
export const amazonReportRowsSchema = z.array(amazonReportRowSchema);

/** A campaign of any ad product (`/sp/campaigns/list`, `/sb/v4/campaigns/list`, `/sd/campaigns`). */
export const amazonCampaignSchema = z
  .object({ campaignId: id, name: z.string().optional(), state: z.string().optional() })
  .loose();

/** `POST /sp/campaigns/list` and `POST /sb/v4/campaigns/list` pages. */
export const amazonCampaignPageSchema = z
  .object({
    campaigns: z.array(amazonCampaignSchema).default([]),
    nextToken: z.string().nullable().optional(),
  })
  .loose();

/**
 * A campaign with its budget as Sponsored Brands v4 (`POST /sb/v4/campaigns/list`) and Sponsored
 * Display (`GET /sd/campaigns`) write it, on the campaign: `budget` in the profile currency's
 * units and `budgetType` (SB v4 `DAILY` or `LIFETIME`; SD `daily`). `state` is upper case in SB
 * v4 (ENABLED, PAUSED, ARCHIVED), lower case in SD (enabled, paused, archived).
 * https://advertising.amazon.com/API/docs/en-us/sponsored-brands/3-0/openapi/prod#tag/Campaigns/operation/ListSponsoredBrandsCampaigns
 * https://advertising.amazon.com/API/docs/en-us/sponsored-display/3-0/openapi#tag/Campaigns/operation/listCampaigns
 */
export const amazonBudgetedCampaignSchema = amazonCampaignSchema.extend({
  budget: amount,
  budgetType: z.string().nullable().optional(),
});

/** One campaign with its budget, in the SB v4 / SD shape (Sponsored Products campaigns are read into it). */
export type AmazonBudgetedCampaign = z.infer<typeof amazonBudgetedCampaignSchema>;

/**
 * A Sponsored Products v3 campaign (`POST /sp/campaigns/list`): `state` ENABLED, PAUSED or
 * ARCHIVED; `budget.budgetType` DAILY (or OTHER), `budget.budget` in the profile currency's units.
 * Read into the SB v4 / SD shape ({@link AmazonBudgetedCampaign}): the nested budget's two fields
 * on the campaign.
 * https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod#tag/Campaigns/operation/ListSponsoredProductsCampaigns
 */
export const amazonSpCampaignSchema = amazonCampaignSchema
  .extend({
    budget: z.object({ budgetType: z.string().optional(), budget: amount }).loose().nullable().optional(),
  })
  .transform(
    ({ budget, ...campaign }): AmazonBudgetedCampaign => ({
      ...campaign,
      budget: budget?.budget,
      budgetType: budget?.budgetType,
    }),
  );

/** `POST /sp/campaigns/list` pages, campaigns read with their budgets. */
export const amazonSpCampaignPageSchema = amazonCampaignPageSchema.extend({
  campaigns: z.array(amazonSpCampaignSchema).default([]),
});

/** `POST /sb/v4/campaigns/list` pages, campaigns read with their budgets. */
export const amazonSbCampaignPageSchema = amazonCampaignPageSchema.extend({
  campaigns: z.array(amazonBudgetedCampaignSchema).default([]),
});

/** `GET /sd/campaigns`: a bare array. */
export const amazonSdCampaignsSchema = z.array(amazonCampaignSchema);

/** `GET /sd/campaigns`, campaigns read with their budgets. */
export const amazonSdBudgetedCampaignsSchema = z.array(amazonBudgetedCampaignSchema);

/**
 * The 207 answer of the Sponsored Products v3 and Sponsored Brands v4 campaign updates (`PUT
 * /sp/campaigns`, `PUT /sb/v4/campaigns`): per request item, by `index`, a success or an error
 * with its `errors[].errorType`.
 * https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod#tag/Campaigns/operation/UpdateSponsoredProductsCampaigns
 */
export const amazonBulkCampaignUpdateSchema = z
  .object({
    campaigns: z
      .object({
        success: z.array(z.object({ index: z.number().optional() }).loose()).default([]),
        error: z
          .array(
            z
              .object({
                index: z.number().optional(),
                errors: z.array(z.object({ errorType: z.string().optional() }).loose()).default([]),
              })
              .loose(),
          )
          .default([]),
      })
      .loose(),
  })
  .loose();

/**
 * The 207 answer of the Sponsored Display campaign update (`PUT /sd/campaigns`): one entry per
 * campaign sent, `code` `SUCCESS` or the reason it was refused.
 * https://advertising.amazon.com/API/docs/en-us/sponsored-display/3-0/openapi#tag/Campaigns/operation/updateCampaigns
 */
export const amazonSdCampaignUpdateSchema = z.array(
  z
    .object({ code: z.string().optional(), campaignId: id.optional(), description: z.string().optional() })
    .loose(),
);

/** Login with Amazon user profile (`profile` scope). */
export const amazonUserProfileSchema = z
  .object({ user_id: z.string().optional(), name: z.string().optional(), email: z.string().optional() })
  .loose();

const LARGE_ID_FIELDS = /"(profileId|campaignId|adGroupId|portfolioId)"\s*:\s*(-?\d+)/g;

/**
 * JSON text with the numeric id fields written as strings (`"campaignId": 158410630682987` ->
 * `"campaignId": "158410630682987"`): Amazon ids may exceed 2^53, which `JSON.parse` would round.
 */
export function quoteLargeIds(text: string): string {
  return text.replace(LARGE_ID_FIELDS, '"$1":"$2"');
}
