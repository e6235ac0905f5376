import { describe, expect, it } from "vitest";
import { formatDateTime } from "./date-time";

describe("formatDateTime", () => {
  it("shows a moment as dd/mm/yyyy, hh:mm in the browser's time zone", () => {
    const moment = new Date(2026, 10, 27, 9, 5).toISOString();
    expect(formatDateTime(moment)).toBe("27/11/2026, 09:05");
    expect(formatDateTime(new Date(2025, 0, 3, 18, 40).toISOString())).toBe("03/01/2025, 18:40");
  });

  it("gives null for an absent, unreadable or never-set moment", () => {
    expect(formatDateTime(undefined)).toBeNull();
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime("")).toBeNull();
    expect(formatDateTime("not a date")).toBeNull();
    expect(formatDateTime("1970-01-01T00:00:00.000Z")).toBeNull();
  });
});
