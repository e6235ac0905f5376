import { PLATFORM_CATALOGUE } from "@pacer/core/platforms";
import { aPlatformEntry } from "@pacer/core/testing/builders";
import { describe, expect, it } from "vitest";
import {
  connectablePlatforms,
  PLATFORMS,
  platformByReturnPage,
  platformPath,
  webPlatforms,
} from "./platforms";

/**
 * The web app's platform list is built from the catalogue: a platform added there appears on the
 * Connections page with its name, mark and return page (functions/src/connections/platform-catalogue.test.ts
 * checks the routes, policy rows, handlers and queues of the same made-up platform).
 */
describe("the web app's platform list", () => {
  it("shows a platform added through the catalogue, connectable by popup, sorted by name", () => {
    const platforms = webPlatforms([...PLATFORM_CATALOGUE, aPlatformEntry()]);
    expect(platforms.find((p) => p.slug === "fakeads")).toMatchObject({
      name: "Fake Ads",
      mark: "FK",
      color: "#5b3cc4",
      apiSegment: "fake-ads",
      connect: "popup",
      returnPage: "/fake-ads-response",
      responseField: "fakeAdsObj",
    });
    const names = connectablePlatforms(platforms).map((p) => p.name);
    expect(names).toContain("Fake Ads");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(PLATFORMS.some((p) => p.slug === "fakeads")).toBe(false);
  });

  it("keeps the spec's names, notes and connection kinds (spec 2.12 and 3)", () => {
    expect(connectablePlatforms().map((p) => [p.name, p.connect, p.note ?? ""])).toEqual([
      ["Amazon Ads", "popup", ""],
      ["Cake", "apiKey", ""],
      ["Facebook Ads", "popup", ""],
      ["Google Ads", "popup", ""],
      ["Google DV360", "popup", ""],
      ["LinkedIn Ads", "popup", ""],
      ["Microsoft Ads", "popup", ""],
      ["Pinterest Ads", "popup", ""],
      ["Reddit Ads", "popup", "beta"],
      ["Snapchat Ads", "not live", "not live"],
      ["TikTok Ads", "popup", ""],
      ["Twitter Ads", "popup", ""],
    ]);
    expect(PLATFORMS.find((p) => p.slug === "csv")).toMatchObject({ name: "Manual / CSV", mark: "CSV" });
    expect(platformByReturnPage("/linkedin-response/")?.slug).toBe("linkedinads");
    expect(platformByReturnPage("/bing-ads-response")?.failureTexts).toHaveLength(2);
  });

  it("knows each platform's calls, and none a platform does not have", () => {
    expect(platformPath("googleads", "authenticate")).toBe("/api/google-ads/authenticate");
    expect(platformPath("cake", "response")).toBe("/api/cake/response");
    expect(platformPath("twitterads", "filter-possible-values")).toBe(
      "/api/twitter-ads/filter-possible-values",
    );
    expect(platformPath("csv", "filter-possible-values")).toBeUndefined();
    expect(platformPath("cake", "authenticate")).toBeUndefined();
    expect(platformPath("snapchatads", "authenticate")).toBeUndefined();
    expect(PLATFORMS.find((p) => p.slug === "csv")?.apiSegment).toBeUndefined();
  });
});
