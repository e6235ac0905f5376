import * as z from "zod";

/**
 * Response shapes of the LinkedIn Marketing API (Rest.li 2.0, versioned `/rest`). Ids are numbers,
 * money fields decimal strings, counts numbers. Only the fields the connector reads are declared.
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting
 */
const id = z.union([z.number(), z.string()]).transform((v) => String(v));
const decimal = z.union([z.string(), z.number()]).transform((v) => String(v));

/** Cursor paging of finder answers (`metadata.nextPageToken`). */
const metadata = z.object({ nextPageToken: z.string().nullish() }).loose().nullish();

/** One ad account. */
export const adAccountSchema = z
  .object({
    id,
    name: z.string().nullish(),
    currency: z.string().nullish(),
    status: z.string().nullish(),
    type: z.string().nullish(),
    test: z.boolean().nullish(),
  })
  .loose();

/** `GET /rest/adAccounts?q=search` page. */
export const adAccountsPageSchema = z.object({ elements: z.array(adAccountSchema), metadata });

/** A campaign budget: `amount` a decimal string in `currencyCode` units (the account currency). */
const budget = z
  .object({
    amount: z.union([z.string().regex(/^\d+(\.\d+)?$/), z.number().nonnegative()]),
    currencyCode: z.string().nullish(),
  })
  .loose()
  .nullish();

/**
 * `GET /rest/adAccounts/{id}/adCampaigns?q=search` page. `dailyBudget` and `totalBudget` (lifetime)
 * are optional; a campaign has either or both.
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-campaigns
 */
export const adCampaignsPageSchema = z.object({
  elements: z.array(
    z
      .object({
        id,
        name: z.string().nullish(),
        status: z.string().nullish(),
        /** `urn:li:sponsoredCampaignGroup:{id}`. */
        campaignGroup: z.string().nullish(),
        dailyBudget: budget,
        totalBudget: budget,
      })
      .loose(),
  ),
  metadata,
});

/** One campaign of an `adCampaigns` page. */
export type LinkedInCampaign = z.infer<typeof adCampaignsPageSchema>["elements"][number];

/**
 * `GET /rest/adAccounts/{id}/adCampaignGroups?q=search` page. With the group's budget optimisation
 * (`budgetOptimization.budgetOptimizationStrategy` `DYNAMIC`) the group holds the `dailyBudget`
 * and its campaigns none; `totalBudget` is the group's lifetime budget.
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-campaign-groups
 */
export const adCampaignGroupsPageSchema = z.object({
  elements: z.array(
    z
      .object({
        id,
        name: z.string().nullish(),
        status: z.string().nullish(),
        dailyBudget: budget,
        totalBudget: budget,
      })
      .loose(),
  ),
  metadata,
});

/** One campaign group of an `adCampaignGroups` page. */
export type LinkedInCampaignGroup = z.infer<typeof adCampaignGroupsPageSchema>["elements"][number];

const day = z.object({ year: z.number(), month: z.number(), day: z.number() });

/** One `adAnalytics` element (one pivot value on one day with `timeGranularity=DAILY`). */
export const analyticsElementSchema = z
  .object({
    pivotValues: z.array(z.string()).nullish(),
    dateRange: z.object({ start: day, end: day.nullish() }),
    costInLocalCurrency: decimal.nullish(),
    impressions: z.number().nullish(),
    clicks: z.number().nullish(),
    externalWebsiteConversions: z.number().nullish(),
    conversionValueInLocalCurrency: decimal.nullish(),
  })
  .loose();

/** One `adAnalytics` element. */
export type AnalyticsElement = z.infer<typeof analyticsElementSchema>;

/** `GET /rest/adAnalytics?q=analytics` answer (not paged; at most 15,000 elements). */
export const analyticsSchema = z.object({ elements: z.array(analyticsElementSchema) });

/** `GET /v2/userinfo` (OpenID Connect). */
export const userInfoSchema = z.object({
  sub: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
});
