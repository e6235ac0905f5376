import { gunzipSync } from "node:zlib";
import { decodeTrackerList, type EncodedTrackerList, type ListedTracker } from "@pacer/core/tracker-list";
import {
  dynamoClient,
  findTracker,
  readTrackerListMarker,
  SNAPSHOT_MAX_AGE_MS,
  savePod,
  updateTrackerAt,
} from "@pacer/db";
import { afterEach, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type Member, type World } from "../../testing/builders.ts";
import { aPodIn, aTrackerIn } from "../../testing/tracker-builders.ts";
import type { Session } from "../lib/session.ts";
import { SNAPSHOT_QUIET_MS, trackerListAnswerFor, trackerListTextFor } from "./list.ts";

/** The caller as the list sees them. */
function sessionOf(world: World, member: Member): Session {
  return {
    userId: member.user.userId,
    accountId: world.account.accountId,
    userType: member.user.userType,
    user: member.user,
    account: world.account,
    issuedAt: 0,
    expiresAt: 0,
  };
}

/** A request time after the trackers' last write has settled (a snapshot built then is stored). */
const later = () => new Date(Date.now() + SNAPSHOT_QUIET_MS + 1_000);

async function list(session: Session, now = later()) {
  const { text, source } = await trackerListTextFor(session, now);
  const trackers = decodeTrackerList<ListedTracker & { _id: string; name: string }>(JSON.parse(text));
  return { names: trackers.map((t) => t.name), trackers, source };
}

const middleware = "listSnapshotTestHook";
afterEach(() => {
  dynamoClient().middlewareStack.remove(middleware);
});

describe("the tracker list snapshot", () => {
  it("is stored when the trackers are quiet, then read instead of the trackers, with the same answer", async () => {
    const world = await aWorld();
    const admin = sessionOf(world, world.Admin);
    await aTrackerIn(world.account.accountId, { name: "One" });
    await aTrackerIn(world.account.accountId, { name: "Two" });

    const built = await list(admin);
    const read = await list(admin);

    expect(built.source).toBe("rebuilt-and-stored");
    // An Admin sees every tracker: the second call is the whole answer stored by the first.
    expect(read.source).toBe("answer");
    expect(read.trackers).toEqual(built.trackers);
    expect(read.names).toEqual(["One", "Two"]);
    const api = await callApi("GET", `/api/trackers/get-trackers-by-account/${world.account.accountId}`, {
      token: world.Admin.token,
    });
    expect(decodeTrackerList(api.body as never)).toEqual(read.trackers);
  });

  it("is not stored while trackers are being written (within the quiet time of the last write)", async () => {
    const world = await aWorld();
    await aTrackerIn(world.account.accountId, { name: "Fresh" });

    const first = await list(sessionOf(world, world.Admin), new Date());

    expect(first.source).toBe("rebuilt");
    expect((await readTrackerListMarker(world.account.accountId)).snapshot).toBeUndefined();
  });

  it("is rebuilt once older than its maximum age (before TTL can remove its shards)", async () => {
    const world = await aWorld();
    const admin = sessionOf(world, world.Admin);
    await aTrackerIn(world.account.accountId, { name: "Old" });
    const first = later();
    expect((await list(admin, first)).source).toBe("rebuilt-and-stored");

    const aged = await list(admin, new Date(first.getTime() + SNAPSHOT_MAX_AGE_MS + 1_000));

    expect(aged.source).toBe("rebuilt-and-stored");
    expect(aged.names).toEqual(["Old"]);
  });

  it("shows a Manager a tracker attached after the snapshot was built and hides one detached", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const managerId = world.Manager.user.userId;
    const manager = sessionOf(world, world.Manager);
    const kept = await aTrackerIn(id, { name: "Kept", associatedUserIds: [managerId] });
    const detached = await aTrackerIn(id, { name: "Detached", associatedUserIds: [managerId] });
    const attached = await aTrackerIn(id, { name: "Attached" });
    expect((await list(manager)).names).toEqual(["Kept", "Detached"]);
    expect((await list(manager)).source).toBe("snapshot");

    await updateTrackerAt(id, attached.trackerId, attached.version, { associatedUserIds: [managerId] });
    await updateTrackerAt(id, detached.trackerId, detached.version, { associatedUserIds: [] });
    const after = await list(manager);

    expect(after.source).toBe("rebuilt-and-stored");
    expect(after.names).toEqual(["Kept", "Attached"]);
    expect(after.trackers.map((t) => t._id)).not.toContain(detached.trackerId);
    expect(kept.trackerId).toBe(after.trackers[0]?._id);
  });

  it("applies a pod change to a snapshot read: a tracker moved into a pod that does not list the Manager is hidden", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const managerId = world.Manager.user.userId;
    const manager = sessionOf(world, world.Manager);
    const tracker = await aTrackerIn(id, { name: "Moves", associatedUserIds: [managerId] });
    await aTrackerIn(id, { name: "Stays", associatedUserIds: [managerId] });
    expect((await list(manager)).names).toEqual(["Moves", "Stays"]);

    const pod = await aPodIn(id, { name: "Closed", trackers: [tracker.trackerId] });
    const seen = await list(manager);
    const admin = await list(sessionOf(world, world.Admin));

    expect(seen.source).toBe("snapshot");
    expect(seen.names).toEqual(["Stays"]);
    expect(admin.trackers.find((t) => t._id === tracker.trackerId)).toMatchObject({
      podId: pod.podId,
      podName: "Closed",
    });
  });

  it("does not lose a tracker written while the list reads the trackers for a rebuild", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const admin = sessionOf(world, world.Admin);
    const tracker = await aTrackerIn(id, { name: "Before" });
    let written = false;
    let answered = 0;
    // The write lands after the marker was read and after the four tracker queries answered, so the
    // rebuild holds the old name.
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const input = (args as { input: { KeyConditionExpression?: string } }).input;
        if (context.commandName === "QueryCommand" && input.KeyConditionExpression?.includes("BETWEEN")) {
          answered += 1;
          if (answered === 4 && !written) {
            written = true;
            const current = await findTracker(id, tracker.trackerId);
            await updateTrackerAt(id, tracker.trackerId, current?.version ?? 0, { name: "During" });
          }
        }
        return result;
      },
      { step: "initialize", name: middleware },
    );

    const during = await list(admin);
    dynamoClient().middlewareStack.remove(middleware);
    const next = await list(admin);

    expect(written).toBe(true);
    expect(during.names).toEqual(["Before"]);
    expect(during.source).toBe("rebuilt");
    expect(next.names).toEqual(["During"]);
    expect(next.source).toBe("rebuilt-and-stored");
    expect((await list(admin)).names).toEqual(["During"]);
  });

  it("gives an Admin the stored whole answer (gzipped as stored), the same as the answer written per request", async () => {
    const world = await aWorld();
    const admin = sessionOf(world, world.Admin);
    await aTrackerIn(world.account.accountId, {
      name: "One",
      associatedUserIds: [world.Manager.user.userId],
    });
    await aTrackerIn(world.account.accountId, { name: "Two" });
    const built = await list(admin);

    const stored = await trackerListAnswerFor(admin, later(), { gzip: true });

    expect(built.source).toBe("rebuilt-and-stored");
    expect(stored.source).toBe("answer");
    if (!("gzip" in stored)) throw new Error("a stored answer is sent gzipped to a client that accepts gzip");
    expect(decodeTrackerList(JSON.parse(gunzipSync(stored.gzip).toString("utf8")))).toEqual(built.trackers);
    expect((await readTrackerListMarker(world.account.accountId)).answer?.bytes).toBe(stored.gzip.byteLength);
  });

  it("never gives a Manager or a Viewer the Admin's stored answer: theirs is cut per request", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const managerId = world.Manager.user.userId;
    await aTrackerIn(id, { name: "Mine", associatedUserIds: [managerId] });
    await aTrackerIn(id, { name: "Not mine" });
    await list(sessionOf(world, world.Admin));
    expect((await list(sessionOf(world, world.Admin))).source).toBe("answer");

    const manager = await list(sessionOf(world, world.Manager));
    const viewer = await list(sessionOf(world, world.Viewer));

    expect(manager.source).toBe("snapshot");
    expect(manager.names).toEqual(["Mine"]);
    expect(viewer.source).toBe("snapshot");
    expect(viewer.names).toEqual([]);
  });

  it("does not use a stored answer after a pod, shared budget or user it shows changed (its joins are its key)", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const admin = sessionOf(world, world.Admin);
    const tracker = await aTrackerIn(id, { name: "Podded" });
    const pod = await aPodIn(id, { name: "Before", trackers: [tracker.trackerId] });
    await list(admin);
    expect((await list(admin)).source).toBe("answer");

    await savePod(
      id,
      { podId: pod.podId, ownerId: pod.ownerId, expectedVersion: pod.version },
      { name: "After", description: "", users: [], trackers: [tracker.trackerId] },
    );
    const renamed = await list(admin);
    const again = await list(admin);

    expect(renamed.source).toBe("snapshot");
    expect(renamed.trackers[0]).toMatchObject({ podId: pod.podId, podName: "After" });
    expect(again.source).toBe("answer");
    expect(again.trackers).toEqual(renamed.trackers);
  });

  it("cut to its first rows (?first=N): the first trackers the caller may see, in list order, and the whole list's total", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const managerId = world.Manager.user.userId;
    await aTrackerIn(id, { name: "One", associatedUserIds: [managerId] });
    await aTrackerIn(id, { name: "Two" });
    await aTrackerIn(id, { name: "Three", associatedUserIds: [managerId] });
    await aTrackerIn(id, { name: "Four", associatedUserIds: [managerId] });
    const path = `/api/trackers/get-trackers-by-account/${id}`;
    const whole = await list(sessionOf(world, world.Admin));
    // The Admin's stored whole answer exists now; the first page is still cut to its rows.
    expect((await list(sessionOf(world, world.Admin))).source).toBe("answer");

    const admin = await callApi<EncodedTrackerList>("GET", `${path}?first=2`, { token: world.Admin.token });
    const manager = await callApi<EncodedTrackerList>("GET", `${path}?first=2`, {
      token: world.Manager.token,
    });
    const all = await callApi<EncodedTrackerList>("GET", `${path}?first=10`, { token: world.Admin.token });

    expect(admin.status).toBe(200);
    expect(decodeTrackerList(admin.body)).toEqual(whole.trackers.slice(0, 2));
    expect(admin.body.total).toBe(4);
    expect(decodeTrackerList(manager.body).map((t) => t.name)).toEqual(["One", "Three"]);
    expect(manager.body.total).toBe(3);
    expect(decodeTrackerList(all.body)).toEqual(whole.trackers);
    expect(all.body.total).toBe(4);
  });

  it("cut to its first rows for an Admin from the snapshot's head alone, never staler than the snapshot", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const admin = sessionOf(world, world.Admin);
    const one = await aTrackerIn(id, { name: "One" });
    await aTrackerIn(id, { name: "Two", associatedUserIds: [world.Manager.user.userId] });
    await aTrackerIn(id, { name: "Three" });
    const whole = await list(admin);
    const firstPage = async (session: Session, first: number) => {
      const answer = await trackerListAnswerFor(session, later(), { gzip: false, first });
      const body = JSON.parse("text" in answer ? answer.text : "") as EncodedTrackerList;
      return { source: answer.source, names: decodeTrackerList(body).map((t) => t.name), body };
    };

    const head = await firstPage(admin, 2);
    const beyond = await firstPage(admin, 5);

    expect(whole.source).toBe("rebuilt-and-stored");
    expect((await readTrackerListMarker(id)).snapshot?.head).toBeGreaterThan(0);
    expect(head.source).toBe("head");
    expect(decodeTrackerList(head.body)).toEqual(whole.trackers.slice(0, 2));
    expect(head.body.total).toBe(3);
    // The head holds every row of a small list, so a larger page is answered from it too.
    expect(beyond.source).toBe("head");
    expect(decodeTrackerList(beyond.body)).toEqual(whole.trackers);

    // A tracker written: the head is as stale as its snapshot, so neither answers until rebuilt.
    await updateTrackerAt(id, one.trackerId, one.version, { name: "One renamed" });
    expect((await firstPage(admin, 2)).source).toBe("no-snapshot");
    await list(admin);
    const renamed = await firstPage(admin, 2);
    expect(renamed.source).toBe("head");
    expect(renamed.names).toEqual(["One renamed", "Two"]);
  });

  it("cut to its first rows for a Manager or Viewer from the whole snapshot, never from the Admin's head", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const managerId = world.Manager.user.userId;
    await aTrackerIn(id, { name: "Not mine" });
    await aTrackerIn(id, { name: "Mine", associatedUserIds: [managerId] });
    await list(sessionOf(world, world.Admin));
    expect((await readTrackerListMarker(id)).snapshot?.head).toBeGreaterThan(0);

    const manager = await trackerListAnswerFor(sessionOf(world, world.Manager), later(), {
      gzip: false,
      first: 1,
    });
    const viewer = await trackerListAnswerFor(sessionOf(world, world.Viewer), later(), {
      gzip: false,
      first: 1,
    });

    expect(manager.source).toBe("snapshot");
    const managerBody = JSON.parse("text" in manager ? manager.text : "") as EncodedTrackerList;
    expect(decodeTrackerList<ListedTracker & { name: string }>(managerBody).map((t) => t.name)).toEqual([
      "Mine",
    ]);
    expect(managerBody.total).toBe(1);
    expect(viewer.source).toBe("snapshot");
    const viewerBody = JSON.parse("text" in viewer ? viewer.text : "") as EncodedTrackerList;
    expect(viewerBody.rows).toEqual([]);
    expect(viewerBody.total).toBe(0);
  });

  it("cut to its first rows while no snapshot is stored: no rows and no total, and nothing rebuilt or stored", async () => {
    const world = await aWorld();
    await aTrackerIn(world.account.accountId, { name: "Fresh" });

    const answer = await trackerListAnswerFor(sessionOf(world, world.Admin), later(), {
      gzip: false,
      first: 10,
    });

    expect(answer.source).toBe("no-snapshot");
    expect(JSON.parse("text" in answer ? answer.text : "")).toEqual({
      columns: [],
      dataColumns: [],
      rows: [],
      users: [],
      integrations: [],
    });
    expect((await readTrackerListMarker(world.account.accountId)).snapshot).toBeUndefined();
  });

  it("refuses a first-rows count that is not a whole number from 1 to 1,000 with a 400", async () => {
    const world = await aWorld();
    const path = `/api/trackers/get-trackers-by-account/${world.account.accountId}`;
    for (const first of ["0", "2.5", "1001", "ten"]) {
      const answer = await callApi("GET", `${path}?first=${first}`, { token: world.Admin.token });
      expect(answer.status).toBe(400);
    }
  });
});
