import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DAY_BASIS_DESCRIPTORS, dayBasisOf } from "./day-basis.ts";
import { LINKEDIN_TIME_ZONE } from "./linkedin-ads/linkedin-ads-connector.ts";
import { PINTEREST_TIME_ZONE } from "./pinterest-ads/pinterest-ads-connector.ts";
import { DESCRIPTORS, liveConnectors } from "./registry.ts";

/** The README's names of the connectors in "Which zone a platform's day is in", to their slugs. */
const README_NAMES: Record<string, string> = {
  "Google Ads": "googleads",
  "Microsoft Advertising": "bingads",
  Meta: "facebookads",
  "Amazon Ads": "amazonads",
  "X Ads": "twitterads",
  TikTok: "tiktokads",
  Reddit: "redditads",
  LinkedIn: "linkedinads",
  Pinterest: "pinterestads",
  DV360: "googledv360",
  Cake: "cake",
  "Manual / CSV": "csv",
};

/** The zone each connector's views carry when the platform reports UTC days. */
const UTC_VIEW_ZONES: Record<string, string> = {
  linkedinads: LINKEDIN_TIME_ZONE,
  pinterestads: PINTEREST_TIME_ZONE,
};

/** The rows of the README's zone table: connector, the platform's day, the view's `timeZone`. */
function zoneTable(): Array<{ name: string; day: string; viewZone: string }> {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const section = readme.split("## Which zone a platform's day is in")[1]?.split("\n## ")[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Connector") && !line.startsWith("| ---"))
    .map((line) => {
      const [name = "", day = "", viewZone = ""] = line
        .split("|")
        .slice(1)
        .map((cell) => cell.trim());
      return { name, day, viewZone };
    });
}

describe("which zone a platform's day is in (README table, connector descriptors)", () => {
  const rows = zoneTable();

  it("the README table has one row per live connector: all 11 platforms and the CSV source", () => {
    expect(rows.map((r) => README_NAMES[r.name]).sort()).toEqual(liveConnectors().map((p) => p.slug));
    expect(rows).toHaveLength(12);
    expect(DAY_BASIS_DESCRIPTORS.map((d) => d.slug).sort()).toEqual(DESCRIPTORS.map((d) => d.slug).sort());
  });

  it.each(rows)("$name: the view's zone and day basis are the table's", ({ name, day, viewZone }) => {
    const slug = README_NAMES[name] ?? "";
    const utc = viewZone === "`UTC`";
    expect(utc, "the day column agrees with the view's zone").toBe(day.startsWith("UTC"));
    expect(dayBasisOf(slug)).toBe(utc ? "utc" : "account");
    // A UTC-day connector's views carry the fixed zone UTC; the others carry the account's own zone
    // field (each connector's test asserts the zone its listAdAccounts gives for the demo account).
    expect(UTC_VIEW_ZONES[slug], name).toBe(utc ? "UTC" : undefined);
  });

  it("a platform without a connector or an unknown slug has no day basis", () => {
    expect(dayBasisOf("snapchatads")).toBeNull();
    expect(dayBasisOf("nope")).toBeNull();
  });
});
