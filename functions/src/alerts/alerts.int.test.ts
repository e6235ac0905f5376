import { updateUser } from "@pacer/db";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { METRICS } from "../../metric-names.ts";
import { callApi } from "../../testing/api.ts";
import { aUserIn, aWorld } from "../../testing/builders.ts";
import { useMailCapture } from "../../testing/mail.ts";
import { captureOutput, emfPoints } from "../../testing/output.ts";
import { useOwnTable } from "../../testing/own-table.ts";
import { aPodIn, aTrackerIn, daysThisMonth } from "../../testing/tracker-builders.ts";
import { handler as dailyAlerts } from "../alerts-daily/index.ts";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";
import { metrics } from "../lib/metrics.ts";

/** The daily alert run goes through every account at 08:00 local: a table of its own (see useOwnTable). */
useOwnTable("alerts");

const mail = useMailCapture();

type AlertBody = { alert: { _id: string; name: string; user: { _id: string }; fireOn: number | null } };

/** An alert form (core alertFormSchema); money values in micros. */
const anAlert = (extra: Record<string, unknown> = {}) => ({
  name: "Overspend",
  level: "tracker",
  target: { all: true },
  data: {
    metric: "actualSpend",
    metricName: "Actual Spend",
    operator: "isGreaterThan",
    valueSet: "manual",
    value: 1_000_000_000,
    valueBudget: "budget",
  },
  fireWhen: "everyday",
  fireOn: 1,
  additionalRecipients: [],
  ...extra,
});

describe("alert calls", () => {
  it("creates, lists, edits and removes alerts with the spec's toasts", async () => {
    const world = await aWorld();
    const { Admin } = world;

    const created = await callApi<AlertBody>("POST", "/api/alerts/create-alert", {
      token: Admin.token,
      body: { ...anAlert({ fireWhen: "weekly", fireOn: 3 }), type: "user" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ msg: "Alert Created", alert: { name: "Overspend", fireOn: 3 } });
    const id = created.body.alert._id;

    const edited = await callApi<AlertBody & { msg: string }>("POST", "/api/alerts/edit-alert", {
      token: Admin.token,
      body: { ...anAlert({ name: "Renamed" }), _id: id },
    });
    expect(edited.body).toMatchObject({ msg: "Alert Edited", alert: { name: "Renamed", fireOn: null } });

    const list = await callApi<{ alerts: AlertBody["alert"][] }>(
      "GET",
      `/api/alerts/get-alerts/${Admin.user.userId}/${world.account.accountId}`,
      { token: Admin.token },
    );
    expect(list.body.alerts.map((a) => a.name)).toEqual(["Renamed"]);

    const removed = await callApi("POST", `/api/alerts/remove-alert/${id}`, { token: Admin.token });
    expect(removed.body).toMatchObject({ msg: "Renamed removed" });
    expect((await callApi("POST", `/api/alerts/remove-alert/${id}`, { token: Admin.token })).status).toBe(
      404,
    );
  });

  it("keeps Viewers to their own trackers and alerts; only the creator or an Admin changes an alert", async () => {
    const world = await aWorld();
    const { Viewer, Manager, Admin } = world;
    const mine = await aTrackerIn(world.account.accountId, { associatedUserIds: [Viewer.user.userId] });
    const notMine = await aTrackerIn(world.account.accountId);

    const all = await callApi("POST", "/api/alerts/create-alert", { token: Viewer.token, body: anAlert() });
    const foreign = await callApi("POST", "/api/alerts/create-alert", {
      token: Viewer.token,
      body: anAlert({ target: { all: false, ids: [notMine.trackerId] } }),
    });
    const own = await callApi<AlertBody>("POST", "/api/alerts/create-alert", {
      token: Viewer.token,
      body: anAlert({ target: { all: false, ids: [mine.trackerId] } }),
    });
    const byAdmin = await callApi<AlertBody>("POST", "/api/alerts/create-alert", {
      token: Admin.token,
      body: anAlert(),
    });

    expect(all.status).toBe(400);
    expect(all.body).toMatchObject({ message: "Viewers cannot choose all trackers", field: "body.target" });
    expect(foreign.body).toMatchObject({ message: "Tracker not found", field: "body.target.ids.0" });
    expect(own.status).toBe(201);
    const viewerList = await callApi<{ alerts: AlertBody["alert"][] }>(
      "GET",
      `/api/alerts/get-alerts/${Viewer.user.userId}/${world.account.accountId}`,
      { token: Viewer.token },
    );
    expect(viewerList.body.alerts.map((a) => a._id)).toEqual([own.body.alert._id]);
    const managerRemoves = await callApi("POST", `/api/alerts/remove-alert/${own.body.alert._id}`, {
      token: Manager.token,
    });
    expect(managerRemoves.status).toBe(404);
    const managerEdits = await callApi("POST", "/api/alerts/edit-alert", {
      token: Manager.token,
      body: { ...anAlert(), _id: byAdmin.body.alert._id },
    });
    expect(managerEdits.status).toBe(404);
    const otherUser = await callApi(
      "GET",
      `/api/alerts/get-alerts/${Admin.user.userId}/${world.account.accountId}`,
      {
        token: Viewer.token,
      },
    );
    expect(otherUser.status).toBe(404);
  });
});

describe("alert evaluation and e-mail", () => {
  it("e-mails the creator and the additional recipients once per period, with the figures; unsubscribed users get none", async () => {
    const world = await aWorld({ name: "Mail Co" });
    const id = world.account.accountId;
    const { rows, days } = daysThisMonth(100);
    // The Manager may see the tracker (a recipient never gets rows they may not see: tests below).
    const tracker = await aTrackerIn(
      id,
      { name: "Brand Search", associatedUserIds: [world.Manager.user.userId] },
      rows,
    );
    await updateUser(id, world.subject.user.userId, () => ({
      notificationPreferences: { unsubscribedAll: true },
    }));
    await callApi("POST", "/api/alerts/create-alert", {
      token: world.Admin.token,
      body: anAlert({
        name: "Spend over £50",
        data: { ...anAlert().data, value: 50_000_000 },
        additionalRecipients: [
          { _id: world.Manager.user.userId, name: "M", email: world.Manager.email },
          { _id: world.subject.user.userId, name: "S", email: world.subject.email },
        ],
      }),
    });

    const first = await evaluateAlertsForAccount(id);
    const second = await evaluateAlertsForAccount(id);

    expect(first.fired).toHaveLength(1);
    expect(first.fired[0]?.recipients.sort()).toEqual([world.Admin.email, world.Manager.email].sort());
    expect(second.fired).toEqual([]);
    const toAdmin = mail.to(world.Admin.email);
    expect(toAdmin).toHaveLength(1);
    expect(mail.to(world.Manager.email)).toHaveLength(1);
    expect(mail.to(world.subject.email)).toHaveLength(0);
    const message = toAdmin[0];
    expect(message?.subject).toBe("Pacer alert: Spend over £50");
    expect(message?.text).toContain(
      `${tracker.name} | Actual Spend | £${(100 * days).toLocaleString("en-GB")} | £50`,
    );
    expect(message?.links).toContain("http://localhost:3000/dashboard");
    expect(message?.links.some((l) => l.includes("/unsubscribe-all-emails/"))).toBe(true);
  });

  it("counts each alert e-mail sent as an EMF metric of the e-mail channel", async () => {
    const world = await aWorld({ name: "Metric Co" });
    const id = world.account.accountId;
    // The Manager may see the tracker, so both the Admin and the Manager are e-mailed.
    await aTrackerIn(
      id,
      { name: "Brand Search", associatedUserIds: [world.Manager.user.userId] },
      daysThisMonth(100).rows,
    );
    await callApi("POST", "/api/alerts/create-alert", {
      token: world.Admin.token,
      body: anAlert({
        name: "Spend over £50",
        data: { ...anAlert().data, value: 50_000_000 },
        additionalRecipients: [{ _id: world.Manager.user.userId, name: "M", email: world.Manager.email }],
      }),
    });
    vi.stubEnv("POWERTOOLS_METRICS_DISABLED", "false");
    const output = captureOutput();
    try {
      await evaluateAlertsForAccount(id);
    } finally {
      // Called outside a handler here: write what the invocation's end would have written.
      metrics.publishStoredMetrics();
      output.restore();
      vi.unstubAllEnvs();
    }

    // One line for the run (functions/src/lib/metrics.ts), the channel kind on it.
    const points = emfPoints(output.json()).map((p) => [p.name, p.value, p.dimensions, p.context]);
    expect(points).toEqual([
      [METRICS.alertDeliverySent.name, [1, 1], { service: "pacer" }, { channel: "email" }],
    ]);
  });

  it("honours the e-mail's unsubscribe link on the next alert", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    await aTrackerIn(id, { associatedUserIds: [world.Manager.user.userId] }, daysThisMonth(100).rows);
    await callApi("POST", "/api/alerts/create-alert", {
      token: world.Manager.token,
      body: anAlert({ name: "One" }),
    });
    await evaluateAlertsForAccount(id);
    expect(mail.to(world.Manager.email)).toHaveLength(1);
    const link =
      mail.to(world.Manager.email)[0]?.links.find((l) => l.includes("/unsubscribe-all-emails/")) ?? "";
    const token = decodeURIComponent(link.split("/unsubscribe-all-emails/")[1] ?? "");

    const unsubscribe = await callApi(
      "POST",
      `/api/auth/unsubscribe-all-emails/${encodeURIComponent(token)}`,
    );
    await callApi("POST", "/api/alerts/create-alert", {
      token: world.Manager.token,
      body: anAlert({ name: "Two" }),
    });
    await evaluateAlertsForAccount(id);

    expect(unsubscribe.status).toBe(200);
    expect(mail.to(world.Manager.email).map((m) => m.subject)).toEqual(["Pacer alert: One"]);
  });

  it("evaluates clients and pods on their summed figures, and budget thresholds", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const { rows } = daysThisMonth(100);
    const a = await aTrackerIn(id, { name: "A", client: "Acme", manualBudgetValue: 1_000_000_000 }, rows);
    const b = await aTrackerIn(id, { name: "B", client: "Acme", manualBudgetValue: 1_000_000_000 }, rows);
    await aTrackerIn(id, { name: "C", client: "Other", manualBudgetValue: 900_000_000_000 });
    const pod = await aPodIn(id, { name: "Pod One", trackers: [a.trackerId, b.trackerId] });
    const over = (name: string, level: string, target: unknown) =>
      callApi("POST", "/api/alerts/create-alert", {
        token: world.Admin.token,
        body: anAlert({
          name,
          level,
          target,
          data: { ...anAlert().data, valueSet: "budget", valueBudget: "dailyBudget", value: 0 },
        }),
      });
    await over("Client over daily", "client", { all: false, ids: ["Acme"] });
    await over("Pod over daily", "pod", { all: false, ids: [pod.podId] });
    await callApi("POST", "/api/alerts/create-alert", {
      token: world.Admin.token,
      body: anAlert({ name: "Never", data: { ...anAlert().data, operator: "isLessThan", value: 0 } }),
    });

    const summary = await evaluateAlertsForAccount(id);

    expect(summary.evaluated).toBe(3);
    const subjects = mail
      .to(world.Admin.email)
      .map((m) => m.subject)
      .sort();
    expect(subjects).toEqual(["Pacer alert: Client over daily", "Pacer alert: Pod over daily"]);
    const client = mail.to(world.Admin.email).find((m) => m.subject.includes("Client"));
    expect(client?.text).toContain("Acme | Actual Spend");
    expect(client?.text).not.toContain("Other |");
  });

  it("fires weekly alerts only on their day, and the daily schedule runs at 08:00 in the account's time zone", async () => {
    const world = await aWorld({ timeZone: "Asia/Kathmandu" });
    const id = world.account.accountId;
    await aTrackerIn(id, {}, daysThisMonth(100).rows);
    await callApi("POST", "/api/alerts/create-alert", {
      token: world.Admin.token,
      body: anAlert({ name: "Mondays", fireWhen: "weekly", fireOn: 1 }),
    });
    // 2026-11-23 is a Monday; 02:20Z is 08:05 in Kathmandu (UTC+05:45).
    const tuesday = new Date("2026-11-24T02:20:00Z");
    const monday = new Date("2026-11-23T02:20:00Z");

    expect((await evaluateAlertsForAccount(id, tuesday)).evaluated).toBe(0);
    await dailyAlerts({ time: "2026-11-23T01:00:00Z" });
    expect(mail.to(world.Admin.email)).toHaveLength(0);
    await dailyAlerts({ time: monday.toISOString() });
    await dailyAlerts({ time: monday.toISOString() });

    expect(mail.to(world.Admin.email).map((m) => m.subject)).toEqual(["Pacer alert: Mondays"]);
  });

  describe("each recipient gets only what they may see (trackers.md 1, pods-budgets-alerts-users-connections.md 5)", () => {
    /**
     * An Admin's alerts on all trackers, all clients and all pods, every row over £50, with a second
     * Admin, the Manager and the Viewer as additional recipients. The Manager sees `managers` (and
     * `inPod`, through the pod that lists them); the Viewer sees `viewers`; `hidden` is the Admins'
     * only; `podHidden` lists the Manager but sits in a pod that does not list them.
     */
    async function anAlertForEveryone() {
      const world = await aWorld();
      const id = world.account.accountId;
      const secondAdmin = await aUserIn(id, "Admin");
      const { rows, days } = daysThisMonth(100);
      const { Manager, Viewer } = world;
      await aTrackerIn(
        id,
        { name: "Managers Tracker", client: "Acme", associatedUserIds: [Manager.user.userId] },
        rows,
      );
      await aTrackerIn(
        id,
        { name: "Viewers Tracker", client: "Beta", associatedUserIds: [Viewer.user.userId] },
        rows,
      );
      const hidden = await aTrackerIn(id, { name: "Hidden Tracker", client: "Acme" }, rows);
      const inPod = await aTrackerIn(
        id,
        { name: "Pod Tracker", client: "Gamma", associatedUserIds: [Manager.user.userId] },
        rows,
      );
      const podHidden = await aTrackerIn(
        id,
        { name: "Pod Hidden Tracker", client: "Gamma", associatedUserIds: [Manager.user.userId] },
        rows,
      );
      await aPodIn(id, {
        name: "Managers Pod",
        trackers: [inPod.trackerId, hidden.trackerId],
        users: [Manager.user.userId],
      });
      await aPodIn(id, { name: "Closed Pod", trackers: [podHidden.trackerId] });
      const recipients = [secondAdmin, Manager, Viewer, world.subject].map((m) => ({
        _id: m.user.userId,
        name: m.user.name,
        email: m.email,
      }));
      for (const [level, name] of [
        ["tracker", "All trackers"],
        ["client", "All clients"],
        ["pod", "All pods"],
      ] as const) {
        const created = await callApi("POST", "/api/alerts/create-alert", {
          token: world.Admin.token,
          body: anAlert({
            name,
            level,
            data: { ...anAlert().data, value: 50_000_000 },
            additionalRecipients: recipients,
          }),
        });
        expect(created.status).toBe(201);
      }
      const summary = await evaluateAlertsForAccount(id);
      const spend = `£${(100 * days).toLocaleString("en-GB")}`;
      const twice = `£${(200 * days).toLocaleString("en-GB")}`;
      const body = (email: string, alert: string) =>
        mail.to(email).find((m) => m.subject === `Pacer alert: ${alert}`)?.text ?? "";
      return { world, secondAdmin, summary, spend, twice, body };
    }

    let fired: Awaited<ReturnType<typeof anAlertForEveryone>>;
    beforeAll(async () => {
      fired = await anAlertForEveryone();
    });

    it("an Admin recipient gets every breaching tracker, client and pod", () => {
      const { secondAdmin, spend, twice, body } = fired;
      const trackers = body(secondAdmin.email, "All trackers");
      for (const name of [
        "Managers Tracker",
        "Viewers Tracker",
        "Hidden Tracker",
        "Pod Tracker",
        "Pod Hidden Tracker",
      ])
        expect(trackers).toContain(`${name} | Actual Spend | ${spend} | £50`);
      expect(body(secondAdmin.email, "All clients")).toContain(`Acme | Actual Spend | ${twice} | £50`);
      expect(body(secondAdmin.email, "All pods")).toContain(`Managers Pod | Actual Spend | ${twice} | £50`);
      expect(body(secondAdmin.email, "All pods")).toContain(`Closed Pod | Actual Spend | ${spend} | £50`);
    });

    it("a Manager recipient gets only the trackers, clients and pods they may see, with the figures they see", () => {
      const { world, spend, body } = fired;
      const email = world.Manager.email;
      const trackers = body(email, "All trackers");
      expect(trackers).toContain(`Managers Tracker | Actual Spend | ${spend} | £50`);
      expect(trackers).toContain(`Pod Tracker | Actual Spend | ${spend} | £50`);
      for (const name of ["Viewers Tracker", "Hidden Tracker", "Pod Hidden Tracker"])
        expect(trackers).not.toContain(name);
      const clients = body(email, "All clients");
      expect(clients).toContain(`Acme | Actual Spend | ${spend} | £50`);
      expect(clients).not.toContain("Beta");
      const pods = body(email, "All pods");
      expect(pods).toContain(`Managers Pod | Actual Spend | ${spend} | £50`);
      expect(pods).not.toContain("Closed Pod");
    });

    it("a Viewer recipient gets only their trackers; a recipient who may see none of the rows gets no e-mail", () => {
      const { world, summary, spend, body } = fired;
      const trackers = body(world.Viewer.email, "All trackers");
      expect(trackers).toContain(`Viewers Tracker | Actual Spend | ${spend} | £50`);
      for (const name of ["Managers Tracker", "Hidden Tracker", "Pod Tracker", "Pod Hidden Tracker"])
        expect(trackers).not.toContain(name);
      expect(body(world.Viewer.email, "All clients")).not.toContain("Acme");
      expect(mail.to(world.Viewer.email).map((m) => m.subject)).not.toContain("Pacer alert: All pods");
      expect(mail.to(world.subject.email)).toEqual([]);
      for (const fired of summary.fired) expect(fired.recipients).not.toContain(world.subject.email);
    });
  });
});
