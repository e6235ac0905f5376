import {
  ALERT_CHANNEL_KINDS,
  ALERT_LEVELS,
  ALERT_OUTCOMES,
  BUDGET_PERIODS,
  DAY_BASES,
  USER_TYPES,
} from "@pacer/core";
import { decodeTrackerList, type EncodedTrackerList } from "@pacer/core/tracker-list";
import * as z from "zod";
import { integrationViewSchema } from "./data-source.ts";

/**
 * The answer schemas shared by several routes: the views the API answers with (spec
 * overview-access-account.md section 3, trackers.md section 3, pods-budgets-alerts-users-connections.md
 * section 3). Money is integer micros, dates ISO strings. Views that carry a stored item's own
 * fields (user, account) list the fields the web app relies on and let the others through
 * (`looseObject`); the others list every field.
 *
 * Each schema is built at its first use (`z.lazy`), not when the module loads: a function group's
 * handlers validate requests only, and only tests, the OpenAPI document and the web app parse answers,
 * so a cold start no longer builds some 30 answer schemas it never reads (about 12 ms of CPU per load;
 * BENCHMARKS.md, "Cold start"). Read a view's object schema (`.shape`, `.extend`) through `.unwrap()`.
 */

/** `{ msg }`: the confirmation text of a call. */
export const msgAnswer = /* @__PURE__ */ z.lazy(() => z.object({ msg: z.string() }));

/** `{ msg, _id }`: the answer of a delete call. */
export const deletedAnswer = /* @__PURE__ */ z.lazy(() => z.object({ msg: z.string(), _id: z.string() }));

/** An ISO date-time or date string. */
const isoString = /* @__PURE__ */ z.lazy(() => z.string().min(1));

/** A connection warning of the account (spec 2.11): an expired or failing connection. */
export const integrationWarningSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    slug: z.string(),
    email: z.string(),
    status: z.enum(["warning", "danger"]),
    message: z.string().nullable(),
  }),
);

/** The account as the account calls answer it (no Stripe customer id, no version). */
export const accountViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    _id: z.string(),
    name: z.string(),
    currency: z.string().optional(),
    emailConfirmationPending: z.boolean(),
    nextUpdateDate: z.string().nullable().optional(),
    integrations: z.array(integrationViewSchema).optional(),
    integrationWarnings: z.array(integrationWarningSchema).optional(),
  }),
);

/** The signed-in user (no password hash, Google subject or token cut-off). */
export const userViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    userType: z.enum(USER_TYPES),
    hasPassword: z.boolean(),
    emailConfirmed: z.boolean(),
    account: z.union([accountViewSchema, z.object({ _id: z.string() })]),
  }),
);

/** `{ token, user }`: a sign-in (JWT session token, the user with their account). */
export const signInAnswer = /* @__PURE__ */ z.lazy(() =>
  z.object({ token: z.string().min(1), user: userViewSchema }),
);

/** A member of the account as the users page lists them. */
export const memberViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    userType: z.enum(USER_TYPES),
    avatar: z.string().nullable().optional(),
    registrationDate: z.string().optional(),
    account: z.object({ _id: z.string() }),
  }),
);

/** A user attached to a tracker (spec trackers.md 3: _id, name, userType, email, avatar). */
export const associatedUserSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    userType: z.enum(USER_TYPES),
    email: z.string(),
    avatar: z.string().nullable(),
  }),
);

/** A note on a tracker (spec trackers.md 3: id, senderId, date, type, text, title, avatar). */
export const trackerMessageSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    id: z.string(),
    senderId: z.string(),
    date: z.string(),
    type: z.string(),
    text: z.string(),
    title: z.string(),
    avatar: z.string().nullable(),
  }),
);

/** The stored failure of a tracker's last refresh: a title and a text for the row. */
const failureSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ title: z.string().optional(), msg: z.string().optional() }),
);

/**
 * A tracker as the list calls answer it (spec trackers.md section 3). `data` holds the figures the
 * server computed (`@pacer/core` TrackerData, without `historicData` in a list); null before the
 * first computation. The data source of a list carries no metadata; the detail's is stored whole.
 */
export const trackerViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    client: z.string(),
    podId: z.string().nullable(),
    podName: z.string().nullable(),
    sharedBudgetId: z.string().nullable(),
    currency: z.string(),
    currencySet: z.boolean().optional(),
    timeZone: z.string(),
    automatedBudget: z.boolean(),
    platformBudget: z
      .object({
        amount: z.number(),
        period: z.enum([...BUDGET_PERIODS, "lifetime"]),
        startDate: z.string().optional(),
        endDate: z.string().optional(),
      })
      .nullable(),
    manualBudgetValue: z.number().int().nullable(),
    budgetPeriod: z.enum(BUDGET_PERIODS),
    weekdaysOnly: z.boolean(),
    lifetimeBudget: z.number().int().nullable(),
    lifetimeBudgetDates: z.object({ startDate: z.string(), endDate: z.string().nullable() }).nullable(),
    useLifetimeBudgetAsPrimary: z.boolean(),
    lastMonthOverUnderSpendIncludedInBudgetCalc: z.boolean(),
    lastSixMonthsOverUnderSpendIncludedInBudgetCalc: z.boolean(),
    previousOverUnderSpend: z.number().int().nullable(),
    requiresUpdate: z.boolean(),
    associatedUsers: z.array(associatedUserSchema),
    dataSource: z.object({
      integration: z.looseObject({
        name: z.string().optional(),
        slug: z.string(),
        email: z.string().optional(),
        avatar: z.string().optional(),
      }),
      view: z.looseObject({ id: z.string(), name: z.string().optional() }),
    }),
    dataLoading: z.boolean(),
    isUpdating: z.boolean(),
    isBudgetUpdating: z.boolean(),
    dataLoadFail: z.boolean(),
    budgetLoadFail: z.boolean(),
    err: failureSchema.nullable(),
    /** The engine's figures (`@pacer/core` TrackerData); typed there, passed through here. */
    data: z.record(z.string(), z.unknown()).nullable(),
    lastRefreshedAt: z.string().nullable(),
    lastFailedAt: z.string().nullable(),
    lastFailure: failureSchema.nullable(),
    /** The platform's reporting lag in hours; null when unknown. */
    reportingLagHours: z.number().nullable(),
    /**
     * Which calendar the tracker's days follow (`@pacer/core` `DayBasis`, its connector's fact):
     * `utc` when the platform reports UTC days only (LinkedIn, Pinterest), `account` for the ad
     * account's zone; null for a platform without a connector. Absent in a list answer built from a
     * snapshot stored before the field existed: read as `account`.
     */
    dayBasis: z.enum(DAY_BASES).nullable().optional(),
    createdAt: isoString,
    version: z.number().int(),
  }),
);

/** One month of a tracker's history (budget and actual spend in micros). */
const historicMonthSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    month: z.string(),
    budget: z.number().nullable(),
    actualSpend: z.number(),
  }),
);

/** A stored future budget: budget in micros or false, period or false (both false = reset). */
const futureBudgetEntrySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    month: z.string(),
    budget: z.union([z.number(), z.literal(false)]),
    budgetPeriod: z.union([z.enum(BUDGET_PERIODS), z.literal(false)]),
  }),
);

/** One selected filter value; a text-box filter carries applyFilter and filterString. */
const filterSelectionViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    applyFilter: z.boolean().optional(),
    filterString: z.string().optional(),
  }),
);

/** A stored tracker filter (spec trackers.md 3, Filter). */
export const trackerFilterViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    type: z.enum(["multipleChoice", "textBoxStringFilter"]),
    integration: z.string().optional(),
    selection: z.array(filterSelectionViewSchema),
    possibleValues: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
    maxSelection: z.number().nullable().optional(),
    disabled: z.boolean().optional(),
    descriptionText: z.string().optional(),
    dataLoadFail: z.boolean().optional(),
    err: z.union([z.string(), z.object({ msg: z.string().optional() }), z.null()]).optional(),
    filterLoading: z.boolean().optional(),
    filterValuesLoading: z.boolean().optional(),
  }),
);

/**
 * The list calls' answer: the table of `@pacer/core/tracker-list` (`columns` and `dataColumns` name
 * the values of each row and of its `data`; `users` and `integrations` are written once and
 * referenced by index). Its rows decoded must each be a {@link trackerViewSchema}: the check decodes
 * them exactly as the web app does.
 */
export const trackerListSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      columns: z.array(z.string()),
      dataColumns: z.array(z.string()),
      rows: z.array(z.array(z.unknown())),
      users: z.array(associatedUserSchema),
      integrations: z.array(trackerViewSchema.unwrap().shape.dataSource.shape.integration),
      /** Only in an answer cut to its first rows (`?first=N`): how many trackers the whole list holds. */
      total: z.number().int().min(0).optional(),
    })
    .superRefine((list, ctx) => {
      let views: unknown[];
      try {
        views = decodeTrackerList(list as EncodedTrackerList);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return;
      }
      const parsed = z.array(trackerViewSchema).safeParse(views);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: "custom", message: issue.message, path: ["rows", ...issue.path] });
        }
      }
    }),
);

/** The detail answer of get-tracker and of every update call: the list view plus history, plans, filters, notes. */
export const trackerDetailSchema = /* @__PURE__ */ z.lazy(() =>
  trackerViewSchema.unwrap().extend({
    /** When the figures were last computed (ISO); null before the first computation. */
    dataComputedAt: z.string().nullable(),
    historicData: z.array(historicMonthSchema),
    futureBudgets: z.array(futureBudgetEntrySchema),
    filters: z.array(trackerFilterViewSchema),
    messages: z.array(trackerMessageSchema).optional(),
  }),
);

/** The owner of a pod or shared budget (empty name and e-mail once the user is gone). */
const ownerSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
  }),
);

/** A pod (spec pods-budgets-alerts-users-connections.md 3): the trackers the caller may see. */
export const podViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    /** Tracker ids the caller may see, in the pod's order. */
    trackers: z.array(z.string()),
    users: z.array(z.string()),
    owner: ownerSchema,
    account: z.object({ _id: z.string(), name: z.string() }),
    createdAt: isoString,
    version: z.number().int(),
  }),
);

/** A shared budget (spec pods-budgets-alerts-users-connections.md 3): its trackers with their allocations. */
export const sharedBudgetViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    /** The budget in micros. */
    budget: z.number().int(),
    allocatedBudgetAsAPercentage: z.boolean(),
    hasManualAllocationBeenSet: z.boolean().optional(),
    weekdaysOnly: z.boolean().optional(),
    /** The trackers the caller may see, with their allocations. */
    trackers: z.array(
      z.object({
        _id: z.string(),
        /** Percent 0..100 (percentage mode). */
        budgetAllocation: z.number().nullable(),
        /** Micros 0..budget (money mode). */
        budgetAllocationMoney: z.number().nullable(),
      }),
    ),
    users: z.array(z.string()),
    owner: ownerSchema,
    account: z.object({ _id: z.string(), name: z.string() }),
    createdAt: isoString,
    version: z.number().int(),
  }),
);

/** A person named by an alert (owner or additional recipient). */
const personSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ _id: z.string(), name: z.string(), email: z.string() }),
);

/** An alert (spec pods-budgets-alerts-users-connections.md 3 and 7.4). */
export const alertViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    level: z.string(),
    target: z.unknown(),
    data: z.unknown(),
    type: z.string(),
    fireWhen: z.unknown(),
    fireOn: z.unknown().nullable(),
    additionalRecipients: z.array(personSchema),
    user: personSchema,
    account: z.object({ _id: z.string() }),
    createdAt: isoString,
    updatedAt: z.string().nullable(),
    snoozedUntil: z.string().nullable(),
    channelIds: z.array(z.string()),
  }),
);

/** An alert channel (Slack, Teams, webhook) with its URL masked. */
export const alertChannelViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    kind: z.enum(ALERT_CHANNEL_KINDS),
    name: z.string(),
    url: z.string(),
    createdAt: isoString,
    failingSince: z.string().nullable(),
    lastFailure: z.string().nullable(),
  }),
);

/** One entry of the alert history (a firing, a clearing, a delivery). */
export const alertEventSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    id: z.string(),
    at: z.string(),
    alertId: z.string(),
    alertName: z.string(),
    level: z.enum(ALERT_LEVELS),
    outcome: z.enum(ALERT_OUTCOMES),
    target: z.string().nullable(),
    targetName: z.string().nullable(),
    channel: z.string().nullable(),
    recipient: z.string().nullable(),
    value: z.number().nullable(),
    threshold: z.number().nullable(),
    reason: z.string().nullable(),
  }),
);

/** A target where an alert fires or is snoozed now. */
export const alertTargetStateSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    alertId: z.string(),
    alertName: z.string(),
    level: z.enum(ALERT_LEVELS),
    target: z.string(),
    targetName: z.string(),
    firing: z.boolean(),
    since: z.string().nullable(),
    snoozedUntil: z.string().nullable(),
  }),
);

/** A platform account (a "view") as a listing answers it. */
export const listedViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ id: z.string(), name: z.string().optional() }),
);
