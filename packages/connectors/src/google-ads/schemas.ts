import * as z from "zod";

/**
 * Response shapes of the Google Ads REST API (proto3 JSON mapping: lowerCamelCase names, int64 as
 * strings, doubles as numbers). Only the fields the connector reads are declared; others pass.
 * https://developers.google.com/google-ads/api/rest/reference/rest/v23/customers.googleAds/searchStream
 */
const int64 = z.union([z.string(), z.number()]).transform((v) => String(v));

/** `customers:listAccessibleCustomers` answer. */
export const accessibleCustomersSchema = z.object({ resourceNames: z.array(z.string()).default([]) });

/** One GoogleAdsRow of the queries we send. */
export const googleAdsRowSchema = z.object({
  customer: z
    .object({
      id: int64.optional(),
      currencyCode: z.string().optional(),
      timeZone: z.string().optional(),
      descriptiveName: z.string().optional(),
    })
    .optional(),
  customerClient: z
    .object({
      id: int64,
      descriptiveName: z.string().optional(),
      currencyCode: z.string().optional(),
      timeZone: z.string().optional(),
      manager: z.boolean().optional(),
      status: z.string().optional(),
      level: int64.optional(),
    })
    .optional(),
  campaign: z
    .object({ id: int64.optional(), name: z.string().optional(), status: z.string().optional() })
    .optional(),
  campaignBudget: z
    .object({
      resourceName: z.string().optional(),
      amountMicros: int64.optional(),
      /** BudgetPeriod: `DAILY`, `CUSTOM_PERIOD` (a total over the campaign's dates), `UNKNOWN`. */
      period: z.string().optional(),
    })
    .optional(),
  segments: z.object({ date: z.string().optional() }).optional(),
  metrics: z
    .object({
      costMicros: int64.optional(),
      impressions: int64.optional(),
      clicks: int64.optional(),
      conversions: z.number().optional(),
      conversionsValue: z.number().optional(),
    })
    .optional(),
});

/** One GoogleAdsRow. */
export type GoogleAdsRow = z.infer<typeof googleAdsRowSchema>;

/** `googleAds:searchStream` answer: a JSON array of batches, each with `results`. */
export const searchStreamSchema = z.array(
  z.object({
    results: z.array(googleAdsRowSchema).default([]),
    fieldMask: z.string().optional(),
    requestId: z.string().optional(),
  }),
);

/** A `campaigns:mutate` / `campaignBudgets:mutate` answer: the mutated resources' names. */
export const mutateResponseSchema = z.object({
  results: z.array(z.object({ resourceName: z.string().optional() })).default([]),
});
