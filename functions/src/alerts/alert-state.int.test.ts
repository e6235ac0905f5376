import { dayNumber, fromDayNumber, localDate } from "@pacer/core";
import { putDailyMetrics } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type World } from "../../testing/builders.ts";
import { useMailCapture } from "../../testing/mail.ts";
import { watchTableRequests } from "../../testing/table-requests.ts";
import { aDay, aTrackerIn, daysThisMonth } from "../../testing/tracker-builders.ts";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";
import { recomputeTrackerData } from "../lib/tracker-data.ts";

const mail = useMailCapture();

/** Rewrites a tracker's days of this month at `perDay` (currency units) and recomputes its figures. */
async function spendPerDay(accountId: string, trackerId: string, perDay: number) {
  await putDailyMetrics(accountId, trackerId, daysThisMonth(perDay).rows);
  await recomputeTrackerData(accountId, trackerId);
}

type HistoryEntry = {
  alertId: string;
  outcome: string;
  target: string | null;
  targetName: string | null;
  channel: string | null;
  recipient: string | null;
};
type History = {
  events: HistoryEntry[];
  targets: Array<{ target: string; firing: boolean; snoozedUntil: string | null }>;
};

const history = async (token: string, query = "") =>
  (await callApi<History>("GET", `/api/alerts/alert-history${query}`, { token })).body;

/**
 * A tracker alert firing above `value` of `metric`, every day, on 'All trackers' unless `ids` names
 * trackers (the alert form's body as the web app sends it).
 */
function createTrackerAlert(
  token: string,
  alert: {
    name: string;
    metric: string;
    metricName: string;
    value: number;
    ids?: string[];
    additionalRecipients?: { _id: string; name: string; email: string }[];
  },
) {
  return callApi<{ alert: { _id: string } }>("POST", "/api/alerts/create-alert", {
    token,
    body: {
      name: alert.name,
      level: "tracker",
      target: alert.ids ? { all: false, ids: alert.ids } : { all: true },
      data: {
        metric: alert.metric,
        metricName: alert.metricName,
        operator: "isGreaterThan",
        valueSet: "manual",
        value: alert.value,
        valueBudget: "budget",
      },
      fireWhen: "everyday",
      fireOn: null,
      additionalRecipients: alert.additionalRecipients ?? [],
    },
  });
}

/**
 * An Admin's pace alert on all trackers: '% Pace' (% Through Budget / % Through Month) above 150%,
 * with the Viewer as an additional recipient. Trackers have a £3,000 budget and spend £100 a day
 * (about on pace in a 30-day month; £200 a day is about 200%). `seen` lists the Viewer; `hidden` is
 * the Admin's only.
 */
async function aPaceAlert(world: World) {
  const id = world.account.accountId;
  const { rows } = daysThisMonth(100);
  const seen = await aTrackerIn(
    id,
    { name: "Seen Tracker", associatedUserIds: [world.Viewer.user.userId] },
    rows,
  );
  const hidden = await aTrackerIn(id, { name: "Hidden Tracker" }, rows);
  const created = await createTrackerAlert(world.Admin.token, {
    name: "Running hot",
    metric: "pace",
    metricName: "% Pace",
    value: 150,
    additionalRecipients: [
      { _id: world.Viewer.user.userId, name: world.Viewer.user.name, email: world.Viewer.email },
    ],
  });
  expect(created.status).toBe(201);
  return { id, seen, hidden, alertId: created.body.alert._id };
}

describe("alert state (a pace alert): fire on crossing, quiet while it holds, resolved when it clears", () => {
  it("fires once when a tracker crosses, stays quiet three more runs, then sends 'resolved'; the history keeps it all", async () => {
    const world = await aWorld();
    const { id, seen, alertId } = await aPaceAlert(world);

    const below = await evaluateAlertsForAccount(id);
    await spendPerDay(id, seen.trackerId, 200);
    const crossing = await evaluateAlertsForAccount(id);
    const holding = [
      await evaluateAlertsForAccount(id),
      await evaluateAlertsForAccount(id),
      await evaluateAlertsForAccount(id),
    ];
    await spendPerDay(id, seen.trackerId, 100);
    const clearing = await evaluateAlertsForAccount(id);
    const afterwards = await evaluateAlertsForAccount(id);

    expect(below).toMatchObject({ evaluated: 1, fired: [], resolved: [] });
    expect(crossing.fired).toEqual([
      expect.objectContaining({ alertId, targets: ["Seen Tracker"], breaches: 1 }),
    ]);
    for (const run of holding) expect(run).toMatchObject({ evaluated: 1, fired: [], resolved: [] });
    expect(clearing.fired).toEqual([]);
    expect(clearing.resolved).toEqual([expect.objectContaining({ alertId, targets: ["Seen Tracker"] })]);
    expect(afterwards).toMatchObject({ fired: [], resolved: [] });
    expect(
      mail
        .to(world.Admin.email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(["Pacer alert resolved: Running hot", "Pacer alert: Running hot"]);
    const resolvedMail = mail.to(world.Admin.email).find((m) => m.subject.includes("resolved"));
    expect(resolvedMail?.text).toContain(
      "Resolved: % Pace is no longer greater than its threshold for 1 tracker.",
    );
    expect(resolvedMail?.text).toContain("- Seen Tracker");

    const all = await history(world.Admin.token, `?alertId=${alertId}`);
    expect(all.events.map((e) => [e.outcome, e.targetName ?? e.recipient]).sort()).toEqual(
      [
        ["fired", "Seen Tracker"],
        ["resolved", "Seen Tracker"],
        ["sent", world.Admin.email],
        ["sent", world.Admin.email],
        ["sent", world.Viewer.email],
        ["sent", world.Viewer.email],
      ].sort(),
    );
    const firedOnly = await history(world.Admin.token, `?outcome=fired&target=${seen.trackerId}`);
    expect(firedOnly.events.map((e) => e.outcome)).toEqual(["fired"]);
    const emails = await history(world.Admin.token, "?channel=email");
    expect(emails.events.every((e) => e.channel === "email")).toBe(true);
    expect(emails.events).toHaveLength(4);
    expect(all.targets).toEqual([]); // nothing firing any more
  }, 90_000); // seven evaluations and the history calls: more than the default 30 s on a busy machine

  it("a Viewer recipient hears only of trackers they may see, and sees only their part of the history", async () => {
    const world = await aWorld();
    const { id, seen, hidden } = await aPaceAlert(world);
    await spendPerDay(id, seen.trackerId, 200);
    await spendPerDay(id, hidden.trackerId, 200);

    const run = await evaluateAlertsForAccount(id);

    expect(run.fired[0]?.targets.sort()).toEqual(["Hidden Tracker", "Seen Tracker"]);
    const toViewer = mail.to(world.Viewer.email);
    expect(toViewer).toHaveLength(1);
    expect(toViewer[0]?.text).toContain("Seen Tracker | % Pace");
    expect(toViewer[0]?.text).not.toContain("Hidden Tracker");
    expect(mail.to(world.Admin.email)[0]?.text).toContain("Hidden Tracker | % Pace");
    const viewerHistory = await history(world.Viewer.token);
    expect(viewerHistory.events.map((e) => e.targetName ?? e.recipient).sort()).toEqual(
      ["Seen Tracker", world.Viewer.email].sort(),
    );
    expect(viewerHistory.targets.map((t) => t.target)).toEqual([seen.trackerId]);
    const adminHistory = await history(world.Admin.token);
    expect(adminHistory.targets.map((t) => t.target).sort()).toEqual(
      [seen.trackerId, hidden.trackerId].sort(),
    );
  });

  it("reads only the trackers it names, never every tracker of the account: the history (Admin and Viewer) and a tracker alert's save", async () => {
    const world = await aWorld();
    const { id, seen, hidden } = await aPaceAlert(world);
    await spendPerDay(id, seen.trackerId, 200);
    await spendPerDay(id, hidden.trackerId, 200);
    await evaluateAlertsForAccount(id);
    let accountReads = 0;
    const unwatch = watchTableRequests(({ command, input }) => {
      // The query of every tracker of an account: sort key `begins_with TRACKER#`.
      if (command === "QueryCommand" && JSON.stringify(input).includes('"TRACKER#"')) accountReads++;
    });
    try {
      const viewerHistory = await history(world.Viewer.token);
      const adminHistory = await history(world.Admin.token);
      const pace = { metric: "pace", metricName: "% Pace", value: 150 };
      const saved = await createTrackerAlert(world.Viewer.token, {
        name: "Mine",
        ...pace,
        ids: [seen.trackerId],
      });
      const refused = await createTrackerAlert(world.Viewer.token, {
        name: "Not mine",
        ...pace,
        ids: [hidden.trackerId],
      });

      expect(viewerHistory.targets.map((t) => t.target)).toEqual([seen.trackerId]);
      expect(adminHistory.targets.map((t) => t.target).sort()).toEqual(
        [seen.trackerId, hidden.trackerId].sort(),
      );
      expect(saved.status).toBe(201);
      expect(refused.status).toBe(400);
    } finally {
      unwatch();
    }
    expect(accountReads).toBe(0);
  });

  it("keeps a snoozed target silent and a snoozed alert unevaluated, and fires after the snooze ends", async () => {
    const world = await aWorld();
    const { id, seen, hidden, alertId } = await aPaceAlert(world);
    await spendPerDay(id, seen.trackerId, 200);
    await spendPerDay(id, hidden.trackerId, 200);
    const now = new Date();

    const snoozeTarget = await callApi<{ snoozedUntil: string }>(
      "POST",
      `/api/alerts/snooze-alert/${alertId}`,
      {
        token: world.Admin.token,
        body: { duration: "week", target: seen.trackerId },
      },
    );
    const withTargetSnoozed = await evaluateAlertsForAccount(id, now);
    const snoozeAlert = await callApi("POST", `/api/alerts/snooze-alert/${alertId}`, {
      token: world.Admin.token,
      body: { duration: "day" },
    });
    const withAlertSnoozed = await evaluateAlertsForAccount(id, now);
    const viewerMailsWhileSnoozed = mail.to(world.Viewer.email).length;
    const eightDaysOn = await evaluateAlertsForAccount(id, new Date(now.getTime() + 8 * 24 * 3600_000));

    expect(snoozeTarget.status).toBe(200);
    expect(Date.parse(snoozeTarget.body.snoozedUntil) - now.getTime()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(withTargetSnoozed.fired[0]?.targets).toEqual(["Hidden Tracker"]);
    expect(viewerMailsWhileSnoozed).toBe(0); // the Viewer sees only the snoozed tracker
    expect(snoozeAlert.status).toBe(200);
    expect(withAlertSnoozed.evaluated).toBe(0);
    expect(eightDaysOn.fired[0]?.targets).toEqual(["Seen Tracker"]);
    expect(mail.to(world.Viewer.email)).toHaveLength(1);
  });

  it("lets only an Admin or the creator snooze, checks the target and the duration, and ends a snooze on request", async () => {
    const world = await aWorld();
    const { id, seen, alertId } = await aPaceAlert(world);
    const other = await aTrackerIn((await aWorld()).account.accountId, {});
    const snooze = (token: string, body: unknown) =>
      callApi<{ message?: string; snoozedUntil?: string | null }>(
        "POST",
        `/api/alerts/snooze-alert/${alertId}`,
        {
          token,
          body,
        },
      );

    const byViewer = await snooze(world.Viewer.token, { duration: "day" });
    const byManager = await snooze(world.Manager.token, { duration: "day" });
    const badDuration = await snooze(world.Admin.token, { duration: "month" });
    const foreignTarget = await snooze(world.Admin.token, { duration: "day", target: other.trackerId });
    const extraField = await snooze(world.Admin.token, { duration: "day", until: "2099-01-01" });
    await snooze(world.Admin.token, { duration: "monthEnd", target: seen.trackerId });
    const ended = await snooze(world.Admin.token, { duration: null, target: seen.trackerId });
    await spendPerDay(id, seen.trackerId, 200);
    const run = await evaluateAlertsForAccount(id);

    expect(byViewer.status).toBe(403); // a recipient sees the alert but may not change it
    expect(byManager.status).toBe(404); // neither creator nor recipient
    expect(badDuration.status).toBe(400);
    expect(foreignTarget.status).toBe(400);
    expect(foreignTarget.body.message).toBe("Target not found in this alert");
    expect(extraField.status).toBe(400);
    expect(ended.status).toBe(200);
    expect(ended.body.snoozedUntil).toBeNull();
    expect(run.fired[0]?.targets).toEqual(["Seen Tracker"]);
  });
});

describe("stale-data alerts: hours since refresh", () => {
  it("fires for a tracker not refreshed for more than 24 hours and resolves when fresh data arrives", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const { rows } = daysThisMonth(100);
    const stale = await aTrackerIn(id, { name: "Stale Tracker" }, rows);
    const fresh = await aTrackerIn(id, { name: "Fresh Tracker" }, rows);
    const created = await createTrackerAlert(world.Admin.token, {
      name: "No fresh data",
      metric: "dataAgeHours",
      metricName: "Hours Since Refresh",
      value: 24,
    });
    const later = new Date(Date.now() + 30 * 3600_000);
    await recomputeTrackerData(id, fresh.trackerId, new Date(later.getTime() - 3600_000), {
      refreshed: true,
    });

    const run = await evaluateAlertsForAccount(id, later);
    await recomputeTrackerData(id, stale.trackerId, later, { refreshed: true });
    const afterRefresh = await evaluateAlertsForAccount(id, later);

    expect(created.status).toBe(201);
    expect(run.fired[0]?.targets).toEqual(["Stale Tracker"]);
    expect(
      mail.to(world.Admin.email).find((m) => m.subject === "Pacer alert: No fresh data")?.text,
    ).toContain("Stale Tracker | Hours Since Refresh | 30 | 24");
    expect(afterRefresh.resolved[0]?.targets).toEqual(["Stale Tracker"]);
  });
});

describe("spend anomaly alerts", () => {
  it("fires for a tracker whose spend yesterday is far above its weekday's usual, and stays silent under four weeks of history", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const yesterday = dayNumber(localDate(new Date(), world.account.timeZone)) - 1;
    const days = (weeks: number, last: number) =>
      Array.from({ length: weeks * 7 + 1 }, (_, i) => {
        const day = yesterday - weeks * 7 + i;
        return aDay(fromDayNumber(day), day === yesterday ? last : 100 + (i % 3));
      });
    const spiking = await aTrackerIn(id, { name: "Spiking Tracker" }, days(6, 300));
    await aTrackerIn(id, { name: "New Tracker" }, days(2, 300));
    await aTrackerIn(id, { name: "Steady Tracker" }, days(6, 101));
    const created = await createTrackerAlert(world.Admin.token, {
      name: "Unusual spend",
      metric: "spendAnomaly",
      metricName: "Spend Anomaly (std. deviations)",
      value: 3,
    });

    const run = await evaluateAlertsForAccount(id);

    expect(created.status).toBe(201);
    expect(spiking.name).toBe("Spiking Tracker");
    expect(run.fired[0]?.targets).toEqual(["Spiking Tracker"]);
  });
});

describe("the stalled-spend alert: no spend for N hours while budget remains", () => {
  /** An Admin's 'All trackers' alert on more than 3 hours without spend. */
  const createStalledAlert = (token: string) =>
    createTrackerAlert(token, {
      name: "Spend stopped",
      metric: "stalledHours",
      metricName: "Hours Without Spend",
      value: 3,
    });

  it("fires once after the hours without an increase, stays quiet while it holds, resolves when spend moves", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    // Hours of today (UTC; the same London date in winter and summer).
    const today = localDate(new Date(), "Europe/London");
    const at = (hour: number) => new Date(`${today}T${String(hour).padStart(2, "0")}:00:00Z`);
    const earlier = daysThisMonth(50).rows.filter((r) => r.date < today);
    const tracker = await aTrackerIn(id, { name: "Quiet Tracker" }, earlier, at(5));
    const refreshWith = async (todaySpend: number, hour: number) => {
      await putDailyMetrics(id, tracker.trackerId, [aDay(today, todaySpend)]);
      await recomputeTrackerData(id, tracker.trackerId, at(hour), { refreshed: true });
      return evaluateAlertsForAccount(id, at(hour));
    };
    const created = await createStalledAlert(world.Admin.token);
    expect(created.status).toBe(201);
    const alertId = created.body.alert._id;

    const first = await refreshWith(10, 6); // watching starts, spend 10
    const twoHours = await refreshWith(10, 8); // 2 hours without an increase
    const fourHours = await refreshWith(10, 10); // 4 hours: fires
    const holding = [await refreshWith(10, 11), await refreshWith(10, 12)];
    const moved = await refreshWith(12, 13); // spend went up: resolves
    const after = await refreshWith(14, 14);

    for (const run of [first, twoHours, ...holding, after])
      expect(run).toMatchObject({ evaluated: 1, fired: [], resolved: [] });
    expect(fourHours.fired).toEqual([
      expect.objectContaining({ alertId, targets: ["Quiet Tracker"], breaches: 1 }),
    ]);
    expect(moved.resolved).toEqual([expect.objectContaining({ alertId, targets: ["Quiet Tracker"] })]);
    expect(
      mail
        .to(world.Admin.email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(["Pacer alert resolved: Spend stopped", "Pacer alert: Spend stopped"]);
    const all = await history(world.Admin.token, `?alertId=${alertId}`);
    expect(all.events.filter((e) => e.outcome !== "sent").map((e) => [e.outcome, e.targetName])).toEqual(
      expect.arrayContaining([
        ["fired", "Quiet Tracker"],
        ["resolved", "Quiet Tracker"],
      ]),
    );
  });

  it("is silent once the budget is spent, however long the spend has not moved", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const today = localDate(new Date(), "Europe/London");
    const at = (hour: number) => new Date(`${today}T${String(hour).padStart(2, "0")}:00:00Z`);
    // The £3,000 budget spent in full (at least today's £3,000).
    const spent = daysThisMonth(3000).rows;
    const tracker = await aTrackerIn(id, { name: "Spent Tracker" }, spent, at(5));
    await createStalledAlert(world.Admin.token);
    const runs = [];
    for (const hour of [6, 10, 14]) {
      await recomputeTrackerData(id, tracker.trackerId, at(hour), { refreshed: true });
      runs.push(await evaluateAlertsForAccount(id, at(hour)));
    }
    for (const run of runs) expect(run).toMatchObject({ evaluated: 1, fired: [], resolved: [] });
  });
});
