import { describe, expect, it } from "vitest";
import { FIRST_STAGE, stageMessage } from "./loading-stages";

describe("table loading stages", () => {
  it("moves from the table's own message through the spec's stages", () => {
    expect(stageMessage(FIRST_STAGE.pods, 0)).toBe("Loading pods...");
    expect(stageMessage(FIRST_STAGE.pods, 2_600)).toBe("Almost there...");
    expect(stageMessage(FIRST_STAGE.pods, 6_000)).toBe("Aggregating & formatting data...");
    expect(stageMessage(FIRST_STAGE.pods, 60_000)).toBe(
      "This seems to be taking a little longer than usual...",
    );
  });
});
