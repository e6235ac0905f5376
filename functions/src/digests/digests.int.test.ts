import { budgetCalendar } from "@pacer/core";
import { getUser, updateUser } from "@pacer/db";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type Member, type World } from "../../testing/builders.ts";
import { useMailCapture } from "../../testing/mail.ts";
import { useOwnTable } from "../../testing/own-table.ts";
import { aPodIn, aTrackerIn, daysThisMonth } from "../../testing/tracker-builders.ts";
import { sendDigestsForAccount } from "../lib/digests.ts";
import { digestUnsubscribeUrl } from "../lib/links.ts";
import { handler as digests } from "./index.ts";

/** The digest run goes through every account at 08:00 local: a table of its own (see useOwnTable). */
useOwnTable("digests");

const mail = useMailCapture();

/** Days in this month (London): a tracker spending £100 a day is on pace with a budget of £100 x this. */
const DAYS_IN_MONTH = Number(budgetCalendar(new Date(), "Europe/London").monthEnd.slice(8, 10));
const BUDGETS = {
  /** '% Pace' of about 10 x days in month %: far ahead. */
  ahead: 1_000_000_000,
  /** '% Pace' of about days in month / 10 %: far behind. */
  behind: 100_000_000_000,
  /** '% Pace' 100%. */
  onPace: 100 * DAYS_IN_MONTH * 1_000_000,
};

const chooseDigest = (member: Member, digest: string) =>
  callApi<{ msg: string; user: { notificationPreferences?: { digest?: string } } }>(
    "POST",
    "/api/auth/update-notification-preferences",
    { token: member.token, body: { digest } },
  );

const digestOf = async (world: World, member: Member) =>
  (await getUser(world.account.accountId, member.user.userId)).notificationPreferences?.digest;

const digestLink = (email: string) =>
  mail.to(email)[0]?.links.find((l) => l.includes("/api/auth/digest-unsubscribe/")) ?? "";

const oneClick = (path: string) =>
  callApi("POST", path, {
    rawBody: Buffer.from("List-Unsubscribe=One-Click"),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

describe("daily pacing digest", () => {
  /**
   * The Manager and the Viewer chose a daily digest; the Admin did not; `subject` (a Viewer) chose
   * one but unsubscribed from all e-mails. The Manager sees `Managers *`; the Viewer sees `Viewers
   * Ahead` through the pod that lists them; `Hidden Ahead` is the Admins' only; `Closed Pod Ahead`
   * lists both but sits in a pod that lists neither.
   */
  let world: World;
  let first: Awaited<ReturnType<typeof sendDigestsForAccount>>;
  let second: Awaited<ReturnType<typeof sendDigestsForAccount>>;
  let choice: Awaited<ReturnType<typeof chooseDigest>>;
  beforeAll(async () => {
    world = await aWorld({ name: "Digest Co" });
    const id = world.account.accountId;
    const { Manager, Viewer, subject } = world;
    const { rows } = daysThisMonth(100);
    const tracker = (name: string, budget: number, users: string[], client = "Acme") =>
      aTrackerIn(id, { name, client, manualBudgetValue: budget, associatedUserIds: users }, rows);
    await tracker("Managers Ahead", BUDGETS.ahead, [Manager.user.userId]);
    await tracker("Managers Behind", BUDGETS.behind, [Manager.user.userId], "Beta");
    await tracker("Managers On Pace", BUDGETS.onPace, [Manager.user.userId]);
    await tracker("Hidden Ahead", BUDGETS.ahead, []);
    const closed = await tracker("Closed Pod Ahead", BUDGETS.ahead, [
      Manager.user.userId,
      Viewer.user.userId,
    ]);
    const viewers = await tracker("Viewers Ahead", BUDGETS.ahead, [Viewer.user.userId, subject.user.userId]);
    await aPodIn(id, { name: "Viewers Pod", trackers: [viewers.trackerId], users: [Viewer.user.userId] });
    await aPodIn(id, { name: "Closed Pod", trackers: [closed.trackerId] });
    choice = await chooseDigest(Manager, "daily");
    await chooseDigest(Viewer, "daily");
    await chooseDigest(subject, "daily");
    await updateUser(id, subject.user.userId, (u) => ({
      notificationPreferences: { ...u.notificationPreferences, unsubscribedAll: true },
    }));

    first = await sendDigestsForAccount(id);
    second = await sendDigestsForAccount(id);
  });

  it("is chosen in the notification preferences", () => {
    expect(choice.status).toBe(200);
    expect(choice.body.msg).toBe("Daily digest turned on");
    expect(choice.body.user.notificationPreferences?.digest).toBe("daily");
  });

  it("lists the off-pace trackers a Manager may see, most off pace first, and no others", () => {
    const [digest] = mail.to(world.Manager.email);
    expect(digest?.subject).toBe("Pacer daily digest: 2 trackers off pace");
    const listed = (digest?.text ?? "").split("\n").filter((l) => / \| .*\(a?(head|behind)\)/.test(l));
    expect(listed.map((l) => l.split(" | ")[0])).toEqual(["Managers Ahead", "Managers Behind"]);
    expect(digest?.text).toContain("Managers Ahead | Acme |");
    expect(digest?.text).toContain("(ahead)");
    expect(digest?.text).toContain("Managers Behind | Beta |");
    for (const name of ["Managers On Pace", "Hidden Ahead", "Closed Pod Ahead", "Viewers Ahead"])
      expect(digest?.text).not.toContain(name);
    expect(digestLink(world.Manager.email)).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/digest-unsubscribe\//,
    );
  });

  it("gives a Viewer only the trackers of their pod", () => {
    const sent = mail.to(world.Viewer.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe("Pacer daily digest: 1 tracker off pace");
    expect(sent[0]?.text).toContain("Viewers Ahead | Acme |");
    expect(sent[0]?.text).not.toContain("Closed Pod Ahead");
  });

  it("sends nothing to users who did not opt in or unsubscribed from all e-mails", () => {
    expect(mail.to(world.Admin.email)).toEqual([]);
    expect(mail.to(world.subject.email)).toEqual([]);
    expect(first.sent.map((s) => s.email).sort()).toEqual([world.Manager.email, world.Viewer.email].sort());
  });

  it("sends nothing on a second run for the same day", () => {
    expect(second.sent).toEqual([]);
    expect(second.alreadySent.sort()).toEqual([world.Manager.user.userId, world.Viewer.user.userId].sort());
    expect(mail.to(world.Manager.email)).toHaveLength(1);
    expect(mail.to(world.Viewer.email)).toHaveLength(1);
  });

  it("changes nothing for a tampered, expired or body-less unsubscribe, and a GET only asks", async () => {
    const path = new URL(digestLink(world.Manager.email)).pathname;
    const ticket = decodeURIComponent(path.split("/").pop() ?? "");
    const flipped = `${ticket.slice(0, -2)}${ticket.endsWith("AA") ? "BB" : "AA"}`;
    const tampered = `/api/auth/digest-unsubscribe/${encodeURIComponent(flipped)}`;
    const expired = new URL(
      await digestUnsubscribeUrl(world.Manager.user, new Date(Date.now() - 91 * 24 * 3_600_000)),
    ).pathname;

    const answers = [
      await oneClick(tampered),
      await callApi("GET", tampered),
      await oneClick(expired),
      await callApi("POST", path),
    ];
    const page = await callApi<string>("GET", path);

    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 400]);
    expect(String(answers[0]?.body)).toContain("This unsubscribe link is not valid or has expired");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Turn off digest");
    expect(await digestOf(world, world.Manager)).toBe("daily");
  });

  it("turns the digest off with the e-mail's one-click link, and the next day's run skips that user", async () => {
    const path = new URL(digestLink(world.Manager.email)).pathname;

    const answer = await oneClick(path);
    const nextDay = await sendDigestsForAccount(
      world.account.accountId,
      new Date(Date.now() + 24 * 3_600_000),
    );

    expect(answer.status).toBe(200);
    expect(String(answer.body)).toContain("Your Pacer digest is off");
    expect(await digestOf(world, world.Manager)).toBe("off");
    expect(await digestOf(world, world.Viewer)).toBe("daily");
    expect(nextDay.sent.map((s) => s.email)).toEqual([world.Viewer.email]);
    expect(mail.to(world.Manager.email)).toHaveLength(1);
  });
});

describe("weekly pacing digest", () => {
  it("goes out at 08:00 on Mondays in the account's time zone, once, and not when nothing is off pace", async () => {
    const world = await aWorld({ name: "Weekly Co", timeZone: "America/New_York" });
    const id = world.account.accountId;
    const { rows } = daysThisMonth(100);
    await aTrackerIn(
      id,
      {
        name: "Weekly Ahead",
        manualBudgetValue: BUDGETS.ahead,
        associatedUserIds: [world.Manager.user.userId],
      },
      rows,
    );
    await aTrackerIn(
      id,
      {
        name: "Viewer On Pace",
        manualBudgetValue: BUDGETS.onPace,
        associatedUserIds: [world.Viewer.user.userId],
      },
      rows,
    );
    const chosen = await chooseDigest(world.Manager, "weekly");
    await chooseDigest(world.Viewer, "weekly");
    const bad = await chooseDigest(world.Viewer, "hourly");
    const empty = await callApi("POST", "/api/auth/update-notification-preferences", {
      token: world.Viewer.token,
      body: {},
    });

    // Monday 23 November 2026, 08:00 in New York is 13:00 UTC; 08:00 UTC there is 03:00.
    await digests({ time: "2026-11-23T08:00:00Z" });
    await digests({ time: "2026-11-24T13:00:00Z" }); // a Tuesday
    await digests({ time: "2026-11-23T13:00:00Z" });
    await digests({ time: "2026-11-23T13:30:00Z" });
    const summary = await sendDigestsForAccount(id, new Date("2026-11-23T13:00:00Z"));

    expect(chosen.body.msg).toBe("Weekly digest turned on");
    expect(bad.status).toBe(400);
    expect(empty.status).toBe(400);
    expect(await digestOf(world, world.Viewer)).toBe("weekly");
    expect(mail.to(world.Manager.email).map((m) => m.subject)).toEqual([
      "Pacer weekly digest: 1 tracker off pace",
    ]);
    expect(mail.to(world.Viewer.email)).toEqual([]);
    expect(summary.alreadySent).toEqual([world.Manager.user.userId]);
    expect(summary.nothingOffPace).toEqual([world.Viewer.user.userId]);
  });
});
