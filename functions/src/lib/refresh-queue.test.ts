import { describe, expect, it } from "vitest";
import { refreshWindow } from "./refresh-queue.ts";

const NOW = new Date("2026-03-04T10:00:00Z");
const tracker = { timeZone: "Europe/London", requiresUpdate: false, lastRefreshedAt: "2026-03-04T09:00:00Z" };

describe("refreshWindow", () => {
  it("fetches the whole history the figures use on the first run: six previous months and this one", () => {
    expect(refreshWindow({ ...tracker, lastRefreshedAt: undefined }, NOW)).toEqual({
      from: "2025-09-01",
      to: "2026-03-04",
      full: true,
    });
  });

  it("afterwards fetches the current month plus the 7-day restatement window", () => {
    expect(refreshWindow(tracker, NOW)).toEqual({ from: "2026-02-25", to: "2026-03-04", full: false });
    expect(refreshWindow(tracker, new Date("2026-03-20T10:00:00Z"))).toEqual({
      from: "2026-03-01",
      to: "2026-03-20",
      full: false,
    });
  });

  it("goes back to an earlier lifetime start after a settings change, and to the whole history when asked", () => {
    const lifetime = { ...tracker, requiresUpdate: true, lifetimeBudgetDates: { startDate: "2025-01-01" } };
    expect(refreshWindow(lifetime, NOW)).toMatchObject({ from: "2025-01-01", full: true });
    expect(refreshWindow(tracker, NOW, { full: true })).toMatchObject({ from: "2025-09-01", full: true });
  });

  it("counts days in the ad account's time zone", () => {
    const late = new Date("2026-03-31T23:30:00Z");
    expect(refreshWindow({ ...tracker, timeZone: "Europe/Berlin" }, late)).toMatchObject({
      to: "2026-04-01",
    });
    expect(refreshWindow({ ...tracker, timeZone: "America/Los_Angeles" }, late)).toMatchObject({
      to: "2026-03-31",
    });
  });
});
