import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAdminUser } from "../../../../testing/a-current-user";
import { aTracker } from "../../../../testing/a-tracker";
import type { FilterSelection, TrackerDetail, TrackerFilter } from "../../../lib/tracker-types";
import { ManageTrackerModal } from "./manage-tracker-modal";

/**
 * The Manage Tracker modal's pending filter changes (spec trackers.md section 2, Filters and Manage
 * Tracker modal): whatever the user changed before clicking Update Tracker is what the one
 * update-single-tracker request carries. The API is a stand-in `fetch` that answers get-tracker and
 * echoes the filters it is sent.
 */

const CAMPAIGNS = [
  { id: "349043", name: "facebook_tier1" },
  { id: "348934", name: "facebook_tier2" },
  { id: "4387490", name: "facebook_retargeting" },
];

function campaignsFilter(selection: FilterSelection[], disabled = false): TrackerFilter {
  return {
    id: "campaigns",
    name: "Campaigns",
    type: "multipleChoice",
    integration: "facebookads",
    selection,
    disabled,
    possibleValues: CAMPAIGNS,
    filterValuesLoading: false,
  };
}

const nameFilter: TrackerFilter = {
  id: "campaignName",
  name: "Campaign name contains",
  type: "textBoxStringFilter",
  integration: "facebookads",
  selection: [],
};

function aDetail(filters: TrackerFilter[]): TrackerDetail {
  return {
    ...aTracker({ name: "Meta Prospecting", slug: "facebookads" }),
    _id: "t-filters",
    version: 3,
    dataComputedAt: null,
    historicData: [],
    futureBudgets: [],
    filters,
    messages: [],
  } as TrackerDetail;
}

const user = anAdminUser();

/** The bodies of the update-single-tracker requests, in order. */
let sent: Array<{ tracker: { _id: string; filters: TrackerFilter[] } }>;

function stubApi(detail: TrackerDetail) {
  let current = detail;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (url.includes("/api/tracker/get-tracker/")) return json({ tracker: current });
    if (url.includes("/api/tracker/update-single-tracker")) {
      const body = JSON.parse(String(init?.body)) as (typeof sent)[number];
      sent.push(body);
      current = { ...current, filters: body.tracker.filters, version: (current.version ?? 0) + 1 };
      return json({ tracker: current });
    }
    return new Response("{}", { status: 404 });
  });
}

async function openFilters(detail: TrackerDetail) {
  stubApi(detail);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManageTrackerModal trackerId={detail._id} user={user} trackers={[]} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole("tab", { name: "Filters" }));
  return screen.getByRole("dialog", { name: "Meta Prospecting" });
}

const box = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole("checkbox", { name: new RegExp(name) });

async function updateTracker(dialog: HTMLElement) {
  const before = sent.length;
  fireEvent.click(within(dialog).getByRole("button", { name: "Update Tracker" }));
  await waitFor(() => expect(sent.length).toBe(before + 1));
  await waitFor(() => expect(within(dialog).queryByRole("button", { name: "Update Tracker" })).toBeNull());
  return sent[before]?.tracker.filters ?? [];
}

const ids = (filters: TrackerFilter[], id: string) =>
  filters.find((f) => f.id === id)?.selection.map((s) => s.id);

describe("Manage Tracker: pending filter changes", () => {
  beforeEach(() => {
    sent = [];
    localStorage.setItem("token", "a.b.c");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("sends an untick and a later tick in one update; the badge stays at 2 selected", async () => {
    const dialog = await openFilters(
      aDetail([campaignsFilter([CAMPAIGNS[0], CAMPAIGNS[1]] as FilterSelection[])]),
    );
    fireEvent.click(box(dialog, "facebook_tier2"));
    fireEvent.click(box(dialog, "facebook_retargeting"));
    expect(within(dialog).getByText("2 selected")).toBeTruthy();

    const filters = await updateTracker(dialog);
    expect(ids(filters, "campaigns")).toEqual(["349043", "4387490"]);
    expect(within(dialog).getByText("2 selected")).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it("sends the tick that follows 'Activate Filter', and a campaign tick with a later name text", async () => {
    const dialog = await openFilters(aDetail([campaignsFilter([], true), nameFilter]));
    fireEvent.click(within(dialog).getByRole("button", { name: "Activate Filter" }));
    fireEvent.click(box(dialog, "facebook_tier1"));
    const activated = await updateTracker(dialog);
    expect(activated.find((f) => f.id === "campaigns")).toMatchObject({
      disabled: false,
      selection: [{ id: "349043", name: "facebook_tier1" }],
    });

    fireEvent.click(box(dialog, "facebook_tier2"));
    const text = within(dialog).getByLabelText("Campaign name contains");
    fireEvent.change(text, { target: { value: "tier" } });
    fireEvent.blur(text);
    const both = await updateTracker(dialog);
    expect(ids(both, "campaigns")).toEqual(["349043", "348934"]);
    expect(both.find((f) => f.id === "campaignName")?.selection).toEqual([
      { id: "tier", name: "tier", applyFilter: true, filterString: "tier" },
    ]);
  });
});
