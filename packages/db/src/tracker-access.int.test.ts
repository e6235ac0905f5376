import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createTrackers,
  deleteTracker,
  getTrackerAccess,
  listTrackerAccess,
  type NewTracker,
} from "./trackers.ts";

/** A tracker of the test's own account, attached to `users`. */
const aNewTracker = (i: number, users: string[]): NewTracker => ({
  name: `Tracker ${i}`,
  client: `Client ${i % 3}`,
  timeZone: "Europe/London",
  createdBy: "test",
  associatedUserIds: users,
  dataSource: { integration: { slug: "googleads" }, view: { id: String(i) } },
});

/** Creates `n` trackers (99 per transaction), tracker i attached to `usersOf(i)`. */
async function trackersIn(accountId: string, n: number, usersOf: (i: number) => string[]) {
  const created = [];
  for (let from = 0; from < n; from += 99) {
    const batch = [];
    for (let i = from; i < Math.min(n, from + 99); i++) batch.push(aNewTracker(i, usersOf(i)));
    created.push(...(await createTrackers(accountId, batch, 1_000)));
  }
  return created;
}

describe("the access fields of named trackers (DynamoDB Local)", () => {
  it("reads exactly the named trackers of the account (access fields, name and client), over several BatchGetItem requests", async () => {
    const accountId = randomUUID();
    const other = randomUUID();
    const trackers = await trackersIn(accountId, 130, (i) => (i % 2 ? ["m"] : []));
    const [foreign] = await trackersIn(other, 1, () => ["m"]);
    const gone = trackers[7]?.trackerId as string;
    await deleteTracker(accountId, gone);
    const unknown = Array.from({ length: 150 }, () => randomUUID());
    // 130 real ids (one deleted), one of another account, 150 that never existed, and repeats:
    // 282 distinct keys, so three requests of at most 100.
    const named = [
      ...unknown.slice(0, 75),
      ...trackers.map((t) => t.trackerId),
      foreign?.trackerId as string,
      ...unknown.slice(75),
      ...trackers.slice(0, 10).map((t) => t.trackerId),
    ];

    const access = await getTrackerAccess(accountId, named);

    const expected = trackers.filter((t) => t.trackerId !== gone);
    expect(access.size).toBe(129);
    expect([...access.keys()].sort()).toEqual(expected.map((t) => t.trackerId).sort());
    for (const t of expected) {
      expect(access.get(t.trackerId)).toEqual({
        trackerId: t.trackerId,
        name: t.name,
        client: t.client,
        associatedUserIds: t.associatedUserIds,
      });
    }
    expect(access.has(foreign?.trackerId as string)).toBe(false);
  });

  it("reads nothing for no ids", async () => {
    expect((await getTrackerAccess(randomUUID(), [])).size).toBe(0);
  });

  it("lists every tracker of the account, and only its access fields, name and client (the four id ranges together)", async () => {
    const accountId = randomUUID();
    const trackers = await trackersIn(accountId, 60, (i) => (i % 2 ? ["m"] : []));
    await trackersIn(randomUUID(), 3, () => ["m"]);
    const gone = trackers[11]?.trackerId as string;
    await deleteTracker(accountId, gone);

    const listed = await listTrackerAccess(accountId);

    const expected = trackers
      .filter((t) => t.trackerId !== gone)
      .map((t) => ({
        trackerId: t.trackerId,
        name: t.name,
        client: t.client,
        associatedUserIds: t.associatedUserIds,
      }));
    const byId = (a: { trackerId: string }, b: { trackerId: string }) =>
      a.trackerId.localeCompare(b.trackerId);
    expect([...listed].sort(byId)).toEqual(expected.sort(byId));
    // Random ids fall in all four ranges the read queries in parallel.
    expect(
      new Set(listed.map((t) => Math.floor(Number.parseInt(t.trackerId[0] as string, 16) / 4))).size,
    ).toBe(4);
  });
});
