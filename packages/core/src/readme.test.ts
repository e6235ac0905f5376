import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TrackerRow } from "./aggregate.ts";
import type { TrackerBudgetSettings } from "./budget.ts";
import { cellTone, cellValue } from "./cells.ts";
import { columnDef, METRIC_COLUMNS, type MetricColumnId } from "./columns.ts";
import { formatCell, parseAmountInput } from "./format.ts";
import type { DailyRow } from "./tracker-data.ts";
import { computeTrackerData } from "./tracker-data.ts";

/**
 * The README's worked example is checked here: settings, instant, time zone, daily rows and the
 * expected figures are all read from README.md, and the figures are computed by the engine.
 */
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const section = readme.slice(readme.indexOf("## Worked example"), readme.indexOf("## Commands"));

/** The rows of the README table whose first header cell is `firstHeader` (cells trimmed). */
function table(firstHeader: string): Record<string, string>[] {
  const cells = (line: string) =>
    line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
  const lines = section.split("\n");
  const start = lines.findIndex((l) => l.startsWith("|") && cells(l)[0] === firstHeader);
  if (start < 0) throw new Error(`README has no table starting with "${firstHeader}"`);
  const headers = cells(lines[start] as string);
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break; // the table ends at the first line that is not a table row
    const values = cells(line);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? ""])));
  }
  return rows;
}

const settings = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)?.[1] ?? "null") as TrackerBudgetSettings;
const now = new Date(/`(\d{4}-\d\d-\d\dT[\d:]+Z)`/.exec(section)?.[1] ?? "invalid");
const timeZone = /in `([A-Za-z_]+\/[A-Za-z_]+)`/.exec(section)?.[1] ?? "";
const rows: DailyRow[] = table("date").map((r) => ({
  date: r.date as string,
  spendMicros: parseAmountInput(r.spend),
  impressions: Number(r.impressions),
  clicks: Number(r.clicks),
  conversions: Number(r.conversions),
  revenueMicros: parseAmountInput(r.revenue),
}));
const figures = table("column");

describe("README worked example", () => {
  it("reads the example's inputs from the README", () => {
    expect(settings.manualBudgetValue).toBe(3_150_000_000);
    expect(now.toISOString()).toBe("2024-04-15T14:00:00.000Z");
    expect(timeZone).toBe("Europe/London");
    expect(rows).toHaveLength(15);
    expect(figures.map((f) => f.column).sort()).toEqual(METRIC_COLUMNS.map((c) => c.id).sort());
  });

  const data = computeTrackerData({ settings, rows, now, timeZone });
  const row: TrackerRow = {
    id: "x",
    name: "x",
    client: "x",
    channel: "googleads",
    currency: "GBP",
    errored: false,
    data,
  };

  it.each(figures.map((f) => [f.column as MetricColumnId, f] as const))(
    "%s matches the README",
    (column, figure) => {
      columnDef(column);
      const cell = cellValue(row, column);
      const written = figure["engine value"] as string;
      if (written === "N/A") {
        expect(cell.kind).toBe("na");
      } else if (cell.kind === "value") {
        if (written.includes(".")) expect(cell.value).toBeCloseTo(Number(written), 4);
        else expect(cell.value).toBe(Number(written));
      } else {
        throw new Error(`${column} is N/A but the README says ${written}`);
      }
      expect(formatCell(cell, column, "GBP")).toBe(figure["shown as"]);
      expect(cellTone(row, column)).toBe(figure.style);
    },
  );
});
