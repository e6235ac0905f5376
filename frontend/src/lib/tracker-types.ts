import type { TrackerData } from "@pacer/core/tracker-data";
import type { BudgetPeriod } from "@pacer/core/types";
import type { UserType } from "./auth";

/**
 * A tracker as the tracker calls answer it (spec trackers.md section 3). Money is integer micros.
 * `data` holds the engine's figures computed by the server (the list answer leaves out
 * `data.historicData`); null before the first computation.
 */
export interface TrackerView {
  _id: string;
  name: string;
  client: string;
  podId: string | null;
  podName: string | null;
  sharedBudgetId: string | null;
  currency: string;
  currencySet?: boolean;
  timeZone: string;
  automatedBudget: boolean;
  platformBudget?: { amount: number; period: BudgetPeriod } | null;
  manualBudgetValue: number | null;
  budgetPeriod: BudgetPeriod;
  weekdaysOnly: boolean;
  lifetimeBudget: number | null;
  lifetimeBudgetDates: { startDate: string; endDate: string | null } | null;
  useLifetimeBudgetAsPrimary: boolean;
  lastMonthOverUnderSpendIncludedInBudgetCalc: boolean;
  lastSixMonthsOverUnderSpendIncludedInBudgetCalc: boolean;
  previousOverUnderSpend: number | null;
  requiresUpdate: boolean;
  associatedUsers: AssociatedUser[];
  dataSource: DataSource;
  dataLoading?: boolean;
  isUpdating?: boolean;
  isBudgetUpdating?: boolean;
  dataLoadFail?: boolean;
  budgetLoadFail?: boolean;
  err?: { title?: string; msg?: string } | null;
  data: TrackerListData | null;
  /** When the tracker was created (ISO): the freshness reference before its first refresh. */
  createdAt?: string;
  /** Last successful data refresh (ISO); null before the first. */
  lastRefreshedAt?: string | null;
  /** Last failed refresh attempt (ISO) and what it said. */
  lastFailedAt?: string | null;
  lastFailure?: { title?: string; msg?: string } | null;
  /** The platform's reporting lag in hours; null when unknown. */
  reportingLagHours?: number | null;
  version?: number;
}

/** The figures of a list answer: TrackerData, historicData only in the detail answer. */
export type TrackerListData = Omit<TrackerData, "historicData"> & Partial<Pick<TrackerData, "historicData">>;

/** The connection and platform account a tracker reads (spec section 3, dataSource). */
export interface DataSource {
  integration: { name?: string; slug: string; email?: string; avatar?: string; metaData?: unknown };
  /** The platform account as listed: currency and time zone are kept since the view is stored whole. */
  view: { id: string; name?: string; currency?: string; timeZone?: string; metaData?: unknown };
}

/** A user attached to a tracker (spec: _id, name, userType, email, avatar). */
export interface AssociatedUser {
  _id: string;
  name: string;
  userType: UserType;
  email: string;
  avatar?: string | null;
}

/** A note on a tracker (spec: id, senderId, date, type, text, title, avatar). */
export interface TrackerMessage {
  id: string;
  senderId: string;
  date: string;
  type: string;
  text: string;
  title: string;
  avatar?: string | null;
}

/** A tracker filter (spec section 3, Filter). */
export interface TrackerFilter {
  id: string;
  name: string;
  type: "multipleChoice" | "textBoxStringFilter";
  integration?: string;
  selection: FilterSelection[];
  possibleValues?: { id: string; name: string }[];
  maxSelection?: number | null;
  disabled?: boolean;
  descriptionText?: string;
  dataLoadFail?: boolean;
  err?: string | { msg?: string } | null;
  filterLoading?: boolean;
  filterValuesLoading?: boolean;
}

/** One selected filter value; a text-box filter carries applyFilter and filterString. */
export interface FilterSelection {
  id: string;
  name: string;
  applyFilter?: boolean;
  filterString?: string;
}

/** A stored future budget: budget in micros or false, period or false (both false = reset). */
export interface FutureBudgetEntry {
  month: string;
  budget: number | false;
  budgetPeriod: BudgetPeriod | false;
}

/** The detail answer of get-tracker and of every update call. */
export interface TrackerDetail extends TrackerView {
  historicData: { month: string; budget: number | null; actualSpend: number }[];
  futureBudgets: FutureBudgetEntry[];
  filters: TrackerFilter[];
  messages?: TrackerMessage[];
}
