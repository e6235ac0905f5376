import { getPod, getSharedBudget, getTracker, listDailyMetrics, listMessages } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aWorld } from "../../testing/builders.ts";
import { aDay, aPodIn, aSharedBudgetIn, aTrackerIn } from "../../testing/tracker-builders.ts";

type TrackerBody = { tracker: { version: number; name: string; associatedUsers: Array<{ _id: string }> } };

describe("optimistic locking", () => {
  it("answers 409 to a stale if-match and changes nothing", async () => {
    const { account, token } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId, { name: "Before" });
    const first = await callApi<TrackerBody>("POST", `/api/tracker/update-name/${t.trackerId}`, {
      token,
      body: { name: "First" },
      headers: { "if-match": `"${t.version}"` },
    });
    expect(first.status).toBe(200);
    expect(first.body.tracker.version).toBe(t.version + 1);

    const stale = await callApi("POST", `/api/tracker/update-name/${t.trackerId}`, {
      token,
      body: { name: "Second" },
      headers: { "if-match": String(t.version) },
    });
    const badHeader = await callApi("POST", `/api/tracker/update-name/${t.trackerId}`, {
      token,
      body: { name: "Third" },
      headers: { "if-match": "yesterday" },
    });

    expect(stale.status).toBe(409);
    expect(badHeader.status).toBe(400);
    expect(badHeader.body).toMatchObject({ field: "headers.if-match" });
    const stored = await getTracker(account.accountId, t.trackerId);
    expect(stored).toMatchObject({ name: "First", version: t.version + 1 });
  });

  it("50 concurrent updates with the same if-match: one applies, 49 get 409, none is lost", async () => {
    const { account, token } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callApi<TrackerBody>("POST", `/api/tracker/update-name/${t.trackerId}`, {
          token,
          body: { name: `Name ${i}` },
          headers: { "if-match": String(t.version) },
        }),
      ),
    );

    const applied = answers.filter((a) => a.status === 200);
    expect(applied).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    const stored = await getTracker(account.accountId, t.trackerId);
    expect(stored.version).toBe(t.version + 1);
    expect(stored.name).toBe(applied[0]?.body.tracker.name);
  });

  it("50 concurrent updates without if-match: each applies or gets 409, and every applied one is counted", async () => {
    const { account, token } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callApi<TrackerBody>("POST", `/api/tracker/update-client/${t.trackerId}`, {
          token,
          body: { client: `Client ${i}` },
        }),
      ),
    );

    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 200 || s === 409)).toBe(true);
    const applied = answers.filter((a) => a.status === 200);
    expect(applied.length).toBeGreaterThan(0);
    // Every applied write moved the version by exactly one: no write overwrote another unseen.
    const versions = applied.map((a) => a.body.tracker.version).sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(applied.length);
    const stored = await getTracker(account.accountId, t.trackerId);
    expect(stored.version).toBe(t.version + applied.length);
  });
});

describe("associated users", () => {
  it("sets the full list, refuses Admin-type and unknown users, and grants visibility", async () => {
    const world = await aWorld();
    const t = await aTrackerIn(world.account.accountId);
    const path = `/api/tracker/update-associated-users/${t.trackerId}`;
    const token = world.Admin.token;
    const manager = world.Manager.user;

    const admin = await callApi("POST", path, {
      token,
      body: { associatedUsers: [{ _id: world.Admin.user.userId, name: "Admin", userType: "Admin" }] },
    });
    const unknown = await callApi("POST", path, { token, body: { associatedUsers: [{ _id: "nobody" }] } });
    const ok = await callApi<TrackerBody>("POST", path, {
      token,
      body: {
        associatedUsers: [
          {
            _id: manager.userId,
            name: manager.name,
            userType: "Manager",
            email: manager.email,
            avatar: null,
          },
        ],
      },
    });

    expect(admin.status).toBe(400);
    expect(admin.body).toMatchObject({
      message: "Admin users cannot be added to a tracker",
      field: "body.associatedUsers.0._id",
    });
    expect(unknown.status).toBe(400);
    expect(ok.status).toBe(200);
    expect(ok.body.tracker.associatedUsers.map((u) => u._id)).toEqual([manager.userId]);
    const seen = await callApi("GET", `/api/tracker/get-tracker/${t.trackerId}`, {
      token: world.Manager.token,
    });
    expect(seen.status).toBe(200);
    const viewer = await callApi("GET", `/api/tracker/get-tracker/${t.trackerId}`, {
      token: world.Viewer.token,
    });
    expect(viewer.status).toBe(404);
  });
});

describe("messages", () => {
  it("adds messages as the caller and lets only the author delete one", async () => {
    const world = await aWorld();
    const t = await aTrackerIn(world.account.accountId, { associatedUserIds: [world.Manager.user.userId] });

    const added = await callApi<{ message: { id: string; senderId: string; title: string; text: string } }>(
      "POST",
      `/api/tracker/add-message/${t.trackerId}`,
      { token: world.Manager.token, body: { id: "note-1", text: "  Spend looks high  " } },
    );
    const empty = await callApi("POST", `/api/tracker/add-message/${t.trackerId}`, {
      token: world.Manager.token,
      body: { text: "   " },
    });
    const spoof = await callApi("POST", `/api/tracker/add-message/${t.trackerId}`, {
      token: world.Manager.token,
      body: { text: "hi", senderId: world.Admin.user.userId },
    });
    const duplicate = await callApi("POST", `/api/tracker/add-message/${t.trackerId}`, {
      token: world.Manager.token,
      body: { id: "note-1", text: "again" },
    });
    const byAdmin = await callApi("POST", `/api/tracker/delete-message/${t.trackerId}/note-1`, {
      token: world.Admin.token,
    });
    const byAuthor = await callApi("POST", `/api/tracker/delete-message/${t.trackerId}/note-1`, {
      token: world.Manager.token,
    });

    expect(added.status).toBe(201);
    expect(added.body.message).toMatchObject({
      id: "note-1",
      senderId: world.Manager.user.userId,
      title: world.Manager.user.name,
      text: "Spend looks high",
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: "body.text" });
    expect(spoof.status).toBe(400);
    expect(spoof.body).toMatchObject({ message: "Unknown field in body: senderId" });
    expect(duplicate.status).toBe(409);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toMatchObject({ message: "Only the author can delete this message" });
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body).toMatchObject({ msg: "Message deleted" });
    expect(await listMessages(world.account.accountId, t.trackerId)).toEqual([]);
  });

  it("lists a tracker's messages oldest first in get-tracker", async () => {
    const { account, token } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);
    for (const text of ["one", "two", "three"]) {
      await callApi("POST", `/api/tracker/add-message/${t.trackerId}`, { token, body: { text } });
    }

    const answer = await callApi<{ tracker: { messages: Array<{ text: string }> } }>(
      "GET",
      `/api/tracker/get-tracker/${t.trackerId}`,
      { token },
    );

    expect(answer.body.tracker.messages.map((m) => m.text)).toEqual(["one", "two", "three"]);
  });
});

describe("delete-tracker", () => {
  it("removes the tracker from its pod and shared budget, with its messages and daily metrics", async () => {
    const { account, token } = await anAccountWithAdmin();
    const id = account.accountId;
    const today = new Date().toISOString().slice(0, 10);
    const gone = await aTrackerIn(id, {}, [aDay(today, 10)]);
    const kept = await aTrackerIn(id);
    const pod = await aPodIn(id, { trackers: [gone.trackerId, kept.trackerId] });
    const budget = await aSharedBudgetIn(id, {
      trackers: [{ _id: gone.trackerId }, { _id: kept.trackerId }],
    });
    await callApi("POST", `/api/tracker/add-message/${gone.trackerId}`, { token, body: { text: "bye" } });

    const answer = await callApi("GET", `/api/tracker/delete-tracker/${gone.trackerId}`, { token });
    const again = await callApi("GET", `/api/tracker/delete-tracker/${gone.trackerId}`, { token });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ msg: "Tracker successfully deleted" });
    expect(again.status).toBe(404);
    expect((await getPod(id, pod.podId)).trackers).toEqual([kept.trackerId]);
    expect((await getSharedBudget(id, budget.sharedBudgetId)).trackers.map((t) => t._id)).toEqual([
      kept.trackerId,
    ]);
    expect(await listMessages(id, gone.trackerId)).toEqual([]);
    expect(await listDailyMetrics(id, gone.trackerId, "2000-01-01", "2100-01-01")).toEqual([]);
  });

  it("frees the allowance and refuses Viewers and stale versions", async () => {
    const world = await aWorld({ trackerAllowance: 1 });
    const t = await aTrackerIn(world.account.accountId, { associatedUserIds: [world.Viewer.user.userId] });

    const viewer = await callApi("GET", `/api/tracker/delete-tracker/${t.trackerId}`, {
      token: world.Viewer.token,
    });
    const stale = await callApi("GET", `/api/tracker/delete-tracker/${t.trackerId}`, {
      token: world.Admin.token,
      headers: { "if-match": String(t.version + 5) },
    });
    const ok = await callApi("GET", `/api/tracker/delete-tracker/${t.trackerId}`, {
      token: world.Admin.token,
    });

    expect(viewer.status).toBe(403);
    expect(stale.status).toBe(409);
    expect(ok.status).toBe(200);
  });
});
