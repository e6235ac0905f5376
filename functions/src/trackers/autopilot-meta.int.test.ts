import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { getIntegration } from "@pacer/db";
import { approveConsent, type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { type ActionView, useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot on Meta end to end (sandbox account 101000000000001, Pacer Demo - Facebook): the write
 * scope (connections are made with `ads_read`; Apply on such a connection answers 409
 * `WRITE_SCOPE_NEEDED` and writes nothing; after reconnecting through the consent URL with
 * `ads_management` the same proposal is applied), then pause, undo and budget writes through
 * `POST /{campaign-id}`.
 */
const FACEBOOK = demoAccount("facebookads", "101000000000001") as DemoAccount;
const UPDATE = "POST /graph/{version}/{campaignId}";
const ap = useAutopilotOn("facebookads", FACEBOOK);

interface ScopeAnswer {
  code: string;
  message: string;
  details?: { reason: string; platform: string; platformName: string; consentUrl: string };
}

const scopesOf = (url: string) => (new URL(url).searchParams.get("scope") ?? "").split(",");

describe("AutoPilot write scope (Meta)", () => {
  it("the connect URL asks ads_management only when AutoPilot's write access is asked", async () => {
    const { token } = ap.admin();
    const read = await callApi<{ url: string }>("GET", "/api/facebook-ads/authenticate", { token });
    const write = await callApi<{ url: string }>("GET", "/api/facebook-ads/authenticate?access=write", {
      token,
    });

    expect(scopesOf(read.body.url)).not.toContain("ads_management");
    expect(scopesOf(write.body.url)).toEqual([...scopesOf(read.body.url), "ads_management"]);
  });

  it("Apply on a read-only connection answers 409 and writes nothing, also after a reconnect that unticks ads_management; after reconnecting with it, it applies", async () => {
    const { token, accountId } = ap.admin();
    const email = "meta-scope@pacer.test";
    const tracker = await ap.aRefreshedTracker(email, 0, "read");
    const pause = { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true };

    const turnedOn = (await ap.setAutopilot(tracker, { mode: "apply", pauseAtBudget: pause })) as {
      status: number;
      body: ScopeAnswer;
    };
    expect(turnedOn.status).toBe(409);
    expect(turnedOn.body).toMatchObject({
      code: "WRITE_SCOPE_NEEDED",
      message: expect.stringContaining("Pacer needs permission to change campaigns on"),
      details: { reason: "write_scope_needed", platform: "facebookads" },
    });
    expect(scopesOf(turnedOn.body.details?.consentUrl ?? "")).toContain("ads_management");
    const settings = await callApi<{ autopilot: { settings: { enabled: boolean } } }>(
      "GET",
      `/api/tracker/get-autopilot/${tracker.trackerId}`,
      { token },
    );
    expect(settings.body.autopilot.settings.enabled).toBe(false); // nothing saved

    expect((await ap.setAutopilot(tracker, { pauseAtBudget: pause })) as { status: number }).toMatchObject({
      status: 200,
    });
    const [first] = (await ap.run(tracker)) as [ActionView];
    const refused = await callApi<ScopeAnswer>(
      "POST",
      `/api/tracker/apply-autopilot-action/${tracker.trackerId}/${first._id}`,
      { token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("WRITE_SCOPE_NEEDED");
    expect(ap.calls(UPDATE)).toBe(0);
    expect(ap.statusOf(first.campaignId)).toBe("ENABLED");

    // Reconnect through the consent URL the 409 gave, the person unticking ads_management: Meta
    // reports the permissions granted, so the connection still may not change campaigns.
    const consentUrl = refused.body.details?.consentUrl ?? "";
    const readOnly = scopesOf(consentUrl).filter((s) => s !== "ads_management");
    const unticked = await approveConsent(consentUrl, { email, scopes: readOnly });
    const withoutWrite = await callApi("POST", "/api/facebook-ads/response", {
      token,
      body: Object.fromEntries(unticked.searchParams),
    });
    expect(withoutWrite.status).toBe(200);
    expect((await getIntegration(accountId, "facebookads", email))?.grantedScopes).not.toContain(
      "ads_management",
    );
    const stillRefused = await callApi<ScopeAnswer>(
      "POST",
      `/api/tracker/apply-autopilot-action/${tracker.trackerId}/${first._id}`,
      { token },
    );
    expect(stillRefused.status).toBe(409);
    expect(stillRefused.body.code).toBe("WRITE_SCOPE_NEEDED");
    expect(ap.calls(UPDATE)).toBe(0);

    // Reconnect as the same login with the write permission ticked (each consent URL's state is single-use).
    const back = await approveConsent(stillRefused.body.details?.consentUrl ?? "", { email });
    const reconnected = await callApi("POST", "/api/facebook-ads/response", {
      token,
      body: Object.fromEntries(back.searchParams),
    });
    expect(reconnected.status).toBe(200);
    const integration = await getIntegration(accountId, "facebookads", email);
    expect(integration?.grantedScopes).toContain("ads_management");

    const applied = await ap.act("apply", tracker, first._id);
    expect(applied.status).toBe("applied");
    expect(ap.statusOf(first.campaignId)).toBe("PAUSED");
    expect(
      (await ap.setAutopilot(tracker, { mode: "apply", pauseAtBudget: pause })) as { status: number },
    ).toMatchObject({
      status: 200,
    });
  });
});

// Two refreshes and several listings each: slower than one call on a shared machine.
describe("AutoPilot on Meta", { timeout: 60_000 }, () => {
  const TIER1 = "349043";
  const TIER2 = "348934";

  it("Apply pauses once (a re-run writes nothing), leaves the person-paused campaign alone, and undoes", async () => {
    const tracker = await ap.aRefreshedTracker("meta-apply@pacer.test", 0);
    ap.pipeline().sandbox.writes.record(FACEBOOK, TIER2, { at: Date.now(), status: "PAUSED" });
    await ap.setAutopilot(tracker, {
      mode: "apply",
      pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, enabled: true },
    });

    const first = await ap.run(tracker);
    const again = await ap.run(tracker);

    const paused = first.map((a) => a.campaignId).sort();
    expect(first.every((a) => a.kind === "pause" && a.status === "applied")).toBe(true);
    expect(paused).toContain(TIER1);
    expect(paused).not.toContain(TIER2);
    expect(again).toEqual([]);
    expect(ap.calls(UPDATE)).toBe(first.length);
    expect(paused.map((id) => ap.statusOf(id))).toEqual(paused.map(() => "PAUSED"));
    expect(ap.statusOf(TIER2)).toBe("PAUSED");

    const tier1 = first.find((a) => a.campaignId === TIER1) as ActionView;
    const undone = await ap.act("undo", tracker, tier1._id);
    expect(undone).toMatchObject({ kind: "enable", status: "applied" });
    expect(ap.statusOf(TIER1)).toBe("ENABLED");
    expect(ap.calls(UPDATE)).toBe(first.length + 1);
  });

  it("Cruise changes a campaign's daily budget at Meta; a refused write is recorded failed with insufficient_scope and shown on the tracker", async () => {
    // Behind (budget twice the spend so far): Cruise raises the budgets.
    const tracker = await ap.aRefreshedTracker("meta-cruise@pacer.test", null);
    await ap.setAutopilot(tracker, { cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, enabled: true } });
    const proposed = (await ap.run(tracker)).filter((a) => a.kind === "set-daily-budget");
    expect(proposed.length).toBeGreaterThanOrEqual(2);
    const [first, second] = proposed as [ActionView, ActionView];
    expect([first.status, second.status]).toEqual(["proposed", "proposed"]);

    const applied = await ap.act("apply", tracker, first._id);
    ap.pipeline().sandbox.writes.refuse("facebookads");
    const refused = await ap.act("apply", tracker, second._id);

    expect(applied.status).toBe("applied");
    expect(ap.pipeline().sandbox.writes.dailyBudget(FACEBOOK, first.campaignId, Date.now(), undefined)).toBe(
      first.after,
    );
    expect(refused).toMatchObject({ status: "failed", error: { code: "insufficient_scope" } });
    expect(ap.pipeline().sandbox.writes.of(FACEBOOK, second.campaignId)).toEqual([]);
    expect(await ap.lastFailure(tracker)).toMatchObject({
      code: "insufficient_scope",
      campaignId: second.campaignId,
    });
  });
});
