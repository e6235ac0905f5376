import { encodeTrackerList } from "@pacer/core/tracker-list";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "../../../lib/api-client";
import type { TrackerView } from "../../../lib/tracker-types";
import {
  LAST_ACCOUNT_KEY,
  needsQuietRefetch,
  startTrackerListEarly,
  useTrackerListFirstPage,
  useTrackers,
} from "./trackers";

const aTracker = (id: string) => ({
  _id: id,
  name: `Tracker ${id}`,
  associatedUsers: [{ _id: "u-1", name: "Ann", userType: "Admin", email: "ann@agency.test", avatar: null }],
  dataSource: { integration: { name: "Google Ads", slug: "googleads" }, view: { id: "123", name: "Shop" } },
  data: { actualSpend: 12_000_000 },
});

/**
 * The list answer on the wire, for the account in the path: one tracker; `?first=N` (the first page)
 * answers it with `total: 3`, as the first page of a list of three.
 */
function listServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      calls.push(path);
      const [account, query] = (path.split("/").pop() as string).split("?");
      const list = encodeTrackerList([aTracker(`${account}-t1`)]);
      const answer = query ? { ...list, total: 3 } : list;
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return calls;
}

function renderTrackers(accountId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useTrackers(accountId), { wrapper }).result;
}

function renderFirstPage(accountId: string, wanted: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useTrackerListFirstPage(accountId, wanted), { wrapper }).result;
}

beforeEach(() => {
  localStorage.clear();
  setToken("session-token");
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("useTrackers' first list request", () => {
  it("takes the answer of the request started at page load for the account listed last, without asking again", async () => {
    localStorage.setItem(LAST_ACCOUNT_KEY, "acc-1");
    const calls = listServer();

    startTrackerListEarly();
    // The first page goes first, alone; the whole list once the first page has answered.
    expect(calls).toEqual(["/api/trackers/get-trackers-by-account/acc-1?first=100"]);
    await waitFor(() =>
      expect(calls).toEqual([
        "/api/trackers/get-trackers-by-account/acc-1?first=100",
        "/api/trackers/get-trackers-by-account/acc-1",
      ]),
    );
    const result = renderTrackers("acc-1");

    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(result.current.data?.[0]).toEqual(aTracker("acc-1-t1"));
    expect(calls).toHaveLength(2);
  });

  it("gives the first page (its trackers and the whole list's total) from the request started at page load, without asking again", async () => {
    localStorage.setItem(LAST_ACCOUNT_KEY, "acc-1");
    const calls = listServer();

    startTrackerListEarly();
    const result = renderFirstPage("acc-1", true);

    await waitFor(() => expect(result.current).toBeDefined());
    expect(result.current).toEqual({ trackers: [aTracker("acc-1-t1")], total: 3 });
    expect(calls).toHaveLength(2);
  });

  it("gives the first page at the first render, and reads the whole list after it, when both answers are there together", async () => {
    localStorage.setItem(LAST_ACCOUNT_KEY, "acc-5");
    listServer();
    startTrackerListEarly();
    // Both answers have arrived before the page asks for them.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const seen: string[] = [];

    const { result } = renderHook(
      () => {
        const whole = useTrackers("acc-5");
        const firstPage = useTrackerListFirstPage("acc-5", whole.data === undefined);
        seen.push(`${firstPage ? "first page" : "-"} / ${whole.data ? "whole list" : "-"}`);
        return whole;
      },
      { wrapper },
    );

    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect([...new Set(seen)]).toEqual(["first page / -", "- / whole list"]);
  });

  it("asks for the first page itself when none was started, and gives nothing once not wanted", async () => {
    const calls = listServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(
      ({ wanted }: { wanted: boolean }) => useTrackerListFirstPage("acc-3", wanted),
      { wrapper, initialProps: { wanted: true } },
    );

    await waitFor(() => expect(result.current?.total).toBe(3));
    expect(calls).toEqual(["/api/trackers/get-trackers-by-account/acc-3?first=100"]);
    rerender({ wanted: false });
    expect(result.current).toBeUndefined();
  });

  it("gives no first page when the server had none ready (an answer without total)", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string) => {
        calls.push(path);
        return new Response(JSON.stringify(encodeTrackerList([])), { status: 200 });
      }),
    );

    const result = renderFirstPage("acc-4", true);

    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
  });

  it("asks for the session's account when the early request was for another, and remembers it", async () => {
    localStorage.setItem(LAST_ACCOUNT_KEY, "acc-old");
    const calls = listServer();

    startTrackerListEarly();
    const result = renderTrackers("acc-2");

    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(result.current.data?.[0]?._id).toBe("acc-2-t1");
    // In any order: the early whole list waits for its first page.
    expect([...calls].sort()).toEqual([
      "/api/trackers/get-trackers-by-account/acc-2",
      "/api/trackers/get-trackers-by-account/acc-old",
      "/api/trackers/get-trackers-by-account/acc-old?first=100",
    ]);
    expect(localStorage.getItem(LAST_ACCOUNT_KEY)).toBe("acc-2");
  });

  it("starts nothing without a stored session", () => {
    localStorage.setItem(LAST_ACCOUNT_KEY, "acc-1");
    setToken(null);
    const calls = listServer();

    startTrackerListEarly();

    expect(calls).toEqual([]);
  });
});

describe("the quiet re-fetch", () => {
  it("is wanted while a tracker of the list is updating, budget-updating or loading, and not without one", () => {
    const quiet = [aTracker("t-1"), aTracker("t-2")] as unknown as TrackerView[];
    const updating = [aTracker("t-1"), { ...aTracker("t-2"), isUpdating: true }] as unknown as TrackerView[];
    const loading = [{ ...aTracker("t-1"), dataLoading: true }] as unknown as TrackerView[];

    expect(needsQuietRefetch(quiet)).toBe(false);
    expect(needsQuietRefetch(quiet)).toBe(false);
    expect(needsQuietRefetch(updating)).toBe(true);
    expect(needsQuietRefetch(loading)).toBe(true);
    expect(needsQuietRefetch(undefined)).toBe(false);
  });
});
