import { PLATFORM_CATALOGUE, type PlatformEntry } from "@pacer/core";
import { amazonAdsConnector } from "./amazon-ads/amazon-ads-connector.ts";
import { bingAdsConnector } from "./bing-ads/bing-ads-connector.ts";
import { cakeConnector } from "./cake/cake-connector.ts";
import type { ConnectorConfig } from "./config.ts";
import { csvConnector } from "./csv/csv-connector.ts";
import type { ConnectorDefinition } from "./descriptor.ts";
import { dv360Connector } from "./dv360/dv360-connector.ts";
import { googleAdsConnector } from "./google-ads/google-ads-connector.ts";
import { linkedInAdsConnector } from "./linkedin-ads/linkedin-ads-connector.ts";
import { metaConnector } from "./meta/meta-connector.ts";
import { createPendingConnector } from "./pending-connector.ts";
import { pinterestAdsConnector } from "./pinterest-ads/pinterest-ads-connector.ts";
import { redditAdsConnector } from "./reddit-ads/reddit-ads-connector.ts";
import type { ConnectorRegistry } from "./registry.ts";
import { tikTokAdsConnector } from "./tiktok-ads/tiktok-ads-connector.ts";
import { twitterAdsConnector } from "./twitter-ads/twitter-ads-connector.ts";
import { type Connector, INTEGRATION_SLUGS, type IntegrationSlug } from "./types.ts";

/**
 * Every connector written so far (its descriptor and the function building it), in the order their
 * configuration blocks are read from the environment. A platform of the catalogue (`@pacer/core`'s
 * `PLATFORM_CATALOGUE`) without an entry here is listed but not live (Snapchat): it gets a pending
 * connector. Adding a platform: its folder, then one line here and its loader in
 * `connector-loaders.ts` (`registry.test.ts` checks both name the same platforms).
 */
export const CONNECTORS: readonly ConnectorDefinition[] = [
  googleAdsConnector,
  metaConnector,
  bingAdsConnector,
  linkedInAdsConnector,
  tikTokAdsConnector,
  pinterestAdsConnector,
  twitterAdsConnector,
  redditAdsConnector,
  amazonAdsConnector,
  dv360Connector,
  cakeConnector,
  csvConnector,
];

/**
 * Builds every connector of the catalogue from one config (build once per cold start and reuse):
 * the written ones from {@link CONNECTORS}, a pending one (listed, not live) for the others.
 */
export function createConnectors(config: ConnectorConfig): ConnectorRegistry {
  const registry: Partial<Record<IntegrationSlug, Connector>> = {};
  for (const slug of INTEGRATION_SLUGS) {
    const definition = CONNECTORS.find((c) => c.slug === slug);
    const entry = PLATFORM_CATALOGUE.find((p) => p.slug === slug) as PlatformEntry;
    registry[slug] = definition
      ? definition.create(config)
      : createPendingConnector(slug, entry.name, { needsRefreshToken: entry.needsRefreshToken === true });
  }
  return Object.freeze(registry as Record<IntegrationSlug, Connector>);
}
