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

/**
 * An account of `n` trackers (every other one attached to "m") with its eighth deleted, and one
 * tracker of another account.
 */
async function anAccountWithOneDeleted(n: number) {
  const accountId = randomUUID();
  const trackers = await trackersIn(accountId, n, (i) => (i % 2 ? ["m"] : []));
  const [foreign] = await trackersIn(randomUUID(), 1, () => ["m"]);
  const gone = trackers[7]?.trackerId as string;
  await deleteTracker(accountId, gone);
  return { accountId, trackers, foreign: foreign?.trackerId as string, gone };
}

describe("the access fields of named trackers (DynamoDB Local)", () => {
  it.each([
    // 110 of 300 ids (one deleted), one foreign, 5 unknown: 116 distinct keys (two requests).
    { read: "by BatchGetItem (several requests)", trackers: 300, named: 110, unknown: 5, over: false },
    // All 130 ids (one deleted), one foreign, 150 unknown: 282 distinct keys.
    { read: "from the whole account", trackers: 130, named: 130, unknown: 150, over: true },
  ])(
    "reads exactly the named trackers of the account $read (names over the share of it: $over)",
    async (c) => {
      const { accountId, trackers, foreign, gone } = await anAccountWithOneDeleted(c.trackers);
      const mine = trackers.slice(0, c.named);
      const unknown = Array.from({ length: c.unknown }, () => randomUUID());
      // Unknown ids around the account's, and repeats of the account's.
      const named = [
        ...unknown.slice(0, c.unknown / 2),
        ...mine.map((t) => t.trackerId),
        foreign,
        ...unknown.slice(c.unknown / 2),
        ...mine.slice(0, 10).map((t) => t.trackerId),
      ];
      const share = TRACKER_ACCESS_LIST_SHARE * (c.trackers - 1);
      expect(new Set(named).size > share).toBe(c.over);

      const access = await getTrackerAccess(accountId, named);

      expectExactly(
        access,
        mine.filter((t) => t.trackerId !== gone),
      );
    },
  );

  it("reads nothing for no ids", async () => {
    expect((await getTrackerAccess(randomUUID(), [])).size).toBe(0);
  });

  it("lists every tracker of the account, and only its access fields, name and client (the four id ranges together)", async () => {
    const { accountId, trackers, gone } = await anAccountWithOneDeleted(60);

    const listed = await listTrackerAccess(accountId);

    const expected = trackers.filter((t) => t.trackerId !== gone);
    expect(listed).toHaveLength(expected.length);
    expectExactly(new Map(listed.map((t) => [t.trackerId, t])), expected);
    // Random ids fall in all four ranges the read queries in parallel.
    expect(
      new Set(listed.map((t) => Math.floor(Number.parseInt(t.trackerId[0] as string, 16) / 4))).size,
    ).toBe(4);
  });
});
