import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Alert, AlertHistoryEntry, AlertTargetState } from "../api/alerts";
import { AlertHistory } from "./alert-history";

/**
 * The Alerts page's 'Firing now' and 'Alert history' sections: the filters reach the history call,
 * and a target's snooze menu posts the snooze for that target. The API is a stand-in `fetch`.
 */

const alerts = [{ _id: "al1", name: "Running hot" }] as Alert[];
const firing: AlertTargetState = {
  alertId: "al1",
  alertName: "Running hot",
  level: "tracker",
  target: "t1",
  targetName: "Brand Search",
  firing: true,
  since: "2026-11-26T08:00:00.000Z",
  snoozedUntil: null,
};
const entry = (e: Partial<AlertHistoryEntry>): AlertHistoryEntry => ({
  id: crypto.randomUUID(),
  at: "2026-11-26T08:00:00.000Z",
  alertId: "al1",
  alertName: "Running hot",
  level: "tracker",
  outcome: "fired",
  target: "t1",
  targetName: "Brand Search",
  channel: null,
  recipient: null,
  value: 160,
  threshold: 150,
  reason: null,
  ...e,
});

let historyCalls: string[];
let snoozes: Array<{ path: string; body: unknown }>;

function stubApi() {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (url.includes("/api/alerts/alert-history")) {
      historyCalls.push(url);
      const failedOnly = url.includes("outcome=failed");
      const events = failedOnly
        ? [
            entry({
              outcome: "failed",
              target: null,
              targetName: null,
              channel: "email",
              recipient: "ana@example.test",
              reason: "E-mail not sent (Throttling)",
            }),
          ]
        : [
            entry({}),
            entry({
              outcome: "sent",
              target: null,
              targetName: null,
              channel: "email",
              recipient: "ana@example.test",
            }),
          ];
      return json({ events, targets: [firing] });
    }
    if (url.includes("/api/alerts/snooze-alert/")) {
      snoozes.push({ path: new URL(url, "http://x").pathname, body: JSON.parse(String(init?.body)) });
      return json({ msg: "Alert snoozed", snoozedUntil: "2026-12-03T08:00:00.000Z", target: "t1" });
    }
    return new Response("{}", { status: 404 });
  });
}

function renderHistory(canSnooze = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/alerts"]}>
        <AlertHistory accountId="a1" alerts={alerts} canSnooze={canSnooze} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Alerts page: firing now and the alert history", () => {
  beforeEach(() => {
    historyCalls = [];
    snoozes = [];
    localStorage.setItem("token", "a.b.c");
    stubApi();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("lists firings and deliveries, and asks the server again with the outcome filter", async () => {
    renderHistory();
    const history = await screen.findByRole("table", { name: "Alert history" });
    await within(history).findByText("E-mail to ana@example.test");
    expect(within(history).getByText("Fired")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Outcome"), { target: { value: "failed" } });

    await waitFor(() => expect(historyCalls.at(-1)).toContain("outcome=failed"));
    await within(history).findByText("E-mail not sent (Throttling)");
    expect(historyCalls.at(-1)).toContain("outcome=failed");
    expect(within(history).queryByText("Fired")).toBeNull();
  });

  it("snoozes one firing target for a week from its menu", async () => {
    renderHistory();
    const now = await screen.findByRole("table", { name: "Targets firing or snoozed" });
    await within(now).findByText("Brand Search");
    await userEvent.click(within(now).getByRole("button", { name: "Snooze Running hot for Brand Search" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Snooze 1 week" }));

    await waitFor(() => expect(snoozes).toHaveLength(1));
    expect(snoozes[0]).toEqual({
      path: "/api/alerts/snooze-alert/al1",
      body: { duration: "week", target: "t1" },
    });
  });

  it("gives a user who may not snooze (not an Admin) the targets without a snooze menu", async () => {
    renderHistory(false);
    const now = await screen.findByRole("table", { name: "Targets firing or snoozed" });
    await within(now).findByText("Brand Search");
    expect(within(now).queryByRole("button", { name: /^Snooze / })).toBeNull();
  });
});
