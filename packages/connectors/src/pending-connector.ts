import { notSupported } from "./errors.ts";
import { RETURN_RULES } from "./oauth/return-rules.ts";
import type { Connector, ConnectorCapabilities, IntegrationSlug } from "./types.ts";

/**
 * A listed platform without a working connector: Snapchat Ads (listed, not live, per the spec)
 * and the platforms whose connector is still to be written. Its return-page rule is real; every
 * call throws NotSupportedError. Replace the registry entry with the real connector when it lands.
 */
export function createPendingConnector(
  slug: IntegrationSlug,
  displayName: string,
  capabilities: Partial<ConnectorCapabilities> = {},
): Connector {
  const fail = (operation: string) => {
    throw notSupported(slug, operation);
  };
  return {
    slug,
    displayName,
    live: false,
    capabilities: {
      auth: "oauth2",
      pkce: false,
      refresh: "refresh_token",
      rotatesRefreshToken: false,
      revoke: false,
      needsRefreshToken: false,
      ...capabilities,
    },
    acceptReturn: RETURN_RULES[slug],
    authorizeUrl: () => fail("authorize"),
    exchangeCode: async () => fail("exchangeCode"),
    refreshAccessToken: async () => fail("refresh"),
    revoke: async () => fail("revoke"),
    listAdAccounts: async () => fail("listAdAccounts"),
    fetchDailyMetrics: async () => fail("fetchDailyMetrics"),
    filterDefinitions: () => [],
    listFilterValues: async () => fail("listFilterValues"),
  };
}
