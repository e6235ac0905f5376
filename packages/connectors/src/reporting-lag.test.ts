import { describe, expect, it } from "vitest";
import { livePlatforms } from "./registry.ts";
import { reportingLagHours } from "./reporting-lag.ts";

describe("reportingLagHours: each platform's reporting lag, from its connector folder", () => {
  it("every live platform states one", () => {
    for (const slug of livePlatforms()) {
      const hours = reportingLagHours(slug);
      expect(hours, slug).not.toBeNull();
      expect(Number.isInteger(hours) && (hours as number) >= 0, slug).toBe(true);
    }
  });

  it("takes each platform's own figure; unknown and unbuilt platforms have none", () => {
    expect(reportingLagHours("googleads")).toBe(3);
    expect(reportingLagHours("twitterads")).toBe(72);
    expect(reportingLagHours("cake")).toBe(0);
    expect(reportingLagHours("snapchatads")).toBeNull();
    expect(reportingLagHours("myspace")).toBeNull();
  });
});
