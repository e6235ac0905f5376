import { describe, expect, it } from "vitest";
import type { TrackerFilter } from "../../../../lib/tracker-types";
import { pickValue, textFilterSelection } from "./filters-tab";

const campaigns: TrackerFilter = {
  id: "campaigns",
  name: "Campaigns",
  type: "multipleChoice",
  selection: [{ id: "1", name: "One" }],
  maxSelection: 1,
};

describe("filter picks", () => {
  it("blocks a pick beyond maxSelection with the spec's text, and always allows unpicking", () => {
    expect(pickValue(campaigns, { id: "2", name: "Two" }, true)).toEqual({
      message: "Maximum selections for Campaigns is 1",
    });
    expect(pickValue(campaigns, { id: "1", name: "One" }, false)).toEqual({ selection: [] });
    expect(pickValue({ ...campaigns, maxSelection: null }, { id: "2", name: "Two" }, true)).toEqual({
      selection: [
        { id: "1", name: "One" },
        { id: "2", name: "Two" },
      ],
    });
  });

  it("applies a text-box filter string, or clears it when empty", () => {
    expect(textFilterSelection("  brand ")).toEqual([
      { id: "brand", name: "brand", applyFilter: true, filterString: "brand" },
    ]);
    expect(textFilterSelection("   ")).toEqual([]);
  });
});
