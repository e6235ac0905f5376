import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createTrackers,
  deleteTracker,
  getTrackerAccess,
  listTrackerAccess,
  type NewTracker,
  TRACKER_ACCESS_LIST_SHARE,
  type Tracker,
  type TrackerAccess,
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

/** The map holds exactly `expected`, each with its access fields, name and client. */
function expectExactly(access: Map<string, TrackerAccess>, expected: Tracker[]): void {
  expect([...access.keys()].sort()).toEqual(expected.map((t) => t.trackerId).sort());
  for (const t of expected) {
    expect(access.get(t.trackerId)).toEqual({
      trackerId: t.trackerId,
      name: t.name,
      client: t.client,
      associatedUserIds: t.associatedUserIds,
    });
  }
}

describe("the access fields of named trackers (DynamoDB Local)", () => {
  it("reads exactly the named trackers of the account by BatchGetItem (several requests) when they are a small share of it", async () => {
    const accountId = randomUUID();
    const trackers = await trackersIn(accountId, 300, (i) => (i % 2 ? ["m"] : []));
    const [foreign] = await trackersIn(randomUUID(), 1, () => ["m"]);
    const gone = trackers[7]?.trackerId as string;
    await deleteTracker(accountId, gone);
    const mine = trackers.slice(0, 110);
    // 110 of the account's ids (one deleted), one of another account, 5 that never existed, and
    // repeats: 116 distinct keys (two requests), under the share of the 299 trackers.
    const named = [
      ...mine.map((t) => t.trackerId),
      foreign?.trackerId as string,
      ...Array.from({ length: 5 }, () => randomUUID()),
      ...mine.slice(0, 10).map((t) => t.trackerId),
    ];
    expect(new Set(named).size).toBeLessThan(TRACKER_ACCESS_LIST_SHARE * 299);

    const access = await getTrackerAccess(accountId, named);

    expectExactly(
      access,
      mine.filter((t) => t.trackerId !== gone),
    );
  });

  it("reads the same from the whole account when the names are more than the share of it", async () => {
    const accountId = randomUUID();
    const other = randomUUID();
    const trackers = await trackersIn(accountId, 130, (i) => (i % 2 ? ["m"] : []));
    const [foreign] = await trackersIn(other, 1, () => ["m"]);
    const gone = trackers[7]?.trackerId as string;
    await deleteTracker(accountId, gone);
    const unknown = Array.from({ length: 150 }, () => randomUUID());
    // 130 real ids (one deleted), one of another account, 150 that never existed, and repeats.
    const named = [
      ...unknown.slice(0, 75),
      ...trackers.map((t) => t.trackerId),
      foreign?.trackerId as string,
      ...unknown.slice(75),
      ...trackers.slice(0, 10).map((t) => t.trackerId),
    ];
    expect(new Set(named).size).toBeGreaterThan(TRACKER_ACCESS_LIST_SHARE * 129);

    const access = await getTrackerAccess(accountId, named);

    expectExactly(
      access,
      trackers.filter((t) => t.trackerId !== gone),
    );
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
