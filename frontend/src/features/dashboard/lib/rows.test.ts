import { aggregateTrackers } from "@pacer/core/aggregate";
import { budgetCalendar } from "@pacer/core/calendar";
import { describe, expect, it } from "vitest";
import { aTracker, TEST_NOW } from "../../../../testing/a-tracker";
import {
  clientGroups,
  podGroups,
  searchRows,
  sharedBudgetGroups,
  tableTotals,
  trackerTableRow,
  withoutEmptyGroups,
} from "./rows";

describe("dashboard rows", () => {
  it("searches names case-insensitively and keeps the row objects (no re-render of unchanged rows)", () => {
    const a = aTracker({ name: "Alpha Search" });
    const b = aTracker({ name: "beta" });
    const rows = [a, b].map((t) => trackerTableRow(t));
    expect(searchRows(rows, "ALPHA").map((r) => r.tracker.name)).toEqual(["Alpha Search"]);
    expect(searchRows(rows, "  ")).toBe(rows);
    expect(trackerTableRow(a)).toBe(rows[0]);
  });

  it("shows 'Stale' once the last success is older than two refresh cycles, and keeps the row while that holds", () => {
    const t = aTracker({ lastRefreshedAt: "2026-03-15T08:00:00.000Z" });
    const at = (iso: string) => ({ hourlyCycle: 2, now: Date.parse(iso) });
    const fresh = trackerTableRow(t, at("2026-03-15T12:00:00.000Z"));
    expect(fresh.state).toBe("normal");
    expect(fresh.staleness).toBeNull();
    expect(trackerTableRow(t, at("2026-03-15T11:00:00.000Z"))).toBe(fresh);
    const stale = trackerTableRow(t, at("2026-03-15T12:01:00.000Z"));
    expect(stale.state).toBe("stale");
    expect(stale.staleness).toMatchObject({ since: "2026-03-15T08:00:00.000Z", neverRefreshed: false });
    expect(trackerTableRow(t, at("2026-03-16T00:00:00.000Z"))).toBe(stale);
  });

  it("groups by client with the engine's aggregate, leaving out trackers without a client", () => {
    const rows = [
      aTracker({ client: "Acme" }),
      aTracker({ client: "Acme", currency: "EUR" }),
      aTracker({ client: "" }),
    ].map((t) => trackerTableRow(t));
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
    const rows = [ok, bad].map((t) => trackerTableRow(t));
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

  it("totals the shared-budget table from its group rows: Spend Remaining agrees with the group", () => {
    // 15 April: North spends 1,500 against a 1% allocation (£60); South 1,500 against 99%.
    const [north, south] = [aTracker({ name: "North" }), aTracker({ name: "South" })];
    const groups = sharedBudgetGroups(
      [
        {
          _id: "sb",
          name: "Shared",
          budget: 6000 * 1_000_000,
          allocatedBudgetAsAPercentage: true,
          hasManualAllocationBeenSet: true,
          trackers: [
            { _id: north._id, budgetAllocation: 1 },
            { _id: south._id, budgetAllocation: 99 },
          ],
        },
      ],
      [north, south].map((t) => trackerTableRow(t)),
      budgetCalendar(TEST_NOW, "Europe/London"),
    );
    const totals = tableTotals(groups);
    expect(totals.money?.spendRemaining).toBe(3000 * 1_000_000);
    expect(totals).toEqual(groups[0]?.data);
  });
});
