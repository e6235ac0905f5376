import { BadRequestError } from "../errors.ts";

/**
 * GAQL (Google Ads Query Language) builders for the queries the connector sends.
 * Grammar: https://developers.google.com/google-ads/api/docs/query/grammar
 * `LIKE` is case-insensitive; `%`, `_`, `[` and `]` are matched literally when wrapped in brackets.
 */

/** The metrics every daily query selects. */
export const METRIC_FIELDS = [
  "metrics.cost_micros",
  "metrics.impressions",
  "metrics.clicks",
  "metrics.conversions",
  "metrics.conversions_value",
];

/** A GAQL single-quoted string literal. */
export function gaqlString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** `%text%` for LIKE, with LIKE's special characters matched literally. */
export function likeContains(text: string): string {
  return gaqlString(`%${text.replace(/[[\]%_]/g, (c) => `[${c}]`)}%`);
}

/** Campaign ids must be digits (they are int64). @throws BadRequestError */
export function checkCampaignIds(ids: string[]): string[] {
  for (const id of ids) {
    if (!/^\d{1,20}$/.test(id)) {
      throw new BadRequestError("googleads: campaign ids must be digits", {
        platform: "googleads",
        reason: "bad_campaign_id",
      });
    }
  }
  return ids;
}

/** A tracker's normalised filters as GAQL conditions on `campaign` (ids checked, name escaped). */
export function campaignConditions(filters: { campaignIds?: string[]; nameContains?: string }): string[] {
  const where: string[] = [];
  if (filters.campaignIds) where.push(`campaign.id IN (${checkCampaignIds(filters.campaignIds).join(", ")})`);
  if (filters.nameContains) where.push(`campaign.name LIKE ${likeContains(filters.nameContains)}`);
  return where;
}

/**
 * The daily query: account-level (`FROM customer`) without filters, campaign-level with them
 * (then summed per date by the connector).
 */
export function dailyMetricsQuery(
  from: string,
  to: string,
  filters: { campaignIds?: string[]; nameContains?: string },
) {
  const filtered = Boolean(filters.campaignIds || filters.nameContains);
  const select = ["customer.currency_code", "customer.time_zone", "segments.date", ...METRIC_FIELDS];
  if (filtered) select.splice(2, 0, "campaign.id");
  const where = [
    `segments.date BETWEEN ${gaqlString(from)} AND ${gaqlString(to)}`,
    ...campaignConditions(filters),
  ];
  return `SELECT ${select.join(", ")} FROM ${filtered ? "campaign" : "customer"} WHERE ${where.join(" AND ")}`;
}

/** Currency and time zone of the customer, for ranges without any row. */
export const CUSTOMER_INFO_QUERY =
  "SELECT customer.id, customer.currency_code, customer.time_zone FROM customer";

/** The accounts reachable from one accessible customer: itself (level 0) and, for a manager, its direct clients. */
export const CUSTOMER_CLIENT_QUERY =
  "SELECT customer_client.id, customer_client.descriptive_name, customer_client.currency_code, " +
  "customer_client.time_zone, customer_client.manager, customer_client.status, customer_client.level " +
  "FROM customer_client WHERE customer_client.level <= 1";

/** Campaigns for the filter values, optionally narrowed by name. */
export function campaignsQuery(search?: string): string {
  const where = ["campaign.status != 'REMOVED'"];
  if (search?.trim()) where.push(`campaign.name LIKE ${likeContains(search.trim())}`);
  return `SELECT campaign.id, campaign.name, campaign.status FROM campaign WHERE ${where.join(" AND ")} ORDER BY campaign.name`;
}

/**
 * The budgets of the enabled campaigns that pass the tracker's filters (the same conditions as
 * {@link dailyMetricsQuery}): one row per campaign with its `campaign_budget` (an attributed
 * resource of `campaign`), so a shared budget appears once per campaign spending from it.
 * https://developers.google.com/google-ads/api/fields/v23/campaign_budget
 */
export function budgetQuery(filters: { campaignIds?: string[]; nameContains?: string }): string {
  const select = [
    "campaign.id",
    "campaign.name",
    "campaign_budget.resource_name",
    "campaign_budget.amount_micros",
    "campaign_budget.period",
  ];
  const where = [
    "campaign.status = 'ENABLED'",
    "campaign.serving_status = 'SERVING'",
    ...campaignConditions(filters),
  ];
  return `SELECT ${select.join(", ")} FROM campaign WHERE ${where.join(" AND ")}`;
}

/**
 * The campaigns AutoPilot reads (not removed, passing the tracker's filters), with the budget each
 * spends from. https://developers.google.com/google-ads/api/fields/v23/campaign
 */
export function campaignStatesQuery(filters: { campaignIds?: string[]; nameContains?: string }): string {
  const select = [
    "campaign.id",
    "campaign.name",
    "campaign.status",
    "campaign_budget.resource_name",
    "campaign_budget.amount_micros",
    "campaign_budget.period",
  ];
  const where = ["campaign.status != 'REMOVED'", ...campaignConditions(filters)];
  return `SELECT ${select.join(", ")} FROM campaign WHERE ${where.join(" AND ")}`;
}

/** Spend per campaign and day over a range (summed per campaign by the caller). */
export function campaignSpendQuery(
  from: string,
  to: string,
  filters: { campaignIds?: string[]; nameContains?: string },
): string {
  const where = [
    `segments.date BETWEEN ${gaqlString(from)} AND ${gaqlString(to)}`,
    ...campaignConditions(filters),
  ];
  return `SELECT campaign.id, segments.date, metrics.cost_micros FROM campaign WHERE ${where.join(" AND ")}`;
}
