import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot on X end to end: the tracker routes over DynamoDB Local and the sandbox's campaign
 * endpoints, every call signed with OAuth 1.0a (ad account 18ce54pcrdm: x_promoted_tier1 7hbn with
 * a campaign daily budget, x_retargeting 2m1eq optimised at the line-item level (its line items
 * hold the daily budgets), and x_video_views l2ve paused in the demo data).
 */
const ACCOUNT = demoAccount("twitterads", "18ce54pcrdm") as DemoAccount;
const PROMOTED = "7hbn";
const RETARGETING = "2m1eq";
const VIDEO = "l2ve";
const UPDATE = "PUT /ads-api/{version}/accounts/{accountId}/campaigns/{campaignId}";

const ap = useAutopilotOn("twitterads", ACCOUNT);

// Two refreshes and a report per campaign for each listing: slower than one call on a shared machine.
describe("AutoPilot on X", { timeout: 60_000 }, () => {
  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaigns alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker("x-apply@pacer.test", 0);
    ap.pipeline().sandbox.writes.record(ACCOUNT, RETARGETING, { at: Date.now(), status: "PAUSED" });
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    expect(first.map((a) => [a.campaignId, a.kind, a.status])).toEqual([[PROMOTED, "pause", "applied"]]);
    expect(again).toEqual([]);
    expect(ap.calls(UPDATE)).toBe(1);
    expect([PROMOTED, RETARGETING, VIDEO].map(ap.statusOf)).toEqual(["PAUSED", "PAUSED", "PAUSED"]);

    const undone = await ap.act("undo", tracker, first[0]?._id ?? "");
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect(ap.statusOf(PROMOTED)).toBe("ENABLED");
    expect(ap.calls(UPDATE)).toBe(2);
  });

  it("Cruise proposes a budget only where the campaign holds one; a refused write is shown on the tracker, then applied once accepted", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budgets.
    const tracker = await ap.aRefreshedTracker("x-cruise@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const writes = ap.pipeline().sandbox.writes;

    const proposed = await ap.run(tracker);
    const [promoted] = proposed.filter((a) => a.campaignId === PROMOTED);
    expect(proposed.map((a) => [a.campaignId, a.kind, a.status])).toEqual([
      [PROMOTED, "set-daily-budget", "proposed"],
    ]);
    writes.refuse("twitterads");
    const refused = await ap.act("apply", tracker, promoted?._id ?? "");

    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(writes.of(ACCOUNT, PROMOTED)).toEqual([]);
    expect(await ap.lastFailure(tracker)).toMatchObject({ code: "insufficient_scope", campaignId: PROMOTED });

    writes.refuse("twitterads", false);
    const [again] = await ap.run(tracker);
    const applied = await ap.act("apply", tracker, again?._id ?? "");

    expect(applied).toMatchObject({ campaignId: PROMOTED, kind: "set-daily-budget", status: "applied" });
    expect(writes.dailyBudget(ACCOUNT, PROMOTED, Date.now(), undefined)).toBe(applied.after);
    expect(ap.calls(UPDATE)).toBe(2);
  });
});
