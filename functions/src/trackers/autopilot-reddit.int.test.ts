import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot on Reddit end to end: the tracker routes over DynamoDB Local and the sandbox's
 * campaign endpoints (ad account a2_pacerdemo01: reddit_communities 9034945 with a campaign
 * budget, campaign budget optimisation on; reddit_conversation 127823 with its budgets on its ad
 * groups). Every write is `PATCH /api/v3/campaigns/{id}`.
 */
const AD_ACCOUNT = demoAccount("redditads", "a2_pacerdemo01") as DemoAccount;
const COMMUNITIES = "9034945";
const CONVERSATION = "127823";
const UPDATE = "PATCH /ads-api/api/{version}/campaigns/{campaignId}";

const ap = useAutopilotOn("redditads", AD_ACCOUNT);

// A refresh and several report-backed listings each: slower than one call on a shared machine.
describe("AutoPilot on Reddit", { timeout: 60_000 }, () => {
  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaign alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker("reddit-apply@pacer.test", 0);
    ap.pipeline().sandbox.writes.record(AD_ACCOUNT, CONVERSATION, { at: Date.now(), status: "PAUSED" });
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    expect(first.map((a) => [a.campaignId, a.kind, a.status])).toEqual([[COMMUNITIES, "pause", "applied"]]);
    expect(again).toEqual([]);
    expect(ap.calls(UPDATE)).toBe(1);
    expect([ap.statusOf(COMMUNITIES), ap.statusOf(CONVERSATION)]).toEqual(["PAUSED", "PAUSED"]);

    const undone = await ap.act("undo", tracker, first[0]?._id ?? "");
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect([ap.statusOf(COMMUNITIES), ap.statusOf(CONVERSATION)]).toEqual(["ENABLED", "PAUSED"]);
    expect(ap.calls(UPDATE)).toBe(2);
  });

  it("Cruise changes the campaign-level goal_value only; the ad-group-budgeted campaign gets no budget change", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budget it can change.
    const tracker = await ap.aRefreshedTracker("reddit-cruise@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposed = await ap.run(tracker);
    const proposal = proposed.find((a) => a.campaignId === COMMUNITIES);
    expect(proposal).toMatchObject({ kind: "set-daily-budget", status: "proposed" });
    expect(proposed.filter((a) => a.campaignId === CONVERSATION && a.kind === "set-daily-budget")).toEqual(
      [],
    );

    const applied = await ap.act("apply", tracker, proposal?._id ?? "");

    expect(applied.status).toBe("applied");
    expect(ap.pipeline().sandbox.writes.dailyBudget(AD_ACCOUNT, COMMUNITIES, Date.now(), undefined)).toBe(
      proposal?.after,
    );
    expect(ap.calls(UPDATE)).toBe(1);
  });

  it("a write refused for lack of adsedit is recorded failed with insufficient_scope and shown on the tracker", async () => {
    const tracker = await ap.aRefreshedTracker("reddit-refused@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposal = (await ap.run(tracker)).find((a) => a.campaignId === COMMUNITIES);
    ap.pipeline().sandbox.writes.refuse("redditads");

    const refused = await ap.act("apply", tracker, proposal?._id ?? "");

    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(ap.pipeline().sandbox.writes.of(AD_ACCOUNT, COMMUNITIES)).toEqual([]);
    expect(await ap.lastFailure(tracker)).toMatchObject({
      code: "insufficient_scope",
      campaignId: COMMUNITIES,
    });
  });
});
