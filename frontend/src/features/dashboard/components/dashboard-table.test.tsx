import { COLUMNS, orderColumns } from "@pacer/core/columns";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { aTracker } from "../../../../testing/a-tracker";
import { NARROW_QUERY } from "../../../components/layout/breakpoints";
import { columnOrderFor, type DashboardMeta, TRACKER_COLUMNS } from "../lib/columns";
import { type TrackerTableRow, trackerTableRow } from "../lib/rows";
import { DashboardTable, ROW_HEIGHT } from "./dashboard-table";

const UNIT = 1_000_000;
const ORDER = columnOrderFor(
  "tracker",
  orderColumns(COLUMNS, []).map((c) => c.id),
);
const META: DashboardMeta = {
  isFavourite: () => false,
  toggleFavourite: () => undefined,
  manageGroup: () => undefined,
  totals: null,
  totalsColumns: "spend",
  trackerCount: 0,
};

function renderTable(count: number, overrides: Parameters<typeof aTracker>[0] = {}) {
  return renderRows(
    Array.from({ length: count }, (_, i) =>
      trackerTableRow(aTracker({ name: `Tracker ${i + 1}`, ...overrides })),
    ),
  );
}

/** The tracker table of `rows` with the default columns. */
function trackerTable(rows: TrackerTableRow[], onClick?: (row: TrackerTableRow) => void) {
  return (
    <DashboardTable
      columns={TRACKER_COLUMNS}
      rows={rows}
      caption="Trackers"
      columnVisibility={{}}
      columnOrder={ORDER}
      meta={META}
      emptyText="No Trackers found"
      onTrackerClick={onClick}
    />
  );
}

function renderRows(rows: TrackerTableRow[]) {
  const onClick = vi.fn();
  render(trackerTable(rows, onClick));
  return { rows, onClick };
}

const bodyRows = () =>
  Array.from(document.querySelectorAll<HTMLElement>("table tbody tr")).filter(
    (r) => !r.classList.contains("virtual-pad"),
  );

/**
 * jsdom lays nothing out: the virtualiser would see a 0 px scroll box and render no rows. The
 * scroll box is given 720 px and each row 41 px, as a browser would.
 */
function layOutLikeABrowser() {
  const isScrollBox = (el: HTMLElement) => el.classList.contains("table-scroll");
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
    return isScrollBox(this) ? 720 : 0;
  });
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(function (this: HTMLElement) {
    return isScrollBox(this) ? 1280 : 0;
  });
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.tagName === "TR" ? 41 : 0;
  });
}

describe("DashboardTable", () => {
  beforeEach(layOutLikeABrowser);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows every row up to 100 and pages above 100 rows (the spec's page-size rule), rendering only the rows in view", () => {
    renderTable(25);
    expect(bodyRows()).toHaveLength(25);
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
    cleanup();
    renderTable(150);
    const table = screen.getByRole("table");
    // 100 rows on the page (plus the header row), of which only those near the view are in the DOM.
    expect(table.getAttribute("aria-rowcount")).toBe("101");
    const rendered = bodyRows().filter((r) => r.dataset.rowId).length;
    expect(rendered).toBeGreaterThan(15);
    expect(rendered).toBeLessThan(60);
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(pages.textContent).toContain("Page 1 of 2");
    fireEvent.click(within(pages).getByRole("button", { name: "Next" }));
    expect(table.getAttribute("aria-rowcount")).toBe("51");
  }, 20_000);

  it("goes back to the first page when other rows come (a search, a new list), and keeps the page while the rows stay", () => {
    const all = Array.from({ length: 250 }, (_, i) =>
      trackerTableRow(aTracker({ name: `Tracker ${i + 1}` })),
    );
    const { rerender } = render(trackerTable(all));
    const pages = () => screen.getByRole("navigation", { name: "Pages" });
    fireEvent.click(within(pages()).getByRole("button", { name: "Next" }));
    expect(pages().textContent).toContain("Page 2 of 3");

    rerender(trackerTable(all));
    expect(pages().textContent).toContain("Page 2 of 3");

    rerender(trackerTable(all.slice(0, 180)));
    expect(pages().textContent).toContain("Page 1 of 2");
    expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe("101");
  }, 20_000);

  it("places a long page's rows at a fixed height without measuring any, on the first render and when a search shows other rows", () => {
    const reads: string[] = [];
    const rowHeight = vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.tagName === "TR") reads.push("offsetHeight");
      return this.tagName === "TR" ? 41 : 0;
    });
    const rect = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      if (this.tagName === "TR") reads.push("getBoundingClientRect");
      return rect.call(this);
    });
    const all = Array.from({ length: 100 }, (_, i) =>
      trackerTableRow(aTracker({ name: `Tracker ${i + 1}` })),
    );
    const props = {
      columns: TRACKER_COLUMNS,
      caption: "Trackers",
      columnVisibility: {},
      columnOrder: ORDER,
      meta: META,
      emptyText: "No Trackers found",
    };
    const { rerender } = render(<DashboardTable {...props} rows={all} />);

    const shown = bodyRows().filter((r) => r.dataset.rowId);
    expect(shown.length).toBeGreaterThan(15);
    expect(shown.every((r) => r.style.height === `${ROW_HEIGHT}px`)).toBe(true);
    // The spacer below stands for the rows not rendered, each at the fixed height.
    const pad = document.querySelector<HTMLElement>("tr.virtual-pad:last-child td");
    expect(pad?.style.height).toBe(`${(100 - shown.length) * ROW_HEIGHT}px`);

    // A search leaves other rows: they come in without being measured either.
    rerender(<DashboardTable {...props} rows={all.slice(60)} />);
    expect(bodyRows()[0]?.dataset.rowId).toBe(all[60]?.id);
    expect(bodyRows().every((r) => r.style.height === `${ROW_HEIGHT}px`)).toBe(true);
    expect(reads).toEqual([]);
    rowHeight.mockRestore();
  }, 20_000);

  it("reads no layout of its scroll box while rendering a long page (its size comes from a ResizeObserver), nor scrolls it to where it is", () => {
    const reads: string[] = [];
    for (const name of ["clientHeight", "clientWidth", "scrollTop", "offsetHeight"] as const) {
      vi.spyOn(HTMLElement.prototype, name, "get").mockImplementation(function (this: HTMLElement) {
        if (this.classList.contains("table-scroll")) reads.push(name);
        return 0;
      });
    }
    const scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, "scrollTo", { value: scrollTo, configurable: true });
    const observed: Element[] = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
        unobserve() {}
      },
    );
    try {
      renderTable(100);

      expect(bodyRows().filter((r) => r.dataset.rowId).length).toBeGreaterThan(10);
      expect(reads).toEqual([]);
      expect(scrollTo).not.toHaveBeenCalled();
      expect(observed).toEqual([document.querySelector(".table-scroll")]);
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, "scrollTo");
      vi.unstubAllGlobals();
    }
  }, 20_000);

  it("shows the empty text", () => {
    renderTable(0);
    expect(screen.getByText("No Trackers found")).toBeTruthy();
  });

  it("shows an errored tracker's message beside its name and N/A in its figures, in red", () => {
    renderTable(1, { dataLoadFail: true, err: { title: "Token", msg: "Please reconnect" } });
    const row = bodyRows()[0] as HTMLElement;
    expect(row.className).toContain("row-error");
    expect(within(row).getAllByText("Please reconnect").length).toBeGreaterThan(0);
    expect(row.querySelector("td.col-actualSpend")?.textContent).toBe("N/A");
  });

  it("shows the row states in the spec's priority", () => {
    renderTable(1, { isUpdating: true, requiresUpdate: true });
    expect(screen.getByText("Currently Updating")).toBeTruthy();
    cleanup();
    renderTable(1, { requiresUpdate: true, isBudgetUpdating: true });
    expect(screen.getByText("Awaiting data refresh")).toBeTruthy();
    expect((bodyRows()[0] as HTMLElement).className).toContain("row-awaiting");
    cleanup();
    renderTable(1, { isBudgetUpdating: true });
    expect(screen.getByText("Budget Updating")).toBeTruthy();
    cleanup();
    renderTable(1, { dataLoading: true });
    expect(screen.getByText("Loading data")).toBeTruthy();
  });

  it("marks a budget adjusted for six months with the tooltip and a '6'", () => {
    // March's budget was recorded (the builder's now is 15 April 2024), so there is something to adjust.
    renderTable(1, {
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: true,
      historicData: [{ month: "2024-03-01", budget: 3000 * 1_000_000, actualSpend: 3100 * 1_000_000 }],
    });
    const icon = screen.getByRole("img", {
      name: "Budget & Daily Budget adjusted for last six months over/under spend",
    });
    expect(icon.textContent).toBe("6");
  });

  it("styles a percentage over 100 as over budget", () => {
    renderTable(1, { budget: 1_000_000_000, dailySpend: 100_000_000 });
    const cell = (bodyRows()[0] as HTMLElement).querySelector("td.col-percentageThroughBudget");
    expect(cell?.textContent).toBe("150.00%");
    expect(cell?.querySelector(".cell-negative")).not.toBeNull();
  });

  it("sorts the whole list by a header click, largest first, then smallest, one column at a time", () => {
    const rows = [10, 150, 40, 90, 120].flatMap((spend, i) =>
      Array.from({ length: 30 }, (_, j) =>
        trackerTableRow(aTracker({ name: `T${i}-${j}`, dailySpend: (spend + j) * 1_000_000 })),
      ),
    );
    renderRows(rows);
    const header = () => document.querySelector("th.col-actualSpend") as HTMLElement;
    const firstName = () => (bodyRows()[0] as HTMLElement).querySelector(".tracker-name span")?.textContent;
    expect(firstName()).toBe("T0-0");
    fireEvent.click(within(header()).getByRole("button", { name: /Actual Spend/ }));
    expect(header().getAttribute("aria-sort")).toBe("descending");
    // The largest of all 150 trackers heads page 1 (sorted before paging, not within the page).
    expect(firstName()).toBe("T1-29");
    fireEvent.click(within(header()).getByRole("button", { name: /Actual Spend/ }));
    expect(header().getAttribute("aria-sort")).toBe("ascending");
    expect(firstName()).toBe("T0-0");
    fireEvent.click(within(document.querySelector("th.col-name") as HTMLElement).getByRole("button"));
    expect(document.querySelector("th.col-name")?.getAttribute("aria-sort")).toBe("ascending");
    expect(header().getAttribute("aria-sort")).toBeNull();
    // The star column is not sortable.
    expect(
      within(document.querySelector("th.col-favourite") as HTMLElement).queryByRole("button"),
    ).toBeNull();
  }, 20_000);

  it("opens a tracker on row click and on Enter", () => {
    const { onClick, rows } = renderTable(2);
    fireEvent.click(bodyRows()[1] as HTMLElement);
    expect(onClick).toHaveBeenCalledWith(rows[1]);
    fireEvent.keyDown(bodyRows()[0] as HTMLElement, { key: "Enter" });
    expect(onClick).toHaveBeenCalledWith(rows[0]);
  });

  describe("on a narrow screen (767 px and below)", () => {
    /** A phone-sized window: `matchMedia` answers the narrow query. */
    beforeEach(() => {
      vi.stubGlobal("matchMedia", (query: string) => ({
        matches: query === NARROW_QUERY,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }));
    });
    afterEach(() => vi.unstubAllGlobals());

    const cards = () => Array.from(document.querySelectorAll<HTMLElement>("article.tracker-card"));

    it("shows a card per tracker instead of the table: name, channel, client, spend of budget with its pacing bar", () => {
      renderTable(3, { budget: 3000 * UNIT, dailySpend: 100 * UNIT });
      expect(screen.queryByRole("table")).toBeNull();
      expect(cards()).toHaveLength(3);
      const card = cards()[0] as HTMLElement;
      expect(within(card).getByRole("heading", { name: /Tracker/ })).toBeTruthy();
      expect(within(card).getByRole("img", { name: "Google Ads" })).toBeTruthy();
      expect(within(card).getByText("Acme")).toBeTruthy();
      // 15 April 2024: £1,500 spent of £3,000, 50% through budget, 16 of 30 days through the month.
      expect(card.querySelector(".pacing-spend")?.textContent).toBe("£1,500 of £3,000 budget");
      const meter = within(card).getByRole("meter");
      expect(meter.getAttribute("aria-valuenow")).toBe("50");
      expect(meter.getAttribute("aria-valuetext")).toBe("50.00% through budget, 53.33% through month");
      expect((meter.querySelector(".pacing-month") as HTMLElement).style.left).toMatch(/^53\.33/);
    });

    it("marks a tracker over budget in red, with a full bar", () => {
      renderTable(1, { budget: 1000 * UNIT, dailySpend: 100 * UNIT });
      const meter = screen.getByRole("meter");
      expect(meter.className).toContain("pacing-over");
      expect(meter.getAttribute("aria-valuenow")).toBe("100");
      expect(screen.getByText("150.00% through budget").className).toBe("cell-negative");
    });

    it("paces a tracker whose primary budget is lifetime against its lifetime budget", () => {
      renderTable(1, {
        budget: 3000 * UNIT,
        dailySpend: 100 * UNIT,
        useLifetimeBudgetAsPrimary: true,
        lifetimeBudget: 10_000 * UNIT,
        lifetimeBudgetDates: { startDate: "2024-04-01", endDate: null },
      });
      const card = cards()[0] as HTMLElement;
      // 1 to 15 April 2024: £1,500 spent of the £10,000 lifetime budget, 15% through it.
      expect(card.querySelector(".pacing-spend")?.textContent).toBe("£1,500 of £10,000 lifetime budget");
      const meter = within(card).getByRole("meter");
      expect(meter.getAttribute("aria-valuenow")).toBe("15");
      expect(meter.getAttribute("aria-valuetext")).toBe(
        "15.00% through lifetime budget, 53.33% through month",
      );
      expect(within(card).getByText("15.00% through lifetime budget")).toBeTruthy();
    });

    it("shows the row states: the load error in full with N/A figures, and the state texts", () => {
      renderTable(1, { dataLoadFail: true, err: { title: "Token", msg: "Please reconnect this account" } });
      const card = cards()[0] as HTMLElement;
      expect(card.className).toContain("tracker-card-loadError");
      expect(within(card).getByText("Please reconnect this account")).toBeTruthy();
      expect(card.querySelector(".pacing-spend")?.textContent).toBe("N/A of N/A budget");
      expect(within(card).queryByRole("meter")).toBeNull();
      cleanup();
      renderTable(1, { requiresUpdate: true });
      expect(within(cards()[0] as HTMLElement).getByText("Awaiting data refresh")).toBeTruthy();
      cleanup();
      renderTable(1, {
        lastMonthOverUnderSpendIncludedInBudgetCalc: true,
        historicData: [{ month: "2024-03-01", budget: 3000 * 1_000_000, actualSpend: 3100 * 1_000_000 }],
      });
      expect(
        screen.getByRole("img", { name: "Budget & Daily Budget adjusted for last month over/under spend" }),
      ).toBeTruthy();
    });

    it("opens the tracker from its card's name button; a Viewer's card has none", () => {
      const { onClick, rows } = renderTable(2);
      fireEvent.click(screen.getByRole("button", { name: `Manage ${rows[1]?.tracker.name}` }));
      expect(onClick).toHaveBeenCalledWith(rows[1]);
      cleanup();
      render(
        <DashboardTable
          columns={TRACKER_COLUMNS}
          rows={[trackerTableRow(aTracker({ name: "Seen only" }))]}
          caption="Trackers"
          columnVisibility={{ favourite: false, manage: false }}
          columnOrder={ORDER}
          meta={META}
          emptyText="No Trackers found"
        />,
      );
      expect(screen.queryByRole("button", { name: /Manage/ })).toBeNull();
      expect(screen.queryByRole("button", { name: /favourites/ })).toBeNull();
      expect(screen.getByRole("heading", { name: "Seen only" })).toBeTruthy();
    });
  });
});
