import { budgetCalendar, type TrackerPacing } from "@pacer/core";
import { addMessage } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aWorld } from "../../testing/builders.ts";
import { aTrackerIn, daysThisMonth } from "../../testing/tracker-builders.ts";

type PacingAnswer = { pacing: TrackerPacing };

describe("GET /api/tracker/get-pacing/{id}", () => {
  it("answers the month's series from the stored daily metrics, with the tracker's notes as events", async () => {
    const { account, token, admin } = await anAccountWithAdmin();
    const { rows, days } = daysThisMonth(40);
    const tracker = await aTrackerIn(account.accountId, { manualBudgetValue: 3_000_000_000 }, rows);
    const now = new Date();
    await addMessage({
      accountId: account.accountId,
      trackerId: tracker.trackerId,
      messageId: "m1",
      senderId: admin.userId,
      date: now.toISOString(),
      type: "text",
      text: "Budget agreed with the client",
      title: "Test Admin",
    });

    const answer = await callApi<PacingAnswer>("GET", `/api/tracker/get-pacing/${tracker.trackerId}`, {
      token,
    });

    expect(answer.status).toBe(200);
    const { month, lifetime, primary } = answer.body.pacing;
    const calendar = budgetCalendar(now, "Europe/London");
    expect(primary).toBe("monthly");
    expect(lifetime).toBeNull();
    expect(month).toMatchObject({
      period: "month",
      start: calendar.monthStart,
      end: calendar.monthEnd,
      today: calendar.today,
      budget: 3_000_000_000,
    });
    expect(month.days).toHaveLength(calendar.allDays.daysInMonth);
    expect(month.days[days - 1]).toMatchObject({ date: calendar.today, cumulativeSpend: days * 40_000_000 });
    expect(month.days.at(-1)?.ideal).toBe(3_000_000_000);
    expect(month.events.map((e) => [e.kind, e.label])).toEqual(
      expect.arrayContaining([
        ["tracker-created", "Tracker created"],
        ["note", "Test Admin: Budget agreed with the client"],
      ]),
    );
  });

  it("answers 404 for a tracker the caller may not see and for another account's tracker", async () => {
    const world = await aWorld();
    const other = await anAccountWithAdmin();
    const hidden = await aTrackerIn(world.account.accountId);
    const seen = await aTrackerIn(world.account.accountId, { associatedUserIds: [world.Viewer.user.userId] });
    const theirs = await aTrackerIn(other.account.accountId);

    const asManager = await callApi("GET", `/api/tracker/get-pacing/${hidden.trackerId}`, {
      token: world.Manager.token,
    });
    const asViewer = await callApi("GET", `/api/tracker/get-pacing/${seen.trackerId}`, {
      token: world.Viewer.token,
    });
    const crossAccount = await callApi("GET", `/api/tracker/get-pacing/${theirs.trackerId}`, {
      token: world.Admin.token,
    });
    const anonymous = await callApi("GET", `/api/tracker/get-pacing/${seen.trackerId}`, {});

    expect([asManager.status, asViewer.status, crossAccount.status, anonymous.status]).toEqual([
      404, 200, 404, 401,
    ]);
  });
});
