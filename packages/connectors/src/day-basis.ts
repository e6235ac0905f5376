import type { DayBasis } from "@pacer/core/day-basis";
import { amazonAdsDescriptor } from "./amazon-ads/descriptor.ts";
import { bingAdsDescriptor } from "./bing-ads/descriptor.ts";
import { cakeDescriptor } from "./cake/descriptor.ts";
import { csvDescriptor } from "./csv/descriptor.ts";
import type { ConnectorDescriptor } from "./descriptor.ts";
import { dv360Descriptor } from "./dv360/descriptor.ts";
import { googleAdsDescriptor } from "./google-ads/descriptor.ts";
import { linkedInAdsDescriptor } from "./linkedin-ads/descriptor.ts";
import { metaDescriptor } from "./meta/descriptor.ts";
import { pinterestAdsDescriptor } from "./pinterest-ads/descriptor.ts";
import { redditAdsDescriptor } from "./reddit-ads/descriptor.ts";
import { tikTokAdsDescriptor } from "./tiktok-ads/descriptor.ts";
import { twitterAdsDescriptor } from "./twitter-ads/descriptor.ts";

/**
 * The descriptors read for their day basis: every built connector's (the registry's `DESCRIPTORS`
 * list, kept apart from the registry so that the tracker views bundle no connector; a registry test
 * checks both lists hold the same slugs).
 */
export const DAY_BASIS_DESCRIPTORS: readonly ConnectorDescriptor[] = [
  amazonAdsDescriptor,
  bingAdsDescriptor,
  cakeDescriptor,
  csvDescriptor,
  dv360Descriptor,
  googleAdsDescriptor,
  linkedInAdsDescriptor,
  metaDescriptor,
  pinterestAdsDescriptor,
  redditAdsDescriptor,
  tikTokAdsDescriptor,
  twitterAdsDescriptor,
];

/**
 * Which calendar the days of the platform of `slug` follow (`@pacer/core` {@link DayBasis}): `utc`
 * when its connector's descriptor says it reports UTC days only (LinkedIn, Pinterest), else
 * `account` (the ad account's zone); null for a platform without a connector (Snapchat) or an
 * unknown slug. Table and sources: `packages/connectors/README.md`, "Which zone a platform's day is in".
 */
export function dayBasisOf(slug: string): DayBasis | null {
  const descriptor = DAY_BASIS_DESCRIPTORS.find((d) => d.slug === slug);
  return descriptor ? (descriptor.dayBasis ?? "account") : null;
}
