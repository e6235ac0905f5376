import type { HistoricDataInput } from "@pacer/core/budget";
import { addDays, budgetCalendar } from "@pacer/core/calendar";
import { computeTrackerData, type DailyRow } from "@pacer/core/tracker-data";
import type { TrackerView } from "../types";

/** Tests only: "now" of the builders, 15 April 2024 at 15:00 in London. */
export const TEST_NOW = new Date("2024-04-15T14:00:00Z");
const UNIT = 1_000_000;

let counter = 0;

/**
 * A tracker as the list call answers it (every field of the API contract's list view), with figures
 * from the engine (as the server stores them):
 * a manual monthly budget and a daily spend from the first of the month to today; `historicData`
 * records budgets (and spends) of earlier months (none by default: those months have no budget).
 */
export function aTracker(
  overrides: Partial<TrackerView> & {
    budget?: number;
    dailySpend?: number;
    slug?: string;
    historicData?: HistoricDataInput[];
  } = {},
): TrackerView {
  counter += 1;
  const {
    budget = 3000 * UNIT,
    dailySpend = 100 * UNIT,
    slug = "googleads",
    historicData = [],
    ...fields
  } = overrides;
  const calendar = budgetCalendar(TEST_NOW, "Europe/London");
  const rows: DailyRow[] = [];
  for (let d = calendar.monthStart; d <= calendar.today; d = addDays(d, 1))
    rows.push({
      date: d,
      spendMicros: dailySpend,
      impressions: 1000,
      clicks: 40,
      conversions: 2,
      revenueMicros: dailySpend * 3,
    });
  const data = computeTrackerData({
    settings: {
      automatedBudget: false,
      manualBudgetValue: budget,
      budgetPeriod: "month",
      historicData,
      ...settingsOf(fields),
    },
    rows,
    now: TEST_NOW,
    timeZone: "Europe/London",
  });
  return {
    _id: `t${counter}`,
    name: `Tracker ${counter}`,
    client: "Acme",
    podId: null,
    podName: null,
    sharedBudgetId: null,
    currency: "GBP",
    timeZone: "Europe/London",
    automatedBudget: false,
    manualBudgetValue: budget,
    budgetPeriod: "month",
    weekdaysOnly: false,
    lifetimeBudget: null,
    lifetimeBudgetDates: null,
    useLifetimeBudgetAsPrimary: false,
    lastMonthOverUnderSpendIncludedInBudgetCalc: false,
    lastSixMonthsOverUnderSpendIncludedInBudgetCalc: false,
    previousOverUnderSpend: null,
    requiresUpdate: false,
    associatedUsers: [],
    dataSource: {
      integration: { name: "Google Ads", slug, email: "ads@acme.test" },
      view: { id: `${counter}`, name: "View" },
    },
    dataLoading: false,
    isUpdating: false,
    isBudgetUpdating: false,
    dataLoadFail: false,
    budgetLoadFail: false,
    err: null,
    platformBudget: null,
    data,
    dataComputedAt: null,
    lastRefreshedAt: null,
    lastFailedAt: null,
    lastFailure: null,
    reportingLagHours: null,
    // created just now (real time): fresh, whatever "now" a test passes
    createdAt: new Date().toISOString(),
    version: 1,
    ...fields,
  };
}

function settingsOf(fields: Partial<TrackerView>) {
  return {
    ...(fields.lastSixMonthsOverUnderSpendIncludedInBudgetCalc
      ? { lastSixMonthsOverUnderSpendIncludedInBudgetCalc: true }
      : {}),
    ...(fields.lastMonthOverUnderSpendIncludedInBudgetCalc
      ? { lastMonthOverUnderSpendIncludedInBudgetCalc: true }
      : {}),
    ...(fields.useLifetimeBudgetAsPrimary ? { useLifetimeBudgetAsPrimary: true } : {}),
    ...(fields.lifetimeBudget != null
      ? { lifetimeBudget: fields.lifetimeBudget, lifetimeBudgetDates: fields.lifetimeBudgetDates ?? null }
      : {}),
  };
}
