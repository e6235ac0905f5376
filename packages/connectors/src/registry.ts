import { PLATFORM_CATALOGUE, type PlatformEntry } from "@pacer/core";
import { amazonAdsDescriptor } from "./amazon-ads/descriptor.ts";
import { bingAdsDescriptor } from "./bing-ads/descriptor.ts";
import { cakeDescriptor } from "./cake/descriptor.ts";
import { csvDescriptor } from "./csv/descriptor.ts";
import type { ConfigBlock, ConnectorDescriptor } from "./descriptor.ts";
import { dv360Descriptor } from "./dv360/descriptor.ts";
import { BadRequestError } from "./errors.ts";
import { googleAdsDescriptor } from "./google-ads/descriptor.ts";
import { GOOGLE_IDENTITY_CONFIG } from "./google-identity.ts";
import { linkedInAdsDescriptor } from "./linkedin-ads/descriptor.ts";
import { metaDescriptor } from "./meta/descriptor.ts";
import { pinterestAdsDescriptor } from "./pinterest-ads/descriptor.ts";
import { redditAdsDescriptor } from "./reddit-ads/descriptor.ts";
import { tikTokAdsDescriptor } from "./tiktok-ads/descriptor.ts";
import { twitterAdsDescriptor } from "./twitter-ads/descriptor.ts";
import { type Connector, type IntegrationSlug, isIntegrationSlug } from "./types.ts";

/**
 * The written connectors and the registry of all of them built at once live in
 * `built-connectors.ts` (re-exported here): this module imports no connector, so that code which
 * reads only the registry's facts and lookups (descriptors, live platforms, `connectorFor`) and
 * loads connectors at first use (`connector-loaders.ts`) does not read every platform's code at load.
 */
export { CONNECTORS, createConnectors } from "./built-connectors.ts";

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
