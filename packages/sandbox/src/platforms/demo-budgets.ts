import type { DemoAccount } from "../data/demo-accounts.ts";
import type { SourceData } from "../data/source-rows.ts";

/**
 * The demo campaigns' daily budgets, derived from the real data so that trackers with an automated
 * budget pace near 100%: a budget is the average daily spend of its campaigns' source rows (the 28
 * days of February 2021), times the account factor, times {@link BUDGET_HEADROOM_PERCENT}, rounded
 * to a whole currency unit (half up). Served by the platforms that have campaign budgets (Google
 * Ads `campaign_budget`, Meta `daily_budget`, Microsoft `DailyBudget`, TikTok `budget`, LinkedIn
 * `dailyBudget`, Pinterest `daily_spend_cap`, X `daily_budget_amount_local_micro`, Reddit
 * `goal_value`, Amazon Ads `budget` of its SP, SB and SD campaigns); the README's "Budgets" table
 * lists them.
 */

/** Budgets are 110% of what their campaigns spend on an average day. */
export const BUDGET_HEADROOM_PERCENT = 110;

/** Days in the source file (February 2021). */
const SOURCE_DAYS = 28;

/**
 * Campaigns sharing one budget (Google Ads "shared budget"), by `platform/account id`: each inner
 * list is one budget, by campaign id. Every other campaign has a budget of its own.
 */
const SHARED_BUDGETS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  "googleads/1112223333": [["89459845", "127823"]],
};

/**
 * Campaigns without a campaign-level budget (Meta: the budgets sit on the ad sets; Reddit: on the
 * ad groups, Reddit's default without campaign budget optimisation; X: on the line items, a
 * campaign with `budget_optimization=LINE_ITEM`; LinkedIn: on its campaign group, with the
 * group's budget optimisation), as `platform/account id/campaign id`.
 */
const WITHOUT_CAMPAIGN_BUDGET: ReadonlySet<string> = new Set([
  "facebookads/101000000000001/4387490",
  "redditads/a2_pacerdemo01/127823",
  "twitterads/18ce54pcrdm/2m1eq",
  "linkedinads/508000101/544756",
]);

/** One daily campaign budget of a demo account. */
export interface DemoBudget {
  /** Budget id (Google Ads `campaign_budget.id`): `9` followed by the first member campaign's id. */
  id: string;
  name: string;
  /** Daily amount: integer micros of the account currency, a whole number of currency units. */
  amountMicros: number;
  /** The campaigns spending from it (ids as the platform writes them). */
  campaignIds: string[];
  /** True when several campaigns share it. */
  shared: boolean;
}

/**
 * The daily budget of campaigns whose source rows total `spendMicros` over the 28 source days, on
 * an account with factor `factorPercent`: average day x factor x 110%, rounded half up to a whole
 * unit, in micros. Exact (integer arithmetic).
 */
export function dailyBudgetMicros(spendMicros: number, factorPercent: number): number {
  const numerator = BigInt(spendMicros) * BigInt(factorPercent) * BigInt(BUDGET_HEADROOM_PERCENT);
  const denominator = BigInt(SOURCE_DAYS) * 100n * 100n * 1_000_000n;
  const units = (2n * numerator + denominator) / (2n * denominator);
  return Number(units) * 1_000_000;
}

/** Spend of a source campaign over its 28 days, micros (0 when the source has no such campaign). */
function sourceSpendMicros(source: SourceData, sourceName: string): number {
  return (source.get(sourceName.toLowerCase()) ?? []).reduce((sum, day) => sum + day.spendMicros, 0);
}

/**
 * The daily budgets of an account's campaigns, paused campaigns included (a paused campaign keeps
 * its budget; the platforms say which campaigns run). Campaigns without a campaign-level budget
 * have none. Order: the account's campaign order.
 */
export function demoBudgets(source: SourceData, account: DemoAccount): DemoBudget[] {
  const key = `${account.platform}/${account.id}`;
  const groups = SHARED_BUDGETS[key] ?? [];
  const budgets: DemoBudget[] = [];
  const done = new Set<string>();
  for (const campaign of account.campaigns) {
    if (done.has(campaign.id) || WITHOUT_CAMPAIGN_BUDGET.has(`${key}/${campaign.id}`)) continue;
    const ids = groups.find((g) => g.includes(campaign.id)) ?? [campaign.id];
    const members = account.campaigns.filter((c) => ids.includes(c.id));
    for (const m of members) done.add(m.id);
    const spend = members.reduce((sum, m) => sum + sourceSpendMicros(source, m.source), 0);
    budgets.push({
      id: `9${campaign.id}`,
      name:
        members.length > 1 ? `Shared: ${members.map((m) => m.name).join(" + ")}` : `${campaign.name} budget`,
      amountMicros: dailyBudgetMicros(spend, account.factorPercent),
      campaignIds: members.map((m) => m.id),
      shared: members.length > 1,
    });
  }
  return budgets;
}

/**
 * The daily budget a campaign without a campaign-level budget spends from one level away (its
 * campaign group's on LinkedIn): what its own budget would have been, micros; undefined for a
 * campaign that holds its own budget.
 */
export function budgetAboveCampaign(
  source: SourceData,
  account: DemoAccount,
  campaignId: string,
): number | undefined {
  const campaign = account.campaigns.find((c) => c.id === campaignId);
  if (!campaign || !WITHOUT_CAMPAIGN_BUDGET.has(`${account.platform}/${account.id}/${campaignId}`))
    return undefined;
  return dailyBudgetMicros(sourceSpendMicros(source, campaign.source), account.factorPercent);
}

/** The budget a campaign spends from, if it has a campaign-level one. */
export function budgetOf(budgets: readonly DemoBudget[], campaignId: string): DemoBudget | undefined {
  return budgets.find((b) => b.campaignIds.includes(campaignId));
}

/**
 * One ad set (Meta), ad group (Reddit) or line item (X) of a demo campaign. A campaign with a campaign budget has
 * one ad set without a budget of its own; a campaign without one (its budgets sit on its ad sets)
 * has two: a running ad set whose daily budget is the one the campaign would have had (so its
 * pacing stays near 100%), and a paused one with the same budget, which spends nothing.
 * https://developers.facebook.com/docs/marketing-api/reference/ad-campaign
 */
export interface DemoAdSet {
  /** Ad set id: the campaign id followed by `01`, `02`. */
  id: string;
  name: string;
  campaignId: string;
  /** Daily budget, integer micros of the account currency; absent when the campaign holds the budget. */
  dailyBudgetMicros?: number;
  /** Paused on the ad set itself (the campaign's own status is separate). */
  paused: boolean;
}

/** The ad sets of an account's campaigns (see `DemoAdSet`), in campaign order. */
export function demoAdSets(source: SourceData, account: DemoAccount): DemoAdSet[] {
  const key = `${account.platform}/${account.id}`;
  return account.campaigns.flatMap((campaign): DemoAdSet[] => {
    if (!WITHOUT_CAMPAIGN_BUDGET.has(`${key}/${campaign.id}`)) {
      return [
        { id: `${campaign.id}01`, name: `${campaign.name} ad set`, campaignId: campaign.id, paused: false },
      ];
    }
    const amount = dailyBudgetMicros(sourceSpendMicros(source, campaign.source), account.factorPercent);
    return [
      {
        id: `${campaign.id}01`,
        name: `${campaign.name} - running`,
        campaignId: campaign.id,
        dailyBudgetMicros: amount,
        paused: false,
      },
      {
        id: `${campaign.id}02`,
        name: `${campaign.name} - paused`,
        campaignId: campaign.id,
        dailyBudgetMicros: amount,
        paused: true,
      },
    ];
  });
}
