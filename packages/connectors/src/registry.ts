import { PLATFORM_CATALOGUE, type PlatformEntry } from "@pacer/core";
import { amazonAdsConnector } from "./amazon-ads/amazon-ads-connector.ts";
import { amazonAdsDescriptor } from "./amazon-ads/descriptor.ts";
import { bingAdsConnector } from "./bing-ads/bing-ads-connector.ts";
import { bingAdsDescriptor } from "./bing-ads/descriptor.ts";
import { cakeConnector } from "./cake/cake-connector.ts";
import { cakeDescriptor } from "./cake/descriptor.ts";
import type { ConnectorConfig } from "./config.ts";
import { csvConnector } from "./csv/csv-connector.ts";
import { csvDescriptor } from "./csv/descriptor.ts";
import type { ConfigBlock, ConnectorDefinition, ConnectorDescriptor } from "./descriptor.ts";
import { dv360Descriptor } from "./dv360/descriptor.ts";
import { dv360Connector } from "./dv360/dv360-connector.ts";
import { BadRequestError } from "./errors.ts";
import { googleAdsDescriptor } from "./google-ads/descriptor.ts";
import { googleAdsConnector } from "./google-ads/google-ads-connector.ts";
import { GOOGLE_IDENTITY_CONFIG } from "./google-identity.ts";
import { linkedInAdsDescriptor } from "./linkedin-ads/descriptor.ts";
import { linkedInAdsConnector } from "./linkedin-ads/linkedin-ads-connector.ts";
import { metaDescriptor } from "./meta/descriptor.ts";
import { metaConnector } from "./meta/meta-connector.ts";
import { createPendingConnector } from "./pending-connector.ts";
import { pinterestAdsDescriptor } from "./pinterest-ads/descriptor.ts";
import { pinterestAdsConnector } from "./pinterest-ads/pinterest-ads-connector.ts";
import { redditAdsDescriptor } from "./reddit-ads/descriptor.ts";
import { redditAdsConnector } from "./reddit-ads/reddit-ads-connector.ts";
import { tikTokAdsDescriptor } from "./tiktok-ads/descriptor.ts";
import { tikTokAdsConnector } from "./tiktok-ads/tiktok-ads-connector.ts";
import { twitterAdsDescriptor } from "./twitter-ads/descriptor.ts";
import { twitterAdsConnector } from "./twitter-ads/twitter-ads-connector.ts";
import { type Connector, INTEGRATION_SLUGS, type IntegrationSlug, isIntegrationSlug } from "./types.ts";

/**
 * Every connector written so far (its descriptor and the function building it), in the order their
 * configuration blocks are read from the environment. A platform of the catalogue (`@pacer/core`'s
 * `PLATFORM_CATALOGUE`) without an entry here is listed but not live (Snapchat): it gets a pending
 * connector. Adding a platform: its folder, then one line here.
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
 * What every built connector says of itself without its code (slug, capabilities, reports, config
 * block), in the order of {@link CONNECTORS}: code that only needs these facts (the refresh queues,
 * the scheduler) imports this list and bundles no platform's connector. `registry.test.ts` checks it
 * against {@link CONNECTORS}.
 */
export const DESCRIPTORS: readonly ConnectorDescriptor[] = [
  googleAdsDescriptor,
  metaDescriptor,
  bingAdsDescriptor,
  linkedInAdsDescriptor,
  tikTokAdsDescriptor,
  pinterestAdsDescriptor,
  twitterAdsDescriptor,
  redditAdsDescriptor,
  amazonAdsDescriptor,
  dv360Descriptor,
  cakeDescriptor,
  csvDescriptor,
];

/**
 * Every configuration block read from the environment, in the order the variables are checked and
 * documented: each connector's that has one (keyed by its slug), then "Sign in with Google".
 */
export function configBlocks(): Array<[key: string, block: ConfigBlock]> {
  return [
    ...DESCRIPTORS.flatMap((c): Array<[string, ConfigBlock]> => (c.config ? [[c.slug, c.config]] : [])),
    ["googleIdentity", GOOGLE_IDENTITY_CONFIG],
  ];
}

/** Every connector, keyed by integration slug. */
export type ConnectorRegistry = Readonly<Record<IntegrationSlug, Connector>>;

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

/** A live platform as the refresh pipeline sees it: its slug and how its reports are made. */
export type LivePlatform = Pick<ConnectorDescriptor, "slug" | "reports">;

/**
 * The platforms of `catalogue` with a connector in `connectors` (every platform but those listed
 * and not built), in slug order. The arguments are for tests that add a platform.
 */
export function liveConnectors(
  catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE,
  connectors: readonly ConnectorDescriptor[] = DESCRIPTORS,
): LivePlatform[] {
  return [...catalogue]
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .flatMap((entry) => {
      const connector = connectors.find((c) => c.slug === entry.slug);
      return connector ? [{ slug: entry.slug, reports: connector.reports }] : [];
    });
}

/** The integration slugs whose connector is live (every platform but those listed and not built). */
export function livePlatforms(): IntegrationSlug[] {
  return liveConnectors().map((p) => p.slug as IntegrationSlug);
}

/** The connector of `slug`. @throws BadRequestError for an unknown slug */
export function connectorFor(registry: ConnectorRegistry, slug: string): Connector {
  if (!isIntegrationSlug(slug)) {
    throw new BadRequestError("unknown integration", { platform: "registry", reason: "unknown_slug" });
  }
  return registry[slug];
}
