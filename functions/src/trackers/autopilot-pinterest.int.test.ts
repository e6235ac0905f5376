import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot on Pinterest end to end: the tracker routes over DynamoDB Local and the sandbox's
 * campaign endpoints (ad account 549000000101: pinterest_shopping 9034945 running and
 * pinterest_awareness 348934 paused by a person, each with a campaign `daily_spend_cap`). Every
 * write is `PATCH /v5/ad_accounts/{id}/campaigns`.
 */
const AD_ACCOUNT = demoAccount("pinterestads", "549000000101") as DemoAccount;
const SHOPPING = "9034945";
const AWARENESS = "348934";
const UPDATE = "PATCH /api/v5/ad_accounts/{adAccountId}/campaigns";

const ap = useAutopilotOn("pinterestads", AD_ACCOUNT);

// A refresh and several analytics-backed listings each: slower than one call on a shared machine.
describe("AutoPilot on Pinterest", { timeout: 60_000 }, () => {
  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaign alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker("pinterest-apply@pacer.test", 0);
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    expect(first.map((a) => [a.campaignId, a.kind, a.status])).toEqual([[SHOPPING, "pause", "applied"]]);
    expect(again).toEqual([]);
    expect(ap.calls(UPDATE)).toBe(1);
    expect([ap.statusOf(SHOPPING), ap.statusOf(AWARENESS)]).toEqual(["PAUSED", "PAUSED"]);

    const undone = await ap.act("undo", tracker, first[0]?._id ?? "");
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect(ap.statusOf(SHOPPING)).toBe("ENABLED");
    expect(ap.statusOf(AWARENESS)).toBe("PAUSED");
    expect(ap.calls(UPDATE)).toBe(2);
  });

  it("Cruise changes the campaign's daily_spend_cap at Pinterest, once", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budget.
    const tracker = await ap.aRefreshedTracker("pinterest-cruise@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const [proposal, ...others] = await ap.run(tracker);
    expect(others).toEqual([]);
    expect(proposal).toMatchObject({ campaignId: SHOPPING, kind: "set-daily-budget", status: "proposed" });
    expect(proposal?.after).toBeGreaterThan(proposal?.before ?? Number.POSITIVE_INFINITY);

    const applied = await ap.act("apply", tracker, proposal?._id ?? "");

    expect(applied.status).toBe("applied");
    expect(ap.pipeline().sandbox.writes.dailyBudget(AD_ACCOUNT, SHOPPING, Date.now(), undefined)).toBe(
      proposal?.after,
    );
    expect(ap.calls(UPDATE)).toBe(1);
  });

  it("a write refused for lack of ads:write is recorded failed with insufficient_scope and shown on the tracker", async () => {
    const tracker = await ap.aRefreshedTracker("pinterest-refused@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const [proposal] = await ap.run(tracker);
    ap.pipeline().sandbox.writes.refuse("pinterestads");

    const refused = await ap.act("apply", tracker, proposal?._id ?? "");

    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(ap.pipeline().sandbox.writes.of(AD_ACCOUNT, SHOPPING)).toEqual([]);
    expect(await ap.lastFailure(tracker)).toMatchObject({ code: "insufficient_scope", campaignId: SHOPPING });
  });
});
