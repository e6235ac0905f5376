import { randomUUID } from "node:crypto";
import { getPod } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aWorld } from "../../testing/builders.ts";
import { aPodIn, aTrackerIn } from "../../testing/tracker-builders.ts";

type PodBody = {
  pod: {
    _id: string;
    name: string;
    trackers: string[];
    users: string[];
    owner: { _id: string };
    version: number;
  };
  msg?: string;
};

describe("pods", () => {
  it("creates, reads, updates and deletes a pod with the spec's toasts", async () => {
    const { account, admin, token } = await anAccountWithAdmin({ name: "Pod Co" });
    const a = await aTrackerIn(account.accountId);
    const b = await aTrackerIn(account.accountId);

    const created = await callApi<PodBody>("POST", "/api/pod/create-pod", {
      token,
      body: { name: "North", description: "Northern clients", trackers: [a.trackerId], users: [] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      msg: "Pod Created",
      pod: {
        name: "North",
        trackers: [a.trackerId],
        owner: { _id: admin.userId },
        account: { name: "Pod Co" },
      },
    });
    const id = created.body.pod._id;

    const read = await callApi<PodBody>("GET", `/api/pod/get-pod/${id}`, { token });
    expect(read.body.pod.name).toBe("North");

    const updated = await callApi<PodBody>("POST", `/api/pod/update-single-pod/${id}`, {
      token,
      body: { _id: id, name: "North-East", description: "", trackers: [a.trackerId, b.trackerId], users: [] },
      headers: { "if-match": String(read.body.pod.version) },
    });
    expect(updated.body).toMatchObject({ msg: "Pod successfully updated", pod: { name: "North-East" } });
    expect(updated.body.pod.trackers).toEqual([a.trackerId, b.trackerId]);

    const stale = await callApi("POST", `/api/pod/update-single-pod/${id}`, {
      token,
      body: { name: "Stale", description: "", trackers: [a.trackerId] },
      headers: { "if-match": String(read.body.pod.version) },
    });
    expect(stale.status).toBe(409);
    expect((await getPod(account.accountId, id)).name).toBe("North-East");

    const list = await callApi<{ pods: PodBody["pod"][] }>(
      "GET",
      `/api/pods/get-pods/${account.accountId}/${admin.userId}`,
      { token },
    );
    expect(list.body.pods.map((p) => p._id)).toEqual([id]);

    const deleted = await callApi("GET", `/api/pod/delete-pod/${id}`, { token });
    expect(deleted.body).toMatchObject({ msg: "Pod successfully deleted" });
    expect((await callApi("GET", `/api/pod/get-pod/${id}`, { token })).status).toBe(404);
  });

  it("validates with the spec's messages and names the field", async () => {
    const { account, token } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);
    const other = await anAccountWithAdmin();
    const foreign = await aTrackerIn(other.account.accountId);

    const noName = await callApi("POST", "/api/pod/create-pod", {
      token,
      body: { name: "  ", trackers: [t.trackerId] },
    });
    const noTrackers = await callApi("POST", "/api/pod/create-pod", {
      token,
      body: { name: "P", trackers: [] },
    });
    const foreignTracker = await callApi("POST", "/api/pod/create-pod", {
      token,
      body: { name: "P", trackers: [foreign.trackerId] },
    });
    const unknownUser = await callApi("POST", "/api/pod/create-pod", {
      token,
      body: { name: "P", trackers: [t.trackerId], users: ["nobody"] },
    });
    const serverOwned = await callApi("POST", "/api/pod/create-pod", {
      token,
      body: { name: "P", trackers: [t.trackerId], owner: { _id: "x" } },
    });

    expect(noName.body).toMatchObject({
      message: "body.name: Must provide a tracker name",
      field: "body.name",
    });
    expect(noTrackers.body).toMatchObject({ field: "body.trackers" });
    expect(String((noTrackers.body as { message: string }).message)).toContain(
      "Must select at least 1 tracker",
    );
    expect(foreignTracker.body).toMatchObject({ message: "Tracker not found", field: "body.trackers.0" });
    expect(unknownUser.body).toMatchObject({ message: "User not found", field: "body.users.0" });
    expect(serverOwned.body).toMatchObject({ message: "Unknown field in body: owner" });
  });

  it("moves a tracker from its old pod to the new one (a tracker is in one pod)", async () => {
    const { account, token } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);
    const old = await aPodIn(account.accountId, { name: "Old", trackers: [t.trackerId] });

    const created = await callApi<PodBody>("POST", "/api/pod/create-pod", {
      token,
      body: { name: "New", trackers: [t.trackerId] },
    });

    expect(created.status).toBe(201);
    expect((await getPod(account.accountId, old.podId)).trackers).toEqual([]);
    const tracker = await callApi<{ tracker: { podId: string; podName: string } }>(
      "GET",
      `/api/tracker/get-tracker/${t.trackerId}`,
      { token },
    );
    expect(tracker.body.tracker).toMatchObject({ podId: created.body.pod._id, podName: "New" });
  });

  it("shows Managers and Viewers the pods that list them, with only the trackers they see", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const m = world.Manager.user.userId;
    const seen = await aTrackerIn(id, { associatedUserIds: [m] });
    const unseen = await aTrackerIn(id);
    const listed = await aPodIn(id, {
      name: "Listed",
      trackers: [seen.trackerId, unseen.trackerId],
      users: [m],
    });
    const unlisted = await aPodIn(id, { name: "Unlisted", trackers: [] as string[], users: [] });

    const list = await callApi<{ pods: PodBody["pod"][] }>("GET", `/api/pods/get-pods/${id}/${m}`, {
      token: world.Manager.token,
    });
    expect(list.body.pods.map((p) => p.name)).toEqual(["Listed"]);
    expect(list.body.pods[0]?.trackers).toEqual([seen.trackerId]);
    expect(
      (await callApi("GET", `/api/pod/get-pod/${unlisted.podId}`, { token: world.Manager.token })).status,
    ).toBe(404);

    // A Manager's update keeps the pod's trackers they cannot see.
    const updated = await callApi<PodBody>("POST", `/api/pod/update-single-pod/${listed.podId}`, {
      token: world.Manager.token,
      body: { name: "Renamed", trackers: [seen.trackerId], users: [m] },
    });
    expect(updated.status).toBe(200);
    expect((await getPod(id, listed.podId)).trackers.sort()).toEqual(
      [seen.trackerId, unseen.trackerId].sort(),
    );

    const viewer = await callApi("POST", "/api/pod/create-pod", {
      token: world.Viewer.token,
      body: { name: "V", trackers: [seen.trackerId] },
    });
    expect(viewer.status).toBe(403);
    const otherUser = await callApi("GET", `/api/pods/get-pods/${id}/${world.Admin.user.userId}`, {
      token: world.Manager.token,
    });
    expect(otherUser.status).toBe(404);
  });

  it("a Manager's own pod stays visible to them although the wizard leaves them out of its users", async () => {
    const world = await aWorld();
    const t = await aTrackerIn(world.account.accountId, { associatedUserIds: [world.Manager.user.userId] });

    const created = await callApi<PodBody>("POST", "/api/pod/create-pod", {
      token: world.Manager.token,
      body: { name: "Mine", trackers: [t.trackerId], users: [] },
    });
    const read = await callApi("GET", `/api/pod/get-pod/${created.body.pod._id}`, {
      token: world.Manager.token,
    });
    const tracker = await callApi("GET", `/api/tracker/get-tracker/${t.trackerId}`, {
      token: world.Manager.token,
    });

    expect(read.status).toBe(200);
    expect(tracker.status).toBe(200);
  });

  it("leaves trackers that no longer exist out of every answer, refuses them in a form and drops them on update", async () => {
    const { account, admin, token } = await anAccountWithAdmin();
    const id = account.accountId;
    const kept = await aTrackerIn(id);
    const gone = randomUUID();
    // The data layer does not check trackers: a tracker deleted while its pod was being saved stays named.
    const pod = await aPodIn(id, { name: "Left over", trackers: [kept.trackerId, gone] });

    const list = await callApi<{ pods: PodBody["pod"][] }>(
      "GET",
      `/api/pods/get-pods/${id}/${admin.userId}`,
      {
        token,
      },
    );
    const read = await callApi<PodBody>("GET", `/api/pod/get-pod/${pod.podId}`, { token });
    const named = await callApi("POST", "/api/pod/create-pod", {
      token,
      body: { name: "P", trackers: [gone] },
    });
    const updated = await callApi<PodBody>("POST", `/api/pod/update-single-pod/${pod.podId}`, {
      token,
      body: { name: "Renamed", trackers: [kept.trackerId], users: [] },
    });

    expect(list.body.pods.map((p) => p.trackers)).toEqual([[kept.trackerId]]);
    expect(read.body.pod.trackers).toEqual([kept.trackerId]);
    expect(named.body).toMatchObject({ message: "Tracker not found", field: "body.trackers.0" });
    expect(updated.body.pod.trackers).toEqual([kept.trackerId]);
    expect((await getPod(id, pod.podId)).trackers).toEqual([kept.trackerId]);
  });

  it("keeps a Manager away from a tracker of theirs that sits in a pod that does not list them", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const m = world.Manager.user.userId;
    const own = await aTrackerIn(id, { associatedUserIds: [m] });
    const fenced = await aTrackerIn(id, { associatedUserIds: [m] });
    await aPodIn(id, { name: "Fenced", trackers: [fenced.trackerId], users: [] });
    const mine = await aPodIn(id, { name: "Mine", trackers: [own.trackerId], users: [m] });

    const list = await callApi<{ pods: PodBody["pod"][] }>("GET", `/api/pods/get-pods/${id}/${m}`, {
      token: world.Manager.token,
    });
    const create = await callApi("POST", "/api/pod/create-pod", {
      token: world.Manager.token,
      body: { name: "Grab", trackers: [own.trackerId, fenced.trackerId] },
    });
    const update = await callApi("POST", `/api/pod/update-single-pod/${mine.podId}`, {
      token: world.Manager.token,
      body: { name: "Mine", trackers: [fenced.trackerId], users: [m] },
    });

    expect(list.body.pods.map((p) => [p.name, p.trackers])).toEqual([["Mine", [own.trackerId]]]);
    expect(create.body).toMatchObject({ message: "Tracker not found", field: "body.trackers.1" });
    expect(update.body).toMatchObject({ message: "Tracker not found", field: "body.trackers.0" });
    expect((await getPod(id, mine.podId)).trackers).toEqual([own.trackerId]);
  });
});
