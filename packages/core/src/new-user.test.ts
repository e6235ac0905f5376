import { describe, expect, it } from "vitest";
import { isNewUser } from "./new-user.ts";

describe("isNewUser (the 12-hour rule)", () => {
  it("is true under 12 hours after registration", () => {
    expect(isNewUser({ registrationDate: "2026-03-04T00:00:01Z" }, new Date("2026-03-04T12:00:00Z"))).toBe(
      true,
    );
    expect(isNewUser({ registrationDate: "2026-03-04T00:00:00Z" }, new Date("2026-03-04T12:00:00Z"))).toBe(
      false,
    );
  });
});
