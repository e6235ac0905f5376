import { describe, expect, it } from "vitest";
import { aTrackerRow } from "../testing/builders.ts";
import { alertCandidates, anomalyScorerOf } from "./alert-targets.ts";
import { spendAnomaly } from "./anomaly.ts";

describe("alertCandidates", () => {
  const rows = [
    aTrackerRow({ id: "a", name: "A", client: "Acme" }),
    aTrackerRow({ id: "b", name: "B", client: "Acme" }),
    aTrackerRow({ id: "c", name: "C", client: "Bolt", currency: "EUR" }),
  ];

  it("takes the chosen trackers by id, each with its own name and currency", () => {
    const targets = alertCandidates("tracker", { all: false, ids: ["a", "c"] }, rows, []);
    expect(targets.map((t) => [t.key, t.name, t.currency])).toEqual([
      ["a", "A", "GBP"],
      ["c", "C", "EUR"],
    ]);
  });

  it("sums clients and pods over their trackers, keyed by client name and pod id", () => {
    const clients = alertCandidates("client", { all: true }, rows, []);
    expect(clients.map((t) => t.key).sort()).toEqual(["Acme", "Bolt"]);
    const acme = clients.find((t) => t.key === "Acme");
    expect(acme?.row).toMatchObject({ trackerCount: 2, currency: "GBP" });

    const pods = [
      { _id: "p1", name: "Pod one", trackers: ["a", "c"] },
      { _id: "p2", name: "Pod two", trackers: ["b"] },
    ];
    const chosen = alertCandidates("pod", { all: false, ids: ["p1"] }, rows, pods);
    expect(chosen.map((t) => [t.key, t.name])).toEqual([["p1", "Pod one"]]);
  });
});

describe("anomalyScorerOf", () => {
  const firstDay = 20_000;
  const yesterday = firstDay + 56;
  const steady = (spike: number) =>
    Float64Array.from({ length: 57 }, (_, i) => (i === 56 ? spike : 100_000_000 + (i % 3) * 5_000_000));

  it("scores yesterday's summed spend of the trackers asked for", () => {
    const series = new Map([
      ["a", steady(400_000_000)],
      ["b", steady(105_000_000)],
    ]);
    const summed = Float64Array.from(steady(400_000_000), (v, i) => v + (steady(105_000_000)[i] as number));
    const expected = spendAnomaly({ firstDay, values: summed }, yesterday);

    const score = anomalyScorerOf(series, firstDay, yesterday)(["a", "b"]);

    expect(expected.kind).toBe("score");
    expect(score).toBe(expected.kind === "score" ? expected.z : Number.NaN);
    expect(score).toBeGreaterThan(3);
  });

  it("does not score unknown trackers, trackers that never spent, or under four weeks of spend", () => {
    const recent = new Float64Array(57);
    recent.fill(100_000_000, 40);
    const series = new Map([
      ["none", new Float64Array(57)],
      ["recent", recent],
    ]);
    const scorer = anomalyScorerOf(series, firstDay, yesterday);
    expect(scorer(["unknown"])).toBeUndefined();
    expect(scorer(["none"])).toBeUndefined();
    expect(scorer(["recent"])).toBeUndefined();
  });
});
