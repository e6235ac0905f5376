import { describe, expect, it } from "vitest";
import { aTracker } from "../../../../testing/a-tracker";
import { clientGroups, type TrackerTableRow, trackerTableRow } from "./rows";
import { sortDashboardRows, sortKey } from "./sort";

const UNIT = 1_000_000;

const names = (rows: readonly { kind: string }[]) => rows.map((r) => (r as TrackerTableRow).tracker.name);

describe("dashboard sorting", () => {
  const low = trackerTableRow(aTracker({ name: "beta", dailySpend: 10 * UNIT, client: "Zed" }));
  const high = trackerTableRow(aTracker({ name: "Alpha", dailySpend: 90 * UNIT, client: "Acme" }));
  const mid = trackerTableRow(aTracker({ name: "gamma", dailySpend: 50 * UNIT, client: "Acme" }));
  const broken = trackerTableRow(
    aTracker({ name: "Delta", dataLoadFail: true, err: { msg: "Please reconnect" }, client: "Zed" }),
  );
  const rows = [low, high, broken, mid];

  it("sorts by a metric's engine value in either direction, N/A last both ways", () => {
    expect(names(sortDashboardRows(rows, { id: "actualSpend", desc: true }))).toEqual([
      "Alpha",
      "gamma",
      "beta",
      "Delta",
    ]);
    expect(names(sortDashboardRows(rows, { id: "actualSpend", desc: false }))).toEqual([
      "beta",
      "gamma",
      "Alpha",
      "Delta",
    ]);
    // The figure compared is the cell's own unit (micros of spend here).
    expect(sortKey(high, "actualSpend")).toBe(high.row?.data.actualSpend);
    expect(sortKey(broken, "actualSpend")).toBeNull();
  });

  it("sorts text columns ignoring case, and keeps the given order for equal keys and without a sort", () => {
    expect(names(sortDashboardRows(rows, { id: "name", desc: false }))).toEqual([
      "Alpha",
      "beta",
      "Delta",
      "gamma",
    ]);
    expect(names(sortDashboardRows(rows, { id: "client", desc: false }))).toEqual([
      "Alpha",
      "gamma",
      "beta",
      "Delta",
    ]);
    expect(sortDashboardRows(rows, null)).toBe(rows);
    expect(names(rows)).toEqual(["beta", "Alpha", "Delta", "gamma"]);
  });

  it("sorts client groups by their aggregate and each group's trackers inside it", () => {
    const groups = clientGroups([low, high, mid, broken]);
    const sorted = sortDashboardRows(groups, { id: "actualSpend", desc: true });
    expect(sorted.map((g) => (g.kind === "group" ? g.label : ""))).toEqual(["Acme", "Zed"]);
    const acme = sorted[0];
    expect(acme?.kind === "group" && names(acme.subRows)).toEqual(["Alpha", "gamma"]);
    // The same order twice gives the same group object (rows stay memoised).
    expect(sortDashboardRows(groups, { id: "actualSpend", desc: true })[0]).toBe(acme);
    const byLabel = sortDashboardRows(groups, { id: "group", desc: true });
    expect(byLabel.map((g) => (g.kind === "group" ? g.label : ""))).toEqual(["Zed", "Acme"]);
    expect(names(byLabel.flatMap((g) => (g.kind === "group" ? g.subRows : [])))).toEqual([
      "Delta",
      "beta",
      "gamma",
      "Alpha",
    ]);
  });
});
