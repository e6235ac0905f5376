import { PLATFORM_CATALOGUE, type PlatformEntry, platformEntry } from "@pacer/core";
import { notFound } from "../lib/errors.ts";

/**
 * The connection facts of each platform come from `@pacer/core`'s `PLATFORM_CATALOGUE` (segment,
 * return page, answer field, failure texts, listing calls; spec pods-budgets-alerts-users-connections.md
 * 2.1, 2.13, 7.6 and 8, overview-access-account.md 2.1 and 7.5, trackers.md 7 and 8). This module
 * re-exports the spec's texts for the connection calls and looks entries up.
 */
export {
  BING_FAILURE,
  BING_LISTING_FAILURE,
  BING_PERSONAL_ACCOUNT_FAILURE,
  GENERIC_FAILURE,
  type OAuthPlatformSlug as OAuthSlug,
  REDDIT_AUTHENTICATE_FAILURE,
  REDDIT_FAILURE,
} from "@pacer/core";

/**
 * The catalogue entry of `slug`.
 * @throws AppError 404 for a slug the catalogue does not know
 */
export function platformFacts(
  slug: string,
  catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE,
): PlatformEntry {
  const entry = platformEntry(slug, catalogue);
  if (!entry) throw notFound("Integration");
  return entry;
}
