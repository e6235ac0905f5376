import * as z from "zod";
import { currencySchema } from "./fields.ts";

/**
 * The shapes of a tracker's data source (trackers.md section 3, `dataSource {integration, view}`),
 * written once: the calls that answer them (the account listings of the tracker wizard, the CSV
 * import, the connect and integration calls) take their types from these schemas, and
 * create-trackers accepts exactly what they answer. functions/README.md documents them.
 */

/** An IANA time zone name the runtime knows, e.g. `Europe/London`. */
export const timeZoneSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .min(1)
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en-GB", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "Unknown time zone"),
);

/**
 * A platform account, the spec's "view": `{ id, name, currency, timeZone, metaData? }` with the
 * account's ISO 4217 currency and IANA time zone; `metaData` holds what later platform calls need
 * (Google Ads `loginCustomerId`, Microsoft `customerId` and `userId`, Amazon `region`, CSV
 * `firstDate` and `lastDate`), as text. Kept whole on the tracker (`dataSource.view`).
 */
export const viewSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      id: z.string().min(1).max(200),
      name: z.string().max(500),
      currency: currencySchema,
      timeZone: timeZoneSchema,
      metaData: z.record(z.string().max(100), z.string().max(500)).optional(),
    })
    .strict(),
);
export type View = z.output<typeof viewSchema>;

/**
 * A connection as every answer carrying one shows it (`integrationView`): identity (`slug` +
 * `email`), display fields, and its health (`status` `ok` / `warning` / `danger` with the spec's
 * `message`, `connectedAt`), and `budgetFromPlatform` (false where the platform gives no budget).
 * Never tokens.
 */
export const integrationViewSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      slug: z.string().min(1).max(50),
      email: z.string().min(1).max(320),
      name: z.string().max(200).optional(),
      avatar: z.string().max(2000).optional(),
      type: z.string().max(50).optional(),
      category: z.string().max(50).optional(),
      metaData: z.record(z.string().max(100), z.unknown()).optional(),
      connectedAt: z.string().max(40),
      status: z.enum(["ok", "warning", "danger"]),
      message: z.string().max(500).nullable(),
      budgetFromPlatform: z.boolean(),
    })
    .strict(),
);
export type IntegrationView = z.output<typeof integrationViewSchema>;

/**
 * A tracker's data source in a request (create-trackers): the connection and the view exactly as
 * the API answered them. The health fields of the connection (and a view's currency and time zone)
 * may be left out; what is stored is the view whole and the connection's identity and display
 * fields (`{ name, slug, email, avatar?, metaData? }`): its health is read afresh from the account.
 */
export const dataSourceSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      integration: integrationViewSchema
        .unwrap()
        .partial({
          connectedAt: true,
          status: true,
          message: true,
          budgetFromPlatform: true,
        })
        .transform(({ name, slug, email, avatar, metaData }) => ({
          ...(name !== undefined ? { name } : {}),
          slug,
          email,
          ...(avatar !== undefined ? { avatar } : {}),
          ...(metaData !== undefined ? { metaData } : {}),
        })),
      view: viewSchema.unwrap().partial({ currency: true, timeZone: true }),
    })
    .strict(),
);
export type DataSource = z.output<typeof dataSourceSchema>;
