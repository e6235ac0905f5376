import { describe, expect, it } from "vitest";
import type { TrackerFlags } from "./row-state.ts";
import {
  isTrackerErrored,
  ROW_STATE_TEXTS,
  STALE_TEXTS,
  trackerRowState,
  trackerStaleness,
} from "./row-state.ts";

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
      stale: "Stale",
      updating: "Currently Updating",
      awaitingRefresh: "Awaiting data refresh",
      budgetUpdating: "Budget Updating",
    });
  });
});

describe("trackerRowState: the 'Stale' state (data freshness) sits after errors, before the spec's others", () => {
  const err = { title: "Failed", msg: "Token expired" };
  it.each<[string, TrackerFlags, string]>([
    ["a load error beats stale", { dataLoadFail: true, err }, "loadError"],
    [
      "stale beats an error hidden by a running update",
      { dataLoadFail: true, err, isUpdating: true },
      "stale",
    ],
    ["stale beats loading", { dataLoading: true }, "stale"],
    ["stale beats currently updating", { isUpdating: true }, "stale"],
    ["stale beats awaiting refresh", { requiresUpdate: true }, "stale"],
    ["stale beats budget updating", { isBudgetUpdating: true }, "stale"],
    ["stale on its own", {}, "stale"],
  ])("%s", (_rule, flags, state) => {
    expect(trackerRowState(flags, true)).toBe(state);
  });

  it("without staleness the spec's order is unchanged", () => {
    expect(trackerRowState({ isUpdating: true }, false)).toBe("updating");
    expect(trackerRowState({})).toBe("normal");
  });
});

describe("trackerStaleness: older than two refresh cycles", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();

  it("is fresh up to exactly two cycles and stale after", () => {
    expect(trackerStaleness({ lastRefreshedAt: hoursAgo(2) }, 1, now)).toBeNull();
    expect(trackerStaleness({ lastRefreshedAt: hoursAgo(2.01) }, 1, now)).not.toBeNull();
    expect(trackerStaleness({ lastRefreshedAt: hoursAgo(7) }, 4, now)).toBeNull();
    expect(trackerStaleness({ lastRefreshedAt: hoursAgo(9) }, 4, now)?.since).toBe(hoursAgo(9));
  });

  it("names the last failure after the last success as the cause", () => {
    const stale = trackerStaleness(
      {
        lastRefreshedAt: hoursAgo(5),
        lastFailedAt: hoursAgo(1),
        lastFailure: { title: "Refresh failed", msg: "Google Ads did not answer" },
      },
      1,
      now,
    );
    expect(stale).toEqual({
      since: hoursAgo(5),
      neverRefreshed: false,
      cause: { kind: "failure", at: hoursAgo(1), title: "Refresh failed", msg: "Google Ads did not answer" },
    });
  });

  it("ignores a failure older than the last success: no successful refresh since then", () => {
    const stale = trackerStaleness(
      { lastRefreshedAt: hoursAgo(5), lastFailedAt: hoursAgo(6), lastFailure: { msg: "old" } },
      1,
      now,
    );
    expect(stale?.cause).toEqual({ kind: "noSuccess", since: hoursAgo(5) });
  });

  it("a tracker never refreshed is stale two cycles after its creation", () => {
    expect(trackerStaleness({ createdAt: hoursAgo(1) }, 1, now)).toBeNull();
    expect(trackerStaleness({ createdAt: hoursAgo(3) }, 1, now)).toEqual({
      since: hoursAgo(3),
      neverRefreshed: true,
      cause: { kind: "noSuccess", since: hoursAgo(3) },
    });
  });

  it("a cycle that is not positive counts as one hour; no known time is never stale", () => {
    expect(trackerStaleness({ lastRefreshedAt: hoursAgo(3) }, 0, now)).not.toBeNull();
    expect(trackerStaleness({}, 1, now)).toBeNull();
  });

  it("has its texts", () => {
    expect(STALE_TEXTS.noSuccessSince("10/03/2026 09:00")).toBe(
      "No successful refresh since 10/03/2026 09:00",
    );
    expect(STALE_TEXTS.staleCount(1)).toBe("1 tracker stale");
    expect(STALE_TEXTS.staleCount(3)).toBe("3 trackers stale");
    expect(STALE_TEXTS.reportingLag("Google Ads", 3)).toBe(
      "Google Ads reports spend with a delay of up to 3 hours",
    );
  });
});
