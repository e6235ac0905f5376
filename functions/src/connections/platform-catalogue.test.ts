import {
  CONNECTORS,
  type ConnectorDefinition,
  createPendingConnector,
  type IntegrationSlug,
  liveConnectors,
} from "@pacer/connectors";
import { PLATFORM_CATALOGUE } from "@pacer/core";
import { aPlatformEntry } from "@pacer/core/testing/builders";
import { describe, expect, it } from "vitest";
import { accessFor, platformPolicy } from "../../policy.ts";
import { REFRESH_QUEUES, refreshQueues } from "../../resources.ts";
import { platformRoutes, ROUTES } from "../../routes.ts";
import { platformFixtures } from "./authz-fixtures.ts";
import { handlers, platformHandlers } from "./handlers.ts";

/**
 * Adding a platform is one catalogue entry plus its connector: the platform's routes, policy rows,
 * connection handlers, authorization-matrix fixtures and refresh queue are all generated from them
 * (the web app's list: `frontend/src/lib/platforms.test.ts`).
 */
const FAKE = aPlatformEntry();
const CATALOGUE = [...PLATFORM_CATALOGUE, FAKE];

/** The made-up platform's connector: a descriptor (asynchronous reports) and a builder. */
const STUB: ConnectorDefinition = {
  slug: FAKE.slug,
  capabilities: { pkce: true, refresh: "refresh_token", rotatesRefreshToken: false, revoke: true },
  reports: "asynchronous",
  create: () => createPendingConnector(FAKE.slug as IntegrationSlug, FAKE.name),
};

const FAKE_KEYS = [
  "GET /api/fake-ads/authenticate",
  "POST /api/fake-ads/response",
  "GET /api/fake-ads/revoke-token/{accessToken}",
  "POST /api/fake-ads/get-account",
  "POST /api/fake-ads/filter-possible-values",
];

describe("a platform added through the catalogue", () => {
  it("gets its routes, all in the connections group, named after their paths", () => {
    const routes = platformRoutes(CATALOGUE).filter((r) => r.platform.slug === "fakeads");
    expect(routes.map((r) => [r.key, r.group, r.handler])).toEqual([
      ["GET /api/fake-ads/authenticate", "connections", "fakeAdsAuthenticate"],
      ["POST /api/fake-ads/response", "connections", "fakeAdsResponse"],
      ["GET /api/fake-ads/revoke-token/{accessToken}", "connections", "fakeAdsRevokeToken"],
      ["POST /api/fake-ads/get-account", "connections", "fakeAdsGetAccount"],
      ["POST /api/fake-ads/filter-possible-values", "connections", "fakeAdsFilterPossibleValues"],
    ]);
    // the deployed table is the same generator over the real catalogue: no made-up route in it
    expect(ROUTES.some((r) => r.key.includes("fake-ads"))).toBe(false);
    for (const route of platformRoutes()) expect(ROUTES).toContainEqual(route);
  });

  it("gets a policy row per route: Admins and Managers only", () => {
    const policy = platformPolicy(CATALOGUE);
    for (const key of FAKE_KEYS)
      expect(policy[key as keyof typeof policy]).toEqual({ roles: ["Admin", "Manager"] });
    expect(Object.keys(policy).sort()).toEqual(
      platformRoutes(CATALOGUE)
        .map((r) => r.key)
        .sort(),
    );
    for (const [key, access] of Object.entries(platformPolicy())) expect(accessFor(key)).toEqual(access);
  });

  it("gets a handler and an authorization fixture per route", () => {
    const fakeHandlers = platformHandlers(CATALOGUE);
    const fixtures = platformFixtures(CATALOGUE);
    for (const route of platformRoutes(CATALOGUE)) {
      expect(typeof fakeHandlers[route.handler], route.key).toBe("function");
      expect(typeof fixtures[route.key]?.request, route.key).toBe("function");
    }
    expect(Object.keys(fakeHandlers)).toHaveLength(platformRoutes(CATALOGUE).length);
    expect(Object.keys(handlers)).not.toContain("fakeAdsAuthenticate");
    expect(fixtures["POST /api/fake-ads/response"]?.crossAccount).toBe(false);
  });

  it("gets a refresh queue sized by its reports once its connector exists, none without", () => {
    expect(refreshQueues(liveConnectors(CATALOGUE, CONNECTORS)).map((q) => q.name)).not.toContain(
      "refresh-fakeads",
    );
    const queues = refreshQueues(liveConnectors(CATALOGUE, [...CONNECTORS, STUB]));
    expect(queues.find((q) => q.name === "refresh-fakeads")).toEqual({
      name: "refresh-fakeads",
      consumer: "refresh-worker",
      consumerTimeoutSeconds: 900,
      maxReceiveCount: 5,
      batchSize: 10,
      maxConcurrency: 2,
      callsInFlightPerInvocation: 5,
    });
    expect(queues.filter((q) => q.name !== "refresh-fakeads")).toEqual(REFRESH_QUEUES);
  });

  it("a two-step listing and an OAuth 1.0a revoke call follow the entry", () => {
    const entry = aPlatformEntry({
      auth: "oauth1",
      listing: {
        steps: 2,
        userCall: "get-user",
        accountsCall: "get-accounts",
        userFields: { userId: "fakeUserId", customerId: "fakeCustomerId", customerRoles: "fakeRoles" },
      },
    });
    const keys = platformRoutes([entry]).map((r) => r.key);
    expect(keys).toEqual([
      "GET /api/fake-ads/authenticate",
      "POST /api/fake-ads/response",
      "GET /api/fake-ads/revoke-token/{token}/{secret}",
      "POST /api/fake-ads/get-user",
      "POST /api/fake-ads/get-accounts",
      "POST /api/fake-ads/filter-possible-values",
    ]);
    expect(Object.keys(platformHandlers([entry])).sort()).toEqual(
      platformRoutes([entry])
        .map((r) => r.handler)
        .sort(),
    );
  });
});
