import { randomUUID } from "node:crypto";
import { budgetCalendar } from "@pacer/core";
import {
  createTrackers,
  type DailyMetricsRow,
  type NewTracker,
  type Pod,
  type PodInput,
  putDailyMetrics,
  putIntegration,
  type SharedBudget,
  type SharedBudgetInput,
  savePod,
  saveSharedBudget,
  type Tracker,
} from "@pacer/db";
import { recomputeTrackerData } from "../src/lib/tracker-data.ts";
import type { World } from "./builders.ts";

/**
 * Builders of trackers, daily metrics, pods and shared budgets for tests (straight to the data
 * layer, so a test arranges in a few lines). Each call makes new items with unique ids.
 */

/** A connection of the account (the create-trackers call requires one for each data source). */
export async function aConnectionIn(accountId: string, slug = "googleads") {
  const email = `ads-${randomUUID().slice(0, 8)}@example.test`;
  await putIntegration({
    accountId,
    slug,
    email,
    name: "Google Ads",
    connectedAt: new Date().toISOString(),
    hasRefreshToken: true,
  });
  return { name: "Google Ads", slug, email };
}

/** A data source on a connection (the wizard's chosen platform account). */
export const aDataSource = (
  integration: { name: string; slug: string; email: string },
  viewId = randomUUID(),
) => ({
  integration,
  view: { id: viewId, name: `Account ${viewId.slice(0, 6)}` },
});

/**
 * A tracker of the account (manual budget of £3,000 a month unless overridden), with its figures
 * computed; with `rows`, its daily metrics are stored first.
 */
export async function aTrackerIn(
  accountId: string,
  overrides: Partial<NewTracker> = {},
  rows: DailyMetricsRow[] = [],
  now: Date = new Date(),
): Promise<Tracker> {
  const [created] = await createTrackers(
    accountId,
    [
      {
        name: `Tracker ${randomUUID().slice(0, 6)}`,
        client: "Client A",
        currency: "GBP",
        timeZone: "Europe/London",
        automatedBudget: false,
        manualBudgetValue: 3_000_000_000,
        budgetPeriod: "month",
        createdBy: "test",
        dataSource: {
          integration: { name: "Google Ads", slug: "googleads", email: "ads@example.test" },
          view: { id: randomUUID(), name: "Ad account" },
        },
        ...overrides,
      },
    ],
    1_000_000,
    now,
  );
  if (!created) throw new Error("tracker not created");
  if (rows.length) await putDailyMetrics(accountId, created.trackerId, rows);
  return (await recomputeTrackerData(accountId, created.trackerId, now)) as Tracker;
}

/** A pod of the account. */
export async function aPodIn(
  accountId: string,
  input: Partial<PodInput> & { trackers: string[] },
  ownerId = "test",
): Promise<Pod> {
  return savePod(accountId, { ownerId }, { name: "Pod", description: "", users: [], ...input });
}

/** A shared budget of the account (£10,000, percentage allocations) holding these trackers. */
export async function aSharedBudgetIn(
  accountId: string,
  input: Partial<SharedBudgetInput> & { trackers: SharedBudgetInput["trackers"] },
  ownerId = "test",
): Promise<SharedBudget> {
  return saveSharedBudget(
    accountId,
    { ownerId },
    {
      name: "Shared",
      description: "",
      budget: 10_000_000_000,
      allocatedBudgetAsAPercentage: true,
      hasManualAllocationBeenSet: false,
      weekdaysOnly: false,
      users: [],
      ...input,
    },
  );
}

/** One daily row with this spend (in currency units) and simple counts. */
export const aDay = (date: string, spend: number, extra: Partial<DailyMetricsRow> = {}): DailyMetricsRow => ({
  date,
  spendMicros: Math.round(spend * 1_000_000),
  impressions: 1000,
  clicks: 50,
  conversions: 2,
  revenueMicros: Math.round(spend * 3 * 1_000_000),
  ...extra,
});

/** A tracker of a test world that its Manager and Viewer can see (they are its associated users). */
export function aTrackerSeenBy(world: World, overrides: Partial<NewTracker> = {}): Promise<Tracker> {
  return aTrackerIn(world.account.accountId, {
    associatedUserIds: [world.Manager.user.userId, world.Viewer.user.userId],
    ...overrides,
  });
}

/** The days of this month in London up to today, each spending `perDay` (currency units), and their count. */
export function daysThisMonth(perDay: number): { rows: DailyMetricsRow[]; days: number } {
  const calendar = budgetCalendar(new Date(), "Europe/London");
  const rows: DailyMetricsRow[] = [];
  for (let d = 1; d <= calendar.dayOfMonth; d++) {
    rows.push(aDay(`${calendar.monthStart.slice(0, 8)}${String(d).padStart(2, "0")}`, perDay));
  }
  return { rows, days: calendar.dayOfMonth };
}
