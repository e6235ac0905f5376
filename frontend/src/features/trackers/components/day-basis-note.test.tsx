import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAdminUser } from "../../../../testing/a-current-user";
import { aTracker } from "../../../../testing/a-tracker";
import type { TrackerDetail } from "../../../lib/tracker-types";
import { ManageTrackerModal } from "./manage-tracker-modal";

/**
 * The Manage Tracker modal of a tracker whose platform reports UTC days says so above its tabs and
 * in its Warnings dialog (beyond the spec: the dialog's channel logo, names, error title and message
 * stay as the spec says); a tracker on its account's days says nothing of it. The API is a
 * stand-in `fetch` answering get-tracker.
 */

const LINKEDIN_NOTE =
  "LinkedIn Ads reports days in UTC: today's figures follow UTC midnight, not the ad account's time zone.";

const user = anAdminUser();

/** A tracker whose last refresh failed (so the Warnings button shows), as get-tracker answers it. */
function aFailedDetail(fields: Parameters<typeof aTracker>[0]): TrackerDetail {
  return {
    ...aTracker({
      dataLoadFail: true,
      err: { title: "Data load failed", msg: "The platform did not answer" },
      ...fields,
    }),
    _id: "t-day-basis",
    dataComputedAt: null,
    historicData: [],
    futureBudgets: [],
    filters: [],
    messages: [],
  } as TrackerDetail;
}

async function openWarnings(detail: TrackerDetail) {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) =>
    String(input).includes("/api/tracker/get-tracker/")
      ? new Response(JSON.stringify({ tracker: detail }), {
          status: 200,
          headers: { "content-type": "application/json" },
        })
      : new Response("{}", { status: 404 }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManageTrackerModal trackerId={detail._id} user={user} trackers={[]} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  const modal = await screen.findByRole("dialog", { name: detail.name });
  await screen.findByRole("tab", { name: "Filters" });
  const above = within(modal).queryByTestId("day-basis-note")?.textContent ?? null;
  await userEvent.click(within(modal).getByRole("button", { name: "Warnings" }));
  const warnings = await screen.findByRole("alertdialog", { name: "Warnings" });
  return { above, warnings };
}

/** The modal's first render loads every tab's code: allow for a busy machine. */
const MODAL_TEST_MS = 20_000;

describe("Manage Tracker: the UTC-day note", () => {
  beforeEach(() => localStorage.setItem("token", "a.b.c"));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it(
    "a LinkedIn tracker shows the note above the tabs and in Warnings, beside the spec's error title and message",
    async () => {
      const { above, warnings } = await openWarnings(
        aFailedDetail({ name: "LinkedIn EU", slug: "linkedinads", timeZone: "UTC", dayBasis: "utc" }),
      );
      expect(above).toBe(LINKEDIN_NOTE);
      expect(within(warnings).getByTestId("day-basis-note").textContent).toBe(LINKEDIN_NOTE);
      expect(within(warnings).getByText("Data load failed")).toBeTruthy();
      expect(within(warnings).getByText("The platform did not answer")).toBeTruthy();
    },
    MODAL_TEST_MS,
  );

  it(
    "a Google Ads tracker shows no such note",
    async () => {
      const { above, warnings } = await openWarnings(
        aFailedDetail({ name: "Search UK", slug: "googleads", dayBasis: "account" }),
      );
      expect(above).toBeNull();
      expect(within(warnings).queryByTestId("day-basis-note")).toBeNull();
      expect(within(warnings).getByText("Data load failed")).toBeTruthy();
    },
    MODAL_TEST_MS,
  );
});
