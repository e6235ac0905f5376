import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { type ActionView, useAutopilotOn } from "../../testing/autopilot-platform.ts";
import type { viewsOf } from "../../testing/refresh-connections.ts";

/**
 * AutoPilot on Microsoft Advertising end to end: the tracker routes over DynamoDB Local and the
 * sandbox's Campaign Management (account 180000101: bing_search_hot 89459845 and bing_search_wide
 * 127823, each with a daily budget of its own).
 */
const SEARCH = demoAccount("bingads", "180000101") as DemoAccount;
const HOT = "89459845";
const WIDE = "127823";
const UPDATE = "PUT /campaign/CampaignManagement/{version}/Campaigns";

/** The ad accounts a Microsoft connection reaches: get-user, then get-accounts (its two-step listing). */
async function microsoftViews(token: string, email: string): Promise<Awaited<ReturnType<typeof viewsOf>>> {
  const integration = { slug: "bingads", email };
  const user = await callApi<{ user: Record<string, unknown> }>("POST", "/api/bing-ads/get-user", {
    token,
    body: { integration },
  });
  const { bingAdsUserId, bingAdsCustomerId, bingAdsCustomerRoles } = user.body.user;
  const accounts = await callApi<{ views?: Awaited<ReturnType<typeof viewsOf>> }>(
    "POST",
    "/api/bing-ads/get-accounts",
    { token, body: { bingAdsUserId, bingAdsCustomerId, bingAdsCustomerRoles, integration } },
  );
  return accounts.body.views ?? [];
}

const ap = useAutopilotOn("bingads", SEARCH, microsoftViews);
const updates = () => ap.calls(UPDATE);

// Two refreshes and several report-backed listings each: slower than one call on a shared machine.
describe("AutoPilot on Microsoft Advertising", { timeout: 60_000 }, () => {
  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaign alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker("ms-apply@pacer.test", 0);
    ap.pipeline().sandbox.writes.record(SEARCH, WIDE, { at: Date.now(), status: "PAUSED" });
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    expect(first.map((a) => [a.campaignId, a.kind, a.status])).toEqual([[HOT, "pause", "applied"]]);
    expect(again).toEqual([]);
    expect(updates()).toBe(1);
    expect(ap.statusOf(HOT)).toBe("PAUSED");
    expect(ap.statusOf(WIDE)).toBe("PAUSED");

    const undone = await ap.act("undo", tracker, first[0]?._id ?? "");
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect(ap.statusOf(HOT)).toBe("ENABLED");
    expect(updates()).toBe(2);
  });

  it("Cruise changes a daily budget at the platform; a refused write is recorded failed with insufficient_scope", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budgets (with $1 left it would pause).
    const tracker = await ap.aRefreshedTracker("ms-cruise@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposed = await ap.run(tracker);
    const [hot, wide] = [HOT, WIDE].map((id) => proposed.find((a) => a.campaignId === id)) as [
      ActionView,
      ActionView,
    ];
    expect(hot).toMatchObject({ kind: "set-daily-budget", status: "proposed" });

    const applied = await ap.act("apply", tracker, hot._id);
    ap.pipeline().sandbox.writes.refuse("bingads");
    const refused = await ap.act("apply", tracker, wide._id);

    expect(applied.status).toBe("applied");
    expect(ap.pipeline().sandbox.writes.dailyBudget(SEARCH, HOT, Date.now(), undefined)).toBe(hot.after);
    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(await ap.lastFailure(tracker)).toMatchObject({ code: "insufficient_scope", campaignId: WIDE });
  });
});
