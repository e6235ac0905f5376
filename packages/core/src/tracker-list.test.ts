import { describe, expect, it } from "vitest";
import {
  decodeTrackerList,
  encodeTrackerList,
  isEncodedTrackerList,
  type ListedTracker,
  listedTrackers,
  parseTrackerListSnapshot,
  serializeTrackerListSnapshot,
  snapshotTrackerList,
  trackerListAnswerText,
  trackerListSnapshotHead,
} from "./tracker-list.ts";

const ann = { _id: "u-ann", name: "Ann", userType: "Manager", email: "ann@agency.test", avatar: null };
const bob = {
  _id: "u-bob",
  name: "Bob",
  userType: "Viewer",
  email: "bob@agency.test",
  avatar: "https://a.test/b.png",
};
const google = {
  name: "Google Ads",
  slug: "googleads",
  email: "ads@agency.test",
  avatar: "https://a.test/g.png",
};
const meta = {
  name: "Meta Ads",
  slug: "facebookads",
  email: "fb@agency.test",
  avatar: "https://a.test/m.png",
};

function aListedTracker(i: number, over: Partial<ListedTracker> = {}): ListedTracker {
  return {
    _id: `t-${i}`,
    name: `Tracker ${i}`,
    client: "Acme",
    podId: null,
    platformBudget: { amount: 100_000_000, period: "day" },
    lifetimeBudgetDates: null,
    associatedUsers: [ann, bob],
    dataSource: { integration: google, view: { id: `${9000 + i}`, name: `Account ${i}` } },
    isUpdating: false,
    err: null,
    data: {
      actualSpend: 1_250_000_000 + i,
      lastMonthBudget: null,
      budgetAdjustment: { kind: "lastMonth", overUnderSpend: -3_000_000 },
      ctr: 2.5,
    },
    version: 3,
    ...over,
  };
}

describe("tracker list encoding", () => {
  it("gives back every tracker field for field, in order", () => {
    const views = [
      aListedTracker(1),
      aListedTracker(2, {
        associatedUsers: [],
        data: null,
        err: { title: "Token expired", msg: "Reconnect" },
      }),
      aListedTracker(3, {
        podId: "p-1",
        associatedUsers: [bob],
        dataSource: { integration: meta, view: { id: "act_7", name: "Shop" } },
      }),
    ];

    const decoded = decodeTrackerList(JSON.parse(JSON.stringify(encodeTrackerList(views))));

    expect(decoded).toEqual(views);
  });

  it("writes field names, users and connections once, not per tracker", () => {
    const views = Array.from({ length: 50 }, (_, i) => aListedTracker(i));

    const encoded = encodeTrackerList(views);
    const json = JSON.stringify(encoded);

    expect(encoded.users).toEqual([ann, bob]);
    expect(encoded.integrations).toEqual([google]);
    expect(json.split('"actualSpend"')).toHaveLength(2);
    expect(json.split("ann@agency.test")).toHaveLength(2);
    expect(json.length).toBeLessThan(JSON.stringify(views).length / 2);
  });

  it("encodes an empty list and reads the answer shapes the web app meets", () => {
    const empty = encodeTrackerList([]);

    expect(decodeTrackerList(empty)).toEqual([]);
    expect(isEncodedTrackerList(empty)).toBe(true);
    expect(listedTrackers(encodeTrackerList([aListedTracker(1)]))).toEqual([aListedTracker(1)]);
    expect(listedTrackers({ trackers: [aListedTracker(2)] })).toEqual([aListedTracker(2)]);
    expect(listedTrackers([aListedTracker(3)])).toEqual([aListedTracker(3)]);
    expect(listedTrackers(undefined)).toEqual([]);
  });

  it("refuses a row that points at a user the list does not hold", () => {
    const encoded = encodeTrackerList([aListedTracker(1)]);
    encoded.users = [];

    expect(() => decodeTrackerList(encoded)).toThrow(TypeError);
  });
});

describe("tracker list snapshot", () => {
  /** A view as the list answers it: the per-request columns at their place among the others. */
  const joined = (i: number, over: Partial<ListedTracker> = {}) =>
    aListedTracker(i, { podName: null, sharedBudgetId: null, ...over });
  const views = [
    joined(1, { name: 'Line\nbreak "quoted"', associatedUsers: [ann] }),
    joined(2, { data: null, associatedUsers: [bob] }),
    joined(3, {
      podId: "p-1",
      podName: "North",
      sharedBudgetId: "sb-1",
      associatedUsers: [ann, bob],
      dataSource: { integration: meta, view: { id: "act_7", name: "Shop" } },
    }),
  ];
  const userIds = [["u-ann"], ["u-bob"], ["u-ann", "u-bob", "u-gone"]];
  // The snapshot is built without joins, as the server builds it from the stored trackers.
  const unjoined = views.map((v) => ({
    ...v,
    podId: null,
    podName: null,
    sharedBudgetId: null,
    associatedUsers: [],
  }));
  const stored = parseTrackerListSnapshot(
    serializeTrackerListSnapshot(snapshotTrackerList(unjoined, userIds)),
  );
  const byId = new Map(views.map((v) => [v._id as string, v]));
  /** The request's joins of a row: those of the joined view. */
  const viewJoins = (m: { trackerId: string }) => {
    const v = byId.get(m.trackerId) as ListedTracker;
    return {
      podId: v.podId as string | null,
      podName: v.podName as string | null,
      sharedBudgetId: v.sharedBudgetId as string | null,
      associatedUsers: v.associatedUsers,
    };
  };

  it("answers, with the joins of the request, the same trackers as the table of the joined views", () => {
    const text = trackerListAnswerText(stored, viewJoins);

    expect(decodeTrackerList(JSON.parse(text))).toEqual(views);
    expect(stored.meta.map((m) => m.associatedUserIds)).toEqual(userIds);
  });

  it("leaves out the rows the request refuses, and their users and connections", () => {
    const text = trackerListAnswerText(stored, (m) =>
      m.trackerId === "t-2"
        ? { podId: null, podName: null, sharedBudgetId: null, associatedUsers: [bob] }
        : undefined,
    );
    const answer = JSON.parse(text);

    expect(decodeTrackerList(answer)).toEqual([views[1]]);
    expect(answer.users).toEqual([bob]);
    expect(answer.integrations).toEqual([google]);
    expect(text).not.toContain("Shop");
    expect(text).not.toContain("u-ann");
  });

  it("cut to its first rows: the first rows the request sees, their users and connections, and the whole list's count", () => {
    const joinsOf = (m: { trackerId: string }) => (m.trackerId === "t-1" ? undefined : viewJoins(m));
    const answer = JSON.parse(trackerListAnswerText(stored, joinsOf, { first: 1 }));

    expect(decodeTrackerList(answer)).toEqual([views[1]]);
    expect(answer.users).toEqual([bob]);
    expect(answer.integrations).toEqual([google]);
    expect(answer.total).toBe(2);
    const whole = JSON.parse(trackerListAnswerText(stored, joinsOf, { first: 5 }));
    expect(decodeTrackerList(whole)).toEqual([views[1], views[2]]);
    expect(whole.total).toBe(2);
    expect(JSON.parse(trackerListAnswerText(stored, joinsOf))).not.toHaveProperty("total");
  });

  it("keeps its first rows as a head that answers the first page and the whole list's count alone", () => {
    const head = parseTrackerListSnapshot(serializeTrackerListSnapshot(trackerListSnapshotHead(stored, 2)));
    const fromHead = JSON.parse(trackerListAnswerText(head, viewJoins, { first: 2 }));
    const fromWhole = JSON.parse(trackerListAnswerText(stored, viewJoins, { first: 2 }));

    expect(head.meta).toHaveLength(2);
    expect(head.total).toBe(3);
    // Only the connection its rows name (the third row's is left out).
    expect(head.integrations).toEqual([google]);
    expect(fromHead).toEqual(fromWhole);
    expect(fromHead.total).toBe(3);
  });

  it("refuses to answer from a head for a request that may not see one of its rows", () => {
    const head = trackerListSnapshotHead(stored, 2);
    const joinsOf = (m: { trackerId: string }) => (m.trackerId === "t-2" ? undefined : viewJoins(m));

    expect(() => trackerListAnswerText(head, joinsOf, { first: 1 })).toThrow(TypeError);
  });

  it("answers an empty table when the request sees no row, as the table of no views", () => {
    const text = trackerListAnswerText(stored, () => undefined);

    expect(JSON.parse(text)).toEqual(encodeTrackerList([]));
  });
});
