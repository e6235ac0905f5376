import { aggregateTrackers } from "@pacer/core/aggregate";
import { describe, expect, it } from "vitest";
import { aTracker } from "../../trackers/testing/a-tracker";
import { clientGroups, podGroups, searchRows, trackerTableRow, withoutEmptyGroups } from "./rows";

describe("dashboard rows", () => {
  it("searches names case-insensitively and keeps the row objects (no re-render of unchanged rows)", () => {
    const a = aTracker({ name: "Alpha Search" });
    const b = aTracker({ name: "beta" });
    const rows = [a, b].map(trackerTableRow);
    expect(searchRows(rows, "ALPHA").map((r) => r.tracker.name)).toEqual(["Alpha Search"]);
    expect(searchRows(rows, "  ")).toBe(rows);
    expect(trackerTableRow(a)).toBe(rows[0]);
  });

  it("groups by client with the engine's aggregate, leaving out trackers without a client", () => {
    const rows = [
      aTracker({ client: "Acme" }),
      aTracker({ client: "Acme", currency: "EUR" }),
      aTracker({ client: "" }),
    ].map(trackerTableRow);
    const groups = clientGroups(rows);
    expect(groups.map((g) => g.label)).toEqual(["Acme"]);
    expect(groups[0]?.data).toEqual(
      aggregateTrackers(rows.slice(0, 2).map((r) => r.row as NonNullable<typeof r.row>)),
    );
    expect(groups[0]?.data.multiCurrency).toBe(true);
  });

  it("marks a pod red when one of its trackers errored, and hides empty groups while searching", () => {
    const ok = aTracker({ name: "Fine" });
    const bad = aTracker({ name: "Broken", dataLoadFail: true, err: { msg: "Token expired" } });
    const rows = [ok, bad].map(trackerTableRow);
    const pods = podGroups(
      [
        { _id: "p1", name: "Pod One", trackers: [ok._id, bad._id] },
        { _id: "p2", name: "Empty", trackers: [] },
      ],
      rows,
    );
    expect(pods[0]?.errored).toBe(true);
    expect(pods[0]?.subRows.map((r) => r.tracker.name)).toEqual(["Fine", "Broken"]);
    expect(withoutEmptyGroups(pods, "").length).toBe(2);
    expect(
      withoutEmptyGroups(
        podGroups(
          pods.map((p) => ({ _id: p.key, name: p.label, trackers: [] })),
          rows,
        ),
        "x",
      ),
    ).toEqual([]);
  });
});
