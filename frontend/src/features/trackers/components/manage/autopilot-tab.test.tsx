import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core/autopilot";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TrackerDetail } from "../../../../lib/tracker-types";
import type { AutopilotActionView } from "../../api/autopilot";
import { AutopilotTab } from "./autopilot-tab";
import { NotesTab } from "./notes-tab";

/** The AutoPilot tab and the AutoPilot activity of Notes & Activity, over a stubbed API. */

let asked: Array<{ method: string; url: string; body: unknown }>;
let actions: AutopilotActionView[];
let lastFailure: { at: string; code: string; message: string; campaignId: string } | null;
let switchOn: boolean;
let applyNeedsScope: boolean;

const anAction = (patch: Partial<AutopilotActionView>): AutopilotActionView => ({
  _id: "a1",
  trackerId: "t1",
  createdAt: "2026-11-26T09:00:00.000Z",
  campaignId: "89459845",
  campaignName: "google_hot",
  kind: "set-daily-budget",
  before: 100_000_000,
  after: 70_000_000,
  rule: "cruise",
  figures: {},
  status: "proposed",
  actor: null,
  decidedAt: null,
  answer: null,
  error: null,
  undoes: null,
  undoneBy: null,
  ...patch,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const TRACKER = { _id: "t1", currency: "GBP", messages: [] } as unknown as TrackerDetail;

describe("AutoPilot in Manage Tracker", () => {
  beforeEach(() => {
    asked = [];
    actions = [anAction({})];
    lastFailure = null;
    switchOn = true;
    applyNeedsScope = false;
    localStorage.setItem("token", "a.b.c");
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      asked.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes("/get-autopilot/")) {
        return json({
          autopilot: {
            settings: {
              ...DEFAULT_AUTOPILOT_SETTINGS,
              enabled: true,
              cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true },
            },
            accountSwitchOn: switchOn,
            supported: true,
            lastFailure,
            lastDailyRun: null,
          },
        });
      }
      if (url.includes("/get-autopilot-actions/")) return json({ actions });
      if (url.includes("/apply-autopilot-action/") && applyNeedsScope) {
        const message = "Pacer needs permission to change campaigns on Meta: reconnect it";
        return new Response(
          JSON.stringify({
            code: "WRITE_SCOPE_NEEDED",
            message,
            msg: message,
            details: { reason: "write_scope_needed", platform: "facebookads", platformName: "Meta" },
          }),
          { status: 409, headers: { "content-type": "application/json" } },
        );
      }
      if (url.includes("/facebook-ads/authenticate"))
        return json({ redirectUrl: "https://consent.test/?scope=ads_read,ads_management" });
      if (url.includes("/apply-autopilot-action/")) {
        actions = [anAction({ status: "applied", actor: { type: "user", userId: "u1", name: "Ann" } })];
        return json({ action: actions[0] });
      }
      if (url.includes("/undo-autopilot-action/"))
        return json({ action: anAction({ _id: "a2", rule: "undo", status: "applied" }) });
      if (url.endsWith("/api/account/update-autopilot-switch")) {
        switchOn = JSON.parse(String(init?.body)).enabled;
        return json({ enabled: switchOn });
      }
      if (url.endsWith("/api/alerts/alert-channels"))
        return json({ channels: [{ _id: "c1", name: "#pacing", kind: "slack" }] });
      if (url.includes("/get-account-users/"))
        return json([
          { _id: "u-admin", name: "Ada Admin", email: "ada@a.test", userType: "Admin" },
          { _id: "u-man", name: "Max Manager", email: "max@a.test", userType: "Manager" },
          { _id: "u-other", name: "Olga Other", email: "olga@a.test", userType: "Manager" },
          { _id: "u-view", name: "Vic Viewer", email: "vic@a.test", userType: "Viewer" },
        ]);
      if (url.includes("/update-autopilot/"))
        return json({
          autopilot: {
            settings: JSON.parse(String(init?.body)),
            accountSwitchOn: true,
            supported: true,
            lastFailure: null,
            lastDailyRun: null,
          },
        });
      if (url.includes("/alert-history")) return json({ events: [], targets: [] });
      return json({});
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("lists a Suggest proposal with its budget change and applies it", async () => {
    renderWith(<AutopilotTab tracker={TRACKER} />);

    const proposals = await screen.findByRole("list", { name: "Proposed changes" });
    expect(within(proposals).getByText(/Daily budget of google_hot: £100\.00 -> £70\.00/)).toBeTruthy();
    fireEvent.click(within(proposals).getByRole("button", { name: "Apply" }));

    await screen.findByText("No changes proposed");
    expect(
      asked.some((a) => a.method === "POST" && a.url.endsWith("/api/tracker/apply-autopilot-action/t1/a1")),
    ).toBe(true);
  });

  it("an Admin turns AutoPilot off for the whole account from the tab; a Manager sees no switch", async () => {
    renderWith(<AutopilotTab tracker={TRACKER} canSwitchAccount />);

    const toggle = await screen.findByRole("switch", { name: "AutoPilot for the whole account" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(toggle);

    await screen.findByText("AutoPilot is switched off for the whole account.");
    expect(asked.find((a) => a.url.endsWith("/api/account/update-autopilot-switch"))).toMatchObject({
      method: "POST",
      body: { enabled: false },
    });
    cleanup();
    renderWith(<AutopilotTab tracker={TRACKER} />);
    await screen.findByRole("list", { name: "Proposed changes" });
    expect(screen.queryByRole("switch", { name: "AutoPilot for the whole account" })).toBeNull();
  });

  it("a write refused for lack of permission shows 'Needs permission' with the reconnect link", async () => {
    lastFailure = {
      at: "2026-11-26T09:00:00Z",
      code: "insufficient_scope",
      message: "refused",
      campaignId: "1",
    };
    renderWith(<AutopilotTab tracker={TRACKER} />);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^Needs permission/);
    expect(within(alert).getByRole("link", { name: "Reconnect" }).getAttribute("href")).toBe("/accounts");
  });

  it("Apply refused for the write scope asks to reconnect; Reconnect runs the connect flow with the write scopes", async () => {
    applyNeedsScope = true;
    const popup = { closed: false, location: { href: "" }, close: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal("open", open);
    const tracker = {
      ...TRACKER,
      dataSource: { integration: { slug: "facebookads", email: "a@b.test" } },
    } as unknown as TrackerDetail;
    renderWith(<AutopilotTab tracker={tracker} />);

    const proposals = await screen.findByRole("list", { name: "Proposed changes" });
    fireEvent.click(within(proposals).getByRole("button", { name: "Apply" }));
    const alert = await screen.findByText(/^Pacer needs permission to change campaigns on Meta\./);
    fireEvent.click(within(alert).getByRole("button", { name: "Reconnect" }));

    await vi.waitFor(() =>
      expect(popup.location.href).toBe("https://consent.test/?scope=ads_read,ads_management"),
    );
    expect(
      asked.some((a) => a.method === "GET" && a.url.endsWith("/api/facebook-ads/authenticate?access=write")),
    ).toBe(true);
    expect(open).toHaveBeenCalledWith("", "pacer-connect", "width=600,height=550");
  });

  it("'Send proposals to' offers Admins and the tracker's Managers, never Viewers, and (to Admins) the channels", async () => {
    const tracker = { ...TRACKER, associatedUsers: [{ _id: "u-man" }, { _id: "u-view" }] } as TrackerDetail;
    renderWith(<AutopilotTab tracker={tracker} accountId="acc1" canSwitchAccount />);

    const group = await screen.findByRole("group", { name: /Send proposals to/ });
    const offered = within(group)
      .getAllByRole("checkbox")
      .map((c) => c.nextElementSibling?.textContent);
    await within(group).findByRole("checkbox", { name: /#pacing/ });
    expect(
      within(group)
        .getAllByRole("checkbox")
        .map((c) => c.nextElementSibling?.textContent),
    ).toEqual([
      "Ada Admin (Admin)",
      "Max Manager (Manager)",
      "#pacing (slack: names the tracker and links to it, no figures)",
    ]);
    expect(offered.slice(0, 2)).toEqual(["Ada Admin (Admin)", "Max Manager (Manager)"]);
    fireEvent.click(within(group).getByRole("checkbox", { name: "Max Manager (Manager)" }));
    fireEvent.click(within(group).getByRole("checkbox", { name: /#pacing/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save AutoPilot" }));

    await vi.waitFor(() =>
      expect(asked.find((a) => a.url.includes("/update-autopilot/t1"))?.body).toMatchObject({
        sendProposalsTo: { userIds: ["u-man"], channelIds: ["c1"] },
      }),
    );
  });

  it("Notes & Activity shows the applied action with Undo to editors, and asks nothing for Viewers", async () => {
    actions = [anAction({ status: "applied", actor: { type: "user", userId: "u1", name: "Ann" } })];
    renderWith(<NotesTab tracker={TRACKER} userId="u1" canEdit />);

    const activity = await screen.findByRole("region", { name: "AutoPilot activity" });
    expect(within(activity).getByText(/Cruise · Ann/)).toBeTruthy();
    fireEvent.click(within(activity).getByRole("button", { name: "Undo" }));
    await vi.waitFor(() =>
      expect(
        asked.some((a) => a.method === "POST" && a.url.endsWith("/api/tracker/undo-autopilot-action/t1/a1")),
      ).toBe(true),
    );

    cleanup();
    asked = [];
    renderWith(<NotesTab tracker={TRACKER} userId="u1" />);
    await screen.findByText("No notes yet");
    expect(asked.some((a) => a.url.includes("autopilot"))).toBe(false);
  });
});
