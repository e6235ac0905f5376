import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Tabs } from "./tabs";

const TABS = [
  { id: "a", label: "Alpha" },
  { id: "b", label: "Bravo" },
  { id: "c", label: "Charlie" },
];

/** The ResizeObserver callbacks registered, so a test can report the browser's layout. */
let reports: (() => void)[] = [];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  reports = [];
});

describe("Tabs", () => {
  it("scrolls a bar wider than its box to the selected tab once the browser has laid the bar out", () => {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          reports.push(() => this.callback());
        }
        disconnect() {}
      },
    );
    const sizesRead = vi.fn();
    vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(() => {
      sizesRead();
      return 600;
    });
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const left = this.getAttribute("role") === "tab" ? 400 : 0;
      const width = this.getAttribute("role") === "tab" ? 100 : 300;
      return { left, right: left + width, top: 0, bottom: 40, width, height: 40, x: left, y: 0 } as DOMRect;
    });

    render(<Tabs label="Select view level" tabs={TABS} value="c" onChange={() => undefined} />);
    const list = document.querySelector<HTMLElement>('[role="tablist"]') as HTMLElement;

    // Nothing measured in React's commit (that would force a layout of the new page).
    expect(sizesRead).not.toHaveBeenCalled();
    expect(list.scrollLeft).toBe(0);
    for (const report of reports) report();
    // The selected tab (400-500 px) comes into the 300 px box.
    expect(list.scrollLeft).toBe(200);
  });
});
