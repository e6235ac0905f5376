import { type OAuthTokens, REFRESH_SKEW_MS } from "@pacer/connectors";
import { getIntegration, listIntegrations } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type World } from "../../testing/builders.ts";
import {
  connectThroughApi,
  type OAuthPlatform,
  SEGMENTS,
  useConnectionsSandbox,
} from "../../testing/connections.ts";
import { tokenStore } from "../lib/token-store.ts";
import { BING_LISTING_FAILURE } from "./platforms.ts";

/**
 * The calls that read a platform with a stored connection: every platform connected through its
 * consent page and listed by its wizard call, then the failure envelope (revoked grant, rate
 * limit), the token refresh before a call, and the connection lookup (never another account's).
 */
const env = useConnectionsSandbox();

type View = {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  metaData?: Record<string, string>;
};
type Envelope = {
  statusCode: number;
  msg: string;
  reason?: string;
  retryAfterSeconds?: number;
  views?: View[];
  body?: View[];
  accounts?: View[];
  possibleValues?: Array<{ id: string; name: string }>;
  user?: Record<string, unknown>;
};

/** Each platform's account listing call (trackers.md 7) and the field the spec names for its list. */
const LISTINGS: Record<Exclude<OAuthPlatform, "bingads">, { path: string; field?: "body" | "accounts" }> = {
  googleads: { path: "/api/google-ads/get-user-accounts" },
  googledv360: { path: "/api/google-dv360/get-user-accounts" },
  twitterads: { path: "/api/twitter-ads/get-account" },
  amazonads: { path: "/api/amazon-ads/get-account", field: "body" },
  redditads: { path: "/api/reddit-ads/get-account", field: "body" },
  facebookads: { path: "/api/facebook-ads/get-account", field: "accounts" },
  linkedinads: { path: "/api/linkedin-ads/accounts", field: "accounts" },
  pinterestads: { path: "/api/pinterest-ads/get-account" },
  tiktokads: { path: "/api/tiktok-ads/get-user-accounts" },
};

/** Connects `slug` for the world's Admin through the API; returns the connection's e-mail. */
async function connect(world: World, slug: OAuthPlatform, email = `${slug}@acme.test`): Promise<string> {
  const answer = await connectThroughApi<Record<string, { email: string }>>(world.Admin.token, slug, {
    email,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const integration = Object.values(answer.body).find((v) => typeof v === "object" && v?.email);
  return integration?.email ?? email;
}

describe("every platform: connect, list the accounts, list a campaign filter's values, remove", () => {
  it.each(Object.keys(LISTINGS) as Array<keyof typeof LISTINGS>)("%s", async (slug) => {
    const world = await aWorld();
    const email = await connect(world, slug);
    const integration = { slug, email };
    const { path, field } = LISTINGS[slug];

    const listed = await callApi<Envelope>("POST", path, {
      token: world.Manager.token,
      body: { integration },
    });
    expect(listed.status).toBe(200);
    expect(listed.body, JSON.stringify(listed.body)).toMatchObject({ statusCode: 200, msg: "OK" });
    const views = listed.body.views ?? [];
    expect(views.length).toBeGreaterThan(0);
    for (const v of views) expect(v).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    if (field) expect(listed.body[field]).toEqual(views);

    const view = views[0] as View;
    const values = await callApi<Envelope>("POST", `/api/${SEGMENTS[slug]}/filter-possible-values`, {
      token: world.Manager.token,
      body: { dataSource: { integration, view }, filter: { id: "campaigns" } },
    });
    expect(values.status).toBe(200);
    expect(values.body, JSON.stringify(values.body)).toMatchObject({
      statusCode: 200,
      filterValuesLoading: false,
    });
    expect(Array.isArray(values.body.possibleValues)).toBe(true);

    const removed = await callApi("POST", "/api/account/remove-integration", {
      token: world.Admin.token,
      body: integration,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ msg: "Integration removed" });
    expect(await listIntegrations(world.account.accountId)).toEqual([]);
  });
});

describe("Microsoft Ads: get-user, then get-accounts", () => {
  it("lists the user's ids and roles, then the accounts the user reaches", async () => {
    const world = await aWorld();
    const email = await connect(world, "bingads");
    const integration = { slug: "bingads", email };

    const user = await callApi<Envelope>("POST", "/api/bing-ads/get-user", {
      token: world.Admin.token,
      body: { integration },
    });
    expect(user.body).toMatchObject({
      statusCode: 200,
      user: { bingAdsUserId: expect.any(String), bingAdsCustomerId: expect.any(String) },
    });
    const { bingAdsUserId, bingAdsCustomerId, bingAdsCustomerRoles } = user.body.user as Record<
      string,
      unknown
    >;
    const accounts = await callApi<Envelope>("POST", "/api/bing-ads/get-accounts", {
      token: world.Admin.token,
      body: { bingAdsUserId, bingAdsCustomerId, bingAdsCustomerRoles, integration },
    });
    expect(accounts.body.statusCode).toBe(200);
    expect(accounts.body.views?.length).toBeGreaterThan(0);
    expect(accounts.body.views?.[0]?.metaData).toMatchObject({ customerId: expect.any(String) });

    env().sandbox.revokeAll("bingads");
    await tokenStore().put(
      { accountId: world.account.accountId, slug: "bingads", email },
      {
        ...((await tokenStore().get({
          accountId: world.account.accountId,
          slug: "bingads",
          email,
        })) as OAuthTokens),
        expiresAt: Date.now() - 1000,
      },
    );
    const failed = await callApi<Envelope>("POST", "/api/bing-ads/get-user", {
      token: world.Admin.token,
      body: { integration },
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ statusCode: 401, msg: BING_LISTING_FAILURE });
  });
});

describe("a platform that refuses the stored credentials", () => {
  it("answers the envelope with 401, marks the connection danger, and a reconnect clears it", async () => {
    const world = await aWorld();
    const email = await connect(world, "facebookads");
    env().sandbox.revokeAll("facebookads");

    const listed = await callApi<Envelope>("POST", "/api/facebook-ads/get-account", {
      token: world.Admin.token,
      body: { integration: { slug: "facebookads", email } },
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      statusCode: 401,
      reason: "auth_failed",
      msg: "Facebook Ads refused this connection's credentials, please refresh this connection",
    });

    const list = await callApi<{
      integrations: Array<Record<string, unknown>>;
      integrationWarnings: unknown[];
    }>("GET", "/api/account/get-account-integrations", { token: world.Viewer.token });
    const danger = {
      slug: "facebookads",
      email,
      status: "danger",
      message: "Access Token has expired or is close to expiring, please refresh this connection",
    };
    expect(list.body.integrations).toEqual([expect.objectContaining(danger)]);
    expect(list.body.integrationWarnings).toEqual([danger]);
    const account = await callApi<{ account: { integrationWarnings: unknown[] } }>(
      "GET",
      `/api/account/get-account/${world.account.accountId}`,
      { token: world.Viewer.token },
    );
    expect(account.body.account.integrationWarnings).toEqual([danger]);

    await connect(world, "facebookads", email);
    const after = await getIntegration(world.account.accountId, "facebookads", email);
    expect(after?.authFailedAt).toBeUndefined();
  });

  it("a refresh refused by the platform (invalid_grant) marks the connection too", async () => {
    const world = await aWorld();
    const email = await connect(world, "googleads");
    const ref = { accountId: world.account.accountId, slug: "googleads", email };
    const tokens = (await tokenStore().get(ref)) as OAuthTokens;
    await tokenStore().put(ref, { ...tokens, expiresAt: Date.now() - 1000 });
    env().sandbox.setControls("googleads", { faults: [{ kind: "invalid_grant", on: "token", times: 1 }] });

    const listed = await callApi<Envelope>("POST", "/api/google-ads/get-user-accounts", {
      token: world.Admin.token,
      body: { integration: { slug: "googleads", email } },
    });
    env().sandbox.resetControls();
    expect(listed.body).toMatchObject({ statusCode: 401 });
    expect(await getIntegration(world.account.accountId, "googleads", email)).toMatchObject({
      authFailure: "invalid_grant",
    });
  });
});

describe("tokens are refreshed before a platform call", () => {
  it("an access token about to expire is refreshed, saved, and the call succeeds", async () => {
    const world = await aWorld();
    const email = await connect(world, "googleads");
    const ref = { accountId: world.account.accountId, slug: "googleads", email };
    const before = (await tokenStore().get(ref)) as OAuthTokens;
    await tokenStore().put(ref, { ...before, expiresAt: Date.now() + REFRESH_SKEW_MS - 1000 });
    env().sandbox.expireAccessTokens("googleads");
    const tokenCalls = env().sandbox.stats().googleads?.tokenCalls ?? 0;

    const listed = await callApi<Envelope>("POST", "/api/google-ads/get-user-accounts", {
      token: world.Admin.token,
      body: { integration: { slug: "googleads", email } },
    });
    expect(listed.body.statusCode).toBe(200);
    expect(env().sandbox.stats().googleads?.tokenCalls).toBe(tokenCalls + 1);
    const after = (await tokenStore().get(ref)) as OAuthTokens;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).toBe(before.refreshToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now() + 30 * 60_000);
    const integration = await getIntegration(world.account.accountId, "googleads", email);
    expect(Date.parse(integration?.accessTokenExpiresAt ?? "")).toBe(after.expiresAt);
  });

  it("a rotated refresh token (Microsoft) replaces the stored one", async () => {
    const world = await aWorld();
    const email = await connect(world, "bingads");
    const ref = { accountId: world.account.accountId, slug: "bingads", email };
    const before = (await tokenStore().get(ref)) as OAuthTokens;
    await tokenStore().put(ref, { ...before, expiresAt: Date.now() - 1000 });

    const listed = await callApi<Envelope>("POST", "/api/bing-ads/get-user", {
      token: world.Admin.token,
      body: { integration: { slug: "bingads", email } },
    });
    expect(listed.body.statusCode).toBe(200);
    const after = (await tokenStore().get(ref)) as OAuthTokens;
    expect(after.refreshToken).toBeTruthy();
    expect(after.refreshToken).not.toBe(before.refreshToken);
  });
});

describe("platform throttling", () => {
  it("answers the envelope with 429 and the platform's Retry-After", async () => {
    const world = await aWorld();
    const email = await connect(world, "googleads");
    env().sandbox.setControls("googleads", {
      rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: 120 },
    });
    try {
      const listed = await callApi<Envelope>("POST", "/api/google-ads/get-user-accounts", {
        token: world.Admin.token,
        body: { integration: { slug: "googleads", email } },
      });
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ statusCode: 429, reason: "rate_limited", retryAfterSeconds: 120 });
    } finally {
      env().sandbox.resetControls();
    }
  });
});

describe("which connection a call reads", () => {
  it("is looked up in the caller's account by slug and e-mail: another account's is not found", async () => {
    const world = await aWorld();
    const other = await aWorld();
    const email = await connect(other, "googleads");
    const answer = await callApi("POST", "/api/google-ads/get-user-accounts", {
      token: world.Admin.token,
      body: { integration: { slug: "googleads", email } },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ msg: "Integration not found" });
  });

  it("refuses a slug that is not the call's, and ignores tokens sent by the client", async () => {
    const world = await aWorld();
    const email = await connect(world, "googleads");
    const wrong = await callApi("POST", "/api/google-ads/get-user-accounts", {
      token: world.Admin.token,
      body: { integration: { slug: "facebookads", email } },
    });
    expect(wrong.status).toBe(400);
    const withTokens = await callApi<Envelope>("POST", "/api/google-ads/get-user-accounts", {
      token: world.Admin.token,
      body: { integration: { slug: "googleads", email, tokens: { access_token: "forged" } } },
    });
    expect(withTokens.body.statusCode).toBe(200);
  });

  it("refuses a filter the platforms do not have", async () => {
    const world = await aWorld();
    const email = await connect(world, "googleads");
    const answer = await callApi("POST", "/api/google-ads/filter-possible-values", {
      token: world.Admin.token,
      body: {
        dataSource: { integration: { email }, view: { id: "1112223333" } },
        filter: { id: "keywords" },
      },
    });
    expect(answer.status).toBe(400);
  });

  it("a Viewer cannot list a connection's accounts", async () => {
    const world = await aWorld();
    const answer = await callApi("POST", "/api/google-ads/get-user-accounts", {
      token: world.Viewer.token,
      body: { integration: { email: "x@acme.test" } },
    });
    expect(answer.status).toBe(403);
  });
});
