import { describe, expect, it } from "vitest";
import { TRACKER_INDEXES } from "./entities/constants.ts";
import { db } from "./service.ts";
import { trackerItemCopies } from "./trackers.ts";

const e = (await db()).entities;

/** The key strings of the tracker, pod, shared-budget, alert and device entities, as README.md lists them. */
describe("key strings as stored", () => {
  const keyOf = (params: { Key?: Record<string, unknown>; Item?: Record<string, unknown> }) => {
    const item = params.Key ?? params.Item ?? {};
    return `${item.pk} | ${item.sk}`;
  };
  it("puts every account item under ACCOUNT#<accountId> with one prefix per type", () => {
    expect(keyOf(e.tracker.get({ accountId: "a", trackerId: "t" }).params())).toBe("ACCOUNT#a | TRACKER#t");
    expect(keyOf(e.trackerCount.get({ accountId: "a" }).params())).toBe("ACCOUNT#a | TRACKERCOUNT");
    expect(keyOf(e.pod.get({ accountId: "a", podId: "p" }).params())).toBe("ACCOUNT#a | POD#p");
    expect(keyOf(e.sharedBudget.get({ accountId: "a", sharedBudgetId: "s" }).params())).toBe(
      "ACCOUNT#a | SHAREDBUDGET#s",
    );
    expect(keyOf(e.alert.get({ accountId: "a", alertId: "x" }).params())).toBe("ACCOUNT#a | ALERT#x");
    expect(keyOf(e.alertState.get({ accountId: "a", alertId: "x", targetKey: "t" }).params())).toBe(
      "ACCOUNT#a | ALERTSTATE#x#t",
    );
    expect(
      keyOf(e.alertEvent.get({ accountId: "a", at: "2026-11-21T08:00:00.000Z", eventId: "e" }).params()),
    ).toBe("ACCOUNT#a | ALERTEVENT#2026-11-21T08:00:00.000Z#e");
    expect(keyOf(e.alertChannel.get({ accountId: "a", channelId: "c" }).params())).toBe(
      "ACCOUNT#a | ALERTCHANNEL#c",
    );
    expect(keyOf(e.message.get({ accountId: "a", trackerId: "t", messageId: "m" }).params())).toBe(
      "ACCOUNT#a | MESSAGE#t#m",
    );
    expect(keyOf(e.accountIngestionKey.get({ accountId: "a" }).params())).toBe("ACCOUNT#a | INGESTKEY");
    expect(keyOf(e.autopilotSettings.get({ accountId: "a", trackerId: "t" }).params())).toBe(
      "ACCOUNT#a | AUTOPILOT#t",
    );
    expect(keyOf(e.autopilotSwitch.get({ accountId: "a" }).params())).toBe("ACCOUNT#a | AUTOPILOTSWITCH");
    expect(keyOf(e.autopilotAction.get({ accountId: "a", trackerId: "t", actionId: "x" }).params())).toBe(
      "ACCOUNT#a | APACTION#t#x",
    );
  });

  it("gives daily metrics a partition per tracker and readings one per account", () => {
    expect(keyOf(e.dailyMetric.get({ accountId: "a", trackerId: "t", date: "2026-11-21" }).params())).toBe(
      "METRICS#a#t | DAY#2026-11-21",
    );
    expect(
      keyOf(
        e.deviceReading
          .get({ accountId: "a", recDate: "2026-11-21T08:00:00.000Z", device: "d", seqNum: 7 })
          .params(),
      ),
    ).toBe("READINGS#a | AT#2026-11-21T08:00:00.000Z#d#7");
    expect(keyOf(e.ingestionKey.get({ keyHash: "h" }).params())).toBe("INGESTKEY#h | INGESTKEY");
  });

  it("lists trackers by prefix and reads a tracker's days by date range", () => {
    const list = e.tracker.query.byAccount({ accountId: "a" }).params() as {
      ExpressionAttributeValues: Record<string, string>;
    };
    expect(Object.values(list.ExpressionAttributeValues)).toEqual(["ACCOUNT#a", "TRACKER#"]);
    const days = e.dailyMetric.query
      .byTracker({ accountId: "a", trackerId: "t" })
      .between({ date: "2026-05-01" }, { date: "2026-11-21" })
      .params() as { ExpressionAttributeValues: Record<string, string> };
    expect(Object.values(days.ExpressionAttributeValues)).toEqual([
      "METRICS#a#t",
      "DAY#2026-05-01",
      "DAY#2026-11-21",
    ]);
  });
});

describe("the tracker's indexes as listed beside the models", () => {
  it("are the tracker entity's indexes, so trackerItemCopies (the cost model) counts them without building it", () => {
    expect(Object.keys(e.tracker.schema.indexes)).toEqual([...TRACKER_INDEXES]);
    expect(trackerItemCopies()).toBe(Object.keys(e.tracker.schema.indexes).length);
  });
});
