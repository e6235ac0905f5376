import { createAmazonAdsConnector } from "./amazon-ads/amazon-ads-connector.ts";
import { createBingAdsConnector } from "./bing-ads/bing-ads-connector.ts";
import { createCakeConnector } from "./cake/cake-connector.ts";
import type { ConnectorConfig } from "./config.ts";
import { createCsvConnector } from "./csv/csv-connector.ts";
import { createDv360Connector } from "./dv360/dv360-connector.ts";
import { BadRequestError } from "./errors.ts";
import { createGoogleAdsConnector } from "./google-ads/google-ads-connector.ts";
import { createLinkedInAdsConnector } from "./linkedin-ads/linkedin-ads-connector.ts";
import { createMetaConnector } from "./meta/meta-connector.ts";
import { createPendingConnector } from "./pending-connector.ts";
import { createPinterestAdsConnector } from "./pinterest-ads/pinterest-ads-connector.ts";
import { createRedditAdsConnector } from "./reddit-ads/reddit-ads-connector.ts";
import { createTikTokAdsConnector } from "./tiktok-ads/tiktok-ads-connector.ts";
import { createTwitterAdsConnector } from "./twitter-ads/twitter-ads-connector.ts";
import { type Connector, INTEGRATION_SLUGS, type IntegrationSlug, isIntegrationSlug } from "./types.ts";

/** Every connector, keyed by integration slug. */
export type ConnectorRegistry = Readonly<Record<IntegrationSlug, Connector>>;

/**
 * Builds every connector from one config (build once per cold start and reuse). To add a platform:
 * write `src/<platform>/<platform>-connector.ts` exporting `create<Platform>Connector(config)` and
 * replace its `createPendingConnector` line here.
 */
export function createConnectors(config: ConnectorConfig): ConnectorRegistry {
  return Object.freeze({
    amazonads: createAmazonAdsConnector(config),
    bingads: createBingAdsConnector(config),
    cake: createCakeConnector(config),
    csv: createCsvConnector(),
    facebookads: createMetaConnector(config),
    googleads: createGoogleAdsConnector(config),
    googledv360: createDv360Connector(config),
    linkedinads: createLinkedInAdsConnector(config),
    pinterestads: createPinterestAdsConnector(config),
    redditads: createRedditAdsConnector(config),
    snapchatads: createPendingConnector("snapchatads", "Snapchat Ads", { needsRefreshToken: true }),
    tiktokads: createTikTokAdsConnector(config),
    twitterads: createTwitterAdsConnector(config),
  });
}

let unconfigured: ConnectorRegistry | undefined;

/** The connectors built once without settings, for what they say of themselves (no call is made). */
function connectorFacts(): ConnectorRegistry {
  unconfigured ??= createConnectors({});
  return unconfigured;
}

/**
 * Whether the platform of `slug` gives a budget: its connector reads campaign budgets
 * (`fetchBudget`), so its trackers can have an automated budget.
 */
export function platformGivesBudget(slug: string): boolean {
  return isIntegrationSlug(slug) && typeof connectorFacts()[slug].fetchBudget === "function";
}

/** The integration slugs whose connector is live (every platform but those listed and not built). */
export function livePlatforms(): IntegrationSlug[] {
  return INTEGRATION_SLUGS.filter((slug) => connectorFacts()[slug].live);
}

/** The connector of `slug`. @throws BadRequestError for an unknown slug */
export function connectorFor(registry: ConnectorRegistry, slug: string): Connector {
  if (!isIntegrationSlug(slug)) {
    throw new BadRequestError("unknown integration", { platform: "registry", reason: "unknown_slug" });
  }
  return registry[slug];
}
