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
 * The README's worked examples are checked here: settings, instant, time zone, daily rows and the
 * expected figures are all read from README.md, and the figures are computed by the engine.
 */
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

/** The README section under `heading`, up to the next `## ` heading. */
function sectionOf(heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = readme.indexOf("\n## ", start + heading.length + 2);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The rows of the section's table whose first header cell is `firstHeader` (cells trimmed). */
function table(section: string, firstHeader: string): Record<string, string>[] {
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

/** The example's settings (its JSON block) and daily rows (its table starting with "date"). */
function exampleInputs(section: string) {
  const settings = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)?.[1] ?? "null") as TrackerBudgetSettings;
  const rows: DailyRow[] = table(section, "date").map((r) => ({
    date: r.date as string,
    spendMicros: parseAmountInput(r.spend),
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
    conversions: Number(r.conversions),
    revenueMicros: parseAmountInput(r.revenue),
  }));
  return { settings, rows, figures: table(section, "column") };
}

function trackerRow(data: TrackerRow["data"]): TrackerRow {
  return { id: "x", name: "x", client: "x", channel: "googleads", currency: "GBP", errored: false, data };
}

/** Compares one README figure (engine value, shown as, style) with the engine's cell. */
function expectFigure(row: TrackerRow, column: MetricColumnId, figure: Record<string, string>) {
  columnDef(column);
  const cell = cellValue(row, column);
  const written = figure["engine value"] as string;
  if (written === "N/A") {
    expect(cell.kind).toBe("na");
  } else if (written === "-") {
    expect(cell.kind).toBe("none");
  } else if (cell.kind === "value") {
    if (written.includes(".")) expect(cell.value).toBeCloseTo(Number(written), 4);
    else expect(cell.value).toBe(Number(written));
  } else {
    throw new Error(`${column} is ${cell.kind} but the README says ${written}`);
  }
  expect(formatCell(cell, column, "GBP")).toBe(figure["shown as"]);
  expect(cellTone(row, column)).toBe(figure.style);
}

const first = sectionOf("## Worked example");
const now = new Date(/`(\d{4}-\d\d-\d\dT[\d:]+Z)`/.exec(first)?.[1] ?? "invalid");
const timeZone = /in `([A-Za-z_]+\/[A-Za-z_]+)`/.exec(first)?.[1] ?? "";
const example = exampleInputs(first);

describe("README worked example", () => {
  it("reads the example's inputs from the README", () => {
    expect(example.settings.manualBudgetValue).toBe(3_150_000_000);
    expect(now.toISOString()).toBe("2024-04-15T14:00:00.000Z");
    expect(timeZone).toBe("Europe/London");
    expect(example.rows).toHaveLength(15);
    expect(example.figures.map((f) => f.column).sort()).toEqual(METRIC_COLUMNS.map((c) => c.id).sort());
  });

  const row = trackerRow(
    computeTrackerData({ settings: example.settings, rows: example.rows, now, timeZone }),
  );
  it.each(example.figures.map((f) => [f.column as MetricColumnId, f] as const))(
    "%s matches the README",
    (column, figure) => expectFigure(row, column, figure),
  );
});

describe("README worked example: months without a budget", () => {
  // Same day and time zone; March's rows from this section plus the first example's April rows.
  const noBudget = exampleInputs(sectionOf("## Worked example: months without a budget"));

  it("reads the example's inputs from the README", () => {
    expect(noBudget.settings.historicData).toEqual([]);
    expect(noBudget.settings.lastSixMonthsOverUnderSpendIncludedInBudgetCalc).toBe(true);
    expect(noBudget.rows.map((r) => r.date)).toEqual(["2024-03-15"]);
    expect(noBudget.figures.map((f) => f.column)).toContain("lastMonthBudget");
  });

  const row = trackerRow(
    computeTrackerData({
      settings: noBudget.settings,
      rows: [...noBudget.rows, ...example.rows],
      now,
      timeZone,
    }),
  );
  it.each(noBudget.figures.map((f) => [f.column as MetricColumnId, f] as const))(
    "%s matches the README",
    (column, figure) => expectFigure(row, column, figure),
  );
});
