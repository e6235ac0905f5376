/**
 * The column catalogue shared by the tracker, client, pod and shared-budget tables, Table Settings,
 * Column Ordering, the Metrics Explainer and the export; plus the column-order and page-size rules.
 * Spec: trackers.md section 2 (Tracker table, Column Ordering, Table Settings, page size), section 3
 * (column catalogue entry: id, name, description, formula, hideColumn) and section 9.
 */

/**
 * The id of a numeric column; each equals the field name of TrackerData it shows, except
 * "forecastRange", which shows two (forecastEomSpendLow and forecastEomSpendHigh).
 */
export type MetricColumnId =
  | "dailyBudget"
  | "budget"
  | "lastMonthBudget"
  | "percentageThroughBudget"
  | "adjustedPercentageThroughBudget"
  | "actualSpend"
  | "lifetimeBudget"
  | "percentageThroughLifetimeBudget"
  | "adjustedPercentageThroughLifetimeBudget"
  | "lifetimeSpend"
  | "percentageThroughMonth"
  | "lastMonthSpend"
  | "lastMonthOverUnderSpend"
  | "spendRemaining"
  | "yesterdaySpend"
  | "todaySpend"
  | "todaySpendRemaining"
  | "requiredDailySpend"
  | "endOfMonthEstSpend"
  | "actualClicks"
  | "cpc"
  | "actualImpressions"
  | "ctr"
  | "actualConversions"
  | "cvr"
  | "endOfMonthEstConversions"
  | "costPerConversion"
  | "actualRevenue"
  | "roas"
  | "forecastEomSpend"
  | "forecastRange"
  | "forecastVsBudgetPercentage"
  | "forecastLifetimeSpend"
  | "forecastVsLifetimeBudgetPercentage";

/** The metric columns that show one TrackerData field of the same name (all but "forecastRange"). */
export type TrackerFieldColumnId = Exclude<MetricColumnId, "forecastRange">;

/** Any column id: the identity columns (text) and the metric columns. */
export type ColumnId = "name" | "client" | "channel" | MetricColumnId;

/**
 * How a column's value is shown (trackers.md section 9, number formats):
 * - text: as is;
 * - money: whole currency units, with the currency symbol;
 * - money2: currency with two decimals (CPC, cost per conversion);
 * - count: whole number;
 * - percent: two decimals and '%' (percentages, CTR, CVR);
 * - roas: two decimals and an 'x' suffix;
 * - moneyRange: two money amounts, low to high (the forecast range; beyond the spec).
 */
export type ColumnFormat = "text" | "money" | "money2" | "count" | "percent" | "roas" | "moneyRange";

/**
 * Which budget a column belongs to for the N/A rules (trackers.md "Metric formulas"): "monthly"
 * columns show N/A on lifetime trackers, "lifetime" columns show N/A on the others; null = neither.
 */
export type NaGroup = "monthly" | "lifetime" | null;

/** One catalogue entry (trackers.md section 3: id, name, description, formula, hideColumn). */
export interface ColumnDef {
  id: ColumnId;
  /** Header text, as in the tracker table of the spec. */
  name: string;
  /** One sentence for the Metrics Explainer. */
  description: string;
  /** The formula in words, for the Metrics Explainer. */
  formula: string;
  /** Hidden by default (a user's preferences.tableColumns override it). */
  hideColumn: boolean;
  format: ColumnFormat;
  naGroup: NaGroup;
  /**
   * The value is an amount of money or a ratio of amounts, so a group mixing currencies cannot
   * show it (see aggregate.ts).
   */
  currencyDependent: boolean;
}

function col(
  id: ColumnId,
  name: string,
  format: ColumnFormat,
  description: string,
  formula: string,
  options: { hidden?: boolean; naGroup?: NaGroup; currency?: boolean } = {},
): ColumnDef {
  return {
    id,
    name,
    description,
    formula,
    hideColumn: options.hidden ?? false,
    format,
    naGroup: options.naGroup ?? null,
    currencyDependent:
      options.currency ?? (format === "money" || format === "money2" || format === "moneyRange"),
  };
}

const monthly = { naGroup: "monthly" } as const;
const lifetime = { naGroup: "lifetime", hidden: true } as const;
const performance = { hidden: true } as const;

/**
 * The forecast columns (beyond the spec; forecast.ts): hidden by default, after the spec's columns
 * so the spec's default order stays as it is. "P10-P90" = the 10th to 90th percentile.
 */
const FORECAST_COLUMNS: readonly ColumnDef[] = [
  col(
    "forecastEomSpend",
    "Forecast EOM Spend",
    "money",
    "Where this month's spend is forecast to land, from the tracker's own daily spend: weekday-aware, recent days weighted.",
    "Actual Spend + a forecast of each day left (today: the larger of its spend so far and its forecast); a day's forecast = the recent daily level (weighted over the last 3.5, 7 or 28 days, whichever forecast the tracker's past weeks best) x its weekday index. With under 14 days of history: Actual Spend / days elapsed x days in the month (run-rate). Groups: the sum of their trackers'",
    { hidden: true },
  ),
  col(
    "forecastRange",
    "Forecast Range",
    "moneyRange",
    "The range this month's spend should land in 8 times out of 10 (P10 to P90).",
    "Actual Spend + the forecast of the days left x the 10th and 90th percentiles of the tracker's own past forecast errors over as many days (under 14 days of history: the spread of its daily spend). Groups: the sum of their trackers' P10s to the sum of their P90s, a deliberately wide (conservative) range",
    { hidden: true },
  ),
  col(
    "forecastVsBudgetPercentage",
    "Forecast vs Budget %",
    "percent",
    "The month's forecast spend against the budget: over 100% means the budget is forecast to be overspent.",
    "Forecast EOM Spend / Budget x 100 (groups: their monthly trackers' forecasts / their budgets)",
    { ...monthly, hidden: true, currency: true },
  ),
  col(
    "forecastLifetimeSpend",
    "Forecast Lifetime Spend",
    "money",
    "Where the lifetime spend is forecast to land on the lifetime end date.",
    "Lifetime Spend + a forecast of each day left to the end date (the month end when there is none), as for Forecast EOM Spend",
    lifetime,
  ),
  col(
    "forecastVsLifetimeBudgetPercentage",
    "Forecast vs Lifetime Budget %",
    "percent",
    "The lifetime forecast against the lifetime budget: over 100% means it is forecast to be overspent.",
    "Forecast Lifetime Spend / Lifetime Budget x 100",
    { ...lifetime, currency: true },
  ),
];

/**
 * The catalogue in the tracker table's default order (trackers.md section 2, Tracker table).
 * Names follow the tracker table; the pods table spells two of them 'EOM Est. Spend' and 'Cost per
 * Conversion'. The Favourite (star) and Manage columns are controls, not data, so they are not here.
 * The spec notes the original ROAS column read the ctr field; this catalogue reads roas.
 * The forecast columns follow the spec's ({@link FORECAST_COLUMNS}).
 */
export const COLUMNS: readonly ColumnDef[] = [
  col("name", "Name", "text", "The tracker's name.", "Set by the user"),
  col("client", "Client", "text", "The client the tracker belongs to.", "Set by the user"),
  col(
    "channel",
    "Channel",
    "text",
    "The advertising platform the tracker reads.",
    "The connection's platform",
  ),
  col(
    "dailyBudget",
    "Daily Budget",
    "money",
    "The budget for one day this month.",
    "Monthly budget / days in the month (weekdays only with Weekdays Only); adjusted when an over/under spend adjustment applies",
    monthly,
  ),
  col(
    "budget",
    "Budget",
    "money",
    "The budget for the current month.",
    "Manual, future or platform budget (daily budget x days in the month for a daily budget), less any over/under spend adjustment",
    monthly,
  ),
  col(
    "lastMonthBudget",
    "Last Month Budget",
    "money",
    "Last month's budget, from the tracker's historic data.",
    "The budget of the sixth (latest) historic data month",
    { hidden: true },
  ),
  col(
    "percentageThroughBudget",
    "% Through Budget",
    "percent",
    "How much of this month's budget has been spent.",
    "Actual Spend / Budget x 100",
    { ...monthly, currency: true },
  ),
  col(
    "adjustedPercentageThroughBudget",
    "% Adj. Through Budget",
    "percent",
    "Spend against the budget pro-rated to the days gone, so 100% means on pace.",
    "Actual Spend / (Daily Budget x days gone, first of the month to tomorrow inclusive) x 100",
    { ...monthly, hidden: true, currency: true },
  ),
  col(
    "actualSpend",
    "Actual Spend",
    "money",
    "Spend this month so far, today included.",
    "Sum of daily spend from the first of the month to today",
  ),
  col(
    "lifetimeBudget",
    "Lifetime Budget",
    "money",
    "The budget for the tracker's whole lifetime date range.",
    "Set by the user",
    lifetime,
  ),
  col(
    "percentageThroughLifetimeBudget",
    "% Through Lifetime Budget",
    "percent",
    "How much of the lifetime budget has been spent.",
    "Lifetime Spend / Lifetime Budget x 100",
    { ...lifetime, currency: true },
  ),
  col(
    "adjustedPercentageThroughLifetimeBudget",
    "% Adj. Through Lifetime Budget",
    "percent",
    "Lifetime spend against the lifetime budget pro-rated to the days of the range gone.",
    "Lifetime Spend / (Lifetime Budget x days gone in the range / days in the range) x 100",
    { ...lifetime, currency: true },
  ),
  col(
    "lifetimeSpend",
    "Lifetime Spend",
    "money",
    "Spend from the lifetime start date to the end date or today.",
    "Sum of daily spend within the lifetime date range, up to today",
    lifetime,
  ),
  col(
    "percentageThroughMonth",
    "% Through Month",
    "percent",
    "How far through the month we are, counting tomorrow as gone.",
    "Days gone (first of the month to tomorrow inclusive) / days in the month x 100; weekdays only with Weekdays Only",
    { hidden: true },
  ),
  col("lastMonthSpend", "Last Month Spend", "money", "Spend last month.", "Last month's actual spend"),
  col(
    "lastMonthOverUnderSpend",
    "Last Month Over/Under Spend",
    "money",
    "How far last month's spend was over (positive) or under (negative) its budget.",
    "Last Month Spend - Last Month Budget",
  ),
  col(
    "spendRemaining",
    "Spend Remaining",
    "money",
    "Budget left to spend this month.",
    "max(0, Budget - Actual Spend)",
    monthly,
  ),
  col("yesterdaySpend", "Yesterday Spend", "money", "Spend yesterday.", "Yesterday's daily spend"),
  col("todaySpend", "Today Spend", "money", "Spend today so far.", "Today's daily spend"),
  col(
    "todaySpendRemaining",
    "Today Spend Remaining",
    "money",
    "Daily budget left today (negative when over).",
    "Daily Budget - Today Spend",
    monthly,
  ),
  col(
    "requiredDailySpend",
    "Required Daily Spend",
    "money",
    "What must be spent each day, today included, to reach the budget by the month end.",
    "Spend Remaining / days left from today to the month end",
    monthly,
  ),
  col(
    "endOfMonthEstSpend",
    "EOM est. Spend",
    "money",
    "Estimated spend by the end of the month if the daily budget is spent each remaining day.",
    "Actual Spend + Daily Budget x days after today",
    monthly,
  ),
  col("actualClicks", "Clicks", "count", "Clicks this month.", "Sum of daily clicks this month", performance),
  col("cpc", "CPC", "money2", "Average cost per click this month.", "Actual Spend / Clicks", performance),
  col(
    "actualImpressions",
    "Impressions",
    "count",
    "Impressions this month.",
    "Sum of daily impressions this month",
    performance,
  ),
  col("ctr", "CTR", "percent", "Click-through rate this month.", "Clicks / Impressions x 100", performance),
  col(
    "actualConversions",
    "Conversions",
    "count",
    "Conversions this month.",
    "Sum of daily conversions this month",
    performance,
  ),
  col("cvr", "CVR", "percent", "Conversion rate this month.", "Conversions / Clicks x 100", performance),
  col(
    "endOfMonthEstConversions",
    "EOM est. Conversions",
    "count",
    "Estimated conversions by the end of the month at this month's daily average.",
    "Conversions + (Conversions / days elapsed this month) x days after today",
    performance,
  ),
  col(
    "costPerConversion",
    "Cost per Conversions",
    "money2",
    "Average cost of one conversion this month.",
    "Actual Spend / Conversions",
    performance,
  ),
  col(
    "actualRevenue",
    "Revenue",
    "money",
    "Revenue this month.",
    "Sum of daily revenue this month",
    performance,
  ),
  col(
    "roas",
    "ROAS",
    "roas",
    "Return on ad spend: revenue per unit of spend this month.",
    "Revenue / Actual Spend",
    { ...performance, currency: true },
  ),
  ...FORECAST_COLUMNS,
];

const byId = new Map<string, ColumnDef>(COLUMNS.map((c) => [c.id, c]));

/** The metric (numeric) columns, in catalogue order. */
export const METRIC_COLUMNS: readonly (ColumnDef & { id: MetricColumnId })[] = COLUMNS.filter(
  (c): c is ColumnDef & { id: MetricColumnId } => c.format !== "text",
);

const metricIds = new Set<string>(METRIC_COLUMNS.map((c) => c.id));

/** Whether `id` is a metric (numeric) column of the catalogue. */
export function isMetricColumnId(id: string): id is MetricColumnId {
  return metricIds.has(id);
}

/** Whether `id` is a column of the catalogue. */
export function isColumnId(id: string): id is ColumnId {
  return byId.has(id);
}

/** The catalogue entry of a column. @throws RangeError for an unknown id. */
export function columnDef(id: string): ColumnDef {
  const def = byId.get(id);
  if (!def) throw new RangeError(`Unknown column: ${JSON.stringify(id)}`);
  return def;
}

/**
 * Applies the account's columnsOrder (trackers.md section 2, Column Ordering): the first `fixed`
 * (2) columns of `columns` keep their place; the others follow in the order columnsOrder lists them;
 * columns it does not list are appended in their default order. Unknown ids, duplicates and the ids
 * of the fixed columns inside columnsOrder are ignored. `columnsOrder` items may be ids or `{ id }`
 * objects (the shape the update-column-ordering call sends).
 */
export function orderColumns<T extends { id: string }>(
  columns: readonly T[],
  columnsOrder: readonly (string | { id: string })[] | null | undefined,
  fixed = 2,
): T[] {
  const head = columns.slice(0, fixed);
  const rest = new Map(columns.slice(fixed).map((c) => [c.id, c]));
  const ordered: T[] = [...head];
  for (const item of columnsOrder ?? []) {
    const id = typeof item === "string" ? item : item.id;
    const c = rest.get(id);
    if (c) {
      ordered.push(c);
      rest.delete(id);
    }
  }
  ordered.push(...rest.values());
  return ordered;
}

/** A user's saved column setting (preferences.tableColumns item). */
export interface TableColumnPreference {
  id: string;
  hideColumn: boolean;
}

/**
 * The catalogue with a user's visibility preferences applied (trackers.md section 2: "Per-user
 * preferences (preferences.tableColumns, list of id and hideColumn) hide or show columns; each
 * column has a default hidden setting"). Preferences for unknown ids are ignored. The result has
 * the preferences.tableColumns item shape (id, name, description, formula, hideColumn).
 */
export function columnsWithPreferences(
  preferences: readonly TableColumnPreference[] | null | undefined,
  columns: readonly ColumnDef[] = COLUMNS,
): ColumnDef[] {
  const hidden = new Map((preferences ?? []).map((p) => [p.id, p.hideColumn]));
  return columns.map((c) => ({ ...c, hideColumn: hidden.get(c.id) ?? c.hideColumn }));
}

/**
 * Columns whose name contains `query`, case-insensitively (Table Settings 'Search columns',
 * Metrics Explainer 'Search Metrics'). An empty query matches all.
 */
export function searchColumns(query: string, columns: readonly ColumnDef[] = COLUMNS): ColumnDef[] {
  const q = query.trim().toLowerCase();
  return q ? columns.filter((c) => c.name.toLowerCase().includes(q)) : [...columns];
}

/**
 * The Metrics Explainer's search (trackers.md section 2: a searchable list of metric names,
 * descriptions and formulas): case-insensitive on all three, e.g. 'clicks' finds CTR by its formula.
 */
export function searchMetrics(query: string, columns: readonly ColumnDef[] = COLUMNS): ColumnDef[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...columns];
  return columns.filter((c) =>
    [c.name, c.description, c.formula].some((text) => text?.toLowerCase().includes(q)),
  );
}

/** Page size and whether pagination shows, for a table of `rowCount` rows. */
export interface PageSizing {
  pageSize: 10 | 20 | 50 | 100;
  /** Pagination shows only above 100 rows. */
  paginate: boolean;
}

/**
 * The table page-size rule (trackers.md sections 2 and 9): 10 rows up to 10, 20 over 10, 50 over 20,
 * 100 over 50; pagination only above 100 rows. The historic and future budget tables use
 * {@link SMALL_TABLE_PAGING} instead.
 */
export function tablePageSize(rowCount: number): PageSizing {
  const pageSize = rowCount > 50 ? 100 : rowCount > 20 ? 50 : rowCount > 10 ? 20 : 10;
  return { pageSize, paginate: rowCount > 100 };
}

/** Historic Data and Future Budgets tables: page size 10, no pagination (trackers.md section 9). */
export const SMALL_TABLE_PAGING: PageSizing = { pageSize: 10, paginate: false };
