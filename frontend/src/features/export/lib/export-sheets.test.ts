import { aggregateTrackers } from "@pacer/core/aggregate";
import { describe, expect, it } from "vitest";
import { aTracker } from "../../../../testing/a-tracker";
import { trackerTableRow } from "../../dashboard/lib/rows";
import { EXPORT_FILE_NAME, type ExportTracker, exportSheets, neutralise } from "./export-sheets";

function exportTracker(t: ReturnType<typeof aTracker>): ExportTracker {
  const r = trackerTableRow(t);
  return {
    name: t.name,
    client: t.client,
    channel: "Google Ads",
    currency: t.currency,
    row: r.row,
    errored: r.row?.errored ?? false,
    requiresUpdate: t.requiresUpdate,
  };
}

describe("export sheets", () => {
  it("neutralises cells beginning with = + - @ (and tab or carriage return)", () => {
    expect(neutralise('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(neutralise("+1")).toBe("'+1");
    expect(neutralise("-2")).toBe("'-2");
    expect(neutralise("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutralise("\tcmd")).toBe("'\tcmd");
    expect(neutralise("Acme = best")).toBe("Acme = best");
    expect(neutralise(-2)).toBe(-2);
    expect(neutralise(true)).toBe(true);
  });

  it("writes Trackers, Clients and Pods with the visible columns in table order, N/A and the flags", () => {
    const ok = aTracker({ name: "=cmd|' /C calc'!A0", client: "@Acme" });
    const bad = aTracker({ name: "Broken", client: "@Acme", dataLoadFail: true, requiresUpdate: true });
    const trackers = [ok, bad].map(exportTracker);
    const group = aggregateTrackers(trackers.map((t) => t.row as NonNullable<ExportTracker["row"]>));
    const sheets = exportSheets({
      columnIds: ["name", "client", "actualSpend", "budget", "roas", "ctr"],
      trackers,
      clients: [{ label: "@Acme", data: group, requiresUpdate: true }],
      pods: [],
    });
    expect(EXPORT_FILE_NAME).toBe("Pacer_data_export.xlsx");
    expect(sheets.map((s) => s.name)).toEqual(["Trackers", "Clients", "Pods"]);
    const [trackerSheet, clientSheet, podSheet] = sheets;
    expect(trackerSheet?.columns.map((c) => c.header)).toEqual([
      "Name",
      "Client",
      "Currency",
      "Actual Spend",
      "Budget",
      "ROAS",
      "CTR",
      "_hasErrored",
      "_requiresUpdate",
    ]);
    expect(trackerSheet?.rows[0]?.slice(0, 2)).toEqual(["'=cmd|' /C calc'!A0", "'@Acme"]);
    // 15 days of 100 a day; money in currency units.
    expect(trackerSheet?.rows[0]?.[3]).toBe(1500);
    expect(trackerSheet?.rows[0]?.slice(-2)).toEqual([false, false]);
    expect(trackerSheet?.rows[1]?.slice(3, 7)).toEqual(["N/A", "N/A", "N/A", "N/A"]);
    expect(trackerSheet?.rows[1]?.slice(-2)).toEqual([true, true]);
    // The client row sums its (non-errored) trackers, as the engine aggregates them.
    expect(clientSheet?.rows[0]?.slice(0, 2)).toEqual(["'@Acme", 2]);
    expect(clientSheet?.rows[0]?.[3]).toBe(1500);
    expect(clientSheet?.rows[0]?.slice(-2)).toEqual([true, true]);
    expect(podSheet?.rows).toEqual([]);
  });

  it("writes '-' for a last month budget never recorded and N/A for its over/under spend", () => {
    // The builder's trackers have no historic data: last month has no budget.
    const trackers = [aTracker({ client: "Acme" }), aTracker({ client: "Acme" })].map(exportTracker);
    const group = aggregateTrackers(trackers.map((t) => t.row as NonNullable<ExportTracker["row"]>));
    const [trackerSheet, clientSheet] = exportSheets({
      columnIds: ["name", "lastMonthBudget", "lastMonthSpend", "lastMonthOverUnderSpend"],
      trackers,
      clients: [{ label: "Acme", data: group, requiresUpdate: false }],
      pods: [],
    });
    expect(trackerSheet?.rows[0]?.slice(2, 5)).toEqual(["-", 0, "N/A"]);
    expect(clientSheet?.rows[0]?.slice(3, 6)).toEqual(["-", 0, "N/A"]);
  });

  it("writes the forecast range as text, low to high, beside the forecast as a number", () => {
    const sheets = exportSheets({
      columnIds: ["name", "forecastEomSpend", "forecastRange"],
      trackers: [exportTracker(aTracker({ name: "Steady" }))],
      clients: [],
      pods: [],
    });
    const [trackerSheet] = sheets;
    expect(trackerSheet?.columns.map((c) => c.header)).toEqual([
      "Name",
      "Currency",
      "Forecast EOM Spend",
      "Forecast Range",
      "_hasErrored",
      "_requiresUpdate",
    ]);
    // 100 a day every day: 3,000 by the end of April, and nothing in its history to widen the range.
    expect(trackerSheet?.rows[0]?.slice(2, 4)).toEqual([3000, "3,000 – 3,000"]);
  });
  it("adds an 'Actions' sheet only when AutoPilot acted: budgets in units, statuses in words, text neutralised", () => {
    const base = { columnIds: ["name"], trackers: [], clients: [], pods: [] };
    const sheets = exportSheets({
      ...base,
      actions: [
        {
          trackerName: "=Search",
          currency: "GBP",
          campaignName: "google_hot",
          kind: "set-daily-budget",
          before: 135_944_000_000,
          after: 95_160_800_000,
          rule: "cruise",
          status: "applied",
          by: "AutoPilot",
          at: "2026-11-26T09:00:00.000Z",
          answer: "customers/1/campaignBudgets/9",
        },
        {
          trackerName: "Social",
          currency: "EUR",
          campaignName: "tier1",
          kind: "pause",
          before: 1,
          after: 0,
          rule: "pauseAtBudget",
          status: "failed",
          by: "Ann",
          at: "2026-11-26T10:00:00.000Z",
          answer: "(#200) Requires ads_management permission",
        },
      ],
    });

    expect(exportSheets(base).map((s) => s.name)).toEqual(["Trackers", "Clients", "Pods"]);
    expect(exportSheets({ ...base, actions: [] }).map((s) => s.name)).toEqual([
      "Trackers",
      "Clients",
      "Pods",
    ]);
    const actions = sheets.find((s) => s.name === "Actions");
    expect(actions?.columns.map((c) => c.header)).toEqual([
      "Tracker",
      "Campaign",
      "Change",
      "Currency",
      "Before",
      "After",
      "Rule",
      "Status",
      "By",
      "When",
      "Platform answer",
    ]);
    expect(actions?.rows).toEqual([
      [
        "'=Search",
        "google_hot",
        "Daily budget",
        "GBP",
        135_944,
        95_160.8,
        "cruise",
        "applied",
        "AutoPilot",
        "2026-11-26T09:00:00.000Z",
        "customers/1/campaignBudgets/9",
      ],
      [
        "Social",
        "tier1",
        "Pause",
        "EUR",
        "Enabled",
        "Paused",
        "pauseAtBudget",
        "failed",
        "Ann",
        "2026-11-26T10:00:00.000Z",
        "(#200) Requires ads_management permission",
      ],
    ]);
  });
});
