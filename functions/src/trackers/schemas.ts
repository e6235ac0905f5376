import {
  budgetUpdateSchema,
  dailyBudgetUpdateSchema,
  freeText,
  futureBudgetSchema,
  historicDataEntrySchema,
  lifetimeBudgetSchema,
  nonNegativeMicrosSchema,
} from "@pacer/core";
import { MAX_TRACKERS_PER_CREATE } from "@pacer/db";
import * as z from "zod";
import { dataSourceSchema, timeZoneSchema } from "../lib/data-source.ts";
import { currencySchema, idSchema } from "../lib/schemas.ts";

/**
 * Request schemas of the tracker calls (spec trackers.md section 7). Money is integer micros, dates
 * `yyyy-MM-dd`; budget rules come from `@pacer/core`. Every object is strict: a field the call does
 * not take is a 400 naming it.
 */

/** `{ id }` path parameter of the single-tracker calls. */
export const TrackerIdParams = z.object({ id: idSchema });
/** `{ trackerId }` path parameter (update-associated-users, add-message). */
export const TrackerIdParamsNamed = z.object({ trackerId: idSchema });
/** `{ accountId }` path parameter of the list calls. */
export const AccountIdParams = z.object({ accountId: idSchema });

/** The spec's `tracker` body field of calls without a path id: the tracker id, or `{ _id }`. */
export const trackerRefSchema = z
  .union([idSchema, z.object({ _id: idSchema }).strict()])
  .transform((ref) => (typeof ref === "string" ? ref : ref._id));

/** A tracker name (core `freeText` name: trimmed, 1..200 characters, text only). */
export const trackerNameSchema = freeText("name", { required: "Name is required" });
/** A client name (core `freeText` name: trimmed, up to 200 characters, empty allowed). */
export const clientSchema = freeText("name");

/**
 * One tracker of `create-trackers` (the wizard's step 3 row). Without `manualBudgetValue` the budget
 * is "taken from the platform" (automated); with it, a manual budget per `budgetPeriod`.
 * `dataSource` is the connection and the view as the API answered them (`lib/data-source.ts`).
 * `currency` and `timeZone` default to the view's, then to the account's.
 */
export const newTrackerSchema = z
  .object({
    name: trackerNameSchema,
    client: clientSchema.default(""),
    manualBudgetValue: nonNegativeMicrosSchema.nullable().optional(),
    budgetPeriod: z.enum(["day", "month"]).default("month"),
    currency: currencySchema.optional(),
    timeZone: timeZoneSchema.optional(),
    dataSource: dataSourceSchema,
  })
  .strict();

export const CreateTrackersBody = z.object({
  trackers: z
    .array(newTrackerSchema)
    .min(1, "Choose at least one account")
    .max(MAX_TRACKERS_PER_CREATE, `At most ${MAX_TRACKERS_PER_CREATE} trackers can be created at once`),
});

export const UpdateNameBody = z.object({ name: trackerNameSchema });
export const UpdateClientBody = z.object({ client: clientSchema });
export const UpdateBudgetBody = budgetUpdateSchema;
export const UpdateDailyBudgetBody = dailyBudgetUpdateSchema;
/** A user-entered over/under spend in micros (positive = over), or null to go back to the computed one. */
export const UpdatePreviousOverUnderSpendBody = z.object({
  previousOverUnderSpend: z.number().int().nullable(),
});
export const UpdateHistoricDataBody = z.object({
  tracker: trackerRefSchema,
  historicData: z.array(historicDataEntrySchema.strict()).max(120),
});
export const UpdateFutureBudgetsBody = z.object({
  tracker: trackerRefSchema,
  futureBudgets: z.array(futureBudgetSchema.strict()).max(120),
});
/** Without the flag the call flips it (spec section 4: "Lifetime toggle flips"). */
export const UpdateUseLifetimeBudgetBody = z.object({
  tracker: trackerRefSchema,
  useLifetimeBudgetAsPrimary: z.boolean().optional(),
});
export const UpdateLifetimeBudgetBody = lifetimeBudgetSchema.extend({
  lifetimeBudgetDates: lifetimeBudgetSchema.shape.lifetimeBudgetDates.strict(),
  tracker: trackerRefSchema.optional(),
});
export const UpdateCurrencyBody = z.object({ tracker: trackerRefSchema, currency: currencySchema });
export const UpdateAutomatedBudgetBody = z.object({
  tracker: trackerRefSchema,
  automatedBudget: z.boolean().optional(),
});
export const UpdateIncludeLastMonthBody = z.object({
  tracker: trackerRefSchema,
  lastMonthOverUnderSpendIncludedInBudgetCalc: z.boolean().optional(),
});
export const UpdateIncludeLastSixMonthsBody = z.object({
  tracker: trackerRefSchema,
  lastSixMonthsOverUnderSpendIncludedInBudgetCalc: z.boolean().optional(),
});
export const UpdateWeekdayBudgetOnlyBody = z.object({
  tracker: trackerRefSchema,
  weekdaysOnly: z.boolean().optional(),
});

/** The full list of associated users (spec: _id, name, userType, email, avatar); only `_id` is used. */
export const UpdateAssociatedUsersBody = z.object({
  associatedUsers: z
    .array(
      z
        .object({
          _id: idSchema,
          name: z.string().optional(),
          userType: z.string().optional(),
          email: z.string().optional(),
          avatar: z.string().nullable().optional(),
        })
        .strict(),
    )
    .max(500),
});

/** A message id the web app may generate (the spec's `id`); the server makes one when absent. */
export const messageIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, "Message id must be 1-100 letters, digits, '-' or '_'");

/**
 * add-message: the text (empty text cannot be sent), an optional client-made id and type. The
 * spec's senderId, date, title and avatar are the server's: it takes them from the session.
 */
export const AddMessageBody = z.object({
  id: messageIdSchema.optional(),
  type: z.literal("text").default("text"),
  text: freeText("note", { required: "Message text is required" }),
});
export const DeleteMessageParams = z.object({ trackerId: idSchema, messageId: messageIdSchema });
