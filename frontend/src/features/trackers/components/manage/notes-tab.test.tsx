import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TrackerDetail } from "../../../../lib/tracker-types";
import { NotesTab } from "./notes-tab";

/** Notes & Activity: the tracker's alert firings and resolutions from the alert history. */

let asked: string[];

describe("Notes & Activity: alert activity", () => {
  beforeEach(() => {
    asked = [];
    localStorage.setItem("token", "a.b.c");
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const event = (outcome: string, id: string, at: string) => ({
        id,
        at,
        alertName: "Running hot",
        outcome,
      });
      return new Response(
        JSON.stringify({
          events: [
            event("resolved", "e3", "2026-11-26T09:00:00.000Z"),
            event("sent", "e2", "2026-11-25T08:00:00.000Z"),
            event("fired", "e1", "2026-11-25T08:00:00.000Z"),
          ],
          targets: [],
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("lists the tracker's firings and resolutions, not the deliveries", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <NotesTab tracker={{ _id: "t 1", messages: [] } as unknown as TrackerDetail} userId="u1" />
      </QueryClientProvider>,
    );

    const activity = await screen.findByRole("region", { name: "Alert activity" });
    const items = within(activity)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^Alert Running hot resolved/);
    expect(items[1]).toMatch(/^Alert Running hot fired/);
    expect(asked.some((u) => u.endsWith("/api/alerts/alert-history?target=t%201"))).toBe(true);
  });
});
