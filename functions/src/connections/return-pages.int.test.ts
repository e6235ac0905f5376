import { randomUUID } from "node:crypto";
import { BID_MANAGER_SCOPE, GOOGLE_ADS_SCOPE } from "@pacer/connectors";
import { createOAuthState, listIntegrations } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type Member } from "../../testing/builders.ts";
import {
  consentQuery,
  type OAuthPlatform,
  SEGMENTS,
  useConnectionsSandbox,
} from "../../testing/connections.ts";
import { resetConnectors } from "../lib/connectors.ts";
import { redirectUriOf } from "./connect.ts";
import {
  BING_FAILURE,
  BING_PERSONAL_ACCOUNT_FAILURE,
  GENERIC_FAILURE,
  REDDIT_AUTHENTICATE_FAILURE,
  REDDIT_FAILURE,
} from "./platforms.ts";

/**
 * The return pages' acceptance rules (spec pods-budgets-alerts-users-connections.md 5) and failure
 * texts (2.13), checked at `POST /api/{platform}/response` for every platform: each case posts a
 * query for an attempt the caller really started (state bound to their session), so only the rule
 * decides. A query the rule accepts goes on to the code exchange, which a made-up code fails with
 * a reason starting `exchange:`.
 */
useConnectionsSandbox();

/** An attempt of `member` for `slug`, as the authenticate call stores it; returns its state. */
async function anAttempt(member: Member, slug: OAuthPlatform): Promise<string> {
  const state = `state-${randomUUID()}`;
  await createOAuthState(state, {
    accountId: member.user.accountId,
    userId: member.user.userId,
    slug,
    redirectUri: redirectUriOf(slug),
  });
  return state;
}

async function postReturn(
  member: Member,
  slug: OAuthPlatform,
  query: (state: string) => Record<string, string>,
) {
  const state = await anAttempt(member, slug);
  return callApi<{ msg: string; reason: string }>("POST", `/api/${SEGMENTS[slug]}/response`, {
    token: member.token,
    body: query(state),
  });
}

const TEXT: Record<OAuthPlatform, string> = {
  amazonads: GENERIC_FAILURE,
  bingads: BING_FAILURE,
  facebookads: GENERIC_FAILURE,
  googleads: GENERIC_FAILURE,
  googledv360: GENERIC_FAILURE,
  linkedinads: GENERIC_FAILURE,
  pinterestads: GENERIC_FAILURE,
  redditads: REDDIT_FAILURE,
  tiktokads: GENERIC_FAILURE,
  twitterads: GENERIC_FAILURE,
};

type Case = [OAuthPlatform, string, string, (state: string) => Record<string, string>];

/** [platform, what, expected reason ("accepted": the rule let it through), query]. */
const CASES: Case[] = [
  // Google Ads: code, no error, and the adwords scope
  ["googleads", "missing code", "missing_code", (state) => ({ state, scope: GOOGLE_ADS_SCOPE })],
  ["googleads", "wrong scope", "missing_scope", (state) => ({ state, code: "c", scope: "openid email" })],
  ["googleads", "no scope", "missing_scope", (state) => ({ state, code: "c" })],
  ["googleads", "error", "platform_error", (state) => ({ state, error: "access_denied" })],
  [
    "googleads",
    "adwords scope",
    "accepted",
    (state) => ({ state, code: "c", scope: `openid ${GOOGLE_ADS_SCOPE}` }),
  ],
  // DV360: the Bid Manager scope
  ["googledv360", "wrong scope", "missing_scope", (state) => ({ state, code: "c", scope: GOOGLE_ADS_SCOPE })],
  ["googledv360", "missing code", "missing_code", (state) => ({ state, scope: BID_MANAGER_SCOPE })],
  [
    "googledv360",
    "bid manager scope",
    "accepted",
    (state) => ({ state, code: "c", scope: BID_MANAGER_SCOPE }),
  ],
  // Facebook Ads: a code, and no error code other than 200
  ["facebookads", "error code", "platform_error", (state) => ({ state, code: "c", error_code: "190" })],
  [
    "facebookads",
    "denied",
    "missing_code",
    (state) => ({ state, error_code: "200", error: "access_denied" }),
  ],
  [
    "facebookads",
    "error code 200 with a code",
    "accepted",
    (state) => ({ state, code: "c", error_code: "200" }),
  ],
  // Pinterest, Amazon, TikTok: error_code other than 200, or no code
  ["pinterestads", "error code", "platform_error", (state) => ({ state, code: "c", error_code: "401" })],
  ["pinterestads", "missing code", "missing_code", (state) => ({ state })],
  ["pinterestads", "code", "accepted", (state) => ({ state, code: "c" })],
  ["amazonads", "error code", "platform_error", (state) => ({ state, code: "c", error_code: "500" })],
  ["amazonads", "missing code", "missing_code", (state) => ({ state, error_code: "200" })],
  [
    "amazonads",
    "code",
    "accepted",
    (state) => ({ state, code: "c", scope: "advertising::campaign_management" }),
  ],
  ["tiktokads", "error code", "platform_error", (state) => ({ state, auth_code: "c", error_code: "40001" })],
  ["tiktokads", "missing code", "missing_code", (state) => ({ state })],
  ["tiktokads", "auth_code", "accepted", (state) => ({ state, auth_code: "c" })],
  // Twitter (X): oauth_token is the required item (and plays the state's part)
  ["twitterads", "error code", "platform_error", (state) => ({ oauth_token: state, error_code: "403" })],
  ["twitterads", "oauth_token", "accepted", (state) => ({ oauth_token: state, oauth_verifier: "v" })],
  // LinkedIn: no code
  ["linkedinads", "missing code", "missing_code", (state) => ({ state, error: "user_cancelled_login" })],
  ["linkedinads", "code", "accepted", (state) => ({ state, code: "c" })],
  // Reddit: an error parameter, or no code
  ["redditads", "error", "platform_error", (state) => ({ state, code: "c", error: "access_denied" })],
  ["redditads", "missing code", "missing_code", (state) => ({ state })],
  ["redditads", "code", "accepted", (state) => ({ state, code: "c" })],
  // Microsoft Ads: error_code, or no code
  ["bingads", "error code", "platform_error", (state) => ({ state, code: "c", error_code: "1" })],
  ["bingads", "missing code", "missing_code", (state) => ({ state })],
  ["bingads", "code", "accepted", (state) => ({ state, code: "c" })],
];

describe("return page acceptance rules (spec section 5)", () => {
  it.each(CASES)("%s: %s -> %s", async (slug, _what, expected, query) => {
    const { account, Admin } = await aWorld();
    const answer = await postReturn(Admin, slug, query);
    if (expected === "accepted") {
      // past the rule: the made-up code fails at the platform's token endpoint
      expect(answer.status).toBe(400);
      expect(answer.body.reason).toMatch(/^exchange:/);
    } else {
      expect(answer.status).toBe(400);
      expect(answer.body.reason).toBe(expected);
    }
    expect(answer.body.msg).toBe(TEXT[slug]);
    expect(await listIntegrations(account.accountId)).toEqual([]);
  });
});

describe("states", () => {
  it.each(Object.keys(SEGMENTS) as OAuthPlatform[])(
    "%s refuses a state that does not belong to the caller's session",
    async (slug) => {
      const { Admin, Manager } = await aWorld();
      const state = await anAttempt(Admin, slug);
      const query =
        slug === "twitterads"
          ? { oauth_token: state, oauth_verifier: "v" }
          : { state, code: "c", scope: `${GOOGLE_ADS_SCOPE} ${BID_MANAGER_SCOPE}` };
      const path = `/api/${SEGMENTS[slug]}/response`;
      for (const body of [query, { ...query, state: "forged", oauth_token: "forged" }, { code: "c" }]) {
        const answer = await callApi("POST", path, { token: Manager.token, body });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ reason: "state_mismatch", msg: TEXT[slug] });
      }
    },
  );
});

describe("Microsoft and Reddit texts", () => {
  it("a personal Microsoft account gets Microsoft's business-account text", async () => {
    const { Admin } = await aWorld();
    const answer = await postReturn(Admin, "bingads", (state) => ({
      state,
      error: "access_denied",
      error_description:
        "AADSTS50020: User account from identity provider 'live.com' does not exist in tenant",
    }));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(BING_PERSONAL_ACCOUNT_FAILURE);
  });

  it("Reddit's authenticate failure has Reddit's text", async () => {
    const { Admin } = await aWorld();
    // Reddit without its OAuth client (a deployment missing REDDIT_ADS_CLIENT_ID): no sandbox URL
    const sandboxUrl = process.env.PACER_SANDBOX_URL;
    delete process.env.PACER_SANDBOX_URL;
    resetConnectors();
    try {
      const answer = await callApi("GET", "/api/reddit-ads/authenticate", { token: Admin.token });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ msg: REDDIT_AUTHENTICATE_FAILURE });
    } finally {
      process.env.PACER_SANDBOX_URL = sandboxUrl;
      resetConnectors();
    }
  });
});

describe("through the sandbox consent pages", () => {
  it("Google: a consent without the adwords scope is refused, a denied consent too", async () => {
    const { account, Admin } = await aWorld();
    const narrow = await consentQuery(Admin.token, "googleads", { scopes: ["openid", "email"] });
    const refused = await callApi("POST", "/api/google-ads/response", { token: Admin.token, body: narrow });
    expect(refused.body).toMatchObject({ reason: "missing_scope", msg: GENERIC_FAILURE });

    const denied = await consentQuery(Admin.token, "googleads", { deny: true });
    const answer = await callApi("POST", "/api/google-ads/response", { token: Admin.token, body: denied });
    expect(answer.body).toMatchObject({ reason: "platform_error" });
    expect(await listIntegrations(account.accountId)).toEqual([]);
  });

  it("Meta: a denied consent (error_code 200, no code) is refused", async () => {
    const { Admin } = await aWorld();
    const denied = await consentQuery(Admin.token, "facebookads", { deny: true });
    const answer = await callApi("POST", "/api/facebook-ads/response", { token: Admin.token, body: denied });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ reason: "missing_code" });
  });

  it("DV360: a consent without the Bid Manager scope is refused", async () => {
    const { Admin } = await aWorld();
    const narrow = await consentQuery(Admin.token, "googledv360", { scopes: ["openid", "email"] });
    const answer = await callApi("POST", "/api/google-dv360/response", { token: Admin.token, body: narrow });
    expect(answer.body).toMatchObject({ reason: "missing_scope" });
  });

  it("a body that is not a query is refused", async () => {
    const { Admin } = await aWorld();
    const answer = await callApi("POST", "/api/google-ads/response", {
      token: Admin.token,
      body: { state: { nested: true } },
    });
    expect(answer.status).toBe(400);
  });
});
