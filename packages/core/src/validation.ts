import * as z from "zod";
import { allocationTotal, type SharedBudgetSettings } from "./budget.ts";
import type { BudgetCalendar } from "./calendar.ts";
import { addMonths, isIsoDate } from "./calendar.ts";
import {
  formatBudgetAmount,
  formatPercent,
  isAmountInput,
  parseAmountInput,
  parseDisplayDate,
} from "./format.ts";
import { freeText } from "./text.ts";
import type { AllowanceCheck } from "./tracker-allowance.ts";
import type { IsoDate } from "./types.ts";

/**
 * Builds a schema now, where it is declared. Marked free of side effects so that a bundle that never
 * reads the schema leaves its construction out (esbuild drops an unused call of a function so
 * marked in this file): for the form schemas the web app extends or reads the shape of (`.extend`,
 * `.shape`), which a `z.lazy` would not offer. The other schemas of this module are `z.lazy`, built
 * at their first parse, so a function's cold start builds none it does not call (BENCHMARKS.md,
 * "Cold start"); read a lazy object schema's shape through `.unwrap()`.
 */
/* @__NO_SIDE_EFFECTS__ */
function eager<T>(build: () => T): T {
  return build();
}

/**
 * Validation rules shared by the server and the browser. Spec: overview-access-account.md section 5
 * (passwords, e-mail) and 9; trackers.md section 5 (tracker allowance, filters, budgets, lifetime
 * dates) and 9; pods-budgets-alerts-users-connections.md section 5 (pods, shared budgets, invite,
 * edit user, Cake). Texts are the spec's, verbatim (including its spelling).
 */

// ---------------------------------------------------------------------------------------------
// Passwords (overview-access-account.md sections 5 and 9)
// ---------------------------------------------------------------------------------------------

/** Minimum password length on login, reset-from-link and registration. */
export const PASSWORD_MIN_LENGTH = 6;
/** Minimum new-password length in the Change Password modal ("length greater than 7"). */
export const CHANGE_PASSWORD_MIN_LENGTH = 8;

/** A Change Password rule that does not hold. */
export type ChangePasswordFailure =
  | "oldPasswordRequired"
  | "minLength"
  | "uppercase"
  | "digit"
  | "confirmationRequired"
  | "confirmationMismatch";

/** The Change Password modal's fields. */
export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The Change Password modal's rules (overview-access-account.md section 5): old password required;
 * new password at least 8 characters, with an uppercase letter (any script) and a digit (0-9);
 * confirmation non-empty and equal. Submit is enabled only when the list is empty.
 */
export function changePasswordFailures(input: ChangePasswordInput): ChangePasswordFailure[] {
  const failures: ChangePasswordFailure[] = [];
  if (!input.oldPassword) failures.push("oldPasswordRequired");
  if (input.newPassword.length < CHANGE_PASSWORD_MIN_LENGTH) failures.push("minLength");
  if (!/\p{Lu}/u.test(input.newPassword)) failures.push("uppercase");
  if (!/[0-9]/.test(input.newPassword)) failures.push("digit");
  if (!input.confirmPassword) failures.push("confirmationRequired");
  else if (input.confirmPassword !== input.newPassword) failures.push("confirmationMismatch");
  return failures;
}

/** A password outside the Change Password modal (login, reset, registration): 6+ characters. */
export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** The reset-from-link mismatch text (overview-access-account.md section 2.4). */
export const PASSWORDS_DO_NOT_MATCH = "New passwords do not match";

/** The reset-from-link form's state: submit enabled, and the message to show (or null). */
export interface ResetPasswordCheck {
  canSubmit: boolean;
  message: string | null;
}

/**
 * The reset-from-link form (overview-access-account.md section 2.4): submit is disabled while the
 * password is empty; the two entries must match ('New passwords do not match'); minimum length 6.
 */
export function checkResetPassword(password: string, confirmPassword: string): ResetPasswordCheck {
  const mismatch = confirmPassword !== "" && password !== confirmPassword;
  return {
    canSubmit: password !== "" && isValidPassword(password) && password === confirmPassword,
    message: mismatch ? PASSWORDS_DO_NOT_MATCH : null,
  };
}

// ---------------------------------------------------------------------------------------------
// E-mail (overview-access-account.md section 5)
// ---------------------------------------------------------------------------------------------

const plainEmailSchema = /* @__PURE__ */ z.lazy(() => z.email());

/** Whether `value` is a syntactically valid e-mail address (zod's e-mail rule, after trimming). */
export function isValidEmail(value: string): boolean {
  return plainEmailSchema.safeParse(value.trim()).success;
}

/** The e-mail error text. */
export const INVALID_EMAIL = "Invalid Email";

/** 'Invalid Email' once the field is non-empty, touched and invalid; else null. */
export function emailFieldError(value: string, touched: boolean): string | null {
  return touched && value !== "" && !isValidEmail(value) ? INVALID_EMAIL : null;
}

/** The e-mail sent at login: trimmed and lowercased (overview-access-account.md section 3). */
export function normalizeLoginEmail(email: string): string {
  return email.trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Tracker allowance (trackers.md sections 2, 5 and 9)
// ---------------------------------------------------------------------------------------------

export {
  type AllowanceCheck,
  checkTrackerAllowance,
  ENTERPRISE_TRACKER_THRESHOLD,
  isTrackerCountExceeded,
  TRACKER_ALLOWANCE_TEXTS,
  upgradeRoute,
} from "./tracker-allowance.ts";

// ---------------------------------------------------------------------------------------------
// Filters (trackers.md section 5)
// ---------------------------------------------------------------------------------------------

/**
 * Whether one more value can be picked in a filter with maxSelection (null = no limit); when not,
 * the text 'Maximum selections for {filter name} is {max}'.
 */
export function checkFilterPick(
  filterName: string,
  selectedCount: number,
  maxSelection: number | null | undefined,
): AllowanceCheck {
  if (maxSelection === null || maxSelection === undefined || selectedCount < maxSelection)
    return { ok: true };
  return { ok: false, message: `Maximum selections for ${filterName} is ${maxSelection}` };
}

// ---------------------------------------------------------------------------------------------
// Budgets (trackers.md sections 2 and 5)
// ---------------------------------------------------------------------------------------------

/** Integer micros, at least 0. */
export const nonNegativeMicrosSchema = /* @__PURE__ */ z.lazy(() => z.number().int().min(0));

/** A `yyyy-MM-dd` calendar date. */
export const isoDateSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().refine(isIsoDate, { message: "Must be a yyyy-MM-dd date" }),
);

/** POST update-budget payload: a manual budget in micros (minimum 0) and its period. */
export const budgetUpdateSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    budget: nonNegativeMicrosSchema,
    budgetPeriod: z.enum(["day", "month"]),
  }),
);

/** POST update-daily-budget payload: a daily budget in micros, minimum 0. */
export const dailyBudgetUpdateSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ dailyBudget: nonNegativeMicrosSchema }),
);

/** Lifetime budget payload: budget in micros (minimum 0) and dates; endDate null = no end. */
export const lifetimeBudgetSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    lifetimeBudget: nonNegativeMicrosSchema,
    lifetimeBudgetDates: z.object({ startDate: isoDateSchema, endDate: isoDateSchema.nullable() }),
  }),
);

/**
 * A historic data row as edited in the Historic Data tab (micros). `budget: null` records that the
 * month has no budget (shown '-', skipped by the over/under spend adjustments; see budget.ts).
 */
export const historicDataEntrySchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    month: isoDateSchema,
    budget: nonNegativeMicrosSchema.nullable(),
    actualSpend: nonNegativeMicrosSchema,
  }),
);

/** A future budget row: budget in micros or false, period or false (both false = reset). */
export const futureBudgetSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    month: isoDateSchema,
    budget: z.union([nonNegativeMicrosSchema, z.literal(false)]),
    budgetPeriod: z.union([z.enum(["day", "month"]), z.literal(false)]),
  }),
);

/** A daily performance row as the pipeline stores it (see DailyRow in tracker-data.ts). */
export const dailyRowSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    date: isoDateSchema,
    spendMicros: z.number().int(),
    impressions: z.number().min(0),
    clicks: z.number().min(0),
    conversions: z.number().min(0),
    revenueMicros: z.number().int(),
  }),
);

/** The lifetime date rule texts (the spec gives the rule, not the wording). */
export const LIFETIME_DATE_TEXTS = {
  endBeforePreviousMonth: "The end date cannot be earlier than the start of the previous month",
  endBeforeStart: "The end date cannot be earlier than the start date",
} as const;

/**
 * The lifetime date rules (trackers.md section 2, Budget Management): the end may be cleared (null);
 * the end cannot be earlier than the start of the previous month. Decision: the end cannot be
 * earlier than the start either. Returns the first broken rule's text, or null.
 */
export function lifetimeDatesError(
  dates: { startDate: IsoDate; endDate: IsoDate | null },
  calendar: BudgetCalendar,
): string | null {
  if (dates.endDate === null) return null;
  if (dates.endDate < addMonths(calendar.monthStart, -1)) return LIFETIME_DATE_TEXTS.endBeforePreviousMonth;
  if (dates.endDate < dates.startDate) return LIFETIME_DATE_TEXTS.endBeforeStart;
  return null;
}

/** The text of an amount field that is not a number of 0 or more. */
export const AMOUNT_INPUT_TEXT = "Enter an amount of 0 or more, e.g. 1500 or 1,500.50";

/**
 * A budget amount as typed in a form (trackers.md section 5: numeric, minimum 0; empty is 0): the
 * text must be a number, so 'abc' is refused rather than read as 0. Output: integer micros.
 */
export const budgetAmountInputSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .refine((text) => isAmountInput(text) && parseAmountInput(text) >= 0, AMOUNT_INPUT_TEXT)
    .transform((text) => parseAmountInput(text))
    .pipe(nonNegativeMicrosSchema),
);

/** The text of a date field that is not a real dd/MM/yyyy date. */
export const DATE_FORMAT_TEXT = "Enter a date as dd/MM/yyyy";

/** A date as typed (trackers.md section 9: dd/MM/yyyy). Output: `yyyy-MM-dd`. */
export const displayDateInputSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .refine((text) => parseDisplayDate(text) !== null, DATE_FORMAT_TEXT)
    .transform((text) => parseDisplayDate(text) as IsoDate),
);

/**
 * The lifetime budget form (trackers.md section 2, Budget Management): an amount of 0 or more, a
 * start date and an optional end date as dd/MM/yyyy, and the date rules of
 * {@link lifetimeDatesError}. Output: the update-lifetime-budget payload
 * ({@link lifetimeBudgetSchema}: micros and ISO dates, `endDate` null for no end).
 */
export function lifetimeBudgetFormSchema(calendar: BudgetCalendar) {
  return z
    .object({
      lifetimeBudget: budgetAmountInputSchema,
      startDate: displayDateInputSchema,
      endDate: z.union([z.literal("").transform(() => null), displayDateInputSchema]),
    })
    .superRefine((form, ctx) => {
      const error = lifetimeDatesError(form, calendar);
      if (error) ctx.addIssue({ code: "custom", path: ["endDate"], message: error });
    })
    .transform((form) => ({
      lifetimeBudget: form.lifetimeBudget,
      lifetimeBudgetDates: { startDate: form.startDate, endDate: form.endDate },
    }));
}

/** The manual budget form: an amount of 0 or more per day or per month (trackers.md section 2). */
export const manualBudgetFormSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    budget: budgetAmountInputSchema,
    budgetPeriod: z.enum(["day", "month"]),
  }),
);

/**
 * Over/under spend options are mutually exclusive (trackers.md section 5): turning one on turns the
 * other off. Returns the two flags after a toggle.
 */
export function toggleOverUnderSpendOption(
  option: "lastMonth" | "lastSixMonths",
  on: boolean,
  current: { lastMonth: boolean; lastSixMonths: boolean },
): { lastMonth: boolean; lastSixMonths: boolean } {
  if (option === "lastMonth") return { lastMonth: on, lastSixMonths: on ? false : current.lastSixMonths };
  return { lastSixMonths: on, lastMonth: on ? false : current.lastMonth };
}

// ---------------------------------------------------------------------------------------------
// Pods and shared budgets (pods-budgets-alerts-users-connections.md section 5)
// ---------------------------------------------------------------------------------------------

/** Pod and shared budget form texts, verbatim. */
export const GROUP_FORM_TEXTS = {
  podName: "Must provide a tracker name",
  podTrackers: "Must select at least 1 tracker",
  sharedBudgetName: "Must provide a Budget Name",
  sharedBudgetTrackers: "Must select at least 1 Tracker",
} as const;

/** Field errors of a form: field name -> text. Empty = valid. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** Create Pod form rules: name required (after trimming), at least one tracker. */
export function podFormErrors(form: {
  name: string;
  trackers: readonly unknown[];
}): FormErrors<"name" | "trackers"> {
  const errors: FormErrors<"name" | "trackers"> = {};
  if (!form.name.trim()) errors.name = GROUP_FORM_TEXTS.podName;
  if (form.trackers.length === 0) errors.trackers = GROUP_FORM_TEXTS.podTrackers;
  return errors;
}

/**
 * Create Shared Budget form rules: name required, at least one tracker; the monthly budget is
 * numeric with a minimum of 0 (it is clamped, so it has no message).
 */
export function sharedBudgetFormErrors(form: {
  name: string;
  trackers: readonly unknown[];
}): FormErrors<"name" | "trackers"> {
  const errors: FormErrors<"name" | "trackers"> = {};
  if (!form.name.trim()) errors.name = GROUP_FORM_TEXTS.sharedBudgetName;
  if (form.trackers.length === 0) errors.trackers = GROUP_FORM_TEXTS.sharedBudgetTrackers;
  return errors;
}

/** Pod create/update payload (name and description: core `freeText` limits). */
export const podFormSchema = /* @__PURE__ */ eager(() =>
  z.object({
    name: freeText("name", { required: GROUP_FORM_TEXTS.podName }),
    description: freeText("description").default(""),
    trackers: z.array(z.string()).min(1, GROUP_FORM_TEXTS.podTrackers),
    users: z.array(z.string()).default([]),
  }),
);

/**
 * The message for allocations that hand out more than the shared budget (spec section 5 bounds each
 * allocation; their sum may not exceed 100% in percentage mode, or the Monthly Budget in money mode),
 * with the sum: 'Allocations add up to 120.00%, more than 100%' or 'Allocations add up to 12,000,
 * more than the Monthly Budget of 10,000' (amounts in currency units, two decimals only when
 * fractional). Null when the allocations fit, and in percentage mode before any is set by hand
 * (see allocationTotal).
 */
export function allocationTotalError(shared: SharedBudgetSettings): string | null {
  const total = allocationTotal(shared);
  if (!total?.over) return null;
  if (total.unit === "percent") return `Allocations add up to ${formatPercent(total.sum)}, more than 100%`;
  const [sum, limit] = [formatBudgetAmount(total.sum), formatBudgetAmount(total.limit)];
  return `Allocations add up to ${sum}, more than the Monthly Budget of ${limit}`;
}

/**
 * Shared budget create/update payload; money in micros, percentages 0..100. The allocations may not
 * add up to more than the budget ({@link allocationTotalError}, reported on `trackers`); text: core
 * `freeText` limits.
 */
export const sharedBudgetFormSchema = /* @__PURE__ */ eager(() =>
  z
    .object({
      name: freeText("name", { required: GROUP_FORM_TEXTS.sharedBudgetName }),
      description: freeText("description").default(""),
      budget: nonNegativeMicrosSchema,
      allocatedBudgetAsAPercentage: z.boolean(),
      hasManualAllocationBeenSet: z.boolean().default(false),
      weekdaysOnly: z.boolean().default(false),
      trackers: z
        .array(
          z.object({
            _id: z.string(),
            budgetAllocation: z.number().min(0).max(100).nullable().optional(),
            budgetAllocationMoney: nonNegativeMicrosSchema.nullable().optional(),
          }),
        )
        .min(1, GROUP_FORM_TEXTS.sharedBudgetTrackers),
    })
    .superRefine((form, ctx) => {
      const error = allocationTotalError(form);
      if (error) ctx.addIssue({ code: "custom", path: ["trackers"], message: error });
    }),
);

// ---------------------------------------------------------------------------------------------
// Users and connections (pods-budgets-alerts-users-connections.md sections 2.11, 2.12 and 5)
// ---------------------------------------------------------------------------------------------

/** Invite User by e-mail: the button is enabled only for a valid address. */
export function canInviteByEmail(email: string): boolean {
  return isValidEmail(email);
}

/** Edit User: UPDATE is enabled when the name is non-empty and something changed. */
export function canUpdateUser(
  edited: { name: string; userType: string },
  original: { name: string; userType: string },
): boolean {
  return (
    edited.name.trim() !== "" && (edited.name !== original.name || edited.userType !== original.userType)
  );
}

/** Cake connect: both API key and domain must be non-empty. */
export function canConnectCake(apiKey: string, domain: string): boolean {
  return apiKey.trim() !== "" && domain.trim() !== "";
}

// ---------------------------------------------------------------------------------------------
// Request fields and forms: the server's request schemas and the web app's forms use these same
// schemas, so the browser checks what the server will check, with the same texts, before sending.
// ---------------------------------------------------------------------------------------------

/** An e-mail address, trimmed and lower-cased (login payload rule, overview section 3). */
export const emailSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().trim().toLowerCase().max(254).pipe(z.email(INVALID_EMAIL)),
);

/** Longest accepted password (hashing cost is bounded). */
export const PASSWORD_MAX_LENGTH = 128;

/** A password for login, reset and registration: 6+ characters (overview sections 5 and 9). */
export const passwordSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
);

/** The Change Password modal's new password: 8+ characters, an uppercase letter and a digit (section 5). */
export const changedPasswordSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .superRefine((value, ctx) => {
      const failures = changePasswordFailures({
        oldPassword: "x",
        newPassword: value,
        confirmPassword: value,
      });
      if (failures.includes("minLength"))
        ctx.addIssue({
          code: "custom",
          message: `Password must be at least ${CHANGE_PASSWORD_MIN_LENGTH} characters`,
        });
      else if (failures.includes("uppercase"))
        ctx.addIssue({ code: "custom", message: "Password must contain at least one uppercase letter" });
      else if (failures.includes("digit"))
        ctx.addIssue({ code: "custom", message: "Password must contain at least one number" });
    }),
);

/** A person's or company's name as entered ({@link freeText} name: trimmed, 1..200 characters, text only). */
export const nameSchema = /* @__PURE__ */ z.lazy(() => freeText("name", { required: "Name is required" }));

/** `POST /api/auth` and the login form: e-mail and password (overview 2.2 and 5). */
export const loginFormSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ email: emailSchema, password: passwordSchema }),
);

/** One e-mail field: the forgot-password and resend forms, self-registration (overview 2.3, 2.4, 2.6). */
export const emailFormSchema = /* @__PURE__ */ z.lazy(() => z.object({ email: emailSchema }));

/** The invited-user registration form (overview 2.7): name, e-mail and a 6+ character password. */
export const invitedRegistrationFormSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
  }),
);

/** The reset-from-link form (overview 2.4): 6+ characters, and both entries equal. */
export const resetPasswordFormSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({ newPassword: passwordSchema, confirmPassword: z.string() })
    .refine((form) => form.confirmPassword === form.newPassword, {
      path: ["confirmPassword"],
      message: PASSWORDS_DO_NOT_MATCH,
    }),
);

/** `POST /api/auth/change-password`: the old password and a new one following the modal's rules. */
export const changePasswordBodySchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    oldPassword: z.string().min(1, "Old password is required").max(PASSWORD_MAX_LENGTH),
    newPassword: changedPasswordSchema,
  }),
);

/** The confirmation text of the Change Password modal (the spec gives the rule, not the wording). */
export const CONFIRMATION_MISMATCH = "Passwords do not match";

/** The Change Password modal (overview 2.11 and 5): the body plus a non-empty, equal confirmation. */
export const changePasswordFormSchema = /* @__PURE__ */ z.lazy(() =>
  changePasswordBodySchema
    .unwrap()
    .extend({ confirmPassword: z.string().min(1, "Please confirm the new password") })
    .refine((form) => form.confirmPassword === form.newPassword, {
      path: ["confirmPassword"],
      message: CONFIRMATION_MISMATCH,
    }),
);

/** `POST /api/cake/response` and the Cake modal (pods-budgets... 2.12 and 5): both fields non-empty. */
export const cakeConnectSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    apiKey: z.string().trim().min(1, "API Key is required").max(500),
    domain: z.string().trim().min(1, "Domain is required").max(253),
  }),
);

/** Edit User (pods-budgets... 2.11): a non-empty name (the user type is a choice of three). */
export const editUserFormSchema = /* @__PURE__ */ eager(() => z.object({ name: nameSchema }));

/** Account & User Settings (overview 2.9): the account's and the user's names, the currency code. */
export const accountSettingsFormSchema = /* @__PURE__ */ eager(() =>
  z.object({
    accountName: nameSchema,
    currency: z.string().trim().min(3).max(3),
    userName: nameSchema,
  }),
);

/**
 * How often a user gets the pacing digest e-mail (a product extension of the user's
 * notificationPreferences, spec pods-budgets-alerts-users-connections.md section 3): `off` (the
 * default: nothing is sent), `daily` (each morning) or `weekly` (Monday mornings), both at 08:00 in
 * the account's time zone.
 */
export const DIGEST_FREQUENCIES = ["off", "daily", "weekly"] as const;
/** A digest frequency: off, daily or weekly. */
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** The digest choice's labels, in the settings form and the digest e-mail. */
export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = {
  off: "Off",
  daily: "Daily",
  weekly: "Weekly (Mondays)",
};
/** The digest frequency of a request or form. */
export const digestFrequencySchema = /* @__PURE__ */ z.lazy(() => z.enum(DIGEST_FREQUENCIES));
