import { randomUUID } from "node:crypto";
import { createConnectors, type IntegrationSlug } from "@pacer/connectors";
import { CAKE_SANDBOX_DOMAIN, sandboxConnectorConfig } from "@pacer/connectors/sandbox-config";
import { PLATFORM_CATALOGUE, type PlatformCallKind, type PlatformEntry } from "@pacer/core";
import { createOAuthState, putIntegration } from "@pacer/db";
import { platformRoutes } from "../../routes.ts";
import type { Member } from "../../testing/builders.ts";
import { consentQuery, type OAuthPlatform, sharedConnectionsSandbox } from "../../testing/connections.ts";
import { type AuthzFixture, defineFixtures, type FixtureContext } from "../authz/fixture.ts";
import { tokenStore } from "../lib/token-store.ts";
import { redirectUriOf } from "./connect.ts";
import { platformFacts } from "./platforms.ts";

/**
 * The authorization matrix's requests for the connection calls. They run against the sandbox
 * platforms (started once per test worker). A connection the requests name is made directly in
 * the target account with made-up credentials: the listing and filter calls then answer HTTP 200
 * whatever the platform says (its outcome is in the envelope's `statusCode`), and another
 * account's connection answers 404. Platforms whose connector is not live yet answer 503 on
 * authenticate and response (`ownStatus`), computed from the registry as it is. The platforms' own
 * calls get their fixtures from the platform catalogue, one per generated route
 * ({@link platformFixtures}).
 */
const LIVE = createConnectors(sandboxConnectorConfig("http://127.0.0.1:9"));
const isLive = (slug: string) => LIVE[slug as IntegrationSlug]?.live === true;
const liveStatus = (slug: string) => (isLive(slug) ? {} : { ownStatus: 503 });
const EDITOR = new Set(["Admin", "Manager"]);
const mayConnect = (caller: Member | undefined) => Boolean(caller && EDITOR.has(caller.user.userType));

/** A connection of the target account with made-up credentials in the token store (none for a file source). */
async function aConnection(ctx: FixtureContext, facts: PlatformEntry, accessToken = `token-${randomUUID()}`) {
  await sharedConnectionsSandbox();
  const email = `conn-${randomUUID()}@example.test`;
  const ref = { accountId: ctx.target.account.accountId, slug: facts.slug, email };
  if (facts.auth !== "file") {
    await tokenStore().put(
      ref,
      facts.auth === "apiKey"
        ? { apiKey: "made-up", domain: CAKE_SANDBOX_DOMAIN }
        : { accessToken, accessTokenSecret: "made-up-secret", refreshToken: "made-up-refresh" },
    );
  }
  await putIntegration({
    ...ref,
    name: facts.slug,
    hasRefreshToken: true,
    connectedAt: new Date().toISOString(),
  });
  return { slug: facts.slug, email, accessToken };
}

/**
 * A return-page query for an attempt the caller started: a live platform's consent as the sandbox
 * gives it; for a platform not live, a query naming the stored attempt (its rule and the 503 decide).
 */
async function aReturnQuery(ctx: FixtureContext, facts: PlatformEntry): Promise<Record<string, string>> {
  await sharedConnectionsSandbox();
  const caller = ctx.caller;
  if (!mayConnect(caller) || !caller) return { state: "not-started", code: "c" };
  if (isLive(facts.slug)) return consentQuery(caller.token, facts.slug as OAuthPlatform);
  const state = `state-${randomUUID()}`;
  await createOAuthState(state, {
    accountId: caller.user.accountId,
    userId: caller.user.userId,
    slug: facts.slug,
    redirectUri: redirectUriOf(facts.slug),
  });
  if (facts.auth === "oauth1") return { oauth_token: state, oauth_verifier: "v" };
  return { state, code: "code", scope: "any" };
}

/** The fixture of one kind of platform call. */
function platformFixture(facts: PlatformEntry, call: PlatformCallKind): AuthzFixture {
  const request = (body: (integration: { slug: string; email: string }) => unknown): AuthzFixture => ({
    request: async (ctx) => {
      const { slug, email } = await aConnection(ctx, facts);
      return { body: body({ slug, email }) };
    },
  });
  switch (call) {
    case "authenticate":
      return {
        crossAccount: false,
        ...liveStatus(facts.slug),
        request: async () => {
          await sharedConnectionsSandbox();
          return {};
        },
      };
    case "response":
      if (facts.auth === "apiKey") {
        return {
          crossAccount: false,
          ...liveStatus(facts.slug),
          request: async () => {
            await sharedConnectionsSandbox();
            return { body: { apiKey: "sandbox-cake-api-key", domain: CAKE_SANDBOX_DOMAIN } };
          },
        };
      }
      return {
        // The state names the caller's own attempt; a state of another account's user is refused
        // with 400 (connections.int.test.ts), which this matrix does not express.
        crossAccount: false,
        ...liveStatus(facts.slug),
        request: async (ctx) => ({ body: await aReturnQuery(ctx, facts) }),
      };
    case "listing":
    case "listingUser":
      return request((integration) => ({ integration }));
    case "listingAccounts": {
      const fields = facts.listing?.steps === 2 ? facts.listing.userFields : undefined;
      return request((integration) => ({
        integration,
        ...(fields ? { [fields.userId]: "1", [fields.customerId]: "2", [fields.customerRoles]: [] } : {}),
      }));
    }
    case "filterValues":
      return request((integration) => ({
        dataSource: { integration, view: { id: "1112223333", name: "Account" } },
        filter: { id: "campaigns" },
      }));
    case "revokeToken":
      return {
        request: async (ctx) => {
          const { accessToken } = await aConnection(ctx, facts);
          const params: Record<string, string> =
            facts.auth === "oauth1" ? { token: accessToken, secret: "made-up-secret" } : { accessToken };
          return { params };
        },
      };
  }
}

/**
 * The fixtures of the platforms' own calls, one per route of `platformRoutes(catalogue)` (the
 * argument is for tests that add a platform).
 */
export function platformFixtures(
  catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE,
): Record<string, AuthzFixture> {
  return Object.fromEntries(
    platformRoutes(catalogue).map((route) => [
      route.key,
      platformFixture(platformFacts(route.platform.slug, catalogue), route.platform.call),
    ]),
  );
}

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
      const { slug, email } = await aConnection(ctx, platformFacts("googleads"));
      return { body: { slug, email } };
    },
  },
  ...platformFixtures(),
});
