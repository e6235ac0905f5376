import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { type ActionView, useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot on Amazon Ads end to end: the tracker routes over DynamoDB Local and the sandbox's
 * campaign management (profile 3810822089931808, US: sp_auto_bestsellers 89459845 (Sponsored
 * Products) and sb_brand_video 10934 (Sponsored Brands) enabled, each with a daily budget;
 * sd_retargeting 4387490 (Sponsored Display) paused by a person).
 */
const STORE = demoAccount("amazonads", "3810822089931808") as DemoAccount;
const SP = "89459845";
const SB = "10934";
const SD = "4387490";
const ROUTES = {
  sp: "PUT /{host}/sp/campaigns",
  sb: "PUT /{host}/sb/v4/campaigns",
  sd: "PUT /{host}/sd/campaigns",
} as const;

const ap = useAutopilotOn("amazonads", STORE);
const updates = (route: keyof typeof ROUTES) => ap.calls(ROUTES[route]);

// Two refreshes and several report-backed listings each: slower than one call on a shared machine.
describe("AutoPilot on Amazon Ads", { timeout: 60_000 }, () => {
  it("Apply pauses the Sponsored Products and Brands campaigns once (a re-run writes nothing), leaves the person-paused Display campaign alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker("amazon-apply@pacer.test", 0);
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    expect(first.map((a) => [a.campaignId, a.kind, a.status]).sort()).toEqual([
      [SB, "pause", "applied"],
      [SP, "pause", "applied"],
    ]);
    expect(again).toEqual([]);
    expect([updates("sp"), updates("sb"), updates("sd")]).toEqual([1, 1, 0]);
    expect([ap.statusOf(SP), ap.statusOf(SB), ap.statusOf(SD)]).toEqual(["PAUSED", "PAUSED", "PAUSED"]);

    const sp = first.find((a) => a.campaignId === SP) as ActionView;
    const undone = await ap.act("undo", tracker, sp._id);
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect([ap.statusOf(SP), ap.statusOf(SB)]).toEqual(["ENABLED", "PAUSED"]);
    expect(updates("sp")).toBe(2);
  });

  it("Cruise changes a daily budget at Amazon; a refused write is recorded failed with insufficient_scope and shown on the tracker", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budgets (with $1 left it would pause).
    const tracker = await ap.aRefreshedTracker("amazon-cruise@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposed = await ap.run(tracker);
    const [sp, sb] = [SP, SB].map((id) => proposed.find((a) => a.campaignId === id)) as [
      ActionView,
      ActionView,
    ];
    expect(sp).toMatchObject({ kind: "set-daily-budget", status: "proposed" });
    expect(sb).toMatchObject({ kind: "set-daily-budget", status: "proposed" });
    expect(proposed.some((a) => a.campaignId === SD)).toBe(false);
    expect(updates("sp") + updates("sb")).toBe(0);

    const applied = await ap.act("apply", tracker, sp._id);
    ap.pipeline().sandbox.writes.refuse("amazonads");
    const refused = await ap.act("apply", tracker, sb._id);

    expect(applied.status).toBe("applied");
    expect(ap.pipeline().sandbox.writes.dailyBudget(STORE, SP, Date.now(), undefined)).toBe(sp.after);
    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(ap.pipeline().sandbox.writes.of(STORE, SB)).toEqual([]);
    expect(await ap.lastFailure(tracker)).toMatchObject({ code: "insufficient_scope", campaignId: SB });
  });
});
