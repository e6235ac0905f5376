import type { GroupData, TrackerRow } from "./aggregate.ts";
import type { MetricColumnId, TrackerFieldColumnId } from "./columns.ts";
import { columnDef } from "./columns.ts";

/**
 * What one table cell holds: a number, or N/A with the reason. Spec: trackers.md "Metric formulas"
 * (the N/A rules: "lifetime trackers show N/A for monthly and daily figures, non-lifetime show N/A
 * for lifetime figures; errored trackers show N/A everywhere") and section 2 (Tracker row states).
 * Tables, the export and alerts all read cells through {@link cellValue}, so the rules live here once.
 */

/**
 * Why a cell shows N/A:
 * - errored: the tracker's data or budget failed to load (for a group: every tracker in it did);
 * - lifetimePrimary: a monthly budget figure of a tracker whose primary budget is lifetime;
 * - notLifetime: a lifetime figure of a tracker whose primary budget is monthly;
 * - multiCurrency: a money figure of a group that mixes currencies;
 * - noBudget: the over/under spend of a month without a recorded budget;
 * - noForecast: a forecast column with no forecast to show: figures stored before forecasts existed
 *   (until the tracker's next computation), or, for the range, fewer than two days with spend
 *   (forecast.ts). A group shows it when any of its included trackers does.
 */
export type NaReason =
  | "errored"
  | "lifetimePrimary"
  | "notLifetime"
  | "multiCurrency"
  | "noBudget"
  | "noForecast";

/**
 * A cell: `{ kind: "value", value }` in the column's unit (micros, percent, count, ratio); N/A with
 * its reason; or `{ kind: "none" }`, a budget that was never recorded (last month's budget of a
 * tracker that had none, e.g. a month before the tracker existed), shown as '-'.
 * The range column ('Forecast Range') also carries `range`, its low and high ends in micros, with
 * `value` = the low end (what it sorts and compares by).
 */
export type CellValue =
  | { kind: "value"; value: number; range?: { low: number; high: number } }
  | { kind: "na"; reason: NaReason }
  | { kind: "none" };

/** A row of any table: a tracker row or a group row (client, pod, shared budget). */
export type TableRow = TrackerRow | GroupData;

const GROUP_FIELDS = new Set<MetricColumnId>([
  "actualClicks",
  "actualImpressions",
  "actualConversions",
  "endOfMonthEstConversions",
  "ctr",
  "cvr",
  "percentageThroughMonth",
]);

function na(reason: NaReason): CellValue {
  return { kind: "na", reason };
}

const NO_BUDGET: CellValue = { kind: "none" };

/**
 * A figure's cell. The engine gives null for the figures of a month without a recorded budget: the
 * budget itself is none ('-'), a figure derived from it (the over/under spend) is N/A.
 */
function figure(columnId: MetricColumnId, value: number | null): CellValue {
  if (value !== null) return { kind: "value", value };
  return columnId === "lastMonthBudget" ? NO_BUDGET : na("noBudget");
}

/** The forecast columns (forecast.ts), N/A with reason noForecast when there is no forecast. */
const FORECAST_FIELDS = new Set<MetricColumnId>([
  "forecastEomSpend",
  "forecastRange",
  "forecastVsBudgetPercentage",
  "forecastLifetimeSpend",
  "forecastVsLifetimeBudgetPercentage",
]);

function rangeCell(known: boolean, low: number, high: number): CellValue {
  return known ? { kind: "value", value: low, range: { low, high } } : na("noForecast");
}

function isGroup(row: TableRow): row is GroupData {
  return "trackerCount" in row;
}

/**
 * The value of a metric column in a tracker or group row, applying the N/A rules in this order:
 * errored, then lifetime vs monthly, then (groups) multi-currency, then no recorded budget (last
 * month's budget none, its over/under spend N/A: see {@link CellValue}). A group shows
 * lifetimePrimary / notLifetime only when none of its included trackers has that kind of budget;
 * counts, CTR, CVR and % through month of a multi-currency group are still values.
 * @throws RangeError for an unknown column id.
 */
export function cellValue(row: TableRow, columnId: MetricColumnId): CellValue {
  const def = columnDef(columnId);
  if (isGroup(row)) {
    if (row.trackerCount > 0 && row.erroredCount === row.trackerCount) return na("errored");
    if (def.naGroup === "monthly" && row.monthlyCount === 0 && row.lifetimeCount > 0) {
      return na("lifetimePrimary");
    }
    if (def.naGroup === "lifetime" && row.lifetimeCount === 0 && row.monthlyCount > 0)
      return na("notLifetime");
    if (GROUP_FIELDS.has(columnId))
      return { kind: "value", value: row[columnId as keyof GroupData] as number };
    if (!row.money) return na("multiCurrency");
    if (FORECAST_FIELDS.has(columnId)) {
      if (row.forecastUnavailableCount > 0) return na("noForecast");
      if (columnId === "forecastRange") {
        const m = row.money;
        return rangeCell(
          row.forecastRangeUnavailableCount === 0,
          m.forecastEomSpendLow,
          m.forecastEomSpendHigh,
        );
      }
    }
    return figure(columnId, row.money[columnId as keyof typeof row.money] as number | null);
  }
  if (row.errored) return na("errored");
  if (def.naGroup === "monthly" && row.data.primary === "lifetime") return na("lifetimePrimary");
  if (def.naGroup === "lifetime" && row.data.primary === "monthly") return na("notLifetime");
  if (FORECAST_FIELDS.has(columnId)) {
    const d = row.data;
    if (d.forecastMethod === "none") return na("noForecast");
    if (columnId === "forecastRange") {
      return rangeCell(d.forecastRangeMethod !== "none", d.forecastEomSpendLow, d.forecastEomSpendHigh);
    }
  }
  return figure(columnId, row.data[columnId as TrackerFieldColumnId]);
}

const PERCENT_OF_BUDGET = new Set<MetricColumnId>([
  "percentageThroughBudget",
  "adjustedPercentageThroughBudget",
  "percentageThroughLifetimeBudget",
  "adjustedPercentageThroughLifetimeBudget",
  "forecastVsBudgetPercentage",
  "forecastVsLifetimeBudgetPercentage",
]);

/** Forecast money columns, styled by their percentage of budget. */
const FORECAST_PERCENT: Partial<Record<MetricColumnId, MetricColumnId>> = {
  forecastEomSpend: "forecastVsBudgetPercentage",
  forecastLifetimeSpend: "forecastVsLifetimeBudgetPercentage",
};

/** How a cell is styled: "negative" (over budget, red) or "normal". */
export type CellTone = "negative" | "normal";

/**
 * The over-budget styling rule (trackers.md section 9; pods-budgets-alerts-users-connections.md
 * section 9): a percentage of budget over 100 is negative; a last-month over/under spend above 0 is
 * negative; the end-of-month estimate is negative when it exceeds the row's budget (the adjusted
 * budget when an over/under adjustment applies, which is what `budget` holds). N/A and '-' cells are
 * normal.
 * Beyond the spec, the same for the forecasts: a forecast percentage of budget over 100 is negative,
 * and so is the forecast spend next to it (Forecast EOM Spend, Forecast Lifetime Spend).
 */
export function cellTone(row: TableRow, columnId: MetricColumnId): CellTone {
  const cell = cellValue(row, columnId);
  if (cell.kind !== "value") return "normal";
  if (PERCENT_OF_BUDGET.has(columnId)) return cell.value > 100 ? "negative" : "normal";
  const percent = FORECAST_PERCENT[columnId];
  if (percent) return cellTone(row, percent);
  if (columnId === "lastMonthOverUnderSpend") return cell.value > 0 ? "negative" : "normal";
  if (columnId === "endOfMonthEstSpend") {
    const budget = cellValue(row, "budget");
    return budget.kind === "value" && cell.value > budget.value ? "negative" : "normal";
  }
  return "normal";
}
