import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot on LinkedIn end to end: the tracker routes over DynamoDB Local and the sandbox's
 * campaign endpoints (ad account 508000101: linkedin_sponsored_content 349043 with a daily budget
 * of its own, linkedin_lead_gen 544756 spending from its campaign group's budget, and
 * linkedin_retargeting 4387490 paused in the demo data).
 */
const ACCOUNT = demoAccount("linkedinads", "508000101") as DemoAccount;
const SPONSORED = "349043";
const LEAD_GEN = "544756";
const RETARGETING = "4387490";
const UPDATE = "POST /api/rest/adAccounts/{accountId}/adCampaigns/{campaignId}";

const ap = useAutopilotOn("linkedinads", ACCOUNT);

// Two refreshes and a report per campaign for each listing: slower than one call on a shared machine.
describe("AutoPilot on LinkedIn", { timeout: 60_000 }, () => {
  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaigns alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker("linkedin-apply@pacer.test", 0);
    ap.pipeline().sandbox.writes.record(ACCOUNT, LEAD_GEN, { at: Date.now(), status: "PAUSED" });
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    expect(first.map((a) => [a.campaignId, a.kind, a.status])).toEqual([[SPONSORED, "pause", "applied"]]);
    expect(again).toEqual([]);
    expect(ap.calls(UPDATE)).toBe(1);
    expect([SPONSORED, LEAD_GEN, RETARGETING].map(ap.statusOf)).toEqual(["PAUSED", "PAUSED", "PAUSED"]);

    const undone = await ap.act("undo", tracker, first[0]?._id ?? "");
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect(ap.statusOf(SPONSORED)).toBe("ENABLED");
    expect(ap.calls(UPDATE)).toBe(2);
  });

  it("Cruise proposes a budget only where the campaign holds one; a refused write is shown on the tracker, then applied once accepted", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budgets.
    const tracker = await ap.aRefreshedTracker("linkedin-cruise@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const writes = ap.pipeline().sandbox.writes;

    const proposed = await ap.run(tracker);
    const [sponsored] = proposed.filter((a) => a.campaignId === SPONSORED);
    expect(proposed.map((a) => [a.campaignId, a.kind, a.status])).toEqual([
      [SPONSORED, "set-daily-budget", "proposed"],
    ]);
    writes.refuse("linkedinads");
    const refused = await ap.act("apply", tracker, sponsored?._id ?? "");

    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(writes.of(ACCOUNT, SPONSORED)).toEqual([]);
    expect(await ap.lastFailure(tracker)).toMatchObject({
      code: "insufficient_scope",
      campaignId: SPONSORED,
    });

    writes.refuse("linkedinads", false);
    const [again] = await ap.run(tracker);
    const applied = await ap.act("apply", tracker, again?._id ?? "");

    expect(applied).toMatchObject({ campaignId: SPONSORED, kind: "set-daily-budget", status: "applied" });
    expect(writes.dailyBudget(ACCOUNT, SPONSORED, Date.now(), undefined)).toBe(applied.after);
    expect(ap.calls(UPDATE)).toBe(2);
  });
});
