import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { aTracker } from "../../../../testing/a-tracker";
import { TrackerNameCell } from "./columns";
import { trackerTableRow } from "./rows";

const LINKEDIN_NOTE =
  "LinkedIn Ads reports days in UTC: today's figures follow UTC midnight, not the ad account's time zone.";

/**
 * The dashboard row of a tracker whose platform reports UTC days carries a 'UTC days' marker with
 * the note as its tooltip and accessible name (beyond the spec: information only, the row state
 * and its texts unchanged); a tracker on its account's days carries none.
 */
describe("the dashboard row's day-basis marker", () => {
  afterEach(cleanup);

  it("a LinkedIn tracker (UTC days) shows the marker with its note; its row state is unchanged", () => {
    const tracker = aTracker({ name: "LinkedIn EU", slug: "linkedinads", timeZone: "UTC", dayBasis: "utc" });
    const r = trackerTableRow(tracker);
    render(<TrackerNameCell r={r} />);
    const marker = screen.getByRole("img", { name: LINKEDIN_NOTE });
    expect(marker.textContent).toBe("UTC days");
    expect(r.state).toBe(trackerTableRow({ ...tracker, dayBasis: "account" }).state);
  });

  it("a Google Ads tracker (the account's days) and a list row without the field show no marker", () => {
    render(<TrackerNameCell r={trackerTableRow(aTracker({ name: "Search UK", dayBasis: "account" }))} />);
    render(
      <TrackerNameCell r={trackerTableRow(aTracker({ name: "Older snapshot", slug: "linkedinads" }))} />,
    );
    expect(screen.getByText("Search UK")).toBeTruthy();
    expect(screen.getByText("Older snapshot")).toBeTruthy();
    expect(screen.queryByText("UTC days")).toBeNull();
    expect(screen.queryByRole("img", { name: /reports days in UTC/ })).toBeNull();
  });
});
