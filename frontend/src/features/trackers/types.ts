import type { TrackerData } from "@pacer/core/tracker-data";
import type { Answer } from "@pacer/functions/contract";

/** The tracker list's answer (the API contract, functions/contract/trackers.ts). */
type TrackerListAnswer = Answer<"GET /api/trackers/get-trackers-by-account/{accountId}">;
/** The single tracker's answer (the API contract). */
type TrackerDetailAnswer = Answer<"GET /api/tracker/get-tracker/{id}">;

/** The figures of a list answer: TrackerData, historicData only in the detail answer. */
export type TrackerListData = Omit<TrackerData, "historicData"> & Partial<Pick<TrackerData, "historicData">>;

/**
 * A tracker as the tracker calls answer it (spec trackers.md section 3), typed by the API contract.
 * Money is integer micros. `data` holds the engine's figures computed by the server (the list
 * answer leaves out `data.historicData`), typed by `@pacer/core`'s TrackerData; null before the
 * first computation.
 */
export type TrackerView = Omit<TrackerListAnswer["trackers"][number], "data"> & {
  data: TrackerListData | null;
};

/** The connection and platform account a tracker reads (spec section 3, dataSource). */
export type DataSource = TrackerView["dataSource"];

/** A user attached to a tracker (spec: _id, name, userType, email, avatar). */
export type AssociatedUser = TrackerView["associatedUsers"][number];

/** A note on a tracker (spec: id, senderId, date, type, text, title, avatar). */
export type TrackerMessage = NonNullable<TrackerDetailAnswer["tracker"]["messages"]>[number];

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
export type FutureBudgetEntry = TrackerDetailAnswer["tracker"]["futureBudgets"][number];

/** The detail answer of get-tracker and of every update call (the API contract). */
export type TrackerDetail = Omit<TrackerDetailAnswer["tracker"], "data" | "filters"> & {
  data: TrackerListData | null;
  filters: TrackerFilter[];
};
