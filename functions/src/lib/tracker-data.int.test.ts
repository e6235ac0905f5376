import { budgetCalendar, storedTrackerData } from "@pacer/core";
import {
  deleteTracker,
  findTracker,
  getTracker,
  listDailyMetrics,
  putDailyMetrics,
  setTrackerRefreshState,
  updateTrackerAt,
} from "@pacer/db";
import { describe, expect, it } from "vitest";
import { anAccountWithAdmin } from "../../testing/builders.ts";
import { aDay, aTrackerIn } from "../../testing/tracker-builders.ts";
import { recomputeTrackerData } from "./tracker-data.ts";

const today = () => budgetCalendar(new Date(), "Europe/London").today;

describe("daily metrics and the recompute use-case", () => {
  it("upserts one item per tracker and day however often a day is written", async () => {
    const { account } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);
    const day = today();

    await putDailyMetrics(account.accountId, t.trackerId, [aDay(day, 10), aDay(day, 20)]);
    await putDailyMetrics(account.accountId, t.trackerId, [aDay(day, 30)]);

    const rows = await listDailyMetrics(account.accountId, t.trackerId, day, day);
    expect(rows).toEqual([aDay(day, 30)]);
  });

  it("stores the engine's figures from the stored rows; a refresh clears requiresUpdate", async () => {
    const { account } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId, { requiresUpdate: true });
    await putDailyMetrics(account.accountId, t.trackerId, [aDay(today(), 250)]);

    const plain = await recomputeTrackerData(account.accountId, t.trackerId);
    expect(storedTrackerData(plain ?? { data: undefined })?.actualSpend).toBe(250_000_000);
    expect(plain?.requiresUpdate).toBe(true);
    expect(plain?.version).toBe(t.version);

    const refreshed = await recomputeTrackerData(account.accountId, t.trackerId, new Date(), {
      refreshed: true,
    });
    expect(refreshed).toMatchObject({ requiresUpdate: false });
    expect(refreshed?.lastRefreshedAt).toBeDefined();
  });

  it("a refresh whose settings no longer hold (a predicate on the tracker written over) leaves it awaiting", async () => {
    const { account } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId, { requiresUpdate: true });
    const filters = [{ id: "campaigns", type: "multipleChoice", selection: [{ id: "1", name: "One" }] }];
    await updateTrackerAt(account.accountId, t.trackerId, t.version, { filters });
    await putDailyMetrics(account.accountId, t.trackerId, [aDay(today(), 40)]);
    const seen: unknown[] = [];
    const fetchedWithOtherFilters = (tracker: { filters?: unknown }) => {
      seen.push(tracker.filters);
      return false;
    };

    const kept = await recomputeTrackerData(account.accountId, t.trackerId, new Date(), {
      refreshed: fetchedWithOtherFilters,
    });
    expect(seen).toEqual([filters]);
    expect(storedTrackerData(kept ?? { data: undefined })?.actualSpend).toBe(40_000_000);
    expect(kept).toMatchObject({ requiresUpdate: true });
    expect(kept?.lastRefreshedAt).toBeUndefined();
  });

  it("recomputes from the settings as they are, and answers undefined for a deleted tracker", async () => {
    const { account } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);
    await updateTrackerAt(account.accountId, t.trackerId, t.version, {
      manualBudgetValue: 6_000_000_000,
      weekdaysOnly: true,
    });
    await setTrackerRefreshState(account.accountId, t.trackerId, {
      platformBudget: { amount: 1, period: "day" },
      dataLoadFail: false,
    });

    const updated = await recomputeTrackerData(account.accountId, t.trackerId);
    expect(storedTrackerData(updated ?? { data: undefined })).toMatchObject({
      budget: 6_000_000_000,
      weekdaysOnly: true,
    });
    expect((await getTracker(account.accountId, t.trackerId)).platformBudget).toEqual({
      amount: 1,
      period: "day",
    });
    expect(await recomputeTrackerData(account.accountId, "no-such-tracker")).toBeUndefined();
  });

  it("computes from the tracker the caller read, and from the stored settings when they changed since", async () => {
    const { account } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);
    await putDailyMetrics(account.accountId, t.trackerId, [aDay(today(), 70)]);
    const read = await getTracker(account.accountId, t.trackerId);

    const fromRead = await recomputeTrackerData(account.accountId, t.trackerId, new Date(), {
      current: read,
    });
    expect(storedTrackerData(fromRead ?? { data: undefined })).toMatchObject({
      actualSpend: 70_000_000,
      budget: read.manualBudgetValue,
    });

    // The budget changes after the caller's read: its write is refused, and the figures follow the change.
    await updateTrackerAt(account.accountId, t.trackerId, read.version, { manualBudgetValue: 9_000_000_000 });
    const afterChange = await recomputeTrackerData(account.accountId, t.trackerId, new Date(), {
      current: read,
    });
    expect(storedTrackerData(afterChange ?? { data: undefined })?.budget).toBe(9_000_000_000);
    expect(storedTrackerData(await getTracker(account.accountId, t.trackerId))?.budget).toBe(9_000_000_000);

    // Deleted after the caller's read: nothing is written back.
    await deleteTracker(account.accountId, t.trackerId);
    expect(
      await recomputeTrackerData(account.accountId, t.trackerId, new Date(), { current: read }),
    ).toBeUndefined();
    expect(await findTracker(account.accountId, t.trackerId)).toBeUndefined();
  });
});
