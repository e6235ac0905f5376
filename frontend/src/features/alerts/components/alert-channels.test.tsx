import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AlertChannels } from "./alert-channels";

/**
 * The Alerts page's 'Alert channels' section: 'Add to Slack' asks the server for Slack's authorize
 * page and sends the browser there. The API is a stand-in `fetch`; the navigation a stand-in `location`.
 */

const SLACK_URL = "https://slack.com/oauth/v2/authorize?client_id=c&scope=incoming-webhook&state=s";
let calls: string[];
let assigned: string[];

describe("Alert channels: Add to Slack", () => {
  beforeEach(() => {
    calls = [];
    assigned = [];
    localStorage.setItem("token", "a.b.c");
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(new URL(url, "http://x").pathname);
      const body = url.includes("/api/alerts/slack-install") ? { url: SLACK_URL } : { channels: [] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    });
    vi.stubGlobal("location", { ...window.location, assign: (url: string) => assigned.push(url) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("fetches the install URL and navigates to Slack's authorize page", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/alerts"]}>
          <AlertChannels accountId="a1" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText("No alert channels yet");
    expect(calls).not.toContain("/api/alerts/slack-install");
    await userEvent.click(screen.getByRole("button", { name: "Add to Slack" }));
    await waitFor(() => expect(assigned).toEqual([SLACK_URL]));
    expect(calls).toContain("/api/alerts/slack-install");
  });
});
