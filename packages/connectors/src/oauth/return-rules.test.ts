import { describe, expect, it } from "vitest";
import { INTEGRATION_SLUGS } from "../types.ts";
import {
  acceptBingAdsReturn,
  acceptErrorCodeOrCodeReturn,
  acceptFacebookAdsReturn,
  acceptGoogleAdsReturn,
  acceptGoogleDv360Return,
  acceptLinkedInAdsReturn,
  acceptRedditAdsReturn,
  acceptReturnForSession,
  acceptTwitterAdsReturn,
  BID_MANAGER_SCOPE,
  GOOGLE_ADS_SCOPE,
  RETURN_RULES,
} from "./return-rules.ts";

describe("return-page acceptance rules (spec 5)", () => {
  it("Google Ads: needs a code and the adwords scope", () => {
    expect(
      acceptGoogleAdsReturn({ code: "c1", state: "s", scope: `email ${GOOGLE_ADS_SCOPE} openid` }),
    ).toEqual({
      ok: true,
      code: "c1",
      state: "s",
      scope: `email ${GOOGLE_ADS_SCOPE} openid`,
    });
    expect(acceptGoogleAdsReturn({ code: "c1", scope: "email openid" })).toMatchObject({
      ok: false,
      reason: "missing_scope",
    });
    expect(acceptGoogleAdsReturn({ scope: GOOGLE_ADS_SCOPE })).toMatchObject({
      ok: false,
      reason: "missing_code",
    });
    expect(acceptGoogleAdsReturn({ error: "access_denied" })).toMatchObject({
      ok: false,
      reason: "platform_error",
    });
  });

  it("DV360: needs the Bid Manager scope", () => {
    expect(acceptGoogleDv360Return({ code: "c", scope: BID_MANAGER_SCOPE }).ok).toBe(true);
    expect(acceptGoogleDv360Return({ code: "c", scope: GOOGLE_ADS_SCOPE })).toMatchObject({
      reason: "missing_scope",
    });
  });

  it("Facebook Ads: code present and no error code other than 200", () => {
    expect(acceptFacebookAdsReturn({ code: "c" }).ok).toBe(true);
    expect(acceptFacebookAdsReturn({ code: "c", error_code: "200" }).ok).toBe(true);
    expect(acceptFacebookAdsReturn({ code: "c", error_code: "1349" })).toMatchObject({
      reason: "platform_error",
    });
    expect(acceptFacebookAdsReturn({ error_code: "200", error_reason: "user_denied" })).toMatchObject({
      reason: "missing_code",
    });
  });

  it("Pinterest, Amazon, TikTok: fail on error_code other than 200 or no code", () => {
    for (const slug of ["pinterestads", "amazonads", "tiktokads"] as const) {
      expect(RETURN_RULES[slug]).toBe(acceptErrorCodeOrCodeReturn);
    }
    expect(acceptErrorCodeOrCodeReturn({ code: "c", error_code: "200" }).ok).toBe(true);
    expect(acceptErrorCodeOrCodeReturn({ auth_code: "tt" })).toMatchObject({ ok: true, code: "tt" });
    expect(acceptErrorCodeOrCodeReturn({ code: "c", error_code: "40001" })).toMatchObject({
      reason: "platform_error",
    });
    expect(acceptErrorCodeOrCodeReturn({})).toMatchObject({ reason: "missing_code" });
  });

  it("Twitter Ads: oauth_token is the required item", () => {
    expect(acceptTwitterAdsReturn({ oauth_token: "t", oauth_verifier: "v" })).toEqual({
      ok: true,
      code: "t",
      oauthVerifier: "v",
    });
    expect(acceptTwitterAdsReturn({ oauth_verifier: "v" })).toMatchObject({ reason: "missing_code" });
    expect(acceptTwitterAdsReturn({ oauth_token: "t", error_code: "401" })).toMatchObject({
      reason: "platform_error",
    });
  });

  it("LinkedIn fails with no code; Reddit on error or no code; Microsoft on error_code or no code", () => {
    expect(acceptLinkedInAdsReturn({ code: "c" }).ok).toBe(true);
    expect(acceptLinkedInAdsReturn({ error: "user_cancelled_login" })).toMatchObject({
      reason: "missing_code",
    });
    expect(acceptRedditAdsReturn({ code: "c", error: "access_denied" })).toMatchObject({
      reason: "platform_error",
    });
    expect(acceptRedditAdsReturn({ code: "c" }).ok).toBe(true);
    expect(acceptBingAdsReturn({ code: "c", error_code: "AADSTS65004" })).toMatchObject({
      reason: "platform_error",
    });
    expect(acceptBingAdsReturn({})).toMatchObject({ reason: "missing_code" });
    expect(acceptBingAdsReturn({ code: "c" }).ok).toBe(true);
  });

  it("has a rule for every slug, refusing the non-OAuth ones", () => {
    for (const slug of INTEGRATION_SLUGS) expect(typeof RETURN_RULES[slug]).toBe("function");
    for (const slug of ["cake", "csv", "snapchatads"] as const) {
      expect(RETURN_RULES[slug]({ code: "c" })).toMatchObject({ ok: false, reason: "not_oauth" });
    }
  });

  it("refuses a state that does not match the session before any rule", () => {
    const query = { code: "c", state: "attacker", scope: GOOGLE_ADS_SCOPE };
    expect(acceptReturnForSession("googleads", query, "session-state")).toMatchObject({
      reason: "state_mismatch",
    });
    expect(
      acceptReturnForSession("googleads", { ...query, state: undefined }, "session-state"),
    ).toMatchObject({
      reason: "state_mismatch",
    });
    expect(
      acceptReturnForSession("googleads", { ...query, state: "session-state" }, "session-state").ok,
    ).toBe(true);
    expect(acceptReturnForSession("twitterads", { oauth_token: "rt" }, "rt").ok).toBe(true);
    expect(acceptReturnForSession("twitterads", { oauth_token: "other" }, "rt")).toMatchObject({
      reason: "state_mismatch",
    });
  });
});
