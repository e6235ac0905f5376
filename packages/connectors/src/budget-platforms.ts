import { type IntegrationSlug, isIntegrationSlug } from "./types.ts";

/**
 * The platforms whose connector reads campaign budgets (`Connector.fetchBudget`), so their trackers
 * can have an automated budget (spec pods-budgets-alerts-users-connections 3). Kept apart from the
 * registry so that code which only needs this fact (the integration views, the tracker forms) does
 * not bundle every platform's connector; `registry.test.ts` checks it against each connector.
 */
export const BUDGET_PLATFORMS: readonly IntegrationSlug[] = [
  "amazonads",
  "bingads",
  "facebookads",
  "googleads",
  "googledv360",
  "linkedinads",
  "pinterestads",
  "redditads",
  "tiktokads",
  "twitterads",
];

/**
 * Whether the platform of `slug` gives a budget: its connector reads campaign budgets
 * (`fetchBudget`), so its trackers can have an automated budget. False for an unknown slug.
 */
export function platformGivesBudget(slug: string): boolean {
  return isIntegrationSlug(slug) && BUDGET_PLATFORMS.includes(slug);
}
