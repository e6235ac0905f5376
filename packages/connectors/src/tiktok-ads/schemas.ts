import * as z from "zod";

/**
 * Response shapes of the TikTok API for Business (v1.3). Every answer is an envelope
 * `{code, message, request_id, data}`; errors (non-zero `code`) are mapped by `classify.ts` before
 * these run, so `data` is required here. Metrics arrive as strings or numbers.
 * https://business-api.tiktok.com/portal/docs?id=1740302848100353
 */
const id = z.union([z.string(), z.number()]).transform((v) => String(v));
const numeric = z.union([z.string(), z.number()]).transform((v) => String(v));

/** The envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(0),
    message: z.string().nullish(),
    request_id: z.string().nullish(),
    data,
  });
}

/** `POST /oauth2/access_token/` data. */
export const accessTokenSchema = envelope(
  z.object({
    access_token: z.string().min(1),
    advertiser_ids: z.array(id).nullish(),
    scope: z.array(z.union([z.string(), z.number()])).nullish(),
  }),
);

/** `GET /user/info/` data. */
export const userInfoSchema = envelope(
  z
    .object({ core_user_id: id.nullish(), display_name: z.string().nullish(), email: z.string().nullish() })
    .loose(),
);

/** `GET /oauth2/advertiser/get/` data. */
export const advertisersSchema = envelope(
  z.object({ list: z.array(z.object({ advertiser_id: id, advertiser_name: z.string().nullish() }).loose()) }),
);

/** `GET /advertiser/info/` data. */
export const advertiserInfoSchema = envelope(
  z.object({
    list: z.array(
      z
        .object({
          advertiser_id: id,
          name: z.string().nullish(),
          currency: z.string().nullish(),
          timezone: z.string().nullish(),
          display_timezone: z.string().nullish(),
          status: z.string().nullish(),
        })
        .loose(),
    ),
  }),
);

const pageInfo = z.object({ page: z.number(), total_page: z.number() }).loose().nullish();

/**
 * `GET /campaign/get/` data. `budget` is in the advertiser currency's units (a number; a decimal
 * string accepted), read with `budget_mode`: `BUDGET_MODE_DAY` (daily), `BUDGET_MODE_TOTAL`
 * (lifetime), `BUDGET_MODE_INFINITE` (no campaign budget: the ad groups carry the budgets).
 * https://business-api.tiktok.com/portal/docs?id=1739315828649986
 */
export const campaignsSchema = envelope(
  z.object({
    list: z.array(
      z
        .object({
          campaign_id: id,
          campaign_name: z.string().nullish(),
          operation_status: z.string().nullish(),
          budget: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]).nullish(),
          budget_mode: z.string().nullish(),
        })
        .loose(),
    ),
    page_info: pageInfo,
  }),
);

/** One campaign of a `GET /campaign/get/` page. */
export type TikTokCampaign = z.infer<typeof campaignsSchema>["data"]["list"][number];

/** One `report/integrated/get` row. */
export const reportRowSchema = z
  .object({
    dimensions: z.object({ stat_time_day: z.string(), campaign_id: id.nullish() }).loose(),
    metrics: z
      .object({
        spend: numeric.nullish(),
        impressions: numeric.nullish(),
        clicks: numeric.nullish(),
        complete_payment: numeric.nullish(),
        total_complete_payment_rate: numeric.nullish(),
      })
      .loose(),
  })
  .loose();

/** One report row. */
export type ReportRow = z.infer<typeof reportRowSchema>;

/** `GET /report/integrated/get/` data. */
export const reportSchema = envelope(z.object({ list: z.array(reportRowSchema), page_info: pageInfo }));

/** `POST /campaign/status/update/` and `POST /campaign/update/` (data unused beyond `code` 0). */
export const campaignWriteSchema = envelope(z.unknown());

/** `POST /oauth2/revoke_token/` (data unused). */
export const revokeSchema = envelope(z.unknown());
