import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AllocationEditor, type AllocationState } from "./allocation-editor";

const UNIT = 1_000_000;
const TRACKERS = [
  { _id: "n", name: "North Search", client: "Acme", channel: "googleads" },
  { _id: "s", name: "South Search", client: "Acme", channel: "googleads" },
];

/** The editor with its state kept as a form would keep it. */
function Editor({ start, budget }: { start: AllocationState; budget: number }) {
  const [state, setState] = useState(start);
  return (
    <AllocationEditor state={state} onChange={setState} budget={budget} currency="GBP" trackers={TRACKERS} />
  );
}

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

afterEach(cleanup);

describe("AllocationEditor: switching between percentage and money (spec section 5)", () => {
  it("converts each allocation instead of resetting them to 0, both ways", () => {
    render(
      <Editor
        budget={6000 * UNIT}
        start={{
          allocatedBudgetAsAPercentage: true,
          hasManualAllocationBeenSet: true,
          trackers: [
            { _id: "n", budgetAllocation: 75 },
            { _id: "s", budgetAllocation: 25 },
          ],
        }}
      />,
    );
    fireEvent.click(screen.getByRole("radio", { name: "Money (£)" }));
    expect([input("North Search").value, input("South Search").value]).toEqual(["4,500", "1,500"]);
    expect(screen.getByText("Allocated: £6,000 of £6,000")).toBeTruthy();

    fireEvent.change(input("South Search"), { target: { value: "900" } });
    fireEvent.blur(input("South Search"));
    fireEvent.click(screen.getByRole("radio", { name: "Percentage" }));
    expect([input("North Search").value, input("South Search").value]).toEqual(["75", "15"]);
  });

  it("turns the equal shares into equal amounts", () => {
    render(
      <Editor
        budget={1000 * UNIT}
        start={{
          allocatedBudgetAsAPercentage: true,
          hasManualAllocationBeenSet: false,
          trackers: [{ _id: "n" }, { _id: "s" }],
        }}
      />,
    );
    expect(input("North Search").value).toBe("50");
    fireEvent.click(screen.getByRole("radio", { name: "Money (£)" }));
    expect([input("North Search").value, input("South Search").value]).toEqual(["500", "500"]);
  });
});
