import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot on LinkedIn and X end to end: the tracker routes over DynamoDB Local and the sandbox's
 * campaign endpoints. Each ad account has a campaign with a daily budget of its own (`own`), one
 * whose daily budget sits elsewhere (`elsewhere`: LinkedIn's campaign group with Dynamic Group
 * Budget, X's line items under `budget_optimization=LINE_ITEM`), and one paused in the demo data.
 */
const CASES = [
  {
    label: "LinkedIn",
    slug: "linkedinads",
    account: demoAccount("linkedinads", "508000101") as DemoAccount,
    own: "349043", // linkedin_sponsored_content
    elsewhere: "544756", // linkedin_lead_gen
    demoPaused: "4387490", // linkedin_retargeting
    update: "POST /api/rest/adAccounts/{accountId}/adCampaigns/{campaignId}",
  },
  {
    label: "X",
    slug: "twitterads",
    account: demoAccount("twitterads", "18ce54pcrdm") as DemoAccount,
    own: "7hbn", // x_promoted_tier1
    elsewhere: "2m1eq", // x_retargeting
    demoPaused: "l2ve", // x_video_views
    update: "PUT /ads-api/{version}/accounts/{accountId}/campaigns/{campaignId}",
  },
] as const;

// Two refreshes and a report per campaign for each listing: slower than one call on a shared machine.
describe.each(CASES)("AutoPilot on $label", { timeout: 60_000 }, (c) => {
  const ap = useAutopilotOn(c.slug, c.account);

  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaigns alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker(`${c.slug}-apply@pacer.test`, 0);
    ap.pipeline().sandbox.writes.record(c.account, c.elsewhere, { at: Date.now(), status: "PAUSED" });
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    expect(first.map((a) => [a.campaignId, a.kind, a.status])).toEqual([[c.own, "pause", "applied"]]);
    expect(again).toEqual([]);
    expect(ap.calls(c.update)).toBe(1);
    expect([c.own, c.elsewhere, c.demoPaused].map(ap.statusOf)).toEqual(["PAUSED", "PAUSED", "PAUSED"]);

    const undone = await ap.act("undo", tracker, first[0]?._id ?? "");
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect(ap.statusOf(c.own)).toBe("ENABLED");
    expect(ap.calls(c.update)).toBe(2);
  });

  it("Cruise proposes a budget only where the campaign holds one; a refused write is shown on the tracker, then applied once accepted", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budgets.
    const tracker = await ap.aRefreshedTracker(`${c.slug}-cruise@pacer.test`, null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const writes = ap.pipeline().sandbox.writes;

    const proposed = await ap.run(tracker);
    expect(proposed.map((a) => [a.campaignId, a.kind, a.status])).toEqual([
      [c.own, "set-daily-budget", "proposed"],
    ]);
    writes.refuse(c.slug);
    const refused = await ap.act("apply", tracker, proposed[0]?._id ?? "");

    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(writes.of(c.account, c.own)).toEqual([]);
    expect(await ap.lastFailure(tracker)).toMatchObject({ code: "insufficient_scope", campaignId: c.own });

    writes.refuse(c.slug, false);
    const [again] = await ap.run(tracker);
    const applied = await ap.act("apply", tracker, again?._id ?? "");

    expect(applied).toMatchObject({ campaignId: c.own, kind: "set-daily-budget", status: "applied" });
    expect(writes.dailyBudget(c.account, c.own, Date.now(), undefined)).toBe(applied.after);
    expect(ap.calls(c.update)).toBe(2);
  });
});
