import { randomUUID } from "node:crypto";
import {
  BID_MANAGER_SCOPE,
  CAKE_SANDBOX_DOMAIN,
  createConnectors,
  GOOGLE_ADS_SCOPE,
  type IntegrationSlug,
  sandboxConnectorConfig,
} from "@pacer/connectors";
import { createOAuthState, putIntegration } from "@pacer/db";
import { type AuthzFixture, defineFixtures, type FixtureContext } from "../authz/fixture.ts";
import { tokenStore } from "../lib/token-store.ts";
import type { Member } from "../testing/builders.ts";
import {
  consentQuery,
  type OAuthPlatform,
  SEGMENTS,
  sharedConnectionsSandbox,
} from "../testing/connections.ts";
import { redirectUriOf } from "./connect.ts";

/**
 * The authorization matrix's requests for the connection calls. They run against the sandbox
 * platforms (started once per test worker). A connection the requests name is made directly in
 * the target account with made-up credentials: the listing and filter calls then answer HTTP 200
 * whatever the platform says (its outcome is in the envelope's `statusCode`), and another
 * account's connection answers 404. Platforms whose connector is not live yet answer 503 on
 * authenticate and response (`ownStatus`), computed from the registry as it is.
 */
const LIVE = createConnectors(sandboxConnectorConfig("http://127.0.0.1:9"));
const liveStatus = (slug: IntegrationSlug) => (LIVE[slug].live ? {} : { ownStatus: 503 });
const EDITOR = new Set(["Admin", "Manager"]);
const mayConnect = (caller: Member | undefined) => Boolean(caller && EDITOR.has(caller.user.userType));

/** A connection of the target account with made-up credentials in the token store. */
async function aConnection(
  ctx: FixtureContext,
  slug: IntegrationSlug,
  accessToken = `token-${randomUUID()}`,
) {
  await sharedConnectionsSandbox();
  const email = `conn-${randomUUID()}@example.test`;
  const ref = { accountId: ctx.target.account.accountId, slug, email };
  if (slug !== "csv") {
    await tokenStore().put(
      ref,
      slug === "cake"
        ? { apiKey: "made-up", domain: CAKE_SANDBOX_DOMAIN }
        : { accessToken, accessTokenSecret: "made-up-secret", refreshToken: "made-up-refresh" },
    );
  }
  await putIntegration({ ...ref, name: slug, hasRefreshToken: true, connectedAt: new Date().toISOString() });
  return { slug, email, accessToken };
}

/** A return-page query passing the platform's rule, for an attempt the caller started. */
async function aReturnQuery(ctx: FixtureContext, slug: OAuthPlatform): Promise<Record<string, string>> {
  await sharedConnectionsSandbox();
  const caller = ctx.caller;
  if (!mayConnect(caller) || !caller) return { state: "not-started", code: "c" };
  if (LIVE[slug].live) return consentQuery(caller.token, slug);
  const state = `state-${randomUUID()}`;
  await createOAuthState(state, {
    accountId: caller.user.accountId,
    userId: caller.user.userId,
    slug,
    redirectUri: redirectUriOf(slug),
  });
  if (slug === "twitterads") return { oauth_token: state, oauth_verifier: "v" };
  const scope = slug === "googleads" ? GOOGLE_ADS_SCOPE : slug === "googledv360" ? BID_MANAGER_SCOPE : "any";
  return { state, code: "code", scope };
}

const SLUGS = Object.keys(SEGMENTS) as OAuthPlatform[];

const authenticate = Object.fromEntries(
  SLUGS.map((slug): [string, AuthzFixture] => [
    `GET /api/${SEGMENTS[slug]}/authenticate`,
    {
      crossAccount: false,
      ...liveStatus(slug),
      request: async () => {
        await sharedConnectionsSandbox();
        return {};
      },
    },
  ]),
);

const responses = Object.fromEntries(
  SLUGS.map((slug): [string, AuthzFixture] => [
    `POST /api/${SEGMENTS[slug]}/response`,
    {
      // The state names the caller's own attempt; a state of another account's user is refused
      // with 400 (connections.int.test.ts), which this matrix does not express.
      crossAccount: false,
      ...liveStatus(slug),
      request: async (ctx) => ({ body: await aReturnQuery(ctx, slug) }),
    },
  ]),
);

const listings: Array<[string, IntegrationSlug, (c: { slug: string; email: string }) => unknown]> = [
  ["POST /api/google-ads/get-user-accounts", "googleads", (integration) => ({ integration })],
  ["POST /api/google-dv360/get-user-accounts", "googledv360", (integration) => ({ integration })],
  ["POST /api/twitter-ads/get-account", "twitterads", (integration) => ({ integration })],
  ["POST /api/cake/get-account", "cake", (integration) => ({ integration })],
  ["POST /api/amazon-ads/get-account", "amazonads", (integration) => ({ integration })],
  ["POST /api/reddit-ads/get-account", "redditads", (integration) => ({ integration })],
  ["POST /api/csv/get-account", "csv", (integration) => ({ integration })],
  ["POST /api/facebook-ads/get-account", "facebookads", (integration) => ({ integration })],
  ["POST /api/bing-ads/get-user", "bingads", (integration) => ({ integration })],
  [
    "POST /api/bing-ads/get-accounts",
    "bingads",
    (integration) => ({ integration, bingAdsUserId: "1", bingAdsCustomerId: "2", bingAdsCustomerRoles: [] }),
  ],
  ["POST /api/linkedin-ads/accounts", "linkedinads", (integration) => ({ integration })],
  ["POST /api/pinterest-ads/get-account", "pinterestads", (integration) => ({ integration })],
  ["POST /api/tiktok-ads/get-user-accounts", "tiktokads", (integration) => ({ integration })],
  ...(
    [
      ["amazon-ads", "amazonads"],
      ["bing-ads", "bingads"],
      ["cake", "cake"],
      ["facebook-ads", "facebookads"],
      ["google-ads", "googleads"],
      ["google-dv360", "googledv360"],
      ["linkedin-ads", "linkedinads"],
      ["pinterest-ads", "pinterestads"],
      ["reddit-ads", "redditads"],
      ["tiktok-ads", "tiktokads"],
      ["twitter-ads", "twitterads"],
    ] as const
  ).map(([segment, slug]): [string, IntegrationSlug, (c: { slug: string; email: string }) => unknown] => [
    `POST /api/${segment}/filter-possible-values`,
    slug,
    (integration) => ({
      dataSource: { integration, view: { id: "1112223333", name: "Account" } },
      filter: { id: "campaigns" },
    }),
  ]),
];

const listingFixtures = Object.fromEntries(
  listings.map(([key, slug, body]): [string, AuthzFixture] => [
    key,
    {
      request: async (ctx) => {
        const { email } = await aConnection(ctx, slug);
        return { body: body({ slug, email }) };
      },
    },
  ]),
);

const revokeFixture = (slug: "googleads" | "googledv360"): AuthzFixture => ({
  request: async (ctx) => {
    const { accessToken } = await aConnection(ctx, slug);
    return { params: { accessToken } };
  },
});

export const fixtures = defineFixtures({
  "GET /api/account/get-account-integrations": {
    crossAccount: false,
    request: async () => {
      await sharedConnectionsSandbox();
      return {};
    },
  },
  "POST /api/account/remove-integration": {
    request: async (ctx) => {
      const { slug, email } = await aConnection(ctx, "googleads");
      return { body: { slug, email } };
    },
  },
  "POST /api/cake/response": {
    crossAccount: false,
    ...liveStatus("cake"),
    request: async () => {
      await sharedConnectionsSandbox();
      return { body: { apiKey: "sandbox-cake-api-key", domain: CAKE_SANDBOX_DOMAIN } };
    },
  },
  "GET /api/google-ads/revoke-token/{accessToken}": revokeFixture("googleads"),
  "GET /api/google-dv360/revoke-token/{accessToken}": revokeFixture("googledv360"),
  "GET /api/twitter-ads/revoke-token/{token}/{secret}": {
    request: async (ctx) => {
      const { accessToken } = await aConnection(ctx, "twitterads");
      return { params: { token: accessToken, secret: "made-up-secret" } };
    },
  },
  ...authenticate,
  ...responses,
  ...listingFixtures,
});
