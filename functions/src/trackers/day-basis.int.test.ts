import { listedTrackers } from "@pacer/core/tracker-list";
import { describe, expect, it } from "vitest";
import { trackerViewSchema } from "../../contract/views.ts";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { aDataSource, aTrackerIn } from "../../testing/tracker-builders.ts";

type Listed = { _id: string; timeZone: string; dayBasis?: string | null };

describe("a tracker says which calendar its days follow (its connector's day basis)", () => {
  it("a LinkedIn tracker carries UTC and dayBasis 'utc' in the list and get answers; a Google Ads tracker its zone and 'account'", async () => {
    const { account, token } = await anAccountWithAdmin();
    const linkedin = await aTrackerIn(account.accountId, {
      timeZone: "UTC",
      dataSource: aDataSource({ name: "LinkedIn Ads", slug: "linkedinads", email: "ads@example.test" }),
    });
    const google = await aTrackerIn(account.accountId, { timeZone: "America/New_York" });

    const list = await callApi("GET", `/api/trackers/get-trackers-by-account/${account.accountId}`, {
      token,
    });
    expect(list.status).toBe(200);
    const rows = listedTrackers<Listed>(list.body);
    const row = (id: string) => rows.find((r) => r._id === id);
    expect(row(linkedin.trackerId)).toMatchObject({ timeZone: "UTC", dayBasis: "utc" });
    expect(row(google.trackerId)).toMatchObject({ timeZone: "America/New_York", dayBasis: "account" });

    for (const [tracker, dayBasis] of [
      [linkedin, "utc"],
      [google, "account"],
    ] as const) {
      const got = await callApi<{ tracker: unknown }>(
        "GET",
        `/api/tracker/get-tracker/${tracker.trackerId}`,
        {
          token,
        },
      );
      expect(got.status).toBe(200);
      expect(trackerViewSchema.parse(got.body.tracker).dayBasis).toBe(dayBasis);
    }
  });
});
