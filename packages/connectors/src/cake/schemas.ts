import * as z from "zod";

/**
 * Response shapes of the Cake admin API called with JSON (`POST` with a JSON body of all the
 * method's parameters): ASP.NET wraps every answer in `{"d": {...}}` with `success` and `message`.
 * Field names follow the Cake knowledge base (DailySummaryExport v2, Export Advertisers v6,
 * Export Offers v5); Cake publishes no JSON sample of these methods, so unknown fields pass.
 * https://support.getcake.com/solution/articles/13000035178
 */

const amount = z.union([z.number(), z.string()]).nullable().optional();
const id = z.union([z.number(), z.string()]).transform((v) => String(v));

/** One day of `DailySummaryExport`: views, clicks, conversions, cost (paid out) and revenue (billed). */
export const cakeDaySchema = z
  .object({
    date: z.string(),
    views: amount,
    clicks: amount,
    conversions: amount,
    paid: amount,
    sellable: amount,
    cost: amount,
    revenue: amount,
  })
  .loose();

/** One day. */
export type CakeDay = z.infer<typeof cakeDaySchema>;

/** `reports.asmx/DailySummaryExport` answer. */
export const cakeDailySummarySchema = z.object({
  d: z
    .object({ success: z.boolean().optional(), days: z.array(cakeDaySchema).nullable().optional() })
    .loose(),
});

const status = z
  .object({ account_status_name: z.string().optional(), offer_status_name: z.string().optional() })
  .loose();

/** `export.asmx/Advertisers` answer. */
export const cakeAdvertisersSchema = z.object({
  d: z
    .object({
      advertisers: z
        .array(
          z
            .object({
              advertiser_id: id,
              advertiser_name: z.string().optional(),
              account_status: status.optional(),
            })
            .loose(),
        )
        .nullable()
        .optional(),
    })
    .loose(),
});

/** `export.asmx/Offers` answer. */
export const cakeOffersSchema = z.object({
  d: z
    .object({
      offers: z
        .array(
          z
            .object({ offer_id: id, offer_name: z.string().optional(), offer_status: status.optional() })
            .loose(),
        )
        .nullable()
        .optional(),
    })
    .loose(),
});
