import { describe, expect, it } from "vitest";
import { formatReadingTime } from "./reading-time";

describe("formatReadingTime", () => {
  it("shows dd/MM/yyyy and a 24-hour time in the account's time zone", () => {
    expect(formatReadingTime("2026-11-21T08:05:09.000Z", "Europe/London")).toBe("21/11/2026 08:05:09");
    expect(formatReadingTime("2026-07-01T23:30:00.000Z", "Europe/London")).toBe("02/07/2026 00:30:00");
    expect(formatReadingTime("2026-03-04T12:00:00.000Z", "America/New_York")).toBe("04/03/2026 07:00:00");
  });

  it("keeps a text that is not a date", () => {
    expect(formatReadingTime("yesterday", "Europe/London")).toBe("yesterday");
  });
});
