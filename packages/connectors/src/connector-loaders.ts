import { PLATFORM_CATALOGUE, type PlatformEntry } from "@pacer/core";
import type { ConnectorConfig } from "./config.ts";
import type { ConnectorDefinition } from "./descriptor.ts";
import { BadRequestError } from "./errors.ts";
import { createPendingConnector } from "./pending-connector.ts";
import { type Connector, isIntegrationSlug } from "./types.ts";

/**
 * How each written connector is loaded when its platform is first used, by slug: an `import()` of
 * its module. Code that reaches connectors only through {@link loadConnector} (the deployed
 * functions, `functions/src/lib/connectors.ts`) bundles each platform as a chunk of its own, read at
 * that platform's first use: Google's official client only with Google Ads or DV360. The same
 * definitions as `CONNECTORS` of `registry.ts` (`registry.test.ts` checks). This module imports no
 * connector itself: a static import of one from a module a bundle loads (even one it does not call)
 * would put that platform's code in the chunks read at load.
 */
export const CONNECTOR_LOADERS: Readonly<Record<string, () => Promise<ConnectorDefinition>>> = {
  googleads: async () => (await import("./google-ads/google-ads-connector.ts")).googleAdsConnector,
  facebookads: async () => (await import("./meta/meta-connector.ts")).metaConnector,
  bingads: async () => (await import("./bing-ads/bing-ads-connector.ts")).bingAdsConnector,
  linkedinads: async () => (await import("./linkedin-ads/linkedin-ads-connector.ts")).linkedInAdsConnector,
  tiktokads: async () => (await import("./tiktok-ads/tiktok-ads-connector.ts")).tikTokAdsConnector,
  pinterestads: async () =>
    (await import("./pinterest-ads/pinterest-ads-connector.ts")).pinterestAdsConnector,
  twitterads: async () => (await import("./twitter-ads/twitter-ads-connector.ts")).twitterAdsConnector,
  redditads: async () => (await import("./reddit-ads/reddit-ads-connector.ts")).redditAdsConnector,
  amazonads: async () => (await import("./amazon-ads/amazon-ads-connector.ts")).amazonAdsConnector,
  googledv360: async () => (await import("./dv360/dv360-connector.ts")).dv360Connector,
  cake: async () => (await import("./cake/cake-connector.ts")).cakeConnector,
  csv: async () => (await import("./csv/csv-connector.ts")).csvConnector,
};

/**
 * Builds the connector of `slug` from `config` after loading its platform's module
 * ({@link CONNECTOR_LOADERS}): the same connector `createConnectors` (`registry.ts`) builds for that slug (a
 * pending one, listed and not live, for a catalogue platform without a written connector).
 * @throws BadRequestError for an unknown slug
 */
export async function loadConnector(config: ConnectorConfig, slug: string): Promise<Connector> {
  if (!isIntegrationSlug(slug)) {
    throw new BadRequestError("unknown integration", { platform: "registry", reason: "unknown_slug" });
  }
  const load = CONNECTOR_LOADERS[slug];
  if (load) return (await load()).create(config);
  const entry = PLATFORM_CATALOGUE.find((p) => p.slug === slug) as PlatformEntry;
  return createPendingConnector(slug, entry.name, { needsRefreshToken: entry.needsRefreshToken === true });
}
