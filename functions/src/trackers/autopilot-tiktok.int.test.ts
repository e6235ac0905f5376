import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { type ActionView, useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot on TikTok end to end: the tracker routes over DynamoDB Local and the sandbox's
 * campaign endpoints (advertiser 7000000000000000101: tiktok_creators 374754 and tiktok_in_feed
 * 983498, each with a daily campaign budget).
 */
const ADVERTISER = demoAccount("tiktokads", "7000000000000000101") as DemoAccount;
const CREATORS = "374754";
const IN_FEED = "983498";
const STATUS_UPDATE = "POST /open_api/{version}/campaign/status/update/";

const ap = useAutopilotOn("tiktokads", ADVERTISER);

// Two refreshes and several report-backed listings each: slower than one call on a shared machine.
describe("AutoPilot on TikTok", { timeout: 60_000 }, () => {
  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaign alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker("tiktok-apply@pacer.test", 0);
    ap.pipeline().sandbox.writes.record(ADVERTISER, IN_FEED, { at: Date.now(), status: "PAUSED" });
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    expect(first.map((a) => [a.campaignId, a.kind, a.status])).toEqual([[CREATORS, "pause", "applied"]]);
    expect(again).toEqual([]);
    expect(ap.calls(STATUS_UPDATE)).toBe(1);
    expect([ap.statusOf(CREATORS), ap.statusOf(IN_FEED)]).toEqual(["PAUSED", "PAUSED"]);

    const undone = await ap.act("undo", tracker, first[0]?._id ?? "");
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect(ap.statusOf(CREATORS)).toBe("ENABLED");
    expect(ap.calls(STATUS_UPDATE)).toBe(2);
  });

  it("Cruise changes a daily budget at TikTok; a refused write is recorded failed with insufficient_scope and shown on the tracker", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budgets (with $1 left it would pause).
    const tracker = await ap.aRefreshedTracker("tiktok-cruise@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposed = await ap.run(tracker);
    const [creators, inFeed] = [CREATORS, IN_FEED].map((id) => proposed.find((a) => a.campaignId === id)) as [
      ActionView,
      ActionView,
    ];
    expect(creators).toMatchObject({ kind: "set-daily-budget", status: "proposed" });
    expect(inFeed).toMatchObject({ kind: "set-daily-budget", status: "proposed" });

    const applied = await ap.act("apply", tracker, creators._id);
    ap.pipeline().sandbox.writes.refuse("tiktokads");
    const refused = await ap.act("apply", tracker, inFeed._id);

    expect(applied.status).toBe("applied");
    expect(ap.pipeline().sandbox.writes.dailyBudget(ADVERTISER, CREATORS, Date.now(), undefined)).toBe(
      creators.after,
    );
    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(ap.pipeline().sandbox.writes.of(ADVERTISER, IN_FEED)).toEqual([]);
    expect(await ap.lastFailure(tracker)).toMatchObject({ code: "insufficient_scope", campaignId: IN_FEED });
  });
});
