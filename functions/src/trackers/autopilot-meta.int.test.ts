import { DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import { getIntegration } from "@pacer/db";
import { approveConsent, type DemoAccount, demoAccount } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { type ActionView, useAutopilotOn } from "../../testing/autopilot-platform.ts";

/**
 * AutoPilot's write scope on Meta (sandbox account 101000000000001, Pacer Demo - Facebook):
 * connections are made with `ads_read`; Apply (turning it on, or applying a proposal) on such a
 * connection answers 409 `WRITE_SCOPE_NEEDED` and writes nothing; after reconnecting through the
 * consent URL with `ads_management` the same proposal is applied.
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
