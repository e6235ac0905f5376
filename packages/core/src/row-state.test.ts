import { describe, expect, it } from "vitest";
import type { TrackerFlags } from "./row-state.ts";
import { isTrackerErrored, ROW_STATE_TEXTS, trackerRowState } from "./row-state.ts";

describe("trackerRowState: display priority (trackers.md section 2, Tracker row states)", () => {
  const err = { title: "Failed", msg: "Token expired" };
  it.each<[string, TrackerFlags, string]>([
    ["a data load failure is a load error", { dataLoadFail: true, err }, "loadError"],
    ["a budget load failure is a load error", { budgetLoadFail: true, err }, "loadError"],
    ["the error hides while an update runs", { dataLoadFail: true, err, isUpdating: true }, "updating"],
    [
      "the error hides while a budget update runs",
      { dataLoadFail: true, err, isBudgetUpdating: true },
      "budgetUpdating",
    ],
    ["loading beats updating", { dataLoading: true, isUpdating: true }, "loading"],
    ["updating beats awaiting refresh", { isUpdating: true, requiresUpdate: true }, "updating"],
    [
      "awaiting refresh beats budget updating",
      { requiresUpdate: true, isBudgetUpdating: true },
      "awaitingRefresh",
    ],
    ["budget updating", { isBudgetUpdating: true }, "budgetUpdating"],
    ["no flags: normal", {}, "normal"],
  ])("%s", (_rule, flags, state) => {
    expect(trackerRowState(flags)).toBe(state);
  });

  it("is in error when data or budget failed to load (trackers.md section 3)", () => {
    expect(isTrackerErrored({ dataLoadFail: true })).toBe(true);
    expect(isTrackerErrored({ budgetLoadFail: true })).toBe(true);
    expect(isTrackerErrored({ requiresUpdate: true })).toBe(false);
  });

  it("has the spec's texts", () => {
    expect(ROW_STATE_TEXTS).toEqual({
      updating: "Currently Updating",
      awaitingRefresh: "Awaiting data refresh",
      budgetUpdating: "Budget Updating",
    });
  });
});
