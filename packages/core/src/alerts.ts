import { TZDate } from "@date-fns/tz";
import * as z from "zod";
import { dayNumber, daysInMonthOf, fromDayNumber, localDate, weekdayOf } from "./calendar.ts";
import type { CellValue, NaReason, TableRow } from "./cells.ts";
import { cellValue } from "./cells.ts";
import type { ColumnFormat, MetricColumnId } from "./columns.ts";
import { columnDef, METRIC_COLUMNS } from "./columns.ts";
import { freeText } from "./text.ts";
import type { IsoDate } from "./types.ts";

/**
 * Alerts: threshold evaluation and the fire-when schedule. Spec: pods-budgets-alerts-users-
 * connections.md sections 2.10 (alert form), 3 (Alert), 5 and 9.
 */

/** Alert levels (spec section 9). */
export const ALERT_LEVELS = ["tracker", "client", "pod"] as const;
/** An alert's level: tracker, client or pod. */
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** Comparison operators (spec section 2.10). */
export const ALERT_OPERATORS = ["isGreaterThan", "isLessThan"] as const;
/** isGreaterThan (strictly greater) or isLessThan (strictly less). */
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

/** Frequencies (spec section 2.10; default everyday). */
export const FIRE_WHEN = ["everyday", "weekly", "monthly"] as const;
/** How often an alert may fire: everyday, weekly (fireOn 1..5) or monthly (fireOn 1..31). */
export type FireWhen = (typeof FIRE_WHEN)[number];

/**
 * The budget fields a threshold can be taken from ("chosen from a budget list"; default budget).
 * Decision: the budget columns of the catalogue.
 */
export const ALERT_BUDGET_FIELDS = ["budget", "dailyBudget", "lastMonthBudget", "lifetimeBudget"] as const;
/** A budget field an alert threshold can be taken from (values in micros). */
export type AlertBudgetField = (typeof ALERT_BUDGET_FIELDS)[number];

/** Where the threshold comes from: a typed value, or a budget field of the same row. */
export type AlertValueSet = "manual" | "budget";

/**
 * An alert's rule (spec section 3, Alert.data).
 * `value` is in the metric's unit: micros for money metrics, a percent for percent metrics, a plain
 * number for counts and ROAS (see {@link alertValueUnit}).
 */
export interface AlertData {
  metric: AlertMetricId;
  /** The metric's display name, e.g. "% Through Budget". */
  metricName: string;
  operator: AlertOperator;
  valueSet: AlertValueSet;
  value: number;
  valueBudget: AlertBudgetField;
}

/** The columns an alert can watch: the numeric ones that hold one number (not the forecast range). */
const WATCHABLE = METRIC_COLUMNS.filter((c) => c.format !== "moneyRange");

/**
 * The pace metric (issue "alerts that follow pace"): '% Through Budget' divided by '% Through Month',
 * as a percent. 100% spends exactly as fast as the month passes; 110% spends 10% faster, so a
 * threshold on pace fires for the trackers running ahead (or behind) whatever the day of the month,
 * where a fixed '% Through Budget' threshold fires on every tracker late in the month.
 */
export const PACE_METRIC = {
  id: "pace",
  name: "% Pace",
  description:
    "How fast the budget is being spent against how far the month has gone: 100% is on pace, 110% is 10% ahead, 90% is 10% behind.",
  formula: "% Through Budget / % Through Month x 100",
} as const;

/**
 * The stale-data metric: hours since a tracker's figures were last refreshed from its platform (a
 * client or pod: its stalest tracker; a tracker never refreshed counts from its creation). A stale
 * alert is this metric above a number of hours, e.g. 24.
 */
export const STALE_METRIC = {
  id: "dataAgeHours",
  name: "Hours Since Refresh",
  description:
    "Hours since the figures were last refreshed from the ad platform (a client or pod: its stalest tracker). Above 24 means a day without fresh data.",
  formula: "Now - last refresh, in hours",
} as const;

/**
 * The anomaly metric: yesterday's spend against the same weekday of the previous 4 to 8 weeks, in
 * standard deviations (core `spendAnomaly`, which documents the method); no value with less than
 * four weeks of history, so the alert stays silent. Above 3: an unusual spike; below -3: a drop.
 */
export const ANOMALY_METRIC = {
  id: "spendAnomaly",
  name: "Spend Anomaly (std. deviations)",
  description:
    "Yesterday's spend against the same weekday of the previous 4 to 8 weeks, in standard deviations: above 3 is an unusual spike, below -3 an unusual drop. Silent with less than four weeks of history.",
  formula: "(Yesterday's Spend - mean of the same weekday) / standard deviation (at least 10% of the mean)",
} as const;

/**
 * The stalled-spend metric: hours a tracker's spend has not increased while its budget is not spent
 * (a client or pod: hours since any of its trackers' spend last increased). A stalled alert is this
 * metric above a number of hours, e.g. 6.
 *
 * Method: only daily rows are stored, so each successful refresh records on the tracker today's
 * spend as last fetched, when it last went up, and when it was fetched (core {@link nextSpendProgress}).
 * The metric is the time between the last increase and the last refresh (never the time since the
 * last refresh: a tracker whose refreshes fail is stale, not stalled). No value when the remaining
 * budget ('Spend Remaining', or the lifetime budget on lifetime trackers) is spent or unknown, so a
 * spent budget never counts as stalled.
 *
 * Limits: it sees increases only at refreshes, so it is late by up to one refresh interval, never
 * early; an increase at the first refresh of a day counts as made at that refresh; platforms report
 * spend with a lag (often 1 to 3 hours, Meta and Google revise the day later), so N below a few hours
 * fires on reporting lag, not on a stalled campaign; a day's spend revised downwards is not an
 * increase.
 */
export const STALLED_METRIC = {
  id: "stalledHours",
  name: "Hours Without Spend",
  description:
    "Hours the spend has not gone up while budget remains, as seen at each data refresh (a client or pod: since any of its trackers spent). Platforms report spend 1 to 3 hours late, so choose more than a few hours; a spent budget never counts as stalled.",
  formula:
    "Last refresh - last refresh at which today's Spend went up, in hours (only while Spend Remaining > 0)",
} as const;

/**
 * What the refresh records on a tracker to tell stalled spend (see {@link STALLED_METRIC}): the day
 * (tracker's time zone) and its spend in micros as last fetched, the ISO instants of the day's first
 * refresh, of the last refresh at which the spend went up (or watching began) and of the last refresh.
 */
export interface SpendProgress {
  day: IsoDate;
  spendMicros: number;
  firstRefreshAt: string;
  lastIncreaseAt: string;
  checkedAt: string;
}

/**
 * The spend progress after a successful refresh at `now` that fetched `spendMicros` (integer micros)
 * for `today` (the tracker's local date). The day's spend going up, or a new day's first refresh
 * finding spend already, counts as an increase at `now`; a new day with no spend yet carries the last
 * increase over midnight; a spend revised downwards is stored but is no increase. With no previous
 * progress, watching starts at `now`.
 */
export function nextSpendProgress(
  previous: SpendProgress | undefined,
  today: IsoDate,
  spendMicros: number,
  now: Date,
): SpendProgress {
  const at = now.toISOString();
  if (!previous) return { day: today, spendMicros, firstRefreshAt: at, lastIncreaseAt: at, checkedAt: at };
  const newDay = previous.day !== today;
  const increased = newDay ? spendMicros > 0 : spendMicros > previous.spendMicros;
  return {
    day: today,
    spendMicros,
    firstRefreshAt: newDay ? at : previous.firstRefreshAt,
    lastIncreaseAt: increased ? at : previous.lastIncreaseAt,
    checkedAt: at,
  };
}

/** Hours between a spend progress's last increase and its last refresh (see {@link STALLED_METRIC}). */
export function stalledHours(progress: SpendProgress): number {
  return Math.max(0, (Date.parse(progress.checkedAt) - Date.parse(progress.lastIncreaseAt)) / 3_600_000);
}

/** An alert's metric: a single-number column of the catalogue, or pace, stale data, stalled spend or anomaly. */
export type AlertMetricId =
  | MetricColumnId
  | typeof PACE_METRIC.id
  | typeof STALE_METRIC.id
  | typeof STALLED_METRIC.id
  | typeof ANOMALY_METRIC.id;

/** What an alert metric may need beyond the row's figures. */
export interface AlertContext {
  /** Hours since the row's (stalest) tracker was refreshed, for {@link STALE_METRIC}. */
  dataAgeHours?: number;
  /** Hours the row's spend has not gone up ({@link stalledHours}; a group: its least stalled tracker). */
  stalledHours?: number;
  /** Yesterday's spend anomaly in standard deviations, for {@link ANOMALY_METRIC}. */
  anomalyZ?: number;
}

/** An alert metric as the form lists it: id, name and the explanation shown under the choice. */
export interface AlertMetric {
  id: AlertMetricId;
  name: string;
  description: string;
  formula: string;
}

/**
 * The metrics an alert can watch, each with its explanation: every single-number column of the
 * catalogue (the forecast's 'Forecast vs Budget' among them), then pace and stale data.
 */
export const ALERT_METRICS: readonly AlertMetric[] = [
  ...WATCHABLE.map((c) => ({ id: c.id, name: c.name, description: c.description, formula: c.formula })),
  { ...PACE_METRIC },
  { ...STALE_METRIC },
  { ...STALLED_METRIC },
  { ...ANOMALY_METRIC },
];

/** An alert metric's number format (pace: a percent; hours since refresh: a count). */
export function alertMetricFormat(metric: AlertMetricId): ColumnFormat {
  if (metric === PACE_METRIC.id) return "percent";
  if (metric === STALE_METRIC.id || metric === STALLED_METRIC.id || metric === ANOMALY_METRIC.id)
    return "count";
  return columnDef(metric).format;
}

/** An alert metric's display name. */
export function alertMetricName(metric: AlertMetricId): string {
  if (metric === PACE_METRIC.id) return PACE_METRIC.name;
  if (metric === STALE_METRIC.id) return STALE_METRIC.name;
  if (metric === STALLED_METRIC.id) return STALLED_METRIC.name;
  if (metric === ANOMALY_METRIC.id) return ANOMALY_METRIC.name;
  return columnDef(metric).name;
}

/** The unit of an alert value for a metric: micros (money), percent, or a plain number. */
export function alertValueUnit(metric: AlertMetricId): "micros" | "percent" | "number" {
  const format = alertMetricFormat(metric);
  if (format === "money" || format === "money2") return "micros";
  return format === "percent" ? "percent" : "number";
}

/**
 * Whether the row's budget is not yet spent: 'Spend Remaining' above zero, or where that monthly
 * figure is N/A (a lifetime tracker or group), '% Through Lifetime Budget' under 100.
 */
function budgetRemains(row: TableRow): boolean {
  const monthly = cellValue(row, "spendRemaining");
  if (monthly.kind === "value") return monthly.value > 0;
  const lifetime = cellValue(row, "percentageThroughLifetimeBudget");
  return lifetime.kind === "value" && lifetime.value < 100;
}

/**
 * An alert metric's value on a row: the column's cell, or for pace '% Through Budget' /
 * '% Through Month' x 100 (N/A where either is; no value before the month has started to pass); for
 * hours since refresh and the spend anomaly the context's `dataAgeHours` / `anomalyZ` (no value
 * without it); for hours without spend the context's `stalledHours`, only while the row's budget
 * remains ('Spend Remaining' above zero; on lifetime rows '% Through Lifetime Budget' under 100; no
 * value otherwise).
 */
export function alertMetricValue(
  row: TableRow,
  metric: AlertMetricId,
  context: AlertContext = {},
): CellValue {
  if (metric === STALLED_METRIC.id) {
    if (!budgetRemains(row) || context.stalledHours === undefined) return { kind: "none" };
    return { kind: "value", value: context.stalledHours };
  }
  if (metric === STALE_METRIC.id || metric === ANOMALY_METRIC.id) {
    const value = metric === STALE_METRIC.id ? context.dataAgeHours : context.anomalyZ;
    return value === undefined ? { kind: "none" } : { kind: "value", value };
  }
  if (metric !== PACE_METRIC.id) return cellValue(row, metric);
  const budget = cellValue(row, "percentageThroughBudget");
  if (budget.kind !== "value") return budget;
  const month = cellValue(row, "percentageThroughMonth");
  if (month.kind !== "value") return month;
  if (month.value <= 0) return { kind: "none" };
  return { kind: "value", value: (budget.value / month.value) * 100 };
}

/** The value field's suffix: '%' when the metric name contains one (spec section 2.10), else ''. */
export function alertValueSuffix(metricName: string): string {
  return metricName.includes("%") ? "%" : "";
}

/** The result of evaluating an alert on one row. */
export type AlertEvaluation =
  | { kind: "fired" | "notFired"; actual: number; threshold: number }
  | { kind: "na"; reason: NaReason };

/**
 * Evaluates an alert's threshold on a tracker or group row (spec section 2.10): the metric's cell
 * compared with the manual value or the row's budget field, strictly greater or strictly less.
 * A metric or budget cell that is N/A (errored tracker, lifetime vs monthly, multiple currencies)
 * or a budget never recorded (last month's, '-') gives `{ kind: "na" }`, which never fires.
 */
export function evaluateAlert(data: AlertData, row: TableRow, context: AlertContext = {}): AlertEvaluation {
  const actual = alertMetricValue(row, data.metric, context);
  if (actual.kind === "na") return actual;
  if (actual.kind === "none") return { kind: "na", reason: "noBudget" };
  let threshold = data.value;
  if (data.valueSet === "budget") {
    const budget = cellValue(row, data.valueBudget);
    if (budget.kind === "na") return budget;
    if (budget.kind === "none") return { kind: "na", reason: "noBudget" };
    threshold = budget.value;
  }
  const fired = data.operator === "isGreaterThan" ? actual.value > threshold : actual.value < threshold;
  return { kind: fired ? "fired" : "notFired", actual: actual.value, threshold };
}

/** Whether an alert is due now, and the key of the period it fires in. */
export interface AlertSchedule {
  due: boolean;
  /**
   * The period this instant falls in: "day:yyyy-MM-dd" (everyday), "week:yyyy-MM-dd" (the Monday
   * of the week, weekly) or "month:yyyy-MM" (monthly). The server records the key when an alert
   * fires and does not fire it again for the same key, so it fires at most once per period.
   */
  periodKey: string;
}

/**
 * The fire-when rule (spec section 2.10 and 9), in the account's time zone at instant `now`:
 * - everyday: due every day; period = the day;
 * - weekly: due on weekday `fireOn` (1 Monday .. 5 Friday); period = the week (Monday to Sunday);
 * - monthly: due on day `fireOn` (1..31) of the month; period = the month. Decision: in a month
 *   shorter than fireOn the alert is due on the month's last day, so it still fires once a month.
 * @throws RangeError if fireOn is out of range for the frequency, or the time zone is unknown.
 */
export function alertSchedule(
  fireWhen: FireWhen,
  fireOn: number | null | undefined,
  now: Date | number,
  timeZone: string,
): AlertSchedule {
  const today: IsoDate = localDate(now, timeZone);
  if (fireWhen === "everyday") return { due: true, periodKey: `day:${today}` };
  const day = dayNumber(today);
  if (fireWhen === "weekly") {
    const on = fireOn ?? 1;
    if (!Number.isInteger(on) || on < 1 || on > 5)
      throw new RangeError(`Weekly fireOn must be 1..5, got ${on}`);
    const isoWeekday = weekdayOf(day) || 7;
    const monday = fromDayNumber(day - isoWeekday + 1);
    return { due: isoWeekday === on, periodKey: `week:${monday}` };
  }
  const on = fireOn ?? 1;
  if (!Number.isInteger(on) || on < 1 || on > 31)
    throw new RangeError(`Monthly fireOn must be 1..31, got ${on}`);
  const lastDay = daysInMonthOf(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
  return {
    due: Number(today.slice(8, 10)) === Math.min(on, lastDay),
    periodKey: `month:${today.slice(0, 7)}`,
  };
}

/** How long an alert or one of its targets can be snoozed: a day, a week, or to the month's end. */
export const SNOOZE_DURATIONS = ["day", "week", "monthEnd"] as const;
/** A snooze length: `day` (24 hours), `week` (7 days), `monthEnd` (to midnight starting next month). */
export type SnoozeDuration = (typeof SNOOZE_DURATIONS)[number];

/** The snooze menu's labels. */
export const SNOOZE_LABELS: Record<SnoozeDuration, string> = {
  day: "1 day",
  week: "1 week",
  monthEnd: "To month end",
};

/**
 * When a snooze chosen at `now` ends: 24 hours or 7 days later, or (monthEnd) at midnight starting
 * the next month in the account's time zone (DST-safe, `TZDate`).
 * @throws RangeError if the time zone is unknown.
 */
export function snoozeEnd(duration: SnoozeDuration, now: Date | number, timeZone: string): Date {
  const ms = typeof now === "number" ? now : now.getTime();
  if (duration === "day") return new Date(ms + 24 * 3600_000);
  if (duration === "week") return new Date(ms + 7 * 24 * 3600_000);
  const today = localDate(ms, timeZone);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)); // 1..12; TZDate months are 0-based, so `month` is the next one
  return new Date(new TZDate(year, month, 1, 0, 0, 0, timeZone).getTime());
}

/** Whether a snooze end (ISO instant, or absent) is still in the future at `now`. */
export function isSnoozed(snoozedUntil: string | null | undefined, now: Date | number): boolean {
  if (!snoozedUntil) return false;
  return Date.parse(snoozedUntil) > (typeof now === "number" ? now : now.getTime());
}

/**
 * What an evaluation does with one target of an alert (issue "state, not repetition"): `fire` when
 * the rule holds now and did not at the last evaluation, `resolve` when it held and no longer does,
 * `quiet` otherwise. An N/A evaluation (errored tracker, no budget) keeps the state: it neither
 * fires nor resolves.
 */
export function alertTransition(wasFiring: boolean, now: AlertEvaluation): "fire" | "resolve" | "quiet" {
  if (now.kind === "na") return "quiet";
  if (now.kind === "fired") return wasFiring ? "quiet" : "fire";
  return wasFiring ? "resolve" : "quiet";
}

/** Viewers may not target all trackers (spec section 2.10 and trackers.md section 6). */
export function canTargetAll(userType: string, level: AlertLevel): boolean {
  return !(userType === "Viewer" && level === "tracker");
}

/** Alert form texts (the spec gives the rules, not the wording, except where quoted). */
export const ALERT_FORM_TEXTS = {
  name: "Name is required",
  budgetNeedsMoneyMetric: "A budget can only be compared with a money metric",
  fireOnWeekly: "Choose a weekday from 1 (Monday) to 5 (Friday)",
  fireOnMonthly: "Choose a day of the month from 1 to 31",
  targets: "Choose at least one target",
} as const;

const metricIds = ALERT_METRICS.map((m) => m.id) as [AlertMetricId, ...AlertMetricId[]];

/** Most channels an account may have, and an alert may choose. */
export const MAX_ALERT_CHANNELS = 20;

/**
 * The alert form / create-alert and edit-alert payload (spec sections 2.10 and 3). `target` is
 * `{ all: true }` or `{ all: false, ids }` with tracker ids, client names or pod ids by level
 * (decision: the spec does not show the chosen targets' shape). `value` is numeric, in the metric's
 * unit (see AlertData). fireOn: weekly 1..5, monthly 1..31, ignored for everyday.
 */
export const alertFormSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      name: freeText("name", { required: ALERT_FORM_TEXTS.name }),
      level: z.enum(ALERT_LEVELS),
      target: z.discriminatedUnion("all", [
        z.object({ all: z.literal(true) }),
        z.object({
          all: z.literal(false),
          // Tracker or pod ids, or client names.
          ids: z.array(freeText("name")).min(1, ALERT_FORM_TEXTS.targets),
        }),
      ]),
      data: z.object({
        metric: z.enum(metricIds),
        metricName: freeText("name"),
        operator: z.enum(ALERT_OPERATORS),
        valueSet: z.enum(["manual", "budget"]),
        value: z.number().finite(),
        valueBudget: z.enum(ALERT_BUDGET_FIELDS),
      }),
      fireWhen: z.enum(FIRE_WHEN),
      fireOn: z.number().int().nullable(),
      additionalRecipients: z.array(
        z.object({ _id: z.string().max(100), name: freeText("name"), email: freeText({ max: 254 }) }),
      ),
      /** The account's alert channels (ids) also told, besides e-mail; absent on edit: unchanged. */
      channelIds: z.array(z.string().min(1).max(100)).max(MAX_ALERT_CHANNELS).optional(),
    })
    .superRefine((form, ctx) => {
      if (form.data.valueSet === "budget" && alertValueUnit(form.data.metric) !== "micros") {
        ctx.addIssue({
          code: "custom",
          path: ["data", "valueBudget"],
          message: ALERT_FORM_TEXTS.budgetNeedsMoneyMetric,
        });
      }
      const on = form.fireOn ?? 1;
      if (form.fireWhen === "weekly" && (on < 1 || on > 5)) {
        ctx.addIssue({ code: "custom", path: ["fireOn"], message: ALERT_FORM_TEXTS.fireOnWeekly });
      }
      if (form.fireWhen === "monthly" && (on < 1 || on > 31)) {
        ctx.addIssue({ code: "custom", path: ["fireOn"], message: ALERT_FORM_TEXTS.fireOnMonthly });
      }
    }),
);

/** The alert form's values. */
export type AlertForm = z.infer<typeof alertFormSchema>;

/**
 * A new alert's defaults (spec section 2.10): tracker level, all targets, metric actualSpend
 * ('Actual Spend'), operator isGreaterThan, manual value 0, valueBudget budget, everyday, fireOn 1
 * (Monday for weekly, the 1st for monthly), no extra recipients.
 */
export function defaultAlertForm(): AlertForm {
  return {
    name: "",
    level: "tracker",
    target: { all: true },
    data: {
      metric: "actualSpend",
      metricName: "Actual Spend",
      operator: "isGreaterThan",
      valueSet: "manual",
      value: 0,
      valueBudget: "budget",
    },
    fireWhen: "everyday",
    fireOn: 1,
    additionalRecipients: [],
  };
}

/** The kinds of alert channels besides e-mail: Slack incoming webhook, Teams Workflows webhook, signed webhook. */
export const ALERT_CHANNEL_KINDS = ["slack", "teams", "webhook"] as const;

/**
 * The kinds of alert history entries: a crossing, a clearing, a delivery sent or failed (an attempt
 * that will be retried, for channels), or a channel delivery given up and dead-lettered.
 */
export const ALERT_OUTCOMES = ["fired", "resolved", "sent", "failed", "dead-lettered"] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

/** Texts of the alert channel form. */
export const ALERT_CHANNEL_TEXTS = {
  name: "Please enter a name for the channel",
  url: "Please enter the channel's https URL",
} as const;

/**
 * The 'Alert channels' form (Admin only): kind, a name, and the URL deliveries are POSTed to
 * (https; the server checks it further with the SSRF guard: public host, port 443, no user info).
 */
export const alertChannelFormSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    kind: z.enum(ALERT_CHANNEL_KINDS),
    name: freeText("name", { required: ALERT_CHANNEL_TEXTS.name }),
    url: z
      .string()
      .trim()
      .min(1, ALERT_CHANNEL_TEXTS.url)
      .max(2000)
      .refine((v) => /^https:\/\//i.test(v), ALERT_CHANNEL_TEXTS.url),
  }),
);
export type AlertChannelForm = z.infer<typeof alertChannelFormSchema>;
