import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ActionStateConflictError,
  autopilotSwitchOn,
  createAutopilotActions,
  decideAutopilotAction,
  deleteAutopilotActions,
  getAutopilotRecord,
  listAutopilotActions,
  type NewAutopilotAction,
  saveAutopilotSettings,
  setAutopilotSwitch,
  updateAutopilotState,
} from "./autopilot.ts";
import { createTrackers, deleteTrackerChildren, findTracker } from "./trackers.ts";

const aPause = (campaignId: string): NewAutopilotAction => ({
  campaignId,
  campaignName: `Campaign ${campaignId}`,
  kind: "pause",
  before: 1,
  after: 0,
  rule: "pauseAtBudget",
  figures: { remainingSharePercent: 1.5 },
  periodStart: "2026-03-01",
  status: "proposed",
});

/** A tracker of a new account: AutoPilot settings are a tracker's. */
async function aTracker(): Promise<{ accountId: string; trackerId: string }> {
  const accountId = randomUUID();
  const [tracker] = await createTrackers(
    accountId,
    [
      {
        name: "T",
        timeZone: "Europe/London",
        createdBy: "test",
        dataSource: { integration: { slug: "googleads" }, view: { id: "1" } },
      },
    ],
    10,
  );
  if (!tracker) throw new Error("no tracker created");
  return { accountId, trackerId: tracker.trackerId };
}

describe("AutoPilot items (DynamoDB Local)", () => {
  it("a tracker without settings reads null; saving keeps the state written since", async () => {
    const { accountId, trackerId: t1 } = await aTracker();
    expect(await getAutopilotRecord(accountId, t1)).toBeNull();

    await saveAutopilotSettings(accountId, t1, { enabled: true, mode: "suggest" }, "u1");
    await updateAutopilotState(accountId, t1, {
      pausedCampaigns: { c1: "2026-03-01" },
      lastFailure: {
        at: "2026-03-18T10:00:00.000Z",
        code: "insufficient_scope",
        message: "no",
        campaignId: "c1",
      },
    });
    await saveAutopilotSettings(accountId, t1, { enabled: true, mode: "apply" }, "u2");

    const record = await getAutopilotRecord(accountId, t1);
    expect(record).toMatchObject({
      settings: { enabled: true, mode: "apply" },
      pausedCampaigns: { c1: "2026-03-01" },
      lastFailure: { code: "insufficient_scope" },
      updatedBy: "u2",
    });
    await updateAutopilotState(accountId, t1, { lastFailure: null });
    expect((await getAutopilotRecord(accountId, t1))?.lastFailure).toBeUndefined();
    expect(await getAutopilotRecord(randomUUID(), t1)).toBeNull();
  });

  it("the account switch is on until turned off", async () => {
    const accountId = randomUUID();
    expect(await autopilotSwitchOn(accountId)).toBe(true);
    await setAutopilotSwitch(accountId, false, "u1");
    expect(await autopilotSwitchOn(accountId)).toBe(false);
  });

  it("lists a tracker's actions newest first and decides each once", async () => {
    const accountId = randomUUID();
    const [first] = await createAutopilotActions(
      accountId,
      "t1",
      [aPause("c1")],
      new Date("2026-03-18T10:00:00Z"),
    );
    const [second] = await createAutopilotActions(
      accountId,
      "t1",
      [aPause("c2")],
      new Date("2026-03-18T11:00:00Z"),
    );
    await createAutopilotActions(accountId, "t2", [aPause("c3")]);
    if (!first || !second) throw new Error("expected two actions");

    expect((await listAutopilotActions(accountId, "t1")).map((a) => a.campaignId)).toEqual(["c2", "c1"]);
    const applied = await decideAutopilotAction(accountId, "t1", first.actionId, ["proposed"], {
      status: "applied",
      decidedAt: "2026-03-18T12:00:00.000Z",
      answer: "success",
      actor: { type: "user", userId: "u1" },
    });
    expect(applied).toMatchObject({ status: "applied", answer: "success", campaignId: "c1" });
    await expect(
      decideAutopilotAction(accountId, "t1", first.actionId, ["proposed"], {
        status: "dismissed",
        decidedAt: "2026-03-18T12:01:00.000Z",
      }),
    ).rejects.toBeInstanceOf(ActionStateConflictError);
    await expect(
      decideAutopilotAction(randomUUID(), "t1", first.actionId, ["proposed"], {
        status: "dismissed",
        decidedAt: "x",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    await deleteAutopilotActions(accountId, "t1", [second.actionId]);
    expect((await listAutopilotActions(accountId, "t1")).map((a) => a.status)).toEqual(["applied"]);
  });
  it("a deleted tracker's AutoPilot settings and actions go with its other children", async () => {
    const { accountId, trackerId: t1 } = await aTracker();
    await saveAutopilotSettings(accountId, t1, { enabled: true }, "u1");
    await createAutopilotActions(accountId, t1, [aPause("c1"), aPause("c2")]);
    await createAutopilotActions(accountId, "t2", [aPause("c3")]);

    await deleteTrackerChildren(accountId, t1);

    expect(await getAutopilotRecord(accountId, t1)).toBeNull();
    expect(await listAutopilotActions(accountId, t1)).toEqual([]);
    expect(await listAutopilotActions(accountId, "t2")).toHaveLength(1);
  });

  it("saving the settings sets the tracker's autopilotOn flag to their enabled in the same write; no tracker, nothing written", async () => {
    const { accountId, trackerId } = await aTracker();
    expect((await findTracker(accountId, trackerId))?.autopilotOn).toBe(false);

    await saveAutopilotSettings(accountId, trackerId, { enabled: true, mode: "suggest" }, "u1");
    expect((await findTracker(accountId, trackerId))?.autopilotOn).toBe(true);
    await saveAutopilotSettings(accountId, trackerId, { enabled: false, mode: "suggest" }, "u1");
    expect((await findTracker(accountId, trackerId))?.autopilotOn).toBe(false);
    expect((await getAutopilotRecord(accountId, trackerId))?.settings).toEqual({
      enabled: false,
      mode: "suggest",
    });

    await expect(saveAutopilotSettings(accountId, "gone", { enabled: true }, "u1")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await getAutopilotRecord(accountId, "gone")).toBeNull();
    expect(await findTracker(accountId, "gone")).toBeUndefined();
  });
});
