import {
  budgetUpdateSchema,
  dailyBudgetUpdateSchema,
  freeText,
  futureBudgetSchema,
  historicDataEntrySchema,
  lifetimeBudgetSchema,
  MAX_TRACKERS_PER_CREATE,
  nonNegativeMicrosSchema,
} from "@pacer/core";
import * as z from "zod";
import { dataSourceSchema, timeZoneSchema } from "./data-source.ts";
import { currencySchema, idSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";
import { deletedAnswer, trackerDetailSchema, trackerListSchema, trackerMessageSchema } from "./views.ts";

/**
 * Request schemas of the tracker calls (spec trackers.md section 7). Money is integer micros, dates
 * `yyyy-MM-dd`; budget rules come from `@pacer/core`. Every object is strict: a field the call does
 * not take is a 400 naming it.
 */

/** `{ id }` path parameter of the single-tracker calls. */
export const TrackerIdParams = /* @__PURE__ */ z.lazy(() => z.object({ id: idSchema }));
/** `{ trackerId }` path parameter (update-associated-users, add-message). */
export const TrackerIdParamsNamed = /* @__PURE__ */ z.lazy(() => z.object({ trackerId: idSchema }));
/** The most rows `get-trackers-by-account?first=N` cuts the list to (the spec's largest page is 100). */
export const LIST_FIRST_MAX = 1000;
/** `{ accountId }` path parameter of the list calls. */
export const AccountIdParams = /* @__PURE__ */ z.lazy(() => z.object({ accountId: idSchema }));

/** The spec's `tracker` body field of calls without a path id: the tracker id, or `{ _id }`. */
export const trackerRefSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .union([idSchema, z.object({ _id: idSchema }).strict()])
    .transform((ref) => (typeof ref === "string" ? ref : ref._id)),
);

/** A tracker name (core `freeText` name: trimmed, 1..200 characters, text only). */
export const trackerNameSchema = /* @__PURE__ */ z.lazy(() =>
  freeText("name", { required: "Name is required" }),
);
/** A client name (core `freeText` name: trimmed, up to 200 characters, empty allowed). */
export const clientSchema = /* @__PURE__ */ z.lazy(() => freeText("name"));

/**
 * One tracker of `create-trackers` (the wizard's step 3 row). Without `manualBudgetValue` the budget
 * is "taken from the platform" (automated); with it, a manual budget per `budgetPeriod`.
 * `dataSource` is the connection and the view as the API answered them (`lib/data-source.ts`).
 * `currency` and `timeZone` default to the view's, then to the account's.
 */
export const newTrackerSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      name: trackerNameSchema,
      client: clientSchema.default(""),
      manualBudgetValue: nonNegativeMicrosSchema.nullable().optional(),
      budgetPeriod: z.enum(["day", "month"]).default("month"),
      currency: currencySchema.optional(),
      timeZone: timeZoneSchema.optional(),
      dataSource: dataSourceSchema,
    })
    .strict(),
);

export const CreateTrackersBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    trackers: z
      .array(newTrackerSchema)
      .min(1, "Choose at least one account")
      .max(MAX_TRACKERS_PER_CREATE, `At most ${MAX_TRACKERS_PER_CREATE} trackers can be created at once`),
  }),
);

export const UpdateNameBody = /* @__PURE__ */ z.lazy(() => z.object({ name: trackerNameSchema }));
export const UpdateClientBody = /* @__PURE__ */ z.lazy(() => z.object({ client: clientSchema }));
export const UpdateBudgetBody = /* @__PURE__ */ z.lazy(() => budgetUpdateSchema);
export const UpdateDailyBudgetBody = /* @__PURE__ */ z.lazy(() => dailyBudgetUpdateSchema);
/** A user-entered over/under spend in micros (positive = over), or null to go back to the computed one. */
export const UpdatePreviousOverUnderSpendBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    previousOverUnderSpend: z.number().int().nullable(),
  }),
);
export const UpdateHistoricDataBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tracker: trackerRefSchema,
    historicData: z.array(historicDataEntrySchema.unwrap().strict()).max(120),
  }),
);
export const UpdateFutureBudgetsBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tracker: trackerRefSchema,
    futureBudgets: z.array(futureBudgetSchema.unwrap().strict()).max(120),
  }),
);
/** Without the flag the call flips it (spec section 4: "Lifetime toggle flips"). */
export const UpdateUseLifetimeBudgetBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tracker: trackerRefSchema,
    useLifetimeBudgetAsPrimary: z.boolean().optional(),
  }),
);
export const UpdateLifetimeBudgetBody = /* @__PURE__ */ z.lazy(() =>
  lifetimeBudgetSchema.unwrap().extend({
    lifetimeBudgetDates: lifetimeBudgetSchema.unwrap().shape.lifetimeBudgetDates.strict(),
    tracker: trackerRefSchema.optional(),
  }),
);
export const UpdateCurrencyBody = /* @__PURE__ */ z.lazy(() =>
  z.object({ tracker: trackerRefSchema, currency: currencySchema }),
);
export const UpdateAutomatedBudgetBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tracker: trackerRefSchema,
    automatedBudget: z.boolean().optional(),
  }),
);
export const UpdateIncludeLastMonthBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tracker: trackerRefSchema,
    lastMonthOverUnderSpendIncludedInBudgetCalc: z.boolean().optional(),
  }),
);
export const UpdateIncludeLastSixMonthsBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tracker: trackerRefSchema,
    lastSixMonthsOverUnderSpendIncludedInBudgetCalc: z.boolean().optional(),
  }),
);
export const UpdateWeekdayBudgetOnlyBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tracker: trackerRefSchema,
    weekdaysOnly: z.boolean().optional(),
  }),
);

/** The full list of associated users (spec: _id, name, userType, email, avatar); only `_id` is used. */
export const UpdateAssociatedUsersBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
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
  }),
);

/** A message id the web app may generate (the spec's `id`); the server makes one when absent. */
export const messageIdSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Message id must be 1-100 letters, digits, '-' or '_'"),
);

/**
 * add-message: the text (empty text cannot be sent), an optional client-made id and type. The
 * spec's senderId, date, title and avatar are the server's: it takes them from the session.
 */
export const AddMessageBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    id: messageIdSchema.optional(),
    type: z.literal("text").default("text"),
    text: freeText("note", { required: "Message text is required" }),
  }),
);
export const DeleteMessageParams = /* @__PURE__ */ z.lazy(() =>
  z.object({ trackerId: idSchema, messageId: messageIdSchema }),
);

/** `{ tracker }`: the tracker's detail after a change (its `version` also in the `etag` header). */
const trackerAnswer = /* @__PURE__ */ z.lazy(() => z.object({ tracker: trackerDetailSchema }));

/** The tracker calls (spec trackers.md section 7). */
export const trackersContracts = routeContracts({
  /** `?first=N`: only the first N trackers of the list and its `total` (the dashboard's first page). */
  "GET /api/trackers/get-trackers-by-account/{accountId}": () => ({
    params: AccountIdParams,
    query: z.object({ first: z.coerce.number().int().min(1).max(LIST_FIRST_MAX).optional() }),
    answer: trackerListSchema,
  }),
  "GET /api/trackers/get-trackers-without-load-by-account/{accountId}": () => ({
    params: AccountIdParams,
    answer: trackerListSchema,
  }),
  "POST /api/trackers/create-trackers": () => ({
    body: CreateTrackersBody,
    answer: z.object({ trackers: z.array(trackerDetailSchema) }),
    status: 201,
  }),
  "GET /api/tracker/get-tracker/{id}": () => ({ params: TrackerIdParams, answer: trackerAnswer }),
  /** The pacing chart's series (`@pacer/core` TrackerPacing): the month and the lifetime flight. */
  "GET /api/tracker/get-pacing/{id}": () => ({
    params: TrackerIdParams,
    answer: z.object({
      pacing: z.looseObject({
        primary: z.enum(["monthly", "lifetime"]),
        month: z.looseObject({}),
        lifetime: z.looseObject({}).nullable(),
      }),
    }),
  }),
  "POST /api/tracker/update-name/{id}": () => ({
    params: TrackerIdParams,
    body: UpdateNameBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-client/{id}": () => ({
    params: TrackerIdParams,
    body: UpdateClientBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-budget/{id}": () => ({
    params: TrackerIdParams,
    body: UpdateBudgetBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-daily-budget/{id}": () => ({
    params: TrackerIdParams,
    body: UpdateDailyBudgetBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-previous-over-under-spend/{id}": () => ({
    params: TrackerIdParams,
    body: UpdatePreviousOverUnderSpendBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-tracker-historic-data": () => ({
    body: UpdateHistoricDataBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-tracker-future-budgets": () => ({
    body: UpdateFutureBudgetsBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-tracker-use-lifetime-budget": () => ({
    body: UpdateUseLifetimeBudgetBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-lifetime-budget/{id}": () => ({
    params: TrackerIdParams,
    body: UpdateLifetimeBudgetBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-currency": () => ({ body: UpdateCurrencyBody, answer: trackerAnswer }),
  "POST /api/tracker/update-automated-budget": () => ({
    body: UpdateAutomatedBudgetBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-include-last-month-over-under-spend-in-budget-calc": () => ({
    body: UpdateIncludeLastMonthBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc": () => ({
    body: UpdateIncludeLastSixMonthsBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-weekday-budget-only": () => ({
    body: UpdateWeekdayBudgetOnlyBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/update-associated-users/{trackerId}": () => ({
    params: TrackerIdParamsNamed,
    body: UpdateAssociatedUsersBody,
    answer: trackerAnswer,
  }),
  "POST /api/tracker/add-message/{trackerId}": () => ({
    params: TrackerIdParamsNamed,
    body: AddMessageBody,
    answer: z.object({ message: trackerMessageSchema }),
    status: 201,
  }),
  "POST /api/tracker/delete-message/{trackerId}/{messageId}": () => ({
    params: DeleteMessageParams,
    answer: z.object({ msg: z.string(), id: z.string() }),
  }),
  "GET /api/tracker/delete-tracker/{id}": () => ({ params: TrackerIdParams, answer: deletedAnswer }),
});
